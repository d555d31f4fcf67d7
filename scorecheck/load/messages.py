"""pydantic's validation errors as located messages for people: what was given, what would
be accepted, and the closest accepted key or word.

Most error types say one thing in one place: their messages are the table _MESSAGES, read by
_message. error_problem answers the few that choose between messages or places.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from scorecheck.core.documents import KINDS
from scorecheck.core.violations import Path, Phrase, quoted, series
from scorecheck.load import models as m
from scorecheck.load.cells import CYRILLIC_LOOKALIKES, latin
from scorecheck.load.errors import NO_DOCUMENT, named_character
from scorecheck.load.validators import describe

# A problem that makes a document unusable: its message, the path it concerns, and whether
# to point at the key that names the path rather than at its value.
Problem = tuple[Phrase, Path, bool]


def did_you_mean(word: str, choices: Iterable[str]) -> Phrase | str:
    """'; did you mean 'score'?' when a choice is close to the word, else nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        return ""
    return Phrase("; did you mean {choice}?", {"choice": quoted(close[0])}, domain="input")


_KIND_MODELS: dict[str, type[BaseModel]] = {
    "round": m.RoundModel,
    "final": m.FinalModel,
    "game": m.GameModel,
}
# Lists of a fixed length: the length, why they have it, and a list of another length in the
# words of what it holds ('wall: 4 rows, 5 are needed').
_COUNTED = {
    "wall": (
        5,
        Phrase("a wall has 5 rows, top to bottom", domain="input"),
        Phrase(
            "{field}: {count} row, {needed} are needed (the wall's rows, top to bottom)",
            domain="input",
            many="{field}: {count} rows, {needed} are needed (the wall's rows, top to bottom)",
        ),
    ),
    "lines": (
        5,
        Phrase("there are 5 pattern lines, top (1 place) to bottom (5 places)", domain="input"),
        Phrase(
            "{field}: {count} pattern line, {needed} are needed (top to bottom, 1 to 5 places)",
            domain="input",
            many="{field}: {count} pattern lines, {needed} are needed (top to bottom, 1 to 5 "
            "places)",
        ),
    ),
}


def _entry_name(parent: str | Phrase, number: int) -> Phrase:
    """An entry of a list, for people: 'player 2', 'wall row 3', 'entry 1 of points'."""
    fields = {"number": number}
    if parent == "players":
        return Phrase("player {number}", fields, domain="input")
    if parent == "wall":
        return Phrase("wall row {number}", fields, domain="input")
    if parent == "lines":
        return Phrase("pattern line {number}", fields, domain="input")
    if parent == "rounds":
        return Phrase("round {number}", fields, domain="input")
    return Phrase("entry {number} of {key}", {**fields, "key": parent}, domain="input")


def field_name(loc: Path) -> Phrase | str:
    """What a path names, for people: 'score', 'player 2', 'wall row 3', 'entry 1 of points'.

    A key is given as it is written in the document (it is not translated).
    """
    if not loc:
        return Phrase("the document", domain="input")
    last = loc[-1]
    if len(loc) == 3 and loc[0] == "rounds" and isinstance(loc[1], int):
        return Phrase(
            "{name}'s entry in round {round}", {"name": last, "round": loc[1] + 1}, domain="input"
        )
    if isinstance(last, int):
        parent = str(loc[-2]) if len(loc) > 1 else Phrase("the document", domain="input")
        return _entry_name(parent, last + 1)
    return str(last)


def _number_hint(value: object) -> Phrase | str:
    """Advice when a whole number was expected: '3.0' → 'write 3', '"3"' → 'no quotes'."""
    if isinstance(value, float) and value.is_integer():
        return Phrase(" (write {number})", {"number": int(value)}, domain="input")
    if isinstance(value, str):
        plain = unicodedata.normalize("NFKC", value).strip()
        if plain.lstrip("-").isdigit() and plain.isascii():
            if plain == value:
                return Phrase(" (remove the quotes)", domain="input")
            return Phrase(" (type it as {number})", {"number": plain}, domain="input")
    return ""


def _text_hint(value: object) -> Phrase | str:
    """Advice when text was expected but a number, boolean or null came."""
    if isinstance(value, bool):
        return Phrase(' (put it in quotes: "{text}")', {"text": str(value).lower()}, domain="input")
    if isinstance(value, int | float):
        return Phrase(' (put it in quotes: "{text}")', {"text": value}, domain="input")
    return ""


