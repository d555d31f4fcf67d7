"""The input contract as pydantic models: what a round, final or game document may hold.

The models are made of the field types of fields.py, each a validator of validators.py (cells,
lines, floors, columns, names, with messages written for people) and its schema fragment.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from scorecheck.core.limits import (
    MAX_CLAIMED_POINTS,
    MAX_PENALTY,
)
from scorecheck.load.contract import (
    DEFAULT_SCORE,
    EMPTY_FLOOR,
    EMPTY_LINES,
    EMPTY_WALL,
)
from scorecheck.load.fields import (
    Columns,
    FloorText,
    Lines,
    Meta,
    Name,
    Names,
    ReachedScore,
    Score,
    Variant,
    Wall,
)
from scorecheck.load.validators import some_rounds


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# What convert.variant_problems refuses, said in the schema: on the grey side no wall holds
# x (nothing is printed there, R9.1), and only the grey side takes chosen columns.
_HOLDS_X: dict[str, Any] = {
    "anyOf": [
        {"type": "string", "pattern": "[xX]"},  # a row or a picture: no colour word has an x
        {
            "type": "array",
            "contains": {
                "anyOf": [
                    {"type": "string", "pattern": "[xX]"},
                    {"type": "array", "contains": {"type": "string", "pattern": r"^\s*[xX]\s*$"}},
                ]
            },
        },
    ]
}
_NO_X = {"not": _HOLDS_X}
_NO_COLUMNS = {"type": "null"}


def _by_variant(grey: dict[str, Any], colored: dict[str, Any]) -> dict[str, Any]:
    """A model's schema constraints for the grey side and for the coloured side."""
    return {
        "if": {"properties": {"variant": {"const": "grey"}}, "required": ["variant"]},
        "then": grey,
        "else": colored,
    }


def _board_walls(wall: dict[str, Any], columns: dict[str, Any] | None) -> dict[str, Any]:
    board: dict[str, Any] = {"wall": wall, "claimed": {"properties": {"wall": wall}}}
    if columns is not None:
        board["columns"] = columns
    return {"properties": board}


_ROUND_BY_VARIANT = _by_variant(
    {"properties": {"players": {"items": _board_walls(_NO_X, None)}}},
    {"properties": {"players": {"items": _board_walls({}, _NO_COLUMNS)}}},
)
_FINAL_BY_VARIANT = _by_variant(
    {"properties": {"players": {"items": _board_walls(_NO_X, None)}}}, {}
)
_GAME_BY_VARIANT = _by_variant(
    {"properties": {"rounds": {"items": {"additionalProperties": _board_walls(_NO_X, None)}}}},
    {"properties": {"rounds": {"items": {"additionalProperties": _board_walls({}, _NO_COLUMNS)}}}},
)


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
    score: Score = DEFAULT_SCORE
    wall: Wall = Field(default_factory=lambda: list(EMPTY_WALL))
    lines: Lines = Field(default_factory=lambda: list(EMPTY_LINES))
    floor: FloorText = EMPTY_FLOOR
    columns: Columns | None = None  # grey wall only (R9.1)
    claimed: RoundClaims | None = None


class RoundModel(_Model):
    """`kind: round`: boards before wall-tiling."""

    model_config = ConfigDict(json_schema_extra=_ROUND_BY_VARIANT)

    kind: Literal["round"]
    variant: Variant = "colored"
    players: Annotated[list[RoundBoard], Field(min_length=1)]
    claimed: WinnerClaims | None = None
    meta: Meta | None = None


class FinalBoard(_Model):
    """One player of a finished game."""

    name: Name | None = None
    score: Score
    wall: Wall
    claimed: FinalClaims | None = None


class FinalModel(_Model):
    """`kind: final`: a finished game's walls and scores."""

    model_config = ConfigDict(json_schema_extra=_FINAL_BY_VARIANT)

    kind: Literal["final"]
    variant: Variant = "colored"
    players: Annotated[list[FinalBoard], Field(min_length=1)]
    claimed: WinnerClaims | None = None
    meta: Meta | None = None


class GameEntryModel(_Model):
    """One player's lines and floor at the end of a round's drafting."""

    lines: Lines = Field(default_factory=lambda: list(EMPTY_LINES))
    floor: FloorText = EMPTY_FLOOR
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

    model_config = ConfigDict(json_schema_extra=_GAME_BY_VARIANT)

    kind: Literal["game"]
    variant: Variant = "colored"
    players: Annotated[list[Name], Field(min_length=1)]
    rounds: Annotated[
        list[dict[str, GameEntryModel]], Field(min_length=1), BeforeValidator(some_rounds)
    ]
    finished: bool | None = None
    starts: list[Name] | None = None
    tiles: Literal["all", "some"] = "all"  # "some": a hand-made record, not every tile written
    claimed: GameClaims | None = None
    meta: Meta | None = None


DocumentModel = Annotated[RoundModel | FinalModel | GameModel, Field(discriminator="kind")]
