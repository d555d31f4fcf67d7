"""Domain values: colours, the wall, pattern lines, the floor and a player's board (R1, R2)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

SIZE = 5  # R1.4: five pattern lines, a 5×5 wall
FLOOR_SLOTS = 7  # R1.4
FLOOR_SLOT_COSTS = (1, 1, 2, 2, 2, 3, 3)  # R6.1, left to right
ROW_BONUS, COLUMN_BONUS, COLOR_BONUS = 2, 7, 10  # R8.2
TILES_PER_COLOR = 20  # R1.1


class Color(enum.Enum):
    """A tile colour; the value is its letter (R1.1)."""

    BLUE = "B"
    YELLOW = "Y"
    RED = "R"
    BLACK = "K"
    WHITE = "W"

    # Members are singletons, so identity hashing is exact, and much faster than Enum's
    # Python-level hash of the name (colours are counted and deduplicated per board).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    @property
    def letter(self) -> str:
        """The one-letter name used in documents."""
        return self._value_  # Enum's value, without the cost of its descriptor

    @property
    def index(self) -> int:
        """Position in the order B Y R K W that the wall pattern is built from (R2)."""
        return _COLOR_INDEX[self]

    @classmethod
    def from_letter(cls, letter: str) -> Color:
        """The colour named by a letter, any case; ValueError otherwise."""
        return cls(letter.upper())


_COLOR_ORDER = tuple(Color)
_COLOR_INDEX = {color: i for i, color in enumerate(_COLOR_ORDER)}
COLORS: tuple[Color, ...] = _COLOR_ORDER


class Variant(enum.Enum):
    """Which side of the player board is used: printed colours (R2) or grey (R9)."""

    COLORED = "colored"
    GREY = "grey"

    def __repr__(self) -> str:
        return f"Variant.{self.name}"


class Marker(enum.Enum):
    """The first-player marker: it takes a floor slot but is not a tile (R1.3, R6.2)."""

    FIRST_PLAYER = "1"

    __hash__ = object.__hash__  # as Color's

    def __repr__(self) -> str:
        return f"Marker.{self.name}"


FloorItem = Color | Marker


def printed_color(row: int, column: int) -> Color:
    """The colour printed on the coloured wall at a 0-based cell (R2)."""
    return _COLOR_ORDER[(column - row) % SIZE]


def printed_column(row: int, color: Color) -> int:
    """The 0-based column of a colour in a row of the coloured wall (R2)."""
    return (_COLOR_INDEX[color] + row) % SIZE


def cell_name(row: int, column: int) -> str:
    """A 0-based cell as people say it: 'row 2, column 3'."""
    return f"row {row + 1}, column {column + 1}"


def cells_text(cells: Iterable[Color | None]) -> str:
    """Cells as letters, '.' for an empty one: 'B..Y.'."""
    return "".join("." if c is None else c.letter for c in cells)


# Completed rows and columns by bit masks (cell r, c is bit r * 5 + c): _FULL maps the bits
# left at the rows' first cells (0, 5, 10, 15, 20) to the rows' indices; a column's top-row
# bit c is moved to bit 5 * c to read the same table.
ROW_STARTS = sum(1 << (r * SIZE) for r in range(SIZE))
_TOP_ROW = (1 << SIZE) - 1
_FULL = {
    sum(1 << (r * SIZE) for r in rows): rows
    for n in range(1 << SIZE)
    for rows in [tuple(r for r in range(SIZE) if n >> r & 1)]
}
_AS_BITS = {indices: sum(1 << i for i in indices) for indices in _FULL.values()}
# Per row, each way of filling it (five bits), as cells on their printed colours (R2).
PRINTED_ROWS = tuple(
    tuple(
        tuple(printed_color(r, c) if bits >> c & 1 else None for c in range(SIZE))
        for bits in range(1 << SIZE)
    )
    for r in range(SIZE)
)
_TOP_ROW_TO_STARTS = [
    sum(1 << (c * SIZE) for c in range(SIZE) if n >> c & 1) for n in range(1 << SIZE)
]


def full_rows(mask: int) -> tuple[int, ...]:
    """0-based indices of the rows whose five cells are all set in a wall's bit mask."""
    m = mask  # a bit stays at a row's first cell where all five cells are filled
    return _FULL[m & m >> 1 & m >> 2 & m >> 3 & m >> 4 & ROW_STARTS]


