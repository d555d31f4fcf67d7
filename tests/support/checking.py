"""Checking a document given as text, and reading what a report found."""

from __future__ import annotations

from scorecheck.api import check_text
from scorecheck.core.results import Report


def check_yaml(text: str, name: str = "t.yaml") -> Report:
    """Check a single YAML document given as text."""
    [report] = check_text(name, text)
    return report


def codes(report: Report) -> list[str]:
    """The violation codes of a report, in order."""
    return [v.code for v in report.violations]
