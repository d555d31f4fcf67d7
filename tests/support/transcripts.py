"""Console transcripts in Markdown, produced by running scorecheck, never typed by hand.

In a ```console block, each line starting with '$ ' is a command; the lines after it, up to
the next command, are its output. Commands: `scorecheck ...` (run in-process, from the
repository root), `cat FILE`, and `echo $?` (the last scorecheck exit code).

    python -m tests.support.transcripts docs/errors.md     # rewrite the outputs in place
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

from click.testing import CliRunner

from scorecheck.cli import main

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"(```console\n)(.*?)(```)", re.DOTALL)


def run(commands: list[str]) -> list[str]:
    """The transcript lines of some commands: each command, then what it printed."""
    lines, status = [], 0
    for command in commands:
        lines.append(f"$ {command}")
        words = shlex.split(command)
        if words[0] == "scorecheck":
            # English unless a command says --lang, whatever the developer's locale.
            english = {"LANG": "C", "LC_ALL": "", "LC_MESSAGES": ""}
            result = CliRunner(env=english).invoke(main, words[1:])
            status = result.exit_code
            output = result.output
        elif words[0] == "cat":
            output = (ROOT / words[1]).read_text(encoding="utf-8")
        elif command == "echo $?":
            output = f"{status}\n"
        else:
            raise ValueError(f"transcripts run only scorecheck, cat and echo $?: {command}")
        lines += output.rstrip("\n").split("\n") if output else []
    return lines


def render(markdown: str) -> str:
    """The Markdown with every console block's outputs produced afresh."""
    cwd = os.getcwd()
    os.chdir(ROOT)  # commands name files relative to the repository root
    try:

        def fill(match: re.Match[str]) -> str:
            commands = [line[2:] for line in match.group(2).splitlines() if line.startswith("$ ")]
            return match.group(1) + "\n".join(run(commands)) + "\n" + match.group(3)

        return BLOCK.sub(fill, markdown)
    finally:
        os.chdir(cwd)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        path = Path(name)
        path.write_text(render(path.read_text(encoding="utf-8")), encoding="utf-8")
