"""Claims against the replay: tile points, floor penalties, scores and walls (R4, R5, R6).

Each claim checked becomes a ClaimCheck (the claim beside the replay's value and the code it
broke), which the scorecard reads, and a violation when it is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

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
            wrong = claimed != score.points
            if wrong:
                collector.add(
                    "SC201",
                    at + ("points", k),
                    name,
                    round_number,
                    claimed=claimed,
                    line=line,
                    actual=score.points,
                    explanation=worked_sum(score.sum_text()),
                )
            if checked is not None:
                code = "SC201" if wrong else None
                checked.append(
                    ClaimCheck(POINTS, name, round_number, claimed, score.points, code, k, line)
                )
        if checked is not None:  # points for tiles the replay never placed (SC202)
            for k in range(len(scores), len(claims.points)):
                checked.append(
                    ClaimCheck(POINTS, name, round_number, claims.points[k], None, "SC202", k)
                )
    penalty_wrong = claims.penalty is not None and not penalty_claim_agrees(
        claims.penalty, floor.penalty
    )
    if checked is not None and claims.penalty is not None:
        code = "SC203" if penalty_wrong else None
        checked.append(ClaimCheck(PENALTY, name, round_number, claims.penalty, floor.penalty, code))
    if penalty_wrong:
        assert claims.penalty is not None
        collector.add(
            "SC203",
            at + ("penalty",),
            name,
            round_number,
            claimed=abs(claims.penalty),
            entries=Phrase(
                "{count} floor entry", many="{count} floor entries", count=floor.entries
            ),
            actual=floor.penalty,
            explanation=worked_sum(floor.sum_text()),
        )
    wall_points = sum(s.points for s in scores)
    after, _ = new_score(before, wall_points, floor.penalty)
    if checked is not None and claims.score is not None:
        code = "SC204" if claims.score != after else None
        checked.append(ClaimCheck(SCORE, name, round_number, claims.score, after, code))
    if claims.score is not None and claims.score != after:
        collector.add(
            "SC204",
            at + ("score",),
            name,
            round_number,
            claimed=claims.score,
            actual=after,
            explanation=score_text(before, wall_points, floor.penalty),
        )


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
