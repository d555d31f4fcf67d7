"""The input edge's limits: how deep, how many values, how long a number, how many bytes.

Both readers (YAML and JSON) and the fast loader count against the same bounds, written once
here, and say them alike.
"""

from __future__ import annotations

import math

from scorecheck.core.violations import Phrase

MAX_DEPTH = 32  # documents are a few levels deep; anything deeper is refused
# A long game of 4 players holds a few thousand keys and values; far more means a file
# that is not a score sheet, and reading it would take long. Keys count as values.
MAX_VALUES = 20_000
MAX_FILE_VALUES = 50_000  # for files of many documents: keeps the worst 1 MiB file to seconds
TOO_MANY_VALUES = Phrase(
    "the document holds more than {limit:,} keys and values, far more than a game needs",
    {"limit": MAX_VALUES},
    domain="input",
)
MAX_DIGITS = 30  # no number in a document needs more; longer ones are typos (or attacks)


def number_problem(text: str, value: float) -> Phrase | None:
    """Why a number as written cannot be used (NaN, or too large to be a score), or None."""
    if math.isnan(value):
        return Phrase(
            "NaN is not a number scorecheck can use: write a whole number", domain="input"
        )
    if math.isinf(value):
        shown = text if len(text) <= 20 else _digits(text[:12], len(text))
        return Phrase(
            "the number {number} is too large to use: write a whole number",
            {"number": shown},
            domain="input",
        )
    return None


def _digits(start: str, length: int) -> Phrase:
    """The start of a long number and how many digits it has: '123456789012… (40 digits)'."""
    return Phrase(
        "{start}… ({count} digit)",
        {"start": start},
        domain="input",
        many="{start}… ({count} digits)",
        count=length,
    )


def too_deep() -> Phrase:
    """Nesting beyond MAX_DEPTH (YAML and JSON say it alike)."""
    return Phrase(
        "nesting deeper than {count} level is not accepted",
        domain="input",
        many="nesting deeper than {count} levels is not accepted",
        count=MAX_DEPTH,
    )


def byte_size(count: int) -> Phrase:
    """A size in bytes: '487 bytes'."""
    return Phrase("{count:,} byte", domain="input", many="{count:,} bytes", count=count)
