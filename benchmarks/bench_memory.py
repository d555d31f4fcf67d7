"""Memory: peak resident memory while checking a 100,000-line archive.

Runs `scorecheck check --format json --jobs N` on the archive and samples every process of
the run (the command and its workers) from /proc every few milliseconds. Prints the peak of
their summed resident memory, and, as an upper bound, the sum of each process's own peak
(VmHWM). The issue asks for under 150 MB.

    python benchmarks/bench_memory.py [documents] [runs]
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from common import SCORECHECK, archive, machine, median

LIMIT_MB = 150


def _status(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return dict(line.split(":", 1) for line in text.splitlines() if ":" in line)


def _kb(value: str) -> int:
    return int(value.split()[0]) if value else 0


def _tree(root: int) -> list[int]:
    """The process and its descendants, found through /proc's parent links."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            ppid = _kb(_status(int(entry.name)).get("PPid", ""))
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def measure(path: Path, jobs: int) -> tuple[float, float]:
    """(peak of the summed RSS, sum of per-process peaks), in MB, for one run."""
    process = subprocess.Popen(
        [SCORECHECK, "check", "--format", "json", "--jobs", str(jobs), path],
        stdout=subprocess.DEVNULL,
    )
    peak_sum = 0
    peaks: dict[int, int] = {}
    while process.poll() is None:
        total = 0
        for pid in _tree(process.pid):
            status = _status(pid)
            total += _kb(status.get("VmRSS", ""))
            peaks[pid] = max(peaks.get(pid, 0), _kb(status.get("VmHWM", "")))
        peak_sum = max(peak_sum, total)
        time.sleep(0.005)
    return peak_sum / 1024, sum(peaks.values()) / 1024


def main(count: int = 100_000, runs: int = 3) -> None:
    path = archive(count)
    print(f"memory, {count:,}-line archive ({path.stat().st_size / 1e6:.0f} MB), on {machine()}")
    for jobs in (2, 1):
        results = [measure(path, jobs) for _ in range(runs)]
        sums = [r[0] for r in results]
        bounds = [r[1] for r in results]
        print(
            f"  --jobs {jobs}: peak of summed RSS median {median(sums):.0f} MB "
            f"(max {max(sums):.0f}); sum of per-process peaks median {median(bounds):.0f} MB "
            f"(max {max(bounds):.0f}), n={runs}"
        )
        if jobs == 2:
            worst = max(bounds)
    verdict = "meets" if worst < LIMIT_MB else "MISSES"
    print(
        f"peak memory with --jobs 2 (upper bound): {worst:.0f} MB — {verdict} the limit of "
        f"{LIMIT_MB} MB"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
