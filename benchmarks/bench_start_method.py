"""`scorecheck check --jobs 2` on a round archive, its pool's workers started each way.

The pool forks its workers in a process of one thread, as the CLI is (pool.start_method),
and starts them from a fork server in a process with threads of its own. Timed here by the
clock (what a user waits) and by the CPU time of every process of the run (this script is
their subreaper, so a fork server's workers are counted too), alternating run by run: this
build as the CLI runs it, this build with its pool's start method forced to forkserver and
to spawn, and old builds (a source tree, `git archive REV | tar -x -C /tmp/old`, run with
this venv's Python on PYTHONPATH). Prints medians with their min and max, for text and
JSON Lines reports.

    python benchmarks/bench_start_method.py [OLD_TREE | LABEL=OLD_TREE ...] [lines] [runs]
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

from common import WORK, archive, builds_and_counts, machine, median, spread

# The CLI in a -c script, its pool's start method forced when one is given.
HARNESS = """\
import sys
method = sys.argv.pop(1)
if method != "auto":
    from scorecheck import pool
    pool.start_method = lambda: method
from scorecheck.cli import main
sys.argv[0] = "scorecheck"
main()
"""


def subreaper() -> None:
    """Make this process the one that reaps every orphan among its descendants (Linux's
    PR_SET_CHILD_SUBREAPER), so that their CPU time counts in RUSAGE_CHILDREN."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:
        raise SystemExit(f"prctl(PR_SET_CHILD_SUBREAPER): {os.strerror(ctypes.get_errno())}")


def reap() -> None:
    """Wait for the run's orphans (a fork server outlives the command by a moment)."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def seconds(tree: str | None, method: str, fmt: str, path: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one check, standard output to /dev/null (a real
    file)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = tree
    command = [sys.executable, "-c", HARNESS, method, "check", "--jobs", "2", "--format", fmt]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # Run from the workloads' folder: `-c` puts the working directory first on sys.path.
    done = subprocess.run(
        [*command, path], stdout=subprocess.DEVNULL, env=env, cwd=WORK, check=False
    )
    elapsed = time.perf_counter() - start
    reap()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{tree or 'this build'} {method} {fmt}: exit {done.returncode}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return elapsed, cpu


def main(old: dict[str, str], count: int = 20_000, runs: int = 5) -> None:
    path = str(archive(count))
    print(f"check --jobs 2, {count:,} round documents, {runs} runs alternating, on {machine()}")
    variants: dict[str, tuple[str | None, str]] = {
        **{label: (tree, "auto") for label, tree in old.items()},
        "new": (None, "auto"),
        "new forkserver": (None, "forkserver"),
        "new spawn": (None, "spawn"),
    }
    subreaper()
    times: dict[tuple[str, str, str], list[float]] = {}
    for run in range(runs):
        order = list(variants) if run % 2 == 0 else list(variants)[::-1]
        for fmt in ("text", "json"):
            for label in order:
                tree, method = variants[label]
                elapsed, cpu = seconds(tree, method, fmt, path)
                times.setdefault((fmt, label, "clock"), []).append(elapsed)
                times.setdefault((fmt, label, "CPU"), []).append(cpu)
    for fmt in ("text", "json"):
        for kind in ("clock", "CPU"):
            for label in variants:
                print(f"  {fmt} {label}, {kind}: {spread(times[fmt, label, kind], ' ms', 1000.0)}")
            base = median(times[fmt, "new", kind])
            ratios = (f"{label} {median(times[fmt, label, kind]) / base:.2f}" for label in variants)
            print(f"  {fmt}, {kind} / new: {', '.join(ratios)}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if all(arg.isdecimal() for arg in args):  # no old build: this build's ways alone
        main({}, *(int(arg) for arg in args))
    else:
        builds, counts = builds_and_counts(args, "a source tree")
        main(builds, *counts)
