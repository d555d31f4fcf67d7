"""The repository's paths and its example documents, each checked once for all the tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from scorecheck.api import check_text
from scorecheck.core.documents import Document
from scorecheck.core.results import Report
from scorecheck.load import load_bytes
from scorecheck.report.yamlfmt import document_data

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"
GOLDEN = ROOT / "tests" / "golden"  # one layout: golden/LANG/EXAMPLE.FORMAT
CHECK_SUFFIX = "check.txt"  # check's text report; explain.txt, svg and html beside it


def golden_path(example: Path, suffix: str, language: str) -> Path:
    """The golden file of an example in a format and a language."""
    return GOLDEN / language / f"{example.stem}.{suffix}"


def example_files() -> list[Path]:
    """The documents under examples/ (YAML and JSON), sorted by name."""
    return sorted(p for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".yml", ".json"))


@cache
def example_reports(example: Path) -> list[Report]:
    """The reports of an example, named as from the repository root (as the goldens are)."""
    return check_text(f"examples/{example.name}", example.read_bytes())


def page_data(path: Path) -> dict[str, Any]:
    """A one-document example as the page sends it: the document in the input format, as data."""
    [document] = list(load_bytes(path.name, path.read_bytes()))
    assert isinstance(document, Document), f"{path} is not a usable document"
    return document_data(document)
