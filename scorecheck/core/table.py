"""The rules of the table: what the boards before tiling may hold (R1, R2, R3.3, R3.4, R6.3).

Each rule is decided here once, by a small function over cheap values (a pattern line and its
wall row, a wall, a floor, the colour counts, the marker holders, the number of boards) that
returns its findings; table_findings composes them in their order. The checker reads a board's
parts with board_parts; the plain-round path (scorecheck/plainrounds.py) makes the same parts (a
TablePartsTuple) from what it has read, each judged once and remembered by its text, and calls
table_findings too (see CONTRIBUTING, "The fast path").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import NamedTuple

from scorecheck.core.collector import ViolationCollector
from scorecheck.core.limits import MARKERS, MAX_PLAYERS
from scorecheck.core.scoring import FloorScore
from scorecheck.core.tiles import (
    COLORS,
    FLOOR_SLOTS,
    PRINTED_ROWS,
    SIZE,
    TILES_PER_COLOR,
    Board,
    Color,
    FloorItem,
    Marker,
    PatternLine,
    Variant,
    Wall,
    printed_color,
)
from scorecheck.core.violations import Finding, Path, Phrase, cell_phrase, tiles_phrase


class TableParts(NamedTuple):
    """One board as the rules of the table see it, each part judged: its name and origin,
    the findings of its pattern lines (line_findings, top to bottom), wall (wall_findings)
    and floor (floor_findings), whether its floor holds the marker, its tiles by colour
    (color_counts)."""

    name: str
    origin: Path
    lines: tuple[tuple[Finding, ...], ...]
    wall: tuple[Finding, ...]
    floor: tuple[Finding, ...]
    marker: bool
    counts: int


# TableParts' fields, in order, as table_findings reads them: the plain-round path gives plain
# tuples (a named tuple would cost it a second tuple a board).
TablePartsTuple = tuple[
    str, Path, tuple[tuple[Finding, ...], ...], tuple[Finding, ...], tuple[Finding, ...], bool, int
]


def check_table(
    collector: ViolationCollector,
    boards: Sequence[Board],
    origins: Sequence[Path],
    round_number: int | None,
    variant: Variant,
    count_players: bool = True,
) -> None:
    """Rules that concern the boards before tiling (R1, R2, R3.4, R6.3)."""
    parts = [board_parts(b, origin, variant) for b, origin in zip(boards, origins, strict=True)]
    add_table_findings(collector, table_findings(parts, count_players), round_number)


def board_parts(board: Board, origin: Path, variant: Variant) -> TableParts:
    """A board's parts, each judged by its rule."""
    wall, floor = board.wall, board.floor
    return TableParts(
        board.name,
        origin,
        tuple(line_findings(line, wall.row(line.index)) for line in board.lines),
        wall_findings(wall, variant, board.name),
        floor_findings(floor),
        Marker.FIRST_PLAYER in floor,
        color_counts(chain(wall.cells, floor, *(line.tiles for line in board.lines))),
    )


NO_LINE_FINDINGS = ((),) * SIZE  # five pattern lines, none breaking a rule


def final_board_parts(name: str, wall: Wall, origin: Path, variant: Variant) -> TableParts:
    """A finished game's board as the rules of the table see it: a wall, no lines or floor."""
    return TableParts(
        name,
        origin,
        NO_LINE_FINDINGS,
        wall_findings(wall, variant, name),
        (),
        False,
        color_counts(wall.cells),
    )


