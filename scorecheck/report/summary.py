"""Totals over many reports (`check --summary`): documents, errors, warnings, counts by code."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from scorecheck.core.codes import CODES, Severity
from scorecheck.core.results import Report
from scorecheck.core.violations import Violation
from scorecheck.i18n import CHECK
from scorecheck.textwidth import display_width, pad


@dataclass
class Totals:
    """Running totals; add reports one by one, or merge totals counted elsewhere."""

    documents: int = 0
    not_ok: int = 0
    severities: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)

    def add(self, report: Report) -> None:
        """Count one report."""
        self.add_violations(report.violations)

    def add_violations(self, violations: Iterable[Violation]) -> bool:
        """Count one report by its violations; True when it is OK (none is an error)."""
        self.documents += 1
        ok = True
        for violation in violations:
            severity = violation.severity
            ok = ok and severity is not Severity.ERROR
            self.severities[severity.value] += 1
            self.codes[violation.code] += 1
        if not ok:
            self.not_ok += 1
        return ok

    def add_clean(self, count: int) -> None:
        """Count reports without a violation."""
        self.documents += count

    def merge(self, other: Totals) -> None:
        """Add totals counted elsewhere (another process)."""
        self.documents += other.documents
        self.not_ok += other.not_ok
        self.severities.update(other.severities)
        self.codes.update(other.codes)


def format_summary_text(totals: Totals) -> str:
    """'Summary: 3 documents (1 not OK): 2 errors, 1 warning, 0 notes', then under a heading
    one line a code: how often it was found and its summary (what it means)."""
    from scorecheck.report.text import severity_counts  # text only: JSON runs skip it

    severities = severity_counts(
        totals.severities[Severity.ERROR.value],
        totals.severities[Severity.WARNING.value],
        totals.severities[Severity.INFO.value],
    )
    if totals.not_ok:
        line = CHECK.say_n(
            "Summary: {count} document ({not_ok} not OK): {severities}",
            "Summary: {count} documents ({not_ok} not OK): {severities}",
            totals.documents,
            not_ok=totals.not_ok,
            severities=severities,
        )
    else:
        line = CHECK.say_n(
            "Summary: {count} document, none with errors: {severities}",
            "Summary: {count} documents, none with errors: {severities}",
            totals.documents,
            severities=severities,
        )
    out = [line]
    if totals.codes:  # a row a code: how often, and what it means (its name is JSON's)
        heading = (CHECK.word("code"), CHECK.word("times"), CHECK.word("what it means"))
        rows = [
            (code, str(totals.codes[code]), CHECK.word(CODES[code].summary))
            for code in sorted(totals.codes)
        ]
        widths = [max(display_width(r[k]) for r in (heading, *rows)) for k in range(2)]
        out.append(f"  {pad(heading[0], widths[0])}  {pad(heading[1], widths[1])}  {heading[2]}")
        for code, count, meaning in rows:
            number = " " * (widths[1] - len(count)) + count  # counts right-aligned
            out.append(f"  {pad(code, widths[0])}  {number}  {meaning}")
    return "\n".join(out)


def summary_dict(totals: Totals) -> dict[str, object]:
    """The totals as JSON-ready data."""
    return {
        "documents": totals.documents,
        "not_ok": totals.not_ok,
        "errors": totals.severities[Severity.ERROR.value],
        "warnings": totals.severities[Severity.WARNING.value],
        "infos": totals.severities[Severity.INFO.value],
        "codes": {code: totals.codes[code] for code in sorted(totals.codes)},
    }


def format_summary_json(totals: Totals) -> str:
    """One JSON line, {"schema": 1, "summary": {...}}, to end a JSON Lines stream of reports."""
    from scorecheck.report.jsonfmt import SCHEMA_VERSION  # JSON output only

    return json.dumps(
        {"schema": SCHEMA_VERSION, "summary": summary_dict(totals)}, separators=(",", ":")
    )
