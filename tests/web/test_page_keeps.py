"""The page of `scorecheck serve` loses nothing and asks for few taps (issue 29, items 1-5),
in Chromium at 390 x 844 with touch: the game survives a reload and waits for a file given
to the server; every change can be undone and redone; rounds are steps of the browser's
history; a board takes few taps; a double tap is one tap."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import page as served
from tests.support.browser import needs_chromium
from tests.support.examples import EXAMPLES
from tests.support.page import (
    PHONE,
    board,
    checked,
    fill_floor,
    fill_line,
    opened,
)
from tests.support.serving import page_server
from tests.support.taps import MIDGAME, MIDGAME_NEXT, Counter, enter

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium
expect = playwright_api.expect
url, context, page = served.url, served.context, served.page  # the page's fixtures


def pressed(page: Any, seat: int, cell: str) -> Any:
    return expect(board(page, seat).get_by_role("button", name=cell))


def test_1_a_reload_keeps_every_round_entered(page: Any) -> None:
    board(page, 0).get_by_label("Name").fill("Anna")
    board(page, 0).get_by_role("button", name="row 1, column 1, blue").tap()
    fill_line(page, 1, 2, "red", 2)
    page.get_by_role("button", name="Next round →").tap()
    expect(page.locator("#actions")).to_contain_text("Round 2")
    fill_line(page, 0, 3, "white", 1)
    checked(page)
    page.reload()
    checked(page)
    expect(page.locator("#actions")).to_contain_text("Round 2")
    expect(board(page, 0).get_by_label("Name")).to_have_value("Anna")
    expect(
        board(page, 0).get_by_role("button", name="pattern line 3: 1 of 3, white")
    ).to_be_visible()
    pressed(page, 1, "row 2, column 4, red").to_have_attribute("aria-pressed", "true")
    page.go_back()  # round 1, as it was entered
    expect(page.locator("#actions")).to_contain_text("Round 1")
    expect(board(page, 1).get_by_role("button", name="pattern line 2: 2 of 2, red")).to_be_visible()


def test_1_a_file_given_to_serve_waits_while_a_game_is_in_progress(context: Any) -> None:
    file = EXAMPLES / "disputed-round.yaml"
    with page_server(file=str(file)) as address, opened(context, address, PHONE) as tab:
        expect(board(tab, 1).get_by_label("Name")).to_have_value("Boris")  # nothing in progress
        board(tab, 0).get_by_role("button", name="row 3, column 3, blue").tap()
        checked(tab)
        tab.reload()
        checked(tab)
        expect(tab.locator("#status")).to_contain_text("The game in progress is back")
        pressed(tab, 0, "row 3, column 3, blue").to_have_attribute("aria-pressed", "true")
        tab.get_by_role("button", name=f"Open {file}").tap()
        checked(tab)
        pressed(tab, 0, "row 3, column 3, blue").to_have_attribute("aria-pressed", "false")
        tab.get_by_role("button", name="↶ Undo").tap()  # and opening it can be undone too
        pressed(tab, 0, "row 3, column 3, blue").to_have_attribute("aria-pressed", "true")


def test_2_undo_and_redo_every_change(page: Any) -> None:
    undo = page.get_by_role("button", name="Undo")
    redo = page.get_by_role("button", name="Redo")
    expect(undo).to_be_disabled()
    page.get_by_role("button", name="Add a player").tap()
    board(page, 1).get_by_label("Name").fill("Boris")
    board(page, 1).get_by_role("button", name="Remove Boris").tap()
    expect(page.locator("section.board")).to_have_count(2)
    undo.tap()
    expect(page.locator("section.board")).to_have_count(3)
    expect(board(page, 1).get_by_label("Name")).to_have_value("Boris")
    redo.tap()
    expect(page.locator("section.board")).to_have_count(2)
    page.keyboard.press("Control+z")
    expect(page.locator("section.board")).to_have_count(3)
    page.keyboard.press("Control+Shift+z")
    expect(page.locator("section.board")).to_have_count(2)
    page.keyboard.press("Control+z")
    undo.tap()  # the name typed goes too
    expect(board(page, 1).get_by_label("Name")).to_have_value("")
    undo.tap()
    expect(page.locator("section.board")).to_have_count(2)
    expect(undo).to_be_disabled()


def test_2_switching_the_kind_keeps_what_the_boards_hold(page: Any) -> None:
    box = board(page, 0)
    box.get_by_role("button", name="row 1, column 2, yellow").tap()
    fill_line(page, 0, 2, "red", 2)
    fill_floor(page, 0, "black", 2)
    page.get_by_role("button", name="End of the game").tap()
    pressed(page, 0, "row 1, column 2, yellow").to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="End of a round").tap()
    expect(box.get_by_role("button", name="pattern line 2: 2 of 2, red")).to_be_visible()
    expect(box.get_by_role("button", name="floor slot 2 (−1): black")).to_be_visible()
    pressed(page, 0, "row 1, column 2, yellow").to_have_attribute("aria-pressed", "true")


def test_2_opening_a_file_can_be_undone(page: Any) -> None:
    board(page, 0).get_by_role("button", name="row 5, column 5, blue").tap()
    page.set_input_files("#file", str(EXAMPLES / "disputed-round.yaml"))
    expect(board(page, 1).get_by_label("Name")).to_have_value("Boris")
    page.get_by_role("button", name="Undo").tap()
    pressed(page, 0, "row 5, column 5, blue").to_have_attribute("aria-pressed", "true")
    expect(board(page, 1).get_by_label("Name")).to_have_value("")


def test_3_rounds_are_steps_of_the_browsers_history(page: Any) -> None:
    fill_line(page, 0, 1, "blue", 1)
    page.get_by_role("button", name="Next round →").tap()
    expect(page.locator("#actions")).to_contain_text("Round 2")
    # A board without a name keeps none, shown in the page's words, not the format's "Player 1".
    expect(board(page, 0).get_by_label("Name")).to_have_value("")
    fill_line(page, 0, 2, "red", 1)
    page.get_by_role("button", name="Next round →").tap()
    expect(page.locator("#actions")).to_contain_text("Round 3")
    page.go_back()
    expect(page.locator("#actions")).to_contain_text("Round 2")
    expect(board(page, 0).get_by_role("button", name="pattern line 2: 1 of 2, red")).to_be_visible()
    page.go_back()
    expect(page.locator("#actions")).to_contain_text("Round 1")
    expect(
        board(page, 0).get_by_role("button", name="pattern line 1: 1 of 1, blue")
    ).to_be_visible()
    page.go_forward()
    expect(page.locator("#actions")).to_contain_text("Round 2")
    page.go_forward()
    expect(page.locator("#actions")).to_contain_text("Round 3")
    pressed(page, 0, "row 1, column 1, blue").to_have_attribute("aria-pressed", "true")


def test_3b_the_status_line_forgets_the_round_when_the_kind_changes(page: Any) -> None:
    fill_line(page, 0, 1, "blue", 1)
    page.get_by_role("button", name="Next round →").tap()
    expect(page.locator("#status")).to_have_text(  # a sentence, not the chip's "Round 2" again
        "Round 2 begins: the walls and scores carried over, the pattern lines that were not "
        "full kept (R4.2), the floors empty."
    )
    page.get_by_role("button", name="Whole game").tap()
    expect(page.locator("#status")).to_have_text("")  # not "Round 2" above "Round 1 of 1"


def test_4_a_mid_game_board_in_12_taps_and_its_next_round_in_4(page: Any) -> None:
    count = Counter(page)
    enter(count, 0, MIDGAME)
    checked(page)
    expect(page.locator("#verdict p.verdict")).to_have_text("NOT OK: 1 error, 0 warnings, 0 notes")
    assert (count.taps, count.characters) == (12, 1)  # the claimed score tapped, not typed
    # The board is the one meant: the replay scores its tiles and claims as the table did not.
    row = page.locator("#verdict tr.player").first
    expect(row.locator("td")).to_have_text(["Player 1", "6 ✗ → 7"])
    next_round = Counter(page)
    next_round.tap(page.get_by_role("button", name="Next round →"))
    expect(page.locator("#actions")).to_contain_text("Round 2")
    enter(next_round, 0, MIDGAME_NEXT)
    checked(page)
    assert (next_round.taps, next_round.characters) == (4, 0)
    expect(row.locator("td")).to_have_text(["Player 1", "8"])  # 7 + 2 (R5) − 1 (R6)


def test_4_a_slot_of_a_line_with_its_colour_sets_the_count_in_one_tap(page: Any) -> None:
    fill_line(page, 0, 4, "black", 1)
    line = board(page, 0).get_by_role("button", name="pattern line 4: 1 of 4, black")
    line.locator("[data-slot='3']").tap()
    expect(
        board(page, 0).get_by_role("button", name="pattern line 4: 3 of 4, black")
    ).to_be_visible()
    expect(page.locator("#picker")).not_to_be_visible()


def double_tap(page: Any, target: Any) -> None:
    """Two taps on one spot, as fast as a finger makes them."""
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)


def test_5_a_double_tap_is_one_tap(page: Any) -> None:
    box = board(page, 0)
    box.locator("[data-key='slot-0-0']").tap()
    double_tap(page, page.locator("#picker").get_by_role("button", name="red", exact=True))
    checked(page)
    expect(box.get_by_role("button", name="floor slot 1 (−1): red")).to_be_visible()
    expect(box.get_by_role("button", name="floor slot 2 (−1): empty")).to_be_visible()
    # Nothing under the closed picker took the second tap.
    assert (
        page.evaluate("JSON.parse(localStorage.getItem('scorecheck:work')).history.done.length")
        == 1
    )
    fill_floor(page, 0, "blue", 3)  # red, blue, blue
    double_tap(page, box.get_by_role("button", name="floor slot 1 (−1): red"))
    checked(page)
    expect(box.get_by_role("button", name="floor slot 2 (−1): blue")).to_be_visible()
    expect(box.get_by_role("button", name="floor slot 3 (−2): empty")).to_be_visible()


def test_5_the_floor_picker_shows_the_floor_it_changes(page: Any) -> None:
    box = board(page, 0)
    fill_floor(page, 0, "white", 7)
    box.get_by_role("button", name="Add to the floor").tap()
    picker = page.locator("#picker")
    expect(picker.locator(".floornow")).to_contain_text("On the floor now: 7")
    picker.get_by_role("button", name="yellow", exact=True).tap()
    expect(picker.locator(".floornow")).to_contain_text("On the floor now: 8")
    expect(picker.locator(".floornow .item")).to_have_count(8)


def test_5_the_floor_picker_says_an_empty_floor_in_words(page: Any) -> None:
    # 「いま床にあるもの：0個」 counted nothing (ja review F18): an empty floor has a sentence.
    box = board(page, 0)
    box.locator("[data-key='slot-0-2']").tap()
    picker = page.locator("#picker")
    expect(picker.locator(".floornow")).to_have_text("Nothing on the floor yet")
    picker.get_by_role("button", name="yellow", exact=True).tap()  # slots 1 to 3
    checked(page)
    box.locator("[data-key='slot-0-3']").tap()
    expect(picker.locator(".floornow")).to_contain_text("On the floor now: 3")
