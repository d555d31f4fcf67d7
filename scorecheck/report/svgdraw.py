"""The drawing primitives of every SVG picture: the geometry of a cell and a wall, the
palette, and the elements a picture is made of (text, a tile with its letter, a wall with its
25 cells, a frame around a run of cells, an empty slot, a group, the <svg> element).

Attribute values and text are escaped here, so a picture never writes markup by hand.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape

from scorecheck.core.tiles import SIZE, Color, Variant, Wall, printed_color

# Geometry, in SVG units (1 unit = 1 CSS pixel when drawn at natural size).
CELL = 32
GAP = 4
PITCH = CELL + GAP
PAD = 16
INSET = 4  # the wall's backdrop shows this much around its cells
GRID = SIZE * PITCH - GAP  # side of the 5×5 cells
WALL_SIDE = GRID + 2 * INSET  # side of the wall's backdrop

# Colours. The wall's backdrop colour is used for nothing else, so a screenshot can find walls.
TILE_FILL = {
    Color.BLUE: "#1f66c1",
    Color.YELLOW: "#f2c230",
    Color.RED: "#d1352b",
    Color.BLACK: "#262626",
    Color.WHITE: "#f4f8fb",
}
LETTER_FILL = {Color.YELLOW: "#262626", Color.WHITE: "#262626"}  # others: white letters
CELL_BASE = "#efe6d2"
BOARD_FILL = "#faf6ec"
WALL_BACKDROP = "#5b3f26"
GREY_EMPTY = "#c4c4c4"  # an empty cell of the grey wall (R9)
INK = "#262626"
SOFT_INK = "#6b6358"
# The tile just placed: a thick dark frame with a light one inside it, so that one of the two
# stands out on every tile colour, for every colour vision and in greyscale (a shape cue).
NEW_MARK = "#111111"
NEW_MARK_INNER = "#ffffff"
RUN_MARK = "#ff7a00"  # the runs that score it, dashed
BONUS_MARK = "#7ee8a2"  # complete rows, columns and colours: light, so it shows on the brown
FAINT = 0.3  # how strongly an empty cell shows its printed colour
LABEL = 15  # the smallest text: 12 CSS px and more on a 390 px screen


def _mix(color: str, base: str, amount: float) -> str:
    """`amount` of `color` over `base`, as #rrggbb."""
    channels = [
        round(int(color[i : i + 2], 16) * amount + int(base[i : i + 2], 16) * (1 - amount))
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{c:02x}" for c in channels)


FAINT_FILL = {color: _mix(fill, CELL_BASE, FAINT) for color, fill in TILE_FILL.items()}
FONT = "font-family:'DejaVu Sans',Verdana,Arial,sans-serif"


def element(name: str, attrs: Mapping[str, object], text: str | None = None) -> str:
    """One element; attribute values and text escaped."""
    parts = [name] + [f'{k}="{escape(str(v), quote=True)}"' for k, v in attrs.items()]
    if text is None:
        return f"<{' '.join(parts)}/>"
    return f"<{' '.join(parts)}>{escape(text, quote=False)}</{name}>"


def text_at(x: float, y: float, text: str, size: int = 12, **attrs: object) -> str:
    return element("text", {"x": x, "y": y, "font-size": size, "fill": INK, **attrs}, text)


def _cell_letter(x: float, y: float, letter: str, fill: str, drop: int, bold: bool = False) -> str:
    """A letter centred in the cell at (x, y), `drop` below its middle; hidden from screen
    readers, which read the cell's own label."""
    weight = {"font-weight": "bold"} if bold else {}
    attrs = {
        "x": x + CELL / 2,
        "y": y + CELL / 2 + drop,
        "font-size": LABEL,
        **weight,
        "text-anchor": "middle",
        "fill": fill,
        "aria-hidden": "true",
    }
    return element("text", attrs, letter)


def tile_at(
    x: float, y: float, color: Color, attrs: dict[str, object], stroke: str | None = None
) -> list[str]:
    """A tile with its letter, so the picture also reads in black and white."""
    rect = {
        "x": x,
        "y": y,
        "width": CELL,
        "height": CELL,
        "rx": 4,
        "fill": TILE_FILL[color],
        "stroke": "#262626",
        "stroke-width": 1.5,
        **attrs,
    }
    letter = _cell_letter(x, y, color.letter, LETTER_FILL.get(color, "#ffffff"), 4, bold=True)
    out = [element("rect", rect), letter]
    if stroke:  # the new tile: dark outside, light inside
        frame = {"x": x - 1, "y": y - 1, "width": CELL + 2, "height": CELL + 2, "rx": 5}
        out.append(element("rect", {**frame, "fill": "none", "stroke": stroke, "stroke-width": 5}))
        inner = {"x": x + 2.5, "y": y + 2.5, "width": CELL - 5, "height": CELL - 5, "rx": 3}
        out.append(
            element(
                "rect",
                {
                    **inner,
                    "fill": "none",
                    "stroke": NEW_MARK_INNER,
                    "stroke-width": 2,
                    "data-role": "new-frame",
                },
            )
        )
    return out


def wall_at(
    wall: Wall,
    variant: Variant,
    x: float,
    y: float,
    new: Collection[tuple[int, int]] = (),
) -> list[str]:
    """The wall's backdrop and its 25 cells; tiles in colour, empty cells faint (R2) or grey."""
    out = [
        element(
            "rect",
            {
                "data-role": "wall",
                "x": x,
                "y": y,
                "width": WALL_SIDE,
                "height": WALL_SIDE,
                "rx": 6,
                "fill": WALL_BACKDROP,
            },
        )
    ]
    for row in range(SIZE):
        for column in range(SIZE):
            cx, cy = cell_xy(x, y, row, column)
            where: dict[str, object] = {"data-row": row + 1, "data-col": column + 1}
            tile = wall.at(row, column)
            if tile is not None:
                new_tile = (row, column) in new
                role = "new-tile" if new_tile else "tile"
                attrs = {"data-role": role, **where, "data-color": tile.letter}
                out += tile_at(cx, cy, tile, attrs, NEW_MARK if new_tile else None)
                continue
            faint_letter = None
            if variant is Variant.COLORED:
                printed = printed_color(row, column)
                fill = FAINT_FILL[printed]
                where["data-printed"] = printed.letter
                faint_letter = printed.letter
            else:
                fill = GREY_EMPTY
            out.append(
                element(
                    "rect",
                    {
                        "data-role": "empty",
                        **where,
                        "x": cx,
                        "y": cy,
                        "width": CELL,
                        "height": CELL,
                        "rx": 4,
                        "fill": fill,
                    },
                )
            )
            if faint_letter is not None:  # so that faint colour is not the only cue
                out.append(_cell_letter(cx, cy, faint_letter, "#00000047", 5))
    return out


def cell_xy(x: float, y: float, row: int, column: int) -> tuple[float, float]:
    """Top-left corner of a cell of the wall whose backdrop starts at (x, y)."""
    return x + INSET + column * PITCH, y + INSET + row * PITCH


def frame(
    x: float, y: float, cells: Sequence[tuple[int, int]], color: str, attrs: dict[str, object]
) -> str:
    """A rounded frame around a straight run of cells."""
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    x0, y0 = cell_xy(x, y, r0, c0)
    x1, y1 = cell_xy(x, y, r1, c1)
    return element(
        "rect",
        {
            **attrs,
            "x": x0 - 3,
            "y": y0 - 3,
            "width": x1 - x0 + CELL + 6,
            "height": y1 - y0 + CELL + 6,
            "rx": 7,
            "fill": "none",
            "stroke": color,
            "stroke-width": 3,
            **({"stroke-dasharray": "6 3"} if color == RUN_MARK else {}),
        },
    )


def slot_at(x: float, y: float, attrs: dict[str, object]) -> str:
    return element(
        "rect",
        {
            **attrs,
            "x": x,
            "y": y,
            "width": CELL,
            "height": CELL,
            "rx": 4,
            "fill": CELL_BASE,
            "stroke": "#0000001f",
        },
    )


def group(attrs: Mapping[str, object], children: list[str]) -> list[str]:
    head = element("g", attrs)[:-2] + ">"
    return [head, *children, "</g>"]


def svg_root(width: float, height: float, attrs: Mapping[str, object], children: list[str]) -> str:
    head = element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            **attrs,
            "viewBox": f"0 0 {width} {height}",
            "width": width,
            "height": height,
            "style": FONT,
        },
    )[:-2]
    return "\n".join([head + ">", *children, "</svg>"])
