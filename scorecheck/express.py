"""The express lane: plain round documents of a JSON Lines archive straight to JSON reports.

The general path loads a document into domain values, replays it, checks it and writes its
report; in Python that costs about 350 µs a line, too slow for archives of machine-played
games. Most lines of such an archive are plain: a round on the coloured wall, written with
text rows, that breaks no rule of the table (R1-R3, R6.3) and at most claims wrong points,
penalties or scores. This lane reads such a line with orjson, replays it on bit masks with
the core's own scores (R4, R5, R6), and writes the very report the general path writes, byte
for byte: tests/test_express.py compares the two. The claims are judged by the core's own
check_claimed_scores, and the ranking by its rank (R8.3).

Whatever is not plain returns None, and the general path decides and explains.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, NamedTuple

import orjson

from scorecheck.core.check import Findings, check_claimed_scores
from scorecheck.core.documents import Claims
from scorecheck.core.replay import new_score
from scorecheck.core.scoring import (
    CROSSES,
    EndBonus,
    FloorScore,
    PlacementScore,
    Standing,
    rank,
    score_placement,
)
from scorecheck.core.tiles import (
    COLORS,
    FLOOR_SLOTS,
    PRINTED_ROWS,
    ROW_STARTS,
    SIZE,
    TILES_PER_COLOR,
    Color,
    Marker,
    cells_text,
    full_columns,
    full_rows,
    printed_color,
    printed_column,
)
from scorecheck.core.violations import Path, Severity, Violation
from scorecheck.i18n import violation_message
from scorecheck.load.fast import (
    CACHE_LIMIT,
    MAX_PENALTY,
    MAX_POINTS,
    MAX_SCORE,
    Decline,
    board_name,
    floor_entries,
    pattern_line,
    row_cells,
)
from scorecheck.load.locate import JsonSource
from scorecheck.load.source import MAX_VALUES, InputError, decode
from scorecheck.report.jsonfmt import (
    SCHEMA_VERSION,
    BonusParts,
    bonus_parts,
    encode,
    final_parts,
    floor_dict,
    placement_dict,
    player_final,
    violation_dict,
)

_INDICES = range(SIZE)
_EMPTY_ROWS = ["....."] * SIZE  # what a board without the key holds (recognised by identity)
_EMPTY_LINES = [""] * SIZE
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

# A row's five filled-or-empty bits, on the printed colours (R2), as the report writes it.
_ROW_TEXT = tuple(tuple(cells_text(cells) for cells in row) for row in PRINTED_ROWS)
# Per row and its five bits, the colours it holds on their printed cells, a bit each (R2).
_ROW_COLORS = tuple(
    tuple(
        sum(1 << printed_color(r, c).index for c in range(SIZE) if bits >> c & 1)
        for bits in range(32)
    )
    for r in range(SIZE)
)


def express_line(
    name: str, number: int, data: bytes, debug: bool = False
) -> tuple[bytes, tuple[Violation, ...]] | None:
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


def _express(name: str, number: int, data: bytes) -> tuple[bytes, tuple[Violation, ...]] | None:
    # The general path's checks of the text (UTF-8, control characters, line ends), but for
    # plain ASCII, where orjson refuses the control characters that JSON does not allow.
    text: bytes | str = data  # orjson reads bytes; decoded only where a claim is wrong
    if data.isascii() and b"\r" not in data and b"\x7f" not in data:  # else decode() judges
        quotes = data.count(b'"')
    else:
        text = decode(data, len(data))
        quotes = text.count('"')
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
    # orjson keeps the last of a key given twice, which the general path refuses (SC002).
    # Every string of the text is a key or a value counted below, written between two quotes
    # (an escaped quote only adds one), so a key given twice, dropped with its value, leaves
    # more quotes than twice the strings: then the general path decides.
    strings = len(document) + 1 + ("variant" in document)  # the keys, "round", "colored"
    boards = []
    names = set()
    supply = 0
    markers = 0
    for index, board_data in enumerate(players):
        board = _board(board_data, index)
        boards.append(board)
        names.add(board.name)
        strings += board.strings
        supply += board.supply
        markers += board.floor.marker
    if quotes != 2 * strings:
        return None
    if markers > 1 or len(names) != len(boards) or (supply + _OVER_SUPPLY) & _HIGH_BITS:
        return None  # R1.3, R1.1 and duplicate names: the general path says what is wrong
    return _report(name, number, text, boards)


class _Board(NamedTuple):
    """One board read from a line and tiled on its wall's bit mask (R4.1, R4.4)."""

    name: str
    score: int
    wall: int  # the bit mask of the wall after tiling, cell r, c at bit r * 5 + c
    scores: list[PlacementScore]  # the core's scores of the placed tiles
    points: list[int]
    placements: list[orjson.Fragment]  # their parts of the report, written
    to_lid: int  # from the tiled lines (R4.1)
    floor: _Floor
    claims: tuple[list[int] | None, int | None, int | None] | None
    claimed_key: bool  # the board has a "claimed" key, if only null
    strings: int  # the strings this board's text holds: keys and text values
    supply: int  # its tiles by colour, packed (R1.1)


