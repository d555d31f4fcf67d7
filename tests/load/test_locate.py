"""JsonSource locates exactly as DocumentSource over json_positions, only lazily."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from scorecheck.load.errors import InputError
from scorecheck.load.jsonread import json_positions, read_json
from scorecheck.load.limits import MAX_DEPTH
from scorecheck.load.locate import JsonSource
from scorecheck.load.positions import DocumentSource, Positions
from tests.support.examples import EXAMPLES

BAD = Path(__file__).resolve().parents[1] / "bad"


def styles(value: Any) -> list[str]:
    """The same document written compactly, spaced, indented, with tabs and with escapes."""
    return [
        json.dumps(value, separators=(",", ":")),
        json.dumps(value),
        json.dumps(value, indent=2),
        json.dumps(value, indent="\t", ensure_ascii=False) + "\n",
        " \n" + json.dumps(value, separators=(" , ", " : ")),
    ]


def corpus() -> list[str]:
    texts = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        for value in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            texts += styles(value)
    for path in sorted(BAD.glob("*.json")):
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            read_json(text)
            json_positions(text)
        except InputError:
            continue  # refused: nothing to locate in it
        texts.append(text)
    rng = random.Random(5)
    for _ in range(12):
        value = {
            "kind": rng.choice(["round", "final", 3]),
            "players": [
                {
                    "name": rng.choice(['"Q"', "a\\b", "Чиё", "\u00e9\u0301", ""]),
                    "wall": [rng.choice(["B . Y", ". x\\t.", "", "  B/Y  "]) for _ in range(5)],
                    "lines": [[], {}, [[1, [2]], {"a": {"b": None}}], "RR"],
                    "score": rng.choice([1, -2.5, True, None, "7"]),
                }
                for _ in range(rng.randint(0, 3))
            ],
        }
        texts += styles(value)
    return texts


def probes(positions: Positions) -> set[tuple[Any, ...]]:
    """Every located path, and paths beside, below and past them."""
    found: set[tuple[Any, ...]] = {()}
    for path in [*positions.nodes, *positions.keys, *positions.texts]:
        found |= {
            path,
            (*path, 0),
            (*path, 2),
            (*path, 9),
            (*path, -1),
            (*path, "kind"),
            (*path, "nope", 1),
            (*path[:-1], "wall", 3, 4),
            (*path[:-1], 99),
        }
    return found


def test_every_path_is_located_as_the_full_scanner_locates_it() -> None:
    texts = corpus()
    assert len(texts) > 100
    rng = random.Random(11)
    compared = 0
    for number, text in enumerate(texts, start=1):
        positions = json_positions(text).shifted(number - 1)
        full = DocumentSource("a.jsonl", lambda p=positions: p)  # type: ignore[misc]
        lazy = JsonSource("a.jsonl", text, number)
        paths = sorted(probes(positions), key=repr)
        for path in rng.sample(paths, min(len(paths), 100)):
            assert lazy.locate(path) == full.locate(path), (text, path)
            assert lazy.locate_key(path) == full.locate_key(path), (text, path)
            compared += 1
    assert compared > 8_000


def test_a_document_nested_too_deep_is_refused_as_before() -> None:
    deep = '{"kind": "round", "players": ' + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "}"
    read_json(deep)  # json itself reads it; the positional scanner refuses it
    with pytest.raises(InputError) as full:
        json_positions(deep)
    with pytest.raises(InputError) as lazy:
        JsonSource("deep.json", deep).locate(("players", 0))
    assert (lazy.value.message, lazy.value.line, lazy.value.column) == (
        full.value.message,
        full.value.line,
        full.value.column,
    )


def test_a_document_nested_to_the_limit_is_still_located() -> None:
    nested = "[" * (MAX_DEPTH - 1) + "7" + "]" * (MAX_DEPTH - 1)
    path = (0,) * (MAX_DEPTH - 2)
    full = DocumentSource("n.json", lambda: json_positions(nested))
    assert JsonSource("n.json", nested).locate(path) == full.locate(path) == (1, MAX_DEPTH - 1)
