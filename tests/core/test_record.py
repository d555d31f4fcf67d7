"""Whole-record checks of game records (SC3xx): messages, locations and the finer points.

Each code's trigger and near miss are in tests/support/record_cases.py, run by
tests/core/test_codes.py.
"""

from __future__ import annotations

import re

import pytest

from scorecheck.core.codes import CODES, Severity
from scorecheck.core.results import Report
from scorecheck.i18n import using, violation_message
from scorecheck.report.jsonfmt import report_dict
from scorecheck.report.text import format_text
from tests.support.checking import check_yaml, codes
from tests.support.examples import EXAMPLES
from tests.support.record_cases import CASES, TWO_ROUNDS, game, game_yaml, row_one


def test_every_record_code_has_a_case() -> None:
    """tests/core/test_codes.py triggers each and checks its near miss; here: all are usable."""
    assert set(CASES) == {c for c in CODES if c.startswith("SC3")}
    for trigger, near_miss in CASES.values():
        assert not check_yaml(trigger).unusable
        assert not check_yaml(near_miss).unusable


def _only(report: Report, code: str) -> list[str]:
    return [v.message for v in report.violations if v.code == code]


# --- Continuity (R4.2) --------------------------------------------------------------------------


def test_shrunk_line_is_located_at_the_player_and_line() -> None:
    report = check_yaml(CASES["SC302"][0])
    [v] = [v for v in report.violations if v.code == "SC302"]
    assert (v.player, v.round, v.location.line) == ("Anna", 2, 6)
    assert v.message.startswith("pattern line 4 held 2 red after round 1, but 1 red in round 2")


def test_a_line_written_short_is_not_counted_as_new_tiles_again() -> None:
    """One slip in a carried line is one error, not a supply error when it is written back."""
    report = game(
        [
            {"Anna": ("|||KKK|WWWW", "1 K K"), "Boris": ("|||RRR|BBBB", "Y Y Y Y")},
            {
                "Anna": ("Y|||KK|WWWW", "1 B B B W W W W R R"),  # line 4 written one short
                "Boris": ("Y|||RRR|BBBB", "K K K K R R R R B"),
            },
            {
                "Anna": ("R|||KKK|WWWW", "1 Y Y Y Y Y W W W W"),
                "Boris": ("R|||RRR|BBBB", "Y Y Y Y B B B B B"),
            },
        ]
    )
    found = [(v.code, v.round) for v in report.violations if v.severity is not Severity.INFO]
    assert found == [("SC302", 2), ("SC309", 3)]


# --- Scores and walls, and mistakes carried forward ---------------------------------------------


def test_a_carried_mistake_names_its_round_and_only_that_round_is_an_error() -> None:
    report = game(
        [
            {"Anna": ("B||||", "R", "claimed: {score: 1}"), "Boris": ("||||", "1")},
            {"Anna": ("Y||||", "", "claimed: {score: 3}"), "Boris": ("||||", "1")},
            {"Anna": ("R||||", "", "claimed: {score: 6}"), "Boris": ("||||", "1")},
            {"Anna": ("K||||", "", "claimed: {score: 9}"), "Boris": ("||||", "1")},
        ]
    )
    assert [(v.code, v.round) for v in report.violations if v.player == "Anna"] == [
        ("SC204", 1),
        ("SC305", 2),
        ("SC305", 3),
    ]
    assert _only(report, "SC305")[1] == (
        "the claimed score 6 after round 3 carries the mistake of round 1: counted on from the "
        "record's 3 after round 2 it is right, but the replay gives 5"
    )
    [error] = [v for v in report.violations if v.severity is Severity.ERROR]
    assert error.code == "SC204"


def test_a_recorded_score_carries_like_a_claimed_one() -> None:
    report = game(
        [
            {"Anna": ("B||||", "R", "score: 1"), "Boris": ("||||", "1")},
            {"Anna": ("Y||||", "", "score: 3"), "Boris": ("||||", "1")},
        ]
    )
    assert [v.code for v in report.violations if v.player == "Anna"] == ["SC304", "SC305"]


def test_carrying_counts_on_over_rounds_without_a_written_score() -> None:
    report = game(
        [
            {"Anna": ("B||||", "R", "claimed: {score: 1}"), "Boris": ("||||", "1")},
            {"Anna": ("Y||||", ""), "Boris": ("||||", "1")},
            {"Anna": ("R||||", "", "claimed: {score: 6}"), "Boris": ("||||", "1")},
        ]
    )
    assert [v.code for v in report.violations if v.player == "Anna"] == ["SC204", "SC305"]


