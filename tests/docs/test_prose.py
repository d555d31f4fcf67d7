"""Comments and docstrings under scorecheck/ (its Python, and the page's scripts, style sheets
and HTML), and CONTRIBUTING.md, say why in the present: no measured figure (those live in
benchmarks/README.md) and no account of the past (that lives in git)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIGURE = re.compile(
    r"\d[\d,.]*\s?(?:µs|us|ms|ns)\b"  # a time
    r"|\d[\d,.]*\s?s of (?:CPU|system)"  # seconds of a processor
    r"|\d\s?%"  # a share of a run
    r"|\d[\d.]*\s?times\b"  # a ratio
    r"|\binstructions\b|\bcallgrind\b|\bpage faults\b",  # a count from a profiler
    re.IGNORECASE,
)
HISTORY = re.compile(
    r"\bissues?\s+\d+|\bold main\b|\bsessions?\b|\bas it always was\b|\bwas its\b"
    r"|\bother branches\b|\bused to\b|\bno longer\b|\bpreviously\b|\bformerly\b",
    re.IGNORECASE,
)


def prose(text: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment and docstring line of a module's source."""
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                for offset, line in enumerate(first.value.value.splitlines()):
                    yield first.lineno + offset, line


# A comment of a script, a style sheet or a page: `// …` (not the `//` of an address),
# `/* … */` and `<!-- … -->`.
WEB_COMMENT = re.compile(r"(?<![:/\\])//[^\n]*|/\*.*?\*/|<!--.*?-->", re.DOTALL)
WEB_SUFFIXES = (".js", ".css", ".html")


def web_prose(text: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every comment line of a script, style sheet or page."""
    for match in WEB_COMMENT.finditer(text):
        first = text.count("\n", 0, match.start()) + 1
        for offset, line in enumerate(match.group().splitlines()):
            yield first + offset, line


def offences(name: str, lines: Iterator[tuple[int, str]]) -> list[str]:
    """'name:line: kind: text' for each line that quotes a figure or tells history."""
    found = []
    for number, line in lines:
        for pattern, kind in ((FIGURE, "a measured figure"), (HISTORY, "history")):
            if match := pattern.search(line):
                found.append(f"{name}:{number}: {kind} ({match[0]!r}): {line.strip()}")
    return found


def module_offences(path: Path) -> list[str]:
    return offences(str(path.relative_to(ROOT)), prose(path.read_text(encoding="utf-8")))


def test_no_comment_or_docstring_under_scorecheck_quotes_a_figure_or_history() -> None:
    paths = sorted((ROOT / "scorecheck").rglob("*.py"))
    assert len(paths) > 40
    found = [offence for path in paths for offence in module_offences(path)]
    assert not found, "move figures to benchmarks/README.md, history to git:\n" + "\n".join(found)


def test_no_comment_in_the_pages_files_under_scorecheck_quotes_a_figure_or_history() -> None:
    paths = sorted(p for p in (ROOT / "scorecheck").rglob("*") if p.suffix in WEB_SUFFIXES)
    assert len(paths) > 10
    found = [
        offence
        for path in paths
        for offence in offences(
            str(path.relative_to(ROOT)), web_prose(path.read_text(encoding="utf-8"))
        )
    ]
    assert not found, "move figures to benchmarks/README.md, history to git:\n" + "\n".join(found)


def test_contributing_quotes_no_figure_or_history() -> None:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    found = offences("CONTRIBUTING.md", enumerate(text.splitlines(), 1))
    assert not found, "move figures to benchmarks/README.md, history to git:\n" + "\n".join(found)


def test_the_grep_finds_planted_ones(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        '"""A module.\n\nThis took 3.2 µs a wall in the eleventh session."""\n\n'
        "X = 1  # 17% of a line's instructions\n"
        "\n\ndef f() -> None:\n"
        '    """As it always was (issue 18)."""\n'
        "    y = '5 ms'  # a string is no comment\n",
        encoding="utf-8",
    )
    found = offences("planted.py", prose(planted.read_text(encoding="utf-8")))
    kinds = [(line.split(":")[1], line.split(": ")[1].split(" (")[0]) for line in found]
    assert kinds == [
        ("5", "a measured figure"),
        ("3", "a measured figure"),
        ("3", "history"),
        ("9", "history"),
    ], found
    script = (
        "const url = 'https://example.org/12 ms'; // a tap took 12 ms\n"
        "/* the layout of\n   issue 30 */ p { margin: 0 }\n<!-- as it always was -->\n"
    )
    assert [line.split(": ")[1] for line in offences("a.js", web_prose(script))] == [
        "a measured figure ('12 ms')",
        "history ('issue 30')",
        "history ('as it always was')",
    ]
    markdown = "Old main ran at 0.95 of its rate.\nThe lane reads text.\n"
    assert offences("C.md", enumerate(markdown.splitlines(), 1)) == [
        "C.md:1: history ('Old main'): Old main ran at 0.95 of its rate."
    ]
