"""Throughput: round documents per second, JSON Lines in and JSON Lines out.

Checks a seeded archive of round documents (2 to 4 players each; see workload.py) with
`scorecheck check --format json --jobs N`, output to /dev/null, several times for --jobs 2
and --jobs 1 in turn; prints the median rate of each and their ratio. The issue asks for
at least 20,000 rounds per second with --jobs 2 on a 2-core machine.

The mixed archive (workload.py, every tenth document breaking a table rule, as hand-kept
archives do) runs in the same loop, right after the clean one; its rate is given as a ratio
to the clean rate of the same run (issue 19 asks for 0.85 or more).

    python benchmarks/bench_throughput.py [documents] [runs]
"""

from __future__ import annotations

import compileall
import resource
import subprocess
import sys
from pathlib import Path

from common import ROOT, SCORECHECK, archive, machine, median, run_seconds, spread

TARGET = 20_000


def cpu_seconds() -> float:
    """User and system time of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


MIXED_TARGET = 0.85
BROKEN_EVERY = 10


def main(count: int = 100_000, runs: int = 5) -> None:
    compileall.compile_dir(ROOT / "scorecheck", quiet=1)  # as pip install does (see bench_cold)
    path = archive(count)
    mixed = archive(count, broken_every=BROKEN_EVERY)
    print(f"throughput, {count:,} round documents, {runs} runs each, on {machine()}")
    done = subprocess.run(
        [SCORECHECK, "check", "--format", "json", "--jobs", "2", path],
        capture_output=True,
        text=True,
    )
    lines = done.stdout.count("\n")
    assert lines == count, f"expected {count} reports, got {lines}"
    rates: dict[int, list[float]] = {2: [], 1: []}
    cpu: dict[int, list[float]] = {2: [], 1: []}
    mixed_rates: dict[int, list[float]] = {2: [], 1: []}
    ratios: dict[int, list[float]] = {2: [], 1: []}  # mixed / clean, run by run
    for _ in range(runs):
        for jobs in rates:
            command: list[str | Path] = [
                SCORECHECK,
                "check",
                "--format",
                "json",
                "--jobs",
                str(jobs),
            ]
            before = cpu_seconds()
            seconds = run_seconds([*command, path])
            cpu[jobs].append((cpu_seconds() - before) / count * 1e6)
            rates[jobs].append(count / seconds)
            mixed_rates[jobs].append(count / run_seconds([*command, mixed]))
            ratios[jobs].append(mixed_rates[jobs][-1] / rates[jobs][-1])
    for jobs, values in rates.items():
        print(f"  --jobs {jobs}: {spread(values, ' rounds/s')}")
        print(f"            CPU time per document (all processes): {spread(cpu[jobs], ' µs')}")
        print(f"            mixed archive (1 in {BROKEN_EVERY} broken): ", end="")
        print(spread(mixed_rates[jobs], " rounds/s"))
        ratio = ratios[jobs]
        verdict = "meets" if median(ratio) >= MIXED_TARGET else "MISSES"
        print(
            f"            mixed / clean: median {median(ratio):.3f} (min {min(ratio):.3f}, "
            f"max {max(ratio):.3f}) — {verdict} {MIXED_TARGET}"
        )
    speedup = median(rates[2]) / median(rates[1])
    verdict = "meets" if median(rates[2]) >= TARGET else "MISSES"
    print(
        f"rounds per second with --jobs 2: {median(rates[2]):,.0f} — {verdict} the target of "
        f"{TARGET:,}; --jobs 2 / --jobs 1 = {speedup:.2f}"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
