"""The validators of the input contract: cells, lines, floors, columns and names checked with
messages written for people, each a Phrase carried in the error's context (see `refusal`),
so that it is translated where it is shown. Their normalised forms are plain strings
('.B..Y', 'YY', '1R') that the converter reads.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from pydantic_core import PydanticCustomError

from scorecheck.core.violations import Phrase, quoted
from scorecheck.load.cells import (
    COLOR_LETTERS,
    COLOR_WORDS,
    COUNT,
    CYRILLIC_LOOKALIKES,
    MARKER_WORD,
    OTHER_CELLS,
    SKIPPED_ITEMS,
    close_word,
    color_letter,
    is_word,
    latin,
    split,
)
from scorecheck.load.contract import (
    BLANK,
    CURLY_QUOTES,
    HIDDEN,
    INVISIBLE,
    name_problem,
)
from scorecheck.load.errors import named_character, shortened


def refusal(message: Phrase, cell: int | None = None) -> PydanticCustomError:
    """A validation error whose message is a Phrase; `cell` points inside a one-line text.

    pydantic renders the English for its own message; error_problem takes the Phrase back
    from the error's context.
    """
    context: dict[str, object] = {"phrase": message}
    if cell is not None:
        context["cell"] = cell
    return PydanticCustomError("scorecheck", "{phrase}", context)


# What a validator reads, and how a good one is written.
_SHAPES = {
    "wall row": (Phrase("a wall row", domain="input"), quoted(".B..Y")),
    "pattern line": (Phrase("a pattern line", domain="input"), quoted("YY")),
    "floor": (Phrase("a floor", domain="input"), quoted("1 R R")),
}


def _cells(value: Any, shape: str) -> list[tuple[int, str]]:
    """A text of cells (cells.split) or a list of cells, each with its index for locating."""
    if isinstance(value, str):
        return [(i, cell) for i, (_, cell) in enumerate(split(value))]
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return [(i, c.strip()) for i, c in enumerate(value)]
    what, example = _SHAPES[shape]
    raise refusal(
        Phrase(
            "{what} must be text like {example} or a list of letters, got {got}",
            {"what": what, "example": example, "got": describe(value)},
            domain="input",
        )
    )


def describe(value: Any) -> Phrase | str:
    """A short description of an input value for messages: 'the number 3', "'abc'"."""
    if value is None:
        return Phrase("nothing (null)", domain="input")
    if isinstance(value, bool):
        return Phrase("the boolean {value}", {"value": str(value).lower()}, domain="input")
    if isinstance(value, int | float):
        shown = str(value)
        if isinstance(value, int) and len(shown) <= 20:  # an int, for a template to group it
            return Phrase("the number {value}", {"value": value}, domain="input")
        shown = shown if len(shown) <= 20 else shown[:12] + "…"
        return Phrase("the number {value}", {"value": shown}, domain="input")
    if isinstance(value, dict):
        return Phrase("a mapping", domain="input")
    if isinstance(value, list):
        return Phrase("a list", domain="input")
    if isinstance(value, str) and len(value) > 40:
        return shortened(quoted(value[:30]), len(value))
    return quoted(value)


_MARKER_HINT = Phrase(" (the first-player marker (1) goes on the floor)", domain="input")
# A colour written as its Japanese name, as an IME offers it for 'ao', 'ki' and so on.
_KANJI_COLORS = frozenset("青黄赤黒白")
_KANJI_HINT = Phrase(
    " (a colour is written as one Latin letter: B blue, Y yellow, R red, K black, W white)",
    domain="input",
)
_ACCEPTED = {
    "wall row": Phrase(
        "B Y R K W for tiles, x for a tile of the printed colour, '.' for an empty cell",
        domain="input",
    ),
    "pattern line": Phrase("B Y R K W ('.' and spaces are ignored)", domain="input"),
    "floor": Phrase("1 for the first-player marker, B Y R K W for tiles", domain="input"),
}


def _letter_hint(letter: str, shape: str) -> Phrase | str:
    """Why a letter that looks right is refused: a look-alike, a full-width form, the marker."""
    if letter in CURLY_QUOTES:
        return Phrase(
            " (curly quotes are not quotes in YAML: type straight ones, \" or ')", domain="input"
        )
    if letter == "\u3000":
        return Phrase(
            " (U+3000 IDEOGRAPHIC SPACE, a full-width space: type an ordinary space)",
            domain="input",
        )
    if len(letter) == 1 and unicodedata.category(letter) in ("Zs", "Cf"):  # U+00A0, U+200B
        return Phrase(
            " ({character}, which shows as a space or as nothing: type an ordinary space, or "
            "delete it)",
            {"character": named_character(letter)},
            domain="input",
        )
    plain = latin(letter)
    if letter in CYRILLIC_LOOKALIKES:
        fields = {"letter": letter, "latin": plain}
        if plain.upper() in COLOR_LETTERS + OTHER_CELLS[shape]:
            return Phrase(" (a Cyrillic {letter}: type the Latin {latin})", fields, domain="input")
        return Phrase(
            " (a Cyrillic {letter}, which looks like the Latin {latin})", fields, domain="input"
        )
    if plain == "1" and shape != "floor":
        return _MARKER_HINT
    if letter in _KANJI_COLORS:
        return _KANJI_HINT
    if plain in "23456789" and plain and shape != "wall row":
        return Phrase(
            " (a count goes just before a colour: {count}R or {count} red)",
            {"count": plain},
            domain="input",
        )
    if plain != letter and plain.upper() in COLOR_LETTERS + OTHER_CELLS[shape]:
        letter_fields: dict[str, object] = {"letter": quoted(plain)}
        return Phrase(" (a full-width letter: type {letter})", letter_fields, domain="input")
    return ""


def _bad_cell(cell: str, index: int, shape: str) -> PydanticCustomError:
    """A cell that is not one: an unknown word ('yelow', 'green') or an unknown letter."""
    what = _SHAPES[shape][0]
    if cell.lower() == MARKER_WORD:
        return refusal(
            Phrase(
                "{word} in {what}{hint}",
                {"word": quoted(cell), "what": what, "hint": _MARKER_HINT},
                domain="input",
            ),
            index,
        )
    if is_word(cell):
        close = close_word(cell)
        if close in COLOR_WORDS:
            advice = Phrase(
                "did you mean {word}? (or the letter {letter})",
                {"word": quoted(close), "letter": COLOR_WORDS[close]},
                domain="input",
            )
        else:
            advice = Phrase(
                "write a letter: B for blue, Y for yellow, R for red, K for black, W for white",
                domain="input",
            )
        return refusal(
            Phrase(
                "unknown word {word} in {what}: {advice}",
                {"word": quoted(cell), "what": what, "advice": advice},
                domain="input",
            ),
            index,
        )
    # In a cell of several characters (a list item 'Bq', a count in a wall '3R'), the first
    # character that is no cell; the whole item when each one is ('BB').
    letter = next((c for c in cell if color_letter(c) is None and c not in ".xX"), cell)
    return refusal(
        Phrase(
            "unknown letter {letter} in {what}: use {accepted}{hint}",
            {
                "letter": quoted(letter),
                "what": what,
                "accepted": _ACCEPTED[shape],
                "hint": _letter_hint(letter, shape),
            },
            domain="input",
        ),
        index,
    )


def _letters(value: Any, shape: str) -> str:
    """The cells of a wall row, pattern line or floor as letters ('1' the marker, 'X' the
    printed colour): colour words and `marker` read as their letters, and in lines and
    floors a count before a colour as that many tiles (`3R`, `3 R`: R R R)."""
    cells = _cells(value, shape)
    what = _SHAPES[shape][0]
    if isinstance(value, str):
        comma = next((index for index, cell in cells if "," in cell), None)
        if comma is not None:
            raise refusal(
                Phrase(
                    "a comma in {what}: cells are separated by spaces or '/' ('red red', "
                    "'R R'); a list of cells is written in brackets: [red, red]",
                    {"what": what},
                    domain="input",
                ),
                comma,
            )
    counts = shape != "wall row"
    letters: list[str] = []
    pending: tuple[int, int] | None = None  # a count standing alone, before its colour
    for at, (index, cell) in enumerate(cells):
        if cell in SKIPPED_ITEMS[shape] and pending is None:
            continue
        color = color_letter(cell)
        if pending is not None:
            following = cells[at + 1][1] if at + 1 < len(cells) else ""
            if cell.isdigit() and color_letter(following):  # '10B': a count of two digits
                raise refusal(
                    Phrase(
                        "{number} is not a count {what} takes: a count is one digit, 1 to 9, "
                        "just before its colour (3B or 3 blue)",
                        {"number": f"{pending[1]}{cell}", "what": what},
                        domain="input",
                    ),
                    pending[0],
                )
            if color is None:  # '2 blues': the word after the count is what is wrong
                wrong = cell not in SKIPPED_ITEMS[shape] and len(cell) > 1
                raise _bad_cell(*((cell, index) if wrong else (str(pending[1]), pending[0])), shape)
            letters += [color] * pending[1]
            pending = None
            continue
        if color is not None:
            letters.append(color)
        elif shape == "floor" and (cell == "1" or cell.lower() == MARKER_WORD):
            letters.append("1")
        elif len(cell) == 1 and cell.upper() in OTHER_CELLS[shape] and cell != "1":
            letters.append(cell.upper())
        elif counts and cell.isdigit() and len(cell) == 1 and cell != "0":
            pending = (index, int(cell))
        elif counts and (count := COUNT.fullmatch(cell)) and color_letter(count.group(2)):
            tile = color_letter(count.group(2)) or ""
            number = int(count.group(1))
            # On a floor '1R' is the marker and a red tile: '1' is the marker, not a count, there.
            letters += ["1", tile] if shape == "floor" and number == 1 else [tile] * number
        else:
            raise _bad_cell(cell, index, shape)
    if pending is not None:
        raise _bad_cell(str(pending[1]), pending[0], shape)
    return "".join(letters)


def wall_row(value: Any) -> str:
    """A wall row: five cells, '.' empty, B Y R K W a tile, x a tile of the printed colour."""
    cells = _letters(value, "wall row")
    if len(cells) != 5:
        raise refusal(
            Phrase(
                "a wall row has 5 cells, got {count} in {row}",
                # The row as typed, spaces kept, so that it can be found in the file.
                {"count": len(cells), "row": quoted(value if isinstance(value, str) else cells)},
                domain="input",
            )
        )
    return cells


def wall_rows(value: Any) -> Any:
    """A wall as a list of rows, or as a block of text with a row on each line (`wall: |`)."""
    if isinstance(value, str) and "\n" in value.strip("\n"):
        rows = value.split("\n")
        while rows and not rows[-1].strip():
            rows.pop()
        for number, row in enumerate(rows, start=1):
            if row.strip().startswith("#"):
                raise refusal(
                    Phrase(
                        "line {line} of the wall's picture is {text}, but inside 'wall: |' a "
                        "'#' is no comment: every line is part of the picture; move the "
                        "comment above 'wall: |'",
                        {"line": number, "text": quoted(row.strip())},
                        domain="input",
                    )
                )
            if not row.strip():
                raise refusal(
                    Phrase(
                        "line {line} of the wall's picture is blank: the picture is five rows, "
                        "one a line, with no blank line between them",
                        {"line": number},
                        domain="input",
                    )
                )
        return rows
    return value


def pattern_line(value: Any) -> str:
    """A pattern line: colour letters; '.' and spaces ignored."""
    return _letters(value, "pattern line")


def floor_line(value: Any) -> str:
    """A floor: 1 for the first-player marker, colour letters for tiles."""
    if isinstance(value, list):
        value = [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    return _letters(value, "floor")


def chosen_columns(value: Any) -> list[int | None]:
    """Grey wall (R9.1): per pattern line the chosen wall column, 1 to 5, or null."""
    if not isinstance(value, list):
        raise refusal(
            Phrase(
                "columns must be a list of 5 entries, one per pattern line: a wall column 1 to 5, "
                "or null; got {got}",
                {"got": describe(value)},
                domain="input",
            )
        )
    for i, v in enumerate(value):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 5):
            raise refusal(
                Phrase(
                    "columns entry {entry} (pattern line {entry}) must be a wall column 1 to 5 "
                    "or null, got {got}",
                    {"entry": i + 1, "got": describe(v)},
                    domain="input",
                ),
                i,
            )
    if len(value) != 5:
        raise refusal(
            Phrase(
                "columns has {count} entry, expected 5: one per pattern line, null where no "
                "tile moves to the wall",
                domain="input",
                many="columns has {count} entries, expected 5: one per pattern line, null where "
                "no tile moves to the wall",
                count=len(value),
            )
        )
    return list(value)


def names(value: Any) -> list[str]:
    """One name or a list of names (a shared win)."""
    if isinstance(value, str):
        return [plain_name(value)]
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return [plain_name(v) for v in value]
    if value == []:
        raise refusal(
            Phrase(
                "the list of winners is empty: give a player's name, or several for a shared win",
                domain="input",
            )
        )
    got: Phrase | str
    if isinstance(value, list) and value:
        value = next(v for v in value if not isinstance(v, str))
        got = Phrase("a list holding {value}", {"value": describe(value)}, domain="input")
    else:
        got = describe(value)
    raise refusal(
        Phrase(
            "expected a player's name or a list of names, got {got}", {"got": got}, domain="input"
        )
    )


def some_rounds(value: Any) -> Any:
    """A game record's rounds: an empty list is refused (there is nothing to replay)."""
    if value == []:
        raise refusal(
            Phrase("rounds is empty: a game record has at least one round", domain="input")
        )
    return value


# The same as a JSON Schema pattern: not blank, and no control, surrogate or invisible one.
NAME_PATTERN = (
    r"^(?![\s\S]*[\u0000-\u001f\u007f-\u009f\ud800-\udfff"
    + "".join(f"\\u{ord(c):04x}" for c in sorted(INVISIBLE))
    + r"])[\s\S]*\S"
)


def plain_name(value: str) -> str:
    """A player's name as printed: no control or bidi characters, not blank, not curly-quoted."""
    problem = name_problem(value)
    if problem is None:
        return value
    kind, char = problem
    if kind == HIDDEN:
        raise refusal(
            Phrase(
                "the name {name} holds the invisible character U+{code}: remove it",
                {"name": quoted(value), "code": f"{ord(char):04X}"},
                domain="input",
            )
        )
    if kind == BLANK:
        raise refusal(Phrase("a name cannot be blank", domain="input"))
    raise refusal(
        Phrase(
            "the name {name} is wrapped in curly quotes, which YAML keeps as part of the "
            'name: type straight quotes (") or none',
            {"name": quoted(value)},
            domain="input",
        )
    )
