"""The most a wall could have earned (core/most.py): time per wall, by number of tiles.

For each size from 0 to 25 tiles, draws random walls (seeded; each a uniform choice of that
many cells) and times most_wall_points on each with its caches emptied first, so every
wall is solved from nothing (CPU time of this process: the machine is shared). Prints the
median, 95th percentile and maximum per size, then over final walls of 12-20 tiles (at
least one complete row), then over all.

    python benchmarks/bench_maxwall.py [walls per size] [seed]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from common import machine

from scorecheck.core import most
from scorecheck.core.tiles import SIZE, full_rows

CELLS = SIZE * SIZE


def solve_cold(mask: int) -> float:
    """Seconds to solve one wall with the wall caches empty."""
    most.clear_caches()
    start = time.process_time()
    most.most_wall_points(mask)
    return time.process_time() - start


def final_wall(rng: random.Random, tiles: int) -> int:
    """A wall of this many tiles with at least one complete row, as a final wall has."""
    row = rng.randrange(SIZE)
    chosen = set(range(row * SIZE, row * SIZE + SIZE))
    chosen |= set(rng.sample([i for i in range(CELLS) if i not in chosen], tiles - SIZE))
    return sum(1 << i for i in chosen)


def line(label: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"  {label:>10}  median {statistics.median(ordered) * 1e3:8.3f} ms   "
        f"p95 {p95 * 1e3:8.3f} ms   max {ordered[-1] * 1e3:8.3f} ms"
    )


def main(per_size: int = 1000, seed: int = 20) -> None:
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


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
