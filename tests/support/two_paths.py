"""The plain-round path and the general path side by side: each one's report of a JSON line, and
the assertion that they agree byte for byte."""

from __future__ import annotations

from typing import Any

from scorecheck.api import unit_reports
from scorecheck.i18n import violation_message
from scorecheck.inputs import LineUnit
from scorecheck.plainrounds import plain_round_report
from scorecheck.report.jsonfmt import format_json_bytes


def general(
    line: bytes, number: int = 3, name: str = "archive.jsonl"
) -> tuple[bytes, list[tuple[str, Any, Any]]]:
    """The general path's JSON report of a line, and its violations' codes and places."""
    unit = LineUnit(name, number, line)
    (report,) = unit_reports(unit, 1 << 20)
    where = [(v.code, v.location.line, v.location.column) for v in report.violations]
    return format_json_bytes(report, violation_message), where


def compare(line: bytes, number: int = 3) -> int | None:
    """Assert the plain-round path agrees with the general path; its violations' count, None if
    it stepped aside."""
    done = plain_round_report("archive.jsonl", number, line, debug=True)
    if done is None:
        return None
    text, violations = done
    expected, where = general(line, number)
    assert text == expected, line
    assert [(v.code, v.location.line, v.location.column) for v in violations] == where
    return len(violations)


def plain_path(line: bytes, number: int = 1) -> tuple[bytes, Any] | None:
    return plain_round_report("a.jsonl", number, line, debug=True)
