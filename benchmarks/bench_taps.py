"""Taps and typed characters a board takes on the page of `scorecheck serve`, before and after.

Enters the same boards by script (tests/support/taps.py) on today's page, on main's page at
MAIN and on the page before issue 29 (scorecheck/web at commit BEFORE), each served the same
way, in Chromium at 390 x 844 with touch, and prints the taps and characters of each, side by
side. Each page's result is saved (Save) and must be the same document on all, so all
entered the same.

    python benchmarks/bench_taps.py [MAIN [BEFORE]]
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
from tests.support.taps import (
    ANNA,
    BORIS,
    MIDGAME,
    MIDGAME_NEXT,
    Board,
    Counter,
    enter,
    enter_before,
    enter_main,
)

BEFORE = "753465f"  # main as issue 29 began: the page of one app.js
MAIN = "43160a5"  # main before the claims tapped as numbers
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


def page_at(revision: str) -> Page:
    """The page of `scorecheck serve` with scorecheck/web as it was at a revision."""
    page = Page("en")
    page.assets = assets_at(revision)
    return page


def main(main_revision: str = MAIN, before: str = BEFORE) -> None:
    print(f"taps and typed characters a board, on {machine()}")
    with tempfile.TemporaryDirectory() as folder:
        columns = [
            (f"issue ({before})", counts(page_at(before), enter_before, Path(folder))),
            (f"main ({main_revision})", counts(page_at(main_revision), enter_main, Path(folder))),
            ("after", counts(Page("en"), enter, Path(folder))),
        ]
    print(f"  {'board':<28}" + "".join(f"{title:>18}" for title, _ in columns))
    for k, (what, _, _) in enumerate(SCENES):
        found = [figures[k] for _, figures in columns]
        assert all(f[2] == found[0][2] for f in found), (
            f"{what}: the pages entered different documents"
        )
        print(f"  {what:<28}" + "".join(f"{f[0]:>7} taps {f[1]:>3} ch" for f in found))


if __name__ == "__main__":
    main(*sys.argv[1:3])
