"""Placement points counted the slow way, walking the grid from the new tile (R5): the second,
simple implementation the property tests hold the core to."""

from __future__ import annotations


def simple_points(tiles: set[tuple[int, int]], row: int, col: int) -> int:
    """R5 by walking outwards from the new tile; `tiles` already holds it."""
    across = 1
    c = col - 1
    while (row, c) in tiles:
        across += 1
        c -= 1
    c = col + 1
    while (row, c) in tiles:
        across += 1
        c += 1
    down = 1
    r = row - 1
    while (r, col) in tiles:
        down += 1
        r -= 1
    r = row + 1
    while (r, col) in tiles:
        down += 1
        r += 1
    if across == 1 and down == 1:
        return 1
    total = 0
    if across > 1:
        total += across
    if down > 1:
        total += down
    return total