def test_a_right_score_ends_the_carried_mistake() -> None:
    # round 1: 0 + 1 − 1 = 0, written 1; round 2: the floor costs 8, clamped to 0 either way
    report = game(
        [
            {"Anna": ("B||||", "R", "claimed: {score: 1}"), "Boris": ("||||", "1")},
            {"Anna": ("||||", "R R R R R", "claimed: {score: 0}"), "Boris": ("||||", "1")},
        ]
    )
    assert [v.code for v in report.violations if v.player == "Anna"] == ["SC204"]


def test_wall_differences_are_listed_with_both_values() -> None:
    report = check_yaml(CASES["SC306"][0])
    assert _only(report, "SC306") == [
        "the wall recorded after round 1 differs from the replay at row 1, column 1 "
        "(recorded empty, replay blue) (R4.1)"
    ]


def test_a_new_wall_mistake_after_a_copied_one_is_an_error() -> None:
    report = game(
        [
            {
                "Anna": ("B||||", "1", 'wall: [".....", ".....", ".....", ".....", "....."]'),
                "Boris": ("||||", ""),
            },
            {
                "Anna": ("Y||||", "1", 'wall: ["..Y..", ".....", ".....", ".....", "....."]'),
                "Boris": ("||||", ""),
            },
        ]
    )
    assert [(v.code, v.round) for v in report.violations if v.player == "Anna"] == [
        ("SC306", 1),
        ("SC306", 2),
    ]


# --- End of the game (R8.1) ---------------------------------------------------------------------


def test_rounds_after_the_end_do_not_count_for_the_final() -> None:
    report = check_yaml(CASES["SC308"][0])
    assert report.final is not None
    assert [p.score for p in report.final.players] == [
        t.score_after for t in report.rounds[4].tilings
    ]
    assert report.rounds[5].tilings[0].score_after != report.final.players[0].score
    [message] = _only(report, "SC308")
    assert "ended after round 5" in message and "Anna row 1; Boris row 1" in message
    assert report_dict(report)["ended_after_round"] == 5
    lines = format_text(report).splitlines()
    sheet = lines[next(i for i, line in enumerate(lines) if line.startswith("  round")) - 1 :]
    assert sheet[7].endswith("  ! round  (after the end, R8.1)")
    assert sheet[9].endswith("(after round 5)")


def test_an_unfinished_record_reports_standings_without_bonuses() -> None:
    report = game(row_one(1))
    assert report.final is None  # no bonuses, no winner: the game has not ended (R8.1)
    data = report_dict(report)
    assert (data["final"], data["ended_after_round"]) == (None, None)
    assert data["standings"] == [
        {"place": 1, "name": "Boris", "score": 1},
        {"place": 2, "name": "Anna", "score": 0},
    ]
    text = format_text(report)
    assert re.search(r"1\.\s+Boris\s+1\n\s+2\.\s+Anna\s+0\n", text), text  # the scorecard
    assert text.count("no bonuses") == 1, text  # said once, not again under the score sheet


def test_finished_true_without_a_complete_row_says_so() -> None:
    report = game(row_one(3), head="finished: true")
    [message] = _only(report, "SC309")
    assert "although the record says finished: true" in message


def test_final_claims_on_an_unfinished_record_are_refused() -> None:
    text = game_yaml(row_one(2)) + "claimed: {final: {Anna: 3, Boris: 4}, winner: Boris}\n"
    assert codes(check_yaml(text)).count("SC211") == 3


def test_a_final_claimed_in_the_ending_rounds_entry_is_checked() -> None:
    right = row_one(5, {"Anna": ("W||||", "1", "claimed: {final: 14}"), "Boris": ("W||||", "")})
    assert "SC209" not in codes(game(right))
    wrong = row_one(5, {"Anna": ("W||||", "1", "claimed: {final: 15}"), "Boris": ("W||||", "")})
    assert "SC209" in codes(game(wrong))


def test_a_record_without_rounds_is_refused() -> None:
    """Not 'no wall row is complete after round 0' (issue 18, item 12): nothing to replay."""
    report = check_yaml("kind: game\nplayers: [Anna, Boris]\nrounds: []\n")
    assert codes(report) == ["SC003"]
    assert report.final is None and report.unusable


# --- Tile supply (R1.2, R7) ---------------------------------------------------------------------


