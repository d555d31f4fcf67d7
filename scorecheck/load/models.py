"""The input contract as pydantic models: what a round, final or game document may hold.

Cells, lines and floors are checked by small validators with messages written for people;
their normalised forms are plain strings ('.B..Y', 'YY', '1R') that the converter reads.
A validator's message is a Phrase carried in the error's context (see `refusal`), so that it
is translated where it is shown.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from scorecheck.core.limits import (
    MAX_CLAIMED_POINTS,
    MAX_CLAIMED_SCORE,
    MAX_NAME,
    MAX_PENALTY,
    MAX_SCORE,
)
from scorecheck.core.violations import Phrase
from scorecheck.load.source import shortened

COLOR_LETTERS = "BYRKW"


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
    "wall row": (Phrase("a wall row", domain="input"), "'.B..Y'"),
    "pattern line": (Phrase("a pattern line", domain="input"), "'YY'"),
    "floor": (Phrase("a floor", domain="input"), "'1 R R'"),
}


def _cells(value: Any, shape: str) -> list[str]:
    """A string of cells (spaces ignored) or a list of one-character strings."""
    if isinstance(value, str):
        return [c for c in value if c not in " \t"]
    if isinstance(value, list) and all(isinstance(c, str) for c in value):
        return [c.strip() for c in value]
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
        shown = shown if len(shown) <= 20 else shown[:12] + "…"
        return Phrase("the number {value}", {"value": shown}, domain="input")
    if isinstance(value, dict):
        return Phrase("a mapping", domain="input")
    if isinstance(value, list):
        return Phrase("a list", domain="input")
    if isinstance(value, str) and len(value) > 40:
        return shortened(repr(value[:30]), len(value))
    return repr(value)


_CURLY_QUOTES = "“”„‘’‚«»「」"


def _bad_letter(letter: str, index: int, shape: str, accepted: Phrase) -> PydanticCustomError:
    hint: Phrase | str = ""
    if letter in _CURLY_QUOTES:
        hint = Phrase(
            " (curly quotes are not quotes in YAML: type straight ones, \" or ')", domain="input"
        )
    elif unicodedata.normalize("NFKC", letter).upper() in COLOR_LETTERS + "1.":
        plain = repr(unicodedata.normalize("NFKC", letter))
        hint = Phrase(" (a full-width letter: type {letter})", {"letter": plain}, domain="input")
    return refusal(
        Phrase(
            "unknown letter {letter} in {what}: use {accepted}{hint}",
            {"letter": repr(letter), "what": _SHAPES[shape][0], "accepted": accepted, "hint": hint},
            domain="input",
        ),
        index,
    )


def wall_row(value: Any) -> str:
    """A wall row: five cells, '.' empty, B Y R K W a tile, x a tile of the printed colour."""
    cells = [c for c in _cells(value, "wall row") if c != "/"]
    for i, c in enumerate(cells):
        if len(c) != 1 or (c.upper() not in COLOR_LETTERS + "X" and c != "."):
            raise _bad_letter(
                c,
                i,
                "wall row",
                Phrase(
                    "B Y R K W for tiles, x for a tile of the printed colour, "
                    "'.' for an empty cell",
                    domain="input",
                ),
            )
    if len(cells) != 5:
        raise refusal(
            Phrase(
                "a wall row has 5 cells, got {count} in {row}",
                {"count": len(cells), "row": repr("".join(cells))},
                domain="input",
            )
        )
    return "".join(c.upper() for c in cells)


def pattern_line(value: Any) -> str:
    """A pattern line: colour letters; '.' and spaces ignored."""
    cells = [c for c in _cells(value, "pattern line") if c not in ".:"]
    for i, c in enumerate(cells):
        if len(c) != 1 or c.upper() not in COLOR_LETTERS:
            accepted = Phrase("B Y R K W ('.' and spaces are ignored)", domain="input")
            raise _bad_letter(c, i, "pattern line", accepted)
    return "".join(c.upper() for c in cells)


def floor_line(value: Any) -> str:
    """A floor: 1 for the first-player marker, colour letters for tiles."""
    if isinstance(value, list):
        value = [str(v) if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    cells = [c for c in _cells(value, "floor") if c != "."]
    for i, c in enumerate(cells):
        if len(c) != 1 or c.upper() not in COLOR_LETTERS + "1":
            accepted = Phrase("1 for the first-player marker, B Y R K W for tiles", domain="input")
            raise _bad_letter(c, i, "floor", accepted)
    return "".join(c.upper() for c in cells)


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


# Invisible characters that reorder the text around a name, or hide in it (zero-width
# joiners stay: some scripts and emoji need them).
_INVISIBLE = set(
    "\u061c\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2060\u2066\u2067\u2068\u2069\ufeff"
)


def plain_name(value: str) -> str:
    """A player's name as printed: no control or bidi characters, not blank, not curly-quoted."""
    for char in value:
        if unicodedata.category(char) in ("Cc", "Cs") or char in _INVISIBLE:
            raise refusal(
                Phrase(
                    "the name {name} holds the invisible character U+{code}: remove it",
                    {"name": repr(value), "code": f"{ord(char):04X}"},
                    domain="input",
                )
            )
    if not value.strip():
        raise refusal(Phrase("a name cannot be blank", domain="input"))
    if len(value) > 1 and value[0] in _CURLY_QUOTES and value[-1] in _CURLY_QUOTES:
        raise refusal(
            Phrase(
                "the name {name} is wrapped in curly quotes, which YAML keeps as part of the "
                'name: type straight quotes (") or none',
                {"name": repr(value)},
                domain="input",
            )
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
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME), AfterValidator(plain_name)]
Score = Annotated[int, Field(ge=0, le=MAX_SCORE)]  # a score given: before a round or bonuses
# A score reached by the replay, claimed or recorded: every one it can reach (core/limits.py).
ReachedScore = Annotated[int, Field(ge=0, le=MAX_CLAIMED_SCORE)]
Wall = Annotated[list[WallRow], Field(min_length=5, max_length=5)]
Lines = Annotated[list[LineText], Field(min_length=5, max_length=5)]
Variant = Literal["colored", "grey"]
EMPTY_WALL = ["....."] * 5
EMPTY_LINES = [""] * 5


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class RoundClaims(_Model):
    """What the table said about one player's round."""

    points: list[Annotated[int, Field(ge=0, le=MAX_CLAIMED_POINTS)]] | None = None
    penalty: Annotated[int, Field(ge=-MAX_PENALTY, le=MAX_PENALTY)] | None = None
    score: ReachedScore | None = None
    wall: Wall | None = None
    final: ReachedScore | None = None


class FinalClaims(_Model):
    """What the table said about one player's final score."""

    final: ReachedScore | None = None


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
    score: ReachedScore | None = None
    claimed: RoundClaims | None = None


class GameClaims(_Model):
    """Document-level claims of a game record."""

    final: dict[str, ReachedScore] | None = None
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
