"""The text report for people: placements with their runs, floors, score lines, violations."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scorecheck.core.check import FinalResult, Report, RoundResult, decider_reason
from scorecheck.core.record import ending_round, standings
from scorecheck.core.replay import Forfeit, Placement, Tiling
from scorecheck.core.scoring import (
    COLOR_BONUS,
    COLUMN_BONUS,
    ROW_BONUS,
    EndBonus,
    PlacementScore,
)
from scorecheck.core.tiles import Color, FloorItem, Marker, Variant
from scorecheck.core.violations import Severity, Violation

_ANSI = {
    Color.BLUE: "34",
    Color.YELLOW: "33",
    Color.RED: "31",
    Color.BLACK: "90",
    Color.WHITE: "97",
    Severity.ERROR: "1;31",
    Severity.WARNING: "33",
    Severity.INFO: "36",
    "bold": "1",
    "new": "7",  # reverse video: the tile just placed
    "dim": "2",
}


class Style:
    """Wraps text in ANSI colour codes when enabled."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, key: object) -> str:
        code = _ANSI.get(key)
        if not self.enabled or code is None:
            return text
        return f"\033[{code}m{text}\033[0m"


def color_name(color: Color) -> str:
    """'blue', 'yellow', …"""
    return color.name.lower()


def describe_runs(score: PlacementScore) -> str:
    """Why a placed tile scores what it does, in words: its runs and their sum (R5)."""
    parts = []
    if score.horizontal > 1:
        parts.append(f"across {score.horizontal}: columns {score.left + 1}–{score.right + 1}")
    if score.vertical > 1:
        parts.append(f"down {score.vertical}: rows {score.top + 1}–{score.bottom + 1}")
    if not parts:
        return "no neighbours"
    if len(parts) == 2:
        parts.append(score.sum_text())
    return "; ".join(parts)


def _placement(p: Placement, style: Style, grey: bool) -> str:
    s = p.score
    color = style(f"{color_name(p.color):<6}", p.color)
    chosen = " (chosen)" if grey else ""
    return (
        f"    line {p.line + 1}  {color} → row {s.row + 1}, column {s.column + 1}{chosen}  "
        f"+{p.points}  ({describe_runs(s)})"
    )


def _forfeit(f: Forfeit, style: Style) -> str:
    color = style(f"{color_name(f.color):<6}", f.color)
    return (
        f"    line {f.line + 1}  {color} → floor, all {f.count}: no cell of row {f.line + 1} "
        f"may take {color_name(f.color)} (R9.2)"
    )


def _floor_items(items: Iterable[FloorItem]) -> str:
    return " ".join("marker" if i is Marker.FIRST_PLAYER else i.letter for i in items)


def _columns(t: Tiling) -> str:
    chosen = ", ".join("–" if c is None else str(c + 1) for c in t.board.columns)
    return f"    grey wall, chosen columns by pattern line: {chosen}"


def _tiling(t: Tiling, style: Style) -> list[str]:
    out = [f"  {style(t.board.name, 'bold')}  (score before: {t.board.score})"]
    grey = t.variant is Variant.GREY
    if grey:
        out.append(_columns(t))
    steps = [(p.line, _placement(p, style, grey)) for p in t.placements]
    steps += [(f.line, _forfeit(f, style)) for f in t.forfeits]
    steps += [(i, f"    line {i + 1}  not tiled: a broken rule, see below") for i in t.untiled]
    out += [text for _, text in sorted(steps)]
    if not steps:
        out.append("    no full pattern line: no tile moves to the wall")
    floor = _floor_items(t.board.floor) or "empty"
    for f in t.forfeits:
        lid = f", {f.overflow} beyond slot 7 to the lid (R6.3)" if f.overflow else ""
        floor += f" + {_floor_items((f.color,) * f.count)} (line {f.line + 1}, R9.2{lid})"
    if t.floor.entries:
        out.append(f"    floor   {floor}:  {t.floor.sum_text()}")
    else:
        out.append("    floor   empty:  0")
    if t.to_lid:
        out.append(f"    to the lid: {t.to_lid} tile{'s' if t.to_lid != 1 else ''}")
    out.append(f"    score   {t.score_text()}")
    return out


def _round(r: RoundResult, style: Style) -> list[str]:
    out: list[str] = []
    for t in r.tilings:
        out += _tiling(t, style)
    return out