# Per row and each way of filling it (five bits), a bit for each colour on its filled
# printed cells (R2; B Y R K W).
_ROW_COLOR_BITS = tuple(
    tuple(
        sum(1 << _COLOR_INDEX[printed_color(r, c)] for c in range(SIZE) if bits >> c & 1)
        for bits in range(1 << SIZE)
    )
    for r in range(SIZE)
)


def complete_bits(mask: int) -> int:
    """What a coloured wall's bonus depends on, from the bit mask of its tiles on their
    printed cells (R2, R8.2), in one int: a bit for each complete row (bits 0 to 4), column
    (5 to 9) and colour (10 to 14, B Y R K W)."""
    full = _AS_BITS[full_rows(mask)] | _AS_BITS[full_columns(mask)] << SIZE
    return full | _color_bits(mask) << 2 * SIZE


def _color_bits(m: int) -> int:
    """A bit for each colour (B Y R K W) whose five printed cells are filled: each row holds
    one printed cell of each colour (R2), so a colour is complete where every row has it."""
    first, second, third, fourth, fifth = _ROW_COLOR_BITS
    return (
        first[m & _TOP_ROW]
        & second[m >> SIZE & _TOP_ROW]
        & third[m >> 2 * SIZE & _TOP_ROW]
        & fourth[m >> 3 * SIZE & _TOP_ROW]
        & fifth[m >> 4 * SIZE & _TOP_ROW]
    )


def printed_full_colors(mask: int) -> tuple[Color, ...]:
    """The colours whose five printed cells are all set in a bit mask: on a coloured wall whose
    tiles stand on their printed cells, its complete colours (R2, R8.2; Wall.complete_colors
    counts them on any wall)."""
    bits = _color_bits(mask)
    return tuple([color for i, color in enumerate(_COLOR_ORDER) if bits >> i & 1])


def full_columns(mask: int) -> tuple[int, ...]:
    """0-based indices of the columns whose five cells are all set in a wall's bit mask."""
    m = mask  # a bit stays at a column's top cell where all five cells are filled
    return _FULL[_TOP_ROW_TO_STARTS[m & m >> 5 & m >> 10 & m >> 15 & m >> 20 & _TOP_ROW]]


@dataclass(frozen=True, slots=True)
class Wall:
    """The 5×5 wall, row by row; each cell is a colour or None (empty)."""

    cells: tuple[Color | None, ...]
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.cells) != SIZE * SIZE:
            raise ValueError(f"a wall has {SIZE * SIZE} cells, got {len(self.cells)}")
        mask = 0
        for i, cell in enumerate(self.cells):
            if cell is not None:
                mask |= 1 << i
        object.__setattr__(self, "mask", mask)

    @classmethod
    def empty(cls) -> Wall:
        """A wall with no tiles."""
        return cls((None,) * (SIZE * SIZE))

    @classmethod
    def parse(cls, text: str) -> Wall:
        """The wall of format()'s notation (repr, tests, teaching): 25 cells, '.' empty, a
        colour letter a tile, rows apart by ' / '. Input is read by the input edge."""
        cells = [c for c in text if c not in " /\n\t"]
        if len(cells) != SIZE * SIZE:
            raise ValueError(f"a wall has {SIZE * SIZE} cells, got {len(cells)}")
        return cls(tuple(None if c == "." else Color.from_letter(c) for c in cells))

    def format(self) -> str:
        """The wall as five rows of letters and dots separated by ' / ' (inverse of parse)."""
        return " / ".join(self.row_text(r) for r in range(SIZE))

    def row_text(self, row: int) -> str:
        """One row as five characters, '.' for an empty cell."""
        return cells_text(self.row(row))

    def __repr__(self) -> str:
        return f"Wall.parse({self.format()!r})"

    def at(self, row: int, column: int) -> Color | None:
        """The tile at a 0-based cell, or None."""
        return self.cells[row * SIZE + column]

    def row(self, row: int) -> tuple[Color | None, ...]:
        """The five cells of a row, left to right."""
        return self.cells[row * SIZE : row * SIZE + SIZE]

    def column(self, column: int) -> tuple[Color | None, ...]:
        """The five cells of a column, top to bottom."""
        return self.cells[column::SIZE]

    def with_tile(self, row: int, column: int, color: Color) -> Wall:
        """A new wall with one more tile; the cell must be empty."""
        index = row * SIZE + column
        if self.cells[index] is not None:
            raise ValueError(f"{cell_name(row, column)} is already taken")
        cells = list(self.cells)
        cells[index] = color
        # The new mask follows from ours: skip recounting 25 cells (replays make many walls).
        wall = object.__new__(Wall)
        object.__setattr__(wall, "cells", tuple(cells))
        object.__setattr__(wall, "mask", self.mask | 1 << index)
        return wall

    def tiles(self) -> Iterator[tuple[int, int, Color]]:
        """Every placed tile as (row, column, colour), row by row."""
        for i, cell in enumerate(self.cells):
            if cell is not None:
                yield i // SIZE, i % SIZE, cell

    def count(self, color: Color) -> int:
        """How many tiles of a colour stand on the wall."""
        return self.cells.count(color)

    def complete_rows(self) -> tuple[int, ...]:
        """0-based indices of full horizontal rows (R8.1, R8.2)."""
        return full_rows(self.mask)

    def complete_columns(self) -> tuple[int, ...]:
        """0-based indices of full vertical columns (R8.2)."""
        return full_columns(self.mask)

    def complete_colors(self) -> tuple[Color, ...]:
        """Colours with all five tiles on the wall, anywhere (R8.2, R9.3)."""
        cells = self.cells
        return tuple([c for c in COLORS if cells.count(c) >= SIZE])


