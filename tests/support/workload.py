"""benchmarks/workload.py, the benchmarks' documents, for tests that check what they check."""

from __future__ import annotations

import sys
from typing import Any

from tests.support.examples import ROOT


def workload() -> Any:
    """The module benchmarks/workload.py (outside the package: imported from its folder)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import workload  # benchmarks/ (mypy_path)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return workload