def plural(count: int, word: str) -> str:
    """'1 row', '2 rows'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def describe_bonus(bonus: EndBonus) -> str:
    """What earned each bonus: 'rows 1, 2 (2×2) + column 1 (7) + blue (10)'."""
    parts = []
    if bonus.rows:
        label = "row" if len(bonus.rows) == 1 else "rows"
        parts.append(
            f"{label} {', '.join(str(r + 1) for r in bonus.rows)} ({len(bonus.rows)}×{ROW_BONUS})"
        )
    if bonus.columns:
        label = "column" if len(bonus.columns) == 1 else "columns"
        parts.append(
            f"{label} {', '.join(str(c + 1) for c in bonus.columns)} "
            f"({len(bonus.columns)}×{COLUMN_BONUS})"
        )
    if bonus.colors:
        parts.append(
            f"{', '.join(color_name(c) for c in bonus.colors)} ({len(bonus.colors)}×{COLOR_BONUS})"
        )
    return " + ".join(parts) if parts else "nothing complete"


def _final(f: FinalResult, style: Style) -> list[str]:
    out = ["  End of game (R8)"]
    width = max(len(p.name) for p in f.players)
    for p in f.players:
        out.append(
            f"    {p.name:<{width}}  {p.score} + {p.bonus.points} = {p.final_score}"
            f"   bonus: {describe_bonus(p.bonus)}"
        )
    out.append("  Ranking")
    for place, s in zip(f.ranking.places, f.ranking.standings, strict=True):
        out.append(f"    {place}. {s.name:<{width}}  {s.score}  ({plural(s.rows, 'complete row')})")
    winners = " and ".join(f.winners)
    out.append(
        f"  {style('Winner' + ('s' if len(f.winners) > 1 else ''), 'bold')}: {winners}"
        f" — {decider_reason(f.ranking)}"
    )
    return out


# Claims about the end of the game: flagged on the final line, not on the last round's row.
FINAL_CLAIM_CODES = frozenset({"SC209", "SC210", "SC211", "SC212"})


def _sheet_cell(t: Tiling, flag: bool) -> str:
    """'+12 −2 =  40', then '!' when the round has an error for this player."""
    return f"{'+' + str(t.wall_points):>3} {'−' + str(t.floor.penalty):>3} = {t.score_after:>3}" + (
        "!" if flag else " "
    )


def _score_sheet(report: Report) -> list[str]:
    """The score sheet a tournament prints: a row per round, a column per player (gained,
    lost, running total), then bonuses, the final line and the winners."""
    names = [t.board.name for t in report.rounds[0].tilings] if report.rounds else []
    width = max([14, *(len(n) for n in names)])
    errors = {
        (v.player, v.round)
        for v in report.violations
        if v.severity is Severity.ERROR and v.code not in FINAL_CLAIM_CODES
    }
    final_errors = {
        v.player
        for v in report.violations
        if v.severity is Severity.ERROR and v.code in FINAL_CLAIM_CODES
    }
    final = report.final
    ended = ending_round([r.tilings for r in report.rounds])

    def row(label: str, cells: Iterable[str], note: str = "") -> str:
        cells_text = "  ".join(f"{c:>{width}}" for c in cells)
        return (f"  {label:>5}  {cells_text}" + note).rstrip()

    out = [row("round", (f"{n} " for n in names))]
    for r in report.rounds:
        cells = [_sheet_cell(t, (t.board.name, r.number) in errors) for t in r.tilings]
        note = "  ! round" if (None, r.number) in errors else ""
        if ended is not None and r.number is not None and r.number > ended:
            note += "  (after the end, R8.1)"
        out.append(row(str(r.number), cells, note))
    flag = {n: "!" if n in final_errors else " " for n in names}
    if final is None:
        last = report.rounds[-1] if report.rounds else None
        if last is not None and last.number is not None:
            order = standings(last.tilings)
            listed = ", ".join(
                f"{place}. {s.name} {s.score}"
                for place, s in zip(order.places, order.standings, strict=True)
            )
            out.append(f"  Not finished: no bonuses (R8.1); after round {last.number}: {listed}")
        return _with_legend(out)
    by_name = {p.name: p for p in final.players}
    after = f" (after round {ended})" if ended is not None and ended < len(report.rounds) else ""
    out.append(row("bonus", (f"+{by_name[n].bonus.points} " for n in names)))
    out.append(row("final", (f"{by_name[n].final_score}{flag[n]}" for n in names), after))
    for p in final.players:
        out.append(f"  {p.name}: {describe_bonus(p.bonus)} = {p.bonus.points}")
    winners = " and ".join(final.winners)
    label = "Winners" if len(final.winners) > 1 else "Winner"
    claimed_otherwise = "  ! not as claimed" if None in final_errors else ""
    out.append(f"  {label}: {winners} — {decider_reason(final.ranking)}{claimed_otherwise}")
    return _with_legend(out)


def _with_legend(sheet: list[str]) -> list[str]:
    flagged = any("!" in line for line in sheet[1:])
    return sheet + (["  ! marks an error there, listed below"] if flagged else [])


def format_violation(v: Violation, style: Style, message: str | None = None) -> str:
    """'file:line:col: severity code message' (yamllint/flake8 style)."""
    where = str(v.location)
    who = f" [{v.player}{', round ' + str(v.round) if v.round else ''}]" if v.player else ""
    if v.round and not v.player:
        who = f" [round {v.round}]"
    text = message if message is not None else v.message
    return f"{where}: {style(v.severity.value, v.severity)} {v.code} {text}{who}"


def summary_line(violations: Iterable[Violation]) -> str:
    """'2 errors, 1 warning, 0 infos'."""
    counts = Counter(v.severity for v in violations)
    return ", ".join(
        [
            plural(counts[Severity.ERROR], "error"),
            plural(counts[Severity.WARNING], "warning"),
            plural(counts[Severity.INFO], "note"),
        ]
    )


def verdict_line(ok: bool, violations: Iterable[Violation]) -> str:
    """'OK: 0 errors, 1 warning, 0 notes', or 'NOT OK: …' when some violation is an error."""
    return ("OK: " if ok else "NOT OK: ") + summary_line(violations)


def format_text(report: Report, color: bool = False, detail: bool = False) -> str:
    """The whole text report of one document; game records show their score sheet, and every
    round tile by tile only with detail."""
    style = Style(color)
    out = [style(f"{report.file} — {report.kind or 'unreadable'}", "bold")]
    if report.kind == "game":
        out += _score_sheet(report)
        if detail:
            for r in report.rounds:
                out.append(f"  Round {r.number}")
                out += ["  " + line for line in _round(r, style)]
            if report.final is not None:
                out += _final(report.final, style)
    else:
        for r in report.rounds:
            out += _round(r, style)
        if report.final is not None:
            out += _final(report.final, style)
    out += [format_violation(v, style) for v in report.violations]
    out.append(verdict_line(report.ok, report.violations))
    return "\n".join(out)
