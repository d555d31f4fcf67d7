"""The most a wall could have earned (R4.3, R4.4, R5, R8.1): a start wall group by group, a
wall with a complete row by its possible last rounds.

See docs/maximum.md for the method.
"""

from __future__ import annotations

import itertools

from scorecheck.core.maximum.grid import ALL, LINE, NOT_LEFT, NOT_RIGHT, components
from scorecheck.core.maximum.groups import FREE_POINTS, free_bound, free_group_points, free_upper
from scorecheck.core.maximum.search import Search, last_round_points
from scorecheck.core.maximum.shapes import WALL_POINTS, remember, to_corner
from scorecheck.core.tiles import SIZE, full_rows


def split(mask: int) -> tuple[int, list[int]]:
    """The groups that hold a complete row, together (they share the last round), and the
    free groups, which need no tile in it."""
    complete = sum(LINE << (r * SIZE) for r in full_rows(mask))
    ending, free = 0, []
    for group in components(mask):
        if group & complete:
            ending |= group
        else:
            free.append(group)
    return ending, free


def most_wall_points(mask: int) -> int:
    """The most placement points (R5) the wall with these tiles could have earned in a legal
    game (R4.3, R4.4, R8.1); cell (row, column) is bit row * 5 + column."""
    mask &= ALL
    return final_points(mask) if full_rows(mask) else start_wall_points(mask)


def start_wall_points(mask: int) -> int:
    """most_wall_points of a wall with no complete row, as every round starts with (R8.1):
    every order of its tiles is legal, so its groups add up; lone tiles earn 1 each (R5.1),
    larger groups are cached by their cells. The plain-round path calls it for each board; a
    wall with a complete row is most_wall_points' to judge (this would overstate some)."""
    mask &= ALL
    # neighbours and first_group written out: a call each costs a sixth of a cached wall.
    lone = mask & ~(
        ((mask << 1) & NOT_LEFT) | ((mask >> 1) & NOT_RIGHT) | (mask << SIZE) | (mask >> SIZE)
    )
    points = lone.bit_count()
    rest = mask ^ lone
    known = FREE_POINTS.get
    while rest:
        earned = known(rest)  # what the rest earns, when it is one group seen before
        if earned is not None:
            return points + earned
        group = rest & -rest
        while True:  # the 4-connected group of the lowest tile left
            grown = (
                group
                | ((group << 1) & NOT_LEFT)
                | ((group >> 1) & NOT_RIGHT)
                | (group << SIZE)
                | (group >> SIZE)
            ) & rest
            if grown == group:
                break
            group = grown
        earned = known(group)
        if earned is None:
            earned = remember(FREE_POINTS, group, free_group_points(to_corner(group)))
        points += earned
        rest ^= group
    return points


def final_points(mask: int) -> int:
    """The most a wall with a complete row earns: its free groups alone, and those holding a
    complete row ending with the last round (cached by the wall's cells)."""
    points = WALL_POINTS.get(mask)
    if points is None:
        ending, free = split(mask)
        points = sum(free_group_points(to_corner(g)) for g in free)
        if ending:
            points += ending_points(ending)
        remember(WALL_POINTS, mask, points)
    return points


def ending_points(ending: int) -> int:
    """The most the groups holding a complete row earn, ending with the last round (R8.1).

    First the search's greedy dive, which on most walls reaches the bound; else every
    possible last round is tried (one tile of each complete row, at most one of each other
    row: at most 5^5), best bound first: what comes before it has no complete row, so its
    groups are free and solved as start_wall_points solves them; a last round whose own
    points and bound of the rest cannot beat the best so far ends the search."""
    search = Search(ending, ending=True)
    best = search.greedy()  # most walls: its dive reaches the bound at once
    if best >= search.top:
        return best
    complete = full_rows(ending)
    choices = []
    for r in range(SIZE):
        line = [r * SIZE + c for c in range(SIZE) if ending >> (r * SIZE + c) & 1]
        choices.append(line if r in complete else [-1, *line])
    candidates = []
    for pick in itertools.product(*choices):
        cells = [i for i in pick if i >= 0]
        before = ending & ~sum(1 << i for i in cells)
        points = last_round_points(before, cells)
        candidates.append((points + free_bound(before), points, before))
    candidates.sort(reverse=True)
    for top, points, before in candidates:
        if top <= best:
            break  # sorted: no later last round can do better
        if points + free_upper(before) > best:  # the groups' bounds, before any search
            best = max(best, points + start_wall_points(before))
    return best
