"""From validated models to domain documents, and from validation errors to located messages."""

from __future__ import annotations

import difflib
import types
import typing
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from scorecheck.core.documents import (
    Claims,
    Document,
    FinalDocument,
    FinalPlayer,
    GameDocument,
    GameEntry,
    RoundDocument,
    RoundPlayer,
)
from scorecheck.core.tiles import (
    SIZE,
    Board,
    Color,
    PatternLine,
    Variant,
    Wall,
    parse_floor,
    printed_color,
)
from scorecheck.core.violations import Path
from scorecheck.load import models as m
from scorecheck.load.models import describe
from scorecheck.load.source import NO_DOCUMENT, DocumentSource


class ContractError(Exception):
    """Problems that make a document unusable: (message, path, point at the key) each."""

    def __init__(self, problems: list[tuple[str, Path, bool]]) -> None:
        super().__init__(problems[0][0])
        self.problems = problems


# --- Models to domain -----------------------------------------------------------------------------


def to_wall(rows: Sequence[str]) -> Wall:
    """A domain wall from validated rows; 'X' is a tile of the printed colour (R2)."""
    cells: list[Color | None] = []
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            if letter == ".":
                cells.append(None)
            elif letter == "X":
                cells.append(printed_color(r, c))
            else:
                cells.append(Color(letter))
    return Wall(tuple(cells))


def to_lines(lines: Sequence[str]) -> tuple[PatternLine, ...]:
    """Domain pattern lines from validated line texts, top to bottom."""
    return tuple(PatternLine.parse(i, text) for i, text in enumerate(lines))


def to_columns(columns: Sequence[int | None] | None) -> tuple[int | None, ...]:
    """Chosen grey-wall columns, 0-based; None where no column is given (R9.1)."""
    if columns is None:
        return (None,) * SIZE
    return tuple(None if c is None else c - 1 for c in columns)


def _claimed_wall(claims: m.RoundClaims | None) -> list[str] | None:
    return None if claims is None else claims.wall


def variant_problems(model: BaseModel) -> list[tuple[str, Path, bool]]:
    """'x' on a grey wall (no colour is printed there) and columns on the coloured side."""
    walls: list[tuple[Path, Sequence[str] | None]] = []
    columns: list[tuple[Path, object]] = []
    if isinstance(model, m.FinalModel):
        walls += [(("players", i, "wall"), p.wall) for i, p in enumerate(model.players)]
    elif isinstance(model, m.RoundModel):
        for i, p in enumerate(model.players):
            walls.append((("players", i, "wall"), p.wall))
            walls.append((("players", i, "claimed", "wall"), _claimed_wall(p.claimed)))
            columns.append((("players", i, "columns"), p.columns))
    elif isinstance(model, m.GameModel):
        for r, entries in enumerate(model.rounds):
            for name, e in entries.items():
                walls.append((("rounds", r, name, "wall"), e.wall))
                walls.append((("rounds", r, name, "claimed", "wall"), _claimed_wall(e.claimed)))
                columns.append((("rounds", r, name, "columns"), e.columns))
    if getattr(model, "variant", None) != "grey":
        message = (
            "columns are for the grey wall only (variant: grey, R9.1); on the coloured side "
            "each colour has its printed cell (R2)"
        )
        return [(message, path, True) for path, given in columns if given is not None]
    return [
        (
            f"x at row {r + 1}, column {c + 1} means 'a tile of the printed colour', but the "
            "grey wall prints no colours (R9.1): write the tile's letter, B Y R K or W",
            (*path, r, c),
            False,
        )
        for path, rows in walls
        for r, row in enumerate(rows or ())
        for c, letter in enumerate(row)
        if letter == "X"
    ]


def to_claims(claims: m.RoundClaims | None) -> Claims:
    """Domain claims; penalty 2 and -2 both mean 'lost 2'."""
    if claims is None:
        return Claims()
    return Claims(
        points=None if claims.points is None else tuple(claims.points),
        penalty=claims.penalty,
        score=claims.score,
        wall=None if claims.wall is None else to_wall(claims.wall),
        final=claims.final,
    )


def _player_names(given: Sequence[str | None], path: Path) -> list[str]:
    result = [name if name is not None else f"Player {i + 1}" for i, name in enumerate(given)]
    problems = []
    seen: set[str] = set()  # a set: a list here made 20,000 players take seconds
    for i, name in enumerate(result):
        if name in seen:
            problems.append(
                (
                    f"the name {name!r} is used twice: each player needs their own",
                    (*path, i, "name") if given[i] is not None else (*path, i),
                    False,
                )
            )
        seen.add(name)
    if problems:
        raise ContractError(problems)
    return result


def _winner(claims: m.WinnerClaims | m.GameClaims | None) -> tuple[str, ...] | None:
    return None if claims is None or claims.winner is None else tuple(claims.winner)


