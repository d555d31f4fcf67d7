"""docs/errors.md shows what scorecheck really prints: its transcripts are run again here."""

from __future__ import annotations

import re

from scorecheck.core.codes import CODES
from tests.support.transcripts import ROOT, render

DOC = ROOT / "docs" / "errors.md"


def test_every_transcript_in_errors_md_is_what_scorecheck_prints() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text.count("$ scorecheck check") >= 40
    assert render(text) == text, "run: python -m tests.support.transcripts docs/errors.md"


def test_the_bug_line_quoted_in_errors_md_is_the_sc004_template() -> None:
    line = CODES["SC004"].template.format(reason="<what failed>")
    assert f"FILE: error SC004 {line}" in DOC.read_text(encoding="utf-8")


def test_errors_md_shows_files_that_exist() -> None:
    names = re.findall(r"(?:tests/bad|examples)/[\w.-]+\.(?:yaml|json)", DOC.read_text())
    assert len(set(names)) >= 40
    assert all((ROOT / name).is_file() for name in names)


def test_the_limits_the_doc_gives_are_the_readers_limits() -> None:
    from scorecheck.load.limits import MAX_FILE_VALUES, MAX_VALUES

    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert f"a document of more than {MAX_VALUES:,} keys and values" in text
    assert f"holding more than {MAX_FILE_VALUES:,} in all" in text