def _board(value: object, index: int) -> _Board:
    if type(value) is not dict or not value.keys() <= _BOARD_KEYS:
        raise Decline
    get = value.get
    score = get("score", 0)
    if type(score) is not int or not 0 <= score <= MAX_SCORE:
        raise Decline
    strings = len(value) + (type(get("name")) is str)
    rows = get("wall", _EMPTY_ROWS)
    lines = get("lines", _EMPTY_LINES)
    if type(rows) is not list or type(lines) is not list:
        raise Decline
    if len(rows) != SIZE or len(lines) != SIZE:
        raise Decline
    strings += (rows is not _EMPTY_ROWS) * SIZE + (lines is not _EMPTY_LINES) * SIZE
    try:  # both lists hold five: checked above
        found: list[Any] = list(map(_ROWS_AND_LINES.get, zip(_INDICES, rows, lines)))  # noqa: B905
    except TypeError:
        raise Decline from None  # a row or line written as a list: for the general path
    if None in found:  # a row and line not seen before
        found = [
            _ROWS_AND_LINES.get(key) or _remember(_ROWS_AND_LINES, key, _row_and_line(*key))
            for key in zip(_INDICES, rows, lines)  # noqa: B905
        ]
    first, second, third, fourth, fifth = found
    wall = first[0] | second[0] | third[0] | fourth[0] | fifth[0]
    supply = first[1] + second[1] + third[1] + fourth[1] + fifth[1]
    floor_text = get("floor", "")
    if type(floor_text) is not str:
        raise Decline
    floor = _FLOORS.get(floor_text)
    if floor is None:
        floor = _remember(_FLOORS, floor_text, _Floor(floor_text))
    strings += "floor" in value  # a text, as checked above
    claims = None
    claimed = get("claimed")
    if claimed is not None:
        if type(claimed) is not dict or not claimed.keys() <= _CLAIM_KEYS:
            raise Decline
        strings += len(claimed)
        points = claimed.get("points")
        if points is not None:
            if type(points) is not list:
                raise Decline
            for p in points:
                if type(p) is not int or not 0 <= p <= MAX_POINTS:
                    raise Decline
        penalty = claimed.get("penalty")
        if penalty is not None and (
            type(penalty) is not int or not -MAX_PENALTY <= penalty <= MAX_PENALTY
        ):
            raise Decline
        new = claimed.get("score")
        if new is not None and (type(new) is not int or not 0 <= new <= MAX_SCORE):
            raise Decline
        claims = (points, penalty, new)
    # Each full line's tile to its printed cell, top to bottom, scored by the core (R4, R5).
    scores = []
    placed_points = []
    placements = []
    to_lid = 0
    for _, _, bit in found:
        if bit < 0:
            continue  # not full
        key = wall & CROSSES[bit] | bit << SIZE * SIZE  # what the score depends on
        placed = _PLACEMENTS.get(key)
        if placed is None:
            placed = _remember(_PLACEMENTS, key, _placed(wall, bit))
        wall |= 1 << bit
        scores.append(placed[0])
        placed_points.append(placed[1])
        placements.append(placed[2])
        to_lid += placed[3]
    return _Board(
        board_name(value, index),
        score,
        wall,
        scores,
        placed_points,
        placements,
        to_lid,
        floor,
        claims,
        "claimed" in value,
        strings,
        supply + floor.supply,
    )


def _placed(wall: int, bit: int) -> tuple[PlacementScore, int, orjson.Fragment, int]:
    """A tile placed at a bit of a wall: its score, points, report part, and the tiles its
    line sends to the lid (a full line holds row + 1 tiles: one to the wall, R4.1)."""
    row, column = divmod(bit, SIZE)
    score = score_placement(wall, row, column)
    part = _written(placement_dict(row, printed_color(row, column), score, row))
    return score, score.points, part, row


