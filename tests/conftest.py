"""Shared test helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorecheck.api import check_text
from scorecheck.core.results import Report

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def check_yaml(text: str, name: str = "t.yaml") -> Report:
    """Check a single YAML document given as text."""
    [report] = check_text(name, text)
    return report


def codes(report: Report) -> list[str]:
    """The violation codes of a report, in order."""
    return [v.code for v in report.violations]


@pytest.fixture
def examples_dir() -> Path:
    return EXAMPLES


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden files under tests/golden/ from the current output",
    )


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests expect English unless they ask otherwise, whatever the developer's locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
