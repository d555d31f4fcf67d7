"""Cold start: checking one small file against `python -c "import click, yaml, pydantic"`.

Runs the commands in turn, round after round (so that a busy moment on the machine hits
all of them), and prints the medians and their ratio; the issue asks for at most 1.5. Also
times --version, --help and schema, which must not import pydantic at all.

The package is byte-compiled first, as `pip install` does: a fresh process then reads
bytecode, as the baseline's click, yaml and pydantic do from site-packages. (With
PYTHONDONTWRITEBYTECODE set and no bytecode, every start would compile scorecheck's sources.)

    python benchmarks/bench_cold.py [runs]
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

from common import EXAMPLES, ROOT, SCORECHECK, machine, median, run_seconds, spread

LIMIT = 1.5


def main(runs: int = 21) -> None:
    compileall.compile_dir(ROOT / "scorecheck", quiet=1)
    print(f"cold start, {runs} runs each, on {machine()}")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("  (PYTHONDONTWRITEBYTECODE is set: the bytecode compiled above is only read)")
    baseline_command: list[str | Path] = [sys.executable, "-c", "import click, yaml, pydantic"]
    commands: dict[str, list[str | Path]] = {
        "import click, yaml, pydantic": baseline_command,
        "check examples/e1-round.yaml": [SCORECHECK, "check", EXAMPLES / "e1-round.yaml"],
        "check examples/game-4p.yaml": [SCORECHECK, "check", EXAMPLES / "game-4p.yaml"],
        "check examples/grey-round.yaml": [SCORECHECK, "check", EXAMPLES / "grey-round.yaml"],
        "--version": [SCORECHECK, "--version"],
        "--help": [SCORECHECK, "--help"],
        "schema": [SCORECHECK, "schema"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the disk cache once, unmeasured
        run_seconds(command)
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(run_seconds(command))
    base = median(times["import click, yaml, pydantic"])
    for name, values in times.items():
        ratio = median(values) / base
        print(f"  {name:<32} {spread(values, ' ms', 1000)}   ratio {ratio:.2f}")
    worst = max(median(times[n]) for n in commands if n.startswith("check")) / base
    verdict = "meets" if worst <= LIMIT else "MISSES"
    print(f"cold-start ratio (worst small file): {worst:.2f} — {verdict} the limit of {LIMIT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 21)
