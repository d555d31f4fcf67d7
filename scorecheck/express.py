"""The express lane: plain round documents of a JSON Lines archive straight to JSON reports.

The general path loads a document into domain values, replays it, checks it and writes its
report; in Python that costs about 350 µs a line, too slow for archives of machine-played
games. Most lines of such an archive are plain: a round on the coloured wall, written with
text rows, that breaks no rule of the table (R1-R3, R6.3) and at most claims wrong points,
penalties or scores. This lane reads such a line with orjson, replays it on bit masks with
the core's own scores (R4, R5, R6), and writes the very report the general path writes, byte
for byte: tests/test_express.py compares the two. The claims are judged by the core's own
check_claimed_scores, and the end of the game by its final_result.

Whatever is not plain returns None, and the general path decides and explains.
"""

from __future__ import annotations

from typing import Any

import orjson

from scorecheck.core.check import Findings, check_claimed_scores, final_result
from scorecheck.core.documents import Claims
from scorecheck.core.replay import new_score
from scorecheck.core.scoring import FloorScore, PlacementScore, score_placement
from scorecheck.core.tiles import (
    FLOOR_SLOTS,
    SIZE,
    TILES_PER_COLOR,
    Color,
    Marker,
    Wall,
    cells_text,
    printed_color,
    printed_column,
)
from scorecheck.core.violations import Severity, Violation
from scorecheck.i18n import violation_message
from scorecheck.load.fast import (
    CACHE_LIMIT,
    MAX_PENALTY,
    MAX_POINTS,
    MAX_SCORE,
    Decline,
    board_name,
    floor_entries,
    optional_number,
    pattern_line,
    row_cells,
    whole_number,
)
from scorecheck.load.locate import JsonSource
from scorecheck.load.source import MAX_VALUES, InputError, decode
from scorecheck.report.jsonfmt import (
    SCHEMA_VERSION,
    encode,
    final_dict,
    floor_dict,
    placement_dict,
    violation_dict,
)

MAX_PLAYERS = 4  # R1.2; more is SC107, for the general path
_DOCUMENT_KEYS = frozenset({"kind", "variant", "players"})  # a claimed winner: general path
_BOARD_KEYS = frozenset({"name", "score", "wall", "lines", "floor", "claimed"})
_CLAIM_KEYS = frozenset({"points", "penalty", "score"})  # a claimed wall or final: general path
_NO_COLUMNS: list[None] = [None] * SIZE  # shared by every report: orjson only reads it
_NONE: list[Any] = []

# Colour counts for the supply rule (R1.1), packed in one int: 16 bits a colour, B Y R K W.
_FIELD = 16
_ONE = {c: 1 << (_FIELD * c.index) for c in Color}
_OVER_SUPPLY = sum((1 << (_FIELD - 1)) - TILES_PER_COLOR - 1 << (_FIELD * i) for i in range(SIZE))
_HIGH_BITS = sum(1 << (_FIELD * i + _FIELD - 1) for i in range(SIZE))

# A row's five filled-or-empty bits, on the printed colours (R2): its cells and its text.
_ROW_CELLS = tuple(
    tuple(
        tuple(printed_color(r, c) if bits >> c & 1 else None for c in range(SIZE))
        for bits in range(1 << SIZE)
    )
    for r in range(SIZE)
)
_ROW_TEXT = tuple(tuple(cells_text(cells) for cells in row) for row in _ROW_CELLS)
_ROW_STARTS = sum(1 << (r * SIZE) for r in range(SIZE))


def express_line(
    name: str, number: int, data: bytes, debug: bool = False
) -> tuple[str, tuple[Violation, ...]] | None:
    """The JSON report of a plain round document on line `number` of a JSON Lines file, and its
    violations; None for anything else (the general path takes it).

    A bug here is left to the general path too, which reports it if it shares it; with debug
    it is raised (the tests run that way).
    """
    try:
        return _express(name, number, data)
    except (Decline, InputError, orjson.JSONDecodeError):
        return None
    except Exception:
        if debug:
            raise
        return None


