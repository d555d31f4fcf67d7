"""The HTML report as a browser draws it: Playwright drives Debian's Chromium, we read pixels
and measure the page.

Chromium comes from Debian's `chromium` package (.ci/run installs it); without it these tests
are skipped, saying why. Playwright cannot download browsers here: it launches that Chromium.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorecheck.api import check_files, check_text
from scorecheck.core.tiles import SIZE, Color, printed_color
from scorecheck.i18n import using
from scorecheck.report.html import format_html
from scorecheck.report.svgdraw import (
    BONUS_MARK,
    CELL,
    FAINT_FILL,
    INSET,
    PITCH,
    RUN_MARK,
    TILE_FILL,
    WALL_BACKDROP,
    WALL_SIDE,
)
from tests.support.browser import (
    breaks_inside_words,
    needs_chromium,
    rendered_lines,
    screenshot,
    show,
)
from tests.support.examples import EXAMPLES, example_files, example_reports
from tests.support.pngread import Image, read_png

WINDOW = (1280, 1400)  # the boards and the first step pictures of e1-round, at natural size
PHONE, DESKTOP = (390, 844), (1280, 800)
Pixel = tuple[int, int, int]


def rgb(color: str) -> Pixel:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def near(a: Pixel, b: Pixel, tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def find_walls(image: Image) -> list[tuple[int, int]]:
    """Top-left corners of the wall backdrops, in page order; walls are drawn at natural size."""
    backdrop = bytes(rgb(WALL_BACKDROP))
    corners: list[tuple[int, int]] = []
    for y in range(image.height - 8):
        row = image.rows[y]
        start = row.find(backdrop)
        while start != -1:
            x = start // image.channels
            inside = any(
                cx - 8 <= x <= cx + WALL_SIDE and cy <= y <= cy + WALL_SIDE for cx, cy in corners
            )
            if start % image.channels == 0 and not inside:
                # The top row is rounded; lower down the left edge is square (where no new
                # tile's frame reaches it).
                edge = range(max(0, x - PITCH), x + 1)  # a new tile's frame may hide the corner
                lefts = [
                    min(found)
                    for dy in range(8, min(WALL_SIDE - 8, image.height - y), 4)
                    if (found := [i for i in edge if image.pixel(i, y + dy) == rgb(WALL_BACKDROP)])
                ]
                if lefts:
                    corners.append((min(lefts), y))
            start = row.find(backdrop, start + 1)
    return sorted(corners, key=lambda c: (c[1] // 20, c[0]))


def cell_at(
    corner: tuple[int, int], row: int, column: int, dx: float, dy: float
) -> tuple[int, int]:
    """A pixel of a 1-based cell, dx and dy units from its top-left corner."""
    return (
        round(corner[0] + INSET + (column - 1) * PITCH + dx),
        round(corner[1] + INSET + (row - 1) * PITCH + dy),
    )


@needs_chromium
def test_report_screenshot_shows_the_tiles_where_they_belong(tab: Any, tmp_path: Path) -> None:
    [report] = check_files([str(EXAMPLES / "e1-round.yaml")])
    image = screenshot(tab, format_html([report]), tmp_path, WINDOW)
    assert (image.width, image.height) == WINDOW

    # Not blank: plenty of ink, in many colours.
    sample = [
        image.pixel(x, y) for y in range(0, image.height, 4) for x in range(0, image.width, 4)
    ]
    inked = sum(1 for p in sample if not near(p, (255, 255, 255), 8))
    assert inked > len(sample) // 10
    assert len(set(sample)) > 50

    # Walls in page order: the board after the round, then the wall after each step.
    walls = find_walls(image)
    assert len(walls) >= 3, walls
    board, step1, step2 = walls[:3]
    for corner in walls[:3]:  # drawn at natural size: the backdrop is exactly WALL_SIDE wide
        x, y = corner[0], corner[1] + 8
        assert image.pixel(x + WALL_SIDE - 1, y) == rgb(WALL_BACKDROP)
        assert image.pixel(x + WALL_SIDE + 1, y) != rgb(WALL_BACKDROP)

    # Every cell of the board after the round in its colour; empty cells faintly printed (R2).
    wall = report.rounds[0].tilings[0].wall_after
    for row in range(1, SIZE + 1):
        for column in range(1, SIZE + 1):
            tile = wall.at(row - 1, column - 1)
            want = TILE_FILL[tile] if tile else FAINT_FILL[printed_color(row - 1, column - 1)]
            got = image.pixel(*cell_at(board, row, column, 7, 7))  # clear of frames and letter
            assert near(got, rgb(want)), (row, column, got, want)

    # The tiles placed this round have the dark-and-light double frame: yellow (2, 3), blue (3, 3).
    for row, column in ((2, 3), (3, 3)):
        assert sum(image.pixel(*cell_at(board, row, column, -2, CELL / 2))) < 3 * 40
        assert sum(image.pixel(*cell_at(board, row, column, 2, CELL / 2))) > 3 * 230
    assert near(image.pixel(*cell_at(board, 3, 1, 2, CELL / 2)), rgb(TILE_FILL[Color.BLACK]), 24)

    # Step 1: the yellow joins the blue on its left, a dashed run frame around both.
    dashes = [image.pixel(*cell_at(step1, 2, 2, x, -3)) for x in range(0, 2 * PITCH)]
    assert any(near(p, rgb(RUN_MARK), 40) for p in dashes)
    assert any(near(p, rgb(WALL_BACKDROP), 10) for p in dashes)  # the gaps between dashes
    assert near(image.pixel(*cell_at(step1, 2, 3, 7, 7)), rgb(TILE_FILL[Color.YELLOW]))

    # Step 2: the blue's runs, across row 3 from column 1 and down column 3 from row 2.
    left = [image.pixel(*cell_at(step2, 3, 1, -3, y)) for y in range(0, CELL)]
    assert any(near(p, rgb(RUN_MARK), 40) for p in left)
    above = [image.pixel(*cell_at(step2, 1, 3, x, -3)) for x in range(0, CELL)]
    assert not any(near(p, rgb(RUN_MARK), 40) for p in above)


# --- Phone and desktop ------------------------------------------------------------------------

# The smallest text on the page in CSS pixels as drawn: HTML text by its computed size, SVG
# text by its size times the scale the picture is drawn at.
SMALLEST_TEXT = """() => {
  let smallest = 1000, where = '';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (el.closest('title, style')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    if (size < smallest) { smallest = size; where = node.textContent.trim().slice(0, 40); }
  }
  return [smallest, where];
}"""

FIRST_SCREEN = """() => {
  const bottom = sel => {
    const el = document.querySelector(sel);
    return el ? el.getBoundingClientRect().bottom + window.scrollY : null;
  };
  return {
    verdict: bottom('.scorecard .verdict'),
    card: bottom('.scorecard table.card tbody tr'),
    banner: bottom('.scorecard .banner'),
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  };
}"""


@needs_chromium
@pytest.mark.parametrize("language", ["en", "ru", "ja"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
@pytest.mark.parametrize("example", example_files(), ids=lambda p: p.stem)
def test_page_fits_and_answers_in_the_first_screen(
    tab: Any, tmp_path: Path, example: Path, size: tuple[int, int], language: str
) -> None:
    with using(language):
        html = format_html(example_reports(example))
    page = show(tab, html, tmp_path, size)
    found = page.evaluate(FIRST_SCREEN)
    assert found["scroll"] <= found["width"], f"horizontal scroll: {found}"
    assert found["verdict"] is not None and found["verdict"] <= size[1], found
    assert found["card"] is not None and found["card"] <= size[1], found
    if found["banner"] is not None:
        assert found["banner"] <= size[1], found
    if size == PHONE:
        smallest, text = page.evaluate(SMALLEST_TEXT)
        assert text, "no text was measured"
        assert smallest >= 12 - 0.01, f"text of {smallest:.1f} CSS px: {text!r}"
        if language == "en":
            page.screenshot(path=str(tmp_path / f"{example.stem}-phone.png"))


@needs_chromium
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("example", example_files(), ids=lambda p: p.stem)
def test_lines_break_between_words_at_1280_and_390_px(
    tab: Any, tmp_path: Path, example: Path, language: str, size: tuple[int, int]
) -> None:
    # The step pictures' captions are narrow, and a phone's every line: Japanese breaks at
    # phrases (a range, 1〜3列目, a number with its word, 最大26点, タイル1枚, and a legend's
    # W＝白 whole), and no language inside a sum.
    with using(language):
        html = format_html(example_reports(example))
    page = show(tab, html, tmp_path, size)
    lines = rendered_lines(page, "figcaption, p, li, td, th, h1, h2, h3")
    assert sum(len(element) > 1 for element in lines) > 1, lines  # some text does wrap
    assert not breaks_inside_words(lines, language)


@needs_chromium
def test_a_lone_step_caption_reads_wider_than_its_picture(tab: Any, tmp_path: Path) -> None:
    # Held to its picture's 220 px, a Japanese caption wrapped every 13 characters at 1280 px.
    with using("ja"):
        html = format_html(example_reports(EXAMPLES / "disputed-round.yaml"))
    page = show(tab, html, tmp_path, DESKTOP)
    widths = page.evaluate(
        """() => [...document.querySelectorAll('.steps')]
            .filter((row) => row.querySelectorAll('figure.step').length === 1)
            .map((row) => ['svg', 'figcaption'].map(
              (part) => row.querySelector(`figure.step ${part}`).getBoundingClientRect().width))"""
    )
    assert widths, "no lone step"
    assert all(caption >= 1.5 * picture for picture, caption in widths), widths


@needs_chromium
@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_each_boards_score_line_fits_in_its_board(tab: Any, tmp_path: Path, language: str) -> None:
    # «Итоговый счёт 38 + 21 = 59 · записано 59 ✓» once ran past the board's edge, clipped.
    overflowing, measured = [], 0
    for example in example_files():
        with using(language):
            html = format_html(example_reports(example))
        lines = show(tab, html, tmp_path, DESKTOP).evaluate(
            """() => [...document.querySelectorAll('g[id^=board] text[data-role=score]')]
                .map((t) => [t.textContent, +t.getAttribute('x') + t.getComputedTextLength(),
                             +t.parentNode.querySelector('rect').getAttribute('width')])"""
        )
        measured += len(lines)
        overflowing += [text for text, right, width in lines if right > width - 8]
    assert measured > 10 and not overflowing, overflowing


# --- Paper ------------------------------------------------------------------------------------

A4_CONTENT = 703  # CSS px between the margins of an A4 page (210 mm − 2 × 11 mm)
# Pages before issue 16: game-4p printed on 28 (en), 30 (ru) and 29 (ja) A4 pages.
PAGES_BEFORE = {"en": 28, "ru": 30, "ja": 29}


def _pages(pdf: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page\b", pdf))


@needs_chromium
@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_game_record_prints_on_half_the_pages_in_readable_type(
    tab: Any, tmp_path: Path, language: str
) -> None:
    with using(language):
        html = format_html(example_reports(EXAMPLES / "game-4p.yaml"))
    # A page of its own, for print media
    page = show(tab.context.new_page(), html, tmp_path, (A4_CONTENT, 1000))
    try:
        page.emulate_media(media="print")
        smallest, text = page.evaluate(SMALLEST_TEXT)
        assert text and smallest >= 12 - 0.01, f"{smallest * 0.75:.1f} pt on paper: {text!r}"
        pages = _pages(page.pdf(format="A4", prefer_css_page_size=True))
    finally:
        page.close()
    assert 0 < pages <= PAGES_BEFORE[language] // 2, pages  # at most half, in each language


def test_a_step_caption_stays_with_its_figure_and_names_round_and_player() -> None:
    [report] = example_reports(EXAMPLES / "game-short.yaml")
    html = format_html([report])
    assert "figure { margin: 6px 0 8px; break-inside: avoid;" in html
    first = html.index('<figure class="step">')
    figure = html[first : html.index("</figure>", first)]
    assert '<figcaption><span class="where">Round 1 · ' in figure


# --- Colour vision ----------------------------------------------------------------------------

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
MACHADO = {
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}
GREY = ((0.2126, 0.7152, 0.0722),) * 3


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(pixel: Pixel, vision: str) -> tuple[float, float, float]:
    """A screen pixel as a colour-vision deficiency (or greyscale print) sees it, linear RGB."""
    matrix = GREY if vision == "grey" else MACHADO[vision]
    lin = [_linear(c) for c in pixel]
    out = [sum(m * c for m, c in zip(row, lin, strict=True)) for row in matrix]
    return (min(1.0, max(0.0, out[0])), min(1.0, max(0.0, out[1])), min(1.0, max(0.0, out[2])))


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two linear colours."""
    la, lb = (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2] for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


