"""The grey-wall variant (R9): input, the R9.2 replay, each check's trigger and near miss."""

from __future__ import annotations

import json

from scorecheck.api import check_files
from scorecheck.core.replay import tile_board
from scorecheck.core.results import Report
from scorecheck.core.scoring import EndBonus, FloorScore
from scorecheck.core.tiles import Board, Color, Variant, Wall
from scorecheck.core.violations import Violation
from scorecheck.report.jsonfmt import report_dict
from scorecheck.report.text import format_text
from tests.support.checking import check_yaml, codes
from tests.support.examples import EXAMPLES

GREY_CODES = ("SC120", "SC121", "SC122", "SC123", "SC124")


def grey_round(
    wall: list[str],
    lines: list[str],
    columns: str | None = "[null, null, null, null, null]",
    floor: str = "",
    extra: str = "",
    variant: str = "grey",
    score: int = 0,  # at most what the wall could have earned (SC125)
) -> str:
    """A one-player round document; wall rows and lines as the user would type them.

    The columns line is line 13 of the text (omitted when None), the wall rows lines 7 to 11.
    """
    rows = "\n".join(f'      - "{row}"' for row in wall)
    given = "" if columns is None else f"    columns: {columns}\n"
    return (
        f"kind: round\nvariant: {variant}\nplayers:\n  - name: Anna\n    score: {score}\n"
        f"    wall:\n{rows}\n    lines: {json.dumps(lines)}\n{given}"
        f'    floor: "{floor}"\n{extra}'
    )


def coloured_round(wall: list[str], lines: list[str]) -> str:
    """The same document on the coloured side, without columns."""
    return grey_round(wall, lines, None, variant="colored")


EMPTY = [". . . . ."] * 5


def grey_codes(text: str) -> list[str]:
    return [c for c in codes(check_yaml(text)) if c in GREY_CODES]


def find(report: Report, code: str) -> Violation:
    """The one violation of a code in a report."""
    [violation] = [v for v in report.violations if v.code == code]
    return violation


# --- Input ------------------------------------------------------------------------------------


def test_columns_are_read_one_based_per_pattern_line() -> None:
    report = check_yaml(grey_round(EMPTY, ["", "YY", "", "", ""], "[null, 4, null, null, null]"))
    [tiling] = report.rounds[0].tilings
    assert tiling.board.columns == (None, 3, None, None, None)
    assert [(p.line, p.score.column) for p in tiling.placements] == [(1, 3)]
    assert report.ok


def test_x_on_the_grey_wall_is_a_located_error_naming_the_cell() -> None:
    wall = [". . . . .", ". . x . .", *EMPTY[2:]]
    report = check_yaml(grey_round(wall, [""] * 5))
    [v] = report.violations
    assert v.code == "SC003"
    assert "x at row 2, column 3" in v.message and "grey wall prints no colours" in v.message
    assert (v.location.line, v.location.column) == (8, 14)  # the x itself


def test_x_in_a_claimed_grey_wall_is_refused_too() -> None:
    claimed = "    claimed:\n      wall: ['x....', '.....', '.....', '.....', '.....']\n"
    report = check_yaml(grey_round(EMPTY, [""] * 5, extra=claimed))
    assert codes(report) == ["SC003"]
    assert "x at row 1, column 1" in report.violations[0].message


def test_x_near_miss_is_fine_on_the_coloured_side() -> None:
    wall = [". . . . .", ". . x . .", *EMPTY[2:]]
    assert check_yaml(coloured_round(wall, [""] * 5)).ok


def test_columns_on_the_coloured_side_are_refused_at_the_key() -> None:
    report = check_yaml(
        grey_round(EMPTY, ["", "YY", "", "", ""], "[null, 4, null, null, null]", variant="colored")
    )
    [v] = report.violations
    assert v.code == "SC003" and "grey wall only" in v.message
    assert v.location.line == 13


