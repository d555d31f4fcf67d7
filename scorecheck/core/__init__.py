"""The pure rules core: domain values, scoring, replay and violations (standard library only).

Its names are imported when first asked for (`from scorecheck.core import Wall`), not with
the package: every start imports the package for the few modules the CLI and the languages
need (tiles, violations, documents), and `--version` or `--help` need no checker (eager
imports would cost every start: python -X importtime). The checker itself is
`scorecheck.core.check.check` (or `scorecheck.check`): `scorecheck.core.check` is its module,
whatever was imported first.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names for the type checker; at run time, __getattr__ below
    from scorecheck.core.codes import CODES, Code, Severity
    from scorecheck.core.documents import (
        Claims,
        Document,
        FinalDocument,
        FinalPlayer,
        GameDocument,
        GameEntry,
        RoundDocument,
        RoundPlayer,
    )
    from scorecheck.core.replay import Placement, Tiling, tile_board
    from scorecheck.core.results import FinalResult, PlayerFinal, Report, RoundResult
    from scorecheck.core.scoring import (
        Decider,
        EndBonus,
        FloorScore,
        PlacementScore,
        Ranking,
        Standing,
        rank,
        score_placement,
    )
    from scorecheck.core.tiles import (
        Board,
        Color,
        Marker,
        PatternLine,
        Variant,
        Wall,
        parse_floor,
        printed_color,
        printed_column,
    )
    from scorecheck.core.violations import Location, Violation

__all__ = [
    "CODES",
    "Board",
    "Claims",
    "Code",
    "Color",
    "Decider",
    "Document",
    "EndBonus",
    "FinalDocument",
    "FinalPlayer",
    "FinalResult",
    "FloorScore",
    "GameDocument",
    "GameEntry",
    "Location",
    "Marker",
    "PatternLine",
    "Placement",
    "PlacementScore",
    "PlayerFinal",
    "Ranking",
    "Report",
    "RoundDocument",
    "RoundPlayer",
    "RoundResult",
    "Severity",
    "Standing",
    "Tiling",
    "Variant",
    "Violation",
    "Wall",
    "parse_floor",
    "printed_color",
    "printed_column",
    "rank",
    "score_placement",
    "tile_board",
]

# Where __getattr__ looks for a name, cheapest first: a domain value imports only its module.
_MODULES = ("tiles", "codes", "violations", "documents", "scoring", "replay", "results")


def __getattr__(name: str) -> Any:
    """A public name of the core, imported from the first of its modules that has it."""
    if name in __all__:
        for module in _MODULES:
            value = getattr(importlib.import_module(f"scorecheck.core.{module}"), name, None)
            if value is not None:
                globals()[name] = value  # asked once
                return value
    raise AttributeError(f"module 'scorecheck.core' has no attribute {name!r}")
