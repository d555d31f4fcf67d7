"""The pure rules core: domain values, scoring, replay and violations (standard library only)."""

from scorecheck.core.check import check
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
from scorecheck.core.violations import CODES, Code, Location, Severity, Violation

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
    "check",
    "parse_floor",
    "printed_color",
    "printed_column",
    "rank",
    "score_placement",
    "tile_board",
]
