"""Wall-tiling replay (R4, R6): each step returns a new value, so every step can be explained."""

from __future__ import annotations

from dataclasses import dataclass

from scorecheck.core.scoring import FloorScore, PlacementScore, score_placement
from scorecheck.core.tiles import SIZE, Board, Color, PatternLine, Variant, Wall, printed_column


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
class Tiling:
    """A board's wall-tiling and floor step, from the board before to the score after."""

    board: Board
    placements: tuple[Placement, ...]
    untiled: tuple[int, ...]  # full lines that could not be tiled (broken rules, reported apart)
    floor: FloorScore

    @property
    def wall_after(self) -> Wall:
        """The wall after every placement."""
        return self.placements[-1].wall_after if self.placements else self.board.wall

    @property
    def lines_after(self) -> tuple[PatternLine, ...]:
        """Pattern lines after tiling: tiled lines empty, the others unchanged (R4.2)."""
        tiled = {p.line for p in self.placements}
        return tuple(
            PatternLine(line.index) if line.index in tiled else line for line in self.board.lines
        )

    @property
    def wall_points(self) -> int:
        """Points from all placements this round."""
        return sum(p.points for p in self.placements)

    @property
    def unclamped(self) -> int:
        """Score before the clamp at 0."""
        return self.board.score + self.wall_points - self.floor.penalty

    @property
    def score_after(self) -> int:
        """The new score, never below 0 (R6.4, D2)."""
        return max(0, self.unclamped)

    @property
    def clamped(self) -> bool:
        """Whether the clamp at 0 changed the score."""
        return self.unclamped < 0

    @property
    def to_lid(self) -> int:
        """Tiles to the lid: the rest of each tiled line, and the floor's tiles (R4.1, R6.5)."""
        return sum(p.to_lid for p in self.placements) + self.floor.tiles

    def score_text(self) -> str:
        """The score line: '10 + 9 − 2 = 17', with the clamp when it bites."""
        text = f"{self.board.score} + {self.wall_points} − {self.floor.penalty}"
        if self.clamped:
            return f"{text} = −{-self.unclamped} → 0"
        return f"{text} = {self.score_after}"


def target_column(
    variant: Variant, wall: Wall, line: int, color: Color, chosen: int | None
) -> int | None:
    """The wall column a full line's tile goes to, or None where it cannot go (R2, R3.4, R9.1)."""
    if color in wall.row(line):
        return None
    if variant is Variant.COLORED:
        column = printed_column(line, color)
        return column if wall.at(line, column) is None else None
    if chosen is None or not grey_column_is_legal(wall, line, chosen, color):
        return None
    return chosen


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


def tile_board(board: Board, variant: Variant = Variant.COLORED) -> Tiling:
    """Tile a board's full lines top to bottom (R4.1, R4.4), then score its floor (R6)."""
    placements: list[Placement] = []
    untiled: list[int] = []
    wall = board.wall
    for line in board.lines:
        if not line.is_full:
            continue
        color = line.color
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
        placements.append(Placement(line.index, color, score, len(line.tiles) - 1, wall))
    return Tiling(board, tuple(placements), tuple(untiled), FloorScore.of(board.floor))
