"""The HTML report as a browser draws it: headless Chromium takes a screenshot, we read pixels.

Chromium comes from Debian's `chromium` package (.ci/run installs it); without it the test is
skipped, saying why.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from scorecheck.api import check_files
from scorecheck.core.tiles import SIZE, Color, printed_color
from scorecheck.report.html import format_html
from scorecheck.report.svg import (
    CELL,
    FAINT_FILL,
    INSET,
    NEW_MARK,
    PITCH,
    RUN_MARK,
    TILE_FILL,
    WALL_BACKDROP,
    WALL_SIDE,
)
from tests.conftest import EXAMPLES
from tests.pngread import Image, read_png

WINDOW = (600, 1300)  # the boards and the first two step pictures of e1-round
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
Pixel = tuple[int, int, int]


def rgb(color: str) -> Pixel:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def near(a: Pixel, b: Pixel, tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def screenshot(html: str, tmp_path: Path) -> Image:
    page = tmp_path / "report.html"
    page.write_text(html, encoding="utf-8")
    png = tmp_path / "shot.png"
    assert CHROMIUM is not None
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--screenshot={png}",
            f"--window-size={WINDOW[0]},{WINDOW[1]}",
            page.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return read_png(png.read_bytes())


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
                # The top row is rounded; eight pixels lower the left edge is square.
                edge = range(max(0, x - 8), x + 1)
                left = min(i for i in edge if image.pixel(i, y + 8) == rgb(WALL_BACKDROP))
                corners.append((left, y))
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


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
def test_report_screenshot_shows_the_tiles_where_they_belong(tmp_path: Path) -> None:
    [report] = check_files([str(EXAMPLES / "e1-round.yaml")])
    image = screenshot(format_html([report]), tmp_path)
    assert (image.width, image.height) == WINDOW

    # Not blank: plenty of ink, in many colours.
    sample = [
        image.pixel(x, y) for y in range(0, image.height, 4) for x in range(0, image.width, 4)
    ]
    inked = sum(1 for p in sample if not near(p, (255, 255, 255), 8))
    assert inked > len(sample) // 10
    assert len(set(sample)) > 50

    # Walls in page order: the board after the round, then before and after each step.
    walls = find_walls(image)
    assert len(walls) >= 5, walls
    board, step1_before, step1_after, _, step2_after = walls[:5]
    for corner in walls[:5]:  # drawn at natural size: the backdrop is exactly WALL_SIDE wide
        x, y = corner[0], corner[1] + 8
        assert image.pixel(x + WALL_SIDE - 1, y) == rgb(WALL_BACKDROP)
        assert image.pixel(x + WALL_SIDE + 1, y) != rgb(WALL_BACKDROP)

    # Every cell of the board after the round in its colour; empty cells faintly printed (R2).
    wall = report.rounds[0].tilings[0].wall_after
    for row in range(1, SIZE + 1):
        for column in range(1, SIZE + 1):
            tile = wall.at(row - 1, column - 1)
            want = TILE_FILL[tile] if tile else FAINT_FILL[printed_color(row - 1, column - 1)]
            got = image.pixel(*cell_at(board, row, column, 7, 7))  # clear of stroke and letter
            assert near(got, rgb(want)), (row, column, got, want)

    # The tiles placed this round are framed: the yellow at (2, 3), the blue at (3, 3).
    for row, column in ((2, 3), (3, 3)):
        assert near(image.pixel(*cell_at(board, row, column, 1, CELL / 2)), rgb(NEW_MARK), 24)
    assert near(image.pixel(*cell_at(board, 3, 1, 1, CELL / 2)), rgb(TILE_FILL[Color.BLACK]), 24)

    # Step 1: the yellow joins the blue on its left; the frame of that run shows only after.
    left_of_run = cell_at(step1_after, 2, 2, -3, CELL / 2)
    assert near(image.pixel(*left_of_run), rgb(RUN_MARK), 24)
    before = cell_at(step1_before, 2, 2, -3, CELL / 2)
    assert image.pixel(*before) == rgb(WALL_BACKDROP)
    assert near(image.pixel(*cell_at(step1_after, 2, 3, 7, 7)), rgb(TILE_FILL[Color.YELLOW]))

    # Step 2: the blue's runs, across row 3 from column 1 and down column 3 from row 2.
    assert near(image.pixel(*cell_at(step2_after, 3, 1, -3, CELL / 2)), rgb(RUN_MARK), 24)
    assert near(image.pixel(*cell_at(step2_after, 2, 3, CELL / 2, -3)), rgb(RUN_MARK), 24)
    assert not near(image.pixel(*cell_at(step2_after, 1, 3, CELL / 2, -3)), rgb(RUN_MARK), 24)
