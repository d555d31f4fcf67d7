"""The fast path of the input edge: valid documents straight to domain values, without pydantic.

The pydantic models (models.py) are the contract and write every message, but importing
pydantic costs more than checking a small file, and validating with it is the largest cost
per document. This module accepts only documents the contract certainly accepts and builds
exactly the document that the models and convert.py would build (tests/load/test_fast.py compares
the two on generated documents). Anything else (a problem, a form it does not know, a key it
does not know) returns None, and the models decide and explain.
"""

from __future__ import annotations

import json
from collections.abc import Set
from functools import partial
from typing import Any, TypeVar

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
from scorecheck.core.limits import (  # the bounds models.py takes too
    MAX_CLAIMED_POINTS,
    MAX_CLAIMED_SCORE,
    MAX_NAME,
    MAX_PENALTY,
    MAX_SCORE,
)
from scorecheck.core.tiles import (
    SIZE,
    Board,
    Color,
    FloorItem,
    PatternLine,
    Variant,
    Wall,
)
from scorecheck.core.violations import SourceMap
from scorecheck.load.cells import (
    FLOOR_SKIPS,
    LINE_SKIPS,
    PRINTED,
    SEPARATORS,
    SKIPPED_ITEMS,
    floor_of,
    row_of,
    tiles_of,
)
from scorecheck.load.contract import (
    DEFAULT_SCORE,
    EMPTY_FLOOR,
    FINAL_BOARD_KEYS,
    FINAL_CLAIM_KEYS,
    FINAL_KEYS,
    GAME_CLAIM_KEYS,
    GAME_ENTRY_KEYS,
    GAME_KEYS,
    ROUND_BOARD_KEYS,
    ROUND_CLAIM_KEYS,
    ROUND_KEYS,
    WINNER_CLAIM_KEYS,
    default_name,
    lonely_score_notes,
    lookalike_names,
    name_problem,
)
from scorecheck.load.limits import MAX_VALUES

CACHE_LIMIT = 50_000  # parsed rows, lines and floors kept; texts repeat a lot across documents

_ANY_DOCUMENT = ROUND_KEYS | FINAL_KEYS | GAME_KEYS

_EMPTY_WALL = Wall.empty()
_EMPTY_LINES = tuple(PatternLine(i) for i in range(SIZE))
_NO_CLAIMS = Claims()
_NO_COLUMNS: tuple[int | None, ...] = (None,) * SIZE
# json.loads with each object as a tuple of its (key, value) pairs (tuple is called from C).
_json_pairs = partial(json.loads, object_pairs_hook=tuple)


class Decline(Exception):
    """The fast path does not decide this document: the models will."""


def fast_json_document(text: str, source: SourceMap) -> Document | None:
    """fast_document for JSON text, read by json's C parser with no per-value hooks.

    Objects are read as tuples of (key, value) pairs, so that a key given twice is seen (and
    declined) instead of silently overwritten. Numbers need no checks: the fast path accepts
    only whole numbers in small ranges. Anything else is for read_json and the models.
    """
    if len(text) > MAX_VALUES:  # could hold more values than read_json allows
        return None
    try:
        value = _json_pairs(text)
    except (ValueError, RecursionError):
        return None
    return fast_document(value, source)


def repeats_a_key(text: bytes | str) -> bool:
    """Whether an object of the JSON text gives a key twice (read_json refuses it, SC002), as
    json's pairs show it; text json cannot read repeats none."""
    try:
        value = _json_pairs(text)
    except (ValueError, RecursionError):
        return False
    return _repeats(value)


def _repeats(value: object) -> bool:
    if type(value) is tuple:  # an object, as its pairs
        return len(dict(value)) != len(value) or any(_repeats(v) for _, v in value)
    if type(value) is list:
        return any(_repeats(v) for v in value)
    return False


def fast_document(value: object, source: SourceMap) -> Document | None:
    """The document, if the value is one the contract certainly accepts; otherwise None.

    Mappings may be dicts or, from fast_json_document, tuples of (key, value) pairs.
    """
    try:
        data = _object(value, _ANY_DOCUMENT)
        if "meta" in data:
            raise Decline  # the models keep it as it came
        kind = data.get("kind")
        if kind == "round":
            return _round(data, source)
        if kind == "final":
            return _final(data, source)
        if kind == "game":
            return _game(data, source)
    except Decline:
        pass
    except Exception:  # never worse than the models: they decide whatever was not foreseen
        pass
    return None


