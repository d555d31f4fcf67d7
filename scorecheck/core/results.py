"""What a check finds: each round's tilings, the end of the game, the violations (Report).

The checker (check.py) makes them; the input edge makes reports of unusable input, and the
formatters read them. Their own module, so that neither needs the checker to name them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorecheck.core.claimcheck import ClaimCheck
from scorecheck.core.documents import Document
from scorecheck.core.replay import Tiling
from scorecheck.core.scoring import EndBonus, Ranking
from scorecheck.core.tiles import Variant, Wall
from scorecheck.core.violations import Violation, input_unusable, no_errors

if TYPE_CHECKING:
    from scorecheck.core.record import RoundSupply


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Every board's tiling in one round; number counts from 1 in game records."""

    number: int | None
    tilings: tuple[Tiling, ...]
    supply: RoundSupply | None = None  # game records: where the round's tiles came from (R7)
    # Per board, the most its wall could have earned before the round (core/maximum), in round
    # documents; empty (null in JSON) in game records, whose walls start empty.
    most_wall_points: tuple[int, ...] = ()
    # Game records: where the round leaves the players, scores only (no bonuses, no
    # tie-break), as a record that stops there is shown (R8.1).
    standings: Ranking | None = None


@dataclass(frozen=True, slots=True)
class PlayerFinal:
    """A player's end of game: score before bonuses, the bonuses, the final score."""

    name: str
    score: int
    bonus: EndBonus
    wall: Wall  # the wall that earned the bonus, for pictures
    # The most placement points this wall could have earned in a legal game (R5, R8.1),
    # as core/maximum finds it, once, by the checker.
    most_wall_points: int

    @property
    def final_score(self) -> int:
        """Score plus bonuses (R8.2, D2)."""
        return self.bonus.added_to(self.score)


@dataclass(frozen=True, slots=True)
class FinalResult:
    """The end of the game: each player's bonuses and total, the ranking, the winners."""

    players: tuple[PlayerFinal, ...]
    ranking: Ranking
    # False for a final document whose walls have no complete row (SC110): its places are
    # provisional and it has no winner yet (R8.1), though its bonuses and ranking are scored.
    ended: bool = True

    @property
    def winners(self) -> tuple[str, ...]:
        """The winning player or players (R8.3, D5)."""
        return self.ranking.winners


@dataclass(frozen=True, slots=True)
class Report:
    """Everything scorecheck found in one document."""

    file: str
    kind: str | None
    rounds: tuple[RoundResult, ...]
    final: FinalResult | None
    violations: tuple[Violation, ...]
    variant: Variant = Variant.COLORED  # which wall the pictures draw (R2, R9)
    line: int | None = None  # where the document stands in a JSON Lines archive
    # Game records: the round that ended the game (R8.1), decided by the checker once.
    ended_after_round: int | None = None
    # What was checked, for reports that set each claim beside the replay (report/scorecard.py).
    document: Document | None = field(default=None, compare=False, repr=False)
    # Every claim checked, in the order checked, with the replay's value and its verdict.
    claims: tuple[ClaimCheck, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no violation is an error."""
        return no_errors(self.violations)

    @property
    def unusable(self) -> bool:
        """True when the input itself could not be read or broke the contract (SC0xx)."""
        return input_unusable(self.violations)
