"""The most a wall could have earned (core/maximum): time per wall, by number of tiles.

For each size from 0 to 25 tiles, draws random walls (seeded; each a uniform choice of that
many cells) and times most_wall_points on each with its caches emptied first, so every
wall is solved from nothing (CPU time of this process: the machine is shared). Prints the
median, 95th percentile and maximum per size, then over final walls of 12-20 tiles (at
least one complete row), then over all.

Then the walls round documents start with, as `check` meets them in an archive: the boards
of the throughput workload's lines (workload.py, seed 7), in order, in one process whose
caches start empty and fill as they go (a --jobs 2 run of 100,000 lines gives each process
about 50,000). It prints the time per wall (median, p95, max) and per line, beside the
plain-round path's own time per line on the same lines (it now asks for the maximum too, from
the caches this pass filled) and the ratio rounds / (rounds + maximum).

    python benchmarks/bench_maxwall.py [walls per size] [seed] [archive lines]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import orjson
from common import machine
from workload import round_lines

from scorecheck.core import maximum
from scorecheck.core.tiles import SIZE, Wall, full_rows
from scorecheck.plainrounds import plain_round_report

CELLS = SIZE * SIZE


def solve_cold(mask: int) -> float:
    """Seconds to solve one wall with the wall caches empty."""
    maximum.clear_caches()
    start = time.process_time()
    maximum.most_wall_points(mask)
    return time.process_time() - start


def final_wall(rng: random.Random, tiles: int) -> int:
    """A wall of this many tiles with at least one complete row, as a final wall has."""
    row = rng.randrange(SIZE)
    chosen = set(range(row * SIZE, row * SIZE + SIZE))
    chosen |= set(rng.sample([i for i in range(CELLS) if i not in chosen], tiles - SIZE))
    return sum(1 << i for i in chosen)


def line(label: str, seconds: list[float], unit: str = "ms") -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    scale = 1e3 if unit == "ms" else 1e6
    return (
        f"  {label:>10}  median {statistics.median(ordered) * scale:8.3f} {unit}   "
        f"p95 {p95 * scale:8.3f} {unit}   max {ordered[-1] * scale:8.3f} {unit}"
    )


def round_walls(count: int) -> None:
    """The start walls of `count` workload lines, timed as an archive meets them."""
    lines = [text.encode() for text in round_lines(count)]
    walls = [
        [Wall.parse("/".join(board["wall"])).mask for board in orjson.loads(text)["players"]]
        for text in lines
    ]
    maximum.clear_caches()
    timer = time.process_time_ns  # CPU time: the machine is shared (about 0.3 µs a reading)
    per_wall: list[float] = []
    start = time.process_time()
    for boards in walls:
        for mask in boards:
            before = timer()
            maximum.most_wall_points(mask)
            per_wall.append((timer() - before) / 1e9)
    spent = time.process_time() - start
    start = time.process_time()
    for number, text in enumerate(lines, start=1):
        plain_round_report("archive.jsonl", number, text)
    rounds = time.process_time() - start
    print(f"round start walls: {count:,} workload lines, {len(per_wall):,} walls, caches filling")
    print(line("per wall", per_wall, "µs"))
    print(
        f"  per line: maximum {spent / count * 1e6:.2f} µs, plain-round path "
        f"{rounds / count * 1e6:.1f} µs; path / (path + maximum) = {rounds / (rounds + spent):.3f}"
    )


def main(per_size: int = 1000, seed: int = 20, archive_lines: int = 50_000) -> None:
    rng = random.Random(seed)
    print(f"most_wall_points, {per_size:,} random walls per size, caches emptied, on {machine()}")
    everything: list[float] = []
    for tiles in range(CELLS + 1):
        walls = [sum(1 << i for i in rng.sample(range(CELLS), tiles)) for _ in range(per_size)]
        seconds = [solve_cold(w) for w in walls]
        everything += seconds
        ending = sum(1 for w in walls if full_rows(w))
        print(line(f"{tiles} tiles", seconds) + f"   ({ending} with a complete row)")
    finals = [final_wall(rng, rng.randint(12, 20)) for _ in range(per_size)]
    print(line("final12-20", [solve_cold(w) for w in finals]) + "   (one complete row or more)")
    print(line("all", everything))
    round_walls(archive_lines)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
