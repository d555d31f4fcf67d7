"""A group's value depends on its shape only: its cells moved to the corner, its shape up to
the eight symmetries of the square, and the caches of points by group.

See docs/maximum.md for the method.
"""

from __future__ import annotations

from scorecheck.core.maximum.grid import COLUMN0, LINE
from scorecheck.core.maximum.search import Search
from scorecheck.core.tiles import SIZE

# --- Symmetry: a group's value depends on its shape only ----------------------------------------


def transforms() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the square as cell permutations."""
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                cells = []
                for index in range(SIZE * SIZE):
                    r, c = divmod(index, SIZE)
                    if transpose:
                        r, c = c, r
                    if flip_rows:
                        r = SIZE - 1 - r
                    if flip_columns:
                        c = SIZE - 1 - c
                    cells.append(r * SIZE + c)
                maps.append(tuple(cells))
    return tuple(maps)


TRANSFORMS = transforms()


def to_corner(mask: int) -> int:
    """The shape moved up and left as far as it goes."""
    while not mask & LINE:
        mask >>= SIZE
    while not mask & COLUMN0:
        mask >>= 1
    return mask


def shape(mask: int) -> int:
    """A group's shape: the least of its eight images, each moved to the top left corner."""
    images = []
    for cells in TRANSFORMS:
        image, rest = 0, mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            image |= 1 << cells[bit.bit_length() - 1]
        images.append(to_corner(image))
    return min(images)


GROUP_CACHE_LIMIT = 100_000
GROUP_POINTS: dict[int, int] = {}  # a group's mask, or its shape, to its most points
WALL_POINTS: dict[int, int] = {}  # a wall's mask to its most points


def remember(cache: dict[int, int], key: int, value: int) -> int:
    if len(cache) >= GROUP_CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def group_points(group: int, top: int | None = None) -> int:
    """The most a 4-connected group of tiles earns in any order, by its shape; `top`, when
    given, is a tighter bound already proved."""
    points = GROUP_POINTS.get(group)
    if points is None:
        key = shape(group)
        points = GROUP_POINTS.get(key)
        if points is None:
            search = Search(group)
            if top is not None:
                search.top = min(search.top, top)
            points = remember(GROUP_POINTS, key, search.run()[0])
        remember(GROUP_POINTS, group, points)
    return points
