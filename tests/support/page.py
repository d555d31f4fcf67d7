"""The page of `scorecheck serve` in Chromium, as the page's tests drive it: a phone's screen
with touch, each tab starting from empty storage, and the taps a player makes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.support.serving import page_server

PHONE = {"width": 390, "height": 844}
NARROW = {"width": 360, "height": 740}

# A tab's first page starts from empty storage; a reload in the same tab keeps it (the
# browser's storage is the page's memory, and the tests share one context a module).
FRESH_STORAGE = """(() => {
  try {
    if (!sessionStorage.getItem("scorecheck:test-tab")) {
      localStorage.clear();
      sessionStorage.setItem("scorecheck:test-tab", "1");
    }
  } catch (e) {}
})();"""

SETTLED = (
    "() => document.body.dataset.checked !== undefined"
    " && document.body.dataset.checked === document.body.dataset.asked"
)


def new_context(browser: Any, viewport: dict[str, int] = PHONE) -> Any:
    """A phone's browser context: its screen, touch, downloads; storage emptied per tab."""
    context = browser.new_context(viewport=viewport, has_touch=True, accept_downloads=True)
    context.add_init_script(FRESH_STORAGE)
    return context


@contextmanager
def opened(context: Any, url: str, viewport: dict[str, int] = PHONE) -> Iterator[Any]:
    """A tab of its own on the page; any console error or uncaught exception fails."""
    tab = context.new_page()
    tab.set_viewport_size(viewport)
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    try:
        tab.goto(url)
        checked(tab)
        yield tab
    finally:
        tab.close()
    assert errors == []


# The fixtures of the page's test modules (imported by name into each): the page served once a
# module, one browser context a module, a fresh phone-sized tab a test.


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with page_server() as address:
        yield address


@pytest.fixture(scope="module")
def context(browser: Any) -> Iterator[Any]:
    """One browser context for the module's pages. A context of its own for each page cost
    Chromium twice the work of the page alone (0.7 s of processor time against 0.35 s); each
    tab starts from empty storage (FRESH_STORAGE), and answers are not cached (no-store)."""
    context = new_context(browser)
    yield context
    context.close()


@pytest.fixture
def page(context: Any, url: str) -> Iterator[Any]:
    """A fresh phone-sized page."""
    with opened(context, url, PHONE) as tab:
        yield tab


def checked(page: Any) -> None:
    """Wait until the page shows the server's answer to its latest change (app.js numbers
    each change in data-asked and sets data-checked once its answer is drawn)."""
    page.wait_for_function(SETTLED)


def explained(page: Any) -> None:
    """Wait until the page also shows the explanation of its latest change (app.js asks for
    it once the taps pause, and sets data-explained)."""
    page.wait_for_function("() => document.body.dataset.explained === document.body.dataset.asked")


def board(page: Any, seat: int) -> Any:
    return page.locator("section.board").nth(seat)


SLIP_MS = 300  # app.js: a second tap on the same spot sooner is a double tap, ignored


def closed(page: Any) -> None:
    """Wait until the picker has closed, and as long as a player's finger takes to leave the
    spot: the next tap may land where the picker's button was."""
    page.locator("#picker:not([open])").wait_for(state="attached")
    page.wait_for_timeout(SLIP_MS)


def fill_line(page: Any, seat: int, line: int, color: str, count: int) -> None:
    """Slot `count` of an empty pattern line, then its colour: two taps, aimed once the page
    shows the answer to the last change (the verdict card above the boards follows it and can
    change height: a tap aimed before lands where the board was, beside the slot)."""
    checked(page)
    empty = board(page, seat).get_by_role("button", name=f"pattern line {line}, empty")
    empty.locator(f"[data-slot='{count}']").tap()
    picker = page.locator("#picker")
    picker.get_by_role("button", name=color, exact=True).tap()
    closed(page)


def fill_floor(page: Any, seat: int, color: str, up_to: int) -> None:
    """The floor filled with `color` up to slot `up_to`: its slot, then the colour."""
    checked(page)  # as fill_line waits
    box = board(page, seat)
    box.locator(f"[data-key='slot-{seat}-{up_to - 1}']").tap()
    page.locator("#picker").get_by_role("button", name=color, exact=True).tap()
    closed(page)


def marker(page: Any, seat: int) -> None:
    checked(page)  # as fill_line waits
    board(page, seat).get_by_role("button", name="first-player marker").tap()


CLAIMS = {
    "points": "Points for each tile placed, top line first",
    "penalty": "Floor penalty",
    "score": "Score after the round",
    "final": "Final score",
}


def claim(page: Any, seat: int, **claims: str) -> None:
    """What the table claimed, typed into a board's fields, each once the page shows the
    answer to the one before (the rows of numbers above a field follow that answer)."""
    box = board(page, seat)
    for key, value in claims.items():
        checked(page)
        field = box.get_by_role("textbox", name=CLAIMS[key])
        field.tap()
        field.press_sequentially(value)
