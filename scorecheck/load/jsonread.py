"""Reading JSON into plain data, and locating its nodes only when a message needs them.

JSON is read with the standard json parser (fast); a second, position-keeping scanner runs
only when a message has to be located. json's terse messages are rewritten for people.
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right

from scorecheck.core.violations import Path, Phrase
from scorecheck.load.errors import InputError, duplicate_key
from scorecheck.load.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_VALUES,
    TOO_MANY_VALUES,
    number_problem,
    too_deep,
)
from scorecheck.load.positions import Positions, line_column


class _Refused(ValueError):
    """Raised inside json.loads hooks; the positional scanner then says where and why."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _Refused
        result[key] = value
    return result


def _refuse(text: str) -> object:
    raise _Refused


def _checked_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused
    return int(text)


def _checked_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _Refused
    return value


def _count_values(data: object) -> int:
    """Values in a JSON document, keys included, as the YAML composer counts them."""
    count, todo = 0, [data]
    while todo:
        item = todo.pop()
        count += 1
        if isinstance(item, dict):
            count += len(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return count


def read_json(text: str) -> object:
    """One JSON document as plain data; errors carry the line and column."""
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_constant=_refuse,
            parse_int=_checked_int,
            parse_float=_checked_float,
        )
        if _count_values(data) > MAX_VALUES:
            raise _Refused
        return data
    except json.JSONDecodeError as exc:
        message, offset = _json_syntax(exc.msg, text, exc.pos)
        raise InputError(message, *line_column(text, offset)) from None
    except (ValueError, RecursionError):
        # Duplicate keys, NaN, huge numbers or deep nesting: the positional scanner says where.
        json_positions(text)
        raise InputError(  # pragma: no cover
            Phrase("not valid JSON", domain="input"), 1, 1
        ) from None


def _json_syntax(msg: str, text: str, pos: int) -> tuple[Phrase, int]:
    """json's terse message as advice for people, and the offset to show it at."""
    if msg.startswith("Illegal trailing comma"):  # Python 3.13 on: json stops at the comma
        pos = len(text) - len(text[pos + 1 :].lstrip(" \t\r\n"))
    rest = text[pos:]
    comma = len(text[:pos].rstrip()) - 1
    if not rest.strip():
        return (
            Phrase(
                "the document ends too early: the file is cut off, or a closing bracket is missing",
                domain="input",
            ),
            pos,
        )
    head = text[:pos]
    if msg == "Extra data" and "\n" not in head.strip() and "\n" in head and rest[:1] == "{":
        # A document on the first line and another on the next: JSON Lines, given as JSON.
        return (
            Phrase(
                "several JSON documents, one a line (JSON Lines): give the file the suffix "
                ".jsonl, or read standard input with --jsonl",
                domain="input",
            ),
            pos,
        )
    if text[comma : comma + 1] == "," and rest[:1] in "]}":
        return (
            Phrase(
                "a ',' before '{bracket}' is not allowed in JSON: remove it",
                {"bracket": rest[0]},
                domain="input",
            ),
            comma,
        )
    return _json_advice(msg, rest), pos


# What to do about a json message: the first row whose message starts json's, and whose
# starts (an empty one matches any) include how the text goes on from where json stopped.
# That text (True, a quote, a comment) says more than json's message: those rows come first.
# Plain tuples: a NamedTuple class would be built at every start that reads JSON.
_JSON_ADVICE: tuple[tuple[str, tuple[str, ...], Phrase], ...] = (
    (
        "",
        ("True", "False", "None"),
        Phrase("JSON writes true, false and null in lower case", domain="input"),
    ),
    (
        "",
        ("'",),
        Phrase(
            'JSON needs double quotes ("…") around keys and text, not single quotes',
            domain="input",
        ),
    ),
    ("", ("//", "/*", "#"), Phrase("JSON does not allow comments: remove them", domain="input")),
    (
        "Expecting property name",
        (),
        Phrase('expected a key in double quotes, like "kind"', domain="input"),
    ),
    (
        "Expecting value",
        (),
        Phrase(
            "expected a value: text in double quotes, a number, true, false, null, [ or {{",
            domain="input",
        ),
    ),
    (
        "Expecting ',' delimiter",
        (),
        Phrase("expected ',' between two entries, or a closing bracket", domain="input"),
    ),
    ("Expecting ':' delimiter", (), Phrase("expected ':' after the key", domain="input")),
    (
        "Unterminated string",
        (),
        Phrase(
            'the text in quotes starting here is never closed: add the closing "', domain="input"
        ),
    ),
    (
        "Invalid control character",
        ("\n",),
        Phrase("a line break inside text in quotes: JSON text stays on one line", domain="input"),
    ),
    (
        "Invalid control character",
        (),
        Phrase("a control character inside text in quotes", domain="input"),
    ),
    (
        "Invalid \\",
        (),
        Phrase("not an escape JSON knows: write \\\\ for a backslash", domain="input"),
    ),
    (
        "Extra data",
        (),
        Phrase(
            "more text after the end of the document: a JSON file holds one document "
            "(use YAML and '---' for several)",
            domain="input",
        ),
    ),
)


