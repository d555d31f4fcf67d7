"""How the text of a wall row, a pattern line or a floor splits into cells.

One reading, shared by the models (validators.py, which validate each cell) and the locator
(positions.py, which points at the k-th cell): cells are separated by spaces, tabs and '/'; a
run of characters is one cell when it is a word (a colour's English name, `marker`, or
something else that reads as a word) or a count before a colour (`3R`, `2blue`), and one
cell per character otherwise (`BBY`, `.B...`). Then each one-letter cell becomes its domain
value (row_of, tiles_of, floor_of): the models' validated text (convert.py) and the fast
path's plain text (fast.py) both end there. Standard library and the core only: the fast
path and the locator import it without pydantic.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from scorecheck.core.tiles import SIZE, Color, FloorItem, Marker, printed_color

COLOR_LETTERS = "BYRKW"
COLOR_WORDS = {"blue": "B", "yellow": "Y", "red": "R", "black": "K", "white": "W"}
MARKER_WORD = "marker"
SEPARATORS = " \t/"
EMPTY = "."  # an empty cell, or on a line or a floor nothing
PRINTED = ("x", "X")  # a wall cell holding the colour printed there (R2)
MARKER_LETTER = "1"  # on a floor, the first-player marker
# What each shape takes as one-letter cells besides colour letters, and the list items it
# skips: a line's '', '.', ':' and '.:' are each an empty place written as an item.
OTHER_CELLS = {"wall row": "X.", "pattern line": ".:", "floor": "1."}
SKIPPED_ITEMS = {"wall row": {"/"}, "pattern line": {"", ".", ":", ".:"}, "floor": {"."}}
# What a line or a floor written as plain letters skips (a row skips SEPARATORS).
LINE_SKIPS = " \t.:"
FLOOR_SKIPS = " \t."
# One letter a cell, in either case, and the domain value it stands for.
TILE_OF = {c: Color(c.upper()) for c in COLOR_LETTERS + COLOR_LETTERS.lower()}
FLOOR_ITEM_OF: dict[str, FloorItem] = {**TILE_OF, MARKER_LETTER: Marker.FIRST_PLAYER}
_RUN = re.compile(r"[^ \t/]+")
COUNT = re.compile(r"([1-9])([^\W\d_]+)")

# Cyrillic letters that look like Latin ones: on screen the two cannot be told apart.
CYRILLIC_LOOKALIKES = dict(zip("АВЕКМНОРСТХУавекмнорстху", "ABEKMHOPCTXYaBekmHopctxy", strict=True))


def latin(char: str) -> str:
    """The Latin letter a character is read as: full-width forms and Cyrillic look-alikes."""
    return CYRILLIC_LOOKALIKES.get(char) or unicodedata.normalize("NFKC", char)


def color_letter(token: str) -> str | None:
    """'B' for 'b', 'B' or 'blue' (any case); None for anything else."""
    if len(token) == 1:
        return token.upper() if token.upper() in COLOR_LETTERS else None
    return COLOR_WORDS.get(token.lower())


def close_word(token: str) -> str | None:
    """The colour word or `marker` a misspelt word comes closest to, if any."""
    import difflib  # only for a word that is not a colour's name: not on every start

    words = [*COLOR_WORDS, MARKER_WORD]
    close = difflib.get_close_matches(token.lower(), words, n=1, cutoff=0.7)
    return close[0] if close else None


def is_word(run: str) -> bool:
    """A run of letters read as one word: a colour's name, `marker`, a near miss of one, or
    letters that are mostly not colour letters ('green'); 'BBG' stays three letters."""
    if not run.isalpha() or len(run) < 2:
        return False
    low = run.lower()
    if low in COLOR_WORDS or low == MARKER_WORD:
        return True
    if len(run) < 3:
        return False
    colour_like = sum(latin(c).upper() in COLOR_LETTERS + "X" for c in run)  # x: a wall cell
    return close_word(run) is not None or 2 * colour_like < len(run)


def split(text: str) -> list[tuple[int, str]]:
    """The cells of a text, each with its offset: one character, a word, or a count."""
    cells: list[tuple[int, str]] = []
    for match in _RUN.finditer(text):
        run, start = match.group(), match.start()
        count = COUNT.fullmatch(run)
        if is_word(run) or (count is not None and color_letter(count.group(2)) is not None):
            cells.append((start, run))
        else:
            cells += [(start + i, c) for i, c in enumerate(run)]
    return cells


def row_of(r: int, cells: Sequence[str]) -> tuple[Color | None, ...] | None:
    """Row r of a wall from five one-letter cells: '.' empty, a colour letter, or x for the
    colour printed there (R2); None for anything else."""
    if len(cells) != SIZE:
        return None
    row: list[Color | None] = []
    for c, cell in enumerate(cells):
        if cell == EMPTY:
            row.append(None)
        elif cell in PRINTED:
            row.append(printed_color(r, c))
        elif cell in TILE_OF:
            row.append(TILE_OF[cell])
        else:
            return None
    return tuple(row)


def tiles_of(cells: Sequence[str]) -> tuple[Color, ...] | None:
    """A pattern line's tiles from one-letter cells, colour letters only; None otherwise."""
    if not all(c in TILE_OF for c in cells):
        return None
    return tuple(TILE_OF[c] for c in cells)


