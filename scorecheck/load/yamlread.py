"""Reading YAML into plain data, safely, remembering where every node stands.

YAML is composed node by node with our own resolver: anchors, aliases and tags are refused,
duplicate keys are errors, only true/false are booleans, and mapping keys are always text.
libyaml composes when it is installed (several times faster); when it finds an error the
pure-Python parser reads the text again, so messages do not depend on what is installed
(yamlwords.py words them for people).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
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
from scorecheck.load.errors import InputError, duplicate_key
from scorecheck.load.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_FILE_VALUES,
    MAX_VALUES,
    TOO_MANY_VALUES,
    number_problem,
    too_deep,
)
from scorecheck.load.positions import Positions, line_column

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
            raise InputError(too_deep(), mark.line + 1, mark.column + 1)
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
    problem = number_problem(value, number)
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
            raise InputError(duplicate_key(key, first[0]), kmark.line + 1, kmark.column + 1)
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
        line, column = line_column(text, exc.position)
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
        # Only for a syntax error: a clean YAML check skips building its table of messages
        from scorecheck.load.yamlwords import yaml_syntax

        raise yaml_syntax(exc, text, composer.flows) from None
    except yaml.YAMLError as exc:  # pragma: no cover - every PyYAML error above is marked
        raise InputError(
            Phrase("YAML syntax: {problem}", {"problem": str(exc)}, domain="input")
        ) from None