def _row_and_line(r: int, row: str, line: str) -> tuple[int, int, int]:
    """A wall row and the pattern line beside it: the row's bits, the colour counts of both,
    and the wall bit the line's tile goes to when the line is full (else -1).

    What the general path reports goes to it: a tile off its printed cell (SC104, R2), a line
    over capacity (SC101) or of two colours (SC102), its colour already in the row (SC103).
    """
    if type(row) is not str or type(line) is not str:
        raise Decline
    bits = supply = 0
    for c, cell in enumerate(row_cells(r, [c for c in row if c not in " \t/"])):
        if cell is not None:
            if cell is not printed_color(r, c):
                raise Decline
            bits |= 1 << (r * SIZE + c)
            supply += _ONE[cell]
    tiles = pattern_line(r, line)
    if len(tiles.tiles) > tiles.capacity or len(tiles.colors) > 1:
        raise Decline
    if tiles.color is None:
        return bits, supply, -1
    bit = r * SIZE + printed_column(r, tiles.color)
    if bits >> bit & 1:
        raise Decline
    supply += len(tiles.tiles) * _ONE[tiles.color]
    return bits, supply, bit if tiles.is_full else -1


class _Floor:
    """A floor text, scored once (R6): its entries, score, report part and colour counts."""

    __slots__ = ("json", "marker", "score", "supply")

    def __init__(self, text: str) -> None:
        items = floor_entries(text)
        if len(items) > FLOOR_SLOTS:
            raise Decline  # SC108, SC109 (R6.3, D1)
        self.score = FloorScore.of(items)
        self.json = _written(floor_dict(self.score, items, self.score.penalty))
        self.marker = Marker.FIRST_PLAYER in items
        self.supply = sum(_ONE[i] for i in items if isinstance(i, Color))


def _report(
    name: str, number: int, text: bytes | str, boards: list[_Board]
) -> tuple[bytes, tuple[Violation, ...]]:
    found: Findings | None = None
    players = []
    scores = []
    complete_rows = []  # per board, a bit at the first cell of each complete row
    for seat, board in enumerate(boards):
        wall_points = sum(board.points)
        floor = board.floor.score
        after, clamped = new_score(board.score, wall_points, floor.penalty)
        if board.claims is not None:
            points, penalty, score = board.claims
            if (
                (points is not None and points != board.points)
                or (penalty is not None and abs(penalty) != floor.penalty)
                or (score is not None and score != after)
            ):  # a claim is wrong: the core says which, and how
                if found is None:
                    source = text if isinstance(text, str) else text.decode("ascii")
                    found = Findings(_ClaimsSource(name, source, number, boards))
                claims = Claims(None if points is None else tuple(points), penalty, score)
                at = ("players", seat, "claimed")
                check_claimed_scores(
                    found, board.name, board.score, board.scores, floor, claims, at, None
                )
        m = board.wall
        complete_rows.append(m & m >> 1 & m >> 2 & m >> 3 & m >> 4 & ROW_STARTS)  # full_rows
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
                "to_lid": board.to_lid + floor.tiles,
                "score_after": after,
                "clamped": clamped,
                "wall_after": [
                    _ROW_TEXT[0][m & 31],
                    _ROW_TEXT[1][m >> 5 & 31],
                    _ROW_TEXT[2][m >> 10 & 31],
                    _ROW_TEXT[3][m >> 15 & 31],
                    _ROW_TEXT[4][m >> 20],
                ],
            }
        )
    violations: tuple[Violation, ...] = ()
    written: list[dict[str, Any]] = _NONE
    if found is not None:
        violations = tuple(found.items)
        written = [violation_dict(v, violation_message(v)) for v in violations]
    final = None
    if any(complete_rows):  # a complete row ends the game (R8.1)
        final = _final(boards, scores, complete_rows)
    report = {
        "schema": SCHEMA_VERSION,
        "file": name,
        "line": number,
        "kind": "round",
        "ok": found is None or not any(v.severity is Severity.ERROR for v in violations),
        "rounds": [{"number": None, "players": players}],
        "final": final,
        "violations": written,
    }
    return encode(report), violations


