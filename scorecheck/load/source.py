"""Reading YAML and JSON text into plain data, safely, remembering where every node stands.

YAML is composed node by node with our own resolver: anchors, aliases and tags are refused,
duplicate keys are errors, only true/false are booleans, and mapping keys are always text.
libyaml composes when it is installed (several times faster); when it finds an error the
pure-Python parser reads the text again, so messages do not depend on what is installed.
JSON is read with the standard json parser (fast); a second, position-keeping JSON scanner runs
only when a message has to be located. Parser messages are rewritten for people.
"""

from __future__ import annotations

import codecs
import json
import math
import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, CollectionStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from scorecheck.core.violations import Path, Phrase
from scorecheck.load.cells import cell_offset

MAX_DEPTH = 32  # documents are a few levels deep; anything deeper is refused
# A long game of 4 players holds a few thousand keys and values; far more means a file
# that is not a score sheet, and reading it would take long. Keys count as values.
MAX_VALUES = 20_000
MAX_FILE_VALUES = 50_000  # for files of many documents: keeps the worst 1 MiB file to seconds
TOO_MANY_VALUES = Phrase(
    "the document holds more than {limit:,} keys and values, far more than a game needs",
    {"limit": MAX_VALUES},
    domain="input",
)
MAX_DIGITS = 30  # no number in a document needs more; longer ones are typos (or attacks)
DEFAULT_MAX_BYTES = 1024 * 1024
NO_DOCUMENT = Phrase(
    "a document is a mapping that starts with 'kind: round', 'kind: final' or 'kind: game'",
    domain="input",
)


class InputError(Exception):
    """Text that cannot be read as a document; line and column count from 1.

    The message is a Phrase, so that it is translated where it is shown.
    """

    def __init__(
        self,
        message: Phrase,
        line: int | None = None,
        column: int | None = None,
        code: str = "SC002",
    ) -> None:
        super().__init__(str(message))
        self.message = message
        self.line = line
        self.column = column
        self.code = code


