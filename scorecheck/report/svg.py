"""SVG pictures: the boards after a round, one placement, a floor, a final wall.

Pure functions from report values to SVG text, drawn with the primitives of svgdraw.py.
Every cell carries data attributes (data-role, data-row, data-col, data-color; rows and
columns count from 1) so that tests and style sheets can find what is drawn; ids are stable:
the same input gives the same picture.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorecheck.core.replay import Tiling
from scorecheck.core.results import PlayerFinal, Report
from scorecheck.core.scoring import FloorScore, PlacementScore
from scorecheck.core.tiles import (
    FLOOR_SLOT_COSTS,
    FLOOR_SLOTS,
    SIZE,
    Color,
    FloorItem,
    Marker,
    PatternLine,
    Variant,
)
from scorecheck.report.lesson import BonusPicture, FloorPicture, StepPicture, player_names
from scorecheck.report.names import shown_names
from scorecheck.report.scorecard import FINAL, SCORE, scorecard
from scorecheck.report.svgdraw import (
    BOARD_FILL,
    BONUS_MARK,
    CELL,
    INK,
    INSET,
    LABEL,
    PAD,
    PITCH,
    RUN_MARK,
    SOFT_INK,
    WALL_SIDE,
    cell_xy,
    element,
    frame,
    group,
    slot_at,
    svg_root,
    text_at,
    tile_at,
    wall_at,
)
from scorecheck.report.words import names, say, say_n, tile
from scorecheck.textwidth import display_width

# The layout of the pictures, in the units of svgdraw's geometry.
HEADER = 74  # name, score and captions above a board
TITLE = 30  # the document's title above its boards
TITLE_COLUMN = 9  # width of one column of the title (14px bold; a Japanese character is two)
LINES_X = PAD
WALL_X = PAD + SIZE * PITCH + 16  # the wall's backdrop, right of the pattern lines
BOARD_WIDTH = WALL_X + WALL_SIDE + PAD
FLOOR_Y = HEADER + WALL_SIDE + 24
BOARD_HEIGHT = FLOOR_Y + CELL + 28
FINAL_WIDTH = PAD + WALL_SIDE + PAD + 100  # room for the final score and its claim
FINAL_HEIGHT = HEADER + WALL_SIDE + PAD
BOARDS_PER_ROW = 2
STEP_WIDTH = PAD + WALL_SIDE + PAD
STEP_HEIGHT = 8 + WALL_SIDE + 8


def _runs(score: PlacementScore, x: float, y: float) -> list[str]:
    """Frames around the horizontal and vertical runs that score a tile (R5.2)."""
    runs = (("across", score.horizontal_cells), ("down", score.vertical_cells))
    return [
        frame(
            x,
            y,
            cells,
            RUN_MARK,
            {
                "data-role": "run",
                "data-direction": direction,
                "data-row": cells[0][0] + 1,
                "data-col": cells[0][1] + 1,
                "data-length": len(cells),
            },
        )
        for direction, cells in runs
        if len(cells) > 1  # a run counts only with a neighbour (R5.2)
    ]


def _lines(lines: Iterable[PatternLine], x: float, y: float) -> list[str]:
    """The pattern lines as a staircase, filled from the right (R1.4, R3.3)."""
    out = []
    for line in lines:
        for slot in range(line.capacity):  # slot 1 is the rightmost
            sx = x + (SIZE - 1 - slot) * PITCH
            sy = y + line.index * PITCH
            attrs: dict[str, object] = {
                "data-role": "line-slot",
                "data-line": line.index + 1,
                "data-slot": slot + 1,
            }
            if slot < len(line.tiles):
                color = line.tiles[slot]
                out += tile_at(sx, sy, color, {**attrs, "data-color": color.letter})
            else:
                out.append(slot_at(sx, sy, attrs))
    return out


def _floor(items: Sequence[FloorItem], floor: FloorScore, x: float, y: float) -> list[str]:
    """The floor's penalty, its seven slots with what lies on them, each slot's cost (R6.1)."""
    label = say("svg_floor", penalty=floor.sum_text())
    out = [text_at(x, y - 6, label, LABEL, **{"data-role": "floor-penalty"})]
    for slot in range(FLOOR_SLOTS):
        sx = x + slot * PITCH
        attrs: dict[str, object] = {"data-role": "floor-slot", "data-slot": slot + 1}
        item = items[slot] if slot < len(items) else None
        if isinstance(item, Color):
            out += tile_at(sx, y, item, {**attrs, "data-item": item.letter})
        elif item is Marker.FIRST_PLAYER:  # a dark disc, unlike any empty slot
            out.append(slot_at(sx, y, {**attrs, "data-item": "1"}))
            disc = {"cx": sx + CELL / 2, "cy": y + CELL / 2, "r": CELL / 2 - 2, "fill": INK}
            out.append(element("circle", disc))
            out.append(
                text_at(
                    sx + CELL / 2,
                    y + CELL / 2 + 5,
                    say("marker_letter"),
                    15,
                    **{"font-weight": "bold", "text-anchor": "middle", "fill": "#ffffff"},
                )
            )
        else:
            out.append(slot_at(sx, y, attrs))
        cost = f"−{FLOOR_SLOT_COSTS[slot]}"
        out.append(
            text_at(
                sx + CELL / 2,
                y + CELL + 14,
                cost,
                LABEL,
                **{"data-role": "floor-cost", "text-anchor": "middle", "fill": SOFT_INK},
            )
        )
    return out


def _board(
    t: Tiling, variant: Variant, ident: str, x: float, y: float, claim: str = ""
) -> list[str]:
    """One board after the round: lines, wall (new tiles marked), floor, score and the claim
    about it."""
    new = {(p.score.row, p.score.column) for p in t.placements}
    children = [
        element(
            "rect",
            {
                "x": 0,
                "y": 0,
                "width": BOARD_WIDTH,
                "height": BOARD_HEIGHT,
                "rx": 10,
                "fill": BOARD_FILL,
                "stroke": "#d8ccb0",
            },
        ),
        text_at(PAD, 24, t.board.name, 16, **{"font-weight": "bold", "data-role": "name"}),
        text_at(
            PAD, 44, say("svg_score", text=t.score_text()) + claim, LABEL, **{"data-role": "score"}
        ),
        text_at(LINES_X, HEADER - 6, say("svg_lines"), LABEL, fill=SOFT_INK),
        text_at(WALL_X, HEADER - 6, say("svg_wall"), LABEL, fill=SOFT_INK),
        *group({"data-role": "pattern-lines"}, _lines(t.lines_after, LINES_X, HEADER + INSET)),
        *group({"data-role": "wall-group"}, wall_at(t.wall_after, variant, WALL_X, HEADER, new)),
        *group({"data-role": "floor"}, _floor(t.floor_items, t.floor, PAD, FLOOR_Y)),
    ]
    attrs = {
        "id": ident,
        "data-player": t.board.name,
        "transform": f"translate({x},{y})",
    }
    return group(attrs, children)


def _final_board(
    p: PlayerFinal, variant: Variant, ident: str, x: float, y: float, claim: str = ""
) -> list[str]:
    """One final wall with its bonuses marked, the final score and the claim about it (R8.2)."""
    children = [
        element(
            "rect",
            {
                "x": 0,
                "y": 0,
                "width": FINAL_WIDTH,
                "height": FINAL_HEIGHT,
                "rx": 10,
                "fill": BOARD_FILL,
                "stroke": "#d8ccb0",
            },
        ),
        text_at(PAD, 24, p.name, 16, **{"font-weight": "bold", "data-role": "name"}),
        text_at(
            PAD,
            44,
            say("svg_final", score=p.score, bonus=p.bonus.points, total=p.final_score) + claim,
            LABEL,
            **{"data-role": "score"},
        ),
        *_bonus_wall(p, variant, PAD, HEADER),
    ]
    return group({"id": ident, "data-player": p.name, "transform": f"translate({x},{y})"}, children)


def _bonus_wall(p: PlayerFinal, variant: Variant, x: float, y: float) -> list[str]:
    """A final wall with frames around complete rows and columns, dots on complete colours."""
    out = wall_at(p.wall, variant, x, y)
    for row in p.bonus.rows:
        cells = [(row, c) for c in range(SIZE)]
        out.append(frame(x, y, cells, BONUS_MARK, {"data-role": "bonus-row", "data-row": row + 1}))
    for column in p.bonus.columns:
        cells = [(r, column) for r in range(SIZE)]
        attrs = {"data-role": "bonus-column", "data-col": column + 1}
        out.append(frame(x, y, cells, BONUS_MARK, attrs))
    for row, column, color in p.wall.tiles():
        if color in p.bonus.colors:
            cx, cy = cell_xy(x, y, row, column)
            attrs = {
                "data-role": "bonus-color",
                "data-row": row + 1,
                "data-col": column + 1,
                "data-color": color.letter,
                "cx": cx + CELL - 6,
                "cy": cy + 6,
                "r": 4,
                "fill": BONUS_MARK,
                "stroke": "#ffffff",
            }
            out.append(element("circle", attrs))
    return out


def _layout(count: int, width: int, height: int) -> tuple[list[tuple[int, int]], int, int]:
    """Top-left corners of `count` boards in rows of BOARDS_PER_ROW, and the total size."""
    columns = max(1, min(BOARDS_PER_ROW, count))
    rows = max(1, -(-count // columns))
    corners = [
        (PAD + (i % columns) * (width + PAD), TITLE + (i // columns) * (height + PAD))
        for i in range(count)
    ]
    return corners, PAD + columns * (width + PAD), TITLE + rows * (height + PAD)


def _pictures(report: Report, prefix: str) -> tuple[list[list[str]], int, int]:
    """Each board after the report's last round, or each final wall: SVG children placed at
    (0, 0), and the size of one."""
    claims = _claims(report)
    if report.rounds:
        tilings = report.rounds[-1].tilings
        boards = [
            _board(t, report.variant, f"{prefix}board-{seat}", 0, 0, claims.get(t.board.name, ""))
            for seat, t in enumerate(tilings, start=1)
        ]
        return boards, BOARD_WIDTH, BOARD_HEIGHT
    players = report.final.players if report.final is not None else ()
    walls = [
        _final_board(p, report.variant, f"{prefix}board-{seat}", 0, 0, claims.get(p.name, ""))
        for seat, p in enumerate(players, start=1)
    ]
    return walls, FINAL_WIDTH, FINAL_HEIGHT


def _claims(report: Report) -> dict[str, str]:
    """' · claimed 13 ✗': what each player claimed about the score a board shows."""
    card = scorecard(report)
    column = SCORE if report.rounds else FINAL
    if report.kind == "game" and card.rounds:
        last = card.rounds[-1]
        cells = dict(zip(card.seats, last.cells, strict=True))
        return {
            name: say("svg_claimed", claimed=c.written, mark=c.mark.value)
            for name, c in cells.items()
            if c.written is not None and c.mark is not None
        }
    out = {}
    for row in card.players:
        cell = row.cells.get(column)
        if cell is not None and len(cell.claims) == 1:
            claim = cell.claims[0]
            out[row.name] = say("svg_claimed", claimed=claim.claimed, mark=claim.mark.value)
    return out


def _moved(board: list[str], x: float, y: float) -> list[str]:
    """A board drawn at (0, 0), moved to (x, y)."""
    head = board[0].replace('transform="translate(0,0)"', f'transform="translate({x},{y})"')
    return [head, *board[1:]]


def _title(report: Report) -> str:
    if report.rounds:
        last = report.rounds[-1]
        if last.number is None:
            return say("svg_title", file=report.file)
        return say("svg_title_round", file=report.file, number=last.number)
    return say("svg_title_final", file=report.file)


def board_svgs(report: Report, prefix: str = "") -> list[str]:
    """Each board (or final wall) as an <svg> of its own, for a page that lays them out."""
    boards, width, height = _pictures(report, prefix)
    return [
        svg_root(width, height, {"role": "img", "aria-label": board_name}, board)
        for board, board_name in zip(boards, player_names(report), strict=True)
    ]


def boards_svg(report: Report, prefix: str = "", y: int = 0) -> tuple[str, int, int]:
    """The boards after the report's last round, or the final walls of a `final` document, on
    their own background, with a legend and, when the game has ended, the scores after the
    bonuses and the winner (R8.2, R8.3).

    Returns the <svg> element and its width and height; `y` places it inside another SVG.
    """
    boards, board_width, board_height = _pictures(report, prefix)
    corners, width, height = _layout(len(boards), board_width, board_height)
    children: list[str] = []
    for board, (x, top) in zip(boards, corners, strict=True):
        children += _moved(board, x, top)
    title = _title(report)
    # A long title (a long path, a longer language) gets a smaller font, never a wider picture.
    size = min(14, max(8, 14 * (width - 2 * PAD) // (TITLE_COLUMN * display_width(title))))
    children.insert(
        0, text_at(PAD, 20, title, size, **{"font-weight": "bold", "data-role": "title"})
    )
    lines = _standing_lines(report) + _legend_lines(report)
    for k, line in enumerate(lines):
        children.append(text_at(PAD, height + 4 + 20 * k, line, LABEL, **{"data-role": "caption"}))
    height += 20 * len(lines) + 4
    background = {"width": width, "height": height, "fill": "#ffffff", "data-role": "background"}
    children.insert(0, element("rect", background))
    attrs: dict[str, object] = {
        "id": f"{prefix}boards",
        "role": "img",
        "aria-label": title,
        "data-file": report.file,
        "data-players": ", ".join(player_names(report)),
    }
    if y:
        attrs = {"x": 0, "y": y, **attrs}
    return svg_root(width, height, attrs, children), width, height


def _standing_lines(report: Report) -> list[str]:
    """'Final: Chen 58, Dana 54 …' and 'Winner: Chen', once the game has ended."""
    final = report.final
    if final is None:
        return []
    by_name = {p.name: p.final_score for p in final.players}
    listed = say("list").join(
        f"{s.name} {by_name.get(s.name, s.score)}" for s in final.ranking.standings
    )
    if not final.ended:  # a final document before the end of the game (R8.1)
        return [say("svg_standings", standings=listed), say("card_provisional")]
    return [
        say("svg_standings", standings=listed),
        say_n("card_winner", len(final.winners), names=names(final.winners)),
    ]


def _legend_lines(report: Report) -> list[str]:
    """What the marks mean, a line each."""
    keys = ["svg_legend_new", "svg_legend_run"] if report.rounds else []
    if report.final is not None:
        keys.append("svg_legend_bonus")
    return [say(k) for k in keys]


def step_svg(step: StepPicture, variant: Variant, prefix: str = "") -> str:
    """One placement: the wall after it, the new tile framed and its runs dashed (R5)."""
    p = step.placement
    s = p.score
    label = say(
        "svg_step",
        name=step.player,
        step=step.step,
        tile=tile(p.color),
        row=s.row + 1,
        column=s.column + 1,
        points=s.points,
        terms=say("svg_step_terms", terms=" + ".join(map(str, s.terms)))
        if len(s.terms) > 1
        else "",
    )
    children = group(
        {"data-role": "after"},
        [
            *wall_at(p.wall_after, variant, PAD, 8, {(s.row, s.column)}),
            *_runs(s, PAD, 8),
        ],
    )
    attrs = {"id": f"{prefix}{step.key}", "role": "img", "aria-label": label}
    return svg_root(STEP_WIDTH, STEP_HEIGHT, attrs, children)


def floor_svg(picture: FloorPicture) -> str:
    """A floor's seven slots, what lies on them and what each costs (R6.1)."""
    label = say_n("svg_floor_spoken", picture.floor.penalty, penalty=picture.floor.sum_text())
    children = _floor(picture.items, picture.floor, PAD, 20)
    width, height = PAD + FLOOR_SLOTS * PITCH + PAD, 20 + CELL + 20
    return svg_root(width, height, {"role": "img", "aria-label": label}, children)


def bonus_svg(picture: BonusPicture, variant: Variant, prefix: str = "") -> str:
    """A final wall with what earns its bonuses framed (R8.2)."""
    children = _bonus_wall(picture.player, variant, PAD, 4)
    attrs = {"id": f"{prefix}{picture.key}", "role": "img", "aria-label": picture.player.name}
    return svg_root(PAD + WALL_SIDE + PAD, WALL_SIDE + 8, attrs, children)


def format_svg(reports: Sequence[Report]) -> str:
    """One SVG file: the boards of every document, one under another."""
    declaration = '<?xml version="1.0" encoding="UTF-8"?>\n'
    reports = [shown_names(r) for r in reports]
    if len(reports) == 1:
        return declaration + boards_svg(reports[0])[0] + "\n"
    pictures = []
    y = width = 0
    for i, report in enumerate(reports, start=1):
        picture, w, h = boards_svg(report, f"d{i}-", y)
        pictures.append(picture)
        y += h
        width = max(width, w)
    background = element("rect", {"width": width, "height": y, "fill": "#ffffff"})
    return declaration + svg_root(width, y, {}, [background, *pictures]) + "\n"
