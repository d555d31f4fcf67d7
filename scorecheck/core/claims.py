"""Claims against the replay: tile points, floor penalties, scores and walls (R4, R5, R6).

Each claim checked becomes a ClaimCheck (the claim beside the replay's value and the code it
broke), which the scorecard reads, and a violation when it is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorecheck.core.claimcheck import PENALTY, POINTS, SCORE, ClaimCheck
from scorecheck.core.collector import ViolationCollector
from scorecheck.core.documents import Claims
from scorecheck.core.replay import Tiling, new_score, score_text
from scorecheck.core.scoring import FloorScore, PlacementScore
from scorecheck.core.tiles import SIZE, Wall
from scorecheck.core.violations import Path, Phrase, cell_phrase, worked_sum


def check_round_claims(
    collector: ViolationCollector,
    tiling: Tiling,
    claims: Claims,
    origin: Path,
    round_number: int | None,
) -> None:
    """Every claim about a board's round against its tiling: points, penalty, score, wall."""
    at = origin + ("claimed",)
    board = tiling.board
    scores = [p.score for p in tiling.placements]
    check_claimed_scores(
        collector, board.name, board.score, scores, tiling.floor, claims, at, round_number
    )
    if claims.wall is not None:
        _check_claimed_wall(collector, tiling, claims.wall, at + ("wall",), round_number)


def check_claimed_scores(
    collector: ViolationCollector,
    name: str,
    before: int,
    scores: Sequence[PlacementScore],
    floor: FloorScore,
    claims: Claims,
    at: Path,
    round_number: int | None,
) -> None:
    """Claimed points per placed tile, floor penalty and new score against the replay
    (R5, R6.1, R6.4); `scores` are the placements' scores, top to bottom. Each claim checked
    goes to collector.claims, when it collects them."""
    checked = collector.claims
    if claims.points is not None:
        if len(claims.points) != len(scores):
            collector.add(
                "SC202",
                at + ("points",),
                name,
                round_number,
                points=Phrase(
                    "points for {count} tile",
                    many="points for {count} tiles",
                    count=len(claims.points),
                ),
                lines=Phrase(
                    "{count} pattern line is full and tiled",
                    many="{count} pattern lines are full and tiled",
                    count=len(scores),
                ),
            )
        for k, (claimed, score) in enumerate(zip(claims.points, scores, strict=False)):
            line = score.row + 1  # a line's tile goes to the wall row of the same number
            code = "SC201" if claimed != score.points else None
            if code is not None or checked is not None:  # a right claim unrecorded adds nothing
                collector.claim(
                    POINTS,
                    name,
                    round_number,
                    claimed,
                    score.points,
                    code,
                    at + ("points", k),
                    _points_args,
                    claimed,
                    score,
                    index=k,
                    line=line,
                )
        if checked is not None:  # points for tiles the replay never placed (SC202)
            for k in range(len(scores), len(claims.points)):
                checked.append(
                    ClaimCheck(POINTS, name, round_number, claims.points[k], None, "SC202", k)
                )
    if claims.penalty is not None:
        code = None if penalty_claim_agrees(claims.penalty, floor.penalty) else "SC203"
        if code is not None or checked is not None:
            collector.claim(
                PENALTY,
                name,
                round_number,
                claims.penalty,
                floor.penalty,
                code,
                at + ("penalty",),
                _penalty_args,
                claims.penalty,
                floor,
            )
    if claims.score is not None:
        wall_points = sum(s.points for s in scores)
        after, _ = new_score(before, wall_points, floor.penalty)
        code = "SC204" if claims.score != after else None
        if code is not None or checked is not None:
            collector.claim(
                SCORE,
                name,
                round_number,
                claims.score,
                after,
                code,
                at + ("score",),
                _score_args,
                claims.score,
                before,
                wall_points,
                floor,
            )


def _points_args(claimed: int, score: PlacementScore) -> dict[str, object]:
    """SC201's arguments: a tile's claimed points against its score (R5)."""
    line = score.row + 1
    return {
        "claimed": claimed,
        "line": line,
        "actual": score.points,
        "explanation": worked_sum(score.sum_text()),
    }


