"""One order that earns the most, cut into rounds, for the lesson; and the caches emptied.

See docs/maximum.md for the method.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorecheck.core.maximum.grid import ALL
from scorecheck.core.maximum.groups import FREE_POINTS
from scorecheck.core.maximum.search import Search
from scorecheck.core.maximum.shapes import GROUP_POINTS, WALL_POINTS
from scorecheck.core.maximum.walls import split
from scorecheck.core.tiles import SIZE


@dataclass(frozen=True, slots=True)
class BestOrder:
    """One legal order that earns a wall's most points: its rounds, each a tuple of 0-based
    (row, column) cells top down (R4.4), and the points it earns."""

    points: int
    rounds: tuple[tuple[tuple[int, int], ...], ...]


def best_order(mask: int) -> BestOrder:
    """A legal order of the wall's tiles that earns its most points, cut into rounds; a last
    round that completes a row comes on its own."""
    ending, free = split(mask & ALL)
    points, order = 0, list[int]()
    for group in free:  # first: they need no tile in the last round
        found, cells = Search(group).run()
        points, order = points + found, order + list(cells)
    last: tuple[int, ...] = ()
    if ending:
        search = Search(ending, ending=True)
        found, cells = search.run()
        points += found
        order += cells[: len(cells) - search.last]
        last = cells[len(cells) - search.last :]
    rounds = rounds_of(order)
    if last:
        rounds += (tuple(divmod(i, SIZE) for i in last),)
    return BestOrder(points, rounds)


def rounds_of(order: list[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Cut an order of cells into the fewest rounds: a new one wherever a tile's row is not
    below the row before it (R4.3, R4.4)."""
    rounds: list[list[tuple[int, int]]] = []
    previous = SIZE
    for index in order:
        r, c = divmod(index, SIZE)
        if r <= previous:
            rounds.append([])
        rounds[-1].append((r, c))
        previous = r
    return tuple(tuple(cells) for cells in rounds)


def clear_caches() -> None:
    """Forget every wall solved so far (benchmarks time walls from nothing)."""
    GROUP_POINTS.clear()
    WALL_POINTS.clear()
    FREE_POINTS.clear()