def to_document(model: BaseModel, source: DocumentSource) -> Document:
    """The domain document for a validated model; cross-field problems raise ContractError."""
    problems = variant_problems(model)
    if problems:
        raise ContractError(problems)
    if isinstance(model, m.RoundModel):
        names = _player_names([p.name for p in model.players], ("players",))
        players = tuple(
            RoundPlayer(
                Board(
                    name,
                    p.score,
                    to_wall(p.wall),
                    to_lines(p.lines),
                    parse_floor(p.floor),
                    to_columns(p.columns),
                ),
                to_claims(p.claimed),
                ("players", i),
            )
            for i, (name, p) in enumerate(zip(names, model.players, strict=True))
        )
        return RoundDocument(players, Variant(model.variant), _winner(model.claimed), source)
    if isinstance(model, m.FinalModel):
        names = _player_names([p.name for p in model.players], ("players",))
        finals = tuple(
            FinalPlayer(
                name,
                to_wall(p.wall),
                p.score,
                None if p.claimed is None else p.claimed.final,
                ("players", i),
            )
            for i, (name, p) in enumerate(zip(names, model.players, strict=True))
        )
        return FinalDocument(finals, Variant(model.variant), _winner(model.claimed), source)
    assert isinstance(model, m.GameModel)
    return _to_game(model, source)


def _to_game(model: m.GameModel, source: DocumentSource) -> GameDocument:
    players = _player_names(model.players, ("players",))
    problems: list[tuple[str, Path, bool]] = []
    rounds = []
    for r, entries in enumerate(model.rounds):
        for name in entries:
            if name not in players:
                problems.append((_not_a_player(name, players), ("rounds", r, name), True))
        for name in players:
            if name not in entries:
                problems.append(
                    (
                        f"round {r + 1} has no entry for {name}: give their lines "
                        "and floor (empty ones are fine)",
                        ("rounds", r),
                        False,
                    )
                )
        rounds.append(
            tuple(
                GameEntry(
                    to_lines(e.lines),
                    parse_floor(e.floor),
                    to_claims(e.claimed),
                    to_columns(e.columns),
                    None if e.wall is None else to_wall(e.wall),
                    e.score,
                    ("rounds", r, name),
                )
                for name in players
                if (e := entries.get(name)) is not None
            )
        )
    claimed = model.claimed
    final_claims = tuple((claimed.final or {}).items()) if claimed else ()
    for name, _ in final_claims:
        if name not in players:
            problems.append((_not_a_player(name, players), ("claimed", "final", name), True))
    for i, name in enumerate(model.starts or ()):
        if name not in players:
            problems.append((_not_a_player(name, players), ("starts", i), False))
    if problems:
        raise ContractError(problems)
    return GameDocument(
        tuple(players),
        tuple(rounds),
        Variant(model.variant),
        final_claims,
        _winner(claimed),
        model.finished,
        None if model.starts is None else tuple(model.starts),
        source,
        all_tiles=model.tiles == "all",
    )


def _not_a_player(name: str, players: Sequence[str]) -> str:
    return f"{name!r} is not a player{_did_you_mean(name, players)} (players: {', '.join(players)})"


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


# --- Validation errors to messages ----------------------------------------------------------------

_KIND_MODELS: dict[str, type[BaseModel]] = {
    "round": m.RoundModel,
    "final": m.FinalModel,
    "game": m.GameModel,
}
_COUNTED = {
    "wall": (5, "a wall has 5 rows, top to bottom"),
    "lines": (5, "there are 5 pattern lines, top (1 place) to bottom (5 places)"),
}
_ENTRY_NAMES = {"players": "player", "wall": "wall row", "lines": "pattern line", "rounds": "round"}


def field_name(loc: Path) -> str:
    """What a path names, for people: 'score', 'player 2', 'wall row 3', 'entry 1 of points'."""
    if not loc:
        return "the document"
    last = loc[-1]
    if len(loc) == 3 and loc[0] == "rounds" and isinstance(loc[1], int):
        return f"{last}'s entry in round {loc[1] + 1}"
    if isinstance(last, int):
        parent = str(loc[-2]) if len(loc) > 1 else "the document"
        if parent in _ENTRY_NAMES:
            return f"{_ENTRY_NAMES[parent]} {last + 1}"
        return f"entry {last + 1} of {parent}"
    return str(last)


def _number_hint(value: object) -> str:
    """Advice when a whole number was expected: '3.0' → 'write 3', '"3"' → 'no quotes'."""
    if isinstance(value, float) and value.is_integer():
        return f" (write {int(value)})"
    if isinstance(value, str):
        plain = unicodedata.normalize("NFKC", value).strip()
        if plain.lstrip("-").isdigit() and plain.isascii():
            if plain == value:
                return " (remove the quotes)"
            return f" (type it as {plain})"
    return ""


def _text_hint(value: object) -> str:
    """Advice when text was expected but a number, boolean or null came."""
    if isinstance(value, bool):
        return f' (put it in quotes: "{str(value).lower()}")'
    if isinstance(value, int | float):
        return f' (put it in quotes: "{value}")'
    return ""


