"""The page's code (issue 29, item 14): the document's edits (scorecheck/web/doc.js) and what
the page remembers (memory.js) are pure functions, unit-tested here in Chromium, where the
page runs them; the modules stay small, and the page asks the server through api.js only,
for its answers and its limits too."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest

from scorecheck.core.limits import MARKERS, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from scorecheck.serve.answers import words_answer
from tests.support.browser import needs_chromium
from tests.support.page import board, new_context, opened
from tests.support.serving import page_server

pytest.importorskip("playwright.sync_api")
pytestmark = needs_chromium
WEB = files("scorecheck").joinpath("web")
MAX_LINES = 350


@pytest.fixture(scope="module")
def tab(browser: Any) -> Iterator[Any]:
    context = new_context(browser)
    with page_server() as url, opened(context, url) as tab:
        yield tab
    context.close()


def edit(tab: Any, name: str, *args: Any) -> Any:
    """doc.js's `name` called with `args`; the arguments must come back unchanged."""
    given = json.dumps(args)
    result = tab.evaluate(
        """async ([name, args]) => {
          const m = await import("/doc.js");
          const before = JSON.stringify(args);
          const fn = (n) => `Player ${n}`;
          const out = m[name](...args.map((a) => (a === "defaultName" ? fn : a)));
          return [out, JSON.stringify(args) === before];
        }""",
        [name, args],
    )
    assert result[1], f"{name} changed what it was given: {given}"
    return result[0]


def round_doc(*boards: dict[str, Any]) -> dict[str, Any]:
    empty = {"score": 0, "wall": ["....."] * 5, "lines": [""] * 5, "floor": ""}
    return {"kind": "round", "variant": "colored", "players": [{**empty, **b} for b in boards]}


def test_a_wall_cell_is_placed_and_taken_away(tab: Any) -> None:
    doc = round_doc({}, {})
    placed = edit(tab, "tapCell", doc, 1, 2, 0, "K")
    assert placed["players"][1]["wall"][2] == "K...."
    assert edit(tab, "tapCell", placed, 1, 2, 0, "K")["players"][1]["wall"][2] == "....."


def test_pattern_lines_and_columns(tab: Any) -> None:
    doc = round_doc({}, {})
    line = edit(tab, "setLine", doc, 0, 0, 3, "R", 3)
    assert line["players"][0]["lines"] == ["", "", "", "RRR", ""]
    assert edit(tab, "setLine", line, 0, 0, 3, "R", 0)["players"][0]["lines"][3] == ""
    grey = edit(tab, "setColumn", doc, 0, 1, 2, 4)
    assert grey["players"][1]["columns"] == [None, None, 4, None, None]
    assert "columns" not in edit(tab, "setColumn", grey, 0, 1, 2, None)["players"][1]
    assert "columns" not in edit(tab, "toggleGrey", edit(tab, "toggleGrey", grey))["players"][1]


def test_the_floor_fills_up_to_a_slot_and_loses_one_item(tab: Any) -> None:
    doc = round_doc({"floor": "1R"}, {})
    assert edit(tab, "fillFloor", doc, 0, 0, 5, "B")["players"][0]["floor"] == "1RBBB"
    assert edit(tab, "fillFloor", doc, 0, 0, 1, "B")["players"][0]["floor"] == "1R"
    assert edit(tab, "addToFloor", doc, 0, 0, "W")["players"][0]["floor"] == "1RW"
    assert edit(tab, "removeFromFloor", doc, 0, 0, 0)["players"][0]["floor"] == "R"


def test_one_marker_goes_first_on_a_floor_and_leaves_the_other(tab: Any) -> None:
    doc = round_doc({"floor": "1R"}, {"floor": "BB"})
    moved = edit(tab, "setMarker", doc, 0, 1, True, MARKERS)
    assert [p["floor"] for p in moved["players"]] == ["R", "1BB"]
    assert edit(tab, "setMarker", moved, 0, 1, False, MARKERS)["players"][1]["floor"] == "BB"
    two = edit(tab, "setMarker", doc, 0, 1, True, 2)  # a table of two markers keeps both
    assert [p["floor"] for p in two["players"]] == ["1R", "1BB"]


def test_claims_names_and_winners(tab: Any) -> None:
    doc = round_doc({}, {})
    claimed = edit(tab, "setClaim", doc, 0, 1, "score", 13)
    assert claimed["players"][1]["claimed"] == {"score": 13}
    assert "claimed" not in edit(tab, "setClaim", claimed, 0, 1, "score", None)["players"][1]
    assert edit(tab, "setScore", doc, 0, 12)["players"][0]["score"] == 12
    assert edit(tab, "setScore", doc, 0, None)["players"][0]["score"] == 0
    named = edit(tab, "setName", doc, 0, "Anna")
    assert named["players"][0]["name"] == "Anna"
    assert "name" not in edit(tab, "setName", named, 0, "  ")["players"][0]
    won = edit(tab, "toggleWinner", doc, "Anna")
    assert won["claimed"] == {"winner": ["Anna"]}
    assert "claimed" not in edit(tab, "toggleWinner", won, "Anna")


