"""The layers import one way only: core uses the standard library, only load uses pydantic and
PyYAML, only the CLI uses click."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorecheck"


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_core_imports_only_the_standard_library_and_itself() -> None:
    for path in (PACKAGE / "core").rglob("*.py"):
        foreign = imported_roots(path) - set(sys.stdlib_module_names) - {"scorecheck"}
        assert not foreign, f"{path.name} imports {foreign}"
        text = path.read_text()
        for edge in ("scorecheck.load", "scorecheck.report", "scorecheck.cli"):
            assert edge not in text, f"{path.name} reaches out to {edge}"


def test_only_the_input_edge_imports_pydantic_and_yaml() -> None:
    for path in modules():
        uses = imported_roots(path) & {"pydantic", "pydantic_core", "yaml"}
        if uses:
            assert path.parent.name == "load", f"{path} imports {uses}"


def test_only_the_cli_imports_click() -> None:
    for path in modules():
        if "click" in imported_roots(path):
            assert path.name == "cli.py", f"{path} imports click"
