"""Fewer taps (issue 29, item 4): a claim is the number the table says, tapped under it; the
keyboard's Next goes from a name to the score; the marker and a colour fill the floor in one
tap; a stroke across the wall places each cell it crosses. Chromium, 390 x 844 with touch."""

from __future__ import annotations

import json
from typing import Any

import pytest
import yaml

from tests.support import page as served
from tests.support.browser import needs_chromium
from tests.support.examples import EXAMPLES
from tests.support.page import SLIP_MS, board, checked, closed, fill_floor, fill_line
from tests.support.taps import BORIS, Counter, enter

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium
expect = playwright_api.expect
url, context, page = served.url, served.context, served.page  # the page's fixtures
SAYS = "the number the table says"


def work(page: Any) -> Any:
    return page.evaluate("JSON.parse(localStorage.getItem('scorecheck:work')).work")


def shown_board(page: Any, seat: int) -> Any:
    found = work(page)
    return found["rounds"][found["at"]]["players"][seat]


def says(page: Any, seat: int, claim: str) -> Any:
    return board(page, seat).get_by_role("group", name=f"{claim}: {SAYS}")


def test_4_boris_disputed_board_takes_12_taps_and_is_the_examples(page: Any) -> None:
    count = Counter(page)
    enter(count, 1, BORIS)
    checked(page)
    assert (count.taps, count.characters) == (12, 8)  # Boris, Next, 12: 8 keys
    example = yaml.safe_load((EXAMPLES / "disputed-round.yaml").read_text(encoding="utf-8"))
    entered = shown_board(page, 1)
    boris = example["players"][1]
    assert entered["name"] == "Boris" and entered["score"] == 12
    assert entered["wall"] == [row.replace(" ", "") for row in boris["wall"]]
    assert entered["floor"] == boris["floor"].replace(" ", "")
    assert entered["lines"] == boris["lines"] and entered["claimed"] == boris["claimed"]
    row = page.locator("#verdict tr.player").nth(1)
    expect(row.locator("td")).to_have_text(["Boris", "7 ✗ → 5", "−6 ✗ → −8", "13 ✗ → 9"])


