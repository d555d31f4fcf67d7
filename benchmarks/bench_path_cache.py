"""The plain-round path's readings of wall rows and their pattern lines (ROWS_AND_LINES)
over a round archive: how many it keeps, how often a full cache is emptied, and what a line
costs, with the limit as shipped and with smaller ones.

Each limit runs the archive's lines through plain_round_report from an empty cache, in one
process (CPU time), after one untimed pass that fills the path's other caches. The reports
must come out byte for byte the same at every limit, or the script stops. Prints, a limit a
line: the readings kept at the end and at most, the times the cache was emptied, the lines
the path answered, and µs a line.

    python benchmarks/bench_path_cache.py [lines] [limit ...]
"""

from __future__ import annotations

import sys
import time

from common import archive, machine

from scorecheck import plainrounds


def main(count: int = 20_000, limits: tuple[int, ...] = ()) -> None:
    kept = plainrounds.ROWS_AND_LINES
    shipped = kept.limit
    lines = archive(count).read_bytes().splitlines()
    print(f"plain_round_report over {count:,} round lines, on {machine()}")
    for number, text in enumerate(lines, start=1):  # untimed: the path's other caches fill
        plainrounds.plain_round_report("archive.jsonl", number, text)
    reference: list[bytes | None] | None = None
    for limit in limits or (shipped, 1_000, 50, 7):
        kept.limit = limit
        kept.clear()
        reports: list[bytes | None] = []
        most = emptied = last = 0
        start = time.process_time()
        for number, text in enumerate(lines, start=1):
            answer = plainrounds.plain_round_report("archive.jsonl", number, text)
            reports.append(None if answer is None else answer[0])
            size = len(kept)
            emptied += size < last
            most = max(most, size)
            last = size
        per_line = (time.process_time() - start) / count * 1e6
        if reference is None:
            reference = reports
        elif reports != reference:
            sys.exit(f"limit {limit}: the reports differ from the first limit's")
        answered = sum(report is not None for report in reports)
        print(
            f"  limit {limit:,}{' (shipped)' if limit == shipped else ''}: {last:,} kept at the"
            f" end, {most:,} at most, emptied {emptied:,} times, {answered:,} lines answered,"
            f" {per_line:.1f} µs a line"
        )
    kept.limit = shipped


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:]]
    main(numbers[0] if numbers else 20_000, tuple(numbers[1:]))
