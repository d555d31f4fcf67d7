"""Debian's Chromium driven by Playwright, and documents shown and screenshot in it.

Shared by the page's tests, the screenshot tests and benchmarks/bench_tap.py. Playwright cannot
download browsers here: it launches the system's Chromium with the arguments that work in this
sandbox. The tests share one browser a run (the `browser` fixture of tests/conftest.py).
"""

from __future__ import annotations

import re
import shutil
from itertools import pairwise
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


# The text of each element a selector finds, as the lines Chromium lays it out on: a line
# starts where a character's box sits lower than the one before it.
RENDERED_LINES = """(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const lines = [];
  let top = null;
  let line = "";
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (box && top !== null && box.top > top + 3) {
        lines.push(line);
        line = "";
      }
      if (box && (top === null || box.top > top + 3)) top = box.top;
      line += node.data[i];
    }
  }
  return [...lines, line];
})"""


def rendered_lines(page: Any, selector: str) -> list[list[str]]:
    """For each element `selector` finds on the page, its text line by line as drawn (word
    joiners and no-break spaces kept)."""
    found: list[list[str]] = page.evaluate(RENDERED_LINES, selector)
    return found


def _kanji(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff"


def _kana(char: str) -> bool:
    return "\u3040" <= char <= "\u30ff"


RU_NAMING_NOUN = re.compile(
    r"(?:узора|[Рр]яд[аеу]?|[Сс]толб\w*|[Рр]аунд[еу]?|[Мм]ест[ео]|[Шш]аг[аеу]?)$"
)
RU_NAMED_NUMBER = re.compile(
    r"(?:узора|[Рр]яд[аеу]?|[Сс]толб\w*|[Рр]аунд[еу]?|[Мм]ест[ео]|[Шш]аг[аеу]?)[\u00a0 ]\d+$"
)


def _katakana(char: str) -> bool:
    return "\u30a0" <= char <= "\u30ff"


def breaks_inside_words(lines: list[list[str]], language: str) -> list[tuple[str, str]]:
    """The line breaks that part what the terminal's wrap() never parts: a sum (3 + 2 = 5,
    −1 −1 −2 = −4), a Russian number and its noun («7 очков»), a Japanese number and its
    counter or the word before it (8点, 最大26点, タイル1枚), a range (1〜3列目) and a
    legend's ＝ and what it names (W＝白); each as the end of one line and the start of the
    next."""
    found = []
    for element in lines:
        for before, after in pairwise(element):
            end = before.replace("\u2060", "").rstrip(" \u00a0")
            start = after.replace("\u2060", "").lstrip(" \u00a0")
            if not end or not start:
                continue
            last, first = end[-1], start[0]
            # a sum of words may break after its operator: '… (1×2) + / столбец 4 …'
            in_a_sum = (
                (last in "+−=×" and (first.isdigit() or first == "−"))
                or first in "+=×"
                or (last.isdigit() and first == "−" and start[1:2].isdigit())
            )
            if language == "ru":
                # a number that names a line, row or round stays with its noun («линия узора 2»)
                # and may end a line; any other number keeps its noun («7 очков»), and a range
                # its two ends («3–5»)
                named = RU_NAMED_NUMBER.search(end) is not None
                inside = (
                    (last.isdigit() and not named and re.match("[А-Яа-яЁё]{3}", start) is not None)
                    or (RU_NAMING_NOUN.search(end) is not None and first.isdigit())
                    or (end.endswith("–") and end[-2:-1].isdigit() and first.isdigit())
                )
            elif language == "ja":
                # at a space a line may break ('SC215 最終得点'); the words bound are unspaced
                spaced = before.replace("\u2060", "") != end or after.replace("\u2060", "") != start
                inside = not spaced and (
                    "〜" in (last, first)
                    or (last.isdigit() and (_kanji(first) or _kana(first)))
                    or ((_kanji(last) or _katakana(last)) and first.isdigit())
                    or "＝" in (last, first)
                )
            else:
                inside = False
            if in_a_sum or inside:
                found.append((end[-12:], start[:12]))
    return found
