"""Boards entered on the page by script, every tap and typed character counted: shared by
the page's tests and benchmarks/bench_taps.py, which compares today's page with main's.

A board is what a player reads off the table; `enter` taps it in on the page as it is now,
`enter_main` on main's page at 43160a5 (claims typed, the marker a tap of its own),
`enter_before` on the page before issue 29 (one picker a line: the line, a colour, a count;
the floor a tile a tap; claims behind a fold). All end with the same document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tests.support.page import SETTLED, SLIP_MS, closed

COLOR_NAMES = {"B": "blue", "Y": "yellow", "R": "red", "K": "black", "W": "white"}


@dataclass(frozen=True)
class Board:
    """One board as the table shows it; lines are (line, letter, count), cells (row, column)
    of the coloured wall (both from 1), the floor the marker then (letter, count)."""

    name: str | None = None
    score: int = 0
    cells: tuple[tuple[int, int], ...] = ()
    lines: tuple[tuple[int, str, int], ...] = ()
    marker: bool = False
    floor: tuple[str, int] | None = None
    claims: dict[str, str] = field(default_factory=dict)


# Boris's board of examples/disputed-round.yaml: 7 tiles, a full line, a floor of five.
BORIS = Board(
    name="Boris",
    score=12,
    cells=((1, 4), (2, 3), (2, 5), (4, 1), (4, 2), (5, 1), (5, 2)),
    lines=((2, "R", 2),),
    marker=True,
    floor=("R", 4),
    claims={"points": "7", "penalty": "6", "score": "13"},
)
ANNA = Board(
    name="Anna",
    lines=((1, "B", 1),),
    floor=("R", 1),
    claims={"points": "1", "penalty": "1", "score": "0"},
)
# A board of round 3: four tiles from two rounds, a full line and a part-filled one, one
# tile on the floor; the table claims the score after the round.
MIDGAME = Board(
    score=4,  # the most its four tiles could have earned (SC115)
    cells=((1, 1), (1, 3), (2, 2), (3, 5)),
    lines=((2, "Y", 2), (4, "K", 3)),
    floor=("K", 1),
    claims={"score": "6"},
)
# Its next round, on the page already: one full line and the marker.
MIDGAME_NEXT = Board(lines=((3, "W", 3),), marker=True)


class Counter:
    """Taps and typed characters, as a player makes them (a key of the phone's keyboard,
    its Next included, is a typed character)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.characters = 0

    def tap(self, target: Any) -> None:
        target.tap()
        self.taps += 1

    def type(self, target: Any, text: str) -> None:
        self.tap(target)
        target.press_sequentially(text)
        self.characters += len(text)

    def stroke(self, cells: list[Any]) -> None:
        """A finger drawn through the middles of `cells`, in order: one gesture."""
        cells[0].scroll_into_view_if_needed()
        middles = []
        for cell in cells:
            box = cell.bounding_box()
            middles.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
        touch = self.page.context.new_cdp_session(self.page)

        def send(kind: str, points: list[dict[str, float]]) -> None:
            touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

        (x, y), *rest = middles
        send("touchStart", [{"x": x, "y": y}])
        for to_x, to_y in rest:
            for step in range(1, 5):  # a finger moves through the cells between
                f = step / 4
                send("touchMove", [{"x": x + (to_x - x) * f, "y": y + (to_y - y) * f}])
            x, y = to_x, to_y
        send("touchEnd", [])
        touch.detach()
        self.page.wait_for_timeout(2 * SLIP_MS)  # Chromium takes a tap at once after it for none
        self.taps += 1

    def keys(self, text: str) -> None:
        """Typed on the keyboard into the field that has the focus."""
        self.page.keyboard.type(text)
        self.characters += len(text)

    def next_field(self, key: str) -> None:
        """The keyboard's Next key, which moves to the field `key`."""
        self.page.keyboard.press("Enter")
        self.characters += 1
        focused = self.page.evaluate("document.activeElement.dataset.key")
        assert focused == key, f"Next went to {focused}, not {key}"


def strokes(cells: tuple[tuple[int, int], ...]) -> list[list[tuple[int, int]]]:
    """The cells as paths a finger draws from neighbour to neighbour, each starting sideways
    (a wall scrolls the page for a stroke that starts up or down); a cell alone is a tap."""
    left = sorted(cells)
    paths = []
    while left:
        path = [left.pop(0)]
        while True:
            r, c = path[-1]
            order = [(r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)]
            following = [n for n in order if n in left][:1]
            if not following or (len(path) == 1 and following[0][0] != r):
                break
            path.append(following[0])
            left.remove(following[0])
        paths.append(path)
    return paths


def _board(page: Any, seat: int) -> Any:
    return page.locator("section.board").nth(seat)


