"""An old build's maximum (core/most.py, or the package core/maximum it became) against this
build's core/maximum, side by side in one process, on the start walls of a round archive
(what the plain-round path asks for every board of every round).

OLD is an old build's maximum, loaded as a module of its own beside this build's: a copy of
its scorecheck/core/most.py (`git show 753465f:scorecheck/core/most.py > /tmp/most_old.py`),
or a checkout of a build (`git worktree add /tmp/old REV`), whose scorecheck/core holds
most.py or the package maximum/ (this checkout itself, too). Both score with this build's
core. Alternating run by run, each with its caches emptied first (CPU time of this process:
the machine is shared):

- cold: most_wall_points over every start wall, as an archive meets them; then hits: the
  same walls again, every group cached; misses: cold less hits;
- path: the plain-round path (this build's) over the archive's lines with the old maximum, the
  new one, and a constant in its place; the maximum's cost a line is the difference. One
  untimed pass first fills the path's own caches, so the build timed first pays no more.

Both builds must give the same points on every wall, or the script stops. Prints medians.

    python benchmarks/compare_most.py OLD [archive lines] [runs]
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import orjson
from common import archive, machine

import scorecheck.core
from scorecheck import plainrounds
from scorecheck.core import maximum as most  # this build's, beside an old most.py
from scorecheck.core.tiles import Wall, full_rows


def load(path: str) -> ModuleType:
    """The old build's maximum as a module of its own (its caches apart from this build's)."""
    given = Path(path)
    if given.is_file():
        return load_file(given)
    for core in (given / "scorecheck" / "core", given / "core", given):
        if (core / "most.py").is_file():
            return load_file(core / "most.py")
        if (core / "maximum" / "__init__.py").is_file():
            return load_package(core)
    sys.exit(f"{path}: neither a most.py nor a build with scorecheck/core/most.py or maximum/")


def load_file(path: Path) -> ModuleType:
    """A single-module maximum (core/most.py), under the name most_old."""
    spec = importlib.util.spec_from_file_location("most_old", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["most_old"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def load_package(core: Path) -> ModuleType:
    """The package core/maximum of the build whose core is `core`.

    Its modules import each other as scorecheck.core.maximum.*, so the old package stands
    under that name in sys.modules while it is imported (its submodules found in its own
    folder, the rest of the core this build's); then this build's modules are put back, and
    the old ones keep the siblings they imported.
    """
    package = "scorecheck.core.maximum"
    ours = {n: m for n, m in sys.modules.items() if n == package or n.startswith(package + ".")}
    for name in ours:
        del sys.modules[name]
    folder = core / "maximum"
    spec = importlib.util.spec_from_file_location(
        package, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[package] = module
    try:
        spec.loader.exec_module(module)
    finally:
        for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
            del sys.modules[name]
        sys.modules.update(ours)
        scorecheck.core.maximum = most
    return module


def walls_pass(module: ModuleType, walls: list[int]) -> tuple[float, float, list[int]]:
    """CPU seconds for the walls from empty caches, then again with every group cached."""
    solve: Callable[[int], int] = module.most_wall_points
    module.clear_caches()
    start = time.process_time()
    points = [solve(w) for w in walls]
    cold = time.process_time() - start
    start = time.process_time()
    for w in walls:
        solve(w)
    return cold, time.process_time() - start, points


def path_pass(maximum: Callable[[int], int], lines: list[bytes]) -> float:
    """CPU µs a line through the plain-round path with this maximum."""
    vars(plainrounds)["start_wall_points"] = maximum  # the path's own name for it
    start = time.process_time()
    for number, text in enumerate(lines, start=1):
        plainrounds.plain_round_report("archive.jsonl", number, text)
    return (time.process_time() - start) / len(lines) * 1e6


def main(old_path: str, count: int = 100_000, runs: int = 5) -> None:
    old = load(old_path)
    lines = archive(count).read_bytes().splitlines()
    walls = [
        Wall.parse("/".join(board["wall"])).mask
        for text in lines
        for board in orjson.loads(text)["players"]
    ]
    free = sum(1 for w in walls if not full_rows(w))
    print(f"maximum: {old_path} against this build, {count:,} lines, on {machine()}")
    print(f"{len(walls):,} start walls ({free:,} with no complete row), {runs} runs alternating")
    builds = {"old": old, "new": most}
    cold: dict[str, list[float]] = {name: [] for name in builds}
    hits: dict[str, list[float]] = {name: [] for name in builds}
    through_path: dict[str, list[float]] = {name: [] for name in (*builds, "constant")}
    # One untimed pass first: the path's own caches (placements, parts, floors) fill once, so
    # the build that runs first does not pay for them.
    path_pass(most.start_wall_points, lines)
    for run in range(runs):
        order = list(builds) if run % 2 == 0 else list(builds)[::-1]
        answers = []
        for name in order:
            seconds, again, points = walls_pass(builds[name], walls)
            cold[name].append(seconds)
            hits[name].append(again)
            answers.append(points)
        if answers[0] != answers[1]:
            sys.exit("the two builds give different points")
        for name in (*order, "constant"):
            old.clear_caches()
            most.clear_caches()
            # What the path calls for a start wall: start_wall_points, or an old build's
            # most_wall_points where it has none.
            module = builds.get(name)
            maximum = (
                getattr(module, "start_wall_points", module.most_wall_points)
                if module is not None
                else lambda _: 10**6
            )
            through_path[name].append(path_pass(maximum, lines))
    vars(plainrounds)["start_wall_points"] = most.start_wall_points
    cold_median = {k: statistics.median(v) for k, v in cold.items()}
    hit_median = {k: statistics.median(v) for k, v in hits.items()}
    for name in builds:
        per = 1e6 / len(walls)
        print(
            f"  {name}: cold {cold_median[name] * per:.2f} µs a wall,"
            f" hits {hit_median[name] * per:.2f} µs,"
            f" misses {(cold_median[name] - hit_median[name]) * 1e3:.0f} ms in all"
        )
    misses = {k: cold_median[k] - hit_median[k] for k in builds}
    print(
        f"  new / old: cold {cold_median['new'] / cold_median['old']:.2f}, hits "
        f"{hit_median['new'] / hit_median['old']:.2f}, misses {misses['new'] / misses['old']:.2f}"
    )
    per_line = {k: statistics.median(v) for k, v in through_path.items()}
    cost = {k: per_line[k] - per_line["constant"] for k in builds}
    kept = {k: per_line["constant"] / per_line[k] for k in builds}
    print(
        f"  path: {per_line['old']:.1f} / {per_line['new']:.1f} / {per_line['constant']:.1f} µs a"
        f" line (old / new / a constant); the maximum's cost a line {cost['old']:.1f} → "
        f"{cost['new']:.1f} µs ({cost['new'] / cost['old']:.2f}); path throughput kept "
        f"{kept['old']:.3f} → {kept['new']:.3f}"
    )


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:4]))
