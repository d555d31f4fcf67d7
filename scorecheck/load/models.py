"""The input contract as pydantic models: what a round, final or game document may hold.

Cells, lines and floors are checked by small validators with messages written for people;
their normalised forms are plain strings ('.B..Y', 'YY', '1R') that the converter reads.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

COLOR_LETTERS = "BYRKW"
MAX_SCORE = 10_000  # far beyond any real game; catches typos such as 1e9


def _cells(value: Any, what: str) -> list[str]:
    """A string of cells (spaces ignored) or a list of one-character strings."""
    if isinstance(value, str):
        return [c for c in value if c not in " \t"]
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return [c.strip() for c in value]
    raise PydanticCustomError(
        "scorecheck",
        "{what} must be text like {example} or a list of letters, got {got}",
        {"what": what, "example": _EXAMPLES[what], "got": describe(value)},
    )


_EXAMPLES = {
    "a wall row": "'.B..Y'",
    "a pattern line": "'YY'",
    "a floor": "'1 R R'",
}


def describe(value: Any) -> str:
    """A short description of an input value for messages: 'the number 3', "'abc'"."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        shown = str(value)
        return f"the number {shown if len(shown) <= 20 else shown[:12] + '…'}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str) and len(value) > 40:
        return f"{value[:30]!r}… ({len(value)} characters)"
    return repr(value)


_CURLY_QUOTES = "“”„‘’‚«»「」"


def _bad_letter(letter: str, index: int, what: str, accepted: str) -> PydanticCustomError:
    hint = ""
    if letter in _CURLY_QUOTES:
        hint = " (curly quotes are not quotes in YAML: type straight ones, \" or ')"
    elif unicodedata.normalize("NFKC", letter).upper() in COLOR_LETTERS + "1.":
        hint = f" (a full-width letter: type {unicodedata.normalize('NFKC', letter)!r})"
    return PydanticCustomError(
        "scorecheck",
        "unknown letter {letter} in {what}: use {accepted}{hint}",
        {"letter": repr(letter), "what": what, "accepted": accepted, "cell": index, "hint": hint},
    )


def wall_row(value: Any) -> str:
    """A wall row: five cells, '.' empty, B Y R K W a tile, x a tile of the printed colour."""
    cells = [c for c in _cells(value, "a wall row") if c != "/"]
    for i, c in enumerate(cells):
        if len(c) != 1 or (c.upper() not in COLOR_LETTERS + "X" and c != "."):
            raise _bad_letter(
                c,
                i,
                "a wall row",
                "B Y R K W for tiles, x for a tile of the printed colour, '.' for an empty cell",
            )
    if len(cells) != 5:
        raise PydanticCustomError(
            "scorecheck",
            "a wall row has 5 cells, got {count} in {row}",
            {"count": len(cells), "row": repr("".join(cells))},
        )
    return "".join(c.upper() for c in cells)


def pattern_line(value: Any) -> str:
    """A pattern line: colour letters; '.' and spaces ignored."""
    cells = [c for c in _cells(value, "a pattern line") if c not in ".:"]
    for i, c in enumerate(cells):
        if len(c) != 1 or c.upper() not in COLOR_LETTERS:
            raise _bad_letter(c, i, "a pattern line", "B Y R K W ('.' and spaces are ignored)")
    return "".join(c.upper() for c in cells)


def floor_line(value: Any) -> str:
    """A floor: 1 for the first-player marker, colour letters for tiles."""
    if isinstance(value, list):
        value = [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    cells = [c for c in _cells(value, "a floor") if c != "."]
    for i, c in enumerate(cells):
        if len(c) != 1 or c.upper() not in COLOR_LETTERS + "1":
            raise _bad_letter(c, i, "a floor", "1 for the first-player marker, B Y R K W for tiles")
    return "".join(c.upper() for c in cells)


def chosen_columns(value: Any) -> list[int | None]:
    """Grey wall (R9.1): per pattern line the chosen wall column, 1 to 5, or null."""
    if not isinstance(value, list):
        raise PydanticCustomError(
            "scorecheck",
            "columns must be a list of 5 entries, one per pattern line: a wall column 1 to 5, "
            "or null; got {got}",
            {"got": describe(value)},
        )
    for i, v in enumerate(value):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 5):
            raise PydanticCustomError(
                "scorecheck",
                "columns entry {entry} (pattern line {entry}) must be a wall column 1 to 5 or "
                "null, got {got}",
                {"entry": i + 1, "got": describe(v), "cell": i},
            )
    if len(value) != 5:
        raise PydanticCustomError(
            "scorecheck",
            "columns has {count} entries, expected 5: one per pattern line, null where no "
            "tile moves to the wall",
            {"count": len(value)},
        )
    return list(value)


def names(value: Any) -> list[str]:
    """One name or a list of names (a shared win)."""
    if isinstance(value, str):
        return [plain_name(value)]
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return [plain_name(v) for v in value]
    if isinstance(value, list) and value:
        value = next(v for v in value if not isinstance(v, str))
        got = "a list holding " + describe(value)
    else:
        got = describe(value)
    raise PydanticCustomError(
        "scorecheck",
        "expected a player's name or a list of names, got {got}",
        {"got": got},
    )


