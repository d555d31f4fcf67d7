"""PyYAML's syntax errors as messages for people, placed where the mistake is: the table
_SYNTAX, a row an error (what it matches, its message and its place), the first that matches."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import yaml

from scorecheck.core.violations import Phrase, quoted
from scorecheck.load.errors import InputError

_REPR = r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"


def _token(problem: str) -> str:
    """The token a PyYAML problem names, as it shows it: "'-'" from "... but found '-'"."""
    match = re.search(f"found character {_REPR}", problem) or re.search(f"{_REPR}$", problem)
    return match.group(1) if match else ""


_GLUED_COLON = re.compile(r"([^\s:#'\"]+):([^\s:][^\n]*?)\s*(?:\n|$)")
_SPACED_KEY = re.compile(
    r"([A-Za-z_][\w-]*)[ \t]+([^\s:#'\"][^\n:#]*?)[ \t]*(?:\n|$)"
)  # 'score 12'


class _Seen:
    """What PyYAML says of a syntax error, as the rows of _SYNTAX read it (a plain class: a
    NamedTuple class would be built at every start that reads YAML)."""

    __slots__ = ("at", "context", "opened", "problem", "text", "token")

    def __init__(
        self, exc: yaml.MarkedYAMLError, context: str, opened: yaml.Mark | None, text: str
    ) -> None:
        self.problem = exc.problem or ""
        self.context = context
        self.token = _token(self.problem)  # the token it names, as PyYAML shows it: "'-'"
        self.at: yaml.Mark | None = exc.problem_mark  # where PyYAML stopped
        self.opened = opened  # where what it was reading began
        self.text = text


Answer = Callable[[_Seen], tuple[Phrase, yaml.Mark | None]]


def _here(phrase: Phrase) -> Answer:
    """The phrase, where PyYAML stopped."""
    return lambda seen: (phrase, seen.at)


def _where_it_opened(phrase: Phrase) -> Answer:
    """The phrase, where the quote, alias or block began (else where PyYAML stopped)."""
    return lambda seen: (phrase, seen.opened or seen.at)


def _no_colon(seen: _Seen) -> tuple[Phrase, yaml.Mark | None]:
    """A key without its ':', or 'score:10', one word to YAML: the space after ':' is missing."""
    opened = seen.opened
    assert opened is not None  # the row asks for it
    glued = _GLUED_COLON.match(seen.text, opened.index)
    spaced = _SPACED_KEY.match(seen.text, opened.index) if glued is None else None
    written = glued or spaced
    if written is None:
        return Phrase("this key has no ':' after it: write 'key: value'", domain="input"), opened
    key, value = written.group(1), written.group(2)
    args = {"key": quoted(key), "fixed": quoted(f"{key}: {value}")}
    if glued is None:
        return Phrase("{key} has no ':' after it: write {fixed}", args, domain="input"), opened
    return (
        Phrase("the ':' after {key} needs a space after it: write {fixed}", args, domain="input"),
        yaml.Mark("", glued.end(1), opened.line, opened.column + len(key), None, 0),
    )


_KEY_LINE = re.compile(r"( *)((?:- +)*)[^\s#-]")  # a line's indentation, its '- ', its text


def _over_indented(seen: _Seen) -> bool:
    """A ':' after a key indented further than the key on the line above: PyYAML read the key
    as more of the value above, then found the ':'."""
    at = seen.at
    if at is None:
        return False
    start = seen.text.rfind("\n", 0, at.index) + 1
    before = seen.text[start : at.index]
    if not before.strip() or before.lstrip().startswith("-") or ": " in before:
        return False
    above = [
        line
        for line in seen.text[: max(start - 1, 0)].split("\n")
        if line.strip() and not line.lstrip().startswith("#")
    ]
    key = _KEY_LINE.match(above[-1]) if above else None
    return key is not None and len(before) - len(before.lstrip(" ")) > key.end() - 1


def _indented_key(seen: _Seen) -> tuple[Phrase, yaml.Mark | None]:
    """The key indented too far, pointed at where it starts."""
    at = seen.at
    assert at is not None  # _over_indented asks for it
    start = seen.text.rfind("\n", 0, at.index) + 1
    indent = len(seen.text[start : at.index]) - len(seen.text[start : at.index].lstrip(" "))
    phrase = Phrase(
        "this line is indented more than the key above it: the keys of one mapping start "
        "in the same column",
        domain="input",
    )
    return phrase, yaml.Mark("", start + indent, at.line, indent, None, 0)


def _unclosed_flow(seen: _Seen) -> tuple[Phrase, yaml.Mark | None]:
    """A '[' or '{' never closed, or something other than ',' or its closing bracket in it."""
    opened = seen.opened
    assert opened is not None  # the row asks for it
    bracket = "[" if "sequence" in seen.context else "{"
    close = "]" if bracket == "[" else "}"
    below = seen.at is not None and seen.at.line > opened.line and seen.token == "':'"
    if seen.token.startswith("'<") or below:  # the end, a token, or the next line's key
        return (
            Phrase(
                "the '{bracket}' on line {line} is never closed: add '{close}' at the end of "
                "that line",
                {"bracket": bracket, "close": close, "line": opened.line + 1},
                domain="input",
            ),
            opened,
        )
    return (
        Phrase(
            "expected ',' or '{close}' in the '{bracket}' opened on line {line}, "
            "found {found}: put text with ',' or ': ' in quotes",
            {"close": close, "bracket": bracket, "line": opened.line + 1, "found": seen.token},
            domain="input",
        ),
        seen.at,
    )


# PyYAML's syntax errors in words for people: a row the errors it answers, and its message
# and place; the first row that matches.
_SYNTAX: tuple[tuple[Callable[[_Seen], bool], Answer], ...] = (
    (
        lambda seen: seen.token == "'\\t'",
        _here(
            Phrase(
                "a tab character: YAML indents and separates with spaces only; use spaces",
                domain="input",
            )
        ),
    ),
    (
        lambda seen: "cannot start any token" in seen.problem,
        lambda seen: (
            Phrase(
                "{found} cannot start a value in YAML: put the value in quotes",
                {"found": quoted(seen.token[1:-1])},
                domain="input",
            ),
            seen.at,
        ),
    ),
    (
        lambda seen: (
            seen.problem.startswith("mapping values are not allowed") and _over_indented(seen)
        ),
        _indented_key,
    ),
    (
        lambda seen: seen.problem.startswith("mapping values are not allowed"),
        _here(
            Phrase(
                "unexpected ':' here: put text that contains ': ' in quotes, "
                "or check the indentation of this line",
                domain="input",
            )
        ),
    ),
    (
        lambda seen: seen.problem.startswith("sequence entries are not allowed"),
        _here(
            Phrase(
                "a list item ('- ') cannot start here: put it on its own line under its key, "
                "or put the text in quotes",
                domain="input",
            )
        ),
    ),
    (
        lambda seen: seen.problem.startswith("mapping keys are not allowed"),
        _here(Phrase("'?' cannot start a value here: put the value in quotes", domain="input")),
    ),
    (
        lambda seen: "could not find expected ':'" in seen.problem and seen.opened is not None,
        _no_colon,
    ),
    (
        lambda seen: "unknown escape character" in seen.problem,
        lambda seen: (
            Phrase(
                "\\{escape} is not an escape in double-quoted text: "
                "write \\\\ for a backslash, or use single quotes",
                {"escape": seen.token.strip("'")},
                domain="input",
            ),
            seen.at,
        ),
    ),
    (
        lambda seen: "expected escape sequence" in seen.problem,
        _here(
            Phrase(
                "a broken escape in double-quoted text: \\x, \\u and \\U need hex digits; "
                "write \\\\ for a backslash, or use single quotes",
                domain="input",
            )
        ),
    ),
    (
        lambda seen: "quoted scalar" in seen.context and seen.opened is not None,
        _where_it_opened(
            Phrase("the quote opened here is never closed: add the closing quote", domain="input")
        ),
    ),
    (
        lambda seen: (
            "while scanning an alias" in seen.context or "while scanning an anchor" in seen.context
        ),
        _where_it_opened(
            Phrase(
                "'*' and '&' start aliases and anchors, which are not accepted: quote the value",
                domain="input",
            )
        ),
    ),
    (
        lambda seen: "block scalar" in seen.context,
        _where_it_opened(
            Phrase(
                "'|' and '>' start a block of text, not accepted here: quote the value",
                domain="input",
            )
        ),
    ),
    (
        lambda seen: seen.context.startswith("while parsing a flow") and seen.opened is not None,
        _unclosed_flow,
    ),
    (
        lambda seen: seen.problem.startswith(("expected <block end>", "expected the node content")),
        lambda seen: (_block_problem(seen.token), seen.at),
    ),
    (
        lambda seen: seen.problem.startswith("expected '<document start>'"),
        _here(
            Phrase(
                "the document ended above this line: check its indentation, and whether "
                "a line above lost its '#' (plain text alone is a whole document)",
                domain="input",
            )
        ),
    ),
)


# A Japanese input method's slips: a full-width colon after a key, a full-width space after
# a key's colon or in a line's indentation, where YAML wants ':' and ' '.
_FULL_WIDTH_COLON = re.compile(r"^[ \u3000]*(?:- )?([^\s:：#'\"\[\]{},]+)：", re.MULTILINE)
_FULL_WIDTH_SPACE = re.compile(r"^ *\u3000|^[ \u3000]*(?:- )?[^\s:#'\"]+:\u3000", re.MULTILINE)


def _full_width(text: str, at: yaml.Mark | None) -> tuple[Phrase, int] | None:
    """A full-width colon or space on the lines up to where PyYAML stopped, and where it is."""
    end = text.find("\n", at.index) if at is not None else -1
    upto = text if end < 0 else text[:end]
    colon = _FULL_WIDTH_COLON.search(upto)
    space = _FULL_WIDTH_SPACE.search(upto)
    if colon is not None and (space is None or colon.start() <= space.start()):
        phrase = Phrase(
            "a full-width '：' after {key}: write a half-width ':' and a space",
            {"key": quoted(colon.group(1))},
            domain="input",
        )
        return phrase, colon.end() - 1
    if space is not None:
        phrase = Phrase(
            "a full-width space (U+3000) on this line: YAML separates and indents with "
            "half-width spaces only",
            domain="input",
        )
        return phrase, space.end() - 1
    return None


def _mark(text: str, index: int) -> yaml.Mark:
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return yaml.Mark("", index, line, column, None, 0)


def yaml_syntax(exc: yaml.MarkedYAMLError, text: str, flows: list[Any]) -> InputError:
    """A PyYAML syntax error as a message for people, at the most useful place.

    flows holds the start marks of the brackets still open when the error came.
    """
    problem, context = exc.problem or "", exc.context or ""
    opened = exc.context_mark
    if context == "while parsing a flow node" and flows:
        # After a trailing ',' PyYAML loses the bracket: take the innermost one still open.
        opened = flows[-1]
        kind = "sequence" if text[opened.index] == "[" else "mapping"
        context = f"while parsing a flow {kind}"
    seen = _Seen(exc, context, opened, text)
    slip = _full_width(text, seen.at)
    if slip is not None:
        where = _mark(text, slip[1])
        return InputError(slip[0], where.line + 1, where.column + 1)
    answer = next((answer for matches, answer in _SYNTAX if matches(seen)), None)
    if answer is not None:
        message, at = answer(seen)
    else:
        at = seen.at
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
        "unexpected {found}: no bracket before it opened", {"found": quoted("]")}, domain="input"
    ),
    "'}'": Phrase(
        "unexpected {found}: no bracket before it opened", {"found": quoted("}")}, domain="input"
    ),
    "':'": Phrase(
        "a ':' with no key before it: write the key's name before the ':'", domain="input"
    ),
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


def _block_problem(token: str) -> Phrase:
    """Messages for 'expected <block end>' and 'expected the node content'."""
    if token in _BLOCK_PROBLEMS:
        return _BLOCK_PROBLEMS[token]
    return Phrase("expected a value here, found {found}", {"found": token}, domain="input")