def _mapping_hint(value: object) -> str:
    """Advice when a mapping was expected: 'name:Anna' lacks the space after ':'."""
    if isinstance(value, str) and ":" in value and ": " not in value:
        return " (put a space after ':')"
    return ""


def _expected_count(kind: str, field: str, ctx: dict[str, Any]) -> str:
    if field in _COUNTED:
        count, why = _COUNTED[field]
        return f"expected {count}: {why}"
    if kind == "too_short":
        return f"expected at least {ctx.get('min_length')}"
    return f"expected at most {ctx.get('max_length')}"


def _kind_key(document: object) -> str | None:
    """A key of the document that looks like a misspelt 'kind' ('Kind', 'knd')."""
    if not isinstance(document, dict):
        return None
    close = difflib.get_close_matches("kind", [str(k).lower() for k in document], n=1, cutoff=0.6)
    for key in document:
        if close and str(key).lower() == close[0]:
            return str(key)
    return None


def _invisible(key: str, accepted: Sequence[str]) -> str:
    """A hint when a key differs from an accepted one only by invisible or odd characters."""
    plain = "".join(c for c in unicodedata.normalize("NFKC", key) if c.isprintable()).strip()
    if plain != key and plain in accepted:
        odd = next(c for c in key if c not in plain or not c.isprintable() or c.isspace())
        name = unicodedata.name(odd, "a control character")
        return f"; it holds U+{ord(odd):04X} {name}: type {plain!r}"
    return ""


def error_problem(error: ErrorDetails, document: object = None) -> tuple[str, Path, bool]:
    """A human message for one pydantic error, the path it concerns, and whether it names a key."""
    loc: Path = tuple(error["loc"])
    kind = error["type"]
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    if loc and loc[0] in _KIND_MODELS:
        model: type[BaseModel] | None = _KIND_MODELS[str(loc[0])]
        loc = loc[1:]
    else:
        model = None
    given = error["input"]
    got = describe(given)
    field = field_name(loc)
    if kind == "scorecheck":
        cell = ctx.get("cell")
        return error["msg"], loc + ((cell,) if isinstance(cell, int) else ()), False
    if kind == "union_tag_not_found":
        near = _kind_key(document)
        if near is not None:
            return f"the key {near!r} should be 'kind': {NO_DOCUMENT}", (near,), True
        return f"the key 'kind' is missing: {NO_DOCUMENT}", (), False
    if kind == "union_tag_invalid":
        tag = document.get("kind") if isinstance(document, dict) else ctx.get("tag")
        if not isinstance(tag, str):
            return f"kind must be round, final or game, got {describe(tag)}", ("kind",), False
        return (
            f"unknown kind {tag!r}: expected round, final or game"
            f"{_did_you_mean(tag.lower(), m.KINDS)}",
            ("kind",),
            False,
        )
    if kind == "model_attributes_type" or (kind in ("model_type", "dict_type") and not loc):
        return f"{NO_DOCUMENT}, got {got}{_mapping_hint(given)}", loc, False
    if kind == "extra_forbidden":
        accepted = _fields_at(model, loc[:-1])
        hint = _invisible(field, accepted) or _did_you_mean(field, accepted)
        listing = f" (accepted here: {', '.join(accepted)})" if accepted else ""
        return f"unknown key {field!r}{hint}{listing}", loc, True
    if kind == "missing":
        return f"{field_name(loc[:-1])} needs the key {field!r}", loc[:-1], False
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"{field} must be a whole number, got {got}{_number_hint(given)}", loc, False
    if kind == "greater_than_equal":
        return f"{field} must be at least {ctx.get('ge')}, got {got}", loc, False
    if kind == "less_than_equal":
        return f"{field} must be at most {ctx.get('le')}, got {got}", loc, False
    if kind == "string_too_short":
        return f"{field} cannot be empty", loc, False
    if kind == "string_too_long":
        return f"{field} is longer than {ctx.get('max_length')} characters", loc, False
    if kind == "string_type":
        return f"{field} must be text, got {got}{_text_hint(given)}", loc, False
    if kind == "bool_type":
        only = " (only true and false are booleans)" if isinstance(given, str) else ""
        return f"{field} must be true or false, got {got}{only}", loc, False
    if kind == "literal_error":
        return f"{field} must be {ctx.get('expected')}, got {got}", loc, False
    if kind in ("list_type", "tuple_type"):
        why = f": {_COUNTED[field][1]}" if field in _COUNTED else ""
        if field == "players" and isinstance(given, dict):
            why = ": write each player on a line that starts with '- '"
        return f"{field} must be a list, got {got}{why}", loc, False
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return (
            f"{field} must be a mapping (key: value), got {got}{_mapping_hint(given)}",
            loc,
            False,
        )
    if kind in ("too_short", "too_long"):
        count = len(given) if isinstance(given, list | dict) else "?"
        return f"{field} has {count} entries, {_expected_count(kind, field, ctx)}", loc, False
    return f"{field}: {error['msg']}", loc, False


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
