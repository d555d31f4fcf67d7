"""The JSON report: one object per document (JSON Lines), schema 1, language-neutral."""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # no wheel for the platform (Pyodide): the standard library writes it
    orjson = None  # type: ignore[assignment]

from scorecheck.core.replay import Forfeit, Placement, Tiling
from scorecheck.core.results import FinalResult, Report, RoundResult
from scorecheck.core.scoring import EndBonus, FloorScore, PlacementScore, Ranking
from scorecheck.core.tiles import SIZE, Color, FloorItem, Wall
from scorecheck.core.violations import Violation

SCHEMA_VERSION = 1


def _tiling(t: Tiling, most: int | None) -> dict[str, Any]:
    return player_dict(
        name=t.board.name,
        score_before=t.board.score,
        most_wall_points=most,
        variant=t.variant.value,
        columns=_columns(t.board.columns),
        placements=[_placement(p) for p in t.placements],
        to_floor=[_forfeit(f) for f in t.forfeits],
        untiled=[i + 1 for i in t.untiled],
        wall_points=t.wall_points,
        floor=_floor(t),
        to_lid=t.to_lid,
        score_after=t.score_after,
        clamped=t.clamped,
        wall_after=_wall_rows(t.wall_after),
    )


def player_dict(
    *,
    name: str,
    score_before: int,
    most_wall_points: int | None,
    variant: str,
    columns: object,
    placements: object,
    to_floor: object,
    untiled: object,
    wall_points: int,
    floor: object,
    to_lid: int,
    score_after: int,
    clamped: bool,
    wall_after: object,
) -> dict[str, Any]:
    """One board's round in the report, the one place its fields are named and ordered: the
    general path gives its parts from a Tiling, the plain-round path its remembered parts."""
    return {
        "name": name,
        "score_before": score_before,
        "most_wall_points": most_wall_points,  # what the wall before the round could earn
        "variant": variant,
        "columns": columns,
        "placements": placements,
        "to_floor": to_floor,
        "untiled": untiled,
        "wall_points": wall_points,
        "floor": floor,
        "to_lid": to_lid,
        "score_after": score_after,
        "clamped": clamped,
        "wall_after": wall_after,
    }


def _columns(columns: tuple[int | None, ...]) -> list[int | None]:
    """Grey wall (R9.1): the chosen wall column per pattern line, 1-based, null where none."""
    return [None if c is None else c + 1 for c in columns]


def _placement(p: Placement) -> dict[str, Any]:
    return placement_dict(p.line, p.color, p.score, p.to_lid)


def placement_dict(line: int, color: Color, score: PlacementScore, to_lid: int) -> dict[str, Any]:
    """A placed tile: where it went, the runs through it and its points (R4.1, R5)."""
    return {
        "line": line + 1,
        "color": color.letter,
        "row": score.row + 1,
        "column": score.column + 1,
        "horizontal": score.horizontal,
        "vertical": score.vertical,
        "points": score.points,
        "horizontal_cells": [[r + 1, c + 1] for r, c in score.horizontal_cells],
        "vertical_cells": [[r + 1, c + 1] for r, c in score.vertical_cells],
        "to_lid": to_lid,
    }


def _forfeit(f: Forfeit) -> dict[str, Any]:
    """Grey wall (R9.2): a full line with no legal cell, its tiles sent to the floor."""
    return {
        "line": f.line + 1,
        "color": f.color.letter,
        "count": f.count,
        "penalty_before": f.floor_before.penalty,
        "penalty_after": f.floor_after.penalty,
        "overflow": f.overflow,
    }


def _floor(t: Tiling) -> dict[str, Any]:
    return floor_dict(t.floor, t.floor_items, t.drafted_floor.penalty)


def floor_dict(
    floor: FloorScore, items: tuple[FloorItem, ...], drafted_penalty: int
) -> dict[str, Any]:
    """The floor as scored: its entries, the slots they take and what each costs (R6)."""
    return {
        "entries": floor.entries,
        "items": [i.value for i in items],
        "occupied": floor.occupied,
        "penalty": floor.penalty,
        "drafted_penalty": drafted_penalty,
        "slot_costs": list(floor.slot_costs),
        "overflow": floor.overflow,
        "to_lid": floor.tiles,
    }


def _wall_rows(wall: Wall) -> list[str]:
    return [wall.row_text(r) for r in range(SIZE)]


def _round(r: RoundResult) -> dict[str, Any]:
    most = r.most_wall_points or (None,) * len(r.tilings)  # null in game records
    players = [_tiling(t, m) for t, m in zip(r.tilings, most, strict=True)]
    result = round_parts(r.number, players)
    if r.supply is not None:
        s = r.supply
        result["supply"] = {
            "recorded": s.recorded,
            "expected": s.expected,
            "bag": s.bag,
            "lid": s.lid,
            "poured": s.poured,
        }
    return result


def round_parts(number: int | None, players: list[dict[str, Any]]) -> dict[str, Any]:
    """A round of the report from its boards' parts (player_dict)."""
    return {"number": number, "players": players}


def final_dict(f: FinalResult, with_most: bool = True) -> dict[str, Any]:
    """The end of the game: bonuses, totals, ranking, winners (R8); with_most, the most each
    wall could have earned (final documents and game records; null after a round document)."""
    players = [
        player_final(
            p.name,
            p.score,
            p.most_wall_points if with_most else None,
            p.final_score,
            bonus_parts(p.bonus),
        )
        for p in f.players
    ]
    return final_parts(players, f.ranking)


