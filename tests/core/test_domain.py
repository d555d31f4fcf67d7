"""Domain values: parse/format pairs, pasteable reprs, and the disputed points D1–D5."""

from __future__ import annotations

import pytest

from scorecheck.core import (
    Board,
    Color,
    Decider,
    FloorScore,
    Marker,
    PatternLine,
    Standing,
    Variant,
    Wall,
    printed_color,
    printed_column,
    rank,
    tile_board,
)
from scorecheck.core.check import check
from scorecheck.core.documents import RoundDocument, RoundPlayer
from scorecheck.core.tiles import format_floor, parse_floor

NAMESPACE = {
    "Board": Board,
    "Color": Color,
    "Marker": Marker,
    "PatternLine": PatternLine,
    "Variant": Variant,
    "Wall": Wall,
}


@pytest.mark.parametrize(
    "value",
    [
        Wall.parse("BYRKW / .B... / ..... / ...B. / ....B"),
        Wall.empty(),
        PatternLine.parse(3, "YY"),
        Board.parse(
            "Anna", 10, "..... / .B... / KW.Y. / ..W.. / .....", ["", "YY", "", "", ""], "1 R"
        ),
        Color.BLACK,
        Marker.FIRST_PLAYER,
        Variant.GREY,
    ],
)
def test_repr_pastes_back(value: object) -> None:
    assert eval(repr(value), NAMESPACE) == value


def test_wall_parse_and_format_are_inverse() -> None:
    text = "BYRKW / WB... / ..... / ..... / ....B"
    assert Wall.parse(text).format() == text
    assert format_floor(parse_floor("1 R K")) == "1 R K"
    with pytest.raises(ValueError):
        Wall.parse("BYRK")


def test_printed_wall_is_the_r2_table() -> None:
    table = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]
    for r, row in enumerate(table):
        for c, letter in enumerate(row):
            assert printed_color(r, c) is Color(letter)
            assert printed_column(r, Color(letter)) == c


def test_replay_does_not_mutate_and_each_step_keeps_its_wall() -> None:
    board = Board.parse("A", 0, "..... / ..... / ..... / ..... / .....", ["B", "WW", "", "", ""])
    tiling = tile_board(board)
    assert board.wall == Wall.empty()
    first, second = tiling.placements
    assert first.wall_after.format() == "B.... / ..... / ..... / ..... / ....."
    assert second.wall_after.format() == "B.... / W.... / ..... / ..... / ....."
    assert second.score.vertical == 2  # R4.4: the tile from line 1 already counts


def test_d1_marker_on_a_full_floor_costs_no_extra_slot() -> None:
    floor = FloorScore.of(parse_floor("R R R R R R R 1"))
    # The marker takes no slot, and it is no tile for the lid: it stays with its taker (R6.5).
    assert (floor.occupied, floor.penalty, floor.overflow, floor.late_markers) == (7, 14, 0, 1)


def test_d2_clamp_applies_after_the_round_and_bonuses_add_to_the_clamped_score() -> None:
    # Row 1 completes (+5) but seven floor entries cost 14: 3 + 5 − 14 → 0, then +2 bonus.
    board = Board.parse(
        "A", 3, "BYRK. / ..... / ..... / ..... / .....", ["W", "", "", "", ""], "R R R R R R R"
    )
    report = check(RoundDocument((RoundPlayer(board),)))
    tiling = report.rounds[0].tilings[0]
    assert (tiling.score_after, tiling.clamped) == (0, True)
    assert tiling.score_text() == "3 + 5 − 14 = −6 → 0"
    assert report.final is not None
    assert report.final.players[0].final_score == 2


def test_d4_rows_compared_only_among_players_tied_on_points() -> None:
    # C has the most rows but fewer points; A and B tie on points and B has more rows.
    ranking = rank([Standing("A", 50, 1), Standing("B", 50, 2), Standing("C", 40, 5)])
    assert ranking.winners == ("B",)
    assert ranking.decider is Decider.ROWS
    assert [s.name for s in ranking.standings] == ["B", "A", "C"]
    assert ranking.places == (1, 2, 3)
    assert ranking.tied_on_points == ("B", "A")


def test_d5_tie_on_points_and_rows_is_a_shared_victory() -> None:
    ranking = rank([Standing("A", 50, 2), Standing("B", 50, 2), Standing("C", 50, 1)])
    assert ranking.winners == ("A", "B")
    assert ranking.decider is Decider.SHARED
    assert ranking.places == (1, 1, 3)


def test_clear_winner_is_decided_by_points() -> None:
    ranking = rank([Standing("A", 40, 3), Standing("B", 51, 0)])
    assert (ranking.winners, ranking.decider) == (("B",), Decider.POINTS)
