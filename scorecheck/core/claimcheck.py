"""A claim beside the replay: what the checker found of each value a document claims.

The checker (check.py, record.py) records one for each claim it checks; the scorecard
(report/scorecard.py) reads them, so no report reads a verdict back out of a message.
"""

from __future__ import annotations

from dataclasses import dataclass

# What a ClaimCheck is about: a tile's points, a floor penalty, the score after a round (claimed,
# or in a game record recorded), a final score.
POINTS, PENALTY, SCORE, RECORDED, FINAL = "points", "penalty", "score", "recorded", "final"


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """One value the document claims (or a game record writes down) beside the replay's, and
    the code of the violation the checker reported for it (None when the two agree)."""

    what: str  # POINTS, PENALTY, SCORE, RECORDED or FINAL
    player: str
    round: int | None  # game records: the round, from 1
    claimed: int  # as written (a penalty with either sign)
    replayed: int | None  # None where the replay has nothing it could be (SC202)
    code: str | None
    index: int = 0  # tile points: which claimed tile, in order
    line: int | None = None  # tile points: the pattern line the tile came from
