"""CPU time of scorecheck builds side by side: what a round document costs, clean and mixed.

Like compare_throughput.py (the same seeded archives, the builds run alternately), but timed
by the CPU seconds the run's processes took (user + system, from the kernel's accounting of
children), not by the clock: on a shared machine whose load swamps the clock, CPU time still
says what a document costs. Prints µs a document, new / old, and each build's mixed / clean
as a rate (clean cost / mixed cost), medians of the runs.

    python benchmarks/compare_cpu.py OLD_COMMAND [documents] [runs]
"""

from __future__ import annotations

import resource
import subprocess
import sys

from common import SCORECHECK, archive, builds_and_counts, machine, median, spread


def cpu_seconds(command: list[str]) -> float:
    """User + system CPU seconds of one run of a command and the processes it started."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(old: dict[str, str], count: int = 20_000, runs: int = 5) -> None:
    paths = {"clean": archive(count), "mixed": archive(count, broken_every=10)}
    print(f"CPU time, {count:,} round documents, {runs} runs each, on {machine()}")
    commands = {**old, "new": str(SCORECHECK)}
    for label, command in commands.items():
        print(f"  {label}: {command}")
    costs: dict[tuple[str, str, int], list[float]] = {}
    for _ in range(runs):
        for jobs in (1, 2):
            for kind, path in paths.items():
                for label, command in commands.items():
                    args = [command, "check", "--format", "json", "--jobs", str(jobs), str(path)]
                    costs.setdefault((kind, label, jobs), []).append(
                        cpu_seconds(args) / count * 1e6
                    )
    for jobs in (1, 2):
        for kind in paths:
            for label in commands:
                print(f"  {kind} {label} --jobs {jobs}: {spread(costs[kind, label, jobs], ' µs')}")
            for label in old:
                ratio = median(costs[kind, label, jobs]) / median(costs[kind, "new", jobs])
                print(f"  {kind} --jobs {jobs}: new rate / {label} rate = {ratio:.3f}")
        for label in commands:
            rate = median(costs["clean", label, jobs]) / median(costs["mixed", label, jobs])
            print(f"  {label} --jobs {jobs}: mixed / clean (rates) = {rate:.3f}")


if __name__ == "__main__":
    builds, counts = builds_and_counts(sys.argv[1:], "OLD_COMMAND")
    main(builds, *counts[:2])
