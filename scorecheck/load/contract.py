"""Pieces of the input contract that the models (models.py), the fast loader (fast.py) and
the plain-round path share, each written once: the keys of each object, what a player's name
may hold, the name of a board without one, a board's defaults.

Standard library only: the fast path imports it without pydantic (start-up time, see
benchmarks/bench_cold.py). The bounds are the core's (core/limits.py), the reading of cells
is cells.py's.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence, Set

from scorecheck.core.violations import SourceMap, Violation, locate
from scorecheck.load.cells import latin

# Invisible characters that reorder the text around a name, or hide in it (zero-width
# joiners stay: some scripts and emoji need them).
INVISIBLE = frozenset(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"
)
CURLY_QUOTES = "“”„‘’‚«»「」"  # quotes that YAML keeps as part of the text

# The keys of each object of a document: the models' fields (tests/load/test_fast.py holds
# them to it), for the loaders that cannot import pydantic.
ROUND_KEYS = frozenset({"kind", "variant", "players", "claimed", "meta"})
ROUND_BOARD_KEYS = frozenset({"name", "score", "wall", "lines", "floor", "columns", "claimed"})
FINAL_KEYS = frozenset({"kind", "variant", "players", "claimed", "meta"})
FINAL_BOARD_KEYS = frozenset({"name", "score", "wall", "claimed"})
GAME_KEYS = frozenset(
    {"kind", "variant", "players", "rounds", "finished", "starts", "tiles", "claimed", "meta"}
)
GAME_ENTRY_KEYS = frozenset({"lines", "floor", "wall", "score", "columns", "claimed"})
ROUND_CLAIM_KEYS = frozenset({"points", "penalty", "score", "wall", "final"})
FINAL_CLAIM_KEYS = frozenset({"final"})
WINNER_CLAIM_KEYS = frozenset({"winner"})
GAME_CLAIM_KEYS = frozenset({"final", "winner"})

# A board's defaults, for each key it leaves out (RoundBoard in models.py).
DEFAULT_SCORE = 0
EMPTY_WALL = ["....."] * 5
EMPTY_LINES = [""] * 5
EMPTY_FLOOR = ""

HIDDEN, BLANK, CURLY = "hidden", "blank", "curly"


def name_problem(name: str) -> tuple[str, str] | None:
    """What keeps a name from being printed as it is, or None: (HIDDEN, the first control,
    surrogate or invisible character), (BLANK, ''), or (CURLY, '') for a name wrapped in
    curly quotes."""
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cs") or char in INVISIBLE:
            return HIDDEN, char
    if not name.strip():
        return BLANK, ""
    if len(name) > 1 and name[0] in CURLY_QUOTES and name[-1] in CURLY_QUOTES:
        return CURLY, ""
    return None


def read_as_latin(name: str) -> str:
    """A name with its look-alike letters (Cyrillic, full-width) read as the Latin ones."""
    return name if name.isascii() else "".join(latin(c) for c in name)


def lookalike_names(names: Sequence[str]) -> list[tuple[int, int]]:
    """Pairs (earlier, later) of names that differ but look the same on screen: 'Anna' and
    'Аnna' with a Cyrillic А. The models warn of them (SC008)."""
    if "".join(names).isascii():  # one call for the common case: no letter to confuse
        return []
    first: dict[str, int] = {}
    pairs = []
    for i, name in enumerate(names):
        j = first.setdefault(read_as_latin(name), i)
        if j != i and names[j] != name:
            pairs.append((j, i))
    return pairs


def default_name(index: int) -> str:
    """The name of a board given none: 'Player 2' for the second."""
    return f"Player {index + 1}"


def lonely_score(index: int, keys: object) -> bool:
    """A board after the first that gives a score and nothing else: most often the score of
    the board above, with a stray '- ' before it; both loaders warn of it (SC005)."""
    return index > 0 and keys == {"score"}


def lonely_score_notes(
    boards: Iterable[tuple[Set[str], int]], source: SourceMap
) -> tuple[Violation, ...]:
    """The warnings (SC005) of the boards of a score alone, given each board's keys and score."""
    return tuple(
        Violation("SC005", {"number": i + 1, "score": score}, locate(source, ("players", i)))
        for i, (keys, score) in enumerate(boards)
        if lonely_score(i, keys)
    )
