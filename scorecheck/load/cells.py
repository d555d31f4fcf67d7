"""How the text of a wall row, a pattern line or a floor splits into cells.

One reading, shared by the models (models.py, which validate each cell) and the locator
(source.py, which points at the k-th cell): cells are separated by spaces, tabs and '/'; a
run of characters is one cell when it is a word (a colour's English name, `marker`, or
something else that reads as a word) or a count before a colour (`3R`, `2blue`), and one
cell per character otherwise (`BBY`, `.B...`). Standard library only: the fast path and the
locator import it without pydantic.
"""

from __future__ import annotations

import difflib
import re
import unicodedata

COLOR_LETTERS = "BYRKW"
COLOR_WORDS = {"blue": "B", "yellow": "Y", "red": "R", "black": "K", "white": "W"}
MARKER_WORD = "marker"
SEPARATORS = " \t/"
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


def cell_offset(text: str, index: int) -> int | None:
    """Offset of the index-th cell of a text such as 'B . Y' or 'blue . . . .'."""
    cells = split(text)
    return cells[index][0] if 0 <= index < len(cells) else None