def _express(name: str, number: int, data: bytes) -> tuple[str, tuple[Violation, ...]] | None:
    # The general path's checks of the text (UTF-8, control characters, line ends), but for
    # plain ASCII, where orjson refuses the control characters that JSON does not allow.
    if data.isascii() and b"\r" not in data and b"\x7f" not in data:
        text = data.decode("ascii")
    else:
        text = decode(data, len(data))
    if len(text) > MAX_VALUES:
        return None
    document = orjson.loads(text)
    if (
        type(document) is not dict
        or document.get("kind") != "round"
        or document.get("variant", "colored") != "colored"
        or not document.keys() <= _DOCUMENT_KEYS
    ):
        return None
    players = document.get("players")
    if type(players) is not list or not 1 <= len(players) <= MAX_PLAYERS:
        return None
    # JSON has no way to say a key twice that orjson would tell; the general path refuses
    # it. Every string of the text is a key or a value seen below, each written between two
    # quotes, so a key given twice (its value dropped) leaves more quotes than strings.
    strings = len(document) + 1 + ("variant" in document)  # the keys, "round", "colored"
    boards = []
    supply = 0
    markers = 0
    for index, board_data in enumerate(players):
        board = _board(board_data, index)
        boards.append(board)
        strings += board.strings
        supply += board.supply
        markers += board.marker
    if text.count('"') != 2 * strings:
        return None
    names = [b.name for b in boards]
    if markers > 1 or len(set(names)) != len(names) or (supply + _OVER_SUPPLY) & _HIGH_BITS:
        return None  # R1.3, R1.1 and duplicate names: the general path says what is wrong
    return _report(name, number, text, boards)


class _Board:
    """One board read from a line, tiled on its wall's bit mask (R4.1, R4.4)."""

    __slots__ = (
        "claims",
        "floor",
        "marker",
        "name",
        "placements",
        "score",
        "scores",
        "strings",
        "supply",
        "wall",
    )

    def __init__(self, name: str, score: int, strings: int) -> None:
        self.name = name
        self.score = score
        self.strings = strings
        self.supply = 0
        self.wall = 0  # the wall's bit mask, cell r, c at bit r * 5 + c
        self.scores: list[PlacementScore] = []
        self.placements: list[dict[str, Any]] = []
        self.claims: _Claims | None = None
        self.floor: _Floor
        self.marker = False


def _board(value: object, index: int) -> _Board:
    if type(value) is not dict or not value.keys() <= _BOARD_KEYS:
        raise Decline
    name = board_name(value, index)
    board = _Board(name, whole_number(value.get("score", 0), 0, MAX_SCORE), len(value))
    board.strings += type(value.get("name")) is str
    if "wall" in value:
        rows = value["wall"]
        if type(rows) is not list or len(rows) != SIZE:
            raise Decline
        for r, text in enumerate(rows):
            if type(text) is not str:
                raise Decline  # the list form of a row: for the general path
            bits, supply = _ROWS.get((r, text)) or _remember(_ROWS, (r, text), _row(r, text))
            board.wall |= bits
            board.supply += supply
        board.strings += SIZE
    full = []
    if "lines" in value:
        lines = value["lines"]
        if type(lines) is not list or len(lines) != SIZE:
            raise Decline
        for i, text in enumerate(lines):
            if type(text) is not str:
                raise Decline
            bit, is_full, supply = _LINES.get((i, text)) or _remember(
                _LINES, (i, text), _line(i, text)
            )
            if board.wall >> bit & 1:
                raise Decline  # the line's colour is already in its wall row: SC103 (R3.4)
            if is_full:
                full.append(bit)
            board.supply += supply
        board.strings += SIZE
    floor_text = value.get("floor", "")
    if type(floor_text) is not str:
        raise Decline
    board.floor = _FLOORS.get(floor_text) or _remember(_FLOORS, floor_text, _Floor(floor_text))
    board.marker = board.floor.marker
    board.supply += board.floor.supply
    board.strings += "floor" in value  # a text, as checked above
    claimed = value.get("claimed")
    if claimed is not None:
        if type(claimed) is not dict or not claimed.keys() <= _CLAIM_KEYS:
            raise Decline
        board.claims = _Claims(claimed)
        board.strings += len(claimed)
    _tile(board, full)
    return board


def _tile(board: _Board, full: list[int]) -> None:
    """Each full line's tile to its printed cell, top to bottom, scored by the core (R4, R5)."""
    wall = board.wall
    for bit in full:
        row, column = divmod(bit, SIZE)
        score = score_placement(wall, row, column)
        wall |= 1 << bit
        board.scores.append(score)
        # Keyed by the score's id: the entry holds the score, so no other object takes its id.
        found = _PLACEMENTS.get(id(score))
        if found is None:  # a full line holds row + 1 tiles: one to the wall, row to the lid
            part = placement_dict(row, printed_color(row, column), score, row)
            found = _remember(_PLACEMENTS, id(score), (score, part))
        board.placements.append(found[1])
    board.wall = wall


def _row(r: int, text: str) -> tuple[int, int]:
    """A wall row's bits and colour counts; tiles off their printed cells are SC104 (R2)."""
    cells = row_cells(r, [c for c in text if c not in " \t/"])
    bits = supply = 0
    for c, cell in enumerate(cells):
        if cell is not None:
            if cell is not printed_color(r, c):
                raise Decline
            bits |= 1 << (r * SIZE + c)
            supply += _ONE[cell]
    return bits, supply