def _mapping_hint(value: object) -> Phrase | str:
    """Advice when a mapping was expected: 'name:Anna' lacks the space after ':'."""
    if isinstance(value, str) and ":" in value and ": " not in value:
        return Phrase(" (put a space after ':')", domain="input")
    return ""


def _expected_count(kind: str, ctx: dict[str, Any]) -> Phrase:
    if kind == "too_short":
        return Phrase("expected at least {count}", {"count": ctx.get("min_length")}, domain="input")
    return Phrase("expected at most {count}", {"count": ctx.get("max_length")}, domain="input")


def _alternatives(expected: str) -> Phrase | str:
    """pydantic's "'colored' or 'grey'" as a translatable list of the same choices."""
    choices = [quoted(choice) for choice in re.findall(r"'([^']*)'", expected)]
    if len(choices) < 2:
        return expected
    return Phrase(
        "{choices} or {last}",
        {"choices": series(choices[:-1]), "last": choices[-1]},
        domain="input",
    )


def _kind_key(document: object) -> str | None:
    """A key of the document that looks like a misspelt 'kind' ('Kind', 'knd')."""
    if not isinstance(document, dict):
        return None
    close = difflib.get_close_matches("kind", [str(k).lower() for k in document], n=1, cutoff=0.6)
    for key in document:
        if close and str(key).lower() == close[0]:
            return str(key)
    return None


def _invisible(key: str, accepted: Sequence[str]) -> Phrase | str:
    """A hint when a key differs from an accepted one only by invisible or odd characters,
    or by Cyrillic letters that look Latin ('scоre' with a Cyrillic о)."""
    if key.startswith("\u3000") and key.strip("\u3000 "):
        return Phrase(
            "; it is indented with full-width spaces (U+3000): indent with half-width spaces",
            domain="input",
        )
    plain = "".join(c for c in unicodedata.normalize("NFKC", key) if c.isprintable()).strip()
    lookalike = next((c for c in key if c in CYRILLIC_LOOKALIKES), None)
    if lookalike is not None and "".join(map(latin, plain)) in accepted:
        return Phrase(
            "; it holds a Cyrillic {letter}: type {key}",
            {"letter": lookalike, "key": quoted("".join(map(latin, plain)))},
            domain="input",
        )
    if plain != key and plain in accepted:
        odd = next(c for c in key if c not in plain or not c.isprintable() or c.isspace())
        return Phrase(
            "; it holds {character}: type {key}",
            {"character": named_character(odd), "key": quoted(plain)},
            domain="input",
        )
    return ""


# --- The messages -------------------------------------------------------------------------------


class _Error(NamedTuple):
    """One pydantic error, as its message reads it; loc is inside the document's kind."""

    kind: str
    loc: Path
    field: Phrase | str  # what loc names, for people (field_name)
    given: object
    ctx: dict[str, Any]

    @property
    def fields(self) -> dict[str, object]:
        """The fields every message at a value has: {field} and {got}."""
        return {"field": self.field, "got": describe(self.given)}


def _with_hint(hint: Callable[[object], Phrase | str]) -> Callable[[_Error], dict[str, object]]:
    """Fields for a message whose {hint} is advice on the value given."""
    return lambda error: {**error.fields, "hint": hint(error.given)}


def _half_character(error: _Error) -> dict[str, object]:
    """The first lone surrogate of a text (JSON's \\ud800 without its pair), as its escape."""
    given = error.given if isinstance(error.given, str) else ""
    half = next((c for c in given if "\ud800" <= c <= "\udfff"), "\ud800")
    return {"field": error.field, "half": f"\\u{ord(half):04x}"}


def _only_booleans(given: object) -> Phrase | str:
    """Advice when true or false was expected and text came ('yes' is text in YAML 1.2)."""
    return (
        Phrase(" (only true and false are booleans)", domain="input")
        if isinstance(given, str)
        else ""
    )


def _literal_fields(error: _Error) -> dict[str, object]:
    expected = str(error.ctx.get("expected"))
    choices = [c.strip("'") for c in re.findall(r"'[^']*'", expected)]
    given = error.given
    return {
        **error.fields,
        "choices": _alternatives(expected),
        "hint": _invisible(given, choices) if isinstance(given, str) else "",
    }


def _length_fields(error: _Error) -> dict[str, object]:
    return {"field": error.field, "expected": _expected_count(error.kind, error.ctx)}


