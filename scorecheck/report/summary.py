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
    """'Summary: 3 documents (1 not OK): 2 errors, 1 warning, 0 notes', then one line a code."""
    from scorecheck.report.text import severity_counts  # text only: JSON runs skip it

    severities = severity_counts(
        totals.severities[Severity.ERROR.value],
        totals.severities[Severity.WARNING.value],
        totals.severities[Severity.INFO.value],
    )
    out = [
        CHECK.say_n(
            "Summary: {count} document ({not_ok} not OK): {severities}",
            "Summary: {count} documents ({not_ok} not OK): {severities}",
            totals.documents,
            not_ok=totals.not_ok,
            severities=severities,
        )
    ]
    width = max((len(CODES[code].name) for code in totals.codes), default=0)
    for code in sorted(totals.codes):
        out.append(f"  {code}  {CODES[code].name:<{width}}  {totals.codes[code]}")
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