def _line(i: int, text: str) -> tuple[int, bool, int]:
    """A pattern line's wall cell (bit), whether it is full, and its colour counts; a line
    over capacity (SC101) or of two colours (SC102) is for the general path."""
    line = pattern_line(i, text)
    if len(line.tiles) > line.capacity or len(line.colors) > 1:
        raise Decline
    if line.color is None:
        return SIZE * SIZE, False, 0  # an empty line: a bit no wall has
    return (
        i * SIZE + printed_column(i, line.color),
        line.is_full,
        len(line.tiles) * _ONE[line.color],
    )


class _Claims:
    """A board's claimed points, penalty and score (R5, R6), read as the contract reads them."""

    __slots__ = ("points", "value")

    def __init__(self, claimed: dict[str, Any]) -> None:
        points = claimed.get("points")
        if points is not None:
            if type(points) is not list:
                raise Decline
            points = tuple(whole_number(p, 0, MAX_POINTS) for p in points)
        self.points = points
        self.value = Claims(
            points,
            optional_number(claimed, "penalty", -MAX_PENALTY, MAX_PENALTY),
            optional_number(claimed, "score", 0, MAX_SCORE),
        )

    def wrong(self, board: _Board, after: int) -> bool:
        """Whether any claim may differ from the replay; check_claimed_scores says which."""
        claims = self.value
        return (
            (claims.points is not None and claims.points != tuple(s.points for s in board.scores))
            or (claims.penalty is not None and abs(claims.penalty) != board.floor.score.penalty)
            or (claims.score is not None and claims.score != after)
        )


class _Floor:
    """A floor text, scored once (R6): its entries, score, report part and colour counts."""

    __slots__ = ("json", "marker", "score", "supply")

    def __init__(self, text: str) -> None:
        items = floor_entries(text)
        if len(items) > FLOOR_SLOTS:
            raise Decline  # SC108, SC109 (R6.3, D1)
        self.score = FloorScore.of(items)
        self.json = floor_dict(self.score, items, self.score.penalty)
        self.marker = Marker.FIRST_PLAYER in items
        self.supply = sum(_ONE[i] for i in items if isinstance(i, Color))


def _report(
    name: str, number: int, text: str, boards: list[_Board]
) -> tuple[str, tuple[Violation, ...]]:
    found: Findings | None = None
    players = []
    scores = []
    ended = False
    for seat, board in enumerate(boards):
        wall_points = sum(s.points for s in board.scores)
        floor = board.floor.score
        after, clamped = new_score(board.score, wall_points, floor.penalty)
        if board.claims is not None and board.claims.wrong(board, after):
            found = found or Findings(JsonSource(name, text, number))
            check_claimed_scores(
                found,
                board.name,
                board.score,
                board.scores,
                floor,
                board.claims.value,
                ("players", seat, "claimed"),
                None,
            )
        m = board.wall
        ended = ended or bool(m & m >> 1 & m >> 2 & m >> 3 & m >> 4 & _ROW_STARTS)  # R8.1
        scores.append(after)
        players.append(
            {
                "name": board.name,
                "score_before": board.score,
                "variant": "colored",
                "columns": _NO_COLUMNS,
                "placements": board.placements,
                "to_floor": _NONE,
                "untiled": _NONE,
                "wall_points": wall_points,
                "floor": board.floor.json,
                "to_lid": sum(s.row for s in board.scores) + floor.tiles,
                "score_after": after,
                "clamped": clamped,
                "wall_after": [_ROW_TEXT[r][m >> (r * SIZE) & 31] for r in range(SIZE)],
            }
        )
    violations = () if found is None else tuple(found.items)
    final = None
    if ended:
        walls = [Wall(_cells(b.wall)) for b in boards]
        final = final_dict(final_result([b.name for b in boards], scores, walls))
    report = {
        "schema": SCHEMA_VERSION,
        "file": name,
        "line": number,
        "kind": "round",
        "ok": not any(v.severity is Severity.ERROR for v in violations),
        "rounds": [{"number": None, "players": players}],
        "final": final,
        "violations": [violation_dict(v, violation_message(v)) for v in violations],
    }
    return encode(report), violations


def _cells(mask: int) -> tuple[Color | None, ...]:
    cells: tuple[Color | None, ...] = ()
    for r in range(SIZE):
        cells += _ROW_CELLS[r][mask >> (r * SIZE) & 31]
    return cells


_ROWS: dict[tuple[int, str], tuple[int, int]] = {}
_LINES: dict[tuple[int, str], tuple[int, bool, int]] = {}
_FLOORS: dict[str, _Floor] = {}
_PLACEMENTS: dict[int, tuple[PlacementScore, dict[str, Any]]] = {}


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value
