"""Wall-tiling replay (R4, R6): each step returns a new value, so every step can be explained."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from scorecheck.core.scoring import CROSSES, FloorScore, PlacementScore, score_placement
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
        to_lid = lid_total(sum(p.to_lid for p in self.placements), self.floor)
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


def lid_total(from_lines: int, floor: FloorScore) -> int:
    """The tiles a board sends to the box lid in a round: the rest of each tiled line, then
    the floor's tiles (R4.1, R6.5)."""
    return from_lines + floor.tiles


# A full line's tile on a wall's bit mask (cell r, c is bit r * 5 + c), as mask_target finds
# it: its cell's bit, the cells its score depends on (scoring.CROSSES: its row and column),
# the rest of its placement's key (the cell's index, above it the line's other tiles, which
# go to the lid: R4.1) and those tiles.
MaskTarget = tuple[int, int, int, int]
Placed = TypeVar("Placed")
# A placement's key (tile_mask's): the filled cells of the tile's cross, as score_placement
# caches its score, the cell's index above them and the tiles to the lid above that.
_INDEX_SHIFT = SIZE * SIZE
_LID_SHIFT = _INDEX_SHIFT + 5


def tile_mask(
    wall: int,
    targets: Iterable[MaskTarget | None],
    placed_at: Mapping[int, Placed],
) -> tuple[int, list[Placed], int]:
    """Each full line's tile onto a wall's bit mask, top to bottom (R4.1, R4.4): `targets`
    gives each line's target, None for a line that is not tiled; `placed_at` gives a tile by
    its placement's key, all that its score and lid depend on with the wall as it stands
    before it (placement_of reads it). Returns the wall after, each placed tile as
    `placed_at` gives it, and the tiles the tiled lines send to the lid.

    One int holds the key, and the tile is looked up, not asked of a function: a caller that
    remembers its tiles in a dict (its __missing__ makes a tile not met before) pays no call
    for a tile met before."""
    placed = []
    to_lid = 0
    for target in targets:
        if target is not None:
            cell, cross, key, lid = target
            placed.append(placed_at[wall & cross | key])
            wall |= cell
            to_lid += lid
    return wall, placed, to_lid


def placement_of(key: int) -> tuple[PlacementScore, int]:
    """The score and the tiles to the lid of the placement tile_mask gives `key` for."""
    row, column = divmod(key >> _INDEX_SHIFT & 31, SIZE)
    return score_placement(key, row, column), key >> _LID_SHIFT


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
    if variant is Variant.COLORED:
        return _tile_colored(board)
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
            color is not None
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


def mask_target(row: Sequence[Color | None], line: PatternLine) -> MaskTarget | None:
    """Where a pattern line's tile goes on the coloured wall, for tile_mask: None for a line
    that is not full, or full with no cell to go to (R2, R3.4, R4.1)."""
    if not line.is_full or line.color is None:
        return None
    column = colored_column(row, line.index, line.color)
    if column is None:
        return None
    index = line.index * SIZE + column
    lid = lid_tiles(line)
    return 1 << index, CROSSES[index], index << _INDEX_SHIFT | lid << _LID_SHIFT, lid


class _ScoreAt(dict[int, PlacementScore]):
    """tile_mask's tiles for tile_board: each key's score, made when asked, not kept
    (score_placement keeps the scores)."""

    def __missing__(self, key: int) -> PlacementScore:
        return placement_of(key)[0]


_SCORE_AT = _ScoreAt()


def _tile_colored(board: Board) -> Tiling:
    """tile_board on the coloured wall: each line's target, tiled by tile_mask."""
    wall = board.wall
    targets = [mask_target(wall.row(line.index), line) for line in board.lines]
    _, scores, _ = tile_mask(wall.mask, targets, _SCORE_AT)
    tiled = [line for line, target in zip(board.lines, targets, strict=True) if target]
    placements = []
    for score, line in zip(scores, tiled, strict=True):
        color = line.color
        assert color is not None  # a line with a target holds tiles of one colour
        wall = wall.with_tile(score.row, score.column, color)
        placements.append(Placement(line.index, color, score, lid_tiles(line), wall))
    untiled = tuple(
        line.index
        for line, target in zip(board.lines, targets, strict=True)
        if line.is_full and target is None
    )
    floor = FloorScore.of(board.floor)
    return Tiling(board, tuple(placements), untiled, floor, (), Variant.COLORED)
