"""The checker records each claim beside the replay, with the code it broke (Report.claims),
and the scorecard marks claims from those records, not from the violations' messages."""

from __future__ import annotations

import dataclasses

from scorecheck.api import check_text
from scorecheck.core.claimcheck import FINAL, PENALTY, POINTS, RECORDED, SCORE, ClaimCheck
from scorecheck.report.lesson import select
from scorecheck.report.scorecard import Mark, scorecard

ROUND = """\
kind: round
players:
  - name: Anna
    score: 10
    wall: [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]
    lines: ["B", ". .", ". . .", ". . . .", ". . . . ."]
    floor: "R R"
    claimed: {points: [1, 4], penalty: -2, score: 7}
  - name: Boris
    score: 3
    lines: ["Y", ". .", ". . .", ". . . .", ". . . . ."]
    claimed: {points: [2], penalty: 0, score: 4}
"""

GAME = """\
kind: game
players: [Anna, Boris]
rounds:
  - Anna: {lines: ["B", "", "", "", ""], floor: "", score: 1}
    Boris: {lines: ["Y", "", "", "", ""], floor: "", score: 5, claimed: {score: 5}}
  - Anna: {lines: ["", "", "", "", ""], floor: "", score: 1}
    Boris: {lines: ["", "", "", "", ""], floor: "", score: 5}
"""


def test_a_round_document_records_each_claim_with_its_verdict() -> None:
    [report] = check_text("round.yaml", ROUND)
    assert report.claims == (
        ClaimCheck(POINTS, "Anna", None, 1, 1, None, 0, 1),
        ClaimCheck(POINTS, "Anna", None, 4, None, "SC202", 1),
        ClaimCheck(PENALTY, "Anna", None, -2, 2, None),
        ClaimCheck(SCORE, "Anna", None, 7, 9, "SC204"),
        ClaimCheck(POINTS, "Boris", None, 2, 1, "SC201", 0, 1),
        ClaimCheck(PENALTY, "Boris", None, 0, 0, None),
        ClaimCheck(SCORE, "Boris", None, 4, 4, None),
    )
    codes = {v.code for v in report.violations}
    assert {c.code for c in report.claims} - {None} <= codes


def test_the_scorecard_marks_what_the_checker_recorded() -> None:
    [report] = check_text("round.yaml", ROUND)
    rows = {row.name: row.cells for row in scorecard(report).players}
    assert [c.mark for c in rows["Anna"]["points"].claims] == [Mark.RIGHT, Mark.WRONG]
    assert rows["Anna"]["score"].mark is Mark.WRONG
    assert rows["Boris"]["points"].mark is Mark.WRONG
    assert rows["Boris"]["penalty"].mark is Mark.RIGHT
    # A verdict the record does not hold is not read back out of the violations.
    cleared = dataclasses.replace(report, claims=())
    cells = {row.name: row.cells for row in scorecard(cleared).players}
    assert cells["Anna"]["points"].claims == ()


def test_a_game_record_records_claimed_and_recorded_scores_by_round() -> None:
    [report] = check_text("game.yaml", GAME)
    scores = [c for c in report.claims if c.what in (SCORE, RECORDED)]
    assert [(c.what, c.player, c.round, c.claimed, c.code) for c in scores] == [
        (RECORDED, "Anna", 1, 1, None),
        (RECORDED, "Anna", 2, 1, None),
        (SCORE, "Boris", 1, 5, "SC204"),
        (RECORDED, "Boris", 1, 5, "SC304"),
        (RECORDED, "Boris", 2, 5, "SC305"),
    ]
    assert not [c for c in report.claims if c.what == FINAL]
    sheet = scorecard(report).rounds
    assert [c.mark for c in sheet[0].cells] == [Mark.RIGHT, Mark.WRONG]
    assert [c.mark for c in sheet[1].cells] == [Mark.RIGHT, Mark.CARRIED]


def test_a_narrowed_report_keeps_the_claims_of_its_player() -> None:
    [report] = check_text("round.yaml", ROUND)
    assert {c.player for c in select(report, "Boris").claims} == {"Boris"}