@dataclass(frozen=True, slots=True)
class PatternLine:
    """One pattern line: its 0-based index (capacity index + 1) and the tiles on it (R1.4)."""

    index: int
    tiles: tuple[Color, ...] = ()
    # Derived once (read for every check): the distinct colours on the line, in order of
    # first appearance; how many tiles the line holds, 1 to 5 from top to bottom; whether it
    # is full, so tiled at the end of the round (R4.1); its colour when it holds one only.
    colors: tuple[Color, ...] = field(init=False, repr=False, compare=False)
    capacity: int = field(init=False, repr=False, compare=False)
    is_full: bool = field(init=False, repr=False, compare=False)
    color: Color | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colors = tuple(dict.fromkeys(self.tiles))
        object.__setattr__(self, "colors", colors)
        object.__setattr__(self, "capacity", self.index + 1)
        object.__setattr__(self, "is_full", len(self.tiles) >= self.index + 1)
        object.__setattr__(self, "color", colors[0] if len(colors) == 1 else None)

    def __repr__(self) -> str:
        letters = "".join(t.letter for t in self.tiles)
        return f"PatternLine.parse({self.index}, {letters!r})"

    @classmethod
    def parse(cls, index: int, text: str) -> PatternLine:
        """The line of repr's notation: colour letters ('.' and spaces ignored)."""
        return cls(index, tuple(Color.from_letter(c) for c in text if c not in ". "))


def parse_floor(text: str) -> tuple[FloorItem, ...]:
    """Floor entries of format_floor's notation (repr, tests, teaching), left to right: '1'
    the first-player marker, letters tiles, spaces ignored."""
    items: list[FloorItem] = []
    for c in text:
        if c in " .":
            continue
        items.append(Marker.FIRST_PLAYER if c == "1" else Color.from_letter(c))
    return tuple(items)


def format_floor(items: Iterable[FloorItem]) -> str:
    """Floor entries as letters, '1' for the marker (inverse of parse_floor)."""
    return " ".join(i.value for i in items)


@dataclass(frozen=True, slots=True)
class Board:
    """A player's board at the end of drafting, before wall-tiling."""

    name: str
    score: int
    wall: Wall
    lines: tuple[PatternLine, ...]
    floor: tuple[FloorItem, ...] = ()
    # Grey wall (R9.1): the chosen 0-based column per pattern line, None where not given.
    columns: tuple[int | None, ...] = (None,) * SIZE

    @classmethod
    def parse(
        cls,
        name: str,
        score: int,
        wall: str,
        lines: Iterable[str],
        floor: str = "",
        columns: tuple[int | None, ...] = (None,) * SIZE,
    ) -> Board:
        """A board from the document notation, for tests and teaching."""
        return cls(
            name,
            score,
            Wall.parse(wall),
            tuple(PatternLine.parse(i, t) for i, t in enumerate(lines)),
            parse_floor(floor),
            columns,
        )

    def __repr__(self) -> str:
        lines = [("".join(t.letter for t in line.tiles)) for line in self.lines]
        extra = "" if self.columns == (None,) * SIZE else f", columns={self.columns!r}"
        return (
            f"Board.parse({self.name!r}, {self.score!r}, {self.wall.format()!r}, "
            f"{lines!r}, {format_floor(self.floor)!r}{extra})"
        )
