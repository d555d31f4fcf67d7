"""The checker: replays a document and collects every broken rule and wrong claim.

Broken rules never raise here; they become violations. Exceptions mean a bug.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from scorecheck.core.claims import check_round_claims
from scorecheck.core.collector import ViolationCollector
from scorecheck.core.documents import (
    Document,
    FinalDocument,
    GameDocument,
    GameEntry,
    RoundDocument,
)
from scorecheck.core.endgame import end_of_game
from scorecheck.core.maximum import most_wall_points
from scorecheck.core.replay import Tiling, tile_board
from scorecheck.core.results import Report, RoundResult
from scorecheck.core.scoring import game_ends
from scorecheck.core.table import add_table_findings, check_table, final_board_parts, table_findings
from scorecheck.core.tiles import SIZE, Board, Variant, Wall
from scorecheck.core.violations import Finding, Path, Phrase

if TYPE_CHECKING:
    # Imported where used below: only game records need them, and importing them costs
    # every start (scorecheck check on one small file must feel instant).
    from scorecheck.core.record import WrongCells


def check(document: Document) -> Report:
    """Replay a document and report its scores, bonuses, ranking and violations."""
    if isinstance(document, RoundDocument):
        return _check_round(document)
    if isinstance(document, FinalDocument):
        return _check_final(document)
    return _check_game(document)


def _check_round(doc: RoundDocument) -> Report:
    collector = ViolationCollector(doc.source, [])
    collector.items += doc.notes
    boards = [p.board for p in doc.players]
    check_table(collector, boards, [p.origin for p in doc.players], None, doc.variant)
    for p in doc.players:  # a complete row ended the game with its round (R8.1)
        for row in p.board.wall.complete_rows():
            collector.add("SC112", p.origin + ("wall", row), p.board.name, None, row=row + 1)
    # The score before the round was earned by the wall the round starts with (R5, R8.1).
    most = tuple(most_wall_points(p.board.wall.mask) for p in doc.players)
    for p, board_most in zip(doc.players, most, strict=True):
        board = p.board
        over = most_points_findings(board.name, board.score, board_most)
        collector.add_findings(over, p.origin, board.name, None)
    tilings = tuple(tile_board(p.board, doc.variant) for p in doc.players)
    for player, tiling in zip(doc.players, tilings, strict=True):
        _check_grey_lines(collector, tiling, player.origin, None)
        check_round_claims(collector, tiling, player.claims, player.origin, None)
    final = end_of_game(
        collector,
        [t.board.name for t in tilings],
        [t.score_after for t in tilings],
        [t.wall_after for t in tilings],
        [(p.claims.final, p.origin + ("claimed", "final")) for p in doc.players],
        doc.winner,
        None,
    )
    return Report(
        doc.source.file,
        doc.kind,
        (RoundResult(None, tilings, most_wall_points=most),),
        final,
        tuple(collector.items),
        doc.variant,
        document=doc,
        claims=tuple(collector.claims or ()),
    )


def _check_final(doc: FinalDocument) -> Report:
    collector = ViolationCollector(doc.source, [])
    collector.items += doc.notes
    names = [p.name for p in doc.players]
    parts = [final_board_parts(p.name, p.wall, p.origin, doc.variant) for p in doc.players]
    add_table_findings(collector, table_findings(parts), None)
    walls = [p.wall for p in doc.players]
    if not game_ends(w.mask for w in walls):
        collector.add("SC110", ("players",))
    most = [most_wall_points(w.mask) for w in walls]  # what each wall could have earned
    for p, wall_most in zip(doc.players, most, strict=True):
        over = most_points_findings(p.name, p.score, wall_most, final=True)
        collector.add_findings(over, p.origin, p.name, None)
    final = end_of_game(
        collector,
        names,
        [p.score for p in doc.players],
        walls,
        [(p.claimed_final, p.origin + ("claimed", "final")) for p in doc.players],
        doc.winner,
        None,
        force=True,
        most=most,
    )
    return Report(
        doc.source.file,
        doc.kind,
        (),
        final,
        tuple(collector.items),
        doc.variant,
        document=doc,
        claims=tuple(collector.claims or ()),
    )


def _check_game(doc: GameDocument) -> Report:
    from scorecheck.core.record import judge_record, standings  # see TYPE_CHECKING above

    collector = ViolationCollector(doc.source, [])
    collector.items += doc.notes
    record = doc  # scores are judged over the whole record (core/record.py), not round by round
    doc = replace(doc, rounds=_without_score_claims(doc.rounds))
    walls = {name: Wall.empty() for name in doc.players}
    scores = dict.fromkeys(doc.players, 0)
    wrong_walls: dict[str, WrongCells] = {name: {} for name in doc.players}  # claimed walls
    results: list[RoundResult] = []
    for number, entries in enumerate(doc.rounds, start=1):
        boards = [
            Board(name, scores[name], walls[name], e.lines, e.floor, e.columns)
            for name, e in zip(doc.players, entries, strict=True)
        ]
        # The record's player count is SC301, said once: not SC107 again every round.
        check_table(collector, boards, [e.origin for e in entries], number, doc.variant, False)
        tilings = tuple(tile_board(b, doc.variant) for b in boards)
        for entry, tiling in zip(entries, tilings, strict=True):
            _check_grey_lines(collector, tiling, entry.origin, number)
            claims = entry.claims
            if claims.wall is not None:
                name = tiling.board.name
                wall, wrong_walls[name] = _uncopied_wall(
                    collector, tiling, claims.wall, wrong_walls[name], entry.origin, number
                )
                claims = replace(claims, wall=wall)
            check_round_claims(collector, tiling, claims, entry.origin, number)
            walls[tiling.board.name] = tiling.wall_after
            scores[tiling.board.name] = tiling.score_after
        results.append(RoundResult(number, tilings))
    judged = judge_record(record, [r.tilings for r in results], collector.add, collector.claims)
    results = [
        replace(r, supply=s, standings=standings(r.tilings))
        for r, s in zip(results, judged.supplies, strict=True)
    ]
    last = judged.end_round or len(results)  # the game ends with its ending round (R8.1)
    tilings = results[last - 1].tilings if last else ()
    final = end_of_game(
        collector,
        list(doc.players),
        [t.score_after for t in tilings] or [0] * len(doc.players),
        [t.wall_after for t in tilings] or [Wall.empty()] * len(doc.players),
        claimed_finals(doc, last),
        doc.winner,
        last or None,
    )
    violations = sorted(collector.items, key=lambda v: v.round or 0)
    return Report(
        doc.source.file,
        doc.kind,
        tuple(results),
        final,
        tuple(violations),
        doc.variant,
        document=record,
        ended_after_round=judged.end_round,
        claims=tuple(collector.claims or ()),
    )


def _uncopied_wall(
    collector: ViolationCollector,
    tiling: Tiling,
    claimed: Wall,
    wrong: WrongCells,
    origin: Path,
    number: int,
) -> tuple[Wall, WrongCells]:
    """A game record's claimed wall with the mistakes copied from its previous claim set
    right, so that each is an error once (SC205-SC208); the copies are one warning a round
    (SC114). Returns the wall to check and the wrong cells to carry on."""
    from scorecheck.core.record import differing_cells, wall_differences  # game records only

    replayed = tiling.wall_after
    _, copied, still = wall_differences(claimed, replayed, wrong, number)
    cells = list(claimed.cells)
    for r, c in copied:
        cells[r * SIZE + c] = replayed.at(r, c)
    if copied:
        r, c = copied[0]
        collector.add(
            "SC114",
            origin + ("claimed", "wall", r, c),
            tiling.board.name,
            number,
            round=number,
            since=min(wrong[cell][1] for cell in copied),
            cells=differing_cells(copied, claimed, replayed),
        )
    return Wall(tuple(cells)), still


def claimed_finals(doc: GameDocument, last: int) -> list[tuple[int | None, Path]]:
    """Final scores claimed at document level, else in the entries of the ending round."""
    at_end = doc.rounds[last - 1] if last else ()
    claimed = dict(doc.final_claims)
    finals: list[tuple[int | None, Path]] = []
    for seat, name in enumerate(doc.players):
        if name in claimed or seat >= len(at_end):
            finals.append((claimed.get(name), ("claimed", "final", name)))
        else:
            entry = at_end[seat]
            finals.append((entry.claims.final, entry.origin + ("claimed", "final")))
    return finals


def _without_score_claims(
    rounds: tuple[tuple[GameEntry, ...], ...],
) -> tuple[tuple[GameEntry, ...], ...]:
    return tuple(
        tuple(replace(e, claims=replace(e.claims, score=None)) for e in entries)
        for entries in rounds
    )


def _check_grey_lines(
    collector: ViolationCollector, tiling: Tiling, origin: Path, round_number: int | None
) -> None:
    """Chosen columns and forfeited lines on the grey wall (R9.1, R9.2)."""
    if tiling.variant is Variant.GREY:
        from scorecheck.core.grey import line_findings as grey_line_findings

        findings = grey_line_findings(tiling)
        collector.add_findings(findings, origin, tiling.board.name, round_number)


# --- What a wall could have earned ------------------------------------------------------------


_BEFORE_BONUSES = Phrase("before the bonuses")  # a final document's score


def most_points_findings(
    name: str, score: int, most: int, final: bool = False
) -> tuple[Finding, ...]:
    """A score is at most the points its wall could have earned: floor penalties and the
    clamp at 0 only lower it (R5, R6.4, R8.1). A final document's score is what is verified
    (SC115, an error); a round document's score before the round is given (SC125, a warning)."""
    if score <= most:
        return ()
    args = {"name": name, "score": score, "most": most, "gap": score - most}
    if final:
        return (Finding("SC115", ("score",), {**args, "when": _BEFORE_BONUSES}),)
    return (Finding("SC125", ("score",), args),)