def test_bad_columns_are_located_contract_errors() -> None:
    for given, fragment, column in (
        (
            "[null, 6, null, null, null]",
            "columns entry 2 (pattern line 2) must be a wall column 1 to 5",
            21,
        ),
        ("[null, 0, null, null, null]", "got the number 0", 21),
        ("[true, null, null, null, null]", "got the boolean true", 15),
        ('[null, "3", null, null, null]', "got '3'", 21),
        ("[1, 2, 3]", "columns has 3 entries, expected 5", 14),
        ("3", "columns must be a list of 5 entries", 14),
    ):
        [v] = check_yaml(grey_round(EMPTY, [""] * 5, given)).violations
        assert v.code == "SC003" and fragment in v.message, (given, v.message)
        assert (v.location.line, v.location.column) == (13, column), given


def test_variant_must_be_colored_or_grey() -> None:
    [v] = check_yaml(grey_round(EMPTY, [""] * 5, variant="gray")).violations
    assert v.code == "SC003" and "'colored' or 'grey'" in v.message


# --- SC120: a colour repeated in a wall row or column (R9.1) ------------------------------------


def test_sc120_colour_repeated_in_a_row() -> None:
    report = check_yaml(grey_round(["B . B . .", *EMPTY[1:]], [""] * 5))
    v = find(report, "SC120")
    assert v.message == (
        "row 1, column 3 of the grey wall holds blue, but blue already stands at "
        "row 1, column 1 in the same row (R9.1)"
    )
    assert (v.location.line, v.location.column) == (7, 14)
    assert not report.ok


def test_sc120_colour_repeated_in_a_column_of_a_final_document() -> None:
    text = (
        "kind: final\nvariant: grey\nplayers:\n  - name: Anna\n    score: 3\n    wall:\n"
        "      - 'BYRKW'\n      - '.....'\n      - 'B....'\n      - '.....'\n      - '.....'\n"
    )
    v = find(check_yaml(text), "SC120")
    assert v.message.startswith(
        "row 3, column 1 of the grey wall holds blue, but blue already stands at row 1, "
        "column 1 in the same column"
    )


def test_sc120_near_miss_each_colour_once_per_row_and_column() -> None:
    # A Latin-square wall: legal on the grey side, nothing where the coloured side prints it.
    wall = ["Y B R K W", "B R K W Y", "R K W Y B", "K W Y B R", "W Y B R K"]
    assert grey_codes(grey_round(wall, [""] * 5)) == []


def test_sc120_stays_off_the_coloured_side() -> None:
    assert "SC120" not in codes(check_yaml(coloured_round(["B . B . .", *EMPTY[1:]], [""] * 5)))


# --- SC104 never fires on the grey wall ----------------------------------------------------------


def test_sc104_fires_on_the_coloured_side_only() -> None:
    wall = ["Y . . . .", *EMPTY[1:]]
    assert "SC104" in codes(check_yaml(coloured_round(wall, [""] * 5)))
    assert codes(check_yaml(grey_round(wall, [""] * 5))) == []


# --- SC121: a chosen column that is taken or breaks R9.1 ------------------------------------------


def test_sc121_chosen_cell_already_taken_names_the_legal_columns() -> None:
    wall = [". . . . .", ". B . . .", *EMPTY[2:]]
    v = find(
        check_yaml(grey_round(wall, ["", "YY", "", "", ""], "[null, 2, null, null, null]")), "SC121"
    )
    assert v.message == (
        "the chosen column 2 for pattern line 2 (yellow) is not allowed: row 2, column 2 is "
        "already taken (R9.1); legal columns: column 1 (+2), column 3 (+2), column 4 (+1), "
        "column 5 (+1)"
    )
    assert (v.location.line, v.location.column) == (13, 21)


def test_sc121_colour_already_in_the_chosen_column() -> None:
    wall = [". . . . .", *EMPTY[1:4], ". . . Y ."]
    report = check_yaml(grey_round(wall, ["", "YY", "", "", ""], "[null, 4, null, null, null]"))
    v = find(report, "SC121")
    assert "yellow already stands in column 4 (row 5)" in v.message
    assert report.rounds[0].tilings[0].untiled == (1,)  # not tiled: the table must fix it


