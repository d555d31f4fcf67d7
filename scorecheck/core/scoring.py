"""Scoring with explanations: a placed tile (R5), the floor (R6), bonuses and ranking (R8)."""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable
from dataclasses import dataclass, field

from scorecheck.core.tiles import (
    COLOR_BONUS,
    COLUMN_BONUS,
    FLOOR_SLOT_COSTS,
    FLOOR_SLOTS,
    ROW_BONUS,
    SIZE,
    Color,
    FloorItem,
    Marker,
    Wall,
    full_columns,
    full_rows,
    printed_full_colors,
)


@dataclass(frozen=True, slots=True)
class PlacementScore:
    """Why a tile placed at (row, column) scores what it does: the runs through it (R5).

    The horizontal run spans columns left..right of the row, the vertical run rows top..bottom
    of the column, all 0-based and inclusive; a run of length 1 has no neighbour.
    """

    row: int
    column: int
    left: int
    right: int
    top: int
    bottom: int
    # Derived once (scores are cached and read many times):
    # horizontal, vertical: the lengths of the unbroken runs through the tile, tile included;
    # terms: the runs that count, each run with a neighbour (R5.2), none for a lone tile;
    # points: 1 alone (R5.1), otherwise the sum of the runs (R5.2, R5.3).
    horizontal: int = field(init=False, repr=False, compare=False)
    vertical: int = field(init=False, repr=False, compare=False)
    terms: tuple[int, ...] = field(init=False, repr=False, compare=False)
    points: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        horizontal = self.right - self.left + 1
        vertical = self.bottom - self.top + 1
        terms = tuple(n for n in (horizontal, vertical) if n > 1)
        object.__setattr__(self, "horizontal", horizontal)
        object.__setattr__(self, "vertical", vertical)
        object.__setattr__(self, "terms", terms)
        object.__setattr__(self, "points", sum(terms) or 1)

    @property
    def horizontal_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells of the horizontal run, left to right."""
        return tuple((self.row, c) for c in range(self.left, self.right + 1))

    @property
    def vertical_cells(self) -> tuple[tuple[int, int], ...]:
        """The cells of the vertical run, top to bottom."""
        return tuple((r, self.column) for r in range(self.top, self.bottom + 1))

    def sum_text(self) -> str:
        """The sum written out: '4 + 3 = 7' for two runs, else the points alone: '3', '1'."""
        terms = self.terms
        if len(terms) < 2:
            return str(self.points)
        return " + ".join(str(t) for t in terms) + f" = {self.points}"


def _cross_mask(index: int) -> int:
    row, column = divmod(index, SIZE)
    mask = 0
    for k in range(SIZE):
        mask |= 1 << (row * SIZE + k)
        mask |= 1 << (k * SIZE + column)
    return mask & ~(1 << index)


# Per cell, the bits of its row and column but itself: all a placement's score depends on.
CROSSES = tuple(_cross_mask(i) for i in range(SIZE * SIZE))
_SCORE_CACHE: dict[int, PlacementScore] = {}


def _compute(occupied: int, row: int, column: int) -> PlacementScore:
    def filled(r: int, c: int) -> bool:
        return bool(occupied >> (r * SIZE + c) & 1)

    left = column
    while left > 0 and filled(row, left - 1):
        left -= 1
    right = column
    while right < SIZE - 1 and filled(row, right + 1):
        right += 1
    top = row
    while top > 0 and filled(top - 1, column):
        top -= 1
    bottom = row
    while bottom < SIZE - 1 and filled(bottom + 1, column):
        bottom += 1
    runs = (row, column, left, right, top, bottom)
    score = _SCORE_OF_RUNS.get(runs)
    if score is None:
        score = _SCORE_OF_RUNS[runs] = PlacementScore(*runs)
    return score


# The 6,400 crosses a tile can meet make only 1,225 scores: each is made once and shared.
_SCORE_OF_RUNS: dict[tuple[int, int, int, int, int, int], PlacementScore] = {}


def score_placement(occupied: int, row: int, column: int) -> PlacementScore:
    """Score a tile placed at a 0-based cell of a wall whose occupied cells are the bit mask.

    Only the row and column through the cell matter, so results are cached by those bits.
    """
    index = row * SIZE + column
    key = (occupied & CROSSES[index]) | (index << (SIZE * SIZE))
    hit = _SCORE_CACHE.get(key)
    if hit is None:
        hit = _SCORE_CACHE[key] = _compute(occupied, row, column)
    return hit


@dataclass(frozen=True, slots=True)
class FloorScore:
    """The floor line at the end of a round: which slots are taken and what they cost (R6)."""

    entries: int
    tiles: int
    late_markers: int = 0  # markers that came when the floor was full: no slot (D1)
    # Derived once: occupied slots, at most seven (R6.3); the cost of each, left to right
    # (R6.1); the points lost, a positive number (R6.1).
    occupied: int = field(init=False, repr=False, compare=False)
    slot_costs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    penalty: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        occupied = min(self.entries, FLOOR_SLOTS)
        object.__setattr__(self, "occupied", occupied)
        object.__setattr__(self, "slot_costs", FLOOR_SLOT_COSTS[:occupied])
        object.__setattr__(self, "penalty", sum(FLOOR_SLOT_COSTS[:occupied]))

    @classmethod
    def of(cls, items: Iterable[FloorItem]) -> FloorScore:
        """Score the floor entries, the marker included (R6.2)."""
        items = tuple(items)
        score = _FLOOR_SCORES.get(items)
        if score is None:  # floors repeat: score each once (the values are immutable)
            if len(_FLOOR_SCORES) >= 10_000:
                _FLOOR_SCORES.clear()
            late = items[FLOOR_SLOTS:].count(Marker.FIRST_PLAYER)  # after seven entries (D1)
            score = cls(len(items), len(items) - items.count(Marker.FIRST_PLAYER), late)
            _FLOOR_SCORES[items] = score
        return score

    @property
    def overflow(self) -> int:
        """Tiles beyond the seventh slot: to the lid without penalty (R6.3). A marker that
        came to a full floor is not one of them: it stays with its taker (D1, R6.5)."""
        return self.entries - self.occupied - self.late_markers

    def sum_text(self) -> str:
        """The penalty written out slot by slot: '−1 −1 −2 = −4'; one slot is just '−1'."""
        if not self.slot_costs:
            return "0"
        slots = " ".join(f"−{c}" for c in self.slot_costs)
        return slots if len(self.slot_costs) == 1 else f"{slots} = −{self.penalty}"


_FLOOR_SCORES: dict[tuple[FloorItem, ...], FloorScore] = {}


def game_ends(walls: Iterable[int]) -> bool:
    """Whether the round that left these walls (bit masks) ends the game: some wall has a
    complete row (R8.1). The checker and the plain-round path ask it."""
    # A loop, not any(map(...)) or a generator: a call from Python costs less than from map.
    for wall in walls:  # noqa: SIM110
        if full_rows(wall):
            return True
    return False


@dataclass(frozen=True, slots=True)
class EndBonus:
    """End-of-game bonuses and what earned them (R8.2); indices 0-based."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    colors: tuple[Color, ...]
    # Derived once (totals and rankings read it): +2 per row, +7 per column, +10 per colour.
    points: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        points = (
            ROW_BONUS * len(self.rows)
            + COLUMN_BONUS * len(self.columns)
            + COLOR_BONUS * len(self.colors)
        )
        object.__setattr__(self, "points", points)

    @classmethod
    def of(cls, wall: Wall) -> EndBonus:
        """The bonuses a wall earns."""
        return cls(wall.complete_rows(), wall.complete_columns(), wall.complete_colors())

    @classmethod
    def of_printed(cls, mask: int) -> EndBonus:
        """EndBonus.of of a coloured wall whose tiles stand on their printed cells (R2, R8.2),
        from the bit mask of its tiles."""
        return cls(full_rows(mask), full_columns(mask), printed_full_colors(mask))

    def added_to(self, score: int) -> int:
        """The final score: a score before the bonuses plus these (R8.2, D2)."""
        return score + self.points

    def terms_text(self) -> str:
        """The bonus as its terms: '2×2 + 1×7 + 1×10', or '0'."""
        parts = [
            f"{n}×{value}"
            for n, value in (
                (len(self.rows), ROW_BONUS),
                (len(self.columns), COLUMN_BONUS),
                (len(self.colors), COLOR_BONUS),
            )
            if n
        ]
        return " + ".join(parts) if parts else "0"

    def sum_text(self) -> str:
        """The bonus written out: '2×2 + 1×7 + 1×10 = 21'."""
        return f"{self.terms_text()} = {self.points}" if self.points else "0"


