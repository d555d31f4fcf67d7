"""scorecheck: checks scores in the board game Azul (unofficial).

    import scorecheck
    for report in scorecheck.check_files(["examples/e1-round.yaml"]):
        print(report.ok, [v.message for v in report.violations])

The rules core (`scorecheck.core`) imports only the standard library; loading documents
needs pydantic and PyYAML, imported only when first used.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_LAZY = {
    "check_files": "scorecheck.api",
    "check_text": "scorecheck.api",
    "load_file": "scorecheck.load",
    "load_bytes": "scorecheck.load",
    "check": "scorecheck.core.check",
    "Report": "scorecheck.core",
}

__all__ = ["__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'scorecheck' has no attribute {name!r}")