def _json_advice(msg: str, rest: str) -> Phrase:
    """What to do about a json message, given the text from where it was raised."""
    for starts, goes_on, phrase in _JSON_ADVICE:
        if msg.startswith(starts) and (not goes_on or rest.startswith(goes_on)):
            return phrase
    return Phrase(  # pragma: no cover - json has no other messages
        "JSON syntax: {problem}", {"problem": msg}, domain="input"
    )


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_SPACE = re.compile(r"[ \t\r\n]*")


class _JsonScanner:
    """A small JSON reader that records where each value and key starts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.pos = Positions()
        self.values = 0

    def where(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    def fail(self, message: Phrase, offset: int, code: str = "SC002") -> InputError:
        return InputError(message, *self.where(offset), code=code)

    def syntax(self, msg: str, offset: int) -> InputError:
        """A JSON syntax error in the words of `_json_syntax`."""
        return self.fail(*_json_syntax(msg, self.text, offset))

    def skip(self, i: int) -> int:
        match = _SPACE.match(self.text, i)
        return match.end() if match else i

    def value(self, i: int, path: Path, depth: int) -> int:
        i = self.skip(i)
        self.values += 1
        if self.values > MAX_VALUES:
            raise self.fail(TOO_MANY_VALUES, i, code="SC001")
        if depth >= MAX_DEPTH:  # the root is at depth 0 here, at 1 in the YAML composer
            raise self.fail(too_deep(), i)
        self.pos.nodes[path] = self.where(i)
        char = self.text[i : i + 1]
        if char == "{":
            return self.mapping(i + 1, path, depth)
        if char == "[":
            return self.sequence(i + 1, path, depth)
        if char == '"':
            value, end = self.string(i)
            if "\n" not in self.text[i:end]:
                line, column = self.where(i + 1)
                self.pos.texts[path] = (line, column, value)
            return end
        for word in ("true", "false", "null"):
            if self.text.startswith(word, i):
                return i + len(word)
        match = _NUMBER.match(self.text, i)
        if match:
            number = match.group()
            big = len(number.lstrip("-")) > MAX_DIGITS or math.isinf(float(number))
            problem = number_problem(number, math.inf if big else 0)
            if problem:
                raise self.fail(problem, i, code="SC003")
            return match.end()
        if re.match(r"-?(?:NaN|Infinity)", self.text[i : i + 9]):
            raise self.fail(
                Phrase("NaN and Infinity are not numbers JSON accepts", domain="input"), i
            )
        raise self.syntax("Expecting value", i)

    def string(self, i: int) -> tuple[str, int]:
        try:
            value, end = json.decoder.scanstring(self.text, i + 1)  # type: ignore[attr-defined]
        except json.JSONDecodeError as exc:
            raise self.syntax(exc.msg, exc.pos) from None
        return value, int(end)

    def mapping(self, i: int, path: Path, depth: int) -> int:
        i = self.skip(i)
        if self.text.startswith("}", i):
            return i + 1
        seen: set[str] = set()
        while True:
            i = self.skip(i)
            if not self.text.startswith('"', i):
                raise self.syntax("Expecting property name", i)
            key, end = self.string(i)
            if key in seen:
                first = self.pos.keys[(*path, key)]
                raise InputError(duplicate_key(key, first[0]), *self.where(i))
            seen.add(key)
            self.values += 1
            self.pos.keys[(*path, key)] = self.where(i)
            i = self.skip(end)
            if not self.text.startswith(":", i):
                raise self.syntax("Expecting ':' delimiter", i)
            i = self.skip(self.value(i + 1, (*path, key), depth + 1))
            if self.text.startswith(",", i):
                i += 1
                continue
            if self.text.startswith("}", i):
                return i + 1
            raise self.syntax("Expecting ',' delimiter", i)

    def sequence(self, i: int, path: Path, depth: int) -> int:
        i = self.skip(i)
        if self.text.startswith("]", i):
            return i + 1
        index = 0
        while True:
            i = self.skip(self.value(i, (*path, index), depth + 1))
            index += 1
            if self.text.startswith(",", i):
                i += 1
                continue
            if self.text.startswith("]", i):
                return i + 1
            raise self.syntax("Expecting ',' delimiter", i)


def json_positions(text: str) -> Positions:
    """Positions of every value and key of a JSON document (raises InputError where it fails)."""
    scanner = _JsonScanner(text)
    end = scanner.skip(scanner.value(0, (), 0))
    if end != len(text):
        raise scanner.syntax("Extra data", end)
    return scanner.pos