def test_sc121_near_miss_a_legal_choice_is_placed() -> None:
    wall = [". . . . .", *EMPTY[1:4], ". . . Y ."]
    report = check_yaml(grey_round(wall, ["", "YY", "", "", ""], "[null, 3, null, null, null]"))
    assert grey_codes(grey_round(wall, ["", "YY", "", "", ""], "[null, 3, null, null, null]")) == []
    assert report.rounds[0].tilings[0].wall_after.at(1, 2) is Color.YELLOW


# --- SC122: a full line without a chosen column ---------------------------------------------------


def test_sc122_full_line_without_column() -> None:
    wall = [". . R . .", ". . . . .", "K . . . .", *EMPTY[3:]]
    report = check_yaml(grey_round(wall, ["", "", "RRR", "", ""]))
    v = find(report, "SC122")
    # Column 3 holds red (row 1): illegal; column 2 touches the black: 2 across.
    assert v.message == (
        "pattern line 3 is full of red, but no wall column is chosen for it; legal columns, "
        "with the points each would score: column 2 (+2), column 4 (+1), column 5 (+1) (R9.1)"
    )
    assert (v.location.line, v.location.column) == (12, 21)
    assert report.rounds[0].tilings[0].untiled == (2,)


def test_sc122_near_miss_line_not_full_needs_no_column() -> None:
    assert grey_codes(grey_round(EMPTY, ["", "", "RR", "", ""])) == []


FORCED_WHITE = ["B R K Y .", *EMPTY[1:]]  # row 1's one free cell, column 5, may take white


def test_a_single_legal_cell_needs_no_chosen_column() -> None:
    claims = "    claimed: {points: [5], penalty: 0, score: 15}\n"
    report = check_yaml(grey_round(FORCED_WHITE, ["W", "", "", "", ""], score=10, extra=claims))
    assert codes(report) == []
    [placement] = report.rounds[0].tilings[0].placements
    assert (placement.line, placement.score.column, placement.points) == (0, 4, 5)
    assert report.rounds[0].tilings[0].score_after == 15


def test_a_single_legal_cell_completes_the_row_and_ends_a_game_record() -> None:
    text = (
        "kind: game\nvariant: grey\nplayers: [Anna]\nrounds:\n"
        + "".join(
            f"  - Anna: {{lines: ['{c}', '', '', '', ''], columns: [{k}, null, null, null, null]}}"
            "\n"
            for k, c in enumerate("BRKY", start=1)
        )
        + "  - Anna: {lines: ['W', '', '', '', '']}\n"  # row 1's last cell: the only one
    )
    report = check_yaml(text)
    assert not [c for c in codes(report) if c.startswith("SC12") or c in ("SC309", "SC211")]
    assert report.final is not None


def test_two_legal_cells_still_need_a_chosen_column() -> None:
    wall = ["B R K . .", *EMPTY[1:]]
    assert grey_codes(grey_round(wall, ["W", "", "", "", ""])) == ["SC122"]


# --- SC123: a chosen column for a line that is not full -------------------------------------------


def test_sc123_column_for_a_line_that_is_not_full_is_a_warning() -> None:
    report = check_yaml(grey_round(EMPTY, ["", "", "", "KK", ""], "[null, null, null, 3, null]"))
    v = find(report, "SC123")
    assert v.message == (
        "column 3 is chosen for pattern line 4, which is not full (2 of 4): nothing moves to "
        "the wall from it this round (R4.1, R4.2)"
    )
    assert report.ok  # a warning, not an error
    assert report.rounds[0].tilings[0].placements == ()


def test_sc123_near_miss_the_same_line_full() -> None:
    assert (
        grey_codes(grey_round(EMPTY, ["", "", "", "KKKK", ""], "[null, null, null, 3, null]")) == []
    )


# --- SC124 and the R9.2 replay: a full line with no legal cell goes to the floor -----------------

