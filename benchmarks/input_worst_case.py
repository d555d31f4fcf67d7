"""How long scorecheck takes on the worst inputs that fit under the 1 MiB limit.

Each case is built in memory just under the limit and run through `check_text` (reading,
validation, checking) three times; the best time is printed. The node limits in
scorecheck/load/limits.py (20,000 keys and values a document, 50,000 a file) exist
because without them the first case took 50 s and 780 MB.

    python benchmarks/input_worst_case.py
"""

from __future__ import annotations

import time
from collections.abc import Callable

from scorecheck.api import check_text
from scorecheck.core.limits import DEFAULT_MAX_BYTES

LIMIT = DEFAULT_MAX_BYTES - 100


def repeat(head: str, item: str, tail: str, sep: str = ", ") -> str:
    """head + item, item, … + tail, as long as fits under the limit."""
    count = (LIMIT - len(head) - len(tail)) // (len(item) + len(sep))
    return head + sep.join([item] * count) + tail


FINAL = "kind: final\nplayers: [{score: 1, wall: [BYRKW, ....., ....., ....., .....]}]\n"
ROUND = '{Anna: {lines: ["B", "", "", "", ""], floor: ""}, Boris: {floor: "1"}}'

CASES: dict[str, Callable[[], tuple[str, str]]] = {
    "350,000 empty players (YAML)": lambda: (
        "t.yaml",
        repeat("kind: round\nplayers: [", "{}", "]\n", ","),
    ),
    "350,000 empty players (JSON)": lambda: (
        "t.json",
        repeat('{"kind": "round", "players": [', "{}", "]}", ","),
    ),
    "100,000 distinct keys": lambda: (
        "t.yaml",
        "kind: round\nplayers: [{"
        + ", ".join(f"k{i}: 1" for i in range(LIMIT // 10))[: LIMIT - 40]
        + "}]\n",
    ),
    "9,000 game rounds": lambda: (
        "t.yaml",
        repeat("kind: game\nplayers: [Anna, Boris]\nrounds: [", ROUND, "]\n", ",\n"),
    ),
    "13,000 documents": lambda: ("t.yaml", repeat("", FINAL, "", "---\n")),
    "1 MiB of '['": lambda: ("t.yaml", "kind: round\nplayers: " + "[" * (LIMIT - 30)),
    "one 1 MiB name": lambda: ("t.yaml", "kind: round\nplayers: [{name: " + "a" * LIMIT + "}]\n"),
    "1 MiB of comments, error at the end": lambda: (
        "t.yaml",
        "# padding, nothing more\n" * (LIMIT // 24 - 2) + "kind: round\nplayers: [\n",
    ),
    "15,000 values, error at the end (pure-Python reread)": lambda: (
        "t.yaml",
        "kind: round\nplayers:\n  - claimed: {points: ["
        + ", ".join(["1"] * 15_000)
        + "]}\n  bad: indentation\n",
    ),
}


def main() -> None:
    """Print the best of three times for each case, and what scorecheck reported."""
    print(f"{'case':<55} {'bytes':>9} {'best s':>7}  first problem")
    for name, build in CASES.items():
        file, text = build()
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            reports = check_text(file, text)
            best = min(best, time.perf_counter() - start)
        problems = [v for r in reports for v in r.violations]
        first = f"{problems[0].code} {problems[0].message[:50]}" if problems else "none"
        print(f"{name:<55} {len(text.encode()):>9,} {best:>7.2f}  {first}")


if __name__ == "__main__":
    main()
