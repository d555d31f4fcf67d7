"""The worked examples E1–E6 of RULES.md (and the overflow example of source 000), as tests."""

from __future__ import annotations

from scorecheck.core.check import check
from scorecheck.core.documents import FinalDocument, FinalPlayer
from scorecheck.core.replay import tile_board
from scorecheck.core.scoring import EndBonus, FloorScore, score_placement
from scorecheck.core.tiles import Board, Color, Marker, Wall, parse_floor
from tests.support.checking import check_yaml, codes

E1_WALL = "..... / .B... / KW.Y. / ..W.. / ....."


def test_e1_line_two_then_line_three_score_2_and_7() -> None:
    # E1 (000): yellow beside the blue (+2), then blue joins 4 across and 3 down (+7).
    board = Board.parse("Anna", 10, E1_WALL, ["", "YY", "BBB", "YY", ""])
    tiling = tile_board(board)
    first, second = tiling.placements
    assert (first.line, first.color, first.score.row, first.score.column) == (1, Color.YELLOW, 1, 2)
    assert (first.score.horizontal, first.score.vertical, first.points) == (2, 1, 2)
    assert (second.line, second.color, second.score.row, second.score.column) == (
        2,
        Color.BLUE,
        2,
        2,
    )
    # R4.4: the yellow placed from line 2 is part of the blue's vertical run.
    assert second.score.vertical_cells == ((1, 2), (2, 2), (3, 2))
    assert second.score.horizontal_cells == ((2, 0), (2, 1), (2, 2), (2, 3))
    assert (second.score.horizontal, second.score.vertical, second.points) == (4, 3, 7)
    assert second.score.sum_text() == "4 + 3 = 7"
    # Line 4 holds two yellow and stays; one yellow and two blue go to the lid, no penalty.
    assert tiling.lines_after[3].tiles == (Color.YELLOW, Color.YELLOW)
    assert tiling.to_lid == 3
    assert tiling.floor.penalty == 0
    assert tiling.score_after == 19


def test_e2_four_floor_tiles_and_the_marker_cost_8() -> None:
    floor = FloorScore.of(parse_floor("R R Y K 1"))
    assert floor.slot_costs == (1, 1, 2, 2, 2)
    assert floor.penalty == 8
    assert floor.tiles == 4  # the marker is not a tile and stays with its taker (R6.5)


def test_e3_three_floor_tiles_cost_4() -> None:
    assert FloorScore.of(parse_floor("B B B")).penalty == 4


def test_e4_tile_joining_3_across_and_2_down_scores_5() -> None:
    # E4 (001): neighbours left and right (3 across) and one above (2 in the column).
    wall = Wall.parse("...K. / ..Y.K / ..... / ..... / .....")
    score = score_placement(wall.mask, 1, 3)
    assert (score.left, score.right, score.top, score.bottom) == (2, 4, 0, 1)
    assert score.points == 5
    assert score.sum_text() == "3 + 2 = 5"


def test_e5_final_38_with_two_rows_a_column_and_a_colour_is_59() -> None:
    wall = Wall.parse("BYRKW / WBYRK / K.B.. / R..B. / Y...B")
    bonus = EndBonus.of(wall)
    assert bonus.rows == (0, 1)
    assert bonus.columns == (0,)
    assert bonus.colors == (Color.BLUE,)
    report = check(FinalDocument((FinalPlayer("Anna", wall, 38),)))
    assert report.final is not None
    assert report.final.players[0].final_score == 38 + 4 + 7 + 10 == 59


def test_e6_first_round_blue_alone_scores_1_and_the_marker_costs_1() -> None:
    # E6 (001): Anna's two blue fill line 2; Boris takes the red from the centre with the
    # marker, into line 1. At tiling Anna's blue lands alone (+1), one blue to the lid.
    report = check_yaml(
        """
kind: game
players: [Anna, Boris]
rounds:
  - Anna:  {lines: ["", "BB", "", "", ""], floor: ""}
    Boris: {lines: ["R", "", "", "", ""], floor: "1"}
"""
    )
    [round_one] = report.rounds
    anna, boris = round_one.tilings
    [blue] = anna.placements
    assert (blue.color, blue.score.row, blue.score.column, blue.points) == (Color.BLUE, 1, 1, 1)
    assert blue.to_lid == 1
    assert anna.score_after == 1
    assert boris.board.floor == (Marker.FIRST_PLAYER,)
    assert (boris.wall_points, boris.floor.penalty, boris.score_after) == (1, 1, 0)
    # As a game record this one round is an excerpt: 3 of the 20 drafted tiles are written
    # down (SC314) and no wall row is complete (SC309). Nothing on the boards is wrong.
    assert codes(report) == ["SC314", "SC309"]


def test_overflowing_take_sends_only_the_excess_to_the_floor() -> None:
    # Source 000 / D3: two blue on the 3-place line, three more taken: one fills the line,
    # two go to the floor (−2). Writing all five on the line is a broken rule (SC101).
    right = check_yaml(
        'kind: round\nplayers:\n  - {name: A, lines: ["", "", "BBB", "", ""], floor: "B B"}\n'
    )
    assert codes(right) == []
    assert right.rounds[0].tilings[0].floor.penalty == 2
    wrong = check_yaml(
        'kind: round\nplayers:\n  - {name: A, lines: ["", "", "BBBBB", "", ""], floor: ""}\n'
    )
    assert codes(wrong) == ["SC101"]


def test_lone_tile_scores_1_and_a_vertical_only_run_of_3_scores_3() -> None:
    # R5.1, R5.3 (000): no extra point for the placement itself.
    lone = score_placement(Wall.empty().mask, 2, 2)
    assert lone.points == 1 and lone.sum_text() == "1"
    column = Wall.parse("..... / ..B.. / ..... / ..... / .....")
    below = Wall.parse("..... / ..... / ..... / ..B.. / .....")
    mask = column.mask | below.mask
    assert score_placement(mask, 2, 2).points == 3
