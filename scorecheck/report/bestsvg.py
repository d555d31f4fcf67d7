"""The best order of a wall as pictures for the HTML report: one small wall a round, this
round's tiles outlined with their points (report/best.py says which order)."""

from __future__ import annotations

from html import escape

from scorecheck.core.replay import Tiling
from scorecheck.core.tiles import SIZE
from scorecheck.report.best import BestOrderPicture
from scorecheck.report.svgdraw import (
    CELL_BASE,
    INK,
    LETTER_FILL,
    NEW_MARK,
    TILE_FILL,
    WALL_BACKDROP,
)
from scorecheck.report.words import say, say_n

_BEST_SIDE = 20  # a cell of the small walls
_BEST_PITCH = _BEST_SIDE + 2
_BEST_WALL = SIZE * _BEST_PITCH + 4
_BEST_CAPTION = 18


def best_order_svg(picture: BestOrderPicture) -> str:
    """The rounds as small walls, one picture each (they wrap on a narrow screen); this
    round's tiles outlined, with their points."""
    width, height = _BEST_WALL, _BEST_WALL + _BEST_CAPTION
    parts = []
    for k, tiling in enumerate(picture.rounds):
        caption = say("best_caption", number=k + 1, points=tiling.wall_points)
        spoken = say_n("best_caption_spoken", tiling.wall_points, number=k + 1)
        parts.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(spoken)}">'
            f'<text x="0" y="13" font-size="12" fill="{INK}" '
            f"style=\"font-family:'DejaVu Sans',Verdana,Arial,sans-serif\">{escape(caption)}</text>"
        )
        parts += _best_round_wall(tiling, 0, _BEST_CAPTION)
        parts.append("</svg>")
    return "".join(parts)


def _best_round_wall(tiling: Tiling, x: int, y: int) -> list[str]:
    points = {(p.line, p.score.column): p.points for p in tiling.placements}
    backdrop = f'width="{_BEST_WALL}" height="{_BEST_WALL}" rx="3" fill="{WALL_BACKDROP}"'
    parts = [f'<rect x="{x}" y="{y}" {backdrop}/>']
    for row in range(SIZE):
        for column in range(SIZE):
            cx, cy = x + 3 + column * _BEST_PITCH, y + 3 + row * _BEST_PITCH
            cell = tiling.wall_after.at(row, column)
            fill = CELL_BASE if cell is None else TILE_FILL[cell]
            new = (row, column) in points
            stroke = f' stroke="{NEW_MARK}" stroke-width="3"' if new else ""
            parts.append(
                f'<rect x="{cx}" y="{cy}" width="{_BEST_SIDE}" height="{_BEST_SIDE}" rx="2" '
                f'fill="{fill}"{stroke}/>'
            )
            if new and cell is not None:
                ink = LETTER_FILL.get(cell, "#ffffff")
                parts.append(
                    f'<text x="{cx + _BEST_SIDE / 2}" y="{cy + 14}" font-size="12" fill="{ink}" '
                    f'text-anchor="middle" font-weight="bold">{points[row, column]}</text>'
                )
    return parts
