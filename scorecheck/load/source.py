"""Reading YAML and JSON text into plain data, safely, remembering where every node stands.

YAML is composed node by node with our own resolver: anchors, aliases and tags are refused,
duplicate keys are errors, only true/false are booleans, and mapping keys are always text.
JSON is read with the standard json parser (fast); a second, position-keeping JSON scanner runs
only when a message has to be located.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner

from scorecheck.core.violations import Path

MAX_DEPTH = 32  # documents are a few levels deep; anything deeper is refused
DEFAULT_MAX_BYTES = 1024 * 1024


class InputError(Exception):
    """Text that cannot be read as a document; line and column count from 1."""

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        code: str = "SC002",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.code = code


# --- Positions -----------------------------------------------------------------------------------


@dataclass
class Positions:
    """Where each node (and each mapping key) of one document stands in the text."""

    nodes: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)
    # Single-line string scalars: the column where their text starts, and the text.
    texts: dict[Path, tuple[int, int, str]] = field(default_factory=dict)


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
            offset = _cell_offset(text, path[-1])
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


def _cell_offset(text: str, index: int) -> int | None:
    """Offset of the index-th cell in a row like 'B . Y' (spaces and '/' separate cells)."""
    seen = -1
    for offset, char in enumerate(text):
        if char in " /\t":
            continue
        seen += 1
        if seen == index:
            return offset
    return None


# --- YAML --------------------------------------------------------------------------------------

_STR, _INT, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL, _NULL = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"
_SEQ, _MAP = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"


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


class _Composer(Reader, Scanner, Parser, Composer, _Resolver):
    """PyYAML's composer that refuses anchors and aliases and limits nesting."""

    def __init__(self, text: str) -> None:
        Reader.__init__(self, text)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        _Resolver.__init__(self)
        self.depth = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        mark = event.start_mark
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None):
            raise InputError(
                "anchors and aliases (&name, *name) are not accepted: write each value out",
                mark.line + 1,
                mark.column + 1,
            )
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise InputError(
                f"nesting deeper than {MAX_DEPTH} levels is not accepted",
                mark.line + 1,
                mark.column + 1,
            )
        try:
            node: Node | None = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        return node


def _scalar(node: ScalarNode) -> object:
    tag, value = node.tag, node.value
    if tag == _STR:
        return value
    if tag == _INT:
        return int(value)
    if tag == _FLOAT:
        return float(
            value.replace(".inf", "inf")
            .replace(".Inf", "inf")
            .replace(".INF", "inf")
            .replace(".nan", "nan")
            .replace(".NaN", "nan")
            .replace(".NAN", "nan")
        )
    if tag == _BOOL:
        return value.lower() == "true"
    if tag == _NULL:
        return None
    mark = node.start_mark
    raise InputError(
        f"the tag {tag} is not accepted here: write plain values", mark.line + 1, mark.column + 1
    )


def _to_data(node: Node, path: Path, pos: Positions) -> object:
    mark = node.start_mark
    pos.nodes[path] = (mark.line + 1, mark.column + 1)
    if isinstance(node, ScalarNode):
        if node.tag not in (_STR, _INT, _FLOAT, _BOOL, _NULL):
            return _scalar(node)
        value = _scalar(node)
        if isinstance(value, str) and node.end_mark.line == mark.line:
            quoted = 1 if node.style in ("'", '"') else 0
            pos.texts[path] = (mark.line + 1, mark.column + 1 + quoted, value)
        return value
    if isinstance(node, SequenceNode):
        if node.tag != _SEQ:
            raise InputError(
                f"the tag {node.tag} is not accepted here", mark.line + 1, mark.column + 1
            )
        return [_to_data(item, (*path, i), pos) for i, item in enumerate(node.value)]
    if isinstance(node, MappingNode):
        if node.tag != _MAP:
            raise InputError(
                f"the tag {node.tag} is not accepted here", mark.line + 1, mark.column + 1
            )
        result: dict[str, object] = {}
        for key_node, value_node in node.value:
            kmark = key_node.start_mark
            if not isinstance(key_node, ScalarNode):
                raise InputError(
                    "a key must be plain text, not a list or mapping",
                    kmark.line + 1,
                    kmark.column + 1,
                )
            key = str(key_node.value)
            if key in result:
                first = pos.keys[(*path, key)]
                raise InputError(
                    f"the key '{key}' appears twice (first on line {first[0]}): keep one",
                    kmark.line + 1,
                    kmark.column + 1,
                )
            pos.keys[(*path, key)] = (kmark.line + 1, kmark.column + 1)
            result[key] = _to_data(value_node, (*path, key), pos)
        return result
    raise InputError("unexpected YAML node", mark.line + 1, mark.column + 1)  # pragma: no cover