def _penalty_args(claimed: int, floor: FloorScore) -> dict[str, object]:
    """SC203's arguments: a claimed floor penalty against the floor's (R6.1)."""
    entries = (
        Phrase("{count} floor entry", many="{count} floor entries", count=floor.entries)
        if floor.entries
        else Phrase("an empty floor")
    )
    return {
        "claimed": abs(claimed),
        "entries": entries,
        "actual": floor.penalty,
        "explanation": worked_sum(floor.sum_text()),
    }


def _score_args(
    claimed: int, before: int, wall_points: int, floor: FloorScore
) -> dict[str, object]:
    """SC204's arguments: a claimed score after the round against the replay's (R6.4)."""
    after, _ = new_score(before, wall_points, floor.penalty)
    explanation = score_text(before, wall_points, floor.penalty)
    return {"claimed": claimed, "actual": after, "explanation": explanation}


@dataclass(frozen=True, slots=True)
class TableSum:
    """The score after a round that a table's own figures give: its claimed tile points and
    floor penalty, the replay's where it claimed none, added as R6.4 adds them."""

    before: int
    points: tuple[int, ...]
    penalty: int

    @property
    def total(self) -> int:
        """The score these figures give, never below 0 (R6.4, D2)."""
        return new_score(self.before, sum(self.points), self.penalty)[0]

    def terms_text(self) -> str:
        """'12 + 7 − 6': the figures as the table added them."""
        return " ".join([str(self.before), *(f"+ {p}" for p in self.points), f"− {self.penalty}"])


def table_sum(tiling: Tiling, claims: Claims) -> TableSum | None:
    """What the table's claimed points and penalty add up to, or None where they are the
    replay's own (then the replay's score is what they give)."""
    claimed = claims.points or ()
    points = tuple(
        claimed[k] if k < len(claimed) else p.points for k, p in enumerate(tiling.placements)
    )
    penalty = tiling.floor.penalty if claims.penalty is None else abs(claims.penalty)  # SC203
    if sum(points) == tiling.wall_points and penalty == tiling.floor.penalty:
        return None
    return TableSum(tiling.board.score, points, penalty)


def penalty_claim_agrees(claimed: int, penalty: int) -> bool:
    """A claimed floor penalty agrees with the replay's written with either sign: tables say
    "lost 3" and "-3" alike (SC203, R6.1)."""
    return claimed == penalty or claimed == -penalty


def _letter(cell: object) -> object:
    return Phrase("an empty cell") if cell is None else cell


def _check_claimed_wall(
    collector: ViolationCollector, tiling: Tiling, claimed: Wall, at: Path, round_number: int | None
) -> None:
    """Compare the wall the table wrote down after tiling with the replay (R4.1, R4.3)."""
    name = tiling.board.name
    before, after = tiling.board.wall, tiling.wall_after
    placed_rows = {p.line for p in tiling.placements}
    for row in range(SIZE):
        gained = [c for c in range(SIZE) if before.at(row, c) is None and claimed.at(row, c)]
        if len(gained) > 1:
            collector.add("SC206", at + (row,), name, round_number, count=len(gained), row=row + 1)
        for column in range(SIZE):
            want, got = after.at(row, column), claimed.at(row, column)
            if want == got:
                continue
            path = at + (row, column)
            cell = cell_phrase(row, column)
            if before.at(row, column) is None and want is not None and got is None:
                collector.add(
                    "SC207",
                    path,
                    name,
                    round_number,
                    color=want,
                    line=row + 1,
                    cell=cell,
                )
            elif before.at(row, column) is None and want is None and len(gained) > 1:
                continue  # already reported as two tiles in one row
            elif (
                before.at(row, column) is None
                and want is None
                and row not in placed_rows
                and not tiling.board.lines[row].is_full  # a full line left or sent to the floor
            ):
                collector.add("SC205", path, name, round_number, cell=cell, line=row + 1)
            else:
                collector.add(
                    "SC208",
                    path,
                    name,
                    round_number,
                    found=_letter(got),
                    cell=cell,
                    expected=_letter(want),
                )
