"""The three documents scorecheck checks, as domain values (built by the input edge)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorecheck.core.tiles import SIZE, Board, FloorItem, PatternLine, Variant, Wall
from scorecheck.core.violations import NoSource, Path, SourceMap, Violation


@dataclass(frozen=True, slots=True)
class Claims:
    """What the table said about one player's round; None where nothing was claimed."""

    points: tuple[int, ...] | None = None
    penalty: int | None = None
    score: int | None = None
    wall: Wall | None = None
    final: int | None = None


@dataclass(frozen=True, slots=True)
class RoundPlayer:
    """One board of a round document; origin is its path in the document."""

    board: Board
    claims: Claims = Claims()
    origin: Path = ()


@dataclass(frozen=True, slots=True)
class RoundDocument:
    """Boards at the end of drafting, before wall-tiling (`kind: round`)."""

    players: tuple[RoundPlayer, ...]
    variant: Variant = Variant.COLORED
    winner: tuple[str, ...] | None = None
    source: SourceMap = field(default=NoSource(), compare=False)
    # Warnings about how the input was written, found while loading it (SC0xx warnings).
    notes: tuple[Violation, ...] = ()
    meta: Mapping[str, object] | None = field(default=None, compare=False)  # given, not checked

    kind = "round"


@dataclass(frozen=True, slots=True)
class FinalPlayer:
    """A player of a finished game: final wall and score before bonuses."""

    name: str
    wall: Wall
    score: int
    claimed_final: int | None = None
    origin: Path = ()


@dataclass(frozen=True, slots=True)
class FinalDocument:
    """A finished game (`kind: final`)."""

    players: tuple[FinalPlayer, ...]
    variant: Variant = Variant.COLORED
    winner: tuple[str, ...] | None = None
    source: SourceMap = field(default=NoSource(), compare=False)
    notes: tuple[Violation, ...] = ()  # as RoundDocument's
    meta: Mapping[str, object] | None = field(default=None, compare=False)  # given, not checked

    kind = "final"


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One player's pattern lines and floor at the end of one round's drafting."""

    lines: tuple[PatternLine, ...]
    floor: tuple[FloorItem, ...] = ()
    claims: Claims = Claims()
    columns: tuple[int | None, ...] = (None,) * SIZE
    wall: Wall | None = None  # optional record of the wall after tiling
    score: int | None = None  # optional record of the score after the round
    origin: Path = ()


@dataclass(frozen=True, slots=True)
class GameDocument:
    """A whole game record, replayed from empty boards (`kind: game`).

    Each round maps every player's name to their entry, in seat order.
    """

    players: tuple[str, ...]
    rounds: tuple[tuple[GameEntry, ...], ...]
    variant: Variant = Variant.COLORED
    final_claims: tuple[tuple[str, int], ...] = ()
    winner: tuple[str, ...] | None = None
    finished: bool | None = None
    starts: tuple[str, ...] | None = None
    source: SourceMap = field(default=NoSource(), compare=False)
    all_tiles: bool = True  # False (tiles: some): not every drafted tile is written down
    notes: tuple[Violation, ...] = ()  # as RoundDocument's
    meta: Mapping[str, object] | None = field(default=None, compare=False)  # given, not checked

    kind = "game"


Document = RoundDocument | FinalDocument | GameDocument
KINDS = tuple(d.kind for d in (RoundDocument, FinalDocument, GameDocument))  # as `kind:` names them
