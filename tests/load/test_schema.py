"""The JSON Schema (scorecheck schema, scorecheck/schema.json) against the loader: it accepts
what the loader accepts and refuses what the contract refuses, as far as JSON Schema can say
it (issue 18, item 23)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecheck.api import check_files
from scorecheck.load import cells, schema
from scorecheck.load.errors import InputError
from scorecheck.load.jsonread import read_json
from scorecheck.load.validators import floor_line, pattern_line, wall_row
from scorecheck.load.yamlread import read_yaml
from tests.support.examples import EXAMPLES

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "bad"
SCHEMA = json.loads((ROOT / "scorecheck" / "schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

# Files the contract refuses and the schema cannot: each with the reason JSON Schema has none.
BEYOND_THE_SCHEMA = {
    "float-score.yaml": "12.0 is an integer to JSON Schema; the contract wants 12 written",
    "same-name-twice.yaml": "names are unique across the boards' mappings",
    "default-name-taken.yaml": "a written name against another board's default name",
    "game-unknown-player.yaml": "a round's keys must be the names under players",
    "game-missing-entry.yaml": "a round's keys must be the names under players",
}


def documents(path: Path) -> list[object] | None:
    """The documents of a file as data, or None when it cannot be read as data at all."""
    text = path.read_text(encoding="utf-8-sig")
    try:
        if path.suffix == ".json":
            return [read_json(text)]
        return [value for value, _ in read_yaml(text)]
    except InputError:
        return None


def valid(value: object) -> bool:
    return VALIDATOR.is_valid(value)


def test_the_schema_is_a_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert json.loads(json.dumps(schema())) == SCHEMA


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_validates(path: Path) -> None:
    found = documents(path)
    assert found
    for value in found:
        assert valid(value), list(VALIDATOR.iter_errors(value))[:1]


def contract_failures() -> list[Path]:
    """The files of tests/bad whose first input problem is the contract (SC003)."""
    failing = []
    for path in sorted(BAD.iterdir()):
        problems = [v for r in check_files([str(path)]) for v in r.violations]
        if problems and problems[0].code == "SC003":
            failing.append(path)
    return failing


def test_every_bad_file_that_fails_the_contract_fails_the_schema() -> None:
    failing = contract_failures()
    assert len(failing) > 40
    checked = 0
    for path in failing:
        found = documents(path)
        if found is None:  # a number too large, NaN: refused while reading, before any schema
            continue
        passes = bool(found) and all(valid(v) for v in found)
        if path.name in BEYOND_THE_SCHEMA:
            assert passes, f"{path.name} fails the schema now: take it off BEYOND_THE_SCHEMA"
        else:
            assert not passes, f"{path.name} fails the contract but passes the schema"
            checked += 1
    assert checked > 35
    assert set(BEYOND_THE_SCHEMA) <= {p.name for p in failing}


FORMS = {
    "round with words, counts, a picture": {
        "kind": "round",
        "players": [
            {
                "name": "Вера",
                "wall": "B Y . . .\n. blue . . .\n.....\n.....\n.....\n",
                "lines": ["blue", "2 yellow", "3R", [".", "Red"], ""],
                "floor": "marker 2K",
            },
            {
                "name": "Ivan",
                "floor": [1, "R", 2, "w"],
                "wall": [[".", "/", "B", ".", ".", "."]] + ["....."] * 4,
            },
        ],
        "claimed": {"winner": "Ivan and Вера"},
    },
    "floor as a number": {"kind": "round", "players": [{"floor": 11}]},
}


@pytest.mark.parametrize("name", sorted(FORMS))
def test_the_loader_and_the_schema_accept_the_new_forms(name: str) -> None:
    from scorecheck.api import check_text

    value = FORMS[name]
    assert valid(value), list(VALIDATOR.iter_errors(value))[:1]
    [report] = check_text("t.json", json.dumps(value, ensure_ascii=False))
    assert not report.unusable, [v.message for v in report.violations]


# --- The cell patterns against the validators, on random texts ---------------------------------

PIECES = [
    *"BbYyRrKkWw.xX1 /:3920eGВ\t",
    "blue",
    "Red",
    "YELLOW",
    "black",
    "white",
    "marker",
    "Marker",
    "bluee",
    "redr",
    "\u3000",
]
texts = st.lists(st.sampled_from(PIECES), max_size=8).map("".join)


def accepts(parse: Any, value: object) -> bool:
    try:
        parse(value)
    except Exception:
        return False
    return True


@settings(max_examples=600, deadline=None)
@given(texts)
def test_the_text_patterns_accept_exactly_what_the_validators_accept(text: str) -> None:
    for pattern, parse in (
        (cells.ROW_PATTERN, wall_row),
        (cells.LINE_PATTERN, pattern_line),
        (cells.FLOOR_PATTERN, floor_line),
    ):
        assert (re.search(pattern, text) is not None) == accepts(parse, text), (pattern, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(texts, min_size=5, max_size=5))
def test_the_block_pattern_accepts_exactly_the_walls_the_models_read(rows: list[str]) -> None:
    from scorecheck.load.validators import wall_rows

    block = "\n".join(rows) + "\n"
    read = wall_rows(block) if accepts(wall_rows, block) else None  # blank or '#' lines: refused
    expected = isinstance(read, list) and len(read) == 5 and all(accepts(wall_row, r) for r in read)
    assert (re.search(cells.BLOCK_PATTERN, block) is not None) == expected, block


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PIECES + ["", " B ", "3R", "2blue", "BB", ".:", "1R", "X.", "B B", "x "]))
def test_the_item_patterns_accept_what_the_validators_accept_as_one_item(item: str) -> None:
    row = [item, ".", ".", ".", "."] if item.strip() not in ("/", "") else None
    # A count item needs a colour item after it, which an item's pattern cannot see.
    after = ["R"] if item.strip().isdigit() else []
    for pattern, parse, value in (
        (cells.LINE_ITEM_PATTERN, pattern_line, [item, *after]),
        (cells.FLOOR_ITEM_PATTERN, floor_line, [item, *after]),
        (cells.ROW_ITEM_PATTERN, wall_row, row),
    ):
        if value is None:
            continue
        assert (re.search(pattern, item) is not None) == accepts(parse, value), (pattern, item)


GREY_X = {
    "kind": "round",
    "variant": "grey",
    "players": [{"wall": [". x . . .", ".....", ".....", ".....", "....."]}],
}
VARIANT_CASES = {
    "x on the grey wall": (GREY_X, False),
    "x in a grey picture": ({**GREY_X, "players": [{"wall": "x....\n" + ".....\n" * 4}]}, False),
    "x in a grey game's claimed wall": (
        {
            "kind": "game",
            "variant": "grey",
            "players": ["A", "B"],
            "rounds": [
                {"A": {"claimed": {"wall": [["X", ".", ".", ".", "."]] + ["....."] * 4}}, "B": {}}
            ],
        },
        False,
    ),
    "columns on the coloured side": (
        {"kind": "round", "players": [{"columns": [1, None, None, None, None]}]},
        False,
    ),
    "a grey wall of letters, with columns": (
        {
            "kind": "round",
            "variant": "grey",
            "players": [
                {
                    "wall": [". b . . .", ".....", ".....", ".....", "....."],
                    "columns": [1, None, None, None, None],
                }
            ],
        },
        True,
    ),
    "x on the coloured side": ({**GREY_X, "variant": "colored"}, True),
}


@pytest.mark.parametrize("name", sorted(VARIANT_CASES))
def test_the_schema_refuses_what_the_variant_refuses(name: str) -> None:
    from scorecheck.api import check_text

    value, accepted = VARIANT_CASES[name]
    [report] = check_text("t.json", json.dumps(value))
    assert (not report.unusable) is accepted, [v.message for v in report.violations]
    assert valid(value) is accepted


def test_the_schema_takes_meta_of_plain_values_as_the_loader_does() -> None:
    from scorecheck.api import check_text

    doc = {"kind": "round", "meta": {"seed": 1, "at": [None, {"t": "x"}]}, "players": [{}]}
    assert not list(VALIDATOR.iter_errors(doc))
    assert check_text("t.json", json.dumps(doc))[0].ok
    bad = {**doc, "meta": [1]}
    assert list(VALIDATOR.iter_errors(bad))
    assert check_text("t.json", json.dumps(bad))[0].unusable
