"""The JSON report: one object per document (JSON Lines), schema 1, language-neutral."""

from __future__ import annotations

import json
from typing import Any

from scorecheck.core.check import FinalResult, Report, RoundResult
from scorecheck.core.record import ending_round, standings
from scorecheck.core.replay import Tiling
from scorecheck.core.violations import Violation

SCHEMA_VERSION = 1


def _tiling(t: Tiling) -> dict[str, Any]:
    return {
        "name": t.board.name,
        "score_before": t.board.score,
        "variant": t.variant.value,
        # Grey wall (R9.1): the chosen wall column per pattern line, 1-based, null where none.
        "columns": [None if c is None else c + 1 for c in t.board.columns],
        "placements": [
            {
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
            for p in t.placements
        ],
        # Grey wall (R9.2): full lines with no legal cell, their tiles sent to the floor.
        "to_floor": [
            {
                "line": f.line + 1,
                "color": f.color.letter,
                "count": f.count,
                "penalty_before": f.floor_before.penalty,
                "penalty_after": f.floor_after.penalty,
                "overflow": f.overflow,
            }
            for f in t.forfeits
        ],
        "untiled": [i + 1 for i in t.untiled],
        "wall_points": t.wall_points,
        "floor": {
            "entries": t.floor.entries,
            "items": [i.value for i in t.floor_items],
            "occupied": t.floor.occupied,
            "penalty": t.floor.penalty,
            "drafted_penalty": t.drafted_floor.penalty,
            "slot_costs": list(t.floor.slot_costs),
            "overflow": t.floor.overflow,
            "to_lid": t.floor.tiles,
        },
        "to_lid": t.to_lid,
        "score_after": t.score_after,
        "clamped": t.clamped,
        "wall_after": [t.wall_after.row_text(r) for r in range(5)],
    }


def _round(r: RoundResult) -> dict[str, Any]:
    result: dict[str, Any] = {"number": r.number, "players": [_tiling(t) for t in r.tilings]}
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
    render = message or (lambda v: v.message)
    result = {
        "schema": SCHEMA_VERSION,
        "file": report.file,
        "line": report.line,
        "kind": report.kind,
        "ok": report.ok,
        "rounds": [_round(r) for r in report.rounds],
        "final": None if report.final is None else _final(report.final),
    }
    if report.kind == "game":
        result.update(_game(report))
    result["violations"] = [_violation(v, render(v)) for v in report.violations]
    return result


def _game(report: Report) -> dict[str, Any]:
    """Game records: the round that ended the game (R8.1), or the standings where it stops."""
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
    """One line of JSON for a report."""
    return json.dumps(report_dict(report, message), ensure_ascii=False, separators=(",", ":"))
