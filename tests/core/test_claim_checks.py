"""The checker records each claim beside the replay, with the code it broke (Report.claims),
and the scorecard marks claims from those records, not from the violations' messages."""

from __future__ import annotations

import dataclasses
import re

import pytest

from scorecheck.api import check_text
from scorecheck.core.claimcheck import FINAL, PENALTY, POINTS, RECORDED, SCORE, ClaimCheck
from scorecheck.core.claims import TableSum, table_sum
from scorecheck.core.documents import RoundDocument
from scorecheck.i18n import using, violation_message
from scorecheck.load import load_bytes
from scorecheck.report.lesson import select
from scorecheck.report.scorecard import Mark, scorecard
from tests.support.checking import check_yaml

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


def test_the_table_sum_adds_the_tables_own_figures_where_they_differ_from_the_replay() -> None:
    [document] = list(load_bytes("round.yaml", ROUND))
    assert isinstance(document, RoundDocument)
    [report] = check_text("round.yaml", ROUND)
    anna, boris = (
        table_sum(t, p.claims)
        for t, p in zip(report.rounds[0].tilings, document.players, strict=True)
    )
    # Anna's 1 point and her penalty written as -2 are the replay's: no sum of her own.
    assert anna is None
    # Boris claims 2 for a tile worth 1: his table's figures give 3 + 2 − 0 = 5.
    assert boris == TableSum(3, (2,), 0)
    assert (boris.total, boris.terms_text()) == (5, "3 + 2 − 0")


def test_a_table_sum_never_goes_below_zero() -> None:
    assert TableSum(2, (1,), 8).total == 0  # R6.4, D2


EMPTY_FLOOR_CLAIMED = """\
kind: round
players:
  - name: Anna
    lines: ["B", "", "", "", ""]
    floor: ""
    claimed: {points: [1], penalty: 1, score: 1}
"""


@pytest.mark.parametrize(
    ("language", "empty"),
    [
        ("en", "an empty floor cost 0"),
        ("ru", "на линии пола ничего нет"),
        ("ja", "何も置かれていない床"),
    ],
)
def test_a_penalty_claimed_on_an_empty_floor_says_the_floor_is_empty(
    language: str, empty: str
) -> None:
    report = check_yaml(EMPTY_FLOOR_CLAIMED)
    (penalty,) = [v for v in report.violations if v.code == "SC203"]
    with using(language):
        message = violation_message(penalty)
    assert empty in message, message
    assert not re.search(r"(?<!\d)0 (floor|занят)|0個", message), message  # no count of nothing