def test_a_game_record_renames_everywhere_and_keeps_its_rounds(tab: Any) -> None:
    game = edit(tab, "emptyDocument", "game", [None, None], "defaultName")
    assert game["players"] == ["Player 1", "Player 2"]
    game = edit(tab, "setFinalClaim", edit(tab, "toggleWinner", game, "Player 1"), "Player 1", 40)
    game = edit(tab, "addRound", game)
    renamed = edit(tab, "rename", game, 0, "Anna")
    assert renamed["players"] == ["Anna", "Player 2"]
    assert all(list(r) == ["Anna", "Player 2"] for r in renamed["rounds"])
    assert renamed["claimed"] == {"winner": ["Anna"], "final": {"Anna": 40}}
    assert edit(tab, "rename", game, 0, "Player 2") == game  # a name taken: unchanged
    assert len(edit(tab, "removeRound", game, 1)["rounds"]) == 1
    assert edit(tab, "removeRound", edit(tab, "removeRound", game, 1), 0)["rounds"] != []
    assert edit(tab, "setFinalClaim", game, "Player 1", None).get("claimed") == {
        "winner": ["Player 1"]
    }


def test_players_stay_within_the_limits(tab: Any) -> None:
    doc = round_doc({}, {})
    grown = doc
    for _ in range(5):
        grown = edit(tab, "addPlayer", grown, "defaultName", MAX_PLAYERS)
    assert len(grown["players"]) == MAX_PLAYERS
    game = edit(tab, "addPlayer", edit(tab, "emptyDocument", "game", [None, None], "defaultName"),
                "defaultName", MAX_PLAYERS)  # fmt: skip
    assert game["players"] == ["Player 1", "Player 2", "Player 3"]
    assert list(game["rounds"][0]) == game["players"]
    assert len(edit(tab, "removePlayer", doc, 0, MIN_PLAYERS)["players"]) == MIN_PLAYERS
    assert len(edit(tab, "removePlayer", grown, 0, MIN_PLAYERS)["players"]) == MAX_PLAYERS - 1
    assert "Player 1" not in edit(tab, "removePlayer", game, 0, MIN_PLAYERS)["rounds"][0]


def test_switching_the_kind_keeps_what_the_boards_hold(tab: Any) -> None:
    doc = round_doc({"name": "Anna", "score": 7, "wall": ["B....", *["....."] * 4],
                     "lines": ["", "RR", "", "", ""], "floor": "1R"}, {})  # fmt: skip
    final = edit(tab, "switchKind", doc, "final", None, "defaultName")
    assert final["players"][0] == {"name": "Anna", "score": 7, "wall": doc["players"][0]["wall"]}
    final = edit(tab, "tapCell", final, 0, 0, 1, "Y")
    back = edit(tab, "switchKind", final, "round", doc, "defaultName")
    assert back["players"][0]["lines"] == ["", "RR", "", "", ""]
    assert back["players"][0]["floor"] == "1R"
    assert back["players"][0]["wall"][0] == "BY..."  # what the end of the game changed, kept
    game = edit(tab, "switchKind", doc, "game", None, "defaultName")
    assert game["players"] == ["Anna", "Player 2"]


def test_what_counts_as_an_empty_page(tab: Any) -> None:
    assert edit(tab, "isEmpty", edit(tab, "emptyDocument", "round", [None, None], "defaultName"))
    assert edit(tab, "isEmpty", edit(tab, "emptyDocument", "game", [None, None], "defaultName"))
    assert not edit(tab, "isEmpty", round_doc({"floor": "1"}, {}))
    assert not edit(tab, "isEmpty", round_doc({"score": 3}, {}))
    assert not edit(tab, "isEmpty", round_doc({}, {"name": "Boris"}))


@pytest.mark.parametrize(
    ("text", "signed", "parsed"),
    [
        ("12", False, {"value": 12}),
        (" 12 ", False, {"value": 12}),
        ("", False, {}),
        ("12.5", False, {"invalid": True}),
        ("twelve", False, {"invalid": True}),
        ("-3", False, {"invalid": True}),
        ("−3", True, {"value": -3}),
        ("1e3", True, {"invalid": True}),
    ],
)
def test_a_whole_number_as_typed(tab: Any, text: str, signed: bool, parsed: Any) -> None:
    assert {k: v for k, v in edit(tab, "parseWhole", text, signed).items() if v is not None} == (
        parsed
    )


def test_whole_numbers_as_typed(tab: Any) -> None:
    assert edit(tab, "parseWholes", "7, 5") == {"value": [7, 5]}
    assert edit(tab, "parseWholes", "7 5") == {"value": [7, 5]}
    assert edit(tab, "parseWholes", "7, five") == {"invalid": True}
    assert edit(tab, "parseWholes", "7.5") == {"invalid": True}


