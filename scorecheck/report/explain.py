"""`explain` as text: the lesson in plain words, with small pictures of the wall."""

from __future__ import annotations

from collections.abc import Collection

from scorecheck.core.replay import Tiling
from scorecheck.core.results import Report
from scorecheck.core.tiles import COLUMN_BONUS, FLOOR_SLOTS, ROW_BONUS, SIZE, Marker, Wall
from scorecheck.i18n import violation_message
from scorecheck.report.best import BestOrderPicture
from scorecheck.report.lesson import (
    Block,
    BonusPicture,
    ClaimNote,
    FinalWall,
    FloorPicture,
    Heading,
    Problems,
    Sentence,
    Step,
    StepPicture,
    Table,
    Verdict,
    lesson,
)
from scorecheck.report.names import shown_names
from scorecheck.report.scorecard import Mark
from scorecheck.report.text import (
    WIDTH,
    Style,
    format_violation,
    scorecard_lines,
    sheet_rows,
    verdict_line,
)
from scorecheck.report.text import prose_lines as _wrap
from scorecheck.report.words import say, say_n
from scorecheck.textwidth import display_width, pad

GRID_WIDTH = 2 * SIZE + 1  # ' K W[B]Y . '
Cell = tuple[int, int]


def format_explain(report: Report, color: bool = False) -> str:
    """The step-by-step explanation of one report; ANSI colour when `color` is set."""
    report = shown_names(report)
    style = Style(color)
    out: list[str] = []
    indent = 0
    blocks: list[Block] = []
    for block in lesson(report):  # a final wall reads as its heading, picture and sentences
        if isinstance(block, FinalWall):
            blocks += [block.heading, block.picture, *block.notes]
        else:
            blocks.append(block)
    for block in blocks:
        if isinstance(block, Heading):
            indent = 2 * max(0, block.level - 2)
            if block.level > 1:
                out.append("")
            out.append(" " * indent + style(block.text, "bold"))
            indent += 2
        elif isinstance(block, Verdict):
            for line in scorecard_lines(block.card, style):  # long lines wrap like sentences
                out += (
                    _wrap(line, indent)
                    if display_width(line) > WIDTH - indent
                    else [" " * indent + line]
                )
            if block.card.rounds:
                out += ["", " " * indent + style(say("sheet_heading"), "bold")]
                out += _indent(_table(tuple(tuple(r) for r in sheet_rows(block.card))), indent + 2)
                out += _wrap(say("sheet_legend"), indent + 2)
                if any(c.mark is Mark.CARRIED for r in block.card.rounds for c in r.cells):
                    out += _wrap(say("card_legend_carried"), indent + 2)
        elif isinstance(block, Sentence | ClaimNote):
            out += _wrap(block.text, indent)
        elif isinstance(block, Table):
            out += _indent(_table(block.rows), indent)
        elif isinstance(block, Step):
            for sentence in block.lead:
                out += _wrap(sentence.text, indent)
            out += _indent(_step(block.picture, style), indent + 2)
            for note in block.notes:
                out += _wrap(note.text, indent)
        elif isinstance(block, StepPicture):
            out += _indent(_step(block, style), indent + 2)
        elif isinstance(block, FloorPicture):
            out += _indent(_floor(block, style), indent + 2)
        elif isinstance(block, BonusPicture):
            out += _indent(_bonus(block, style), indent + 2)
        elif isinstance(block, BestOrderPicture):
            out += _indent(_best_order(block, WIDTH - indent - 2), indent + 2)
        elif isinstance(block, Problems):
            out += _problems(block, style, indent)
    return "\n".join(line.rstrip() for line in out)