def table_findings(
    parts: Sequence[TablePartsTuple], count_players: bool = True
) -> list[tuple[Finding, Path, str | None]]:
    """Every finding of a table's boards, in order, each with the origin its path is below
    and the board's name (None for the table's): the number of boards (unless
    count_players is False), then board by board its lines, wall and floor, then the marker
    and the supply of tiles. Empty for most tables."""
    findings: list[tuple[Finding, Path, str | None]] = []
    holders = []
    counts = 0
    # Unpacked, not read by field name: the plain-round path calls this for every line it reads.
    for name, origin, lines, wall, floor, marker, board_counts in parts:
        if wall or floor or lines != NO_LINE_FINDINGS:  # most boards break no rule
            for line in lines:
                findings += [(f, origin, name) for f in line]
            findings += [(f, origin, name) for f in wall]
            findings += [(f, origin, name) for f in floor]
        if marker:
            holders.append((name, origin))
        counts += board_counts
    players = player_count_findings(len(parts)) if count_players else ()
    markers = marker_findings(holders)
    supply = supply_findings(counts)
    if players or markers or supply:  # most tables break none of these
        origin = parts[0][1] if parts else ()
        root: Path = origin[:-1] if origin else ()
        findings[:0] = [(f, root, None) for f in players]  # the number of boards comes first
        findings += [(f, (), None) for f in markers]
        findings += [(f, root, None) for f in supply]
    return findings


def add_table_findings(
    collector: ViolationCollector,
    table: Iterable[tuple[Finding, Path, str | None]],
    round_number: int | None,
) -> None:
    """table_findings located and collected."""
    for finding, origin, name in table:
        collector.add_findings((finding,), origin, name, round_number)


def player_count_findings(count: int) -> tuple[Finding, ...]:
    """At most four players at a table (SC107, R1.2)."""
    return (Finding("SC107", (), {"count": count}),) if count > MAX_PLAYERS else ()


def line_findings(line: PatternLine, row: Sequence[Color | None]) -> tuple[Finding, ...]:
    """A pattern line beside its wall row: more tiles than places (SC101, R1.4, D3), two
    colours (SC102, R3.3), its colour already in the row (SC103, R3.4)."""
    if not line.tiles:
        return ()  # an empty line breaks no rule
    findings = []
    path: Path = ("lines", line.index)
    number = line.index + 1
    if len(line.tiles) > line.capacity:
        places = Phrase("{count} place", many="{count} places", count=line.capacity)
        args = {"line": number, "tiles": tiles_phrase(len(line.tiles)), "places": places}
        findings.append(Finding("SC101", path, args))
    if len(line.colors) > 1:
        findings.append(Finding("SC102", path, {"line": number, "colors": line.colors}))
    elif line.color is not None and line.color in row:
        findings.append(Finding("SC103", path, {"line": number, "color": line.color}))
    return tuple(findings)


def floor_findings(floor: tuple[FloorItem, ...]) -> tuple[Finding, ...]:
    """A floor: tiles beyond its seven slots (SC108, R6.3), a second marker (SC111, R1.3),
    the marker after the seventh entry (SC109, D1)."""
    findings = []
    overflow = FloorScore.of(floor).overflow  # tiles only: a late marker is SC109 (D1)
    if overflow:
        count = Phrase("{count} tile", many="{count} tiles", count=overflow)
        findings.append(Finding("SC108", ("floor",), {"entries": len(floor), "tiles": count}))
    if Marker.FIRST_PLAYER in floor:
        markers = [k for k, item in enumerate(floor) if item is Marker.FIRST_PLAYER]
        if len(markers) > 1:  # one board, one marker (R1.3); two boards are SC106
            findings.append(Finding("SC111", ("floor", markers[1]), {"count": len(markers)}))
        if markers[0] >= FLOOR_SLOTS:
            findings.append(Finding("SC109", ("floor",), {}))
    return tuple(findings)


def marker_findings(holders: Sequence[tuple[str, Path]]) -> tuple[Finding, ...]:
    """One first-player marker on the table (SC106, R1.3); holders are the boards (name and
    origin) whose floor holds one."""
    if len(holders) <= MARKERS:
        return ()
    names = tuple(name for name, _ in holders)  # listed: "A, B and C"
    args = {"count": len(holders), "players": names}
    return (Finding("SC106", holders[MARKERS][1] + ("floor",), args),)


