"""The rules core alone: placements scored per second, in one process.

Replays the boards of a seeded workload to collect every placement made (the occupied
cells of the wall before it, its row and column), then times score_placement over all of
them: first with an empty cache (every distinct neighbourhood computed once), then warm,
several times. It also times the whole replay (tile_board: placements, new walls, floors),
placements per second. The issue asks for at least 1,000,000 placements per second.

    python benchmarks/bench_core.py [documents] [runs]
"""

from __future__ import annotations

import random
import sys
import time

from common import machine, median, spread
from workload import round_document

from scorecheck.core import scoring
from scorecheck.core.replay import tile_board
from scorecheck.core.tiles import Board

TARGET = 1_000_000


def boards(count: int) -> list[Board]:
    rng = random.Random(11)
    found = []
    for _ in range(count):
        for p in round_document(rng)["players"]:
            wall = "/".join(p["wall"])
            found.append(Board.parse(p["name"], p["score"], wall, p["lines"], p["floor"]))
    return found


def main(count: int = 20_000, runs: int = 7) -> None:
    print(f"rules core, placements from {count:,} round documents, on {machine()}")
    tables = boards(count)
    tilings = [tile_board(b) for b in tables]
    placements = [
        (before.mask, p.line, p.score.column)
        for t in tilings
        for before, p in zip(
            [t.board.wall, *(q.wall_after for q in t.placements)], t.placements, strict=False
        )
    ]
    total = len(placements)
    score = scoring.score_placement

    def score_all() -> float:
        start = time.perf_counter()
        for mask, row, column in placements:
            score(mask, row, column)
        return time.perf_counter() - start

    scoring._SCORE_CACHE.clear()
    cold = total / score_all()
    warm = [total / score_all() for _ in range(runs)]
    replays = []
    for _ in range(runs):
        start = time.perf_counter()
        for board in tables:
            tile_board(board)
        replays.append(total / (time.perf_counter() - start))
    print(f"  {total:,} placements, {len(scoring._SCORE_CACHE):,} distinct neighbourhoods")
    print(f"  score_placement, cold cache: {cold:,.0f} placements/s (one pass)")
    print(f"  score_placement, warm: {spread(warm, ' placements/s')}")
    print(f"  tile_board (whole replays): {spread(replays, ' placements/s')}")
    verdict = "meets" if median(warm) >= TARGET else "MISSES"
    print(
        f"placements per second (score_placement): {median(warm):,.0f} — {verdict} the "
        f"target of {TARGET:,}"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