def _table(rows: tuple[tuple[str, ...], ...]) -> list[str]:
    """Cells in left-aligned columns two spaces apart, aligned by display width."""
    widths = [max(display_width(cell) for cell in column) for column in zip(*rows, strict=True)]
    return ["  ".join(pad(cell, w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def _indent(lines: list[str], indent: int) -> list[str]:
    return [" " * indent + line for line in lines]


def _grid_row(
    wall: Wall, row: int, style: Style, new: Cell | None = None, keep: Collection[Cell] = ()
) -> str:
    """One wall row as ' K W[B]Y . ': the new tile in brackets; with `keep`, only those cells."""
    out = ""
    for column in range(SIZE):
        cell = (row, column)
        tile = wall.at(row, column)
        if keep and cell not in keep:
            text = " "
        elif tile is None:
            text = style(".", "dim")
        else:
            text = style(tile.letter, tile)
            if cell == new:
                text = style(text, "new")
        left = "[" if cell == new else "]" if new == (row, column - 1) else " "
        out += left + text
    return out + ("]" if new == (row, SIZE - 1) else " ")


def _best_order(picture: BestOrderPicture, width: int) -> list[str]:
    """The rounds as small walls side by side, each round's tiles in brackets, and the legend
    that says so; lines stay within `width` columns (a Japanese character takes two). Plain,
    as the captions are."""
    labels = [
        say("best_caption", number=n, points=t.wall_points)
        for n, t in enumerate(picture.rounds, start=1)
    ]
    column = max(GRID_WIDTH, *(display_width(label) for label in labels)) + 2
    per_line = max(1, width // column)
    plain = Style(False)
    out: list[str] = []
    for start in range(0, len(picture.rounds), per_line):
        chunk = picture.rounds[start : start + per_line]
        out.append("".join(pad(labels[start + k], column) for k in range(len(chunk))).rstrip())
        for row in range(SIZE):
            walls = (_grid_row(t.wall_after, row, plain, _placed(t, row)) for t in chunk)
            out.append("".join(pad(wall, column) for wall in walls).rstrip())
        out.append("")
    return [*out[:-1], say("best_text_legend")]


def _placed(tiling: Tiling, row: int) -> Cell | None:
    """The cell a round tiled in a row (one at most: a pattern line tiles one tile, R4.1)."""
    return next(((row, p.score.column) for p in tiling.placements if p.line == row), None)


def _labels(*labels: str) -> str:
    return "".join(" " + pad(label, GRID_WIDTH + 1) for label in labels)


def _step(block: StepPicture, style: Style) -> list[str]:
    """Before, after (new tile in brackets) and the tiles that count, side by side (R5)."""
    p = block.placement
    s = p.score
    new = (s.row, s.column)
    counted = {new}
    if s.horizontal > 1:
        counted.update(s.horizontal_cells)
    if s.vertical > 1:
        counted.update(s.vertical_cells)
    out = [_labels(say("before"), say("after"), say("counted"))]
    for row in range(SIZE):
        out.append(
            "  ".join(
                (
                    _grid_row(block.before, row, style),
                    _grid_row(p.wall_after, row, style, new),
                    _grid_row(p.wall_after, row, style, new, counted),
                )
            )
        )
    return out


def _floor(block: FloorPicture, style: Style) -> list[str]:
    """The floor slot by slot with each slot's cost (R6.1)."""
    labels = (say("slot"), say("item"), say("cost"))
    width = max(display_width(label) for label in labels)
    items = [
        style("1", "bold") if item is Marker.FIRST_PLAYER else style(item.letter, item)
        for item in block.items[:FLOOR_SLOTS]
    ]
    items += [style(".", "dim")] * (FLOOR_SLOTS - len(items))
    return [
        pad(labels[0], width) + "".join(f"{n:>4}" for n in range(1, FLOOR_SLOTS + 1)),
        pad(labels[1], width) + "".join("   " + item for item in items),
        pad(labels[2], width) + "".join(f"{'−' + str(c):>4}" for c in block.floor.slot_costs),
    ]


def _bonus(block: BonusPicture, style: Style) -> list[str]:
    """The final wall, complete rows and columns pointed at (R8.2)."""
    bonus = block.player.bonus
    out = []
    for row in range(SIZE):
        line = _grid_row(block.player.wall, row, style)
        if row in bonus.rows:
            line += "  " + say("rows_mark", row=row + 1, points=ROW_BONUS)
        out.append(line)
    if bonus.columns:
        marks = "".join(" ↑" if c in bonus.columns else "  " for c in range(SIZE))
        out.append(marks + "    " + say_n("columns_mark", len(bonus.columns), points=COLUMN_BONUS))
    return out


def _problems(block: Problems, style: Style, indent: int) -> list[str]:
    lines = [format_violation(v, style, violation_message(v)) for v in block.violations]
    if not lines:
        lines.append(say("no_problems"))
    lines.append(verdict_line(block.ok, block.violations))
    return _indent(lines, indent)
