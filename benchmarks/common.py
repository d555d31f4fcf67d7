"""Shared by the benchmark scripts: the machine, the workloads' home, timing, medians."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from workload import BREAKS, write_archive

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
WORK = Path(tempfile.gettempdir()) / "scorecheck-benchmarks"
SCORECHECK = Path(sys.executable).parent / "scorecheck"  # the venv's console script


def machine() -> str:
    """nproc, CPU model and Python version, for the figures' context."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    # Which build of Python (its prefix): the same code runs 10-30% slower on pyenv's source
    # build (no PGO or LTO, libpython as a shared library) than on Debian's python3.11.
    return (
        f"{os.cpu_count()} cores ({model}), Python {platform.python_version()} "
        f"({sys.base_prefix}), load average {load:.2f} at start"
    )


def archive(count: int, seed: int = 7, broken_every: int = 0) -> Path:
    """The JSON Lines archive of count round documents (made once, then reused); with
    broken_every, the mixed one, every broken_every-th document breaking a table rule."""
    WORK.mkdir(exist_ok=True)
    # The mixed archive's name says how many kinds of broken document it holds.
    mixed = f"-broken{broken_every}-kinds{len(BREAKS)}" if broken_every else ""
    path = WORK / f"rounds-{count}-seed{seed}{mixed}.jsonl"
    if not path.exists():
        print(f"(writing {path.name} once: {count:,} round documents)", file=sys.stderr)
    return write_archive(path, count, seed, broken_every)


def run_seconds(command: Sequence[str | Path], stdout: int | None = subprocess.DEVNULL) -> float:
    """Wall-clock seconds of one run of a command (its exit code is not judged here)."""
    start = time.perf_counter()
    subprocess.run([str(c) for c in command], stdout=stdout, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def builds_and_counts(args: Sequence[str], old: str) -> tuple[dict[str, str], list[int]]:
    """The old builds and the counts of a comparison's command line: builds first, each
    `PATH` (labelled "old") or `LABEL=PATH` (a label holds no '/'), then whole numbers. `old`
    names what PATH is (a command, or a bin directory). Paths are kept as given: a command
    such as ./scorecheck must not become a name looked up on PATH."""
    builds: dict[str, str] = {}
    counts: list[int] = []
    for arg in args:
        if counts or arg.isdecimal():
            if not arg.isdecimal():
                raise SystemExit(f"builds come before the counts: {arg!r}")
            counts.append(int(arg))
            continue
        label, sign, path = arg.partition("=")
        if not sign or "/" in label:
            label, path = "old", arg
        if label == "new" or label in builds:
            raise SystemExit(f"give each old build a label of its own, not {label!r}")
        builds[label] = path
    if not builds:
        raise SystemExit(f"give at least one old build: {old}, or LABEL={old}")
    return builds, counts


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def spread(values: Sequence[float], unit: str = "", scale: float = 1.0) -> str:
    """'median 123 (min 120, max 140, n=9)'."""
    return (
        f"median {median(values) * scale:,.1f}{unit} (min {min(values) * scale:,.1f}, "
        f"max {max(values) * scale:,.1f}, n={len(values)})"
    )
