"""A free group (no complete row) seen for the first time: its bound, the constructive order
that reaches it, and the small searches for the groups that order falls short on.

See docs/maximum.md for the method.
"""

from __future__ import annotations

from scorecheck.core.maximum.grid import (
    NOT_LEFT,
    NOT_RIGHT,
    components,
    grown_points,
    largest_matching,
    run_counts,
    run_of,
    runs,
    touching,
)
from scorecheck.core.maximum.shapes import group_points, remember, to_corner
from scorecheck.core.tiles import SIZE

# --- A free group seen for the first time ---------------------------------------------------------


FREE_POINTS: dict[int, int] = {}  # a free group's cells to its most points


def free_group_points(corner: int) -> int:
    """The most a free group earns, given moved to the top left corner (cached so too): the
    bound when its runs form a tree, or the constructive order or else some order reaches
    it; else the bound less one when one_short reaches that, or searched under it."""
    points = FREE_POINTS.get(corner)
    if points is None:
        across, down = runs(corner)
        points, reached, matched = constructive(corner, across, down)
        if not reached and not reaches_bound(corner, across, down, matched):
            points -= 1  # points are whole: no order reaching the bound, at most one less
            if not one_short(corner, across, down):
                points = group_points(corner, points)
        points = remember(FREE_POINTS, corner, points)
    return points


def greedy_points(group: int) -> int | None:
    """The bound of a group's tiles when their runs form a tree or the constructive order
    reaches it, and so the most they earn in any order (R5); None when it falls short."""
    top, reached, _ = constructive(group, *runs(group))
    return top if reached else None


def constructive(
    group: int, across: tuple[int, ...], down: tuple[int, ...]
) -> tuple[int, bool, int]:
    """A free group's bound (at least what it can earn), whether an order is known to reach
    it (and so is the most it earns), and the size of a largest matching of runs.

    When the runs' graph is a tree, any order from a largest matching reaches it, and none
    is built, which halves the time of such a group. Else the
    constructive order places first the tiles of a largest matching of runs, alone (1
    each); then every tile beside what is placed in both its runs (full points); when none
    is left, one tile that starts a run, beside what its other run holds (see grows for
    why it then earns the bound). Tried with the runs in both directions, as the choices
    differ."""
    counts = run_counts(group)
    tree = runs_form_a_tree(group, across, down)
    for first in (True, False):
        starts = largest_matching(across, down)
        top = grown_points(counts, starts.bit_count())
        if tree or grows(group, starts, across, down, first):
            return top, True, starts.bit_count()
        across, down = across[::-1], down[::-1]
    return top, False, starts.bit_count()


def runs_form_a_tree(group: int, across: tuple[int, ...], down: tuple[int, ...]) -> bool:
    """Whether a 4-connected group's runs' graph (each run a node, each tile the edge where
    its two runs cross) is a tree: it is connected, so when it has one tile fewer than runs.

    Then every order from a largest matching that grows each run connected earns the bound
    (R5.2). Let each matched run start with its matched tile and any other run with any of
    its tiles; no tile but the matched ones is then first of both its runs, or the matching
    would grow. Place each other tile of a run after its neighbour on the side of the run's
    first tile: each run grows connected from its first tile. Those precedences have no
    cycle: a cycle would go straight along one run at a time, away from its first tile,
    turning at tiles shared by two runs, and so walk round the runs' graph without ever
    turning back at once (a straight stretch cannot return to the tile it left), which a
    tree does not allow."""
    return group.bit_count() == len(across) + len(down) - 1


def grows(
    group: int, starts: int, across: tuple[int, ...], down: tuple[int, ...], first: bool
) -> bool:
    """Whether the constructive order from these first tiles places every tile without
    breaking a run that has tiles already; if so it earns the bound exactly. It starts a
    run with the first tile (lowest cell) that may, or the last.

    The first tiles touch no other (beside, they would share a run) and earn 1 each; each
    later tile goes beside what its runs hold, so each run of L grows connected and its
    terms add up to L(L-1)/2 (R5.2); a tile placed with tiles in both runs gets the bonus,
    and one placed to start a run goes beside what its other run holds, so is the first
    of one run only. So every tile but the first of each run gets its bonus, and the first
    tiles of both runs are the given ones (any no two of which share a run)."""
    placed = starts
    no_row = group & ~touching(across, starts)  # tiles whose horizontal run has none yet
    no_column = group & ~touching(down, starts)
    while True:
        placed, beside_row, beside_column = spread(group, placed)
        # grow's tiles to start a run, kept up to date: a tile spread places is beside
        # what both its runs hold, so only the tile that starts a run adds a run with tiles.
        starting = (beside_row & no_column) | (beside_column & no_row)
        if not starting:
            return placed == group
        tile = starting & -starting if first else 1 << (starting.bit_length() - 1)
        if tile & no_column:
            no_column &= ~run_of(down, tile)
        else:
            no_row &= ~run_of(across, tile)
        placed |= tile


