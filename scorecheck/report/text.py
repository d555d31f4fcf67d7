"""The text report for people: placements with their runs, floors, score lines, violations."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scorecheck.core.codes import Severity
from scorecheck.core.replay import Forfeit, Placement, Tiling
from scorecheck.core.results import FinalResult, Report, RoundResult
from scorecheck.core.scoring import (
    EndBonus,
    PlacementScore,
)
from scorecheck.core.tiles import (
    COLOR_BONUS,
    COLUMN_BONUS,
    ROW_BONUS,
    Color,
    FloorItem,
    Marker,
    Variant,
)
from scorecheck.core.violations import Phrase, Violation, input_unusable, series
from scorecheck.i18n import CHECK, color_word, localize, violation_message
from scorecheck.i18n import color_name as _color_name
from scorecheck.report.lesson import RULE_JOIN, SUM_SPACE, decider_reason
from scorecheck.report.names import shown_names
from scorecheck.report.scorecard import (
    BONUS,
    Cell,
    Claim,
    Mark,
    Scorecard,
    SheetCell,
    by_position,
    scorecard,
    signed,
)
from scorecheck.report.words import names as _names
from scorecheck.report.words import say, say_n
from scorecheck.textwidth import display_width, pad, wrap

WIDTH = 80  # sentences wrap here (display columns); tables and pictures do not


def prose_lines(text: str, indent: int) -> list[str]:
    """A sentence wrapped at WIDTH columns, continuation lines indented two more, sums kept
    whole; Japanese breaks at phrase boundaries."""
    kept = RULE_JOIN.sub("\u2060", SUM_SPACE.sub("\u00a0", text))
    lines = wrap(kept, WIDTH, " " * indent, " " * (indent + 2))
    return [line.replace("\u00a0", " ").replace("\u2060", "") for line in lines]


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
    """'blue', 'yellow', … in the current language."""
    return _color_name(color)


def describe_runs(score: PlacementScore) -> str:
    """Why a placed tile scores what it does, in words: its runs and their sum (R5)."""
    parts = []
    if score.horizontal > 1:
        parts.append(
            CHECK.say(
                "across {count}: columns {left}–{right}",
                count=score.horizontal,
                left=score.left + 1,
                right=score.right + 1,
            )
        )
    if score.vertical > 1:
        parts.append(
            CHECK.say(
                "down {count}: rows {top}–{bottom}",
                count=score.vertical,
                top=score.top + 1,
                bottom=score.bottom + 1,
            )
        )
    if not parts:
        return CHECK.word("no neighbours")
    if len(parts) == 2:
        parts.append(score.sum_text())
    return CHECK.word("; ").join(parts)


def _color_column(color: Color, style: Style) -> str:
    """A tile's colour padded to the widest of the language («синяя»), so arrows line up."""
    width = max(display_width(color_word(c, "one")) for c in Color)
    return style(pad(color_word(color, "one"), width), color)


def _placement(p: Placement, style: Style, grey: bool) -> str:
    s = p.score
    return "    " + CHECK.say(
        "line {line}  {color} → row {row}, column {column}{chosen}  +{points}  ({runs})",
        line=p.line + 1,
        color=_color_column(p.color, style),
        row=s.row + 1,
        column=s.column + 1,
        chosen=CHECK.word(" (chosen)") if grey else "",
        points=p.points,
        runs=describe_runs(s),
    )


def _forfeit(f: Forfeit, style: Style) -> str:
    return "    " + CHECK.say_n(
        "line {line}  {color} → floor, all {count}: no cell of row {line} may take {name} (R9.2)",
        "line {line}  {color} → floor, all {count}: no cell of row {line} may take {name} (R9.2)",
        f.count,
        line=f.line + 1,
        color=_color_column(f.color, style),
        name=f.color,
    )


def _floor_items(items: Iterable[FloorItem]) -> str:
    marker = CHECK.word("marker")
    return " ".join(marker if i is Marker.FIRST_PLAYER else i.letter for i in items)


