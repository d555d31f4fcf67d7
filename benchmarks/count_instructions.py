"""Instructions a round document costs, for builds side by side: clean and each broken kind.

Counts with valgrind's cachegrind, so the figure is the same whatever else the machine is
doing. Each source tree (a checkout's top folder, its `scorecheck/` imported from there) checks
lines of an archive as a JSON Lines run's worker does (`chunks.check_chunk`: the plain-round path,
or the general path for a line the lane leaves). It checks `warm` lines first, as a long run
has filled its caches, then `lines` more, each once, as a run meets new documents; that run is
counted with and without the `lines`, and the difference over `lines` is a document's cost,
start-up and imports left out. The collector is frozen and off, as in a worker.

    python benchmarks/count_instructions.py LABEL=TREE... [lines] [warm]

The archives are bench_throughput's (workload.py): the clean one, its four-player documents,
and for each kind of broken document (workload.BREAKS) an archive of that kind alone.
"""

from __future__ import annotations

import itertools
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
try:
    from scorecheck.plainrounds import plain_round_report as express_line
except ImportError:  # a build before the module had its name
    from scorecheck.express import express_line
from scorecheck.inputs import LineUnit
lines = open({path!r}, 'rb').read().splitlines()[:{warm} + {lines}]
units = [LineUnit('a.jsonl', n, data) for n, data in enumerate(lines, 1)]
options = Options(fmt='json', jsonl=True)
check_chunk(units[:{warm}], options)
gc.collect(); gc.freeze(); gc.disable()
if not {count_left}:
    check_chunk(units[{warm}:{warm} + {count}], options)
if {count_left}:  # in a run of its own: the lane fills its caches as it goes
    print(sum(express_line(*u) is None for u in units[{warm}:]))
"""


def _code(tree: str, path: Path, warm: int, lines: int, count: int, count_left: bool) -> str:
    return _RUN.format(
        tree=tree, path=str(path), warm=warm, lines=lines, count=count, count_left=count_left
    )


def instructions(tree: str, path: Path, warm: int, lines: int, count: int) -> int:
    """Instructions cachegrind counts for a run that checks `count` of the lines after the warm
    ones."""
    with tempfile.TemporaryDirectory() as work:
        out = os.path.join(work, "cg.out")
        code = _code(tree, path, warm, lines, count, False)
        done = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out}",
                sys.executable,
                "-c",
                code,
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        if done.returncode:
            raise SystemExit(f"{tree}: {done.stderr[-2000:]}")
        summary = re.search(r"^summary: (\d+)", Path(out).read_text(), re.MULTILINE)
        assert summary is not None, "cachegrind wrote no summary"
        return int(summary.group(1))


def left_the_lane(tree: str, path: Path, warm: int, lines: int) -> int:
    """How many of the lines after the warm ones the lane leaves to the general path."""
    code = _code(tree, path, warm, lines, 0, True)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return int(done.stdout.split()[-1])


def per_document(tree: str, path: Path, warm: int, lines: int) -> tuple[float, int]:
    """Instructions a document met after `warm` others, and the lines that leave the lane."""
    total = instructions(tree, path, warm, lines, lines)
    warm_up = instructions(tree, path, warm, lines, 0)
    return (total - warm_up) / lines, left_the_lane(tree, path, warm, lines)


def broken_archive(kind: str, lines: int) -> Path:
    """An archive of `lines` documents that each break one rule of the table, of one kind."""
    import random

    path = (
        Path(tempfile.gettempdir())
        / "scorecheck-benchmarks"
        / f"broken-{kind.replace(' ', '-')}-{lines}.jsonl"
    )
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        rng = random.Random(11)
        with open(path, "w", encoding="utf-8") as out:
            for _ in range(lines):
                out.write(json.dumps(round_document(rng, kind), separators=(",", ":")) + "\n")
    return path


def four_player_archive(lines: int) -> Path:
    """The clean archive's documents of four players (workload.py's "too many tiles of a
    colour" always has four): what that kind of broken document costs is set against them."""
    path = Path(tempfile.gettempdir()) / "scorecheck-benchmarks" / f"clean-4-players-{lines}.jsonl"
    if not path.exists():
        with open(archive(20_000), "rb") as clean, open(path, "wb") as out:
            four = (line for line in clean if len(json.loads(line)["players"]) == 4)
            out.writelines(itertools.islice(four, lines))
    return path


def main(trees: dict[str, str], lines: int = 2_000, warm: int = 1_500) -> None:
    print(f"Instructions a document, {lines:,} lines after {warm:,}, on {machine()}")
    archives = {"clean": archive(20_000), "clean, 4 players": four_player_archive(warm + lines)}
    archives |= {kind: broken_archive(kind, warm + lines) for kind in BREAKS}
    first = next(iter(trees))
    clean: dict[str, float] = {}
    others = list(trees)[1:]
    header = ["archive", *trees, *(f"{label} / {first}" for label in others)]
    print("| " + " | ".join(header) + " |")
    for kind, path in archives.items():
        measured = {label: per_document(tree, path, warm, lines) for label, tree in trees.items()}
        counts = {label: cost for label, (cost, _) in measured.items()}
        if kind == "clean":
            clean = counts
        row = [
            f"{counts[label]:,.0f}"
            + ("" if kind == "clean" else f" ({counts[label] / clean[label]:.2f}x)")  # of clean
            + (f", {measured[label][1]} off the lane" if measured[label][1] else "")
            for label in trees
        ]
        ratios = [f"{counts[t] / counts[first]:.3f}" for t in others]
        print(f"| {kind} | " + " | ".join(row + ratios) + " |", flush=True)


if __name__ == "__main__":
    named = [a for a in sys.argv[1:] if "=" in a]
    numbers = [int(a) for a in sys.argv[1:] if "=" not in a]
    main(dict(a.split("=", 1) for a in named) or {"this": str(ROOT)}, *numbers)