def floor_of(cells: Sequence[str]) -> tuple[FloorItem, ...] | None:
    """A floor's entries from one-letter cells: 1 the first-player marker, colour letters
    tiles; None for anything else."""
    if not all(c in FLOOR_ITEM_OF for c in cells):
        return None
    return tuple(FLOOR_ITEM_OF[c] for c in cells)


def cell_offset(text: str, index: int) -> int | None:
    """Offset of the index-th cell of a text such as 'B . Y' or 'blue . . . .'."""
    cells = split(text)
    return cells[index][0] if 0 <= index < len(cells) else None


# --- The same reading as JSON Schema patterns (scorecheck schema) ---------------------------------
# ECMA-262 and Python alike: no inline flags (each word spells its cases), END instead of '$'
# (which Python also matches before a final line break), one-character lookbehinds only.


def _any_case(word: str) -> str:
    return "".join(f"[{c.upper()}{c.lower()}]" for c in word)


_SEP = r"[ \t/]"
_END = r"(?![\s\S])"
_ALONE_BEFORE = r"(?<![^ \t/])"  # at the start of the text or after a separator
_ALONE_AFTER = r"(?![^ \t/])"  # at the end of the text or before a separator
_WORD = "(?:" + "|".join(_any_case(w) for w in COLOR_WORDS) + ")"
_MARKER = _any_case(MARKER_WORD)
_LETTER = f"[{COLOR_LETTERS}{COLOR_LETTERS.lower()}]"
_COLOR = f"(?:{_LETTER}|{_ALONE_BEFORE}{_WORD}{_ALONE_AFTER})"
_ROW_CELL = f"(?:[.Xx]|{_COLOR}){_SEP}*"
# A row: five cells. A wall as a picture: five rows, a line each, then blank lines only.
_ROW = f"{_SEP}*(?:{_ROW_CELL}){{5}}"
ROW_PATTERN = f"^{_ROW}{_END}"
BLOCK_PATTERN = f"^{_ROW}\\n{_ROW}\\n{_ROW}\\n{_ROW}\\n{_ROW}\\s*{_END}"
# Lines and floors: any number of tiles; a count (1 to 9; on a floor 2 to 9, since 1 is the
# marker) before a colour, or a digit glued to a colour word at the start of a word.
_GLUED = f"{_ALONE_BEFORE}[1-9]{_WORD}{_ALONE_AFTER}"
LINE_PATTERN = f"^(?:{_SEP}|[.:]|{_GLUED}|[1-9]?{_SEP}*{_COLOR})*{_END}"
FLOOR_PATTERN = (
    f"^(?:{_SEP}|[.1]|{_GLUED}|{_ALONE_BEFORE}{_MARKER}{_ALONE_AFTER}|[2-9]?{_SEP}*{_COLOR})*{_END}"
)
# The list forms: one cell an item, surrounding spaces ignored.
_ITEM_WORD = f"(?:{_WORD})"
ROW_ITEM_PATTERN = rf"^\s*(?:[.Xx/]|{_LETTER}|{_ITEM_WORD})\s*{_END}"
LINE_ITEM_PATTERN = rf"^\s*(?:\.?:?|[1-9]?(?:{_LETTER}|{_ITEM_WORD})|[1-9])\s*{_END}"
FLOOR_ITEM_PATTERN = rf"^\s*(?:[.1]|{_MARKER}|[1-9]?(?:{_LETTER}|{_ITEM_WORD})|[2-9])\s*{_END}"