def test_documents_from_the_server_lose_the_writers_spaces(tab: Any) -> None:
    doc = round_doc({"wall": ["B . . . .", *["....."] * 4], "floor": "1 R R"}, {})
    out = edit(tab, "normalise", doc)
    assert out["players"][0]["wall"][0] == "B...." and out["players"][0]["floor"] == "1RR"


def test_every_edit_is_tested() -> None:
    source = (WEB / "doc.js").read_text()
    exported = set(re.findall(r"^export (?:const|function) (\w+)", source, re.MULTILINE))
    tested = set(re.findall(r'edit\(tab, "(\w+)"', Path(__file__).read_text(encoding="utf-8")))
    helpers = {
        "KINDS",
        "emptyWall",
        "emptyLines",
        "roundOf",
        "names",
        "part",
        "pathOf",
        "hasMarker",
    }
    assert exported - helpers <= tested, exported - helpers - tested


MEMORY = """async () => {
  const m = await import("/memory.js");
  let h = m.steps();
  h = m.record(h, {n: 0}, {n: 1});
  h = m.record(h, {n: 1}, {n: 1});  // no change: no step
  h = m.record(h, {n: 1}, {n: 2});
  const [h1, w1] = m.undo(h, {n: 2});
  const [h2, w2] = m.undo(h1, w1);
  const none = m.undo(h2, w2);
  const [h3, w3] = m.redo(h2, w2);
  const fresh = m.record(h3, w3, {n: 9});  // a new change after Undo: no Redo any more
  const kept = {};
  const storage = {setItem: (k, v) => (kept[k] = v), getItem: (k) => kept[k] ?? null};
  m.store(storage, {rounds: [{kind: "round"}]}, fresh);
  const back = m.restore(storage);
  const broken = m.restore({getItem: () => "{not json"});
  const full = m.store({setItem: () => { throw new Error("full"); }}, {}, h);
  return {w1, w2, none, w3, redo: fresh.undone.length, back, broken, full, done: h.done.length};
}"""


def test_undo_redo_and_storage(tab: Any) -> None:
    got = tab.evaluate(MEMORY)
    assert got["done"] == 2
    assert (got["w1"], got["w2"], got["none"], got["w3"]) == ({"n": 1}, {"n": 0}, None, {"n": 1})
    assert got["redo"] == 0
    assert got["back"]["work"] == {"rounds": [{"kind": "round"}]}
    assert got["broken"] is None and got["full"] is False


def test_the_page_takes_its_limits_from_the_server(tab: Any) -> None:
    limits = json.loads(words_answer("en").body)["limits"]
    assert limits == {
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "capacities": [1, 2, 3, 4, 5],
        "markers": MARKERS,
        "max_name": MAX_NAME,
    }
    add = tab.get_by_role("button", name="+ Add a player")
    for _ in range(MAX_PLAYERS):  # bounded: a tap within 300 ms of the last is a slip
        if not add.is_enabled():
            break
        add.click()
        tab.wait_for_timeout(350)
    assert tab.locator("section.board").count() == MAX_PLAYERS
    assert board(tab, 0).get_by_label("Name").get_attribute("maxlength") == str(MAX_NAME)
    slots = [
        board(tab, 0).locator(f"[data-key='line-0-{r}'] [data-slot]").count() for r in range(5)
    ]
    assert slots == limits["capacities"]
    for _ in range(MAX_PLAYERS - MIN_PLAYERS):
        tab.get_by_role("button", name=re.compile("^Remove Player")).first.click()
        tab.wait_for_timeout(300)  # sooner, a click on the same spot is a double click
    assert tab.get_by_role("button", name=re.compile("^Remove Player")).first.is_disabled()
    # The page writes none of them again (they would be numbers in its code).
    for module in WEB.iterdir():
        if module.name.endswith(".js"):
            code = module.read_text()
            assert not re.search(r"\b(max|min)_?players\s*[=:]\s*\d", code, re.I), module.name


def test_modules_are_small_and_only_api_js_asks_the_server() -> None:
    modules = {m.name: m.read_text() for m in WEB.iterdir() if m.name.endswith(".js")}
    assert {"api.js", "app.js", "doc.js", "draw.js", "memory.js", "pickers.js", "slips.js"} <= set(
        modules
    )
    lengths = {name: text.count("\n") for name, text in modules.items()}
    assert max(lengths.values()) <= MAX_LINES, lengths
    asking = {
        name for name, text in modules.items() if re.search(r"\bfetch\(|XMLHttpRequest", text)
    }
    # The site's loader and service worker fetch the site's own files; answers come only
    # through api.js.
    assert asking == {"api.js", "site.js", "sw.js"}
    assert not any("/api/" in modules[name] for name in ("site.js", "sw.js"))
    assert all("import" not in line or "./" in line for t in modules.values() for line in
               t.splitlines() if line.startswith("import"))  # fmt: skip
