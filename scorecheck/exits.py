"""The exit codes of the command line, from the reports it printed."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorecheck.core.results import Report

EXIT_OK, EXIT_ERRORS, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3


def exit_code(report: Report) -> int:
    """3 for a scorecheck bug, 2 for unusable input, 1 for errors, else 0."""
    if any(v.code == "SC004" for v in report.violations):
        return EXIT_BUG
    if report.unusable:
        return EXIT_INPUT
    return EXIT_OK if report.ok else EXIT_ERRORS
