"""The page of `scorecheck serve` in a real browser: Debian's Chromium driven by Playwright.

Every change is made as a player makes it, by taps and typed numbers (and names); what the
page shows is compared with what `scorecheck check` says. Without Chromium the tests are
skipped, saying why (.ci/run installs it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.load import load_bytes
from tests.support import page as served
from tests.support.browser import needs_chromium
from tests.support.examples import EXAMPLES
from tests.support.page import (
    PHONE,
    SLIP_MS,
    board,
    checked,
    claim,
    fill_floor,
    fill_line,
    marker,
    opened,
)
from tests.support.serving import page_server

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium
expect = playwright_api.expect
url, context, page = served.url, served.context, served.page  # the page's fixtures


def saved(page: Any, button: str, tmp_path: Path) -> Path:
    page.wait_for_timeout(SLIP_MS)  # the button may be where the last tap was, on the screen
    with page.expect_download() as download:
        page.get_by_role("button", name=button, exact=True).click()
    path: Path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    return path


def cli_report(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["check", "--format", "json", "--jobs", "1", str(path)])
    return json.loads(result.output)  # type: ignore[no-any-return]


def without_places(report: dict[str, Any]) -> dict[str, Any]:
    """A report without the file and its line numbers: what was found, not where in which file."""
    result = {k: v for k, v in report.items() if k != "file"}
    result["violations"] = [
        {k: v for k, v in x.items() if k not in ("file", "line", "column")}
        for x in report["violations"]
    ]
    return result


def test_the_disputed_round_entered_by_taps(page: Any, tmp_path: Path) -> None:
    anna, boris = board(page, 0), board(page, 1)
    anna.get_by_label("Name").fill("Anna")  # her first round: the score before it stays 0
    fill_line(page, 0, 1, "blue", 1)
    fill_floor(page, 0, "red", 1)
    claim(page, 0, points="1", penalty="1", score="0")
    boris.get_by_label("Name").fill("Boris")
    boris.get_by_label("Score before the round").press_sequentially("12")
    for cell in (
        "row 1, column 4, black",
        "row 2, column 3, yellow",
        "row 2, column 5, black",
        "row 4, column 1, red",
        "row 4, column 2, black",
        "row 5, column 1, yellow",
        "row 5, column 2, red",
    ):
        checked(page)  # as fill_line waits: the card above may change height with each answer
        boris.get_by_role("button", name=cell).tap()
    fill_line(page, 1, 2, "red", 2)
    marker(page, 1)
    fill_floor(page, 1, "red", 5)
    claim(page, 1, points="7", penalty="6", score="13")
    checked(page)

    # The scorecard of the text report, verdict first: Boris's row is wrong, 13 ✗ → 9.
    verdict = page.locator("#verdict")
    expect(verdict.locator("p.verdict")).to_have_text("NOT OK: 3 errors, 0 warnings, 0 notes")
    expect(verdict.locator("tr.player.wrong td")).to_have_text(
        ["Boris", "7 ✗ → 5", "−6 ✗ → −8", "13 ✗ → 9"]
    )
    expect(verdict.locator("tr.player:not(.wrong) td")).to_have_text(["Anna", "1 ✓", "−1 ✓", "0 ✓"])
    first = page.evaluate("document.querySelector('#verdict').firstElementChild.className")
    assert first == "scorecard bad"
    # Each wrong claim is marked where it is on the board: the line whose tile was claimed
    # at 7, the floor claimed at 6, the score claimed at 13; Anna's board has no mark.
    expect(boris.get_by_role("button", name="pattern line 2: 2 of 2, red")).to_have_class(
        "line wrong"
    )
    expect(boris.locator(".floor")).to_have_class("floor wrong")
    expect(boris.get_by_role("textbox", name="Score after the round")).to_have_class("wrong")
    assert anna.locator(".wrong").count() == 0
    assert "page.json:" not in page.locator("body").inner_text()  # no file line:col on the page

    # What was tapped is the disputed round itself: saved, it loads as the same document.
    path = saved(page, "Save", tmp_path)
    [tapped] = list(load_bytes(path.name, path.read_bytes()))
    [example] = list(
        load_bytes("disputed-round.yaml", (EXAMPLES / "disputed-round.yaml").read_bytes())
    )
    assert tapped == example


def test_open_a_record_save_it_and_check_the_saved_file(page: Any, tmp_path: Path) -> None:
    original = EXAMPLES / "game-forgotten-penalty.yaml"
    page.set_input_files("#file", str(original))
    expect(page.locator("#status")).to_have_text("game-forgotten-penalty.yaml")
    checked(page)
    expect(page.get_by_role("button", name="Whole game")).to_have_attribute("aria-pressed", "true")
    path = saved(page, "Save", tmp_path)
    assert without_places(cli_report(path)) == without_places(cli_report(original))
    text = CliRunner().invoke(main, ["check", str(original)]).output.strip().splitlines()[-1]
    expect(page.locator("#verdict p.verdict")).to_have_text(text)


def test_a_file_that_cannot_be_read_shows_its_lines_and_columns(page: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: round\nplayers:\n  - name: Anna\n    score: -4\n")
    page.set_input_files("#file", str(bad))
    expect(page.locator("#status")).to_contain_text("bad.yaml:4:12: error SC003")


def test_three_rounds_with_next_round_make_a_record(page: Any, tmp_path: Path) -> None:
    fill_line(page, 0, 1, "blue", 1)
    fill_line(page, 0, 2, "yellow", 2)
    fill_line(page, 1, 1, "red", 1)
    marker(page, 1)
    page.get_by_role("button", name="Next round →").click()
    expect(page.locator("#actions")).to_contain_text("Round 2")
    expect(board(page, 0).get_by_role("button", name="row 1, column 1, blue")).to_have_attribute(
        "aria-pressed", "true"
    )
    fill_line(page, 0, 3, "red", 3)
    fill_line(page, 1, 2, "black", 2)
    marker(page, 0)
    fill_floor(page, 0, "white", 2)
    page.get_by_role("button", name="Next round →").click()
    expect(page.locator("#actions")).to_contain_text("Round 3")
    fill_line(page, 0, 1, "white", 1)
    fill_line(page, 1, 3, "blue", 3)
    marker(page, 1)
    checked(page)
    shown = page.locator("#verdict tr.player").evaluate_all(
        "rows => rows.map((r) => [...r.cells].map((c) => c.textContent))"
    )
    path = saved(page, "Save the game record", tmp_path)
    report = cli_report(path)
    assert report["kind"] == "game" and len(report["rounds"]) == 3
    assert [v["severity"] for v in report["violations"] if v["severity"] == "error"] == []
    scores = [(p["name"], p["score_after"]) for p in report["rounds"][-1]["players"]]
    assert shown == [[name, str(score)] for name, score in scores]
    # Worked by hand (R2, R5, R6): no tile ever touches another, so each scores 1.
    # Player 1: 1 + 1 (blue, yellow); then red 1 and the marker and white -2: 2 + 1 - 2 = 1;
    # then white 1: 2. Player 2: red 1, marker -1: 0; black 1: 1; blue 1, marker -1: 1.
    assert scores == [("Player 1", 2), ("Player 2", 1)]


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("example", ["disputed-round.yaml", "game-forgotten-penalty.yaml"])
def test_phone_width_no_horizontal_scroll_and_large_tap_targets(
    context: Any, url: str, width: int, example: str
) -> None:
    # A game record's scorecard adds its table of rounds, each round a link.
    with opened(context, url, {"width": width, "height": 844}) as tab:
        tab.set_input_files("#file", str(EXAMPLES / example))
        expect(tab.locator("#status")).to_have_text(example)
        checked(tab)
        board(tab, 0).get_by_role("button", name=re.compile("^pattern line 2")).focus()
        tab.keyboard.press("Enter")  # the picker
        small = tab.evaluate(SMALL_TARGETS)
        scroll = tab.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll[0] <= scroll[1]
    assert small == []


SMALL_TARGETS = """() => {
  const found = [];
  let seen = 0;
  for (const node of document.querySelectorAll('button, input, summary, select, a[href]')) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height || node.closest('[hidden]')) continue;
    if (node.closest('dialog') && !node.closest('dialog').open) continue;
    seen++;
    if (box.width < 44 || box.height < 44) {
      found.push(`${node.outerHTML.slice(0, 80)} ${box.width}x${box.height}`);
    }
  }
  return seen > 100 ? found : ['only ' + seen + ' targets seen'];
}"""


def test_every_control_is_a_labelled_button_usable_by_keyboard(page: Any) -> None:
    cell = board(page, 0).get_by_role("button", name="row 2, column 4, red")
    cell.focus()
    page.keyboard.press("Enter")
    expect(cell).to_have_attribute("aria-pressed", "true")
    expect(board(page, 0).get_by_role("button", name="row 2, column 4, red")).to_be_focused()
    page.keyboard.press("Space")
    expect(cell).to_have_attribute("aria-pressed", "false")
    board(page, 0).get_by_role("button", name="pattern line 3, empty").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#picker")).to_be_visible()
    page.keyboard.press("Tab")  # blue, then yellow
    page.keyboard.press("Enter")
    for _ in range(7):  # red, black, white, then the counts 0, 1, 2, 3
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#picker")).not_to_be_visible()
    line = board(page, 0).get_by_role("button", name="pattern line 3: 3 of 3, yellow")
    expect(line).to_be_focused()
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('button, input')].filter((n) =>
             !(n.getAttribute('aria-label') || n.textContent.trim() || n.labels?.length)
           ).map((n) => n.outerHTML.slice(0, 80))"""
    )
    assert unlabelled == []


