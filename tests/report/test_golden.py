"""Golden outputs: `explain`, SVG and HTML for every document in examples/, in every language
(tests/golden/LANG/EXAMPLE.FORMAT, beside check's text reports).

Regenerate after an intended change with:
    python -m pytest tests/report/test_golden.py --update-golden
and review the diff before committing it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from scorecheck.api import check_text
from scorecheck.core.results import Report
from scorecheck.i18n import LANGUAGES, using
from scorecheck.report.explain import format_explain
from scorecheck.report.html import format_html
from scorecheck.report.svg import format_svg
from scorecheck.report.text import format_text
from tests.support.examples import (
    CHECK_SUFFIX,
    EXAMPLES,
    GOLDEN,
    ROOT,
    example_files,
    example_reports,
    golden_path,
)

REGENERATE = "python -m pytest tests/report/test_golden.py --update-golden"

FORMATS: dict[str, Callable[[list[Report]], str]] = {
    "explain.txt": lambda reports: "\n\n".join(format_explain(r) for r in reports) + "\n",
    "svg": format_svg,
    "html": format_html,
}


def _golden(example: Path, suffix: str, language: str) -> Path:
    return golden_path(example, suffix, language)


def test_examples_exist() -> None:
    assert example_files(), f"no documents found in {EXAMPLES}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("example", example_files(), ids=lambda p: p.name)
def test_golden(example: Path, suffix: str, language: str, request: pytest.FixtureRequest) -> None:
    with using(language):
        actual = FORMATS[suffix](example_reports(example))
    golden = _golden(example, suffix, language)
    if request.config.getoption("--update-golden"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not golden.exists():
        pytest.fail(
            f"no golden file {golden.relative_to(ROOT)} for {example.name}; "
            f"create it with: {REGENERATE}"
        )
    expected = golden.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{example.name} renders differently from {golden.relative_to(ROOT)}; if the change is "
        f"intended, regenerate with: {REGENERATE}"
    )


def test_no_stale_golden_files() -> None:
    """Every golden file belongs to an example that still exists, in a language we speak, in
    a format a golden test writes (this one's and test_golden_check's)."""
    expected = {
        _golden(p, suffix, language)
        for p in example_files()
        for suffix in FORMATS
        for language in LANGUAGES
    }
    expected |= {
        golden_path(p, CHECK_SUFFIX, language) for p in example_files() for language in LANGUAGES
    }
    stale = [
        str(p.relative_to(GOLDEN)) for p in GOLDEN.rglob("*") if p.is_file() and p not in expected
    ]
    assert not stale, f"golden files without an example: {stale}; delete them"


README = ROOT / "README.md"
README_PICTURE = ROOT / "docs" / "disputed-round.svg"
README_EXAMPLE = EXAMPLES / "disputed-round.yaml"
EXPLAIN_DOC = ROOT / "docs" / "explain.md"  # README links to it: the whole explain transcript
BEGIN, END = "<!-- explain:begin -->\n", "<!-- explain:end -->"
CHECK_BEGIN, CHECK_END = "<!-- check:begin -->\n", "<!-- check:end -->"
EXAMPLE_BEGIN, EXAMPLE_END = "<!-- example:begin -->\n", "<!-- example:end -->"
MOST_BEGIN, MOST_END = "<!-- most:begin -->\n", "<!-- most:end -->"
MOST_EXAMPLE = EXAMPLES / "final.yaml"


def _generated_block(path: Path, begin: str, end: str, block: str, update: bool) -> None:
    """The text between two markers of a document is `block`, or becomes it when updating."""
    text = path.read_text(encoding="utf-8")
    start, stop = text.index(begin) + len(begin), text.index(end)
    if update:
        path.write_text(text[:start] + block + text[stop:], encoding="utf-8")
        return
    assert text[start:stop] == block, (
        f"the generated block of {path.relative_to(ROOT)} is out of date; regenerate with: "
        f"{REGENERATE}"
    )


def test_readme_shows_what_scorecheck_prints(request: pytest.FixtureRequest) -> None:
    """README's check transcript and picture, and the explain transcript README links to
    (docs/explain.md), are generated, never written by hand."""
    reports = example_reports(README_EXAMPLE)
    update = bool(request.config.getoption("--update-golden"))
    report = "".join(format_text(r) + "\n" for r in reports)
    check = f"```text\n$ scorecheck check examples/{README_EXAMPLE.name}\n{report}```\n"
    _generated_block(README, CHECK_BEGIN, CHECK_END, check, update)
    example = "```yaml\n" + README_EXAMPLE.read_text(encoding="utf-8") + "```\n"
    _generated_block(README, EXAMPLE_BEGIN, EXAMPLE_END, example, update)
    transcript = (
        f"```text\n$ scorecheck explain examples/{README_EXAMPLE.name}\n"
        + FORMATS["explain.txt"](reports)
        + "```\n"
    )
    _generated_block(EXPLAIN_DOC, BEGIN, END, transcript, update)
    picture = format_svg(reports)
    if update:
        README_PICTURE.write_text(picture, encoding="utf-8", newline="\n")
        return
    assert README_PICTURE.read_text(encoding="utf-8") == picture, (
        f"{README_PICTURE.relative_to(ROOT)} is out of date; regenerate with: {REGENERATE}"
    )


def test_readme_shows_the_score_no_wall_could_have_earned(request: pytest.FixtureRequest) -> None:
    """README's SC115 line (examples/final.yaml: Boris's 51 where his wall could have earned
    at most 24) is what `check` prints, generated like the transcript above."""
    text = "".join(format_text(r) for r in example_reports(MOST_EXAMPLE))
    lines = [line for line in text.splitlines() if " SC115 " in line]
    assert lines, "examples/final.yaml no longer shows SC115"
    block = "```text\n" + "\n".join(lines) + "\n```\n"
    _generated_block(
        README, MOST_BEGIN, MOST_END, block, bool(request.config.getoption("--update-golden"))
    )


def test_every_yaml_block_of_the_readme_checks_as_the_readme_says() -> None:
    """Each YAML block of README, checked as it stands, prints the check transcript that
    follows it, under the file name the transcript gives."""
    text = README.read_text(encoding="utf-8")
    blocks = list(re.finditer(r"```yaml\n(.*?)```", text, re.S))
    assert blocks
    for block in blocks:
        said = re.compile(r"```text\n\$ scorecheck check (\S+)\n(.*?)```", re.S)
        transcript = said.search(text, block.end())
        assert transcript is not None, f"no check transcript after {block.group(1)[:40]!r}"
        name, shown = transcript.groups()
        reports = check_text(name, block.group(1))
        assert "".join(format_text(r) + "\n" for r in reports) == shown
