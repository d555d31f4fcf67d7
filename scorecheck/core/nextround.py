"""The next round of a checked round: walls after tiling, scores after, lines carried (R4.2).

`scorecheck next` and the page's "Next round" both use it. It refuses when the round ended
the game (R8.1): the checker then reported the end of the game, and there is no next round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from scorecheck.core.documents import GameDocument, GameEntry, RoundDocument, RoundPlayer
from scorecheck.core.replay import Tiling
from scorecheck.core.results import Report
from scorecheck.core.tiles import SIZE, Board, PatternLine


class NoNextRound(Exception):
    """The round has no next round; `ended` names who completed a wall row (R8.1), and is
    empty when the round could not be replayed at all (its input was unusable)."""

    def __init__(self, ended: tuple[str, ...] = ()) -> None:
        super().__init__(ended)
        self.ended = ended


def next_round(document: RoundDocument, report: Report) -> RoundDocument:
    """The round after `document`, as `report` (its check) replayed it; NoNextRound refuses."""
    if report.unusable or len(report.rounds) != 1:
        raise NoNextRound()
    tilings = report.rounds[0].tilings
    if report.final is not None:
        raise NoNextRound(tuple(t.board.name for t in tilings if t.wall_after.complete_rows()))
    players = tuple(
        RoundPlayer(_board_after(tiling), origin=("players", i)) for i, tiling in enumerate(tilings)
    )
    return RoundDocument(players, document.variant)


def _board_after(tiling: Tiling) -> Board:
    """A board as the next round starts: tiled and forfeited lines empty, the others carried
    (R4.2), the floor cleared (R6.5), no grey columns chosen yet (R9.1)."""
    board = tiling.board
    emptied = {p.line for p in tiling.placements} | {f.line for f in tiling.forfeits}
    lines = tuple(
        PatternLine(line.index) if line.index in emptied else line for line in board.lines
    )
    return Board(board.name, tiling.score_after, tiling.wall_after, lines, (), (None,) * SIZE)


class NoRecord(Exception):
    """Rounds that do not make a game record: the first must start from empty boards at 0
    points, and every round must seat the same players."""


def game_record(rounds: Sequence[RoundDocument]) -> GameDocument:
    """The game record of rounds played one after another from the start of the game.

    Each round's lines, floor and claims become its entries; the last round's final-score and
    winner claims become the record's. The record replays the walls and scores itself.
    """
    if not rounds:
        raise NoRecord()
    first = rounds[0]
    names = tuple(p.board.name for p in first.players)
    if any(p.board.score or p.board.wall.mask for p in first.players) or any(
        tuple(p.board.name for p in r.players) != names or r.variant is not first.variant
        for r in rounds
    ):
        raise NoRecord()
    entries = tuple(
        tuple(
            GameEntry(
                p.board.lines,
                p.board.floor,
                replace(p.claims, final=None),
                p.board.columns,
                origin=("rounds", number, p.board.name),
            )
            for p in r.players
        )
        for number, r in enumerate(rounds)
    )
    last = rounds[-1]
    finals = tuple((p.board.name, f) for p in last.players if (f := p.claims.final) is not None)
    return GameDocument(names, entries, first.variant, finals, last.winner)
