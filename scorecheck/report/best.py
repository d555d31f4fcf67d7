"""The most a wall could have earned, and one order that earns it, round by round.

A self-contained part of the lesson: `best_order_blocks` gives a sentence and a picture for
a final wall, or for the wall a round document starts with (lesson.py adds them); `explain`
draws the picture as text, and `bestsvg.best_order_svg` for the HTML report. Each round is
replayed by the core (`tile_board`), one full pattern line per tile on its printed colour,
so the points are the core's (R4.4, R5).
"""

from __future__ import annotations

from dataclasses import dataclass

from scorecheck.core.maximum import best_order
from scorecheck.core.replay import Tiling, tile_board
from scorecheck.core.tiles import SIZE, Board, PatternLine, Variant, Wall, printed_color
from scorecheck.report.words import say, say_n


@dataclass(frozen=True, slots=True)
class BestOrderPicture:
    """A wall's best order: each round's tiling, replayed from the empty wall (R4, R5)."""

    rounds: tuple[Tiling, ...]


def replay_best_order(
    wall: Wall, variant: Variant = Variant.COLORED
) -> tuple[int, tuple[Tiling, ...]]:
    """The most the wall could have earned, and the rounds of an order that earns it; on the
    grey wall each tile keeps its own colour, its column chosen (R9.1)."""
    order = best_order(wall.mask)
    if variant is Variant.GREY:
        tilings = _replayed(order.rounds, wall, variant)
        if all(not t.forfeits and not t.untiled for t in tilings):
            return order.points, tilings
    return order.points, _replayed(order.rounds, wall, Variant.COLORED)  # printed colours


def _replayed(
    rounds: tuple[tuple[tuple[int, int], ...], ...], wall: Wall, variant: Variant
) -> tuple[Tiling, ...]:
    current = Wall.empty()
    tilings = []
    for cells in rounds:
        columns = dict(cells)
        grey = variant is Variant.GREY
        colors = {r: (wall.at(r, c) if grey else None) or printed_color(r, c) for r, c in cells}
        lines = tuple(
            PatternLine(r, (colors[r],) * (r + 1)) if r in columns else PatternLine(r)
            for r in range(SIZE)
        )
        chosen = tuple(columns.get(r) if grey else None for r in range(SIZE))
        tiling = tile_board(Board("", 0, current, lines, (), chosen), variant)
        tilings.append(tiling)
        current = tiling.wall_after
    return tuple(tilings)


def best_order_blocks(
    wall: Wall, variant: Variant, start: bool = False
) -> tuple[str, BestOrderPicture] | None:
    """The sentence and picture of a wall's best order; None for an empty wall. With start,
    the wall a round starts with, which bounds the score before the round (SC125)."""
    if not wall.mask:
        return None
    points, rounds = replay_best_order(wall, variant)
    parts = [
        say("best_round", number=n, points=t.wall_points) for n, t in enumerate(rounds, start=1)
    ]
    listed = say("list").join(parts)
    text = say_n("best_order_start" if start else "best_order", points, rounds=listed)
    return text, BestOrderPicture(rounds)