def _columns(t: Tiling) -> str:
    none = CHECK.word("–")  # no column chosen: a dash as the language writes «none»
    chosen = localize(series([none if c is None else str(c + 1) for c in t.board.columns]))
    return "    " + CHECK.say("grey wall, chosen columns by pattern line: {chosen}", chosen=chosen)


def _labels(*labels: str) -> list[str]:
    """Labels padded to one display width, so what follows them lines up."""
    width = max(display_width(label) for label in labels)
    return [pad(label, width) for label in labels]


def _tiling(t: Tiling, style: Style) -> list[str]:
    before = CHECK.say("(score before: {score})", score=t.board.score)
    out = [f"  {style(t.board.name, 'bold')}  {before}"]
    grey = t.variant is Variant.GREY
    if grey:
        out.append(_columns(t))
    steps = [(p.line, _placement(p, style, grey)) for p in t.placements]
    steps += [(f.line, _forfeit(f, style)) for f in t.forfeits]
    untiled = "    " + CHECK.word("line {line}  not tiled: a broken rule, see below")
    steps += [(i, untiled.format(line=i + 1)) for i in t.untiled]
    out += [text for _, text in sorted(steps)]
    if not steps:
        out.append("    " + CHECK.word("no full pattern line: no tile moves to the wall"))
    floor_label, score_label = _labels(CHECK.word("floor"), CHECK.word("score"))
    floor = _floor_items(t.board.floor)
    for f in t.forfeits:
        fields = {"items": _floor_items((f.color,) * f.count), "line": f.line + 1}
        if f.overflow:
            floor += CHECK.say(
                " + {items} (line {line}, R9.2, {overflow} beyond slot 7 to the lid (R6.3))",
                overflow=f.overflow,
                **fields,
            )
        else:
            floor += CHECK.say(" + {items} (line {line}, R9.2)", **fields)
    if t.floor.entries:  # an empty floor that got forfeited tiles reads 'Y Y', not 'empty + Y Y'
        floor = floor.removeprefix(" + ")
        floor_sum = t.floor.sum_text()
    else:
        floor, floor_sum = CHECK.word("empty"), "0"
    out.append(
        "    "
        + CHECK.say("{label}   {items}:  {sum}", label=floor_label, items=floor, sum=floor_sum)
    )
    if t.to_lid:
        out.append(
            "    " + CHECK.say_n("to the lid: {count} tile", "to the lid: {count} tiles", t.to_lid)
        )
    out.append(f"    {score_label}   {t.score_text()}")
    return out


def _round(r: RoundResult, style: Style) -> list[str]:
    out: list[str] = []
    for t in r.tilings:
        out += _tiling(t, style)
    return out


def describe_bonus(bonus: EndBonus) -> str:
    """What earned each bonus: 'rows 1, 2 (2×2) + column 1 (7) + blue (10)'."""
    parts = []
    if bonus.rows:
        parts.append(
            CHECK.say_n(
                "row {numbers} ({count}×{points})",
                "rows {numbers} ({count}×{points})",
                len(bonus.rows),
                numbers=series([r + 1 for r in bonus.rows]),
                points=ROW_BONUS,
            )
        )
    if bonus.columns:
        parts.append(
            CHECK.say_n(
                "column {numbers} ({count}×{points})",
                "columns {numbers} ({count}×{points})",
                len(bonus.columns),
                numbers=series([c + 1 for c in bonus.columns]),
                points=COLUMN_BONUS,
            )
        )
    if bonus.colors:
        parts.append(
            CHECK.say_n(
                "{colors} ({count}×{points})",
                "{colors} ({count}×{points})",
                len(bonus.colors),
                colors=series(bonus.colors),
                points=COLOR_BONUS,
            )
        )
    return " + ".join(parts) if parts else CHECK.word("nothing complete")


