"""The library entry points: load documents, check them, get reports."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from scorecheck.core.check import check
from scorecheck.core.documents import Document
from scorecheck.core.results import Report
from scorecheck.core.violations import Phrase
from scorecheck.inputs import LineUnit, ProblemUnit, RangeUnit, Unit, expand, units
from scorecheck.load import DEFAULT_MAX_BYTES, failure, load_bytes, load_file, load_json_line


def check_files(
    paths: Iterable[str], max_bytes: int = DEFAULT_MAX_BYTES, debug: bool = False
) -> Iterator[Report]:
    """A report for every document in every file, in order; a bug becomes an SC004 report.

    Directories are searched for .yaml, .yml, .json and .jsonl files (hidden files and
    folders skipped); a .jsonl file gives a report per line.
    """
    for unit in units(paths, max_bytes):
        yield from unit_reports(unit, max_bytes, debug)


def unit_reports(unit: Unit, max_bytes: int, debug: bool = False) -> Iterator[Report]:
    """The reports of one unit; a bug in scorecheck becomes an SC004 report (raised with debug)."""
    if isinstance(unit, RangeUnit):
        for item in expand(unit, max_bytes):
            yield from unit_reports(item, max_bytes, debug)
        return
    if isinstance(unit, ProblemUnit):
        yield replace(failure(unit.path, unit.code, unit.reason, unit.line), line=unit.line)
        return
    if isinstance(unit, LineUnit):
        try:
            report = report_of(load_json_line(unit.path, unit.number, unit.data))
        except Exception as exc:
            if debug:
                raise
            report = failure(unit.path, "SC004", bug_reason(exc), unit.number)
        yield replace(report, line=unit.number)
        return
    try:
        for loaded in load_file(unit.path, max_bytes):
            yield report_of(loaded)
    except Exception as exc:
        if debug:
            raise
        yield failure(unit.path, "SC004", bug_reason(exc))


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
    return [report_of(item) for item in load_bytes(name, text)]


def report_of(loaded: Document | Report) -> Report:
    """Check a loaded document; a report (the input was unusable) is already the answer."""
    return loaded if isinstance(loaded, Report) else check(loaded)
