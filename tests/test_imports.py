"""Commands that do not need pydantic do not import it (it costs more than the rest together)."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

PROBE = """
import sys
from click.testing import CliRunner
import scorecheck.cli
result = CliRunner().invoke(scorecheck.cli.main, {args!r})
assert result.exit_code == 0, result.output
print(sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "pydantic_core")))
"""


def modules_after(*args: str) -> str:
    """The pydantic modules imported by a fresh interpreter that runs one command."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=list(args))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_importing_the_command_line_and_version_do_not_import_pydantic() -> None:
    assert modules_after("--version") == "[]"


def test_help_does_not_import_pydantic() -> None:
    assert modules_after("--help") == "[]"
    assert modules_after("check", "--help") == "[]"


def test_schema_does_not_import_pydantic() -> None:
    assert modules_after("schema") == "[]"


def test_the_shipped_schema_is_the_one_the_models_generate() -> None:
    """If this fails, regenerate it: python -c 'import json, scorecheck.load as l;
    print(json.dumps(l.schema(), indent=2, ensure_ascii=False))' > scorecheck/schema.json"""
    from click.testing import CliRunner

    from scorecheck.cli import SCHEMA_FILE, main
    from scorecheck.load import schema

    printed = CliRunner().invoke(main, ["schema"]).output
    shipped = (ROOT / "scorecheck" / SCHEMA_FILE).read_text(encoding="utf-8")
    assert printed == shipped == json.dumps(schema(), indent=2, ensure_ascii=False) + "\n"