class Decider(enum.Enum):
    """What decided the winner (R8.3)."""

    POINTS = "points"  # one player has the highest total
    ROWS = "rows"  # tied on points; more complete rows among the tied won (D4)
    SHARED = "shared"  # tied on points and rows: a shared victory (D5)

    def __repr__(self) -> str:
        return f"Decider.{self.name}"


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's final total and complete rows, for ranking."""

    name: str
    score: int
    rows: int


@dataclass(frozen=True, slots=True)
class Ranking:
    """Players from first to last with their places, the winners and what decided them."""

    standings: tuple[Standing, ...]
    places: tuple[int, ...]
    winners: tuple[str, ...]
    decider: Decider
    tied_on_points: tuple[str, ...]


def rank(standings: Iterable[Standing]) -> Ranking:
    """Order by total, then complete rows among the tied (R8.3, D4); equal on both share (D5)."""
    # Sorted high to low; the sort is stable, so players equal on both keep their seat order.
    ordered = tuple(sorted(standings, key=_TOTAL_THEN_ROWS, reverse=True))
    if not ordered:
        return Ranking((), (), (), Decider.SHARED, ())
    places = []
    place, previous = 0, None
    for i, s in enumerate(ordered, start=1):
        if (s.score, s.rows) != previous:
            place, previous = i, (s.score, s.rows)
        places.append(place)
    first = ordered[0]  # the highest total, and the most rows among the players tied on it
    tied = tuple([s.name for s in ordered if s.score == first.score])
    winners = tuple([s.name for s in ordered if s.score == first.score and s.rows == first.rows])
    if len(tied) == 1:
        decider = Decider.POINTS
    elif len(winners) == 1:
        decider = Decider.ROWS
    else:
        decider = Decider.SHARED
    return Ranking(ordered, tuple(places), winners, decider, tied)


_TOTAL_THEN_ROWS = operator.attrgetter("score", "rows")