def _where(text: str, offset: int) -> tuple[int, int]:
    """Line and column (from 1) of a character offset in text."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


# --- Positions -----------------------------------------------------------------------------------


@dataclass
class Positions:
    """Where each node (and each mapping key) of one document stands in the text."""

    nodes: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    # Single-line string scalars: the column where their text starts, and the text.
    texts: dict[Path, tuple[int, int, str]] = field(default_factory=dict)

    def shifted(self, lines: int) -> Positions:
        """The same positions, `lines` further down (a document on a line of JSON Lines)."""
        return Positions(
            {path: (line + lines, column) for path, (line, column) in self.nodes.items()},
            {path: (line + lines, column) for path, (line, column) in self.keys.items()},
            {
                path: (line + lines, column, text)
                for path, (line, column, text) in self.texts.items()
            },
        )


@dataclass
class DocumentSource:
    """A SourceMap for one document: positions are computed on first use (see `build`)."""

    file: str
    build: Callable[[], Positions]
    _positions: Positions | None = None

    @property
    def positions(self) -> Positions:
        """The positions, built on first use."""
        if self._positions is None:
            self._positions = self.build()
        return self._positions

    def locate(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column of a node, of the k-th cell of a one-line string, or of an ancestor."""
        pos = self.positions
        if path in pos.nodes:
            return pos.nodes[path]
        parent = path[:-1]
        if path and isinstance(path[-1], int) and parent in pos.texts:
            line, column, text = pos.texts[parent]
            offset = cell_offset(text, path[-1])
            if offset is not None:
                return line, column + offset
        while path:
            path = path[:-1]
            if path in pos.nodes:
                return pos.nodes[path]
        return None, None

    def locate_key(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column of the key that names path, falling back to the node itself."""
        if path in self.positions.keys:
            return self.positions.keys[path]
        return self.locate(path)


# --- Numbers (shared by YAML and JSON) ----------------------------------------------------------


def shortened(start: str, length: int) -> Phrase:
    """The start of a long text and its length in characters: "'abc'… (45 characters)"."""
    return Phrase(
        "{start}… ({count} character)",
        {"start": start},
        domain="input",
        many="{start}… ({count} characters)",
        count=length,
    )


def _number_problem(text: str, value: float) -> Phrase | None:
    """Why a number as written cannot be used (NaN, or too large to be a score), or None."""
    if math.isnan(value):
        return Phrase(
            "NaN is not a number scorecheck can use: write a whole number", domain="input"
        )
    if math.isinf(value):
        shown = text if len(text) <= 20 else shortened(text[:12], len(text))
        return Phrase(
            "the number {number} is too large to use: write a whole number",
            {"number": shown},
            domain="input",
        )
    return None


def _duplicate_key(key: str, first_line: int) -> Phrase:
    """A key given twice in one mapping (YAML and JSON say it alike)."""
    return Phrase(
        "the key '{key}' appears twice (first on line {line}): keep one",
        {"key": key, "line": first_line},
        domain="input",
    )


def _too_deep() -> Phrase:
    """Nesting beyond MAX_DEPTH (YAML and JSON say it alike)."""
    return Phrase(
        "nesting deeper than {count} level is not accepted",
        domain="input",
        many="nesting deeper than {count} levels is not accepted",
        count=MAX_DEPTH,
    )


# --- YAML --------------------------------------------------------------------------------------

_STR, _INT, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL, _NULL = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"


class _Resolver(BaseResolver):
    """YAML 1.2 core-schema scalars: yes/no/on/off stay text; only true/false are booleans."""


_Resolver.add_implicit_resolver(
    _BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Resolver.add_implicit_resolver(_INT, re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Resolver.add_implicit_resolver(
    _FLOAT,
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
    ),
    list("-+.0123456789"),
)
_Resolver.add_implicit_resolver(_NULL, re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


class _Guard:
    """Composer hooks: refuse anchors, aliases and tags, and limit nesting and size."""

    depth = 0
    values = 0  # nodes composed in the current document
    total = 0  # and in the whole file
    flows: list[Any]  # start marks of the [ ] and { } being composed, innermost last

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[attr-defined]
        mark = event.start_mark
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None):
            raise InputError(
                Phrase(
                    "anchors and aliases (&name, *name) are not accepted: write each value out",
                    domain="input",
                ),
                mark.line + 1,
                mark.column + 1,
            )
        tag = getattr(event, "tag", None)
        if tag is not None:
            raise InputError(
                Phrase(
                    "the tag {tag} is not accepted: scorecheck reads plain values only "
                    "(remove the tag)",
                    {"tag": _short_tag(tag)},
                    domain="input",
                ),
                mark.line + 1,
                mark.column + 1,
            )
        self.values += 1
        self.total += 1
        if self.values > MAX_VALUES:
            raise InputError(TOO_MANY_VALUES, mark.line + 1, mark.column + 1, code="SC001")
        if self.total > MAX_FILE_VALUES:
            raise InputError(
                Phrase(
                    "the file holds more than {limit:,} keys and values: "
                    "split it into several files",
                    {"limit": MAX_FILE_VALUES},
                    domain="input",
                ),
                mark.line + 1,
                mark.column + 1,
                code="SC001",
            )
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InputError(_too_deep(), mark.line + 1, mark.column + 1)
        flow = isinstance(event, CollectionStartEvent) and event.flow_style
        if flow:
            self.flows.append(mark)
        node: Node | None = super().compose_node(parent, index)  # type: ignore[misc]
        # Not restored on errors: the composer is done then, and flows shows what was open.
        self.depth -= 1
        if flow:
            self.flows.pop()
        return node


class _PyComposer(_Guard, Reader, Scanner, Parser, Composer, _Resolver):
    """PyYAML's pure-Python composer with the guards; its error messages are the reference."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _Resolver.__init__(self)
        self.flows = []


_ComposerType = Callable[[str], Any]
_fast_composer: _ComposerType | None
try:
    from yaml._yaml import CParser

    class _CComposer(_Guard, Composer, _Resolver, CParser):
        """The same composer fed by libyaml's events."""

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            Composer.__init__(self)
            _Resolver.__init__(self)
            self.flows = []

    _fast_composer = _CComposer
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _fast_composer = None


def _scalar(node: ScalarNode) -> object:
    tag, value = node.tag, node.value
    if tag == _STR:
        return value
    if tag == _BOOL:
        return value.lower() == "true"
    if tag == _NULL:
        return None
    number: float
    if tag == _INT:
        number = int(value) if len(value.lstrip("+-")) <= MAX_DIGITS else math.inf
    elif value.lower().endswith(".nan"):
        number = math.nan
    elif value.lower().endswith(".inf"):
        number = -math.inf if value.startswith("-") else math.inf
    else:
        number = float(value)
    problem = _number_problem(value, number)
    if problem:
        mark = node.start_mark
        raise InputError(problem, mark.line + 1, mark.column + 1, code="SC003")
    return number


def _block_lines(node: ScalarNode, path: Path, pos: Positions, text: str) -> None:
    """Each line of a literal block (`wall: |`) as a one-line text of its own, so that a row
    of a wall written as a picture is located to the cell."""
    offset = text.find("\n", node.start_mark.index) + 1  # the block starts on the next line
    line = node.start_mark.line + 2
    for r, row in enumerate(node.value.split("\n")):
        end = text.find("\n", offset)
        written = text[offset : len(text) if end < 0 else end]
        column = written.find(row) if row else -1
        if column >= 0 and row.strip():
            pos.nodes[(*path, r)] = (line, column + 1)
            pos.texts[(*path, r)] = (line, column + 1, row)
        if end < 0:
            break
        offset, line = end + 1, line + 1


def _to_data(node: Node, path: Path, pos: Positions, text: str) -> object:
    mark = node.start_mark
    pos.nodes[path] = (mark.line + 1, mark.column + 1)
    if isinstance(node, ScalarNode):
        value = _scalar(node)
        if isinstance(value, str) and node.end_mark.line == mark.line:
            quoted = 1 if node.style in ("'", '"') else 0
            pos.texts[path] = (mark.line + 1, mark.column + 1 + quoted, value)
        elif isinstance(value, str) and node.style == "|":
            _block_lines(node, path, pos, text)
        return value
    if isinstance(node, SequenceNode):
        return [_to_data(item, (*path, i), pos, text) for i, item in enumerate(node.value)]
    assert isinstance(node, MappingNode)
    result: dict[str, object] = {}
    for key_node, value_node in node.value:
        kmark = key_node.start_mark
        if not isinstance(key_node, ScalarNode):
            raise InputError(
                Phrase("a key must be plain text, not a list or mapping", domain="input"),
                kmark.line + 1,
                kmark.column + 1,
            )
        key = str(key_node.value)
        if key in result:
            first = pos.keys[(*path, key)]
            raise InputError(_duplicate_key(key, first[0]), kmark.line + 1, kmark.column + 1)
        pos.keys[(*path, key)] = (kmark.line + 1, kmark.column + 1)
        result[key] = _to_data(value_node, (*path, key), pos, text)
    return result


def _documents(composer: Any, text: str) -> Iterator[tuple[object, Positions]]:
    """Each document the composer finds, as data; an empty one is None located at its start."""
    while composer.check_node():
        start = composer.peek_event().start_mark
        composer.values = 0
        node = composer.get_node()
        pos = Positions()
        if isinstance(node, ScalarNode) and node.tag == _NULL and node.value == "":
            pos.nodes[()] = (start.line + 1, start.column + 1)
            yield None, pos
        else:
            yield _to_data(node, (), pos, text), pos


def read_yaml(text: str) -> Iterator[tuple[object, Positions]]:
    """Each document of a YAML stream as plain data with its positions."""
    done = 0
    if _fast_composer is not None:
        try:
            for document in _documents(_fast_composer(text), text):
                yield document
                done += 1
            return
        except yaml.YAMLError:
            pass  # read again below, from the start: the pure-Python parser explains the error
    composer = _PyComposer(text)
    try:
        for index, document in enumerate(_documents(composer, text)):
            if index >= done:
                yield document
    except yaml.reader.ReaderError as exc:
        line, column = _where(text, exc.position)
        raise InputError(
            Phrase(
                "the character U+{code} cannot appear in YAML text",
                {"code": f"{exc.character:04X}"},
                domain="input",
            ),
            line,
            column,
        ) from None
    except yaml.MarkedYAMLError as exc:
        raise _yaml_syntax(exc, text, composer.flows) from None
    except yaml.YAMLError as exc:  # pragma: no cover - every PyYAML error above is marked
        raise InputError(
            Phrase("YAML syntax: {problem}", {"problem": str(exc)}, domain="input")
        ) from None


_REPR = r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"


def _found(problem: str) -> str:
    """The token a PyYAML problem names, as it shows it: "'-'" from "... but found '-'"."""
    match = re.search(f"found character {_REPR}", problem) or re.search(f"{_REPR}$", problem)
    return match.group(1) if match else ""


_GLUED_COLON = re.compile(r"([^\s:#'\"]+):([^\s:][^\n]*?)\s*(?:\n|$)")


def _yaml_syntax(exc: yaml.MarkedYAMLError, text: str, flows: list[Any]) -> InputError:
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


def _block_problem(found: str) -> Phrase:
    """Messages for 'expected <block end>' and 'expected the node content': indentation mostly."""
    if found in ("']'", "'}'"):
        return Phrase(
            "unexpected {found}: no bracket before it opened", {"found": found}, domain="input"
        )
    if found == "':'":
        return Phrase("a ':' with no key before it", domain="input")
    if found == "','":
        return Phrase("',' cannot start a value: put the value in quotes", domain="input")
    if found == "'<scalar>'":
        return Phrase(
            "unexpected text after a value: a quoted value ends at its closing quote "
            "(inside '…' write '' for a quote, or use double quotes)",
            domain="input",
        )
    if found in ("'-'", "'<block sequence start>'"):
        return Phrase(
            "a list item ('- ') out of line: indent it under its key, like the items before it",
            domain="input",
        )
    if found in ("'?'", "'<block mapping start>'"):
        return Phrase(
            "this line is indented differently from the lines above: the keys of one "
            "mapping start in the same column",
            domain="input",
        )
    if found == "'<document end>'":
        return Phrase("'...' ends the document where a value was expected", domain="input")
    if not found:
        return Phrase("expected a value here, found something else", domain="input")
    return Phrase("expected a value here, found {found}", {"found": found}, domain="input")


# --- JSON --------------------------------------------------------------------------------------


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
        raise InputError(message, *_where(text, offset)) from None
    except (ValueError, RecursionError):
        # Duplicate keys, NaN, huge numbers or deep nesting: the positional scanner says where.
        json_positions(text)
        raise InputError(  # pragma: no cover
            Phrase("not valid JSON", domain="input"), 1, 1
        ) from None


def _json_syntax(msg: str, text: str, pos: int) -> tuple[Phrase, int]:
    """json's terse message as advice for people, and the offset to show it at."""
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


def _json_advice(msg: str, rest: str) -> Phrase:
    """What to do about a json message, given the text from where it was raised."""
    if rest.startswith(("True", "False", "None")):
        return Phrase("JSON writes true, false and null in lower case", domain="input")
    if rest.startswith("'"):
        return Phrase(
            'JSON needs double quotes ("…") around keys and text, not single quotes',
            domain="input",
        )
    if rest.startswith(("//", "/*", "#")):
        return Phrase("JSON does not allow comments", domain="input")
    if msg.startswith("Expecting property name"):
        return Phrase('expected a key in double quotes, like "kind"', domain="input")
    if msg == "Expecting value":
        return Phrase(
            "expected a value: text in double quotes, a number, true, false, null, [ or {{",
            domain="input",
        )
    if msg == "Expecting ',' delimiter":
        return Phrase("expected ',' between two entries, or a closing bracket", domain="input")
    if msg == "Expecting ':' delimiter":
        return Phrase("expected ':' after the key", domain="input")
    if msg.startswith("Unterminated string"):
        return Phrase(
            'the text in quotes starting here is never closed: add the closing "', domain="input"
        )
    if msg.startswith("Invalid control character"):
        if rest.startswith("\n"):
            return Phrase(
                "a line break inside text in quotes: JSON text stays on one line", domain="input"
            )
        return Phrase("a control character inside text in quotes", domain="input")
    if msg.startswith("Invalid \\"):
        return Phrase("not an escape JSON knows: write \\\\ for a backslash", domain="input")
    if msg == "Extra data":
        return Phrase(
            "more text after the end of the document: a JSON file holds one document "
            "(use YAML and '---' for several)",
            domain="input",
        )
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
            raise self.fail(_too_deep(), i)
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
            problem = _number_problem(number, math.inf if big else 0)
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
                raise InputError(_duplicate_key(key, first[0]), *self.where(i))
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


# --- Bytes to text ---------------------------------------------------------------------

# C0 and C1 control characters other than tab and line feed (CR is folded away first),
# and the line and paragraph separators.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_UTF16_32 = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def decode(data: bytes, max_bytes: int = DEFAULT_MAX_BYTES, size: int | None = None) -> str:
    """UTF-8 text, BOM dropped and line ends folded to LF; anything else raises InputError.

    size is the file's whole size when known (data may hold only its first max_bytes + 1).
    """
    if len(data) > max_bytes or (size or 0) > max_bytes:
        limit = byte_size(max_bytes)
        if size and size > max_bytes:
            raise InputError(
                Phrase(
                    "the file is {size}, over the limit of {limit} (raise it with --max-bytes)",
                    {"size": byte_size(size), "limit": limit},
                    domain="input",
                ),
                code="SC001",
            )
        raise InputError(
            Phrase(
                "the file is over the limit of {limit} (raise it with --max-bytes)",
                {"limit": limit},
                domain="input",
            ),
            code="SC001",
        )
    if data.startswith(_UTF16_32):
        width = "32" if data.startswith(_UTF16_32[:2]) else "16"
        raise InputError(
            Phrase(
                "not UTF-8 text: the file is UTF-{width}; save it as UTF-8",
                {"width": width},
                domain="input",
            ),
            1,
            1,
            code="SC001",
        )
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_utf8(body, exc.start) from None
    return clean(text)


def byte_size(count: int) -> Phrase:
    """A size in bytes: '487 bytes'."""
    return Phrase("{count:,} byte", domain="input", many="{count:,} bytes", count=count)


def clean(text: str) -> str:
    """Text with line ends folded to LF; control characters raise a located InputError.

    YAML counts NEL, LS and PS as line breaks and JSON does not: refusing them keeps the
    line numbers of both in step with the user's editor.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    control = _CONTROL.search(text)
    if control:
        char = control.group()
        line, column = _where(text, control.start())
        code = f"{ord(char):04X}"
        if char == "\0":
            message = Phrase(
                "a NUL byte is not text: save the file as UTF-8 (is it UTF-16?)", domain="input"
            )
        elif char in "\u2028\u2029":
            message = Phrase(
                "U+{code} ({name}) is not accepted: use an ordinary line break",
                {"code": code, "name": unicodedata.name(char)},
                domain="input",
            )
        else:
            message = Phrase(
                "the control character U+{code} is not text: remove it",
                {"code": code},
                domain="input",
            )
        raise InputError(message, line, column, code="SC001")
    return text


def _not_utf8(body: bytes, start: int) -> InputError:
    """Where the first byte that is not UTF-8 stands, and what it might have meant."""
    before = body[:start].decode("utf-8")
    line, column = _where(before, len(before))
    byte = body[start]
    guess = bytes([byte]).decode("cp1252", errors="replace")
    hint = (
        Phrase(" (in Latin-1 / Windows-1252 it is {char})", {"char": repr(guess)}, domain="input")
        if guess != "\ufffd" and unicodedata.category(guess)[0] in "LS"
        else ""
    )
    return InputError(
        Phrase(
            "not UTF-8 text: the byte 0x{byte} cannot be read{hint}; save the file as UTF-8",
            {"byte": f"{byte:02X}", "hint": hint},
            domain="input",
        ),
        line,
        column,
        code="SC001",
    )


def looks_like_json(name: str, text: str) -> bool:
    """JSON by file extension; for other names, when the text starts with '{' or '['."""
    lower = name.lower()
    if lower.endswith(".json"):
        return True
    if lower.endswith((".yaml", ".yml")):
        return False
    return text.lstrip()[:1] in ("{", "[")
