"""Wall-tiling replay (R4, R6): each step returns a new value, so every step can be explained."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorecheck.core.scoring import FloorScore, PlacementScore, score_placement
from scorecheck.core.tiles import (
    SIZE,
    Board,
    Color,
    FloorItem,
    PatternLine,
    Variant,
    Wall,
    printed_column,
)


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile moved from a full pattern line to the wall and scored (R4.1, R5)."""

    line: int  # 0-based pattern line, which is also the wall row
    color: Color
    score: PlacementScore
    to_lid: int  # the line's other tiles, discarded to the box lid
    wall_after: Wall

    @property
    def points(self) -> int:
        """Points this tile scored."""
        return self.score.points


@dataclass(frozen=True, slots=True)
class Forfeit:
    """A full line with no legal grey-wall cell: all its tiles go to the floor (R9.2, R6).

    The tiles take the next floor slots after what the floor already held; those beyond the
    seventh slot go to the lid without penalty (R6.3).
    """

    line: int  # 0-based pattern line, which is also the wall row
    color: Color
    count: int  # every tile of the line
    floor_before: FloorScore
    floor_after: FloorScore

    @property
    def overflow(self) -> int:
        """How many of these tiles found no floor slot and went to the lid (R6.3)."""
        return self.floor_after.overflow - self.floor_before.overflow


@dataclass(frozen=True, slots=True)
class Tiling:
    """A board's wall-tiling and floor step, from the board before to the score after."""

    board: Board
    placements: tuple[Placement, ...]
    untiled: tuple[int, ...]  # full lines that could not be tiled (broken rules, reported apart)
    floor: FloorScore  # the floor as scored: drafted entries, then any forfeited tiles (R9.2)
    forfeits: tuple[Forfeit, ...] = ()  # grey wall only (R9.2), top to bottom
    variant: Variant = Variant.COLORED
    # Derived once (checks and reports read them many times): points from all placements
    # this round; the new score, never below 0 (R6.4, D2); whether the clamp at 0 changed it;
    # tiles to the lid, the rest of each tiled line and the floor's tiles (R4.1, R6.5).
    wall_points: int = field(init=False, repr=False, compare=False)
    score_after: int = field(init=False, repr=False, compare=False)
    clamped: bool = field(init=False, repr=False, compare=False)
    to_lid: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        wall_points = sum(p.score.points for p in self.placements)
        after, clamped = new_score(self.board.score, wall_points, self.floor.penalty)
        object.__setattr__(self, "wall_points", wall_points)
        object.__setattr__(self, "score_after", after)
        object.__setattr__(self, "clamped", clamped)
        to_lid = sum(p.to_lid for p in self.placements) + self.floor.tiles
        object.__setattr__(self, "to_lid", to_lid)

    @property
    def wall_after(self) -> Wall:
        """The wall after every placement."""
        return self.placements[-1].wall_after if self.placements else self.board.wall

    @property
    def drafted_floor(self) -> FloorScore:
        """The floor as drafting left it, before any forfeited line (R9.2)."""
        return self.forfeits[0].floor_before if self.forfeits else self.floor

    @property
    def floor_items(self) -> tuple[FloorItem, ...]:
        """Floor entries left to right: drafted ones, then forfeited tiles line by line (R9.2)."""
        return self.board.floor + tuple(f.color for f in self.forfeits for _ in range(f.count))

    @property
    def lines_after(self) -> tuple[PatternLine, ...]:
        """Pattern lines after tiling: tiled and forfeited lines empty, the others unchanged."""
        tiled = {p.line for p in self.placements} | {f.line for f in self.forfeits}
        return tuple(
            PatternLine(line.index) if line.index in tiled else line for line in self.board.lines
        )

    def score_text(self) -> str:
        """The score line: '10 + 9 − 2 = 17', with the clamp when it bites."""
        return score_text(self.board.score, self.wall_points, self.floor.penalty)


def new_score(before: int, wall_points: int, penalty: int) -> tuple[int, bool]:
    """The score after a round, never below 0 (R6.4, D2), and whether the clamp changed it."""
    unclamped = before + wall_points - penalty
    return (0, True) if unclamped < 0 else (unclamped, False)