def _winners(winners: tuple[str, ...], reason: object, style: Style) -> str:
    """'Winner: Anna — the highest total, 59' (R8.3, D4, D5): the reason in the words of
    explain and the summary line, which do not name the winner again right after the label."""
    label = CHECK.say_n("Winner", "Winners", len(winners))
    return CHECK.say(
        "{label}: {names} — {reason}", label=style(label, "bold"), names=winners, reason=reason
    )


def _final(f: FinalResult, style: Style) -> list[str]:
    out = ["  " + CHECK.word("End of game (R8)")]
    width = max(display_width(p.name) for p in f.players)
    digits = [max(len(str(n)) for n in column) for column in _final_columns(f)]
    for p in f.players:
        out.append(
            "    "
            + CHECK.say(
                "{name}  {score} + {bonus} = {total}   bonus: {earned}",
                name=pad(p.name, width),
                score=f"{p.score:>{digits[0]}}",  # numbers right-aligned: the bonuses line up
                bonus=f"{p.bonus.points:>{digits[1]}}",
                total=f"{p.final_score:>{digits[2]}}",
                earned=describe_bonus(p.bonus),
            )
        )
    out.append("  " + CHECK.word("Ranking"))
    for place, s in zip(f.ranking.places, f.ranking.standings, strict=True):
        out.append(
            "    "
            + CHECK.say_n(
                "{place}. {name}  {score}  ({count} complete row)",
                "{place}. {name}  {score}  ({count} complete rows)",
                s.rows,
                place=place,
                name=pad(s.name, width),
                score=s.score,
            )
        )
    if not f.ended:  # a final document before the end of the game: no winner yet (R8.1)
        return out + prose_lines(say("card_provisional"), 2)
    out += prose_lines(_winners(f.winners, decider_reason(f.ranking), style), 2)
    return out


def _final_columns(f: FinalResult) -> list[list[int]]:
    return [
        [p.score for p in f.players],
        [p.bonus.points for p in f.players],
        [p.final_score for p in f.players],
    ]


# Claims about the end of the game: flagged on the final line, not on the last round's row.
FINAL_CLAIM_CODES = frozenset({"SC209", "SC210", "SC211", "SC212"})
# Wrong scores after a round: marked with what was written down, not flagged again.
SCORE_CLAIM_CODES = frozenset({"SC204", "SC304"})


def _sheet_cell(t: Tiling, flag: bool) -> str:
    """'+12 −2 =  40', then '!' when the round has an error for this player."""
    lost = f"−{t.floor.penalty}" if t.floor.penalty else "0"  # no '−0'
    return f"{'+' + str(t.wall_points):>3} {lost:>3} = {t.score_after:>3}" + ("!" if flag else " ")


