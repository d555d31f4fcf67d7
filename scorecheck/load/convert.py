"""From validated models to domain documents; cross-field problems raise ContractError.

pydantic's validation errors become messages in messages.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

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
    FloorItem,
    PatternLine,
    Variant,
    Wall,
)
from scorecheck.core.violations import Path, Phrase, SourceMap, Violation, quoted, roster
from scorecheck.load import models as m
from scorecheck.load.cells import floor_of, row_of, tiles_of
from scorecheck.load.contract import default_name, lonely_score_notes
from scorecheck.load.messages import Problem, did_you_mean


class ContractError(Exception):
    """Problems that make a document unusable."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(str(problems[0][0]))
        self.problems = problems


# --- Models to domain -----------------------------------------------------------------------------


def to_wall(rows: Sequence[str]) -> Wall:
    """A domain wall from validated rows; 'X' is a tile of the printed colour (R2)."""
    return Wall(tuple(cell for r, row in enumerate(rows) for cell in _read(row_of(r, row))))


def to_lines(lines: Sequence[str]) -> tuple[PatternLine, ...]:
    """Domain pattern lines from validated line texts, top to bottom."""
    return tuple(PatternLine(i, _read(tiles_of(text))) for i, text in enumerate(lines))


def to_floor(floor: str) -> tuple[FloorItem, ...]:
    """Domain floor entries from a validated floor text, left to right."""
    return _read(floor_of(floor))


_Read = TypeVar("_Read")


def _read(cells: _Read | None) -> _Read:
    """What cells.py read of a validated text, which it always reads."""
    assert cells is not None, "the validators let through a cell that cells.py cannot read"
    return cells


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
                {"name": quoted(name), "number": unnamed + 1},
                domain="input",
            )
            problems.append((message, (*path, written, "name"), False))
            continue
        problems.append(
            (
                Phrase(
                    "the name {name} is used twice: each player needs their own",
                    {"name": quoted(name)},
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


def to_document(model: BaseModel, source: SourceMap, notes: tuple[Violation, ...] = ()) -> Document:
    """The domain document for a validated model, with the notes on its input (notes.py)
    and its meta as given; cross-field problems raise ContractError."""
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
                    to_floor(p.floor),
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
            lonely_score_notes(((p.model_fields_set, p.score) for p in model.players), source)
            + notes,
            model.meta,
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
        winner = _winner(model.claimed, names)
        return FinalDocument(finals, Variant(model.variant), winner, source, notes, model.meta)
    assert isinstance(model, m.GameModel)
    return _to_game(model, source, notes)


def _to_game(model: m.GameModel, source: SourceMap, notes: tuple[Violation, ...]) -> GameDocument:
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
                    to_floor(e.floor),
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
        notes=notes,
        meta=model.meta,
    )


def _not_a_player(name: str, players: Sequence[str]) -> Phrase:
    return Phrase(
        "{name} is not a player{suggestion} (players: {players})",
        {
            "name": quoted(name),
            "suggestion": did_you_mean(name, players),
            "players": roster(players),  # listed as the core lists names (SC212)
        },
        domain="input",
    )