# --- Documents --------------------------------------------------------------------------------


def _round(data: dict[str, Any], source: SourceMap) -> RoundDocument:
    _known(data, ROUND_KEYS)
    variant = _variant(data)
    grey = variant is Variant.GREY
    players = []
    names = []
    given: list[tuple[Set[str], int]] = []  # each board's keys and score, for SC005
    for i, board_data in enumerate(board_list(data.get("players"))):
        p = _object(board_data, ROUND_BOARD_KEYS)
        name = board_name(p.get("name"), i)
        names.append(name)
        board = Board(
            name,
            board_score(p.get("score", DEFAULT_SCORE)),
            _wall(p["wall"], grey) if "wall" in p else _EMPTY_WALL,
            _lines(p["lines"]) if "lines" in p else _EMPTY_LINES,
            floor_entries(p.get("floor", EMPTY_FLOOR)),
            _columns(p.get("columns"), grey),
        )
        claims = round_claims(p.get("claimed"), grey)
        players.append(RoundPlayer(board, claims, ("players", i)))
        given.append((p.keys(), board.score))
    unique_names(names)
    notes = lonely_score_notes(given, source)
    return RoundDocument(tuple(players), variant, _winner(data.get("claimed")), source, notes)


def _final(data: dict[str, Any], source: SourceMap) -> FinalDocument:
    _known(data, FINAL_KEYS)
    variant = _variant(data)
    players = []
    for i, board_data in enumerate(board_list(data.get("players"))):
        p = _object(board_data, FINAL_BOARD_KEYS)
        if "score" not in p or "wall" not in p:
            raise Decline
        claimed = p.get("claimed")
        if claimed is not None:
            claimed = _object(claimed, FINAL_CLAIM_KEYS)
        players.append(
            FinalPlayer(
                board_name(p.get("name"), i),
                _wall(p["wall"], variant is Variant.GREY),
                board_score(p["score"]),
                None
                if claimed is None
                else optional_number(claimed, "final", 0, MAX_CLAIMED_SCORE),
                ("players", i),
            )
        )
    unique_names([p.name for p in players])
    return FinalDocument(tuple(players), variant, _winner(data.get("claimed")), source)


def _game(data: dict[str, Any], source: SourceMap) -> GameDocument:
    _known(data, GAME_KEYS)
    variant = _variant(data)
    grey = variant is Variant.GREY
    players = tuple(_name(n) for n in _list(data.get("players"), minimum=1))
    unique_names(players)
    seats = set(players)
    rounds = []
    for r, round_data in enumerate(_list(data.get("rounds"), minimum=1)):
        entries = _object(round_data, seats)
        if len(entries) != len(seats):
            raise Decline  # a missing player (or an unknown one): the models explain
        rounds.append(
            tuple(_game_entry(entries[name], ("rounds", r, name), grey) for name in players)
        )
    finished = data.get("finished")
    if finished is not None and type(finished) is not bool:
        raise Decline
    starts = data.get("starts")
    if starts is not None:
        starts = tuple(_name(n) for n in _list(starts))
        if not seats.issuperset(starts):
            raise Decline
    final_claims: tuple[tuple[str, int], ...] = ()
    winner = None
    claimed = data.get("claimed")
    if claimed is not None:
        claimed = _object(claimed, GAME_CLAIM_KEYS)
        finals = claimed.get("final")
        if finals is not None:
            finals = _object(finals, seats)
            final_claims = tuple(
                (n, whole_number(s, 0, MAX_CLAIMED_SCORE)) for n, s in finals.items()
            )
        winner = None if claimed.get("winner") is None else _names(claimed["winner"])
    tiles = data.get("tiles", "all")
    if tiles not in ("all", "some"):
        raise Decline
    return GameDocument(
        players,
        tuple(rounds),
        variant,
        final_claims,
        winner,
        finished,
        starts,
        source,
        all_tiles=tiles == "all",
    )


def _game_entry(entry_data: object, origin: tuple[str | int, ...], grey: bool) -> GameEntry:
    entry = _object(entry_data, GAME_ENTRY_KEYS)
    wall = entry.get("wall")
    return GameEntry(
        _lines(entry["lines"]) if "lines" in entry else _EMPTY_LINES,
        floor_entries(entry.get("floor", EMPTY_FLOOR)),
        round_claims(entry.get("claimed"), grey),
        _columns(entry.get("columns"), grey),
        None if wall is None else _wall(wall, grey),
        optional_number(entry, "score", 0, MAX_CLAIMED_SCORE),
        origin,
    )


