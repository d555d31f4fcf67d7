"""The fast path (load/fast.py) builds exactly what the models build, and steps aside for the rest.

Generated documents are valid ones with up to two mistakes (a near-miss value, a key dropped
or added): whenever the models accept one, the fast path must build an equal domain document,
and whenever they refuse it, the fast path must step aside (so pydantic writes the message).
The fast path may decline documents the models accept (it would only be slower), but none of
the forms generated here.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from scorecheck.core import limits
from scorecheck.core.documents import RoundDocument
from scorecheck.core.violations import NoSource
from scorecheck.load import contract, document_adapter
from scorecheck.load import models as m
from scorecheck.load.cells import split
from scorecheck.load.convert import ContractError, to_document
from scorecheck.load.fast import fast_document
from scorecheck.load.yamlread import read_yaml
from tests.support.examples import EXAMPLES

NAMES = ["Anna", "Boris", "Chiyo", "x" * 60]
# Near misses by the type of the value they replace.
JUNK: dict[type, list[Any]] = {
    int: [-1, 0, 6, 51, -15, 15, limits.MAX_SCORE + 1, True, 3.0, "5", None],
    str: ["", " ", "Q", "BB", "ı", "x" * 61, "Anna", "Player 2", "grey", "colored", "x", None, 1]
    + [". x . . .", "B . . . . .", "An\u202ena", "“Anna”", "Anna\x07", "\u200b"],
    list: [[], [1], ["B", "", "R"], [""], [".", "/"], ["Anna", "Anna"], [" x ", ".", ".", ".", "."]]
    + [[None] * 5, [1, 2, 3, 4, 5, 1], ". . . . . .", None, "B", 5],
    dict: [{}, [], None, "x"],
    bool: [1, "true", None],
    type(None): [0, "", [], [None] * 5, ". x . . ."],
}


def pool(make: Any, count: int = 300) -> st.SearchStrategy[Any]:
    """Leaves drawn from a fixed, seeded pool: far fewer draws than composing each one."""
    rng = random.Random(7)
    return st.sampled_from([make(rng) for _ in range(count)])


def row_text(rng: random.Random) -> str:
    gaps = ["", "", " ", "\t", "/", " / "]
    return "".join(rng.choice(".BYRKWbyrkwXx") + rng.choice(gaps) for _ in range(5)).strip("/")


def row_list(rng: random.Random) -> list[str]:
    return [rng.choice([".", "B", " b ", "x", "X", "W\t", "k"]) for _ in range(5)]


def line(rng: random.Random) -> str | list[str]:
    if rng.random() < 0.5:
        return "".join(rng.choice("BYRKWbyrkw.: ") for _ in range(rng.randrange(7)))
    return [rng.choice(["B", " y ", ".", ":", ".:", "", "k"]) for _ in range(rng.randrange(6))]


def floor_value(rng: random.Random) -> str | int | list[str | int]:
    if rng.random() < 0.1:
        return rng.choice([1, 11])
    if rng.random() < 0.5:
        return "".join(rng.choice("1BYRKWbyrkw. ") for _ in range(rng.randrange(10)))
    items: list[str | int] = [1, "1", " R ", ".", "w"]
    return [rng.choice(items) for _ in range(rng.randrange(9))]


wall = st.lists(st.one_of(pool(row_text), pool(row_list)), min_size=5, max_size=5)
lines = pool(lambda rng: [line(rng) for _ in range(5)])
floor = pool(floor_value)
score = st.one_of(st.sampled_from([0, limits.MAX_SCORE]), st.integers(0, 99))


def optional(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """The value, or null, or the key left out."""
    return st.one_of(strategy, strategy, st.just(None), st.just(ABSENT))


def mapping(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A dict of the drawn fields, ABSENT ones left out."""
    return st.fixed_dictionaries(fields).map(
        lambda d: {k: v for k, v in d.items() if v is not ABSENT}
    )