def spread(group: int, placed: int) -> tuple[int, int, int]:
    """Placed, then every tile beside what is placed in both its runs, until none is left
    (it earns full points and keeps its runs connected: never a loss); and the group's
    tiles beside the result in a row, and those in a column."""
    while True:  # the cells beside in a row, and in a column, within the group
        beside_row = ((placed << 1) & NOT_LEFT | (placed >> 1) & NOT_RIGHT) & group
        beside_column = (placed << SIZE | placed >> SIZE) & group
        more = placed | beside_row & beside_column
        if more == placed:
            return placed, beside_row, beside_column
        placed = more


def grow_step(
    group: int, placed: int, across: tuple[int, ...], down: tuple[int, ...]
) -> tuple[int, int]:
    """Placed spread (spread), and the tiles that may come next to start a run: beside
    what their other run holds (so it stays connected), the first of this one."""
    placed, beside_row, beside_column = spread(group, placed)
    no_row = group & ~touching(across, placed)  # tiles whose horizontal run has none yet
    no_column = group & ~touching(down, placed)
    return placed, (beside_row & no_column) | (beside_column & no_row)


def reaches_bound(group: int, across: tuple[int, ...], down: tuple[int, ...], matched: int) -> bool:
    """Whether some order of a group's tiles earns its bound: one in which every tile goes
    beside what its runs hold already (each run grown connected), and `matched` tiles (a
    largest matching of runs) come alone, first of both their runs; by the identity of
    points (see grows) no other order does.

    The tiles that come alone touch no other tile then, so they may all come first: each
    largest matching is tried (a tile of each horizontal run in turn, or the run skipped,
    as many skipped as a largest matching leaves, far fewer than any tiles in increasing
    order), then the tiles that start one run each are searched, every other tile placed
    as soon as it has tiles beside it in both its runs (which never hurts)."""
    failed: set[int] = set()

    def grow(placed: int) -> bool:
        placed, rest = grow_step(group, placed, across, down)
        if placed == group:
            return True
        if placed in failed:
            return False
        while rest:
            bit = rest & -rest
            rest ^= bit
            if grow(placed | bit):
                return True
        failed.add(placed)
        return False

    def alone(placed: int, taken: int, row: int, skips: int) -> bool:
        if row == len(across):
            return grow(placed)  # `skips` horizontal runs at most skipped: `matched` placed
        rest = across[row] & ~taken  # its tiles on vertical runs with none alone yet
        while rest:
            bit = rest & -rest
            rest ^= bit
            if alone(placed | bit, taken | run_of(down, bit), row + 1, skips):
                return True
        return skips > 0 and alone(placed, taken, row + 1, skips - 1)

    return alone(0, 0, 0, len(across) - matched)


def one_short(group: int, across: tuple[int, ...], down: tuple[int, ...]) -> bool:
    """Whether the constructive order from a largest matching of runs less one of its tiles
    places every tile (either direction, either end): it then earns the bound less one.

    grows' count holds for any first tiles no two of which share a run: with one tile
    fewer first of both its runs, the order earns one point less. Every group of the
    benchmark archive's start walls that no order brings to its bound passes it, far sooner
    than the branch and bound would decide it."""
    for lines in ((across, down), (across[::-1], down[::-1])):
        starts = largest_matching(*lines)
        rest = starts
        while rest:
            tile = rest & -rest
            rest ^= tile
            if grows(group, starts ^ tile, *lines, True) or grows(
                group, starts ^ tile, *lines, False
            ):
                return True
    return False


def free_upper(mask: int) -> int:
    """At least what a wall with no complete row earns: each group's most when known or
    reached by the constructive order, else its bound."""
    total = 0
    for group in components(mask):
        corner = to_corner(group)
        points = FREE_POINTS.get(corner)
        if points is None:
            points, reached, _ = constructive(corner, *runs(corner))
            if reached:
                remember(FREE_POINTS, corner, points)
        total += points
    return total


def free_bound(mask: int) -> int:
    """At least the most a wall with no complete row earns (R5): its runs grown connected,
    and at most as many tiles first of both their runs as the direction with fewer runs."""
    counts = run_counts(mask)
    return grown_points(counts, min(counts[2], counts[3]))