def test_4_a_claim_is_the_number_tapped_and_undo_takes_it_back(page: Any) -> None:
    fill_line(page, 0, 1, "blue", 1)
    fill_floor(page, 0, "red", 1)
    checked(page)
    # Around the replay's figures: a tile worth 1, a floor costing 1, a score of 0.
    points = board(page, 0).get_by_role("group", name=f"Pattern line 1, blue: {SAYS}")
    expect(points.get_by_role("button")).to_have_text(["0", "1", "2", "3", "4"])
    points.get_by_role("button", name="3", exact=True).tap()
    penalty = says(page, 0, "Floor penalty")
    penalty.get_by_role("button", name="2", exact=True).tap()
    checked(page)
    field = board(page, 0).get_by_role("textbox", name="Floor penalty")
    expect(field).to_have_value("2")
    expect(penalty.get_by_role("button", name="2", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    assert shown_board(page, 0)["claimed"] == {"points": [3], "penalty": 2}
    # The score of the table's own figures is offered, with its sum: 0 + 3 − 2.
    score = says(page, 0, "Score after the round")
    summed = score.get_by_role("button", name="1, the table's own figures: 0 + 3 − 2")
    expect(summed).to_contain_text("= 0 + 3 − 2")
    summed.tap()
    checked(page)
    expect(page.locator("#verdict tr.player").first.locator("td")).to_have_text(
        ["Player 1", "3 ✗ → 1", "−2 ✗ → −1", "1 ✗ → 0"]
    )
    page.get_by_role("button", name="Undo").tap()
    checked(page)
    assert shown_board(page, 0)["claimed"] == {"points": [3], "penalty": 2}
    expect(board(page, 0).get_by_role("textbox", name="Score after the round")).to_have_value("")
    page.wait_for_timeout(SLIP_MS)
    # A tap on the claimed number takes the claim back.
    penalty.get_by_role("button", name="2", exact=True).tap()
    checked(page)
    assert shown_board(page, 0)["claimed"] == {"points": [3]}
    expect(field).to_have_value("")


def test_4_a_typed_claim_that_is_no_number_gives_way_to_a_tapped_one(page: Any) -> None:
    fill_floor(page, 0, "red", 2)
    checked(page)
    field = board(page, 0).get_by_role("textbox", name="Floor penalty")
    field.tap()
    field.press_sequentially("two")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(says(page, 0, "Floor penalty")).to_have_count(0)  # nothing is checked meanwhile
    field.fill("")
    field.press_sequentially("x")
    field.press("Backspace")
    checked(page)
    says(page, 0, "Floor penalty").get_by_role("button", name="3", exact=True).tap()
    checked(page)
    expect(field).to_have_value("3")
    expect(field).not_to_have_attribute("aria-invalid", "true")


@pytest.mark.parametrize(
    ("lang", "group", "marker"),
    [
        (
            "ru",
            "Штраф за пол: число, которое назвали за столом",
            "фишка первого игрока и красные плитки",
        ),
        ("ja", "床の減点：申告された点数", "先手マーカーと赤のタイル"),
    ],
    ids=["ru", "ja"],
)
def test_4_the_new_controls_are_named_in_the_pages_language(
    page: Any, url: str, lang: str, group: str, marker: str
) -> None:
    page.goto(f"{url}?lang={lang}")
    checked(page)
    board(page, 0).locator("[data-key='slot-0-2']").tap()
    page.locator("#picker").get_by_role("button", name=marker, exact=True).tap()
    closed(page)
    checked(page)
    expect(board(page, 0).get_by_role("group", name=group)).to_be_visible()
    assert shown_board(page, 0)["floor"] == "1RR"


def test_4_the_marker_and_a_colour_fill_the_floor_in_one_tap(page: Any) -> None:
    box = board(page, 0)
    box.locator("[data-key='slot-0-4']").tap()
    picker = page.locator("#picker")
    expect(
        picker.get_by_role("group", name="The first-player marker, then tiles of one colour")
    ).to_be_visible()
    picker.get_by_role("button", name="first-player marker and red tiles").tap()
    closed(page)
    checked(page)
    assert shown_board(page, 0)["floor"] == "1RRRR"
    expect(box.get_by_role("button", name="first-player marker", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    # With a floor already there, the picker offers only the colours.
    box.locator("[data-key='slot-0-6']").tap()
    expect(picker.get_by_role("button", name="first-player marker and red tiles")).to_have_count(0)


def test_4_next_on_the_keyboard_goes_from_the_name_to_the_score(page: Any) -> None:
    name = board(page, 1).get_by_label("Name")
    expect(name).to_have_attribute("enterkeyhint", "next")
    name.tap()
    page.keyboard.type("Boris")
    page.keyboard.press("Enter")
    page.keyboard.type("12")
    checked(page)
    entered = shown_board(page, 1)
    assert (entered["name"], entered["score"]) == ("Boris", 12)


def test_4_a_stroke_across_the_wall_places_each_cell_and_undo_takes_it_back(page: Any) -> None:
    box = board(page, 1)
    cells = [
        box.get_by_role("button", name=f"row {r}, column {c},")
        for r, c in [(4, 1), (4, 2), (5, 2), (5, 1)]
    ]
    count = Counter(page)
    count.stroke(cells)
    checked(page)
    assert shown_board(page, 1)["wall"] == [".....", ".....", ".....", "RK...", "YR..."]
    assert count.taps == 1
    # A stroke that starts on a tile takes tiles off.
    count.stroke(cells[2:])
    checked(page)
    assert shown_board(page, 1)["wall"][3:] == ["RK...", "....."]
    page.get_by_role("button", name="Undo").tap()
    checked(page)
    assert shown_board(page, 1)["wall"][3:] == ["RK...", "YR..."]
    page.wait_for_timeout(SLIP_MS)
    page.get_by_role("button", name="Undo").tap()
    checked(page)
    assert shown_board(page, 1)["wall"] == ["....."] * 5
    # A single tap is still one cell's.
    cells[0].tap()
    checked(page)
    assert shown_board(page, 1)["wall"][3] == "R...."
    assert json.dumps(shown_board(page, 1)).count("K") == 0