# A tile's colour agrees with the tile it names (Russian: «синяя», as the letters' legend).
@pytest.mark.parametrize(
    ("language", "button", "headline", "cell", "slot"),
    [
        (
            "ru",
            "Русский",
            "НЕ СХОДИТСЯ",
            "ряд 1, столбец 1, синяя клетка",
            "место 1 на линии пола (−1): красная плитка",
        ),
        ("ja", "日本語", "エラーあり", "1行1列、青", "床の1マス目（−1）：赤"),
    ],
)
def test_switch_language(
    page: Any, language: str, button: str, headline: str, cell: str, slot: str
) -> None:
    page.set_input_files("#file", str(EXAMPLES / "disputed-round.yaml"))
    expect(page.locator("#status")).to_have_text("disputed-round.yaml")
    page.get_by_role("button", name=button).click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#verdict p.verdict")).to_contain_text(headline)
    expect(board(page, 0).get_by_role("button", name=cell)).to_be_visible()
    expect(board(page, 0).get_by_role("button", name=slot, exact=True)).to_be_visible()
    expect(page.locator("#explanation")).not_to_contain_text("Step 1")
    text = page.locator("body").inner_text()
    assert "What the table claimed" not in text and "Next round" not in text
    page.get_by_role("button", name="English").click()
    expect(page.locator("#verdict p.verdict")).to_contain_text("NOT OK")


