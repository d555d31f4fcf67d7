"""Taps and typed characters a board takes on the page of `scorecheck serve`, before and after.

Enters the same boards by script (tests/support/taps.py) on today's page and on the page
before issue 29 (scorecheck/web at commit BEFORE, served the same way), in Chromium at
390 x 844 with touch, and prints the taps and characters of each, side by side. Each page's
result is saved (Save) and must be the same document on both, so both entered the same.

    python benchmarks/bench_taps.py [REVISION]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from common import ROOT, machine

sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from scorecheck.core.documents import Document
from scorecheck.load import load_bytes
from scorecheck.serve.server import ASSET_TYPES, Page
from tests.support.browser import launch
from tests.support.page import checked, new_context
from tests.support.serving import served
from tests.support.taps import ANNA, BORIS, MIDGAME, MIDGAME_NEXT, Board, Counter, enter
from tests.support.taps import enter_before as enter_old

BEFORE = "753465f"  # main as issue 29 began: the page of one app.js
Enter = Callable[[Counter, int, Board], None]
# What is entered: (what, [(seat, board)], whether Next round comes first).
SCENES: list[tuple[str, list[tuple[int, Board]], bool]] = [
    ("Anna, the disputed round", [(0, ANNA)], False),
    ("Boris, the disputed round", [(1, BORIS)], False),
    ("a board of round 3", [(0, MIDGAME)], False),
    ("its next round", [(0, MIDGAME_NEXT)], True),
]


def assets_at(revision: str) -> dict[str, tuple[bytes, str]]:
    """scorecheck/web as it was at a revision, by URL path, as the server serves it."""
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", revision, "scorecheck/web/"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    found = {}
    for name in names:
        body = subprocess.run(["git", "show", f"{revision}:{name}"], cwd=ROOT, capture_output=True)
        suffix = "." + name.rpartition(".")[2]
        found["/" + name.rpartition("/")[2]] = (body.stdout, ASSET_TYPES[suffix])
    found["/"] = found["/index.html"]
    return found


def saved(tab: Any, folder: Path) -> Document:
    with tab.expect_download() as download:
        tab.get_by_role("button", name="Save", exact=True).click()
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    [document] = list(load_bytes(path.name, path.read_bytes()))
    assert isinstance(document, Document), document
    return document


def counts(page: Page, entering: Enter, folder: Path) -> list[tuple[int, int, Document]]:
    """Taps, characters and the saved document of each scene, on one page."""
    found: list[tuple[int, int, Document]] = []
    with served(page) as (host, port), sync_playwright() as playwright:
        browser = launch(playwright)
        context = new_context(browser)
        tab = context.new_page()
        tab.goto(f"http://{host}:{port}/")
        tab.wait_for_function("() => document.body.dataset.checked")
        for _, boards, after_next in SCENES:
            count = Counter(tab)
            if after_next:
                count.tap(tab.get_by_role("button", name="Next round →"))
                tab.locator("#actions").get_by_text("Round 2").wait_for()
            elif found:
                tab.goto(f"http://{host}:{port}/")  # a new page (and new storage)
                tab.evaluate("localStorage.clear()")
                tab.reload()
                tab.wait_for_function("() => document.body.dataset.checked")
            for seat, board in boards:
                entering(count, seat, board)
            tab.wait_for_timeout(300)
            if entering is enter:
                checked(tab)
            found.append((count.taps, count.characters, saved(tab, folder)))
        browser.close()
    return found


def main(revision: str = BEFORE) -> None:
    print(f"taps and typed characters a board, on {machine()}")
    old_page = Page("en")
    old_page.assets = assets_at(revision)
    with tempfile.TemporaryDirectory() as folder:
        before = counts(old_page, enter_old, Path(folder))
        after = counts(Page("en"), enter, Path(folder))
    print(f"  {'board':<28} {'before (' + revision + ')':>20} {'after':>16}")
    for (what, _, _), old, new in zip(SCENES, before, after, strict=True):
        assert old[2] == new[2], f"{what}: the two pages entered different documents"
        print(f"  {what:<28} {old[0]:>6} taps {old[1]:>3} ch {new[0]:>6} taps {new[1]:>3} ch")


if __name__ == "__main__":
    main(*sys.argv[1:2])
