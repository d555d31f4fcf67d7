"""The page of `scorecheck serve` says the answer with its reason and is easy to read (issue
29, items 6-13), in Chromium at 390 x 844 with touch (items 11-12 at 360 x 740 too)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.core.limits import MAX_NAME
from tests.support import page as served
from tests.support.browser import breaks_inside_words, needs_chromium, rendered_lines
from tests.support.examples import EXAMPLES
from tests.support.page import (
    NARROW,
    PHONE,
    SLIP_MS,
    board,
    checked,
    claim,
    closed,
    explained,
    fill_line,
    opened,
)

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium
expect = playwright_api.expect
url, context, page = served.url, served.context, served.page  # the page's fixtures
VIEWPORTS = pytest.mark.parametrize("viewport", [PHONE, NARROW], ids=["390", "360"])

THREE = """kind: round
players:
  - name: Anna
    score: 0
    wall: [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]
    lines: ["B", "", "", "", ""]
    floor: "R"
  - name: Boris
    score: 12
    wall: [". . . K .", ". . Y . K", ". . . . .", "R K . . .", "Y R . . ."]
    lines: ["", "RR", "", "", ""]
    floor: "1 R R R R"
    claimed: {points: [7], penalty: 6, score: 13}
  - name: Carla
    score: 1
    wall: ["B . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]
    lines: ["", "", "KKK", "", ""]
    floor: ""
    claimed: {score: 7}
"""


def open_file(page: Any, path: Path) -> None:
    page.set_input_files("#file", str(path))
    expect(page.locator("#status")).to_have_text(path.name)
    checked(page)


def three_players(tmp_path: Path) -> Path:
    path = tmp_path / "three.yaml"
    path.write_text(THREE)
    return path


def on_first_screen(page: Any, target: Any) -> bool:
    box = target.bounding_box()
    height: int = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("viewport", [PHONE, NARROW], ids=["390", "360"])
def test_6_each_mistake_has_its_reason_in_the_card(
    context: Any, url: str, tmp_path: Path, viewport: dict[str, int]
) -> None:
    with opened(context, url, viewport) as tab:
        open_file(tab, three_players(tmp_path))
        card = tab.locator("#verdict .scorecard")
        expect(card.locator("tr.player.wrong")).to_have_count(2)  # Boris and Carla
        reasons = card.locator(".reasons li.error")
        expect(reasons).to_have_count(4)
        expect(reasons.first).to_contain_text("Boris: ")
        expect(reasons.first).to_contain_text("3 + 2 = 5")
        expect(reasons.last).to_contain_text("Carla: ")
        for k in range(4):
            assert on_first_screen(tab, reasons.nth(k)), k


def test_7_a_number_that_is_no_whole_number_is_marked_and_not_used(page: Any) -> None:
    fill_line(page, 0, 1, "blue", 1)
    checked(page)
    score = board(page, 1).get_by_label("Score before the round")
    score.tap()
    score.press_sequentially("12.5")
    checked(page)
    expect(score).to_have_attribute("aria-invalid", "true")
    expect(board(page, 1).locator(".hint").first).to_have_text("Needs a whole number, such as 12.")
    colour = score.evaluate("(n) => getComputedStyle(n).borderTopColor")
    bad = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bad')")
    assert colour == "rgb(176, 0, 32)" and bad.strip() == "#b00020"
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Not checked")
    expect(verdict.locator("tr.player")).to_have_count(0)  # no score from a value not given
    expect(page.locator("#explanation")).to_be_empty()
    claim(page, 0, points="twelve")
    points = board(page, 0).get_by_role(
        "textbox", name="Points for each tile placed, top line first"
    )
    expect(points).to_have_attribute("aria-invalid", "true")
    expect(board(page, 0).locator(".hint").nth(1)).to_have_text(
        "Needs whole numbers, such as 5, 2."
    )
    points.fill("1")
    score.fill("12")
    checked(page)
    expect(score).not_to_have_attribute("aria-invalid", "true")
    expect(verdict.locator("tr.player").nth(1).locator("td")).to_have_text(["Player 2", "", "12"])


def test_8_an_empty_page_says_what_to_do_first(page: Any) -> None:
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("Nothing on the boards yet")
    expect(verdict).to_contain_text("Tap what lies on each board")
    expect(verdict).not_to_contain_text("OK")
    board(page, 0).get_by_role("button", name="row 1, column 1, blue").tap()
    checked(page)
    expect(verdict.locator("p.verdict")).to_have_text("OK: 0 errors, 0 warnings, 0 notes")


ACCESSIBLE_NAMES = """() => [...document.querySelectorAll('button, input, summary')]
  .filter((n) => n.getClientRects().length && !n.closest('dialog:not([open])'))
  .map((n) => {
    const labels = [...(n.labels ?? [])].map((l) => l.textContent).join(' ');
    const label = n.getAttribute('aria-label') || labels;
    return (label || n.textContent).trim();
  })"""


@pytest.mark.parametrize(
    ("lang", "headings", "english"),
    [
        ("en", ["Pattern lines", "Wall", "Floor line"], None),
        ("ru", ["Линии узора", "Стена", "Линия пола"], re.compile(r"[A-Za-z]{3,}")),
        ("ja", ["準備列", "壁", "床"], re.compile(r"[A-Za-z]{3,}")),
    ],
)
def test_9_every_part_and_control_is_named_in_the_pages_language(
    context: Any, url: str, lang: str, headings: list[str], english: re.Pattern[str] | None
) -> None:
    with opened(context, f"{url}?lang={lang}", PHONE) as tab:
        for seat in (0, 1):
            shown = board(tab, seat).get_by_role("heading", level=3)
            expect(shown).to_have_text(headings)
        board(tab, 0).locator("[data-key='line-0-2']").focus()
        tab.keyboard.press("Enter")  # a picker's controls too
        names = tab.evaluate(ACCESSIBLE_NAMES)
    assert len(names) > 80
    # A name says what it is: a word, or a kanji (青); a picker's counts, in a group named
    # "How many tiles", are their number.
    said = re.compile(r"[^\W\d_]{2,}|[\u4e00-\u9fff]")
    unnamed = [n for n in names if not said.search(n) and not re.fullmatch(r"\d", n)]
    assert unnamed == []
    if english:  # the language buttons name their language, and R9 is a rule's number
        words = {"English", "Grey", "R9"}
        stray = [n for n in names if english.search(n) and not any(w in n for w in words)]
        assert stray == []


def relative_luminance(rgb: tuple[float, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0-255 channels)."""
    linear = [
        c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = (relative_luminance(rgb(c)) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def rgb(css: str) -> tuple[float, ...]:
    values = [float(v) for v in re.findall(r"[\d.]+", css)]
    assert len(values) == 3 or values[3] == 1, css  # opaque colours only
    return tuple(values[:3])


COLOURS = """(selector) => [...document.querySelectorAll(selector)].map((n) => {
  const style = getComputedStyle(n);
  return {name: n.getAttribute('aria-label'), fill: style.backgroundColor,
          edge: style.borderTopColor, width: parseFloat(style.borderTopWidth)};
})"""


def test_10_empty_cells_and_placed_tiles_stand_out_3_to_1(page: Any) -> None:
    box = board(page, 0)
    for column, color in enumerate(["blue", "yellow", "red", "black", "white"], start=1):
        box.get_by_role("button", name=f"row 1, column {column}, {color}").tap()
    fill_line(page, 0, 5, "white", 2)
    checked(page)
    background = box.evaluate("(n) => getComputedStyle(n).backgroundColor")
    empty = page.evaluate(COLOURS, "section.board:first-of-type [data-row='0-1'] .cell")
    placed = page.evaluate(COLOURS, "section.board:first-of-type [data-row='0-0'] .cell")
    assert len(empty) == len(placed) == 5
    ratios = {}
    for cell in empty:  # an empty cell's outline against the board
        ratios[cell["name"]] = contrast(cell["edge"], background)
        assert cell["width"] >= 2
    for tile in placed:  # a placed tile's rim against an empty cell
        ratios[tile["name"]] = min(contrast(tile["edge"], e["fill"]) for e in empty)
        assert tile["width"] >= 2
    slots = page.evaluate(COLOURS, "section.board:first-of-type [data-key='line-0-4'] .slotmark")
    line = box.locator("[data-key='line-0-4']").evaluate(
        "(n) => getComputedStyle(n).backgroundColor"
    )
    for k, slot in enumerate(slots):  # a pattern line's tile and its empty slots
        ratios[f"line 5 slot {k}"] = contrast(slot["edge"], line)
    low = {name: round(r, 2) for name, r in ratios.items() if r < 3}
    assert low == {}, ratios
    assert len(ratios) == 15


def long_names(page: Any) -> list[str]:
    names = ["W" * MAX_NAME, "Анна-Мария " * 5 + "Кузнецова", "山田" * (MAX_NAME // 2)]
    names = [n[:MAX_NAME] for n in names]
    page.get_by_role("button", name="+ Add a player").tap()
    for seat, name in enumerate(names):
        board(page, seat).get_by_label("Name").fill(name)
        board(page, seat).get_by_role("button", name="row 2, column 2, blue").tap()
    claim(page, 1, score="5")
    checked(page)
    return names


@VIEWPORTS
def test_11_long_names_keep_the_scores_in_the_card(
    context: Any, url: str, viewport: dict[str, int]
) -> None:
    with opened(context, url, viewport) as tab:
        names = long_names(tab)
        card = tab.locator("#verdict .scorecard")
        expect(card.locator("tr.player")).to_have_count(3)
        right = card.evaluate("(n) => n.getBoundingClientRect().right")
        edges = card.locator("td, th").evaluate_all(
            "(cells) => cells.map((c) => c.getBoundingClientRect().right)"
        )
        assert max(edges) <= right
        assert right <= viewport["width"]
        scores = card.locator("tr.player td:last-child")
        expect(scores).to_have_text(["0", "5 ✗ → 0", "0"])  # a wall before the round scores 0
        tab.evaluate("window.scrollTo(0, 0)")
        for k in range(3):
            assert on_first_screen(tab, scores.nth(k))
        assert tab.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        expect(card.locator("td.name")).to_have_text(names)


@VIEWPORTS
def test_12_the_address_chooses_the_language_and_nothing_stays_in_the_old_one(
    context: Any, url: str, viewport: dict[str, int]
) -> None:
    with opened(context, f"{url}?lang=ru", viewport) as tab:
        expect(tab.locator("html")).to_have_attribute("lang", "ru")
        expect(tab.get_by_role("button", name="Следующий раунд →")).to_be_visible()
        tab.get_by_role("button", name="ряд 1, столбец 1, синяя").first.tap()
        tab.get_by_role("button", name="Следующий раунд →").tap()
        expect(tab.locator("#status")).to_have_text(
            "Начат раунд 2: стены и счёт перенесены, незаполненные линии узора сохранены "
            "(R4.2), линии пола пусты."
        )
        tab.get_by_role("button", name="日本語").tap()
        expect(tab.locator("html")).to_have_attribute("lang", "ja")
        expect(tab.locator("#status")).to_contain_text("第2ラウンドを始めます。")
        checked(tab)
        explained(tab)
        text = tab.locator("body").inner_text().replace("Русский", "")  # its language button
        assert not re.search("[А-Яа-яЁё]", text)
        assert "lang=ja" in tab.url
        # The colours: named in the page's language, the letter kept, with a visible hint.
        board(tab, 0).locator("[data-key='line-0-1'] [data-slot='1']").tap()
        colours = tab.locator("#picker .colors button")
        expect(colours).to_have_count(5)
        for k, (letter, name) in enumerate(
            zip("BYRKW", ["青", "黄", "赤", "黒", "白"], strict=True)
        ):
            expect(colours.nth(k)).to_have_accessible_name(name)
            expect(colours.nth(k)).to_have_text(letter + name)
            assert on_first_screen(tab, colours.nth(k))


# A mistake's reason, in the card and in the problems, keeps a number with its noun («записано
# 7 очков», 「7点」) and a sum whole (「−1 −1 −2 −2 −2 = −8」), as the HTML report does.
KEPT = {"ru": "записано 7\u00a0очков", "ja": "−1\u00a0−1\u00a0−2\u00a0−2\u00a0−2\u00a0=\u00a0−8"}


@pytest.mark.parametrize("lang", sorted(KEPT))
def test_a_reason_breaks_between_words_on_a_phone(context: Any, url: str, lang: str) -> None:
    with opened(context, f"{url}?lang={lang}") as tab:
        for name in ("disputed-round.yaml", "final.yaml"):
            open_file(tab, EXAMPLES / name)
            lines = rendered_lines(tab, "#verdict li, #problems li button")
            assert sum(len(reason) > 1 for reason in lines) > 1, lines  # the reasons do wrap
            assert not breaks_inside_words(lines, lang), lines
            if name == "disputed-round.yaml":
                assert KEPT[lang] in "".join(line for reason in lines for line in reason)


def test_japanese_words_stay_whole_on_a_phone(context: Any, url: str) -> None:
    # A game record's score before the round, 「開始時の得点：0」, and the grey wall's
    # column buttons, 「なし」 among the numbers: the narrow boxes once split their words.
    with opened(context, f"{url}?lang=ja") as tab:
        open_file(tab, EXAMPLES / "game-forgotten-penalty.yaml")
        scores = rendered_lines(tab, "span.replayed-score")
        assert scores and all("得点" in "".join(score) for score in scores), scores
        assert all(any("得点" in line for line in score) for score in scores), scores
        open_file(tab, EXAMPLES / "grey-round.yaml")
        board(tab, 0).locator("[data-key='line-0-1'] [data-slot='1']").tap()
        columns = rendered_lines(tab, "#picker [data-key^='column-']")
        assert len(columns) == 6 and columns[0] == ["なし"], columns
        assert not breaks_inside_words(rendered_lines(tab, "#picker p, #picker button"), "ja")


@VIEWPORTS
@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_the_kinds_stay_in_one_row_and_break_only_between_words(
    context: Any, url: str, viewport: dict[str, int], lang: str
) -> None:
    # 「ゲーム終了記録」 once broke as ゲーム終了記／録 at 390 px: three equal buttons, and a
    # page that may break anywhere. The labels say when on the table (ラウンド終了時), not a
    # kind of file; a line is the whole label or one of its phrases.
    words = {
        "ja": [
            "ラウンド終了時",
            "ゲーム終了時",
            "ゲーム全体",
            "ラウンド",
            "ゲーム",
            "終了時",
            "全体",
        ]
    }
    with opened(context, f"{url}?lang={lang}", viewport) as tab:
        kinds = tab.locator("#kinds button")
        expect(kinds).to_have_count(3)
        tops = {kinds.nth(k).evaluate("(b) => b.getBoundingClientRect().top") for k in range(3)}
        assert len(tops) == 1, tops  # one row
        labels = [kinds.nth(k).inner_text() for k in range(3)]
        for label, lines in zip(labels, rendered_lines(tab, "#kinds button"), strict=True):
            if lang == "ja":  # unspaced: each line a whole phrase
                assert all(line in words["ja"] for line in lines), lines
            else:  # each line whole words: a word parted would give its two halves
                assert [w for line in lines for w in line.split()] == label.split(), lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_problem_of_no_player_starts_its_sentence(context: Any, url: str, lang: str) -> None:
    # The catalogue writes a message to follow its code ('error SC401: no wall…'); alone in the
    # page's list it begins with a capital, and after a name it goes on in lower case.
    with opened(context, f"{url}?lang={lang}") as tab:
        open_file(tab, EXAMPLES / "disputed-round.yaml")
        named = tab.locator("#problems li button").all_inner_texts()  # Boris's three
        assert len(named) == 3 and all(text.startswith("Boris: ") for text in named), named
        assert all(text.removeprefix("Boris: ")[0].islower() for text in named), named
        tab.locator("#kinds button").nth(1).click()  # the end of the game: no row is complete
        checked(tab)
        alone = tab.locator("#problems li button").all_inner_texts()
        assert alone and all(text[0].isupper() for text in alone), alone


@pytest.mark.parametrize(
    ("lang", "whose"),
    [("en", "Anna, round 2: "), ("ru", "Anna, раунд 2: "), ("ja", "Anna、第2ラウンド：")],
)
def test_a_records_problem_names_its_round_beside_its_player(
    context: Any, url: str, lang: str, whose: str
) -> None:
    # check's text says [Anna, round 2]; the page's list and card said only 'Anna:', and two
    # score errors of one player in different rounds read alike.
    with opened(context, f"{url}?lang={lang}") as tab:
        open_file(tab, EXAMPLES / "game-forgotten-penalty.yaml")
        listed = tab.locator("#problems li button").all_inner_texts()
        assert any(text.startswith(whose) for text in listed), listed
        reasons = tab.locator("#verdict .reasons li").all_inner_texts()
        assert any(text.startswith(whose) for text in reasons), reasons


def test_the_explanations_legend_keeps_each_letter_with_its_colour(context: Any, url: str) -> None:
    # 「W＝白」 once broke before its ＝ at 390 px, where phrase breaking parts a Latin letter
    # from a full-width sign.
    with opened(context, f"{url}?lang=ja") as tab:
        open_file(tab, EXAMPLES / "disputed-round.yaml")
        explained(tab)
        tab.locator("#explanation-box").evaluate("(box) => { box.open = true; }")
        lines = rendered_lines(tab, "#explanation p")
        assert any("W＝" in "".join(p).replace("\u2060", "") for p in lines), lines
        assert not breaks_inside_words(lines, "ja"), lines
        # a swatch and the words it keys stay on one line: one box each, never split
        boxes = tab.locator("#explanation .legend .key").evaluate_all(
            "(keys) => keys.map((key) => key.getClientRects().length)"
        )
        assert boxes and set(boxes) == {1}, boxes


def test_a_steps_player_stands_on_a_line_above_its_sentence(context: Any, url: str) -> None:
    # «Аня Шаг 1. Линия узора 2…» read the name into the step's sentence.
    with opened(context, f"{url}?lang=ru") as tab:
        open_file(tab, EXAMPLES / "disputed-round.yaml")
        explained(tab)
        tab.locator("#explanation-box").evaluate("(box) => { box.open = true; }")
        tops = tab.locator("#explanation figure.step figcaption").evaluate_all(
            """(captions) => captions.map((c) => {
              const where = c.querySelector('.where');
              const words = document.createRange();  // the sentence's first words, after the name
              words.setStart(where.nextSibling, 1);
              words.setEnd(where.nextSibling, 4);
              return words.getClientRects()[0].top >= where.getBoundingClientRect().bottom;
            })"""
        )
        assert tops and all(tops), tops


@VIEWPORTS
def test_12_a_records_rounds_are_written_as_the_cards_write_claims(
    context: Any, url: str, viewport: dict[str, int]
) -> None:
    with opened(context, url, viewport) as tab:
        open_file(tab, EXAMPLES / "game-forgotten-penalty.yaml")
        cells = tab.locator("#verdict table").last.locator("td").all_inner_texts()
        assert "10 ✗ → 8" in cells and "18 (✗) → 16" in cells
        notation = re.compile(r"−?\d+( ✓)?|−?\d+ \(?✗\)? → −?\d+")
        assert all(notation.fullmatch(c) for c in cells), cells
        claims = tab.locator("#verdict td").all_inner_texts()
        assert all(notation.fullmatch(c) or not re.search("✗|✓", c) for c in claims), claims


def test_13_a_game_entered_from_the_middle_is_saved_whole(page: Any, tmp_path: Path) -> None:
    open_file(page, EXAMPLES / "disputed-round.yaml")  # Boris's wall is not empty
    page.get_by_role("button", name="Next round →").tap()
    expect(page.locator("#actions")).to_contain_text("Round 2")
    fill_line(page, 0, 2, "yellow", 1)
    checked(page)
    shown = page.locator("#verdict p.verdict").inner_text()
    with page.expect_download() as download:
        page.get_by_role("button", name="Save the game record").tap()
    path = tmp_path / "saved.yaml"
    download.value.save_as(path)
    expect(page.locator("#status")).to_contain_text("Saved every round as a document of its own")
    result = CliRunner().invoke(main, ["check", "--format", "json", "--jobs", "1", str(path)])
    reports = [json.loads(line) for line in result.output.splitlines()]
    assert [r["kind"] for r in reports] == ["round", "round"]
    assert reports[1]["rounds"][0]["players"][1]["score_before"] == 9  # Boris, as replayed
    text = CliRunner().invoke(main, ["check", str(path)]).output
    assert shown in text  # the second round's verdict, as the page showed it
    # And the page opens it again as its rounds: Back shows the first.
    page.get_by_role("button", name="Undo").tap()
    open_file(page, path)
    expect(page.locator("#actions")).to_contain_text("Round 2")
    page.go_back()
    expect(page.locator("#actions")).to_contain_text("Round 1")
    expect(board(page, 1).get_by_label("Name")).to_have_value("Boris")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_10_a_chosen_colour_keeps_its_colour_in_the_picker(page: Any, url: str, lang: str) -> None:
    # The pressed buttons' dark fill once covered the chosen colour: a grey patch over black.
    page.goto(f"{url}?lang={lang}")
    checked(page)
    line = board(page, 0).locator("[data-key='line-0-2']")
    picker = page.locator("#picker")
    for letter, ink in [
        ("K", "rgb(255, 255, 255)"),
        ("B", "rgb(255, 255, 255)"),
        ("W", "rgb(34, 34, 34)"),
    ]:
        line.locator("[data-slot='2']").tap()
        picker.locator(f"[data-key='pick-{letter}']").tap()
        closed(page)
        line.locator("[data-slot='2']").tap()
        chosen = picker.locator(f"[data-key='pick-{letter}']")
        expect(chosen).to_have_attribute("aria-pressed", "true")
        tile = line.locator(f".slotmark.t.c-{letter}").first
        style = "(n) => [getComputedStyle(n).backgroundColor, getComputedStyle(n).color]"
        assert chosen.evaluate(style) == [tile.evaluate(style)[0], ink]
        expect(chosen.locator("b")).to_have_text(letter)  # the tick is drawn, not a letter
        picker.locator("[data-key='picker-close']").tap()
        closed(page)


def test_12_what_the_server_refused_is_said_again_in_the_new_language(
    context: Any, url: str
) -> None:
    page = context.new_page()  # the refusals' 409s are logged: the only errors allowed
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    checked(page)
    # A blue tile on a row that has its blue: the round breaks a rule, so no next round.
    board(page, 0).get_by_role("button", name="row 1, column 1, blue").tap()
    fill_line(page, 0, 1, "blue", 1)
    checked(page)
    page.get_by_role("button", name="Next round →").tap()
    status = page.locator("#status")
    expect(status).to_have_text(  # a sentence of its own, naming the list that shows them
        "The next round is not ready: first correct what Problems marks (SC103); "
        "the new round's walls and scores depend on it."
    )
    expect(status).to_have_class("status bad")
    for lang, words in [("Русский", "раунд"), ("日本語", "ラウンド")]:
        page.wait_for_timeout(SLIP_MS)
        page.get_by_role("button", name=lang).tap()
        expect(status).to_contain_text(words)
        expect(status).to_have_class("status bad")
        if lang == "Русский":
            expect(status).to_contain_text("Следующий раунд не подготовлен: сначала исправьте")
        said = re.sub(r"SC\d+", "", status.inner_text())  # a code
        assert not re.search("[a-z]{3,}", said), said
    assert errors and all("status of 409" in e for e in errors), errors
    page.close()


@pytest.mark.parametrize(
    ("lang", "default"), [("ru", "Игрок 1"), ("ja", "プレイヤー1")], ids=["ru", "ja"]
)
def test_12_a_board_without_a_name_has_the_languages_default_name_everywhere(
    page: Any, url: str, lang: str, default: str
) -> None:
    page.goto(f"{url}?lang={lang}")
    checked(page)
    box = board(page, 0)
    box.locator("[data-key='line-0-0'] [data-slot='1']").tap()
    page.locator("#picker [data-key='pick-B']").tap()
    closed(page)
    box.locator("[data-key='claim-0-score']").tap()
    page.keyboard.type("5")  # a wrong claim: its reason, its problem, its explanation
    explained(page)
    expect(page.locator("#verdict .reasons")).to_contain_text(default)
    expect(page.locator("#problems")).to_contain_text(default)
    expect(page.locator("#explanation")).to_contain_text(default)
    expect(box).to_have_attribute("aria-label", default)
    said = page.evaluate(
        """() => [document.body.innerText,
          ...[...document.querySelectorAll("[aria-label], [placeholder], [title]")].map((n) =>
            [n.getAttribute("aria-label"), n.placeholder, n.title].join(" "))].join("\\n")"""
    )
    assert "Player" not in said


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
def test_a_problem_names_its_player_once(context: Any, url: str, lang: str) -> None:
    # The page puts the player before each problem: «Boris: у игрока Boris счёт…» said it twice.
    with opened(context, f"{url}?lang={lang}") as tab:
        open_file(tab, EXAMPLES / "final.yaml")  # Boris's score is above his wall's (SC115)
        named = tab.locator("#problems li button").all_inner_texts()
        mine = [text.split("Boris", 1)[1] for text in named if text.startswith("Boris")]
        assert mine and all("Boris" not in rest for rest in mine), named


def test_the_verdict_card_fits_a_phone_when_a_cell_lists_several_claims(
    context: Any, url: str, tmp_path: Path
) -> None:
    # 「3 ✗ → –、2 ✗ → –、4 ✗ → –」 kept on one line pushed ラウンド後の得点 past the box's
    # right edge at 390 px (ja review F5): such a cell wraps after 、, never inside a claim.
    source = tmp_path / "claims.yaml"
    source.write_text(
        "kind: round\nplayers:\n"
        "  - {name: Anna, score: 5, lines: ['', 'YY', '', '', ''], floor: '1R',\n"
        "     claimed: {points: [9], penalty: 2, score: 130}}\n"
        "  - {name: Boris, claimed: {points: [3, 2, 4], penalty: 3, score: 112}}\n",
        encoding="utf-8",
    )
    with opened(context, f"{url}?lang=ja") as tab:
        open_file(tab, source)
        card = tab.locator("#verdict .scorecard")
        inside, wide = card.evaluate("c => [c.clientWidth, c.querySelector('table').scrollWidth]")
        assert wide <= inside, (wide, inside)
        lines = rendered_lines(tab, "#verdict td.list")
        assert lines == [["3 ✗ → –、", "2 ✗ → –、", "4 ✗ → –"]], lines