ABSENT = object()  # a key left out
round_claims = mapping(
    points=optional(st.lists(st.integers(0, 50), max_size=3)),
    penalty=optional(st.integers(-14, 14)),
    score=optional(score),
    wall=optional(wall),
    final=optional(score),
)
winner = st.sampled_from(["Anna", ["Anna", "Boris"], "Someone"])
variant = st.sampled_from(["colored", "grey", ABSENT])
columns = optional(st.lists(st.sampled_from([None, 1, 3, 5]), min_size=5, max_size=5))


def boards(board: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[list[dict[str, Any]]]:
    """1 to 3 boards, mostly with distinct names, some unnamed."""
    names = st.one_of(
        st.permutations(NAMES),
        st.lists(st.sampled_from([*NAMES, "Player 2"]), min_size=4, max_size=4),
    )
    return st.tuples(st.lists(board, min_size=1, max_size=3), names).map(
        lambda pair: [
            b | {"name": n} if "name" in b else b
            for b, n in zip(pair[0], pair[1][: len(pair[0])], strict=True)
        ]
    )


round_board = mapping(
    name=st.sampled_from(["", ABSENT, None]),
    score=st.one_of(score, st.just(ABSENT)),
    wall=st.one_of(wall, st.just(ABSENT)),
    lines=st.one_of(lines, st.just(ABSENT)),
    floor=st.one_of(floor, st.just(ABSENT)),
    columns=columns,
    claimed=optional(round_claims),
)
final_board = mapping(
    name=st.sampled_from(["", ABSENT, None]),
    score=score,
    wall=wall,
    claimed=optional(mapping(final=optional(score))),
)
game_entry = mapping(
    lines=st.one_of(lines, st.just(ABSENT)),
    floor=st.one_of(floor, st.just(ABSENT)),
    wall=optional(wall),
    score=optional(score),
    columns=columns,
    claimed=optional(round_claims),
)


def game(players: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return mapping(
        kind=st.just("game"),
        variant=variant,
        players=st.just(players),
        rounds=st.lists(st.fixed_dictionaries({n: game_entry for n in players}), max_size=3),
        finished=optional(st.booleans()),
        tiles=st.sampled_from(["all", "some", ABSENT]),
        starts=optional(st.lists(st.sampled_from(players), max_size=3)),
        claimed=optional(
            mapping(
                final=optional(st.dictionaries(st.sampled_from(players), score)),
                winner=optional(winner),
            )
        ),
    )


valid_documents = st.one_of(
    mapping(
        kind=st.just("round"),
        variant=variant,
        players=boards(round_board),
        claimed=optional(mapping(winner=optional(winner))),
    ),
    mapping(
        kind=st.just("final"),
        variant=variant,
        players=boards(final_board),
        claimed=optional(mapping(winner=optional(winner))),
    ),
    st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True).flatmap(game),
)


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a document."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += places(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += places(child, (*path, index))
    return found


@st.composite
def documents(draw: st.DrawFn) -> Any:
    """A valid document with up to two mistakes: a junk value, a key dropped or added."""
    value = copy.deepcopy(draw(valid_documents))
    for _ in range(draw(st.sampled_from([0, 1, 1, 2]))):
        path = draw(st.sampled_from(places(value)))
        if not path:
            continue
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["junk", "junk", "drop", "add"]))
        if action == "junk":
            parent[path[-1]] = draw(st.sampled_from(JUNK[type(parent[path[-1]])]))
        elif action == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["colour", "Zed", "Anna"]))] = parent[path[-1]]
    return value


def takes_a_new_form(value: object, key: object = None) -> bool:
    """Whether a document uses a form the fast path leaves to the models (issue 18, items
    17-18): a wall as a block of text, a colour word or `marker`, a count before a colour."""
    if isinstance(value, dict):
        return any(takes_a_new_form(v, k) for k, v in value.items())
    if key == "wall" and isinstance(value, str):
        return True
    if key in ("wall", "lines", "floor"):
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, list):
                if any(takes_a_new_form(c, key) for c in item):
                    return True
                continue
            text = str(item).strip() if isinstance(item, int | str) else ""
            cells = [c for _, c in split(text)] if isinstance(item, str) else [text]
            digits = "23456789" if key == "floor" else "123456789"
            if any(len(c) > 1 or (c and c in digits) for c in cells):
                return True
        return False
    if isinstance(value, list):
        return any(takes_a_new_form(v, key) for v in value)
    return False