def score_text(before: int, wall_points: int, penalty: int) -> str:
    """The score line: '10 + 9 − 2 = 17', with the clamp when it bites: '3 + 0 − 5 = −2 → 0'."""
    text = f"{before} + {wall_points} − {penalty}"
    unclamped = before + wall_points - penalty
    return f"{text} = −{-unclamped} → 0" if unclamped < 0 else f"{text} = {unclamped}"


def target_column(
    variant: Variant, wall: Wall, line: int, color: Color, chosen: int | None
) -> int | None:
    """The wall column a full line's tile goes to, or None where it cannot go (R2, R3.4, R9.1).

    On the grey wall an unchosen column is forced when exactly one cell is legal (R9.1).
    """
    if variant is Variant.COLORED:
        return colored_column(wall.row(line), line, color)
    if color in wall.row(line):
        return None
    if chosen is None:
        legal = grey_legal_columns(wall, line, color)
        return legal[0] if len(legal) == 1 else None
    return chosen if grey_column_is_legal(wall, line, chosen, color) else None


def colored_column(row: Sequence[Color | None], line: int, color: Color) -> int | None:
    """The column of the coloured wall a full line's tile goes to: its colour's printed cell
    in the row of the line's number (R2, R4.1); None where the row holds the colour (R3.4)."""
    if color in row:
        return None
    column = printed_column(line, color)
    return column if row[column] is None else None


def lid_tiles(line: PatternLine) -> int:
    """The tiles of a tiled line that go to the box lid: all but the one placed (R4.1)."""
    return len(line.tiles) - 1


def grey_column_is_legal(wall: Wall, row: int, column: int, color: Color) -> bool:
    """A grey-wall cell is legal when free and its colour is in neither its row nor column."""
    return (
        wall.at(row, column) is None
        and color not in wall.row(row)
        and color not in wall.column(column)
    )


def grey_legal_columns(wall: Wall, row: int, color: Color) -> tuple[int, ...]:
    """Every legal 0-based column for a colour in a row of the grey wall (R9.1)."""
    return tuple(c for c in range(SIZE) if grey_column_is_legal(wall, row, c, color))


@dataclass(frozen=True, slots=True)
class GreyOption:
    """A legal grey-wall column for a full line and what a tile there would score (R9.1, R5)."""

    column: int  # 0-based
    score: PlacementScore


def grey_options(wall: Wall, row: int, color: Color) -> tuple[GreyOption, ...]:
    """Every legal column for a colour in a row of the grey wall, with its points (R9.1, R5)."""
    return tuple(
        GreyOption(c, score_placement(wall.mask, row, c))
        for c in grey_legal_columns(wall, row, color)
    )


def tile_board(board: Board, variant: Variant = Variant.COLORED) -> Tiling:
    """Tile a board's full lines top to bottom (R4.1, R4.4), then score its floor (R6).

    On the grey wall a full line with no legal cell goes to the floor instead (R9.2).
    """
    placements: list[Placement] = []
    untiled: list[int] = []
    forfeits: list[Forfeit] = []
    wall = board.wall
    floor = FloorScore.of(board.floor)
    for line in board.lines:
        if not line.is_full:
            continue
        color = line.color
        if (
            variant is Variant.GREY
            and color is not None
            and color not in wall.row(line.index)
            and not grey_legal_columns(wall, line.index, color)
        ):
            count = len(line.tiles)
            after = FloorScore(floor.entries + count, floor.tiles + count, floor.late_markers)
            forfeits.append(Forfeit(line.index, color, count, floor, after))
            floor = after
            continue
        column = (
            None
            if color is None
            else target_column(variant, wall, line.index, color, board.columns[line.index])
        )
        if color is None or column is None:
            untiled.append(line.index)
            continue
        score = score_placement(wall.mask, line.index, column)
        wall = wall.with_tile(line.index, column, color)
        placements.append(Placement(line.index, color, score, lid_tiles(line), wall))
    return Tiling(board, tuple(placements), tuple(untiled), floor, tuple(forfeits), variant)
