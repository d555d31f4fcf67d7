"""Warnings about how a document is written, found in its plain data once the models have
accepted it: a floor whose '1' is read as the marker before a count (SC007), and names that
look the same but are written in different scripts (SC008). The fast path declines both
(fast.floor_entries, fast.unique_names), so only the models' road needs them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from scorecheck.core.violations import Path, Phrase, SourceMap, Violation, locate, quoted
from scorecheck.load.cells import CYRILLIC_LOOKALIKES, SEPARATORS, latin, split
from scorecheck.load.contract import lookalike_names, read_as_latin

_MARKER_THEN_COUNT = re.compile(r"1([2-9])")


def input_notes(value: object, source: SourceMap) -> tuple[Violation, ...]:
    """The SC007 and SC008 warnings of an accepted document's plain data."""
    if not isinstance(value, Mapping):
        return ()
    notes: list[Violation] = []
    for path, text in _floors(value):
        notes += _marker_counts(text, path, source)
    names = list(_names(value))
    for j, i in lookalike_names([name for _, name in names]):
        (_, name), (path, other) = names[j], names[i]
        notes.append(_lookalike(name, other, path, source))
    return tuple(notes)


def _floors(value: Mapping[str, Any]) -> Iterator[tuple[Path, str]]:
    """Each floor written as text, with its path."""
    if value.get("kind") == "game":
        for r, entries in enumerate(value.get("rounds") or ()):
            for name, entry in entries.items() if isinstance(entries, Mapping) else ():
                if isinstance(entry, Mapping) and isinstance(entry.get("floor"), str):
                    yield ("rounds", r, name, "floor"), entry["floor"]
    elif value.get("kind") == "round":
        for i, board in enumerate(value.get("players") or ()):
            if isinstance(board, Mapping) and isinstance(board.get("floor"), str):
                yield ("players", i, "floor"), board["floor"]


def _names(value: Mapping[str, Any]) -> Iterator[tuple[Path, str]]:
    """Each name given, with its path."""
    for i, player in enumerate(value.get("players") or ()):
        if isinstance(player, str):
            yield ("players", i), player
        elif isinstance(player, Mapping) and isinstance(player.get("name"), str):
            yield ("players", i, "name"), player["name"]


def _marker_counts(text: str, path: Path, source: SourceMap) -> Iterator[Violation]:
    """A '1' glued to a digit (`12R`, `12 R`): the marker, then a count (SC007)."""
    cells = split(text)
    for match in re.finditer(f"[^{SEPARATORS}]+", text):
        run = match.group()
        glued = _MARKER_THEN_COUNT.search(run)
        if glued is None:
            continue
        digits = re.match(r"\d+", run[glued.start() :])
        number = int(digits.group()) if digits else int(glued.group())
        at = match.start() + glued.start()
        index = next(k for k, (offset, _) in enumerate(cells) if offset == at)
        split_run = run[: glued.start() + 1] + " " + run[glued.start() + 1 :]
        args = {
            "text": quoted(run),
            "count": int(glued.group(1)),
            "number": number,
            "split": quoted(split_run),
        }
        yield Violation("SC007", args, locate(source, (*path, index)))


def _lookalike(name: str, other: str, path: Path, source: SourceMap) -> Violation:
    """Two names that read the same with look-alike letters read as Latin (SC008)."""
    odd = other if other != read_as_latin(other) else name
    letter = next(c for c in odd if latin(c) != c)
    args = {
        "name": quoted(name),
        "other": quoted(other),
        "odd": quoted(odd),
        "letter": letter,
        "unicode": f"U+{ord(letter):04X}",
        "kind": (
            Phrase("a Cyrillic letter")
            if letter in CYRILLIC_LOOKALIKES
            else Phrase("a full-width letter")
        ),
        "latin": latin(letter),
    }
    return Violation("SC008", args, locate(source, path))
