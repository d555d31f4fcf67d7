"""The bounds of the game and of the input contract, each written once: the checker, the
models (load/models.py), the fast loader (load/fast.py) and the plain-round path read them here,
so they cannot disagree.

A score a document gives (before a round, before the bonuses) is at most MAX_SCORE. The
scores the replay reaches from it are bounded by the rules, so every one of them can be
claimed or recorded: MAX_CLAIMED_SCORE. Beyond either, a number is a typo such as 1e9.
"""

from __future__ import annotations

from scorecheck.core.tiles import (
    COLOR_BONUS,
    COLORS,
    COLUMN_BONUS,
    FLOOR_SLOT_COSTS,
    ROW_BONUS,
    SIZE,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # R1.2
MARKERS = 1  # R1.3: one first-player marker on the table
MAX_SCORE = 10_000  # far beyond any real game
MAX_TILE_POINTS = SIZE + SIZE  # R5.2: a full row and a full column through the tile
MAX_ROUND_POINTS = SIZE * MAX_TILE_POINTS  # R4.3: a row gains at most one tile a round
MAX_PENALTY = sum(FLOOR_SLOT_COSTS)  # R6.1: all seven slots
MAX_BONUS = SIZE * ROW_BONUS + SIZE * COLUMN_BONUS + len(COLORS) * COLOR_BONUS  # R8.2
MAX_CLAIMED_SCORE = MAX_SCORE + MAX_ROUND_POINTS + MAX_BONUS  # after a round and its bonuses
# A claimed tile's points: past MAX_TILE_POINTS still a wrong claim (SC201), past this a typo.
MAX_CLAIMED_POINTS = 50
MAX_NAME = 60  # characters in a player's name
# The input edge's default limit on a file or line, before reading it (`check --max-bytes`).
DEFAULT_MAX_BYTES = 1024 * 1024
