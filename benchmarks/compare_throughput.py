"""Throughput of scorecheck builds side by side: round documents per second.

Runs `OLD check --format json --jobs N ARCHIVE` for each old build and the same with this
venv's scorecheck in turn, several times for --jobs 1 and 2, on the seeded archive of
bench_throughput.py and on its mixed archive (every tenth document breaking a table rule),
output to /dev/null; prints the medians, new / each old one, and each build's mixed /
clean. Old builds are given as their scorecheck command, labelled `LABEL=COMMAND` when more
than one.

    python benchmarks/compare_throughput.py OLD_COMMAND [documents] [runs]
    python benchmarks/compare_throughput.py old=OLD before=OTHER [documents] [runs]
"""

from __future__ import annotations

import sys

from common import SCORECHECK, archive, builds_and_counts, machine, median, run_seconds, spread


def main(old: dict[str, str], count: int = 20_000, runs: int = 5) -> None:
    paths = {"clean": archive(count), "mixed": archive(count, broken_every=10)}
    print(f"throughput, {count:,} round documents, {runs} runs each, on {machine()}")
    commands = {**old, "new": str(SCORECHECK)}
    for label, command in commands.items():
        print(f"  {label}: {command}")
    rates: dict[tuple[str, str, int], list[float]] = {}
    for _ in range(runs):
        for jobs in (1, 2):
            for kind, path in paths.items():
                for label, command in commands.items():
                    seconds = run_seconds(
                        [command, "check", "--format", "json", "--jobs", str(jobs), path]
                    )
                    rates.setdefault((kind, label, jobs), []).append(count / seconds)
    for jobs in (1, 2):
        for kind in paths:
            for label in commands:
                figures = spread(rates[kind, label, jobs], " rounds/s")
                print(f"  {kind} {label} --jobs {jobs}: {figures}")
            for label in old:
                ratio = median(rates[kind, "new", jobs]) / median(rates[kind, label, jobs])
                print(f"  {kind} --jobs {jobs}: new / {label} = {ratio:.3f}")
        for label in commands:
            mixed = median(rates["mixed", label, jobs]) / median(rates["clean", label, jobs])
            print(f"  {label} --jobs {jobs}: mixed / clean = {mixed:.3f}")


if __name__ == "__main__":
    builds, counts = builds_and_counts(sys.argv[1:], "OLD_COMMAND")
    main(builds, *counts[:2])