# --- Parts ----------------------------------------------------------------------------------


def _object(value: object, keys: Set[str]) -> dict[str, Any]:
    """A mapping (a dict, or a tuple of pairs from fast_json_document) with no key twice and
    none the contract does not know (extra keys are errors there)."""
    if type(value) is tuple:
        data = dict(value)
        if len(data) != len(value):
            raise Decline  # a key given twice: read_json says where
    elif type(value) is dict:
        data = value
    else:
        raise Decline
    _known(data, keys)
    return data


def _known(data: dict[str, Any], keys: Set[str]) -> None:
    if not data.keys() <= keys:
        raise Decline


def _list(value: object, minimum: int = 0) -> list[Any]:
    if type(value) is not list or len(value) < minimum:
        raise Decline
    return value


def board_list(value: object) -> list[Any]:
    """A round or final document's boards: a list of at least one."""
    return _list(value, minimum=1)


def board_score(value: object) -> int:
    """A board's score before the round or the bonuses: a whole number, 0 to MAX_SCORE."""
    return whole_number(value, 0, MAX_SCORE)


def whole_number(value: object, low: int, high: int) -> int:
    """A whole number in a range; the contract is strict: no bools, no floats, no text."""
    if type(value) is not int or not low <= value <= high:
        raise Decline
    return value