def test_a_game_record_edited_round_by_round(page: Any) -> None:
    page.get_by_role("button", name="Whole game").click()
    fill_line(page, 0, 1, "blue", 1)
    fill_line(page, 0, 2, "white", 2)
    page.get_by_role("button", name="+ Add a round").click()
    expect(page.get_by_text("Round 2 of 2")).to_be_visible()
    # Round 2 starts from the walls and scores the record replays for round 1 (read only).
    cell = board(page, 0).get_by_role("button", name="row 1, column 1, blue")
    expect(cell).to_have_attribute("aria-pressed", "true")
    expect(board(page, 0).locator(".replayed-score")).to_have_text("Score before the round: 3")
    fill_line(page, 0, 1, "blue", 1)  # blue again on row 1: a broken rule, marked on its line
    expect(board(page, 0).get_by_role("button", name="pattern line 1: 1 of 1, blue")).to_have_class(
        "line wrong"
    )
    page.get_by_role("button", name="Previous round").click()
    expect(page.get_by_text("Round 1 of 2")).to_be_visible()
    expect(board(page, 0).get_by_role("button", name="row 1, column 1, blue")).to_have_attribute(
        "aria-pressed", "false"
    )


def test_the_end_of_a_game(page: Any) -> None:
    page.get_by_role("button", name="End of the game").click()
    first = board(page, 0)
    first.get_by_label("Score after the last round, before bonuses").press_sequentially("20")
    for column, color in enumerate(["blue", "yellow", "red", "black", "white"], start=1):
        first.get_by_role("button", name=f"row 1, column {column}, {color}").click()
    # A complete row: +2 (R8.2); Player 1 wins with 22.
    expect(page.locator("#verdict tr.player").first.locator("td")).to_have_text(
        ["1.", "Player 1", "20", "+2", "22"]
    )
    expect(page.locator("#verdict .winner")).to_have_text(
        "Winner: Player 1 — the highest total, 22"
    )


def test_the_grey_wall_asks_for_the_colour(page: Any) -> None:
    page.get_by_role("button", name="Grey wall (R9)").click()
    first = board(page, 0)
    first.get_by_role("button", name="row 2, column 4, empty").click()
    page.locator("#picker").get_by_role("button", name="red", exact=True).click()
    expect(first.get_by_role("button", name="row 2, column 4, red")).to_have_attribute(
        "aria-pressed", "true"
    )
    first.get_by_role("button", name="pattern line 1, empty").click()
    picker = page.locator("#picker")
    picker.get_by_role("button", name="black", exact=True).click()
    picker.get_by_role("button", name="wall column 3").click()
    picker.get_by_role("button", name="1", exact=True).click()
    expect(
        first.get_by_role("button", name="pattern line 1: 1 of 1, black; wall column 3")
    ).to_be_visible()
    expect(page.locator("#explanation")).to_contain_text("row 1, column 3")


# Each heading of the scorecard shown, with the text before each of its line breaks.
HEADING_BREAKS = """() => [...document.querySelectorAll('.scorecard thead th')]
  .filter(th => th.getClientRects().length).map(th => {
  const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT), breaks = [];
  let before = "", top = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.height && top !== null && box.top > top + 2) breaks.push(before);
      if (box.height) top = box.top;
      before += node.data[i];
    }
  }
  return [th.textContent, breaks];
})"""


def test_japanese_scorecard_headings_break_between_phrases_on_a_phone(context: Any) -> None:
    """At 390 px the round scorecard's headings wrap, in Japanese only after a phrase
    ('タイルの' / '得点'), never inside a word ('プレイヤ' / 'ー', 'タイルの得' / '点')."""
    with page_server("ja") as address, opened(context, address, PHONE) as tab:
        tab.set_input_files("#file", str(EXAMPLES / "disputed-round.yaml"))
        expect(tab.locator("#status")).to_have_text("disputed-round.yaml")
        checked(tab)
        headings = dict(tab.evaluate(HEADING_BREAKS))
    assert headings["プレイヤー"] == []
    assert headings["タイルの得点"] == ["タイルの"]  # it does wrap here: the test can see a break
    assert all(before.endswith("の") for breaks in headings.values() for before in breaks)
