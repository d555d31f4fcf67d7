"""The next round of a checked round: walls after tiling, scores after, lines carried (R4.2).

`scorecheck next` and the page's "Next round" both use it. It refuses when the round ended
the game (R8.1): the checker then reported the end of the game, and there is no next round.
It refuses when the round broke a rule of the boards (a full line the replay cannot tile, a
score before the round no wall could have earned): the replay cannot then say what the next
round starts from. Wrong claims alone do not stop it: the next round starts from the replay's walls
and scores, and `wrong_claims` names the codes the replay overrules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from scorecheck.core.codes import Severity
from scorecheck.core.documents import GameDocument, GameEntry, RoundDocument, RoundPlayer
from scorecheck.core.replay import Tiling
from scorecheck.core.results import Report
from scorecheck.core.tiles import SIZE, Board, PatternLine
from scorecheck.core.violations import Violation

# A warning that still stops it: the score carried would be one no wall could have earned.
_STOPS_TOO = frozenset({"SC125"})


class NoNextRound(Exception):
    """The round has no next round; `ended` names who completed a wall row (R8.1), `broken`
    the codes of the rules of the boards the round broke; both are empty when the round could
    not be replayed at all (its input was unusable)."""

    def __init__(self, ended: tuple[str, ...] = (), broken: tuple[str, ...] = ()) -> None:
        super().__init__(ended, broken)
        self.ended = ended
        self.broken = broken


def _is_claim(v: Violation) -> bool:
    return v.code.startswith("SC2")


def broken_rules(report: Report) -> tuple[str, ...]:
    """The codes, in order, that keep a round from having a next round: errors other than
    wrong claims, and a score before the round no wall could have earned (SC125)."""
    return _codes(
        report,
        lambda v: (v.severity is Severity.ERROR and not _is_claim(v)) or v.code in _STOPS_TOO,
    )


def wrong_claims(report: Report) -> tuple[str, ...]:
    """The codes of the wrong claims of a round, in order, which the replay overrules."""
    return _codes(report, lambda v: v.severity is Severity.ERROR and _is_claim(v))


def _codes(report: Report, keep: Callable[[Violation], bool]) -> tuple[str, ...]:
    return tuple(sorted({v.code for v in report.violations if keep(v)}))


def next_round(document: RoundDocument, report: Report) -> RoundDocument:
    """The round after `document`, as `report` (its check) replayed it; NoNextRound refuses."""
    if report.unusable or len(report.rounds) != 1:
        raise NoNextRound()
    tilings = report.rounds[0].tilings
    if report.final is not None:  # a row the replay completed ends the game, whatever else
        raise NoNextRound(tuple(t.board.name for t in tilings if t.wall_after.complete_rows()))
    broken = broken_rules(report)
    if broken:
        raise NoNextRound(broken=broken)
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
