"""Builds side by side, in one run: cold start, placements per second, peak memory.

OLD_BIN is the bin directory of a venv holding an old build (installed, not editable),
labelled `LABEL=OLD_BIN` when more than one is given; the new build is this script's
venv. Each measurement alternates the builds, run after run, so a busy moment on the shared
machine hits all of them; it prints the medians, their spread and new / each old one:

- cold start: `scorecheck check FILE` on a small round document and a four-player game
  record, and `scorecheck --version` (wall-clock seconds of the whole process);
- placements per second: bench_core.py run by each build's Python (score_placement, warm);
- peak memory: bench_memory.py's summed resident memory of `check --jobs 2` on an archive.

    python benchmarks/compare_builds.py OLD_BIN [runs] [archive lines]
    python benchmarks/compare_builds.py old=OLD_BIN before=OTHER_BIN [runs] [archive lines]
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from common import EXAMPLES, SCORECHECK, builds_and_counts, machine, median, run_seconds, spread

HERE = Path(__file__).resolve().parent
_PEAK = "--jobs 2: peak of summed RSS median"  # bench_memory's line for the summed peak


def _figure(python: Path, script: str, pattern: str, *args: str) -> float:
    """The first number after `pattern` in a benchmark script's output, run by `python`."""
    done = subprocess.run(
        [str(python), str(HERE / script), *args], capture_output=True, text=True, cwd="/"
    )
    found = re.search(pattern + r"[^0-9]*([0-9][0-9,.]*)", done.stdout)
    if found is None:
        raise SystemExit(f"{script} printed no {pattern!r}:\n{done.stdout}\n{done.stderr}")
    return float(found.group(1).replace(",", ""))


def main(old: dict[str, str], runs: int = 11, lines: int = 100_000) -> None:
    builds = {**{label: Path(bin_dir) for label, bin_dir in old.items()}, "new": SCORECHECK.parent}
    print(f"{runs} runs, on {machine()}")
    for label, bin_dir in builds.items():
        print(f"  {label}: {bin_dir}")
    cold = {
        "check e1-round.yaml": ["check", str(EXAMPLES / "e1-round.yaml")],
        "check game-4p.yaml": ["check", str(EXAMPLES / "game-4p.yaml")],
        "--version": ["--version"],
    }
    seconds: dict[tuple[str, str], list[float]] = {}
    for _ in range(runs):
        for what, args in cold.items():
            for label, bin_dir in builds.items():
                seconds.setdefault((what, label), []).append(
                    run_seconds([bin_dir / "scorecheck", *args])
                )
    for what in cold:
        for label in builds:
            print(f"  {what} {label}: {spread(seconds[what, label], ' ms', 1000)}")
        for label in old:
            ratio = median(seconds[what, "new"]) / median(seconds[what, label])
            print(f"  {what}: new / {label} = {ratio:.3f}")
    slow: dict[str, dict[str, list[float]]] = {"placements/s": {}, "peak MB": {}}
    for _ in range(max(3, runs // 3)):
        for label, bin_dir in builds.items():
            python = bin_dir / "python"
            slow["placements/s"].setdefault(label, []).append(
                _figure(python, "bench_core.py", "warm: median", "5000", "3")
            )
            slow["peak MB"].setdefault(label, []).append(
                _figure(python, "bench_memory.py", _PEAK, str(lines), "1")
            )
    for what, figures in slow.items():
        for label in builds:
            print(f"  {what} {label}: {spread(figures[label])}")
        for label in old:
            ratio = median(figures["new"]) / median(figures[label])
            print(f"  {what}: new / {label} = {ratio:.3f}")


if __name__ == "__main__":
    builds, counts = builds_and_counts(sys.argv[1:], "OLD_BIN")
    main(builds, *counts[:2])