def _score_sheet(report: Report, card: Scorecard) -> list[str]:
    """The score sheet a tournament prints: a row per round, a column per player (gained,
    lost, running total, then what the record wrote down: ✓, or ✗ and the written score),
    then bonuses, the final line and the winners."""
    names = [t.board.name for t in report.rounds[0].tilings] if report.rounds else []
    marks: dict[tuple[int | None, str], str] = {
        (row.number, name): sheet_mark(c)
        for row in card.rounds
        for name, c in zip(card.seats, row.cells, strict=True)
    }
    mark_width = max((display_width(m) for m in marks.values()), default=0)
    width = max([14 + mark_width, *(display_width(n) for n in names)])
    errors = {
        (v.player, v.round)
        for v in report.violations
        if v.severity is Severity.ERROR and v.code not in FINAL_CLAIM_CODES | SCORE_CLAIM_CODES
    }
    final_errors = {
        v.player
        for v in report.violations
        if v.severity is Severity.ERROR and v.code in FINAL_CLAIM_CODES
    }
    final = report.final
    ended = report.ended_after_round
    round_label, bonus_label, final_label = (
        CHECK.word("round"),
        CHECK.word("bonus"),
        CHECK.word("final"),
    )
    label_width = max(5, *(display_width(x) for x in (round_label, bonus_label, final_label)))

    def row(label: str, cells: Iterable[str], note: str = "") -> str:
        cells_text = "  ".join(pad(c, width, ">") for c in cells)
        return (f"  {pad(label, label_width, '>')}  {cells_text}" + note).rstrip()

    out = [row(round_label, (f"{n} " + " " * mark_width for n in names))]
    for r in report.rounds:
        cells = [
            _sheet_cell(t, (t.board.name, r.number) in errors)
            + pad(marks.get((r.number, t.board.name), ""), mark_width)
            for t in r.tilings
        ]
        note = "  " + CHECK.word("! round") if (None, r.number) in errors else ""
        if ended is not None and r.number is not None and r.number > ended:
            note += "  " + CHECK.word("(after the end, R8.1)")
        out.append(row(str(r.number), cells, note))
    flag = {n: "!" if n in final_errors else " " for n in names}
    if final is None:
        last = report.rounds[-1] if report.rounds else None
        order = last.standings if last is not None else None
        shown = card.unfinished  # the scorecard of a whole record gives its standings already
        if not shown and last is not None and last.number is not None and order is not None:
            listed = [
                CHECK.say("{place}. {name} {score}", place=place, name=s.name, score=s.score)
                for place, s in zip(order.places, order.standings, strict=True)
            ]
            out += prose_lines(
                CHECK.say(
                    "Not finished: no bonuses (R8.1); after round {round}: {standings}",
                    round=last.number,
                    standings=series(listed),
                ),
                2,
            )
        return _with_legend(out, card)
    by_name = {p.name: p for p in final.players}
    after = ""
    if ended is not None and ended < len(report.rounds):
        after = " " + CHECK.say("(after round {round})", round=ended)
    tail = " " * mark_width
    out.append(row(bonus_label, (f"+{by_name[n].bonus.points} {tail}" for n in names)))
    finals = (f"{by_name[n].final_score}{flag[n]}{tail}" for n in names)
    out.append(row(final_label, finals, after))
    for p in final.players:
        bonuses = describe_bonus(p.bonus)
        out.append(
            "  "
            + CHECK.say(
                "{name}: {bonuses} = {points}", name=p.name, bonuses=bonuses, points=p.bonus.points
            )
        )
    winners = _winners(final.winners, decider_reason(final.ranking), Style(False))
    claimed_otherwise = "  " + CHECK.word("! not as claimed") if None in final_errors else ""
    out += prose_lines(winners + claimed_otherwise, 2)
    return _with_legend(out, card)


def _with_legend(sheet: list[str], card: Scorecard) -> list[str]:
    flagged = any("!" in line for line in sheet[1:])
    legend = ["  " + CHECK.word("! marks an error there, listed below")] if flagged else []
    if any(c.written is not None for r in card.rounds for c in r.cells):
        legend += prose_lines(say("score_sheet_legend"), 2)
    return sheet + legend


_SEVERITY = {
    Severity.ERROR: Phrase("error"),
    Severity.WARNING: Phrase("warning"),
    Severity.INFO: Phrase("info"),
}


def severity_word(severity: Severity) -> str:
    """'error', 'warning' or 'info' in the current language."""
    return str(localize(_SEVERITY[severity]))


def format_violation(v: Violation, style: Style, message: str | None = None) -> str:
    """'file:line:col: severity code message' (yamllint/flake8 style)."""
    where = str(v.location)
    who = ""
    if v.player and v.round:
        who = " " + CHECK.say("[{player}, round {round}]", player=v.player, round=v.round)
    elif v.player:
        who = " " + CHECK.say("[{player}]", player=v.player)
    elif v.round:
        who = " " + CHECK.say("[round {round}]", round=v.round)
    text = message if message is not None else violation_message(v)
    return f"{where}: {style(severity_word(v.severity), v.severity)} {v.code} {text}{who}"


def severity_counts(errors: int, warnings: int, notes: int) -> str:
    """'2 errors, 1 warning, 0 notes', from the counts."""
    return CHECK.say(
        "{errors}, {warnings}, {notes}",
        errors=CHECK.say_n("{count} error", "{count} errors", errors),
        warnings=CHECK.say_n("{count} warning", "{count} warnings", warnings),
        notes=CHECK.say_n("{count} note", "{count} notes", notes),
    )


