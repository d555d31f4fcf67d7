"""Values derived once when a domain value is made equal what they are derived from."""

from __future__ import annotations

import random

from scorecheck.core.replay import tile_board
from scorecheck.core.scoring import FloorScore
from scorecheck.core.tiles import COLORS, SIZE, Board, Marker, PatternLine, Wall, printed_color


def random_walls(count: int) -> list[Wall]:
    rng = random.Random(4)
    walls = []
    for _ in range(count):
        fill = rng.random()
        walls.append(
            Wall(
                tuple(
                    printed_color(i // SIZE, i % SIZE) if rng.random() < fill else None
                    for i in range(SIZE * SIZE)
                )
            )
        )
    return walls


def test_complete_rows_and_columns_are_the_full_ones() -> None:
    walls = random_walls(3000)
    assert any(w.complete_rows() for w in walls) and any(w.complete_columns() for w in walls)
    for wall in walls:
        assert wall.complete_rows() == tuple(r for r in range(SIZE) if None not in wall.row(r))
        assert wall.complete_columns() == tuple(
            c for c in range(SIZE) if None not in wall.column(c)
        )


def test_a_wall_with_a_new_tile_has_the_mask_it_would_be_made_with() -> None:
    for wall in random_walls(300):
        for index in range(SIZE * SIZE):
            if wall.cells[index] is None:
                after = wall.with_tile(index // SIZE, index % SIZE, COLORS[index % 5])
                assert after.mask == Wall(after.cells).mask
                assert after == Wall(after.cells)


def test_pattern_lines_know_their_capacity_fullness_and_colour() -> None:
    for index in range(SIZE):
        for tiles in [(), (COLORS[0],) * (index + 1), (COLORS[1],) * index, COLORS[:2]]:
            line = PatternLine(index, tiles)
            assert line.capacity == index + 1
            assert line.is_full == (len(tiles) >= index + 1)
            distinct = tuple(dict.fromkeys(tiles))
            assert line.colors == distinct
            assert line.color == (distinct[0] if len(distinct) == 1 else None)


def test_floors_scored_once_are_the_floors_scored_afresh() -> None:
    items = (Marker.FIRST_PLAYER, COLORS[0], COLORS[1], COLORS[2])
    for n in range(10):
        floor = (items * 3)[:n]
        markers, late = floor.count(Marker.FIRST_PLAYER), floor[7:].count(Marker.FIRST_PLAYER)
        assert FloorScore.of(floor) == FloorScore(n, n - markers, late)
        assert FloorScore.of(list(floor)) is FloorScore.of(floor)


def test_tiling_totals_are_the_sums_of_their_parts() -> None:
    board = Board.parse(
        "Anna",
        3,
        ". B . . . / K W . Y . / . . . . . / . . . . . / . . . . .",
        ["Y", "YY", "BBB", "", ""],
        "1 R R R R R",
    )
    tiling = tile_board(board)
    unclamped = board.score + sum(p.points for p in tiling.placements) - tiling.floor.penalty
    assert tiling.wall_points == sum(p.points for p in tiling.placements) > 0
    assert (tiling.score_after, tiling.clamped) == (max(0, unclamped), unclamped < 0)
    assert tiling.clamped
    assert tiling.to_lid == sum(p.to_lid for p in tiling.placements) + tiling.floor.tiles
