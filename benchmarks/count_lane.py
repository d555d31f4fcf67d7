"""Instructions a round document costs, for builds side by side: clean and each broken kind.

Counts with valgrind's cachegrind, so the figure is the same whatever else the machine is
doing. Each source tree (a checkout's top folder, its `scorecheck/` imported from there) checks
the first lines of an archive as a JSON Lines run's worker does (`chunks.check_chunk`: the
express lane, or the general path for a line the lane leaves), in two processes under
valgrind: one warm-up pass only, and the warm-up then `passes` more. The difference, over `passes` x lines, is what a
document costs with the caches warm, start-up and imports left out. The collector is frozen and
off, as in a worker. Prints instructions a document and each build's ratio to the first.

    python benchmarks/count_lane.py LABEL=TREE... [lines] [passes]

The archives are bench_throughput's (workload.py): the clean one, and for each kind of broken
document (workload.BREAKS), an archive of that kind alone.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from common import ROOT, archive, machine
from workload import BREAKS, round_document

_RUN = """
import gc, sys
sys.path.insert(0, {tree!r})
from scorecheck.chunks import Options, check_chunk
from scorecheck.express import express_line
from scorecheck.inputs import LineUnit
lines = open({path!r}, 'rb').read().splitlines()[:{lines}]
units = [LineUnit('a.jsonl', n, data) for n, data in enumerate(lines, 1)]
options = Options(fmt='json', jsonl=True)
left = sum(express_line(*u) is None for u in units)
gc.collect(); gc.freeze(); gc.disable()
for p in range({passes}):
    check_chunk(units, options)
print(left)
"""


def instructions(tree: str, path: Path, lines: int, passes: int) -> tuple[int, int]:
    """Instructions cachegrind counts for `passes` passes over the lines, and how many of the
    lines leave the lane."""
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "cg.out")
        code = _RUN.format(tree=tree, path=str(path), lines=lines, passes=passes)
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
             sys.executable, "-c", code],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        if done.returncode:
            raise SystemExit(f"{tree}: {done.stderr[-2000:]}")
        summary = re.search(r"^summary: (\d+)", Path(out).read_text(), re.MULTILINE)
        assert summary is not None, "cachegrind wrote no summary"
        return int(summary.group(1)), int(done.stdout.split()[-1])


def per_document(tree: str, path: Path, lines: int, passes: int) -> tuple[float, int]:
    """Instructions a document, caches warm ((warm-up + passes) less the warm-up alone), and
    the lines that leave the lane."""
    total, left = instructions(tree, path, lines, 1 + passes)
    warm_up, _ = instructions(tree, path, lines, 1)
    return (total - warm_up) / (passes * lines), left


def broken_archive(kind: str, lines: int) -> Path:
    """An archive of `lines` documents that each break one rule of the table, of one kind."""
    import random

    path = Path(tempfile.gettempdir()) / "scorecheck-benchmarks" / f"broken-{kind.replace(' ', '-')}-{lines}.jsonl"
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        rng = random.Random(11)
        with open(path, "w", encoding="utf-8") as out:
            for _ in range(lines):
                out.write(json.dumps(round_document(rng, kind), separators=(",", ":")) + "\n")
    return path


def main(trees: dict[str, str], lines: int = 2_000, passes: int = 3) -> None:
    print(f"Instructions a document in the lane, {lines:,} lines, {passes} passes, on {machine()}")
    archives = {"clean": archive(20_000)} | {kind: broken_archive(kind, lines) for kind in BREAKS}
    first = next(iter(trees))
    clean: dict[str, float] = {}
    print("| archive | " + " | ".join(trees) + " | " + " | ".join(f"{t} / {first}" for t in list(trees)[1:]) + " |")
    for kind, path in archives.items():
        measured = {label: per_document(tree, path, lines, passes) for label, tree in trees.items()}
        counts = {label: cost for label, (cost, _) in measured.items()}
        if kind == "clean":
            clean = counts
        row = [
            f"{counts[label]:,.0f}"
            + ("" if kind == "clean" else f" ({counts[label] / clean[label]:.2f}x)")
            + (f", {measured[label][1]} off the lane" if measured[label][1] else "")
            for label in trees
        ]
        ratios = [f"{counts[t] / counts[first]:.3f}" for t in list(trees)[1:]]
        print(f"| {kind} | " + " | ".join(row + ratios) + " |", flush=True)


if __name__ == "__main__":
    named = [a for a in sys.argv[1:] if "=" in a]
    numbers = [int(a) for a in sys.argv[1:] if "=" not in a]
    main(dict(a.split("=", 1) for a in named) or {"this": str(ROOT)}, *numbers)