def read_yaml(text: str) -> Iterator[tuple[object, Positions]]:
    """Each document of a YAML stream as plain data with its positions."""
    composer = _Composer(text)
    try:
        while composer.check_node():
            node = composer.get_node()
            if node is None:  # pragma: no cover - check_node said there is one
                break
            pos = Positions()
            yield _to_data(node, (), pos), pos
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "not valid YAML"
        context = f" ({exc.context})" if exc.context else ""
        raise InputError(
            f"YAML syntax: {problem}{context}",
            mark.line + 1 if mark else None,
            mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(f"YAML syntax: {exc}") from None
    except RecursionError:
        raise InputError(f"nesting deeper than {MAX_DEPTH} levels is not accepted") from None


# --- JSON --------------------------------------------------------------------------------------


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON accepts")


def read_json(text: str) -> object:
    """One JSON document as plain data; errors carry the line and column (json's own parser)."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"JSON syntax: {exc.msg}", exc.lineno, exc.colno) from None
    except (ValueError, RecursionError):
        # Duplicate keys, NaN or deep nesting: the positional scanner says where.
        json_positions(text)
        raise InputError("not valid JSON") from None  # pragma: no cover


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_SPACE = re.compile(r"[ \t\r\n]*")


class _JsonScanner:
    """A small JSON reader that records where each value and key starts."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.pos = Positions()

    def where(self, offset: int) -> tuple[int, int]:
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    def fail(self, message: str, offset: int) -> InputError:
        return InputError(f"JSON syntax: {message}", *self.where(offset))

    def skip(self, i: int) -> int:
        match = _SPACE.match(self.text, i)
        return match.end() if match else i

    def value(self, i: int, path: Path, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise self.fail(f"nesting deeper than {MAX_DEPTH} levels is not accepted", i)
        i = self.skip(i)
        self.pos.nodes[path] = self.where(i)
        char = self.text[i : i + 1]
        if char == "{":
            return self.mapping(i + 1, path, depth)
        if char == "[":
            return self.sequence(i + 1, path, depth)
        if char == '"':
            value, end = json.decoder.scanstring(self.text, i + 1)  # type: ignore[attr-defined]
            if "\n" not in self.text[i:end]:
                line, column = self.where(i + 1)
                self.pos.texts[path] = (line, column, value)
            return int(end)
        for word in ("true", "false", "null"):
            if self.text.startswith(word, i):
                return i + len(word)
        match = _NUMBER.match(self.text, i)
        if match:
            return match.end()
        if re.match(r"-?(?:NaN|Infinity)", self.text[i : i + 9]):
            raise self.fail("NaN and Infinity are not numbers JSON accepts", i)
        raise self.fail("expected a value", i)

    def mapping(self, i: int, path: Path, depth: int) -> int:
        i = self.skip(i)
        if self.text.startswith("}", i):
            return i + 1
        seen: set[str] = set()
        while True:
            i = self.skip(i)
            if not self.text.startswith('"', i):
                raise self.fail("expected a key in double quotes", i)
            key, end = json.decoder.scanstring(self.text, i + 1)  # type: ignore[attr-defined]
            if key in seen:
                first = self.pos.keys[(*path, key)]
                raise InputError(
                    f"the key '{key}' appears twice (first on line {first[0]}): keep one",
                    *self.where(i),
                )
            seen.add(key)
            self.pos.keys[(*path, key)] = self.where(i)
            i = self.skip(end)
            if not self.text.startswith(":", i):
                raise self.fail("expected ':' after the key", i)
            i = self.skip(self.value(i + 1, (*path, key), depth + 1))
            if self.text.startswith(",", i):
                i += 1
                continue
            if self.text.startswith("}", i):
                return i + 1
            raise self.fail("expected ',' or '}'", i)

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
            raise self.fail("expected ',' or ']'", i)


def json_positions(text: str) -> Positions:
    """Positions of every value and key of a JSON document (raises InputError where it fails)."""
    scanner = _JsonScanner(text)
    end = scanner.skip(scanner.value(0, (), 0))
    if end != len(text):
        raise scanner.fail("extra data after the document", end)
    return scanner.pos


# --- Bytes to text ---------------------------------------------------------------------


def decode(data: bytes, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """UTF-8 text, BOM dropped and CRLF folded; too large or not UTF-8 raises InputError."""
    if len(data) > max_bytes:
        raise InputError(
            f"the file is {len(data):,} bytes, over the limit of {max_bytes:,} "
            "(raise it with --max-bytes)",
            code="SC001",
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        raise InputError(
            f"not UTF-8 text (byte 0x{data[exc.start]:02x} cannot be read): save the file as UTF-8",
            line,
            column,
            code="SC001",
        ) from None
    return text.replace("\r\n", "\n")


def looks_like_json(name: str, text: str) -> bool:
    """JSON by file extension; for other names, when the text starts with '{' or '['."""
    lower = name.lower()
    if lower.endswith(".json"):
        return True
    if lower.endswith((".yaml", ".yml")):
        return False
    return text.lstrip()[:1] in ("{", "[")