NO_CELL_FOR_WHITE = ["B Y R K .", ". . . . W", *EMPTY[2:]]  # row 1's only free cell: column 5


def test_sc124_line_with_no_legal_cell_goes_to_the_floor() -> None:
    report = check_yaml(grey_round(NO_CELL_FOR_WHITE, ["W", "", "", "", ""], floor="1 R", score=10))
    v = find(report, "SC124")
    assert v.message == (
        "pattern line 1 is full of white, but no free cell of wall row 1 may take white: the "
        "line's tiles (1) go to the floor (R9.2); the floor penalty goes from −2 to −4 "
        "(0 of them past the 7th slot, to the lid: R6.3)"
    )
    assert report.ok  # the rule, not an error
    [tiling] = report.rounds[0].tilings
    assert tiling.placements == () and tiling.untiled == ()
    [forfeit] = tiling.forfeits
    assert (forfeit.line, forfeit.color, forfeit.count) == (0, Color.WHITE, 1)
    assert (tiling.drafted_floor.penalty, tiling.floor.penalty) == (2, 4)
    assert tiling.score_after == 10 - 4
    assert tiling.lines_after[0].tiles == ()
    assert tiling.to_lid == 2  # the red and the white; the marker stays with its taker


def test_sc124_near_miss_one_legal_cell_left() -> None:
    wall = ["B Y R K .", ". . . . .", *EMPTY[2:]]
    report = check_yaml(grey_round(wall, ["W", "", "", "", ""], "[5, null, null, null, null]"))
    assert grey_codes(grey_round(wall, ["W", "", "", "", ""], "[5, null, null, null, null]")) == []
    assert report.rounds[0].tilings[0].placements[0].points == 5  # completes row 1: 5 across


def test_a_column_chosen_for_a_forfeited_line_is_still_illegal() -> None:
    text = grey_round(NO_CELL_FOR_WHITE, ["W", "", "", "", ""], "[5, null, null, null, null]")
    assert grey_codes(text) == ["SC121", "SC124"]
    assert "legal columns: none" in find(check_yaml(text), "SC121").message


def test_forfeited_tiles_past_the_seventh_slot_go_to_the_lid() -> None:
    # Row 1 is free at columns 4 and 5, and both columns hold white; the floor is already full.
    board = Board.parse(
        "A", 20, "BYR.. / ...W. / ....W / ..... / .....", ["W", "", "", "", ""], "1 R R R R R R"
    )
    tiling = tile_board(board, Variant.GREY)
    [forfeit] = tiling.forfeits
    assert forfeit.floor_before == FloorScore(7, 6) and forfeit.floor_after == FloorScore(8, 7)
    assert forfeit.floor_after.penalty == forfeit.floor_before.penalty == 14
    assert forfeit.overflow == 1
    assert tiling.floor.penalty == 14 and tiling.score_after == 6


def test_two_forfeits_chain_their_floor_steps_top_to_bottom() -> None:
    board = Board.parse(
        "A",
        30,
        "BYRK. / .RKWY / ....W / B.... / .....",
        ["W", "BB", "", "", ""],
        "R R R R R",
    )
    tiling = tile_board(board, Variant.GREY)
    # Row 1: only column 5, which holds white below. Row 2: only column 1, which holds blue.
    assert [(f.line, f.count) for f in tiling.forfeits] == [(0, 1), (1, 2)]
    first, second = tiling.forfeits
    assert first.floor_after == second.floor_before
    assert [(f.floor_before.penalty, f.floor_after.penalty) for f in tiling.forfeits] == [
        (8, 11),
        (11, 14),
    ]
    assert second.overflow == 1
    assert tiling.floor_items[-3:] == (Color.WHITE, Color.BLUE, Color.BLUE)
    assert tiling.score_after == 30 - 14