def _common(count: Counter, box: Any, board: Board) -> None:
    if board.name:
        count.type(box.get_by_label("Name"), board.name)
    if board.score:
        count.type(box.get_by_label("Score before the round"), str(board.score))
    for row, column in board.cells:
        count.tap(box.get_by_role("button", name=f"row {row}, column {column},"))


CLAIM_LABELS = {
    "points": "Points for each tile placed, top line first",
    "penalty": "Floor penalty",
    "score": "Score after the round",
}


def _picked(count: Counter, name: str) -> None:
    count.tap(count.page.locator("#picker").get_by_role("button", name=name, exact=True))
    closed(count.page)


def enter(count: Counter, seat: int, board: Board) -> None:
    """The board tapped in on today's page: the name, Next, the score; a line's slot then
    its colour; the floor's last slot then its colour, or the marker and a colour; each
    claim the number tapped under it (typed when it is not there)."""
    page = count.page
    box = _board(page, seat)
    if board.name:
        count.type(box.get_by_label("Name"), board.name)
    if board.score and board.name:
        count.next_field(f"score-{seat}")
        count.keys(str(board.score))
    elif board.score:
        count.type(box.get_by_label("Score before the round"), str(board.score))
    for path in strokes(board.cells):
        cells = [box.get_by_role("button", name=f"row {r}, column {c},") for r, c in path]
        if len(cells) == 1:
            count.tap(cells[0])
        else:
            count.stroke(cells)
    for line, letter, tiles in board.lines:
        empty = box.get_by_role("button", name=f"pattern line {line}, empty")
        count.tap(empty.locator(f"[data-slot='{tiles}']"))
        _picked(count, COLOR_NAMES[letter])
    if board.floor:
        letter, tiles = board.floor
        count.tap(box.locator(f"[data-key='slot-{seat}-{tiles + board.marker - 1}']"))
        colour = COLOR_NAMES[letter]
        _picked(count, f"first-player marker and {colour} tiles" if board.marker else colour)
    elif board.marker:
        count.tap(box.get_by_role("button", name="first-player marker", exact=True))
    for key, value in board.claims.items():
        # The numbers to tap follow the replay, and the score's the claims tapped before it.
        page.wait_for_function(SETTLED)
        says = box.locator(f"[data-says='{seat}-{key}'] [role=group]")
        for k, number in enumerate(value.split(", ")):
            chip = says.nth(k).get_by_role("button", name=re.compile(rf"^{number}\b"))
            if not chip.count():
                count.type(box.get_by_role("textbox", name=CLAIM_LABELS[key]), value)
                break
            count.tap(chip)


def enter_main(count: Counter, seat: int, board: Board) -> None:
    """The same board on main's page at 43160a5: the marker its own tap, the claims typed."""
    page = count.page
    box = _board(page, seat)
    _common(count, box, board)
    for line, letter, tiles in board.lines:
        empty = box.get_by_role("button", name=f"pattern line {line}, empty")
        count.tap(empty.locator(f"[data-slot='{tiles}']"))
        _picked(count, COLOR_NAMES[letter])
    if board.marker:
        count.tap(box.get_by_role("button", name="first-player marker", exact=True))
    if board.floor:
        letter, tiles = board.floor
        count.tap(box.locator(f"[data-key='slot-{seat}-{tiles + board.marker - 1}']"))
        _picked(count, COLOR_NAMES[letter])
    for key, value in board.claims.items():
        count.type(box.get_by_label(CLAIM_LABELS[key]), value)


def enter_before(count: Counter, seat: int, board: Board) -> None:
    """The same board on the page before issue 29 (main's scorecheck/web before it)."""
    page = count.page
    box = _board(page, seat)
    picker = page.locator("#picker")
    _common(count, box, board)
    for line, letter, tiles in board.lines:
        count.tap(box.get_by_role("button", name=f"pattern line {line}, empty"))
        count.tap(picker.get_by_role("button", name=COLOR_NAMES[letter], exact=True))
        count.tap(picker.get_by_role("button", name=str(tiles), exact=True))
        closed(page)
    if board.marker or board.floor:
        count.tap(box.get_by_role("button", name="floor slot 1 (−1): empty"))
        if board.marker:
            count.tap(picker.get_by_role("button", name="1 · first-player marker"))
        letter, tiles = board.floor or ("", 0)
        for _ in range(tiles):
            count.tap(picker.get_by_role("button", name=COLOR_NAMES[letter], exact=True))
            page.wait_for_timeout(600)  # a second tap on the same spot at once is a double tap
        count.tap(picker.get_by_role("button", name="Close"))
        closed(page)
    if board.claims:
        count.tap(box.get_by_text("What the table claimed"))
    for key, value in board.claims.items():
        count.type(box.get_by_label(CLAIM_LABELS[key]), value)