def test_supply_messages_explain_the_counts() -> None:
    [too_many] = _only(check_yaml(CASES["SC312"][0]), "SC312")
    assert too_many.startswith("21 tiles come into play in round 1")
    assert "the 5 factories of a 2-player game hold only 20 (R1.2)" in too_many
    [missing] = _only(check_yaml(CASES["SC314"][0]), "SC314")
    assert "1 of them is not in the record" in missing
    assert "tiles beyond the 7th floor slot go to the lid and may go unrecorded" in missing
    [red] = _only(check_yaml(CASES["SC313"][0]), "SC313")
    assert red.startswith("in round 2, 10 red tiles came into play, but at most 9 could be drawn")
    assert "10 known to be in the lid" in red


def test_missing_tiles_without_a_full_floor_cannot_be_overflow() -> None:
    report = game([{"Anna": ("B||||", "1"), "Boris": ("Y||||", "")}])
    [message] = _only(report, "SC314")
    assert "no floor is full, so floor overflow (R6.3) cannot explain them" in message


def test_a_colour_all_in_the_lid_is_caught_by_the_bag_alone() -> None:
    """The boards of round 2 hold only 10 red, but all 20 went to the lid in round 1 (R7.1)."""
    report = game(
        [
            {"Anna": ("||||", "1 " + "R " * 10), "Boris": ("||||", "R " * 10)},
            {"Anna": ("||||", "1 " + "R " * 10), "Boris": ("||||", "K " * 10)},
        ]
    )
    assert "SC313" in codes(report)
    assert "SC105" not in codes(report)


def test_more_of_a_colour_than_exist_is_sc105_alone() -> None:
    report = game([{"Anna": ("||||", "1 " + "R " * 11), "Boris": ("||||", "R " * 10)}])
    assert "SC105" in codes(report)
    assert "SC313" not in codes(report)


def test_a_hand_made_record_may_say_it_writes_only_some_tiles() -> None:
    some = game([{"Anna": ("B||||", "1"), "Boris": ("Y||||", "")}], head="tiles: some")
    assert "SC314" not in codes(some)
    # the upper limits still hold: more than the factories or the bag held is never a shortcut
    for code in ("SC312", "SC313"):
        declared = CASES[code][0].replace("rounds:", "tiles: some\nrounds:")
        assert "tiles: some" in declared and code in codes(check_yaml(declared))


def test_supply_is_not_modelled_for_a_record_of_one_player() -> None:
    report = check_yaml(CASES["SC301"][0])
    assert report.rounds[0].supply is not None
    assert report.rounds[0].supply.expected is None
    assert not {"SC312", "SC313", "SC314"} & set(codes(report))


# --- First-player marker (R3.2, R6.5) -----------------------------------------------------------


def test_starter_check_needs_a_single_marker_holder() -> None:
    no_holder = [{"Anna": ("B||||", ""), "Boris": ("Y||||", "")}, TWO_ROUNDS[1]]
    report = game(no_holder, head="starts: [Anna, Anna]")
    assert "SC316" not in codes(report)
    assert "SC315" in codes(report)


def test_starter_violation_is_located_in_starts() -> None:
    report = check_yaml(CASES["SC316"][0])
    [v] = [v for v in report.violations if v.code == "SC316"]
    assert (v.location.line, v.player, v.round) == (3, "Anna", 2)
    assert v.message == (
        "Anna is recorded as starting round 2, but Boris took the first-player marker in "
        "round 1 and so starts round 2 (R6.5)"
    )


def test_the_game_records_section_of_the_format_doc_shows_a_record_that_checks() -> None:
    doc = (EXAMPLES.parent / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc.split("## Game records\n", 1)[1].split("\n## ", 1)[0]
    [block] = [b.split("```", 1)[0] for b in section.split("```yaml\n")[1:]]
    assert codes(check_yaml(block)) == ["SC310"]  # finished: false, as it says
    for code in CASES:
        assert code in section, f"{code} is not described in docs/format.md"


@pytest.mark.parametrize(
    ("language", "empty_round"),
    [
        ("en", "no tile came into play"),
        ("ru", "не вошло ни одной плитки"),
        ("ja", "場に出たタイルがまだ1枚も書かれていません"),
    ],
)
def test_a_round_not_filled_in_yet_is_told_so_not_counted_as_zero_tiles(
    language: str, empty_round: str
) -> None:
    report = check_yaml(game_yaml([{"Anna": ("||||", ""), "Boris": ("||||", "")}]))
    (missing,) = [v for v in report.violations if v.code == "SC314"]
    with using(language):
        message = violation_message(missing)
    assert empty_round in message, message
    assert not re.search(r"(?<!\d)0(?!\d)", message), message  # no "0 tiles came into play"
