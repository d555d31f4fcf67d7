"""Throughput of two scorecheck commands side by side: round documents per second.

Runs `OLD check --format json --jobs N ARCHIVE` and the same with this checkout's
scorecheck in turn, several times for --jobs 1 and 2, on the seeded archive of
bench_throughput.py, output to /dev/null; prints the medians and new / old.

    python benchmarks/compare_throughput.py OLD_COMMAND [documents] [runs]
"""

from __future__ import annotations

import sys

from common import SCORECHECK, archive, machine, median, run_seconds, spread


def main(old: str, count: int = 20_000, runs: int = 5) -> None:
    path = archive(count)
    print(f"throughput, {count:,} round documents, {runs} runs each, on {machine()}")
    commands = {"old": old, "new": str(SCORECHECK)}
    rates: dict[tuple[str, int], list[float]] = {}
    for _ in range(runs):
        for jobs in (1, 2):
            for label, command in commands.items():
                seconds = run_seconds(
                    [command, "check", "--format", "json", "--jobs", str(jobs), path]
                )
                rates.setdefault((label, jobs), []).append(count / seconds)
    for jobs in (1, 2):
        for label in commands:
            print(f"  {label} --jobs {jobs}: {spread(rates[label, jobs], ' rounds/s')}")
        ratio = median(rates["new", jobs]) / median(rates["old", jobs])
        print(f"  --jobs {jobs}: new / old = {ratio:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:4]))
