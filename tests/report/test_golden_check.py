"""Golden `check` text of every example, in English, Russian and Japanese.

Regenerate after an intended change with:
    python -m pytest tests/report/test_golden_check.py --update-golden
and read the diff (in all three languages) before committing it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorecheck.i18n import LANGUAGES, using
from scorecheck.report.text import format_text
from tests.support.examples import (
    CHECK_SUFFIX,
    GOLDEN,
    ROOT,
    example_files,
    example_reports,
    golden_path,
)

REGENERATE = "python -m pytest tests/report/test_golden_check.py --update-golden"


def check_text(example: Path, language: str) -> str:
    """What `scorecheck check --detail --lang LANGUAGE` prints for an example."""
    with using(language):
        return "".join(format_text(r, detail=True) + "\n" for r in example_reports(example))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("example", example_files(), ids=lambda p: p.name)
def test_golden_check_text(example: Path, language: str, request: pytest.FixtureRequest) -> None:
    actual = check_text(example, language)
    golden = golden_path(example, CHECK_SUFFIX, language)
    if request.config.getoption("--update-golden"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not golden.exists():
        pytest.fail(f"no golden file {golden.relative_to(ROOT)}; create it with: {REGENERATE}")
    assert actual == golden.read_text(encoding="utf-8"), (
        f"`check --lang {language}` of {example.name} differs from "
        f"{golden.relative_to(ROOT)}; if the change is intended, regenerate with: {REGENERATE}"
    )


def test_no_stale_golden_check_files() -> None:
    """Every golden check file belongs to an example and a language that still exist."""
    expected = {golden_path(p, CHECK_SUFFIX, lang) for lang in LANGUAGES for p in example_files()}
    found = set(GOLDEN.rglob(f"*.{CHECK_SUFFIX}"))
    assert not found - expected, f"golden files without an example: {found - expected}"
