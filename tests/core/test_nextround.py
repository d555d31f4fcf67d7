"""The next round of a checked round, and the game record of rounds played in turn."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorecheck.core.check import check
from scorecheck.core.documents import RoundDocument, RoundPlayer
from scorecheck.core.nextround import (
    NoNextRound,
    NoRecord,
    broken_rules,
    game_record,
    next_round,
)
from scorecheck.core.tiles import COLORS, SIZE, Board, PatternLine, Wall
from tests.support.checking import check_yaml

PRINTED = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]  # R2, written out


@st.composite
def legal_lines(draw: Any, wall: Wall) -> tuple[PatternLine, ...]:
    """Pattern lines a real game can hold: one colour each, not yet on its wall row (R3.3)."""
    result = []
    for row in range(SIZE):
        free = [PRINTED[row][c] for c in range(SIZE) if wall.at(row, c) is None]
        count = draw(st.integers(0, row + 1)) if free else 0
        letter = draw(st.sampled_from(free)) if free else "B"
        result.append(PatternLine.parse(row, letter * count))
    return tuple(result)


@st.composite
def rounds_from_start(draw: Any, players: int = 2) -> list[RoundDocument]:
    """Two to four rounds played one after another from empty boards, each drawn anew."""
    names = ["Anna", "Boris", "Chen", "Dana"][:players]
    document = RoundDocument(
        tuple(
            RoundPlayer(
                Board(n, 0, Wall.empty(), draw(legal_lines(Wall.empty()))), origin=("players", i)
            )
            for i, n in enumerate(names)
        )
    )
    played = [document]
    for _ in range(draw(st.integers(1, 3))):
        report = check(document)
        if report.final is not None or broken_rules(report):  # drawn boards may break R1.1
            break
        following = next_round(document, report)
        # The next round's drafting: lines keep what they carried and may fill up (R4.2).
        boards: list[RoundPlayer] = []
        for p in following.players:
            wall = p.board.wall
            fresh = draw(legal_lines(wall))
            kept = tuple(
                old if old.tiles else new for old, new in zip(p.board.lines, fresh, strict=True)
            )
            floor = tuple(draw(st.lists(st.sampled_from(COLORS), max_size=3)))
            boards.append(
                RoundPlayer(Board(p.board.name, p.board.score, wall, kept, floor), origin=p.origin)
            )
        document = RoundDocument(tuple(boards))
        played.append(document)
    return played


@settings(max_examples=60, deadline=None)
@given(rounds_from_start())
def test_next_round_is_the_round_replayed(played: list[RoundDocument]) -> None:
    # A first round whose drawn boards break R1.1 has no next round to compare: drawn again.
    assume(len(played) >= 2)
    for before, after in itertools.pairwise(played):
        report = check(before)
        tilings = report.rounds[0].tilings
        following = next_round(before, report)
        for tiling, player in zip(tilings, following.players, strict=True):
            board = player.board
            assert board.wall == tiling.wall_after
            assert board.score == tiling.score_after
            assert board.floor == ()
            # A full line went to the wall and is empty; the others stay as they were (R4.2).
            for old, new in zip(tiling.board.lines, board.lines, strict=True):
                assert new.tiles == (() if old.is_full else old.tiles)
        assert all(p.claims.score is None for p in following.players)
        assert [p.board.name for p in after.players] == [p.board.name for p in following.players]


@settings(max_examples=60, deadline=None)
@given(rounds_from_start(players=3))
def test_the_record_of_the_rounds_replays_to_the_same_scores(played: list[RoundDocument]) -> None:
    """Two paths through the rules agree: each round checked on its own, and the whole game
    record replayed from empty boards."""
    record = check(game_record(played))
    assert len(record.rounds) == len(played)
    for document, replayed in zip(played, record.rounds, strict=True):
        alone = check(document).rounds[0].tilings
        assert [t.score_after for t in replayed.tilings] == [t.score_after for t in alone]
        assert [t.wall_after for t in replayed.tilings] == [t.wall_after for t in alone]


ENDING = """
kind: round
players:
  - name: Anna
    score: 10  # the most row 1's four tiles could have earned (SC125)
    wall: ["BYRK.", ".....", ".....", ".....", "....."]
    lines: ["W", "", "", "", ""]
  - name: Boris
"""


def test_no_next_round_after_the_round_that_ends_the_game() -> None:
    report = check_yaml(ENDING)
    assert report.final is not None
    with pytest.raises(NoNextRound) as refused:
        next_round(_document(ENDING), report)
    assert refused.value.ended == ("Anna",)
    # The near miss: one cell short of the row, the game goes on.
    text = ENDING.replace('["W"', '[""')
    following = next_round(_document(text), check_yaml(text))
    assert following.players[0].board.wall.complete_rows() == ()


def test_no_next_round_of_an_unusable_document() -> None:
    report = check_yaml("kind: round\nplayers: [{score: -1}]\n")
    with pytest.raises(NoNextRound) as refused:
        next_round(RoundDocument(()), report)
    assert refused.value.ended == ()


def test_a_record_must_start_from_empty_boards() -> None:
    document = _document("kind: round\nplayers: [{name: Anna, score: 3}]\n")
    with pytest.raises(NoRecord):
        game_record([document])
    with pytest.raises(NoRecord):
        game_record([])
    start = _document("kind: round\nplayers: [{name: Anna}]\n")
    assert game_record([start]).players == ("Anna",)


def test_a_record_keeps_the_last_rounds_final_claims() -> None:
    text = "kind: round\nplayers: [{name: Anna, claimed: {final: 11}}, {name: Boris}]\n"
    record = game_record([_document(text)])
    assert record.final_claims == (("Anna", 11),)
    assert record.rounds[0][0].claims.final is None


def _document(text: str) -> RoundDocument:
    from scorecheck.load import load_bytes

    [document] = list(load_bytes("t.yaml", text))
    assert isinstance(document, RoundDocument)
    return document
