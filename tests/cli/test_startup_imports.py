"""Commands import only what they need: pydantic (it costs more than the rest together) only to
explain a broken document, the checker only to check, the process pool only for many chunks."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

import scorecheck.core
from tests.support.examples import ROOT

PROBE = """
import sys
from click.testing import CliRunner
import scorecheck.cli
result = CliRunner().invoke(scorecheck.cli.main, {args!r})
assert result.exit_code in (0, 1, 2), result.output  # a report, not a crash
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


def test_checking_valid_documents_does_not_import_pydantic() -> None:
    """Valid documents take the fast path; pydantic is needed only to explain a broken one."""
    examples = sorted(str(p) for p in (ROOT / "examples").glob("*.yaml"))
    assert len(examples) >= 5
    assert modules_after("check", *examples) == "[]"
    assert modules_after("check", "--format", "json", *examples) == "[]"


def test_a_broken_document_imports_pydantic_to_explain_itself(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: round\nplayers: [{score: -1}]\n", encoding="utf-8")
    assert "pydantic.main" in modules_after("check", str(broken)).replace("'", "")


RUN = """
import json, sys
from scorecheck.cli import main
sys.argv = ["scorecheck", *{args!r}]
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def imported_by(*args: str) -> set[str]:
    """Every module a fresh interpreter has imported once it has run one command: without the
    site module (-S), so that an editable install's finder (it imports pathlib) is not counted,
    as an installed build has none; the packages' folder is given instead."""
    packages = os.path.dirname(os.path.dirname(click.__file__))
    done = subprocess.run(
        [sys.executable, "-S", "-c", RUN.format(args=list(args))],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), packages])},
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


CHECKER = {
    "scorecheck.core.check",
    "scorecheck.core.claims",
    "scorecheck.core.collector",
    "scorecheck.core.endgame",
    "scorecheck.core.table",
    "scorecheck.core.documents",
    "scorecheck.core.replay",
    "scorecheck.core.results",
}


def test_version_and_help_import_no_checker() -> None:
    """The core's package imports its names when asked for: the CLI's start needs a few."""
    for args in (["--version"], ["--help"]):
        modules = imported_by(*args)
        assert "scorecheck.core.tiles" in modules and not modules & CHECKER, args
        assert "pathlib" not in modules, args  # ~3 ms: the catalogues are found with os.path


def test_checking_one_file_starts_no_pool() -> None:
    modules = imported_by("check", str(ROOT / "examples" / "e1-round.yaml"))
    assert modules >= CHECKER and "scorecheck.chunks" in modules
    assert not modules & {"scorecheck.pool", "multiprocessing", "signal", "pathlib"}


def test_the_core_names_each_public_name_from_its_module() -> None:
    """scorecheck.core's lazy names are the objects its TYPE_CHECKING imports name."""
    tree = ast.parse(Path(scorecheck.core.__file__).read_text(encoding="utf-8"))
    [block] = [node for node in tree.body if isinstance(node, ast.If)]
    declared = {
        alias.name: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }
    assert sorted(declared) == sorted(scorecheck.core.__all__) and len(declared) > 30
    for name, module in declared.items():
        assert getattr(scorecheck.core, name) is getattr(importlib.import_module(module), name)
    with pytest.raises(AttributeError):
        _ = scorecheck.core.nothing
