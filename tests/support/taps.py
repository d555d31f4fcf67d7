"""Boards entered on the page by script, every tap and typed character counted: shared by
the page's tests and benchmarks/bench_taps.py, which compares today's page with main's.

A board is what a player reads off the table; `enter` taps it in on the page as it is now,
`enter_before` on the page before issue 29 (one picker a line: the line, a colour, a count;
the floor a tile a tap; claims behind a fold). Both end with the same document.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.support.page import closed

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
    """Taps and typed characters, as a player makes them."""

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


def enter(count: Counter, seat: int, board: Board) -> None:
    """The board tapped in on today's page: a line's slot then its colour; the marker; the
    floor's last slot then its colour; the claims' fields."""
    page = count.page
    box = _board(page, seat)
    _common(count, box, board)
    for line, letter, tiles in board.lines:
        empty = box.get_by_role("button", name=f"pattern line {line}, empty")
        count.tap(empty.locator(f"[data-slot='{tiles}']"))
        count.tap(
            page.locator("#picker").get_by_role("button", name=COLOR_NAMES[letter], exact=True)
        )
        closed(page)
    if board.marker:
        count.tap(box.get_by_role("button", name="first-player marker", exact=True))
    if board.floor:
        letter, tiles = board.floor
        count.tap(box.locator(f"[data-key='slot-{seat}-{tiles + board.marker - 1}']"))
        count.tap(
            page.locator("#picker").get_by_role("button", name=COLOR_NAMES[letter], exact=True)
        )
        closed(page)
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