def test_forfeit_never_happens_on_the_coloured_side() -> None:
    board = Board.parse("A", 5, "BYRK. / ....W / ..... / ..... / .....", ["W", "", "", "", ""])
    tiling = tile_board(board, Variant.COLORED)
    assert tiling.forfeits == () and tiling.placements[0].score.column == 4


def test_claims_count_the_forfeited_tiles_in_the_penalty() -> None:
    right = "    claimed: {points: [], penalty: 2, score: 8}\n"
    wrong = "    claimed: {points: [], penalty: 1, score: 9}\n"
    line_1 = ["W", "", "", "", ""]
    assert codes(
        check_yaml(grey_round(NO_CELL_FOR_WHITE, line_1, floor="1", extra=right, score=10))
    ) == ["SC124"]
    assert codes(
        check_yaml(grey_round(NO_CELL_FOR_WHITE, line_1, floor="1", extra=wrong, score=10))
    ) == [
        "SC124",
        "SC203",
        "SC204",
    ]


# --- R9.3 (inferred): bonuses as on the coloured side, a colour anywhere ------------------------


def test_colour_bonus_counts_five_tiles_anywhere_on_the_grey_wall() -> None:
    # Blue on a permutation the coloured wall never prints: (1,2) (2,1) (3,4) (4,5) (5,3).
    wall = Wall.parse(".B... / B.... / ...B. / ....B / ..B..")
    assert EndBonus.of(wall).colors == (Color.BLUE,)
    text = (
        "kind: final\nvariant: grey\nplayers:\n  - name: Anna\n    score: 17\n    wall:\n"
        "      - 'YBRKW'\n      - 'B....'\n      - '...B.'\n      - '....B'\n      - '..B..'\n"
        "    claimed: {final: 29}\n"
    )
    report = check_yaml(text)
    assert codes(report) == []  # 17 + 2 (row 1) + 10 (blue); the wall could earn 19 (SC125)
    assert report.final is not None and report.final.players[0].final_score == 29


# --- Game records --------------------------------------------------------------------------------


def test_game_entries_carry_columns_and_the_grey_wall_builds_up() -> None:
    text = (
        "kind: game\nvariant: grey\nplayers: [Anna]\nrounds:\n"
        "  - Anna: {lines: ['B', '', '', '', ''], columns: [2, null, null, null, null]}\n"
        "  - Anna: {lines: ['', 'BB', '', '', ''], columns: [null, 2, null, null, null]}\n"
        "  - Anna: {lines: ['', 'YY', '', '', '']}\n"
    )
    report = check_yaml(text)
    assert [c for c in codes(report) if c.startswith("SC12")] == ["SC121", "SC122"]
    illegal = find(report, "SC121")
    assert illegal.round == 2
    assert "blue already stands in column 2 (row 1)" in illegal.message
    missing = find(report, "SC122")
    assert (missing.round, missing.location.line) == (3, 7)


def test_game_columns_on_the_coloured_side_are_refused() -> None:
    text = (
        "kind: game\nplayers: [Anna]\nrounds:\n"
        "  - Anna: {lines: ['B', '', '', '', ''], columns: [2, null, null, null, null]}\n"
    )
    [v] = check_yaml(text).violations
    assert v.code == "SC003" and "grey wall only" in v.message


# --- The example and the reports --------------------------------------------------------------


def test_grey_example_checks_as_its_comment_says() -> None:
    [report] = check_files([str(EXAMPLES / "grey-round.yaml")])
    assert codes(report) == ["SC124", "SC203", "SC204"]
    anna, boris = report.rounds[0].tilings
    assert [(p.line, p.score.column, p.points) for p in anna.placements] == [(0, 2, 4), (2, 1, 2)]
    assert anna.score_after == 8
    assert [(f.line, f.color) for f in boris.forfeits] == [(0, Color.WHITE)]
    assert (boris.floor.penalty, boris.score_after) == (2, 9)
    assert all(v.player == "Boris" for v in report.violations)