def same_or_a_new_form(fast: object, value: object) -> bool:
    """The fast path builds what the models build, or steps aside for a new form."""
    slow = slow_document(value)
    return fast == slow or (fast is None and takes_a_new_form(value))


def slow_document(value: object) -> Any:
    """What the models and convert.py make of a value, or None where they refuse it."""
    try:
        return to_document(document_adapter().validate_python(value), NoSource())
    except (ValidationError, ContractError):
        return None


# Shapes the strategies reach only rarely, each a board or document of one key or none.
RARE_SHAPES = [
    {"kind": "round", "players": [{"name": "Anna"}, {"score": 0}]},  # SC005
    {"kind": "round", "players": [{}, {"score": 0}, {"score": 7}]},
    {"kind": "round", "players": [{"score": 5}], "claimed": {}},
    {"kind": "round", "players": [{}, {}]},
    {"kind": "round", "players": [{"name": "Anna"}, {"score": None}]},
    {"kind": "round", "players": []},
    {"kind": "final", "players": []},
    {"kind": "game", "players": ["Anna"], "rounds": []},
    {"kind": "game", "players": ["Anna", "Boris"], "rounds": [{"Anna": {}, "Boris": {"score": 0}}]},
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
@example(RARE_SHAPES[0])
@example(RARE_SHAPES[1])
@example(RARE_SHAPES[2])
@example(RARE_SHAPES[3])
@example(RARE_SHAPES[4])
@example(RARE_SHAPES[5])
@example(RARE_SHAPES[6])
@example(RARE_SHAPES[7])
@example(RARE_SHAPES[8])
def test_the_fast_path_builds_what_the_models_build(value: Any) -> None:
    fast = fast_document(value, NoSource())
    assert same_or_a_new_form(fast, value)  # None from both when the models refuse it


def test_documents_of_every_kind_and_form_take_the_fast_path() -> None:
    found = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        found += [v for v, _ in read_yaml(path.read_text(encoding="utf-8"))]
    board = {
        "name": "Anna",
        "wall": [["B", ".", " . ", "/", "x", "."], "b y . . .", ". . x . .", ".....", "....."],
        "lines": [["y"], "B B", [".", "R", ":", "r"], "..KK", ""],
        "floor": [1, " r ", "."],
        "claimed": {"points": [1], "penalty": -2, "score": 3, "wall": None, "final": None},
    }
    found += [
        {"kind": "round", "players": [board, {"floor": 1}], "claimed": {"winner": ["Anna"]}},
        {"kind": "round", "variant": "colored", "players": [{}], "claimed": {}},
        json.loads(json.dumps(found[0])),  # the same from JSON
    ]
    found += [
        {
            "kind": "round",
            "variant": "grey",
            "players": [
                board
                | {
                    "wall": ["b....", ["Y", "/", "."] + ["."] * 3] + ["....."] * 3,
                    "columns": [1, None, 4, 2, None],
                }
            ],
        }
    ]
    assert len(found) == len(list(EXAMPLES.glob("*.yaml"))) + 4
    for value in found:
        fast = fast_document(value, NoSource())
        assert fast is not None, value
        assert fast == slow_document(value)


def test_a_board_of_a_score_alone_takes_the_fast_path_with_the_models_warning() -> None:
    value = {"kind": "round", "players": [{"name": "Anna"}, {"score": 0}, {"score": 9}]}
    fast, slow = fast_document(value, NoSource()), slow_document(value)
    assert isinstance(fast, RoundDocument) and fast == slow
    assert [(n.code, n.args) for n in fast.notes] == [
        ("SC005", {"number": 2, "score": 0}),
        ("SC005", {"number": 3, "score": 9}),
    ]
    assert fast.notes == slow.notes


def test_the_bounds_are_the_models_bounds() -> None:
    claims = m.RoundClaims.model_json_schema()["properties"]
    assert claims["points"]["anyOf"][0]["items"]["maximum"] == limits.MAX_CLAIMED_POINTS
    assert claims["penalty"]["anyOf"][0]["maximum"] == limits.MAX_PENALTY
    name = m.RoundBoard.model_json_schema()["properties"]["name"]["anyOf"][0]
    assert name["maxLength"] == limits.MAX_NAME
    # The keys the loaders without pydantic know are the models' fields.
    for keys, model in (
        (contract.ROUND_KEYS, m.RoundModel),
        (contract.ROUND_BOARD_KEYS, m.RoundBoard),
        (contract.FINAL_KEYS, m.FinalModel),
        (contract.FINAL_BOARD_KEYS, m.FinalBoard),
        (contract.GAME_KEYS, m.GameModel),
        (contract.GAME_ENTRY_KEYS, m.GameEntryModel),
        (contract.ROUND_CLAIM_KEYS, m.RoundClaims),
        (contract.FINAL_CLAIM_KEYS, m.FinalClaims),
        (contract.WINNER_CLAIM_KEYS, m.WinnerClaims),
        (contract.GAME_CLAIM_KEYS, m.GameClaims),
    ):
        assert keys == set(model.model_fields), model
    # The name rules, the defaults and "Player N" are contract.py's, for both (one definition).
    board = m.RoundBoard()
    assert (board.score, board.wall, board.lines, board.floor) == (
        contract.DEFAULT_SCORE,
        contract.EMPTY_WALL,
        contract.EMPTY_LINES,
        contract.EMPTY_FLOOR,
    )


BASES = [
    {
        "kind": "round",
        "variant": "colored",
        "players": [
            {
                "name": "Anna",
                "score": 10,
                "wall": ["b . . . .", [".", "B", ".", ".", "."], ". . x . .", ".....", "....."],
                "lines": ["", "YY", ["B", "b", "."], "..YY", ""],
                "floor": [1, "R"],
                "claimed": {"points": [2, 7], "penalty": -2, "score": 17, "wall": None},
            },
            {"score": 3, "floor": "1 r", "claimed": {"final": 3}},
        ],
        "claimed": {"winner": ["Anna", "Player 2"]},
    },
    {
        "kind": "round",
        "variant": "grey",
        "players": [
            {
                "wall": [". b . . .", [".", ".", "Y", ".", "."], "W....", ".....", "....."],
                "lines": ["R", "", "KKK", "YY", ""],
                "columns": [3, None, 2, None, None],
                "claimed": {
                    "points": [4, 2],
                    "wall": ["..R..", ".....", ".....", ".....", "....."],
                },
            }
        ],
    },
    {
        "kind": "final",
        "players": [
            {"name": "Anna", "score": 38, "wall": ["BYRKW", "xxxxx", ".....", ".....", "....."]},
            {"score": 51, "wall": ["BYRKW", ".....", ".....", ".....", "....."], "claimed": {}},
        ],
        "claimed": {"winner": "Anna"},
    },
    {
        "kind": "game",
        "players": ["Anna", "Boris"],
        "rounds": [
            {"Anna": {"lines": ["B", "", "", "", ""], "floor": 1}, "Boris": {"score": 0}},
            {
                "Anna": {"wall": None, "claimed": None},
                "Boris": {
                    "claimed": {"score": 1},
                    "wall": ["x....", ".....", ".x...", "Y....", "....."],
                },
            },
        ],
        "finished": False,
        "starts": ["Boris", "Anna"],
        "tiles": "some",
        "claimed": {"final": {"Anna": 2, "Boris": 1}, "winner": "Anna"},
    },
]


def near_misses(base: Any) -> Any:
    """Every document one mistake away from base: each value swapped for each near miss,
    each key dropped, an unknown key or a second player added beside each key."""
    for path in places(base)[1:]:
        for change in [*JUNK[type(lookup(base, path))], "drop", "add"]:
            value = copy.deepcopy(base)
            parent = lookup(value, path[:-1])
            if change == "drop" and isinstance(parent, dict):
                del parent[path[-1]]
            elif change == "add" and isinstance(parent, dict):
                parent["colour" if parent is not value else "extra"] = parent[path[-1]]
                parent["Anna" if "Anna" not in parent else "Zed"] = parent[path[-1]]
            elif change not in ("drop", "add"):
                parent[path[-1]] = change
            yield value


def lookup(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def test_every_single_mistake_gets_the_same_answer_from_both_paths() -> None:
    checked = 0
    for base in BASES:
        assert fast_document(base, NoSource()) is not None
        for value in near_misses(base):
            assert same_or_a_new_form(fast_document(value, NoSource()), value), value
            checked += 1
    assert checked > 1000


def json_texts() -> list[str]:
    """JSON documents near the edges read_json guards: keys twice, NaN, huge numbers."""
    texts = [json.dumps(base) for base in BASES]
    texts += [json.dumps(value) for base in BASES[:2] for value in near_misses(base)][::7]
    round_text = json.dumps(BASES[0])
    for old, new in [
        ('"score": 10', '"score": 10, "score": 10'),
        ('"score": 10', '"score": 10, "score": 11'),
        ('"kind": "round"', '"kind": "round", "kind": "round"'),
        ('"penalty": -2', '"penalty": -2, "claimed": 1'),
        ('"score": 10', '"score": NaN'),
        ('"score": 10', '"score": Infinity'),
        ('"score": 10', '"score": 10.0'),
        ('"score": 10', '"score": 1e999'),
        ('"score": 10', '"score": ' + "9" * 40),
        ('"score": 10', '"score": ' + "9" * 5000),
        ('"score": 10', '"score": 10 '),
        ('{"kind"', ' {"kind"'),
        ('"Anna"', '"An\\"na"'),
        ('"Anna"', '"\\u0041nna"'),
        ('"floor": [1, "R"]', '"floor": {}'),
        ('"floor": [1, "R"]', '"floor": {"1": "R"}'),
        ('"lines": ["", "YY"', '"lines": [{}, "YY"'),
    ]:
        assert old in round_text, old
        texts.append(round_text.replace(old, new, 1))
    texts.append("[" * 40 + "]" * 40)
    texts.append('{"kind": "round", "players": [' + ",".join(["{}"] * 21_000) + "]}")  # too many
    texts.append(round_text + " x")
    return texts


def test_json_text_takes_the_fast_path_exactly_when_read_json_and_the_models_agree() -> None:
    from scorecheck.load.errors import InputError
    from scorecheck.load.fast import fast_json_document
    from scorecheck.load.jsonread import read_json

    accepted = 0
    for text in json_texts():
        fast = fast_json_document(text, NoSource())
        try:
            value = read_json(text)
        except InputError:
            assert fast is None, text
            continue
        assert same_or_a_new_form(fast, value), text
        accepted += fast is not None
    assert accepted > 30


NEW_FORMS = [
    {"lines": ["blue", "Yellow yellow", "3r", "", ""], "floor": "marker 2 red"},
    {"lines": [["BLUE"], ["2Y"], "", "", ""], "floor": ["marker", "red", 1]},
    {"wall": "B Y . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n", "floor": "2K"},
    {"wall": ["blue . . . .", [".", "yellow", ".", ".", "."], ".....", ".....", "....."]},
]


@pytest.mark.parametrize("board", NEW_FORMS)
def test_the_fast_path_steps_aside_for_words_counts_and_pictures(board: dict[str, Any]) -> None:
    """Colour words, `marker`, counts and block walls are read by the models alone (one
    parser, models._letters): the fast path leaves them, and the models accept them."""
    value = {"kind": "round", "players": [board]}
    assert takes_a_new_form(value)
    assert fast_document(value, NoSource()) is None
    assert slow_document(value) is not None
