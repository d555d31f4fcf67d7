"""PyYAML's syntax errors as messages for people, placed where the mistake is."""

from __future__ import annotations

import re
from typing import Any

import yaml

from scorecheck.core.violations import Phrase
from scorecheck.load.errors import InputError

_REPR = r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"


def _found(problem: str) -> str:
    """The token a PyYAML problem names, as it shows it: "'-'" from "... but found '-'"."""
    match = re.search(f"found character {_REPR}", problem) or re.search(f"{_REPR}$", problem)
    return match.group(1) if match else ""


_GLUED_COLON = re.compile(r"([^\s:#'\"]+):([^\s:][^\n]*?)\s*(?:\n|$)")


def yaml_syntax(exc: yaml.MarkedYAMLError, text: str, flows: list[Any]) -> InputError:
    """A PyYAML syntax error as a message for people, at the most useful place.

    flows holds the start marks of the brackets still open when the error came.
    """
    problem, context = exc.problem or "", exc.context or ""
    at, opened = exc.problem_mark, exc.context_mark
    if context == "while parsing a flow node" and flows:
        # After a trailing ',' PyYAML loses the bracket: take the innermost one still open.
        opened = flows[-1]
        kind = "sequence" if text[opened.index] == "[" else "mapping"
        context = f"while parsing a flow {kind}"
    found = _found(problem)
    message: Phrase | None = None
    if found == "'\\t'":
        message = Phrase(
            "a tab character: YAML indents and separates with spaces only; use spaces",
            domain="input",
        )
    elif "cannot start any token" in problem:
        message = Phrase(
            "{found} cannot start a value in YAML: put the value in quotes",
            {"found": found},
            domain="input",
        )
    elif problem.startswith("mapping values are not allowed"):
        message = Phrase(
            "unexpected ':' here: put text that contains ': ' in quotes, "
            "or check the indentation of this line",
            domain="input",
        )
    elif problem.startswith("sequence entries are not allowed"):
        message = Phrase(
            "a list item ('- ') cannot start here: put it on its own line under its key, "
            "or put the text in quotes",
            domain="input",
        )
    elif problem.startswith("mapping keys are not allowed"):
        message = Phrase("'?' cannot start a value here: put the value in quotes", domain="input")
    elif "could not find expected ':'" in problem and opened is not None:
        at = opened
        message = Phrase("this key has no ':' after it: write 'key: value'", domain="input")
        glued = _GLUED_COLON.match(text, opened.index)
        if glued is not None:  # 'score:10' is one word to YAML: the space after ':' is missing
            key, value = glued.group(1), glued.group(2)
            at = yaml.Mark("", glued.end(1), opened.line, opened.column + len(key), None, 0)
            message = Phrase(
                "the ':' after {key} needs a space after it: write {fixed}",
                {"key": repr(key), "fixed": repr(f"{key}: {value}")},
                domain="input",
            )
    elif "unknown escape character" in problem:
        message = Phrase(
            "\\{escape} is not an escape in double-quoted text: "
            "write \\\\ for a backslash, or use single quotes",
            {"escape": found.strip("'")},
            domain="input",
        )
    elif "expected escape sequence" in problem:
        message = Phrase(
            "a broken escape in double-quoted text: \\x, \\u and \\U need hex digits; "
            "write \\\\ for a backslash, or use single quotes",
            domain="input",
        )
    elif "quoted scalar" in context and opened is not None:
        at = opened
        message = Phrase(
            "the quote opened here is never closed: add the closing quote", domain="input"
        )
    elif "while scanning an alias" in context or "while scanning an anchor" in context:
        message = Phrase(
            "'*' and '&' start aliases and anchors, which are not accepted: quote the value",
            domain="input",
        )
        at = opened or at
    elif "block scalar" in context:
        message = Phrase(
            "'|' and '>' start a block of text, not accepted here: quote the value",
            domain="input",
        )
        at = opened or at
    elif context.startswith("while parsing a flow") and opened is not None:
        bracket = "[" if "sequence" in context else "{"
        close = "]" if bracket == "[" else "}"
        if found == "'<stream end>'":
            at = opened
            message = Phrase(
                "the '{bracket}' opened here is never closed: add '{close}'",
                {"bracket": bracket, "close": close},
                domain="input",
            )
        else:
            message = Phrase(
                "expected ',' or '{close}' in the '{bracket}' opened on line {line}, "
                "found {found}: put text with ',' or ': ' in quotes",
                {"close": close, "bracket": bracket, "line": opened.line + 1, "found": found},
                domain="input",
            )
    elif problem.startswith("expected <block end>") or problem.startswith(
        "expected the node content"
    ):
        message = _block_problem(found)
    elif problem.startswith("expected '<document start>'"):
        message = Phrase(
            "the document ended above this line: check its indentation, and whether "
            "a line above lost its '#' (plain text alone is a whole document)",
            domain="input",
        )
    if message is None:
        message = (
            Phrase(
                "YAML syntax: {problem} ({context})",
                {"problem": problem, "context": context},
                domain="input",
            )
            if context
            else Phrase("YAML syntax: {problem}", {"problem": problem}, domain="input")
        )
    return InputError(message, at.line + 1 if at else None, at.column + 1 if at else None)


_OUT_OF_LINE = Phrase(
    "a list item ('- ') out of line: indent it under its key, like the items before it",
    domain="input",
)
_INDENTED_DIFFERENTLY = Phrase(
    "this line is indented differently from the lines above: the keys of one "
    "mapping start in the same column",
    domain="input",
)
# What PyYAML found where a block ended or a value was expected, and what it means: mostly
# indentation.
_BLOCK_PROBLEMS = {
    "']'": Phrase(
        "unexpected {found}: no bracket before it opened", {"found": "']'"}, domain="input"
    ),
    "'}'": Phrase(
        "unexpected {found}: no bracket before it opened", {"found": "'}'"}, domain="input"
    ),
    "':'": Phrase("a ':' with no key before it", domain="input"),
    "','": Phrase("',' cannot start a value: put the value in quotes", domain="input"),
    "'<scalar>'": Phrase(
        "unexpected text after a value: a quoted value ends at its closing quote "
        "(inside '…' write '' for a quote, or use double quotes)",
        domain="input",
    ),
    "'-'": _OUT_OF_LINE,
    "'<block sequence start>'": _OUT_OF_LINE,
    "'?'": _INDENTED_DIFFERENTLY,
    "'<block mapping start>'": _INDENTED_DIFFERENTLY,
    "'<document end>'": Phrase(
        "'...' ends the document where a value was expected", domain="input"
    ),
    "": Phrase("expected a value here, found something else", domain="input"),
}


def _block_problem(found: str) -> Phrase:
    """Messages for 'expected <block end>' and 'expected the node content'."""
    if found in _BLOCK_PROBLEMS:
        return _BLOCK_PROBLEMS[found]
    return Phrase("expected a value here, found {found}", {"found": found}, domain="input")