# Invisible characters that reorder the text around a name, or hide in it (zero-width
# joiners stay: some scripts and emoji need them).
_INVISIBLE = set(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"
)


def plain_name(value: str) -> str:
    """A player's name as printed: no control or bidi characters, not blank, not curly-quoted."""
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs") or char in _INVISIBLE:
            raise PydanticCustomError(
                "scorecheck",
                "the name {name} holds the invisible character U+{code}: remove it",
                {"name": repr(value), "code": f"{ord(char):04X}"},
            )
    if not value.strip():
        raise PydanticCustomError("scorecheck", "a name cannot be blank", {})
    if len(value) > 1 and value[0] in _CURLY_QUOTES and value[-1] in _CURLY_QUOTES:
        raise PydanticCustomError(
            "scorecheck",
            "the name {name} is wrapped in curly quotes, which YAML keeps as part of the "
            'name: type straight quotes (") or none',
            {"name": repr(value)},
        )
    return value


_TEXT_OR_LIST = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
WallRow = Annotated[
    str,
    BeforeValidator(wall_row),
    WithJsonSchema({**_TEXT_OR_LIST, "description": "5 cells: '.', B Y R K W, or x"}),
]
LineText = Annotated[
    str,
    BeforeValidator(pattern_line),
    WithJsonSchema({**_TEXT_OR_LIST, "description": "colour letters; '.' and spaces ignored"}),
]
FloorText = Annotated[
    str,
    BeforeValidator(floor_line),
    WithJsonSchema(
        {
            "anyOf": [{"type": "string"}, {"type": "array"}],
            "description": "1 for the first-player marker, B Y R K W for tiles",
        }
    ),
]
Columns = Annotated[
    list[int | None],
    BeforeValidator(chosen_columns),
    WithJsonSchema(
        {
            "type": "array",
            "items": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 5}, {"type": "null"}]},
            "minItems": 5,
            "maxItems": 5,
            "description": "grey wall: the chosen wall column per pattern line, 1 to 5 or null",
        }
    ),
]
Names = Annotated[
    list[str],
    BeforeValidator(names),
    WithJsonSchema({**_TEXT_OR_LIST, "description": "a name, or a list of names for a shared win"}),
]
Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(plain_name)]
Score = Annotated[int, Field(ge=0, le=MAX_SCORE)]
Wall = Annotated[list[WallRow], Field(min_length=5, max_length=5)]
Lines = Annotated[list[LineText], Field(min_length=5, max_length=5)]
Variant = Literal["colored", "grey"]
EMPTY_WALL = ["....."] * 5
EMPTY_LINES = [""] * 5


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RoundClaims(_Model):
    """What the table said about one player's round."""

    points: list[Annotated[int, Field(ge=0, le=50)]] | None = None
    penalty: Annotated[int, Field(ge=-14, le=14)] | None = None
    score: Score | None = None
    wall: Wall | None = None
    final: Score | None = None


class FinalClaims(_Model):
    """What the table said about one player's final score."""

    final: Score | None = None


class WinnerClaims(_Model):
    """Document-level claim: who won."""

    winner: Names | None = None


class RoundBoard(_Model):
    """One player's board at the end of drafting."""

    name: Name | None = None
    score: Score = 0
    wall: Wall = Field(default_factory=lambda: list(EMPTY_WALL))
    lines: Lines = Field(default_factory=lambda: list(EMPTY_LINES))
    floor: FloorText = ""
    columns: Columns | None = None  # grey wall only (R9.1)
    claimed: RoundClaims | None = None


class RoundModel(_Model):
    """`kind: round`: boards before wall-tiling."""

    kind: Literal["round"]
    variant: Variant = "colored"
    players: Annotated[list[RoundBoard], Field(min_length=1)]
    claimed: WinnerClaims | None = None


class FinalBoard(_Model):
    """One player of a finished game."""

    name: Name | None = None
    score: Score
    wall: Wall
    claimed: FinalClaims | None = None


class FinalModel(_Model):
    """`kind: final`: a finished game's walls and scores."""

    kind: Literal["final"]
    variant: Variant = "colored"
    players: Annotated[list[FinalBoard], Field(min_length=1)]
    claimed: WinnerClaims | None = None


class GameEntryModel(_Model):
    """One player's lines and floor at the end of a round's drafting."""

    lines: Lines = Field(default_factory=lambda: list(EMPTY_LINES))
    floor: FloorText = ""
    columns: Columns | None = None  # grey wall only (R9.1)
    wall: Wall | None = None
    score: Score | None = None
    claimed: RoundClaims | None = None


class GameClaims(_Model):
    """Document-level claims of a game record."""

    final: dict[str, Score] | None = None
    winner: Names | None = None


class GameModel(_Model):
    """`kind: game`: a whole game record, round by round."""

    kind: Literal["game"]
    variant: Variant = "colored"
    players: Annotated[list[Name], Field(min_length=1)]
    rounds: list[dict[str, GameEntryModel]]
    finished: bool | None = None
    starts: list[Name] | None = None
    tiles: Literal["all", "some"] = "all"  # "some": a hand-made record, not every tile written
    claimed: GameClaims | None = None


DocumentModel = Annotated[RoundModel | FinalModel | GameModel, Field(discriminator="kind")]
KINDS = ("round", "final", "game")