def optional_number(data: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = data.get(key)
    return None if value is None else whole_number(value, low, high)


def _name(value: object) -> str:
    if type(value) is not str or not 1 <= len(value) <= MAX_NAME:
        raise Decline
    return _plain(value)


def _plain(name: str) -> str:
    """A name as validators.plain_name accepts it (contract.name_problem), remembered: names
    repeat across documents."""
    if name not in _PLAIN:
        if name_problem(name) is not None:
            raise Decline
        remember(_PLAIN, name, True)
    return name


def board_name(name: object, index: int) -> str:
    """A board's given name, or 'Player 2' for an unnamed second board (as convert.py names it)."""
    # _PLAIN holds no blank name, but may hold a long one: a claimed winner's (_names) is not
    # held to MAX_NAME.
    if type(name) is str and len(name) <= MAX_NAME and name in _PLAIN:  # names repeat
        return name  # as _name() accepted it before
    return default_name(index) if name is None else _name(name)


def unique_names(names: list[str] | tuple[str, ...]) -> None:
    """Names of a document are told apart: a name given twice, or two that look alike
    (SC008), are for the models."""
    if len(set(names)) != len(names) or lookalike_names(names):
        raise Decline


def _variant(data: dict[str, Any]) -> Variant:
    variant = data.get("variant", "colored")
    if variant == "colored":
        return Variant.COLORED
    if variant == "grey":
        return Variant.GREY
    raise Decline


def _columns(value: object, grey: bool) -> tuple[int | None, ...]:
    """Grey wall (R9.1): the chosen wall column per pattern line, 1 to 5 or null; 0-based here."""
    if value is None:
        return _NO_COLUMNS
    columns = _list(value)
    if not grey or len(columns) != SIZE:
        raise Decline  # columns on the coloured side are a contract error
    return tuple(None if c is None else whole_number(c, 1, SIZE) - 1 for c in columns)


def _names(value: object) -> tuple[str, ...]:
    """A name or a non-empty list of names (a shared win); 'Ivan and Jana' or 'Ivan, Jana',
    which may be two names, is for the models (convert._winner)."""
    if type(value) is str:
        value = [value]
    if type(value) is list and value and all(type(v) is str for v in value):
        if any(" and " in v or "," in v or "&" in v for v in value):
            raise Decline
        return tuple(_plain(v) for v in value)
    raise Decline


def _winner(claimed: object) -> tuple[str, ...] | None:
    if claimed is None:
        return None
    winner = _object(claimed, WINNER_CLAIM_KEYS).get("winner")
    return None if winner is None else _names(winner)


def round_claims(claimed: object, grey: bool = False) -> Claims:
    """A board's claims about its round, each in the contract's range."""
    if claimed is None:
        return _NO_CLAIMS
    claimed = _object(claimed, ROUND_CLAIM_KEYS)
    points = claimed.get("points")
    wall = claimed.get("wall")
    return Claims(
        None
        if points is None
        else tuple(whole_number(p, 0, MAX_CLAIMED_POINTS) for p in _list(points)),
        optional_number(claimed, "penalty", -MAX_PENALTY, MAX_PENALTY),
        optional_number(claimed, "score", 0, MAX_CLAIMED_SCORE),
        None if wall is None else _wall(wall, grey),
        optional_number(claimed, "final", 0, MAX_CLAIMED_SCORE),
    )


# --- Cells: rows, pattern lines, floors -------------------------------------------------------
# Text forms are parsed once and remembered; the list forms ([B, ., ., ., .]) each time.

K = TypeVar("K")
T = TypeVar("T")
_ROWS: dict[tuple[int, str], tuple[Color | None, ...]] = {}
_LINES: dict[tuple[int, str], PatternLine] = {}
_FLOORS: dict[str, tuple[FloorItem, ...]] = {}
_PLAIN: dict[str, bool] = {}


def remember(cache: dict[K, T], key: K, value: T) -> T:
    """value kept in cache under key; a full cache (CACHE_LIMIT) is emptied first."""
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _texts(value: list[Any]) -> list[str]:
    """The list form of cells: each a string, surrounding spaces ignored."""
    if not all(type(c) is str for c in value):
        raise Decline
    return [c.strip() for c in value]


def _wall(value: object, grey: bool) -> Wall:
    """Five rows; on the grey wall x (the printed colour) is a contract error (R9.1)."""
    rows = _list(value)
    if len(rows) != SIZE:
        raise Decline
    cells: list[Color | None] = []
    for r, row in enumerate(rows):
        cells += wall_row(r, row, grey)
    return Wall(tuple(cells))


def wall_row(r: int, row: object, grey: bool = False) -> tuple[Color | None, ...]:
    """Row r of a wall, as text or a list of cells; on the grey wall x is a contract error."""
    if type(row) is str:
        if grey and any(mark in row for mark in PRINTED):
            raise Decline
        cached = _ROWS.get((r, row))
        if cached is None:
            letters = [c for c in row if c not in SEPARATORS]
            cached = remember(_ROWS, (r, row), row_cells(r, letters))
        return cached
    if type(row) is list:
        texts = [c for c in _texts(row) if c not in SKIPPED_ITEMS["wall row"]]
        if grey and any(mark in texts for mark in PRINTED):
            raise Decline
        return row_cells(r, texts)
    raise Decline


def row_cells(r: int, cells: list[str]) -> tuple[Color | None, ...]:
    """Five cells: '.' empty, a colour letter, or x for the printed colour (R2)."""
    row = row_of(r, cells)
    if row is None:
        raise Decline
    return row


def _lines(value: object) -> tuple[PatternLine, ...]:
    lines = _list(value)
    if len(lines) != SIZE:
        raise Decline
    return tuple(pattern_line(i, text) for i, text in enumerate(lines))


def pattern_line(index: int, value: object) -> PatternLine:
    """Colour letters; '.' and spaces are ignored, as validators.pattern_line does."""
    if type(value) is str:
        cached = _LINES.get((index, value))
        if cached is None:
            tiles = _tiles(index, [c for c in value if c not in LINE_SKIPS])
            cached = remember(_LINES, (index, value), tiles)
        return cached
    if type(value) is list:
        skipped = SKIPPED_ITEMS["pattern line"]
        return _tiles(index, [c for c in _texts(value) if c not in skipped])
    raise Decline


def _tiles(index: int, cells: list[str]) -> PatternLine:
    tiles = tiles_of(cells)
    if tiles is None:
        raise Decline
    return PatternLine(index, tiles)


def floor_entries(value: object) -> tuple[FloorItem, ...]:
    """1 for the first-player marker, colour letters for tiles, as validators.floor_line does."""
    if type(value) is str:
        cached = _FLOORS.get(value)
        if cached is None:
            cells = [c for c in value if c not in FLOOR_SKIPS]
            cached = remember(_FLOORS, value, _floor_items(cells))
        return cached
    if type(value) is int:
        return _floor_items([c for c in str(value) if c not in SKIPPED_ITEMS["floor"]])
    if type(value) is list:
        cells = _texts([str(v) if type(v) is int else v for v in value])
        return _floor_items([c for c in cells if c not in SKIPPED_ITEMS["floor"]])
    raise Decline


def _floor_items(cells: list[str]) -> tuple[FloorItem, ...]:
    """Each cell exactly one known character."""
    items = floor_of(cells)
    if items is None:
        raise Decline
    return items