BonusParts = tuple[dict[str, int], list[int], list[int], list[str]]


def bonus_parts(bonus: EndBonus) -> BonusParts:
    """A player's end-of-game bonus as the report writes it: counts and points, then the
    complete rows, columns (1-based) and colours (R8.2); made once a bonus (orjson only
    reads them, and walls end alike)."""
    parts = _BONUS_PARTS.get(bonus)
    if parts is None:
        if len(_BONUS_PARTS) >= 10_000:
            _BONUS_PARTS.clear()
        parts = _BONUS_PARTS[bonus] = _bonus_parts(bonus)
    return parts


def _bonus_parts(bonus: EndBonus) -> BonusParts:
    return (
        {
            "rows": len(bonus.rows),
            "columns": len(bonus.columns),
            "colors": len(bonus.colors),
            "points": bonus.points,
        },
        [r + 1 for r in bonus.rows],
        [c + 1 for c in bonus.columns],
        [c.letter for c in bonus.colors],
    )


_BONUS_PARTS: dict[EndBonus, BonusParts] = {}


def player_final(
    name: str, score: int, most: int | None, final_score: int, bonus: BonusParts
) -> dict[str, Any]:
    """One player's end of the game: score, the most the wall could have earned (R5, R8.1),
    bonus, final score."""
    counts, rows, columns, colors = bonus
    return {
        "name": name,
        "score": score,
        "most_wall_points": most,
        "bonuses": counts,
        "final_score": final_score,
        "complete_rows": rows,
        "complete_columns": columns,
        "complete_colors": colors,
    }


def final_parts(players: list[dict[str, Any]], ranking: Ranking) -> dict[str, Any]:
    """The end of the game from its players' parts and the ranking (R8.3, D4, D5)."""
    return {
        "players": players,
        "ranking": [
            {"place": place, "name": s.name, "final_score": s.score, "rows": s.rows}
            for place, s in zip(ranking.places, ranking.standings, strict=True)
        ],
        "winners": list(ranking.winners),
        "decided_by": ranking.decider.value,
    }


def violation_dict(v: Violation, message: str) -> dict[str, Any]:
    """A violation with its message already rendered, and where it is."""
    return {
        "code": v.code,
        "severity": v.severity.value,
        "message": message,
        "player": v.player,
        "round": v.round,
        "file": v.location.file,
        "line": v.location.line,
        "column": v.location.column,
    }


def report_dict(report: Report, message: Any = None) -> dict[str, Any]:
    """The report as JSON-ready data; `message` renders a violation's text (English default)."""
    render = message or (lambda v: v.message)
    return report_parts(
        report.file,
        report.line,
        report.kind,
        report.ok,
        [_round(r) for r in report.rounds],
        None if report.final is None else final_dict(report.final, report.kind != "round"),
        [violation_dict(v, render(v)) for v in report.violations],
        _game(report) if report.kind == "game" else _NO_PARTS,
        None if report.document is None else report.document.meta,
    )


_NO_PARTS: dict[str, Any] = {}


def report_parts(
    file: str,
    line: int | None,
    kind: str | None,
    ok: bool,
    rounds: list[dict[str, Any]],
    final: dict[str, Any] | None,
    violations: list[dict[str, Any]],
    record: dict[str, Any] = _NO_PARTS,
    meta: object = None,
) -> dict[str, Any]:
    """A report from its parts (round_parts, final_dict, violation_dict; a game record's
    own parts in record; the document's meta as it came, when it gives one), the one place
    its fields are named and ordered."""
    report = {
        "schema": SCHEMA_VERSION,
        "file": file,
        "line": line,
        "kind": kind,
        "ok": ok,
        "rounds": rounds,
        "final": final,
        **record,
        "violations": violations,
    }
    if meta is not None:
        report["meta"] = meta
    return report


def _game(report: Report) -> dict[str, Any]:
    """Game records: the round that ended the game (R8.1), or the standings where it stops."""
    last = report.rounds[-1] if report.rounds else None
    order = last.standings if last is not None and report.final is None else None
    result: dict[str, Any] = {"ended_after_round": report.ended_after_round, "standings": None}
    if order is not None:
        result["standings"] = [
            {"place": place, "name": s.name, "score": s.score}
            for place, s in zip(order.places, order.standings, strict=True)
        ]
    return result


def format_json(report: Report, message: Any = None) -> str:
    """One line of JSON for a report: json.dumps(report_dict(report)), written by orjson."""
    return format_json_bytes(report, message).decode()


def format_json_bytes(report: Report, message: Any = None) -> bytes:
    """format_json as UTF-8, as JSON Lines are written."""
    return encode(report_dict(report, message))


def encode(data: object) -> bytes:
    """Compact JSON in UTF-8, non-ASCII as is: orjson, ten times faster than json's own
    encoder here, or the same bytes from json where orjson is not installed.

    orjson refuses text that is not valid Unicode, such as a file name with undecodable bytes
    (Python holds them as lone surrogates): json writes it, and each surrogate, which only a
    string can hold, goes out as its JSON escape (\\udce9), which reads back the same.
    """
    if orjson is not None:
        try:
            return orjson.dumps(data)
        except orjson.JSONEncodeError:
            pass
    return _ENCODE(data).encode("utf-8", "backslashreplace")


_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
