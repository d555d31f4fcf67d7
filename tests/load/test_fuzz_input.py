"""Damaged documents never crash scorecheck: hypothesis breaks the shipped examples (YAML and
the same documents as JSON) and every run must end with exit 0, 1 or 2, a report, and no
traceback; every input problem it reports must be located."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorecheck.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
YAML_DOCUMENTS = [p.read_text() for p in sorted(EXAMPLES.glob("*.yaml"))]
JSON_DOCUMENTS = [json.dumps(yaml.safe_load(text), indent=1) for text in YAML_DOCUMENTS]

# What people and other tools get wrong: YAML syntax, odd numbers, odd characters.
JUNK = [
    "",
    " ",
    "~",
    "null",
    "-1",
    "12.5",
    "1e400",
    ".nan",
    "NaN",
    "9" * 40,
    "yes",
    "No",
    "true",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    ": ",
    "- ",
    "-",
    "#",
    "&a",
    "*a",
    "!!python/object",
    "!!int",
    "|",
    ">",
    "'",
    '"',
    "%",
    "@",
    "`",
    "?",
    "---",
    "...",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "\\",
    "\x00",
    "\x1b",
    "\u00a0",
    "\u2028",
    "\ufeff",
    "“",
    "１２",
    "Jörg",
    "𝔸",
    "\u202e",
    '{"a": 1, "a": 2}',
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    "a: b: c",
]
INVALID_UTF8 = [b"\xff", b"\xf6", b"\xc3", b"\xed\xa0\x80", b"\xfe\xff"]


@st.composite
def damaged(draw: st.DrawFn, documents: list[str]) -> bytes:
    """One document with one to four kinds of damage done to it."""
    text = draw(st.sampled_from(documents))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        damage = draw(st.sampled_from(["truncate", "delete", "swap", "insert", "indent", "copy"]))
        if damage == "truncate":
            text = text[: draw(st.integers(0, len(text)))]
        elif damage == "delete" and lines:
            start = draw(st.integers(0, len(lines) - 1))
            del lines[start : start + draw(st.integers(1, 3))]
            text = "\n".join(lines)
        elif damage == "swap":
            values = [m.span() for m in re.finditer(r"[\w.\-]+|\"[^\"\n]*\"", text)]
            if values:
                begin, end = draw(st.sampled_from(values))
                text = text[:begin] + draw(st.sampled_from(JUNK)) + text[end:]
        elif damage == "insert":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(JUNK)) + text[at:]
        elif damage == "indent" and lines:
            row = draw(st.integers(0, len(lines) - 1))
            shift = draw(st.integers(-3, 3))
            lines[row] = " " * shift + lines[row] if shift > 0 else lines[row][-shift:]
            text = "\n".join(lines)
        elif damage == "copy" and lines:
            row = draw(st.integers(0, len(lines) - 1))
            lines.insert(draw(st.integers(0, len(lines))), lines[row])
            text = "\n".join(lines)
    data = text.encode("utf-8")
    if draw(st.integers(0, 9)) == 0:  # now and then, bytes that are not UTF-8
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from(INVALID_UTF8)) + data[at:]
    return data


RUNNER = CliRunner()
REPORT_END = re.compile(
    r"^(?:NOT OK|INPUT ERROR|OK): \d+ errors?, \d+ warnings?, \d+ notes?$", re.MULTILINE
)
INPUT_PROBLEM = re.compile(r"^(.*): error (SC0\d\d) ", re.MULTILINE)


def assert_clean_run(data: bytes, name: str) -> None:
    """exit 0, 1 or 2; a report for each document; input problems located; no traceback."""
    result = RUNNER.invoke(main, ["check", "--color", "never", "-"], input=data)
    output = result.output
    assert result.exit_code in (0, 1, 2), (data, output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), (data, output)
    assert "Traceback" not in output and "SC004" not in output, (data, output)
    assert REPORT_END.search(output), (data, output)
    problems = INPUT_PROBLEM.findall(output)
    assert (result.exit_code == 2) == bool(problems), (data, output)
    for where, _ in problems:
        assert re.fullmatch(rf"{re.escape(name)}:\d+:\d+", where), (data, output)


# 2,000 cases in all, about 10 s; a one-off run of 30,000 found nothing more.
@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(YAML_DOCUMENTS))
def test_damaged_yaml_never_crashes(data: bytes) -> None:
    assert_clean_run(data, "<stdin>")


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged(JSON_DOCUMENTS))
def test_damaged_json_never_crashes(data: bytes) -> None:
    assert_clean_run(data, "<stdin>")
