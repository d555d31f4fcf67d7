"""The JSON report: one object per document (JSON Lines), schema 1, language-neutral."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

from scorecheck.core.check import FinalResult, Report, RoundResult
from scorecheck.core.replay import Forfeit, Placement, Tiling
from scorecheck.core.scoring import FloorScore, PlacementScore
from scorecheck.core.tiles import SIZE, Color, FloorItem, Wall, cells_text
from scorecheck.core.violations import Violation

SCHEMA_VERSION = 1


def _tiling(t: Tiling) -> dict[str, Any]:
    return {
        "name": t.board.name,
        "score_before": t.board.score,
        "variant": t.variant.value,
        "columns": _columns(t.board.columns),
        "placements": [_placement(p) for p in t.placements],
        "to_floor": [_forfeit(f) for f in t.forfeits],
        "untiled": [i + 1 for i in t.untiled],
        "wall_points": t.wall_points,
        "floor": _floor(t),
        "to_lid": t.to_lid,
        "score_after": t.score_after,
        "clamped": t.clamped,
        "wall_after": _wall_rows(t.wall_after),
    }


def _tiling_json(t: Tiling) -> str:
    """json.dumps(_tiling(t)), written from parts remembered across reports: each part (a
    placement, a floor, a wall row...) repeats often, and encoding was most of the time.
    tests/test_json_writer.py keeps the two equal."""
    board = t.board
    floor_key = (t.floor, t.floor_items, t.drafted_floor.penalty)
    return "".join(
        (
            '{"name":',
            _NAMES.get(board.name) or _remember(_NAMES, board.name, _ENCODE(board.name)),
            ',"score_before":',
            str(board.score),
            ',"variant":"',
            t.variant.value,
            '","columns":',
            _COLUMNS.get(board.columns)
            or _remember(_COLUMNS, board.columns, _ENCODE(_columns(board.columns))),
            ',"placements":[',
            ",".join(_placement_json(p) for p in t.placements),
            '],"to_floor":',
            _ENCODE([_forfeit(f) for f in t.forfeits]) if t.forfeits else "[]",
            ',"untiled":',
            _ENCODE([i + 1 for i in t.untiled]) if t.untiled else "[]",
            ',"wall_points":',
            str(t.wall_points),
            ',"floor":',
            _FLOORS.get(floor_key) or _remember(_FLOORS, floor_key, _ENCODE(_floor(t))),
            ',"to_lid":',
            str(t.to_lid),
            ',"score_after":',
            str(t.score_after),
            ',"clamped":',
            "true" if t.clamped else "false",
            ',"wall_after":[',
            _wall_rows_json(t.wall_after.cells),
            "]}",
        )
    )


def _wall_rows_json(cells: tuple[Color | None, ...]) -> str:
    """The rows of a wall as JSON strings, comma-separated; each row text remembered."""
    rows = []
    for start in range(0, SIZE * SIZE, SIZE):
        row = cells[start : start + SIZE]
        rows.append(_WALL_ROWS.get(row) or _remember(_WALL_ROWS, row, _ENCODE(cells_text(row))))
    return ",".join(rows)


def _placement_json(p: Placement) -> str:
    key = (p.line, p.color, p.score, p.to_lid)
    return _PLACEMENTS.get(key) or _remember(_PLACEMENTS, key, _ENCODE(_placement(p)))


def _columns(columns: tuple[int | None, ...]) -> list[int | None]:
    """Grey wall (R9.1): the chosen wall column per pattern line, 1-based, null where none."""
    return [None if c is None else c + 1 for c in columns]


def _placement(p: Placement) -> dict[str, Any]:
    return {
        "line": p.line + 1,
        "color": p.color.letter,
        "row": p.score.row + 1,
        "column": p.score.column + 1,
        "horizontal": p.score.horizontal,
        "vertical": p.score.vertical,
        "points": p.points,
        "horizontal_cells": [[r + 1, c + 1] for r, c in p.score.horizontal_cells],
        "vertical_cells": [[r + 1, c + 1] for r, c in p.score.vertical_cells],
        "to_lid": p.to_lid,
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
    return {
        "entries": t.floor.entries,
        "items": [i.value for i in t.floor_items],
        "occupied": t.floor.occupied,
        "penalty": t.floor.penalty,
        "drafted_penalty": t.drafted_floor.penalty,
        "slot_costs": list(t.floor.slot_costs),
        "overflow": t.floor.overflow,
        "to_lid": t.floor.tiles,
    }


def _wall_rows(wall: Wall) -> list[str]:
    return [wall.row_text(r) for r in range(SIZE)]


K = TypeVar("K")
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_CACHE_LIMIT = 20_000
_NAMES: dict[str, str] = {}
_COLUMNS: dict[tuple[int | None, ...], str] = {}
_PLACEMENTS: dict[tuple[int, Color, PlacementScore, int], str] = {}
_FLOORS: dict[tuple[FloorScore, tuple[FloorItem, ...], int], str] = {}
_WALL_ROWS: dict[tuple[Color | None, ...], str] = {}


def _remember(cache: dict[K, str], key: K, text: str) -> str:
    """Keep a part's JSON text (caches are emptied when they grow too large)."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = text
    return text


