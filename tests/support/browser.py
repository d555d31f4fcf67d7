"""Debian's Chromium driven by Playwright, and documents shown and screenshot in it.

Shared by the page's tests, the screenshot tests and benchmarks/bench_tap.py. Playwright cannot
download browsers here: it launches the system's Chromium with the arguments that work in this
sandbox. The tests share one browser a run (the `browser` fixture of tests/conftest.py).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.support.pngread import Image, read_png

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Chromium asks Google about the forms of a page it shows, and connects ahead to its search
    # engine at each navigation: the tests ask no one.
    "--disable-features=AutofillServerCommunication,PreconnectToSearch",
]
# What Chromium 150 still sends elsewhere whatever its arguments: a connection to its search
# engine when a context first opens a page (seen with about:blank), before and apart from any
# page's own requests.
CHROMIUMS_OWN = frozenset({("CONNECT", "www.google.com:443")})
NO_CHROMIUM = "Chromium is not installed (apt-get install chromium)"
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason=NO_CHROMIUM)


def launch(playwright: Any) -> Any:
    """Headless Chromium from the system."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def show(tab: Any, html: str, tmp_path: Path, size: tuple[int, int]) -> Any:
    """An HTML document opened from a file in a tab, at a viewport of `size` CSS pixels."""
    page_file = tmp_path / "report.html"
    page_file.write_text(html, encoding="utf-8")
    tab.set_viewport_size({"width": size[0], "height": size[1]})
    tab.goto(page_file.as_uri())
    return tab


def screenshot(tab: Any, html: str, tmp_path: Path, size: tuple[int, int]) -> Image:
    """The first screen of a page, as Chromium draws it at one device pixel per CSS pixel."""
    png = show(tab, html, tmp_path, size).screenshot()
    (tmp_path / "shot.png").write_bytes(png)
    return read_png(png)
