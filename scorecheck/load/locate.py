"""Locating a path in JSON text that is known to be valid, without scanning all of it.

DocumentSource builds the positions of every node of a document the first time a message is
located. In an archive many documents have a finding or two, and that scan cost more than
checking them; JsonSource walks the text along the one path asked for, skipping the values
beside it with json's C scanner. It answers exactly what DocumentSource over json_positions
would (tests/load/test_locate.py compares the two on every path of many documents).
"""

from __future__ import annotations

import json
import re

from scorecheck.core.violations import Path
from scorecheck.load.cells import cell_offset
from scorecheck.load.jsonread import json_positions
from scorecheck.load.limits import MAX_DEPTH
from scorecheck.load.positions import DocumentSource

# json's own C scanners: (text, offset) -> (value, end offset)
_scan_value = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_scan_string = json.decoder.scanstring  # type: ignore[attr-defined]
_SPACE = re.compile(r"[ \t\n\r]*")
_WHITE_SPACE = frozenset({" ", "\t", "\n", "\r", ""})  # "": the end of the text
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class JsonSource:
    """A SourceMap over the text of one valid JSON document (line numbers from first_line).

    With claims (the seats, in order, of the boards of a round document that have a
    "claimed" key), a claim is found by a quick search (_claim) first: the caller vouches
    that the document's claims hold only whole numbers, nulls and lists of whole numbers, and
    that only boards have a "claimed" key (the plain-round path's documents).
    """

    __slots__ = ("_claims", "_deep", "_looked", "file", "first_line", "text")

    def __init__(
        self, file: str, text: str, first_line: int = 1, claims: list[int] | None = None
    ) -> None:
        self.file = file
        self.text = text
        self.first_line = first_line
        self._claims = claims
        self._looked = False  # at how deep the document nests
        self._deep: DocumentSource | None = None

    def __repr__(self) -> str:
        return f"JsonSource({self.file!r}, <{len(self.text)} characters>, {self.first_line})"

    def locate(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column of a node, of the k-th cell of a one-line string, or of an ancestor."""
        if self._claims is not None and len(path) in (4, 5) and path[2] == "claimed":
            at = self._claim(path, self._claims)
            if at is not None:
                return self._where(at)
        deep = self._deep_source()
        if deep is not None:
            return deep.locate(path)
        nodes, _ = self._walk(path)
        if len(nodes) == len(path) and path and isinstance(path[-1], int):
            parent = nodes[-1]
            if self.text.startswith('"', parent):  # a cell of a row like 'B . Y'
                value, _ = _scan_string(self.text, parent + 1)
                offset = cell_offset(value, path[-1])
                if offset is not None:
                    line, column = self._where(parent + 1)
                    return line, column + offset
        return self._where(nodes[-1])

    def locate_key(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column of the key that names path, falling back to the node itself."""
        deep = self._deep_source()
        if deep is not None:
            return deep.locate_key(path)
        nodes, key = self._walk(path)
        if key is not None and len(nodes) == len(path) + 1:
            return self._where(key)
        return self.locate(path)

    def _deep_source(self) -> DocumentSource | None:
        """For a document nested near MAX_DEPTH, the full scanner: it refuses one too deep
        (an InputError, as json_positions raises it) or locates as DocumentSource does."""
        if not self._looked:
            self._looked = True
            brackets = self.text.count("[") + self.text.count("{")
            if brackets >= MAX_DEPTH and _nesting(self.text) >= MAX_DEPTH:
                positions = json_positions(self.text).shifted(self.first_line - 1)
                self._deep = DocumentSource(self.file, lambda: positions)
        return self._deep

    def _walk(self, path: Path) -> tuple[list[int], int | None]:
        """Offsets of the nodes along path as far as it exists, and of the last key passed."""
        text = self.text
        at = _skip(text, 0)
        nodes = [at]
        key = None
        for step in path:
            opening = text[at : at + 1]
            if opening == "{" and isinstance(step, str):
                child = self._member(at, step)
            elif opening == "[" and isinstance(step, int) and step >= 0:
                child = self._item(at, step)
            else:
                child = None
            if child is None:
                break
            key, at = child
            nodes.append(at)
        return nodes, key

    def _member(self, at: int, name: str) -> tuple[int | None, int] | None:
        """The key offset and value offset of a mapping's member, or None."""
        text = self.text
        i = _skip(text, at + 1)
        while text.startswith('"', i):
            key, end = _scan_string(text, i + 1)
            value = _skip(text, _skip(text, end) + 1)  # past the ':'
            if key == name:
                return i, value
            i = _skip(text, _scan_value(text, value)[1])
            if not text.startswith(",", i):
                return None
            i = _skip(text, i + 1)
        return None

    def _item(self, at: int, index: int) -> tuple[int | None, int] | None:
        """The value offset of a sequence's index-th item, or None (no key names it)."""
        text = self.text
        i = _skip(text, at + 1)
        if text.startswith("]", i):
            return None
        for _ in range(index):
            i = _skip(text, _scan_value(text, i)[1])
            if not text.startswith(",", i):
                return None
            i = _skip(text, i + 1)
        return None, i

    def _claim(self, path: Path, seats: list[int]) -> int | None:
        """The offset of a claim found by searching the text: without a backslash no string
        holds a quote, so the k-th '"claimed":' is the key of the k-th board that has one,
        its object ends at the first '}', and each claim's key is written once in it."""
        text = self.text
        seat, key = path[1], path[3]
        if type(seat) is not int or key not in _CLAIM_KEY_TEXT or seat not in seats:
            return None
        if "\\" in text or "\n" in text:
            return None
        at = -1
        claimed = None
        for _ in range(seats.index(seat) + 1):  # the seat's '"claimed":'
            claimed = None
            while claimed is None:  # a '"claimed"' without ':' after it is a value (a name)
                at = text.find(_CLAIMED_KEY, at + 1)
                if at < 0:
                    return None
                claimed = _SPACED_COLON.match(text, at + len(_CLAIMED_KEY))
        if claimed is None:
            return None
        start = claimed.end()
        claim = _CLAIM_KEY_TEXT[str(key)].search(text, start, text.index("}", start))
        if claim is None:
            return None
        at = claim.end()  # the claim's value
        if len(path) == 5 and type(path[4]) is int:  # one of the claimed points
            at = _after_spaces(text, at + 1)  # past the '['
            for _ in range(path[4]):
                at = _after_spaces(text, text.index(",", at) + 1)
        return at

    def _where(self, offset: int) -> tuple[int, int]:
        line_start = self.text.rfind("\n", 0, offset) + 1
        line = self.text.count("\n", 0, offset) + self.first_line
        return line, offset - line_start + 1


_CLAIMED_KEY = '"claimed"'
_SPACED_COLON = re.compile(r"[ \t]*:[ \t]*")
_CLAIM_KEY_TEXT = {
    key: re.compile(f'"{key}"[ \t]*:[ \t]*') for key in ("points", "penalty", "score")
}


def _after_spaces(text: str, at: int) -> int:
    while text[at] in " \t":
        at += 1
    return at


def _skip(text: str, i: int) -> int:
    """The offset of the next character that is not JSON white space."""
    if text[i : i + 1] not in _WHITE_SPACE:  # compact JSON: no space to skip, most often
        return i
    match = _SPACE.match(text, i)  # '*' always matches, if only the empty string
    return match.end() if match else i


def _nesting(text: str) -> int:
    """How deep brackets nest in JSON text, strings left out."""
    depth = deepest = 0
    for char in _BRACKET.findall(_STRING.sub("", text)):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest
