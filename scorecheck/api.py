"""The library entry points: load documents, check them, get reports."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from scorecheck.core.check import Report, check
from scorecheck.core.violations import Phrase
from scorecheck.load import DEFAULT_MAX_BYTES, failure, load_bytes, load_file


def check_files(
    paths: Iterable[str], max_bytes: int = DEFAULT_MAX_BYTES, debug: bool = False
) -> Iterator[Report]:
    """A report for every document in every file, in order; a bug becomes an SC004 report.

    A bug stops only the file it happens in: the other files are still checked.
    """
    for path in paths:
        try:
            for item in load_file(path, max_bytes):
                yield item if isinstance(item, Report) else check(item)
        except Exception as exc:
            if debug:
                raise
            yield failure(path, "SC004", bug_reason(exc))


def bug_reason(exc: BaseException) -> Phrase:
    """One line naming an unexpected exception (messages may span lines; reports must not).

    Python's own words for the exception stay as they are; only the frame is translated.
    """
    text = " ".join(str(exc).split())
    name = type(exc).__name__
    if not text:
        return Phrase("{error}", {"error": name}, domain="input")
    return Phrase("{error}: {detail}", {"error": name, "detail": text[:200]}, domain="input")


def check_text(name: str, text: str | bytes) -> list[Report]:
    """Reports for every document in some YAML or JSON text."""
    return [item if isinstance(item, Report) else check(item) for item in load_bytes(name, text)]