def _length(error: _Error) -> int:
    given = error.given
    return (
        len(given) if isinstance(given, list | dict) else int(error.ctx.get("actual_length") or 0)
    )


def _missing_fields(error: _Error) -> dict[str, object]:
    return {"field": field_name(error.loc[:-1]), "key": quoted(str(error.field))}


class _Message(NamedTuple):
    """A pydantic error type's message: the phrase, what fills its fields, its count if it is
    counted, and whether it stands at the value's parent (a missing key) or at the value."""

    phrase: Phrase
    fill: Callable[[_Error], dict[str, object]] = lambda error: error.fields
    counted: Callable[[_Error], int] | None = None
    at_parent: bool = False


_WHOLE_NUMBER = _Message(
    Phrase("{field} must be a whole number, got {got}{hint}", domain="input"),
    _with_hint(_number_hint),
)
_MAPPING = _Message(
    Phrase("{field} must be a mapping (key: value), got {got}{hint}", domain="input"),
    _with_hint(_mapping_hint),
)
_LENGTH = _Message(
    Phrase(
        "{field} has {count} entry, {expected}",
        domain="input",
        many="{field} has {count} entries, {expected}",
    ),
    _length_fields,
    _length,
)
# pydantic's error types and their messages, for those that say one thing in one place. The
# types that choose between messages or places are answered in error_problem.
_MESSAGES: dict[str, _Message] = {
    "missing": _Message(
        Phrase("{field} needs the key {key}", domain="input"), _missing_fields, at_parent=True
    ),
    "int_type": _WHOLE_NUMBER,
    "int_parsing": _WHOLE_NUMBER,
    "int_from_float": _WHOLE_NUMBER,
    "greater_than_equal": _Message(
        Phrase("{field} must be at least {limit}, got {got}", domain="input"),
        lambda error: {**error.fields, "limit": error.ctx.get("ge")},
    ),
    "less_than_equal": _Message(
        Phrase("{field} must be at most {limit}, got {got}", domain="input"),
        lambda error: {**error.fields, "limit": error.ctx.get("le")},
    ),
    "string_too_short": _Message(Phrase("{field} cannot be empty", domain="input")),
    "string_too_long": _Message(
        Phrase(
            "{field} is longer than {count} character",
            domain="input",
            many="{field} is longer than {count} characters",
        ),
        counted=lambda error: int(error.ctx.get("max_length") or 0),
    ),
    "string_type": _Message(
        Phrase("{field} must be text, got {got}{hint}", domain="input"), _with_hint(_text_hint)
    ),
    "bool_type": _Message(
        Phrase("{field} must be true or false, got {got}{hint}", domain="input"),
        _with_hint(_only_booleans),
    ),
    "literal_error": _Message(
        Phrase("{field} must be {choices}, got {got}{hint}", domain="input"), _literal_fields
    ),
    "string_unicode": _Message(
        Phrase(
            "{field} holds {half}, half of a character: an escape from \\ud800 to \\udfff "
            "stands only with its other half; write the character itself, or both of its "
            "escapes",
            domain="input",
        ),
        _half_character,
    ),
    "dict_type": _MAPPING,
    "model_type": _MAPPING,
    "too_short": _LENGTH,
    "too_long": _LENGTH,
}


def _message(error: _Error, message: _Message) -> Problem:
    """A table's message for an error, filled in, and where it stands."""
    count = None if message.counted is None else message.counted(error)
    phrase = dataclasses.replace(message.phrase, fields=message.fill(error), count=count)
    return phrase, error.loc[:-1] if message.at_parent else error.loc, False