def verdict_line(ok: bool, violations: Iterable[Violation]) -> str:
    """'OK: 0 errors, 1 warning, 0 notes', or 'NOT OK: …' when some violation is an error
    ('INPUT ERROR: …' when the input could not be used: nothing was checked)."""
    violations = tuple(violations)
    counts = Counter(v.severity for v in violations)
    unusable = input_unusable(violations)
    errors, warnings, notes = (
        counts[Severity.ERROR],
        counts[Severity.WARNING],
        counts[Severity.INFO],
    )
    return verdict_text(ok, errors, warnings, notes, unusable)


def verdict_text(ok: bool, errors: int, warnings: int, notes: int, unusable: bool = False) -> str:
    """'OK: 0 errors, 1 warning, 0 notes', 'NOT OK: …' or 'INPUT ERROR: …', from the counts."""
    summary = severity_counts(errors, warnings, notes)
    if ok:
        return CHECK.say("OK: {summary}", summary=summary)
    if unusable:
        return CHECK.say("INPUT ERROR: {summary}", summary=summary)
    return CHECK.say("NOT OK: {summary}", summary=summary)


def format_text(report: Report, color: bool = False, detail: bool = False) -> str:
    """The whole text report of one document: the verdict and the scorecard first (a game
    record's score sheet with them), then every round tile by tile (for game records only with
    detail), the problems in input order, and the verdict again for scripts reading the end."""
    report = shown_names(report)
    style = Style(color)
    out = [style(_heading(report), "bold")]
    card = scorecard(report)
    if not report.unusable:
        for line in scorecard_lines(card, style):  # long lines wrap like sentences
            out += prose_lines(line, 2) if display_width(line) > WIDTH - 2 else ["  " + line]
    if report.kind == "game" and report.rounds:  # an unusable record has no score sheet
        out += _score_sheet(report, card)
        if detail:
            for r in report.rounds:
                out.append("  " + CHECK.say("Round {number}", number=r.number))
                out += ["  " + line for line in _round(r, style)]
            if report.final is not None:
                out += _final(report.final, style)
    else:
        for r in report.rounds:
            out += _round(r, style)
        if report.final is not None:
            out += _final(report.final, style)
    if any(_letters_shown(r) for r in report.rounds) and (report.kind != "game" or detail):
        out += prose_lines(
            CHECK.word("Colour letters: B blue, Y yellow, R red, K black, W white."), 2
        )
    out += [format_violation(v, style) for v in by_position(report.violations)]
    out.append(verdict_line(report.ok, report.violations))
    return "\n".join(out)


# --- The scorecard, as text (also the head of `explain`) -------------------------------------

_CARD_LABELS = {
    "points": "card_points",
    "penalty": "card_penalty",
    "score": "card_score",
    "before": "card_before",
    "bonus": "card_bonus",
    "final": "card_final",
}


def claim_text(claim: Claim) -> str:
    """'7 ✗ → 5', '5 ✓', '18 (✗) → 16': the claimed value, its mark, the replay if it differs."""
    claimed = signed(claim.claimed)
    if claim.mark is Mark.RIGHT:
        return f"{claimed} {claim.mark.value}"
    replayed = CHECK.word("–") if claim.replayed is None else signed(claim.replayed)
    return f"{claimed} {claim.mark.value} → {replayed}"


def cell_text(cell: Cell, column: str) -> str:
    """A scorecard cell: every claim about it, or the replayed value when none was made."""
    if cell.claims:
        return say("list").join(claim_text(c) for c in cell.claims)  # Japanese lists with 、
    if cell.replayed is None:
        return ""
    return f"+{cell.replayed}" if column == BONUS else signed(cell.replayed)


def winner_line(card: Scorecard) -> str | None:
    """'Winner: Boris, not Anna as claimed', 'Winner: Anna ✓', or None before the end."""
    if not card.winners:
        if not card.unfinished:
            return None
        return say("card_provisional" if card.kind == "final" else "card_unfinished")
    count = len(card.winners)
    ranking = card.ranking
    reason = "" if ranking is None else say("card_winner_reason", reason=decider_reason(ranking))
    if card.winner_wrong:
        given = card.claimed_winner or ()
        # A shared win recorded for only some of its winners: they won, as written.
        wrong = "card_winner_part" if set(given) < set(card.winners) else "card_winner_wrong"
        line = say_n(wrong, count, names=_names(card.winners), claimed=_names(given))
        return line + reason
    line = say_n("card_winner", count, names=_names(card.winners))
    return line + (say("card_winner_right") if card.claimed_winner is not None else "") + reason


def card_rows(card: Scorecard) -> list[list[str]]:
    """The scorecard as rows of cells, the header first."""
    ranked = any(p.place is not None for p in card.players)
    head = ([""] if ranked else []) + [say("card_player")]
    rows = [head + [say(_CARD_LABELS[c]) for c in card.columns]]
    for p in card.players:
        first = [say("place", place=p.place)] if ranked else []
        cells = [cell_text(p.cells[c], c) if c in p.cells else "" for c in card.columns]
        rows.append([*first, p.name, *cells])
    return rows


def scorecard_lines(card: Scorecard, style: Style) -> list[str]:
    """The verdict, a line per player with each claim beside the replay, the winner."""
    verdict = verdict_text(card.ok, card.errors, card.warnings, card.notes)
    out = [style(verdict, Severity.ERROR if not card.ok else "bold")]
    if card.players:
        rows = card_rows(card)
        widths = [max(display_width(r[i]) for r in rows) for i in range(len(rows[0]))]
        for row in rows:
            out.append("  ".join(pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip())
    winner = winner_line(card)
    if winner is not None:
        out.append(style(winner, Severity.ERROR) if card.winner_wrong else winner)
    if card.has_claims:
        out.append(say("card_legend"))
    return out


def sheet_rows(card: Scorecard) -> list[list[str]]:
    """A game record's rounds by players, the header first: '10 ✗ → 8' is written 10,
    replayed 8, as the scorecard writes a claim."""
    rows = [[say("sheet_round"), *card.seats]]
    for row in card.rounds:
        rows.append([str(row.number), *(sheet_text(c) for c in row.cells)])
    return rows


def sheet_text(cell: SheetCell) -> str:
    """A score sheet's cell in the scorecard's notation: '8', '8 ✓', '10 ✗ → 8', '18 (✗) → 16'."""
    if cell.mark is None or cell.written is None:
        return str(cell.replayed)
    if cell.mark is Mark.RIGHT:
        return f"{cell.replayed} ✓"
    return f"{cell.written} {cell.mark.value} → {cell.replayed}"


def sheet_mark(cell: SheetCell) -> str:
    """What a score sheet shows beside the replayed score: '', ' ✓', ' ✗ 10', ' (✗) 18'."""
    if cell.mark is None or cell.written is None:
        return ""
    if cell.mark is Mark.RIGHT:
        return " ✓"
    return f" {cell.mark.value} {cell.written}"


def _letters_shown(r: RoundResult) -> bool:
    """Whether a round's text shows a floor by its letters (tiles, the marker)."""
    return any(t.forfeits or t.board.floor for t in r.tilings)


def _heading(report: Report) -> str:
    """'examples/e1-round.yaml — round': the file and what kind of document it is (with the
    line, 'games.jsonl:17 — round', for a document of a JSON Lines archive)."""
    file = report.file if report.line is None else f"{report.file}:{report.line}"
    if report.kind == "round":
        return CHECK.say("{file} — round", file=file)
    if report.kind == "final":
        return CHECK.say("{file} — final", file=file)
    if report.kind == "game":
        return CHECK.say("{file} — game", file=file)
    if report.kind is None:
        return CHECK.say("{file} — unreadable", file=file)
    return f"{file} — {report.kind}"