class _ClaimsSource:
    """Where a board's claims stand in its line, found by a quick search (a SourceMap).

    The lane has read the line: claims hold only whole numbers, nulls and lists of whole
    numbers, and only boards have a "claimed" key. Without a backslash no string holds a
    quote, so the k-th '"claimed":' of the text is the key of the k-th board that has one,
    its object ends at the first '}', and each claim's key is written once in it. Other
    paths, and lines with a backslash or a line break, are for JsonSource.
    """

    __slots__ = ("_json", "_line", "_seats", "_text", "file")

    _json: JsonSource | None

    def __init__(self, file: str, text: str, line: int, boards: list[_Board]) -> None:
        self.file = file
        self._text = text
        self._line = line
        self._seats = [seat for seat, board in enumerate(boards) if board.claimed_key]
        self._json = None  # made when needed: most claims are found by the quick search

    def locate(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column (from 1) of a claim, or of whatever JsonSource finds."""
        text = self._text
        if len(path) in (4, 5) and path[2] == "claimed" and "\\" not in text and "\n" not in text:
            at = self._claim(path)
            if at is not None:
                return self._line, at + 1
        if self._json is None:
            self._json = JsonSource(self.file, text, self._line)
        return self._json.locate(path)

    def _claim(self, path: Path) -> int | None:
        text = self._text
        seat, key = path[1], path[3]
        if type(seat) is not int or key not in _CLAIM_KEY_TEXT or seat not in self._seats:
            return None
        keys = _CLAIMED.finditer(text)
        claimed = next(itertools.islice(keys, self._seats.index(seat), None), None)
        if claimed is None:
            return None
        start = claimed.end()
        found = _CLAIM_KEY_TEXT[str(key)].search(text, start, text.index("}", start))
        if found is None:
            return None
        at = found.end()  # the claim's value
        if len(path) == 5 and type(path[4]) is int:  # one of the claimed points
            at = _after_spaces(text, at + 1)  # past the '['
            for _ in range(path[4]):
                at = _after_spaces(text, text.index(",", at) + 1)
        return at


def _after_spaces(text: str, at: int) -> int:
    while text[at] in " \t":
        at += 1
    return at


_CLAIMED = re.compile(r'"claimed"[ \t]*:[ \t]*')
_CLAIM_KEY_TEXT = {key: re.compile(f'"{key}"[ \t]*:[ \t]*') for key in _CLAIM_KEYS}


def _final(boards: list[_Board], scores: list[int], complete_rows: list[int]) -> dict[str, Any]:
    """The end of the game as final_dict writes it: each bonus and its report parts are
    remembered, the ranking is the core's (R8.2, R8.3)."""
    players = []
    standings = []
    for board, score, rows_bits in zip(boards, scores, complete_rows, strict=True):
        m = board.wall
        a, b, c, d, e = m & 31, m >> 5 & 31, m >> 10 & 31, m >> 15 & 31, m >> 20
        complete = (  # a bit for each colour with its five printed cells filled
            _ROW_COLORS[0][a]
            & _ROW_COLORS[1][b]
            & _ROW_COLORS[2][c]
            & _ROW_COLORS[3][d]
            & _ROW_COLORS[4][e]
        )
        # What the bonus depends on: complete rows, columns and colours, each as bits.
        key = (rows_bits, a & b & c & d & e, complete)
        found = _BONUSES.get(key)
        if found is None:
            found = _remember(_BONUSES, key, _bonus(m, complete))
        points, rows, parts = found
        total = score + points
        players.append(player_final(board.name, score, total, parts))
        standings.append(Standing(board.name, total, rows))
    return final_parts(players, rank(standings))


def _bonus(mask: int, complete: int) -> tuple[int, int, BonusParts]:
    """The bonus a printed wall earns, its complete rows and its report parts: EndBonus.of,
    but from the mask, since a colour's five tiles stand on its five printed cells (R2, R8.2)."""
    colors = tuple(color for color in COLORS if complete >> color.index & 1)
    bonus = EndBonus(full_rows(mask), full_columns(mask), colors)
    return bonus.points, len(bonus.rows), bonus_parts(bonus)


_ROWS_AND_LINES: dict[tuple[int, str, str], tuple[int, int, int]] = {}
_FLOORS: dict[str, _Floor] = {}
_PLACEMENTS: dict[int, tuple[PlacementScore, int, orjson.Fragment, int]] = {}
_BONUSES: dict[tuple[int, int, int], tuple[int, int, BonusParts]] = {}


def _written(part: dict[str, Any]) -> orjson.Fragment:
    """A part of reports, written once: orjson copies it into each report that holds it.

    Kept as a copy: the bytes orjson returns hold on to ~4 KB each (26 MB for all the
    placements kept), a copy only to its length.
    """
    return orjson.Fragment(bytes(memoryview(encode(part))))


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value