def error_problem(details: ErrorDetails, document: object = None) -> Problem:
    """A human message for one pydantic error, the path it concerns, and whether it names a key."""
    loc: Path = tuple(details["loc"])
    kind = details["type"]
    ctx: dict[str, Any] = dict(details.get("ctx") or {})
    model = _KIND_MODELS.get(str(loc[0])) if loc else None
    if model is not None:
        loc = loc[1:]
    error = _Error(kind, loc, field_name(loc), details["input"], ctx)
    if kind == "scorecheck":  # the models' own refusals carry their phrase, and maybe a cell
        cell = ctx.get("cell")
        return ctx["phrase"], loc + ((cell,) if isinstance(cell, int) else ()), False
    if kind in ("union_tag_not_found", "union_tag_invalid"):
        return _kind_problem(kind, ctx, document)
    if kind == "model_attributes_type" or (kind in ("model_type", "dict_type") and not loc):
        return (
            Phrase(
                "{advice}, got {got}{hint}",
                {
                    "advice": NO_DOCUMENT,
                    "got": describe(error.given),
                    "hint": _mapping_hint(error.given),
                },
                domain="input",
            ),
            loc,
            False,
        )
    if kind == "extra_forbidden":
        return _unknown_key(error, model)
    if kind in ("list_type", "tuple_type"):
        return _not_a_list(error), loc, False
    if kind == "too_short" and error.field == "players":  # "0 entries, at least 1" counts no one
        return (
            Phrase(
                "{field} is empty: a document needs at least one player",
                {"field": error.field},
                domain="input",
            ),
            loc,
            False,
        )
    if kind in ("too_short", "too_long") and isinstance(error.field, str):
        counted = _COUNTED.get(error.field)
        if counted is not None:
            fields = {"field": error.field, "needed": counted[0]}
            return dataclasses.replace(counted[2], fields=fields, count=_length(error)), loc, False
    if kind in _MESSAGES:
        return _message(error, _MESSAGES[kind])
    return (
        Phrase(
            "{field}: {detail}", {"field": error.field, "detail": details["msg"]}, domain="input"
        ),
        loc,
        False,
    )


def _kind_problem(kind: str, ctx: dict[str, Any], document: object) -> Problem:
    """No 'kind', or one that is not round, final or game: said at the key that comes closest."""
    if kind == "union_tag_not_found":
        near = _kind_key(document)
        if near is not None:
            return (
                Phrase(
                    "the key {key} should be 'kind': {advice}",
                    {"key": quoted(near), "advice": NO_DOCUMENT},
                    domain="input",
                ),
                (near,),
                True,
            )
        missing = Phrase(
            "the key 'kind' is missing: {advice}", {"advice": NO_DOCUMENT}, domain="input"
        )
        return missing, (), False
    tag = document.get("kind") if isinstance(document, dict) else ctx.get("tag")
    if not isinstance(tag, str):
        return (
            Phrase(
                "kind must be round, final or game, got {got}",
                {"got": describe(tag)},
                domain="input",
            ),
            ("kind",),
            False,
        )
    return (
        Phrase(
            "unknown kind {kind}: expected round, final or game{suggestion}",
            {
                "kind": quoted(tag),
                "suggestion": _invisible(tag, KINDS) or did_you_mean(tag.lower(), KINDS),
            },
            domain="input",
        ),
        ("kind",),
        False,
    )


def _unknown_key(error: _Error, model: type[BaseModel] | None) -> Problem:
    """A key the model does not take, with the keys it does and the closest one."""
    key = str(error.field)
    accepted = _fields_at(model, error.loc[:-1])
    hint = _invisible(key, accepted) or did_you_mean(key, accepted)
    message = (
        Phrase(
            "unknown key {key}{hint} (accepted here: {accepted})",
            {"key": quoted(key), "hint": hint, "accepted": series(accepted)},  # ja lists with 、
            domain="input",
        )
        if accepted
        else Phrase("unknown key {key}{hint}", {"key": quoted(key), "hint": hint}, domain="input")
    )
    return message, error.loc, True


def _not_a_list(error: _Error) -> Phrase:
    """A list was expected; for the lists of a fixed length, and players, why."""
    field = error.field
    why = _COUNTED[field][1] if isinstance(field, str) and field in _COUNTED else None
    if field == "players" and isinstance(error.given, dict):
        why = Phrase("start each player with '- ', for example '- name: Anna'", domain="input")
    if why is None:
        return Phrase("{field} must be a list, got {got}", error.fields, domain="input")
    return Phrase(
        "{field} must be a list, got {got}: {why}", {**error.fields, "why": why}, domain="input"
    )


def _fields_at(model: type[BaseModel] | None, loc: Path) -> list[str]:
    """The keys a model accepts at a location, found by walking its field types."""
    current: Any = model
    for step in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel) and isinstance(step, str):
            info = current.model_fields.get(step)
            current = info.annotation if info else None
        elif typing.get_origin(current) in (list, dict):
            current = typing.get_args(current)[-1]
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    if model is None and not loc:
        return ["kind"]
    return []


def _unwrap(tp: Any) -> Any:
    """Strip Optional and Annotated from a field type."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp
