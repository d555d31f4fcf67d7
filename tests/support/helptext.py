"""--help as a user gets it: in a fresh process, because cli.py fixes its help texts (and
their language) when it is imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.support.examples import ROOT

SEPARATOR = "\x00"  # between the outputs of several commands; no help text holds it

# Runs each command line as `scorecheck ARGS`; the first one's is the command line cli.py is
# imported with. Says on standard error whether pydantic was imported (--help must not).
HELP_PROBE = f"""
import json, sys
for n, args in enumerate(json.loads(sys.argv[1])):
    sys.argv = ["scorecheck", *args]
    if n == 0:
        from scorecheck.cli import main
    else:
        print({SEPARATOR!r}, flush=True)
    try:
        main()
    except SystemExit:
        pass
print("pydantic" in sys.modules, file=sys.stderr)
"""


def run_helps(
    *commands: list[str], env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Several command lines in one fresh process (their help texts in the language the first
    one sets at import): their outputs in standard output, SEPARATOR between them."""
    clean = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run(
        [sys.executable, "-c", HELP_PROBE, json.dumps(commands)],
        env={**clean, **(env or {})},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )


def run_help(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """One command line (`scorecheck ARGS`, a --help) in a fresh process."""
    return run_helps(list(args), env=env)
