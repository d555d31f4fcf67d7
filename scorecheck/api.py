"""The library entry points: load documents, check them, get reports."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from scorecheck.core.check import Report, check
from scorecheck.load import DEFAULT_MAX_BYTES, failure, load_bytes, load_file


def check_files(
    paths: Iterable[str], max_bytes: int = DEFAULT_MAX_BYTES, debug: bool = False
) -> Iterator[Report]:
    """A report for every document in every file, in order; a bug becomes an SC004 report."""
    for path in paths:
        try:
            for item in load_file(path, max_bytes):
                yield item if isinstance(item, Report) else check(item)
        except Exception as exc:
            if debug:
                raise
            yield failure(path, "SC004", f"{type(exc).__name__}: {exc}")


def check_text(name: str, text: str | bytes) -> list[Report]:
    """Reports for every document in some YAML or JSON text."""
    return [item if isinstance(item, Report) else check(item) for item in load_bytes(name, text)]