VISIONS = ("normal", "protan", "deutan", "tritan", "grey")
# One board places a tile of every colour: each pattern line is full.
EVERY_COLOUR = """kind: round
players:
  - name: Anna
    score: 0
    wall: [".....", ".....", ".....", ".....", "....."]
    lines: ["B", "YY", "RRR", "KKKK", "WWWWW"]
"""


def _walls(page: Any) -> list[tuple[int, int]]:
    """Top-left corners of the wall backdrops on the screen, from the page itself."""
    boxes = page.eval_on_selector_all(
        "rect[data-role=wall]",
        "els => els.map(e => { const b = e.getBoundingClientRect(); return [b.x, b.y, b.width]; })",
    )
    return [(round(x), round(y)) for x, y, width in boxes if abs(width - WALL_SIDE) < 0.5]


def _shot(tab: Any, html: str, tmp_path: Path) -> tuple[Image, list[tuple[int, int]]]:
    page = show(tab, html, tmp_path, WINDOW)
    return read_png(page.screenshot()), _walls(page)


@needs_chromium
def test_new_tile_frame_survives_every_colour_vision(tab: Any, tmp_path: Path) -> None:
    [report] = check_text("colours.yaml", EVERY_COLOUR)
    image, walls = _shot(tab, format_html([report]), tmp_path)
    board = walls[0]  # the board after the round, at natural size
    tiling = report.rounds[0].tilings[0]
    placed = [(p.score.row + 1, p.score.column + 1, p.color) for p in tiling.placements]
    assert {color for _, _, color in placed} == set(Color)
    ratios = {}
    for row, column, color in placed:
        tile = image.pixel(*cell_at(board, row, column, 7, 7))
        assert near(tile, rgb(TILE_FILL[color]), 12), (color, tile)
        # The frame's two rings, across the tile's left edge: dark outside, light inside.
        band = [image.pixel(*cell_at(board, row, column, dx, CELL / 2)) for dx in range(-4, 6)]
        dark, light = min(band[:6], key=sum), max(band[5:], key=sum)
        for vision in VISIONS:
            t = seen(tile, vision)
            best = max(contrast(seen(dark, vision), t), contrast(seen(light, vision), t))
            ratios[(color.letter, vision)] = best
    assert len(ratios) == len(Color) * len(VISIONS)
    failing = {k: round(v, 2) for k, v in ratios.items() if v < 3}
    assert not failing, f"the new-tile frame fades below 3:1: {failing}"


@needs_chromium
def test_bonus_outlines_show_on_the_brown_frame(tab: Any, tmp_path: Path) -> None:
    [report] = check_files([str(EXAMPLES / "final.yaml")])
    image, walls = _shot(tab, format_html([report]), tmp_path)
    wall = walls[0]  # Anna's: rows 1 and 2 and column 1 complete
    # The outline of row 1 runs over the brown above the row; between two cells is brown.
    outline = [image.pixel(*cell_at(wall, 1, 3, x, -3)) for x in range(4, CELL - 4)]
    brown = image.pixel(*cell_at(wall, 3, 4, -2, CELL / 2))
    assert near(brown, rgb(WALL_BACKDROP), 4), brown
    marks = [p for p in outline if near(p, rgb(BONUS_MARK), 30)]
    assert len(marks) > len(outline) // 2, outline[:3]
    for vision in VISIONS:
        ratio = contrast(seen(marks[0], vision), seen(brown, vision))
        assert ratio >= 3, (vision, ratio)
