"""--player and --round: the part of a report that is shown, and what is wrong outside it."""

from __future__ import annotations

from dataclasses import dataclass

from scorecheck.core.codes import Severity
from scorecheck.core.results import Report
from scorecheck.core.violations import Violation
from scorecheck.report.lesson import select, selection_problem
from scorecheck.report.words import names, say, say_n


@dataclass(frozen=True)
class Narrowed:
    """A report narrowed to a player and/or a round: the whole of it (its exit code stays
    the whole report's), the part shown, and the errors outside that part, in words."""

    whole: Report
    shown: Report
    problem: str | None = None  # the player or round is not in the report: nothing is shown
    elsewhere: str | None = None  # '1 error elsewhere: Boris'


def narrow(report: Report, player: str | None, round_number: int | None) -> Narrowed:
    """The part of a report about one player and/or one round, and what it leaves out."""
    problem = selection_problem(report, player, round_number)
    if problem is not None:
        return Narrowed(report, report, problem)
    shown = select(report, player, round_number)
    hidden = [
        v for v in report.violations if v.severity is Severity.ERROR and v not in shown.violations
    ]
    if not hidden:
        return Narrowed(report, shown)
    places = list(dict.fromkeys(_place(v, player, round_number) for v in hidden))
    return Narrowed(report, shown, None, say_n("elsewhere", len(hidden), where=names(places)))


def _place(violation: Violation, player: str | None, round_number: int | None) -> str:
    """Where a hidden error is: 'Boris', 'round 3' or 'Boris in round 3'."""
    by_round = round_number is not None and violation.round not in (None, round_number)
    if violation.player is not None and (player is not None or by_round):
        if by_round:
            return say("elsewhere_player_round", name=violation.player, number=violation.round)
        return violation.player
    return say("elsewhere_round", number=violation.round)