def _round(r: RoundResult, tiling: Callable[[Tiling], object]) -> dict[str, Any]:
    result: dict[str, Any] = {"number": r.number, "players": [tiling(t) for t in r.tilings]}
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


def _final(f: FinalResult) -> dict[str, Any]:
    return {
        "players": [
            {
                "name": p.name,
                "score": p.score,
                "bonuses": {
                    "rows": len(p.bonus.rows),
                    "columns": len(p.bonus.columns),
                    "colors": len(p.bonus.colors),
                    "points": p.bonus.points,
                },
                "final_score": p.final_score,
                "complete_rows": [r + 1 for r in p.bonus.rows],
                "complete_columns": [c + 1 for c in p.bonus.columns],
                "complete_colors": [c.letter for c in p.bonus.colors],
            }
            for p in f.players
        ],
        "ranking": [
            {"place": place, "name": s.name, "final_score": s.score, "rows": s.rows}
            for place, s in zip(f.ranking.places, f.ranking.standings, strict=True)
        ],
        "winners": list(f.winners),
        "decided_by": f.ranking.decider.value,
    }


def _violation(v: Violation, message: str) -> dict[str, Any]:
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
    return _report_dict(report, message, _tiling)


def _report_dict(
    report: Report, message: Any, tiling: Callable[[Tiling], object]
) -> dict[str, Any]:
    render = message or (lambda v: v.message)
    result = {
        "schema": SCHEMA_VERSION,
        "file": report.file,
        "line": report.line,
        "kind": report.kind,
        "ok": report.ok,
        "rounds": [_round(r, tiling) for r in report.rounds],
        "final": None if report.final is None else _final(report.final),
    }
    if report.kind == "game":
        result.update(_game(report))
    result["violations"] = [_violation(v, render(v)) for v in report.violations]
    return result


def _game(report: Report) -> dict[str, Any]:
    """Game records: the round that ended the game (R8.1), or the standings where it stops."""
    from scorecheck.core.record import ending_round, standings  # game records only

    rounds = [r.tilings for r in report.rounds]
    result: dict[str, Any] = {"ended_after_round": ending_round(rounds), "standings": None}
    if report.final is None and rounds:
        order = standings(rounds[-1])
        result["standings"] = [
            {"place": place, "name": s.name, "score": s.score}
            for place, s in zip(order.places, order.standings, strict=True)
        ]
    return result


def format_json(report: Report, message: Any = None) -> str:
    """One line of JSON for a report: json.dumps(report_dict(report)), only faster.

    Each player's tiling (most of a report) is written by _tiling_json; the rest goes through
    json.dumps with a placeholder where each tiling goes, replaced afterwards.
    """
    tilings: list[str] = []

    def placeholder(t: Tiling) -> str:
        tilings.append(_tiling_json(t))
        return _PLACEHOLDER

    text = _ENCODE(_report_dict(report, message, placeholder))
    parts = text.split(_ENCODED_PLACEHOLDER)
    if len(parts) != len(tilings) + 1:  # never, unless some input held the placeholder
        return _ENCODE(report_dict(report, message))
    out = [parts[0]]
    for tiling, part in zip(tilings, parts[1:], strict=True):
        out += (tiling, part)
    return "".join(out)


# A string no input holds (a NUL and a random nonce), where each tiling goes in the text.
_PLACEHOLDER = f"\x00tiling-{os.urandom(16).hex()}\x00"
_ENCODED_PLACEHOLDER = _ENCODE(_PLACEHOLDER)