# Tiles counted by colour in one int, _COUNT_BITS a colour in the order B Y R K W: the counts
# of a board's parts add up to the table's (far fewer than 2**32 tiles fit in any input).
_COUNT_BITS = 32
_COUNT_MASK = (1 << _COUNT_BITS) - 1
_COUNTED: dict[FloorItem | None, int] = {
    None: 0,
    Marker.FIRST_PLAYER: 0,
    **{color: 1 << _COUNT_BITS * i for i, color in enumerate(COLORS)},
}
_COUNT_SHIFTS = tuple((color, _COUNT_BITS * i) for i, color in enumerate(COLORS))
# Added to packed counts, these carry into a colour's highest bit where it counts more than
# TILES_PER_COLOR (a count stays below 2**31, so the carry never crosses into the next).
_OVER_SUPPLY = sum(
    (1 << _COUNT_BITS - 1) - TILES_PER_COLOR - 1 << shift for _, shift in _COUNT_SHIFTS
)
_HIGH_BITS = sum(1 << shift + _COUNT_BITS - 1 for _, shift in _COUNT_SHIFTS)


def color_counts(items: Iterable[FloorItem | None]) -> int:
    """The tiles of each colour among wall cells, line tiles or floor entries, packed in one
    int for supply_findings (empty cells and the marker count nothing)."""
    return sum(map(_COUNTED.__getitem__, items))


def supply_findings(counts: int) -> tuple[Finding, ...]:
    """No more than 20 tiles of a colour on the table (SC105, R1.1); counts as color_counts
    packs them."""
    if not (counts + _OVER_SUPPLY) & _HIGH_BITS:  # every colour at once: the common case
        return ()
    return tuple(
        Finding("SC105", (), {"tiles": tiles_phrase(count, color)})
        for color, shift in _COUNT_SHIFTS
        if (count := counts >> shift & _COUNT_MASK) > TILES_PER_COLOR
    )


# Per row, every way of filling it on the printed colours (R2), as a set to look cells up in.
_PRINTED_ROWS = tuple(frozenset(row) for row in PRINTED_ROWS)


def wall_findings(wall: Wall, variant: Variant, name: str) -> tuple[Finding, ...]:
    """A wall before tiling: on the coloured side each tile on the cell printed with its
    colour (SC104, R2), or SC006 for a wall typed from the grey side; on the grey side no
    colour twice in a row or a column (R9.1)."""
    if variant is Variant.GREY:
        from scorecheck.core.grey import wall_repeats

        return wall_repeats(wall)
    cells = wall.cells
    first, second, third, fourth, fifth = _PRINTED_ROWS
    if (  # the common case, seen row by row: every tile on its printed cell
        cells[0:5] in first
        and cells[5:10] in second
        and cells[10:15] in third
        and cells[15:20] in fourth
        and cells[20:25] in fifth
    ):
        return ()
    if _looks_grey(wall):  # said once for the document, instead of an SC104 a tile
        return (Finding("SC006", ("wall",), {"name": name}),)
    return tuple(f for row in range(SIZE) for f in wall_row_findings(row, wall.row(row)))


def wall_row_findings(row: int, cells: Sequence[Color | None]) -> tuple[Finding, ...]:
    """A row of the coloured wall: each tile on the cell printed with its colour (SC104, R2).
    wall_findings composes them, unless the whole wall looks typed from the grey side."""
    if tuple(cells) in _PRINTED_ROWS[row]:
        return ()
    return tuple(
        Finding(
            "SC104",
            ("wall", row, column),
            {"cell": cell_phrase(row, column), "found": color, "expected": expected},
        )
        for column, color in enumerate(cells)
        if color is not None and color is not (expected := printed_color(row, column))
    )


def _looks_grey(wall: Wall) -> bool:
    """A wall typed from the grey side (R9): most of its tiles, three or more, off their
    printed cells (R2), and no colour twice in a row or column, as the grey wall allows."""
    from scorecheck.core.grey import wall_repeats

    off = sum(color is not printed_color(r, c) for r, c, color in wall.tiles())
    return off >= 3 and 2 * off > len(list(wall.tiles())) and not wall_repeats(wall)
