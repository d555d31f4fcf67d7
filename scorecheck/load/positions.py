"""Where each node of a document stands in its text: line and column, counted from 1."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from scorecheck.core.violations import Path
from scorecheck.load.cells import cell_offset


def line_column(text: str, offset: int) -> tuple[int, int]:
    """Line and column (from 1) of a character offset in text."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1


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
