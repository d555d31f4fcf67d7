"""From validated models to domain documents, and from validation errors to located messages."""

from __future__ import annotations

import difflib
import re
import types
import typing
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from scorecheck.core.documents import (
    KINDS,
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
from scorecheck.core.violations import Path, Phrase, SourceMap, Violation, locate
from scorecheck.load import models as m
from scorecheck.load.cells import CYRILLIC_LOOKALIKES, latin
from scorecheck.load.contract import default_name
from scorecheck.load.models import describe
from scorecheck.load.source import NO_DOCUMENT

# A problem that makes a document unusable: its message, the path it concerns, and whether
# to point at the key that names the path rather than at its value.
Problem = tuple[Phrase, Path, bool]


class ContractError(Exception):
    """Problems that make a document unusable."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(str(problems[0][0]))
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


def variant_problems(model: BaseModel) -> list[Problem]:
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
        message = Phrase(
            "columns are for the grey wall only (variant: grey, R9.1); on the coloured side "
            "each colour has its printed cell (R2)",
            domain="input",
        )
        return [(message, path, True) for path, given in columns if given is not None]
    return [
        (
            Phrase(
                "x at row {row}, column {column} means 'a tile of the printed colour', but the "
                "grey wall prints no colours (R9.1): write the tile's letter, B Y R K or W",
                {"row": r + 1, "column": c + 1},
                domain="input",
            ),
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
    result = [name if name is not None else default_name(i) for i, name in enumerate(given)]
    problems = []
    first: dict[str, int] = {}  # a dict: a list here made 20,000 players take seconds
    for i, name in enumerate(result):
        j = first.setdefault(name, i)
        if j == i:
            continue
        if (given[i] is None) != (given[j] is None):
            # A written name that is another board's default ('Player 1' for an unnamed
            # first board): said where it is written, naming the board without a name.
            written, unnamed = (i, j) if given[j] is None else (j, i)
            message = Phrase(
                "the name {name} is the one player {number} gets for having no name: "
                "name player {number}, or choose another name here",
                {"name": repr(name), "number": unnamed + 1},
                domain="input",
            )
            problems.append((message, (*path, written, "name"), False))
            continue
        problems.append(
            (
                Phrase(
                    "the name {name} is used twice: each player needs their own",
                    {"name": repr(name)},
                    domain="input",
                ),
                (*path, i, "name") if given[i] is not None else (*path, i),
                False,
            )
        )
    if problems:
        raise ContractError(problems)
    return result


_AND = re.compile(r"\s*,\s*|\s+and\s+|\s*&\s*")


def _winner(
    claims: m.WinnerClaims | m.GameClaims | None, players: Sequence[str]
) -> tuple[str, ...] | None:
    """The claimed winners; 'Ivan and Jana' (as the report itself writes a shared win) or
    'Ivan, Jana' is two names when it is not one player's name and both parts are."""
    if claims is None or claims.winner is None:
        return None
    names: list[str] = []
    for given in claims.winner:
        parts = _AND.split(given.strip())
        shared = given not in players and len(parts) > 1 and all(p in players for p in parts)
        names += parts if shared else [given]
    return tuple(names)


def to_document(model: BaseModel, source: SourceMap) -> Document:
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
        return RoundDocument(
            players,
            Variant(model.variant),
            _winner(model.claimed, names),
            source,
            _lonely_scores(model, source),
        )
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
        return FinalDocument(finals, Variant(model.variant), _winner(model.claimed, names), source)
    assert isinstance(model, m.GameModel)
    return _to_game(model, source)


def _lonely_scores(model: m.RoundModel, source: SourceMap) -> tuple[Violation, ...]:
    """A board after the first that gives a score and nothing else: most often the score of
    the board above, with a stray '- ' before it (SC005)."""
    return tuple(
        Violation("SC005", {"number": i + 1, "score": p.score}, locate(source, ("players", i)))
        for i, p in enumerate(model.players)
        if i > 0 and p.model_fields_set == {"score"}
    )


def _to_game(model: m.GameModel, source: SourceMap) -> GameDocument:
    players = _player_names(model.players, ("players",))
    problems: list[Problem] = []
    rounds = []
    for r, entries in enumerate(model.rounds):
        for name in entries:
            if name not in players:
                problems.append((_not_a_player(name, players), ("rounds", r, name), True))
        for name in players:
            if name not in entries:
                problems.append(
                    (
                        Phrase(
                            "round {round} has no entry for {name}: give their lines "
                            "and floor (empty ones are fine)",
                            {"round": r + 1, "name": name},
                            domain="input",
                        ),
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
        _winner(claimed, players),
        model.finished,
        None if model.starts is None else tuple(model.starts),
        source,
        all_tiles=model.tiles == "all",
    )


def _not_a_player(name: str, players: Sequence[str]) -> Phrase:
    return Phrase(
        "{name} is not a player{suggestion} (players: {players})",
        {
            "name": repr(name),
            "suggestion": _did_you_mean(name, players),
            "players": ", ".join(players),
        },
        domain="input",
    )


def _did_you_mean(word: str, choices: Iterable[str]) -> Phrase | str:
    """'; did you mean 'score'?' when a choice is close to the word, else nothing."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if not close:
        return ""
    return Phrase("; did you mean {choice}?", {"choice": repr(close[0])}, domain="input")


# --- Validation errors to messages ----------------------------------------------------------------

_KIND_MODELS: dict[str, type[BaseModel]] = {
    "round": m.RoundModel,
    "final": m.FinalModel,
    "game": m.GameModel,
}
# Lists of a fixed length, and why they have it.
_COUNTED = {
    "wall": (5, Phrase("a wall has 5 rows, top to bottom", domain="input")),
    "lines": (
        5,
        Phrase("there are 5 pattern lines, top (1 place) to bottom (5 places)", domain="input"),
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


def _expected_count(kind: str, field: Phrase | str, ctx: dict[str, Any]) -> Phrase:
    if isinstance(field, str) and field in _COUNTED:
        count, why = _COUNTED[field]
        return Phrase("expected {count}: {why}", {"count": count, "why": why}, domain="input")
    if kind == "too_short":
        return Phrase("expected at least {count}", {"count": ctx.get("min_length")}, domain="input")
    return Phrase("expected at most {count}", {"count": ctx.get("max_length")}, domain="input")


def _alternatives(expected: str) -> Phrase | str:
    """pydantic's "'colored' or 'grey'" as a translatable list of the same choices."""
    choices = re.findall(r"'[^']*'", expected)
    if len(choices) < 2:
        return expected
    return Phrase(
        "{choices} or {last}",
        {"choices": ", ".join(choices[:-1]), "last": choices[-1]},
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
    plain = "".join(c for c in unicodedata.normalize("NFKC", key) if c.isprintable()).strip()
    lookalike = next((c for c in key if c in CYRILLIC_LOOKALIKES), None)
    if lookalike is not None and "".join(map(latin, plain)) in accepted:
        return Phrase(
            "; it holds a Cyrillic {letter}: type {key}",
            {"letter": lookalike, "key": repr("".join(map(latin, plain)))},
            domain="input",
        )
    if plain != key and plain in accepted:
        odd = next(c for c in key if c not in plain or not c.isprintable() or c.isspace())
        name: Phrase | str = unicodedata.name(odd, "") or Phrase(
            "a control character", domain="input"
        )
        return Phrase(
            "; it holds U+{code} {name}: type {key}",
            {"code": f"{ord(odd):04X}", "name": name, "key": repr(plain)},
            domain="input",
        )
    return ""


def error_problem(error: ErrorDetails, document: object = None) -> Problem:
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
    fields = {"field": field, "got": got}

    def at_value(message: Phrase) -> Problem:
        return message, loc, False

    if kind == "scorecheck":
        cell = ctx.get("cell")
        return ctx["phrase"], loc + ((cell,) if isinstance(cell, int) else ()), False
    if kind == "union_tag_not_found":
        near = _kind_key(document)
        if near is not None:
            return (
                Phrase(
                    "the key {key} should be 'kind': {advice}",
                    {"key": repr(near), "advice": NO_DOCUMENT},
                    domain="input",
                ),
                (near,),
                True,
            )
        missing = Phrase(
            "the key 'kind' is missing: {advice}", {"advice": NO_DOCUMENT}, domain="input"
        )
        return missing, (), False
    if kind == "union_tag_invalid":
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
                    "kind": repr(tag),
                    "suggestion": _invisible(tag, KINDS) or _did_you_mean(tag.lower(), KINDS),
                },
                domain="input",
            ),
            ("kind",),
            False,
        )
    if kind == "model_attributes_type" or (kind in ("model_type", "dict_type") and not loc):
        return at_value(
            Phrase(
                "{advice}, got {got}{hint}",
                {"advice": NO_DOCUMENT, "got": got, "hint": _mapping_hint(given)},
                domain="input",
            )
        )
    if kind == "extra_forbidden":
        key = str(field)
        accepted = _fields_at(model, loc[:-1])
        hint = _invisible(key, accepted) or _did_you_mean(key, accepted)
        message = (
            Phrase(
                "unknown key {key}{hint} (accepted here: {accepted})",
                {"key": repr(key), "hint": hint, "accepted": ", ".join(accepted)},
                domain="input",
            )
            if accepted
            else Phrase("unknown key {key}{hint}", {"key": repr(key), "hint": hint}, domain="input")
        )
        return message, loc, True
    if kind == "missing":
        return (
            Phrase(
                "{field} needs the key {key}",
                {"field": field_name(loc[:-1]), "key": repr(str(field))},
                domain="input",
            ),
            loc[:-1],
            False,
        )
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return at_value(
            Phrase(
                "{field} must be a whole number, got {got}{hint}",
                {**fields, "hint": _number_hint(given)},
                domain="input",
            )
        )
    if kind == "greater_than_equal":
        return at_value(
            Phrase(
                "{field} must be at least {limit}, got {got}",
                {**fields, "limit": ctx.get("ge")},
                domain="input",
            )
        )
    if kind == "less_than_equal":
        return at_value(
            Phrase(
                "{field} must be at most {limit}, got {got}",
                {**fields, "limit": ctx.get("le")},
                domain="input",
            )
        )
    if kind == "string_too_short":
        return at_value(Phrase("{field} cannot be empty", fields, domain="input"))
    if kind == "string_too_long":
        return at_value(
            Phrase(
                "{field} is longer than {count} character",
                fields,
                domain="input",
                many="{field} is longer than {count} characters",
                count=int(ctx.get("max_length") or 0),
            )
        )
    if kind == "string_type":
        return at_value(
            Phrase(
                "{field} must be text, got {got}{hint}",
                {**fields, "hint": _text_hint(given)},
                domain="input",
            )
        )
    if kind == "bool_type":
        only = (
            Phrase(" (only true and false are booleans)", domain="input")
            if isinstance(given, str)
            else ""
        )
        return at_value(
            Phrase(
                "{field} must be true or false, got {got}{hint}",
                {**fields, "hint": only},
                domain="input",
            )
        )
    if kind == "literal_error":
        expected = str(ctx.get("expected"))
        choices = [c.strip("'") for c in re.findall(r"'[^']*'", expected)]
        return at_value(
            Phrase(
                "{field} must be {choices}, got {got}{hint}",
                {
                    **fields,
                    "choices": _alternatives(expected),
                    "hint": _invisible(given, choices) if isinstance(given, str) else "",
                },
                domain="input",
            )
        )
    if kind in ("list_type", "tuple_type"):
        why = _COUNTED[field][1] if isinstance(field, str) and field in _COUNTED else None
        if field == "players" and isinstance(given, dict):
            why = Phrase("write each player on a line that starts with '- '", domain="input")
        if why is None:
            return at_value(Phrase("{field} must be a list, got {got}", fields, domain="input"))
        return at_value(
            Phrase(
                "{field} must be a list, got {got}: {why}", {**fields, "why": why}, domain="input"
            )
        )
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return at_value(
            Phrase(
                "{field} must be a mapping (key: value), got {got}{hint}",
                {**fields, "hint": _mapping_hint(given)},
                domain="input",
            )
        )
    if kind in ("too_short", "too_long"):
        count = len(given) if isinstance(given, list | dict) else int(ctx.get("actual_length") or 0)
        return at_value(
            Phrase(
                "{field} has {count} entry, {expected}",
                {"field": field, "expected": _expected_count(kind, field, ctx)},
                domain="input",
                many="{field} has {count} entries, {expected}",
                count=count,
            )
        )
    return at_value(
        Phrase("{field}: {detail}", {"field": field, "detail": error["msg"]}, domain="input")
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
