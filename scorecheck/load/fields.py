"""The field types of the input contract: each validator (validators.py) with its JSON Schema
fragment, built from cells.py's patterns; the models (models.py) are made of them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, JsonValue, WithJsonSchema

from scorecheck.core.limits import (
    MAX_CLAIMED_SCORE,
    MAX_NAME,
    MAX_SCORE,
)
from scorecheck.load.cells import (
    BLOCK_PATTERN,
    FLOOR_ITEM_PATTERN,
    FLOOR_PATTERN,
    LINE_ITEM_PATTERN,
    LINE_PATTERN,
    ROW_ITEM_PATTERN,
    ROW_PATTERN,
)
from scorecheck.load.validators import (
    NAME_PATTERN,
    chosen_columns,
    floor_line,
    names,
    pattern_line,
    plain_name,
    wall_row,
    wall_rows,
)


def _cells_schema(text: str, item: str, description: str) -> dict[str, Any]:
    """Text matching a pattern, or a list of items matching another (cells.py's patterns)."""
    return {
        "anyOf": [
            {"type": "string", "pattern": text},
            {"type": "array", "items": {"type": "string", "pattern": item}},
        ],
        "description": description,
    }


_ROW_SCHEMA = {
    "anyOf": [
        {"type": "string", "pattern": ROW_PATTERN},
        {  # five cells; '/' items are skipped
            "type": "array",
            "items": {"type": "string", "pattern": ROW_ITEM_PATTERN},
            "contains": {"type": "string", "pattern": r"^\s*[^\s/][\s\S]*$"},
            "minContains": 5,
            "maxContains": 5,
        },
    ],
    "description": "5 cells: '.', B Y R K W or a colour's name, or x",
}
WallRow = Annotated[str, BeforeValidator(wall_row), WithJsonSchema(_ROW_SCHEMA)]
LineText = Annotated[
    str,
    BeforeValidator(pattern_line),
    WithJsonSchema(
        _cells_schema(
            LINE_PATTERN,
            LINE_ITEM_PATTERN,
            "colours (letters or names), a count before a colour; '.' and spaces ignored",
        )
    ),
]
_FLOOR_SCHEMA = _cells_schema(
    FLOOR_PATTERN,
    FLOOR_ITEM_PATTERN,
    "1 or marker for the first-player marker, colours for tiles, a count before a colour",
)
FloorText = Annotated[
    str,
    BeforeValidator(floor_line),
    WithJsonSchema(
        {
            **_FLOOR_SCHEMA,
            "anyOf": [
                *_FLOOR_SCHEMA["anyOf"][:1],
                {  # a list may hold numbers: 1 the marker, 2 to 9 a count
                    "type": "array",
                    "items": {
                        "anyOf": [
                            {"type": "string", "pattern": FLOOR_ITEM_PATTERN},
                            {"type": "integer", "minimum": 1, "maximum": 9},
                        ]
                    },
                },
                {"enum": [int("1" * n) for n in range(1, 11)]},  # floor: 11, two markers
            ],
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
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "pattern": NAME_PATTERN},
                {
                    "type": "array",
                    "items": {"type": "string", "pattern": NAME_PATTERN},
                    "minItems": 1,
                },
            ],
            "description": "a name, or a list of names for a shared win",
        }
    ),
]
Name = Annotated[
    str,
    Field(min_length=1, max_length=MAX_NAME, json_schema_extra={"pattern": NAME_PATTERN}),
    AfterValidator(plain_name),
]
Score = Annotated[int, Field(ge=0, le=MAX_SCORE)]  # a score given: before a round or bonuses
# A score reached by the replay, claimed or recorded: every one it can reach (core/limits.py).
ReachedScore = Annotated[int, Field(ge=0, le=MAX_CLAIMED_SCORE)]
Wall = Annotated[
    list[WallRow],
    Field(min_length=5, max_length=5),
    BeforeValidator(wall_rows),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "array", "items": _ROW_SCHEMA, "minItems": 5, "maxItems": 5},
                {"type": "string", "pattern": BLOCK_PATTERN},  # wall: | with a row a line
            ],
            "description": "5 rows, top to bottom: a list, or a block of text with a row a line",
        }
    ),
]
Lines = Annotated[list[LineText], Field(min_length=5, max_length=5)]
Variant = Literal["colored", "grey"]
# Where a document came from (source, seed, table, date...): any plain values, which the
# checker ignores and the JSON report returns as they came.
Meta = Annotated[
    dict[str, JsonValue],
    Field(description="where the document came from; ignored by the checker, returned as given"),
]
