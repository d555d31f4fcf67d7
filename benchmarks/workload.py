"""Seeded workloads for the benchmarks: random but legal-looking round documents.

Each board has a wall filled on its printed colours (R2), pattern lines of one colour that is
not yet in their wall row (R3.4), a short floor, and claims computed by the replay; about one
claim in ten is then made wrong so that reports carry violations too.

The mixed archive (`broken_every=10`) makes every tenth document break a rule of the table,
as hand-kept archives do, in turn: an overfull pattern line (SC101), two colours in a line
(SC102), a colour already in its wall row (SC103), more than 20 tiles of one colour on the
table (SC105), an overflowing floor (SC108).

    python benchmarks/workload.py 100000 archive.jsonl      # 100,000 round documents, one a line
    python benchmarks/workload.py 100000 mixed.jsonl 10     # the same, every tenth one broken
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scorecheck.core.limits import MAX_PENALTY
from scorecheck.core.maximum import most_wall_points
from scorecheck.core.replay import tile_board
from scorecheck.core.tiles import COLORS, SIZE, Board, Wall, printed_color

NAMES = ("Anna", "Boris", "Chiyo", "Dmitri", "Emi", "Fyodor", "Goro", "Hana")


def _board(rng: random.Random, name: str, has_marker: bool) -> dict[str, Any]:
    fill = rng.uniform(0.0, 0.55)
    rows = []
    for r in range(SIZE):
        cells = [printed_color(r, c).letter if rng.random() < fill else "." for c in range(SIZE)]
        if "." not in cells:  # keep most games running: at most four tiles a row
            cells[rng.randrange(SIZE)] = "."
        rows.append(" ".join(cells))
    lines = []
    for r, row in enumerate(rows):
        free = [c for c in COLORS if c.letter not in row]
        if not free or rng.random() < 0.35:
            lines.append("")
            continue
        count = r + 1 if rng.random() < 0.55 else rng.randint(1, r + 1)
        lines.append(rng.choice(free).letter * count)
    floor = ["1"] if has_marker else []
    floor += [rng.choice(COLORS).letter for _ in range(rng.choice((0, 0, 1, 1, 2, 3, 4)))]
    return {
        "name": name,
        # A score its start wall could have earned (SC115): at most its maximum (R5, R8.1).
        "score": rng.randint(0, most_wall_points(Wall.parse("/".join(rows)).mask)),
        "wall": rows,
        "lines": lines,
        "floor": " ".join(floor),
    }


def _claims(rng: random.Random, board: dict[str, Any]) -> dict[str, Any]:
    tiling = tile_board(
        Board.parse(
            board["name"], board["score"], "/".join(board["wall"]), board["lines"], board["floor"]
        )
    )
    claims: dict[str, Any] = {
        "points": [p.points for p in tiling.placements],
        "penalty": tiling.floor.penalty,
        "score": tiling.score_after,
    }
    if rng.random() < 0.1:  # a wrong claim, as tables make them
        key = rng.choice(("penalty", "score"))
        wrong = rng.choice((1, 2))
        if key == "penalty" and claims[key] + wrong > MAX_PENALTY:  # a full floor: a typo
            key = "score"
        claims[key] += wrong
    return claims


BREAKS = (
    "overfull line",
    "two colours in a line",
    "a colour already in its wall row",
    "too many tiles of a colour",
    "overflowing floor",
)


def round_document(rng: random.Random, broken: str | None = None) -> dict[str, Any]:
    """One `kind: round` document with 2 to 4 players and at most 20 tiles a colour (R1.1),
    or, given one of BREAKS, one that breaks that rule of the table (and only that one)."""
    over_supply = broken == "too many tiles of a colour"
    while True:
        count = 4 if over_supply else rng.randint(2, 4)
        names = rng.sample(NAMES, count)
        marker = rng.randrange(count)
        players = [_board(rng, name, i == marker) for i, name in enumerate(names)]
        if broken == "overfull line":  # one tile more than the line holds (SC101, R1.4)
            board = rng.choice(players)
            r = rng.randrange(1, SIZE)
            free = [c for c in COLORS if c.letter not in board["wall"][r]]
            board["lines"][r] = rng.choice(free).letter * (r + 2)
        elif broken == "two colours in a line":  # two colours, neither in the row (SC102, R3.3)
            board = rng.choice(players)
            r = rng.randrange(1, SIZE)
            free = [c for c in COLORS if c.letter not in board["wall"][r]]
            if len(free) < 2:
                continue
            first, second = rng.sample(free, 2)
            board["lines"][r] = first.letter * rng.randint(1, r) + second.letter
        elif broken == "a colour already in its wall row":  # (SC103, R3.4)
            board = rng.choice(players)
            filled = [r for r, row in enumerate(board["wall"]) if row.replace(" ", "") != "....."]
            if not filled:
                continue
            r = rng.choice(filled)
            taken = [c for c in COLORS if c.letter in board["wall"][r]]
            board["lines"][r] = rng.choice(taken).letter * rng.randint(1, r + 1)
        elif broken == "overflowing floor":  # eight to ten entries (SC108, R6.3)
            board = rng.choice(players)
            tiles = [rng.choice(COLORS).letter for _ in range(rng.randint(8, 10))]
            board["floor"] = " ".join(["1", *tiles[1:]] if "1" in board["floor"] else tiles)
        letters = "".join("".join(p["wall"] + p["lines"]) + p["floor"] for p in players)
        if all(letters.count(c.letter) <= 20 for c in COLORS) != over_supply:
            break
    for board in players:
        board["claimed"] = _claims(rng, board)
    return {"kind": "round", "players": players}


def round_lines(count: int, seed: int = 7, broken_every: int = 0) -> Iterator[str]:
    """count JSON Lines, one round document each, the same for the same seed; with
    broken_every, every broken_every-th one breaks a rule of the table (BREAKS in turn)."""
    rng = random.Random(seed)
    for n in range(1, count + 1):
        broken = None
        if broken_every and n % broken_every == 0:
            broken = BREAKS[n // broken_every % len(BREAKS)]
        yield json.dumps(round_document(rng, broken), separators=(",", ":"))


def write_archive(path: Path, count: int, seed: int = 7, broken_every: int = 0) -> Path:
    """Write a JSON Lines archive of count round documents (reused when already there)."""
    if not path.exists():
        tmp = path.with_suffix(".part")
        with open(tmp, "w", encoding="utf-8") as out:
            for line in round_lines(count, seed, broken_every):
                out.write(line + "\n")
        tmp.rename(path)
    return path


if __name__ == "__main__":
    write_archive(Path(sys.argv[2]), int(sys.argv[1]), broken_every=int((sys.argv[3:] or ["0"])[0]))
