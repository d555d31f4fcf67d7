"""How long `scorecheck --help` takes in each language, against Python that only imports click.

click fixes help texts when the commands are defined, so cli.py translates them at import,
which loads scorecheck.i18n (and with it the rules core) but never pydantic. Each command runs
in a fresh interpreter RUNS times; the best and the median wall time are printed.

    python benchmarks/help_startup.py [SOURCE_DIR]   # SOURCE_DIR: another checkout to time
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

RUNS = 15
HELP = "from scorecheck.cli import main; main()"
CASES = {
    "python -c 'import click' (floor)": ("import click", []),
    "scorecheck --help": (HELP, ["--help"]),
    "scorecheck --help --lang ru": (HELP, ["--help", "--lang", "ru"]),
    "scorecheck explain --help --lang ja": (HELP, ["explain", "--help", "--lang", "ja"]),
}


def timed(code: str, args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", code, *args], env=env, check=False, stdout=subprocess.DEVNULL
    )
    return time.perf_counter() - start


def main() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    if len(sys.argv) > 1:
        env["PYTHONPATH"] = os.path.abspath(sys.argv[1])
    for name, (code, args) in CASES.items():
        times = [timed(code, args, env) * 1000 for _ in range(RUNS)]
        best, median = min(times), statistics.median(times)
        print(f"{name:<40} best {best:5.0f} ms   median {median:5.0f} ms")


if __name__ == "__main__":
    main()