def test_text_report_shows_columns_and_the_line_sent_to_the_floor() -> None:
    [report] = check_files([str(EXAMPLES / "grey-round.yaml")])
    text = format_text(report)
    assert "grey wall, chosen columns by pattern line: 3, –, 2, –, –" in text
    assert "line 1  red    → row 1, column 3 (chosen)  +4" in text
    assert "line 1  white  → floor, all 1: no cell of row 1 may take white (R9.2)" in text
    assert "floor   marker + W (line 1, R9.2):  −1 −1 = −2" in text


def test_json_report_gives_columns_and_tiles_sent_to_the_floor() -> None:
    [report] = check_files([str(EXAMPLES / "grey-round.yaml")])
    anna, boris = report_dict(report)["rounds"][0]["players"]
    assert anna["variant"] == "grey" and anna["columns"] == [3, None, 2, None, None]
    assert boris["to_floor"] == [
        {
            "line": 1,
            "color": "W",
            "count": 1,
            "penalty_before": 1,
            "penalty_after": 2,
            "overflow": 0,
        }
    ]
    assert boris["floor"]["items"] == ["1", "W"]
    assert boris["floor"]["drafted_penalty"] == 1 and boris["floor"]["penalty"] == 2


def test_text_report_shows_untiled_lines_on_the_coloured_side_too() -> None:
    [report] = check_files([str(EXAMPLES / "e1-round.yaml")])
    assert "not tiled" not in format_text(report)
    text = coloured_round(EMPTY, ["", "YB", "", "", ""])
    assert "line 2  not tiled: a broken rule, see below" in format_text(check_yaml(text))


def test_x_is_refused_on_grey_final_walls_and_recorded_game_walls() -> None:
    final = (
        "kind: final\nvariant: grey\nplayers:\n  - name: Anna\n    score: 3\n    wall:\n"
        "      - 'BYRKx'\n      - '.....'\n      - '.....'\n      - '.....'\n      - '.....'\n"
    )
    game = (
        "kind: game\nvariant: grey\nplayers: [Anna]\nrounds:\n"
        "  - Anna: {lines: ['B', '', '', '', ''], columns: [1, null, null, null, null],\n"
        "           wall: ['x....', '.....', '.....', '.....', '.....']}\n"
    )
    for text, cell, where in (
        (final, "row 1, column 5", (7, 14)),
        (game, "row 1, column 1", (6, 20)),
    ):
        [v] = check_yaml(text).violations
        assert v.code == "SC003" and f"x at {cell}" in v.message
        assert (v.location.line, v.location.column) == where


def test_the_grey_wall_section_of_the_format_doc_shows_documents_that_check() -> None:
    doc = (EXAMPLES.parent / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc.split("## The grey wall", 1)[1].split("\n## ", 1)[0]
    blocks = section.split("```yaml\n")[1:]
    assert len(blocks) == 2
    for block in blocks:
        report = check_yaml(block.split("```", 1)[0])
        # The game is a one-round excerpt: its whole-record notes (tiles not all written
        # down, SC314; no row complete, SC309) are not about the grey wall.
        expected = ["SC314", "SC309"] if report.kind == "game" else []
        assert report.kind in ("round", "game") and codes(report) == expected


def test_claimed_wall_with_a_tile_from_a_forfeited_line_differs_from_the_replay() -> None:
    # The table put the white at row 1, column 5 although white stands below it (R9.1, R9.2).
    claimed = "    claimed:\n      wall: ['BYRKW', '....W', '.....', '.....', '.....']\n"
    report = check_yaml(grey_round(NO_CELL_FOR_WHITE, ["W", "", "", "", ""], extra=claimed))
    assert codes(report) == ["SC124", "SC208"]  # not SC205: line 1 was full
    assert "an empty cell" in find(report, "SC208").message


def test_claimed_wall_gaining_a_tile_from_a_line_that_is_not_full_is_sc205() -> None:
    claimed = "    claimed:\n      wall: ['.....', '....W', '.....', '.....', '.....']\n"
    assert codes(check_yaml(grey_round(EMPTY, ["", "W", "", "", ""], extra=claimed))) == ["SC205"]
