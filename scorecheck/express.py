"""The express lane: plain round documents of a JSON Lines archive straight to JSON reports.

The general path loads a document into domain values, replays it, checks it and writes its
report; in Python that costs about 350 µs a line, too slow for archives of machine-played
games. Most lines of such an archive are plain: a round on the coloured wall, written with
text rows, that breaks no rule of the table (R1-R3, R6.3) and at most claims wrong points,
penalties or scores. This lane reads such a line with orjson, replays it on bit masks with
the core's own placement and floor scores (R4, R5, R6; only the clamp at 0, R6.4, is written
out here), and writes the very report the general path writes, byte for byte:
tests/test_express.py compares the two. The claims are judged by the core's own
check_claimed_scores, and the ranking by its rank (R8.3).

Whatever is not plain returns None, and the general path decides and explains.
"""

from __future__ import annotations

import operator
import re
from typing import Any

import orjson

from scorecheck.core.check import Findings, check_claimed_scores
from scorecheck.core.documents import Claims
from scorecheck.core.limits import (  # more players than MAX_PLAYERS is SC107: general path
    MAX_CLAIMED_POINTS,
    MAX_CLAIMED_SCORE,
    MAX_PENALTY,
    MAX_PLAYERS,
    MAX_SCORE,
)
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
from scorecheck.load.errors import InputError
from scorecheck.load.fast import (
    CACHE_LIMIT,
    Decline,
    board_name,
    floor_entries,
    pattern_line,
    row_cells,
)
from scorecheck.load.limits import MAX_VALUES
from scorecheck.load.locate import JsonSource
from scorecheck.load.text import decode
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
_TOP_ROW = (1 << SIZE) - 1  # a row's five bits, as they stand for row 1
_EMPTY_ROWS = ["....."] * SIZE  # what a board without the key holds
_EMPTY_LINES = [""] * SIZE
_KIND_AND_PLAYERS = operator.itemgetter("kind", "players")  # a claimed winner: general path
_BOARD_KEYS = frozenset({"name", "score", "wall", "lines", "floor", "claimed"})
_CLAIM_KEYS = frozenset({"points", "penalty", "score"})  # a claimed wall or final: general path
_BOARD_KEY_COUNT = len(_BOARD_KEYS)
_CLAIM_KEY_COUNT = len(_CLAIM_KEYS)
_NO_COLUMNS: list[None] = [None] * SIZE  # shared by every report: orjson only reads it
_NONE: list[Any] = []
_INT = frozenset({int})  # the type of every claimed point (bool is not int here)

# Colour counts for the supply rule (R1.1), packed in one int: 16 bits a colour, B Y R K W.
_FIELD = 16
_ONE = {c: 1 << (_FIELD * c.index) for c in Color}
_OVER_SUPPLY = sum((1 << (_FIELD - 1)) - TILES_PER_COLOR - 1 << (_FIELD * i) for i in range(SIZE))
_HIGH_BITS = sum(1 << (_FIELD * i + _FIELD - 1) for i in range(SIZE))
# A row's cached bits and counts in one int: the counts above the wall's 25 bits.
_SUPPLY_SHIFT = SIZE * SIZE
_WALL = (1 << _SUPPLY_SHIFT) - 1

# A row's five filled-or-empty bits, on the printed colours (R2), as the report writes it.
_ROW_TEXT = tuple(tuple(cells_text(cells) for cells in row) for row in PRINTED_ROWS)
# Per wall bit, what placing a tile there takes (see _player): the cross of cells its score
# depends on, the bit's index above the wall's bits (the two make the placement's cache key),
# and the bit itself.
_TARGETS = tuple((CROSSES[b], b << _SUPPLY_SHIFT, 1 << b) for b in range(SIZE * SIZE))
# A wall row read with its pattern line: the row's bits and colour counts, then its target.
_RowAndLine = tuple[int, int, int, int]
_SCORES = range(MAX_SCORE + 1)  # a score before the round, as the general path accepts it

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
    # find, not `in`: `bytes in bytes` first tries the bytes as an int, and raises and clears
    # a TypeError each time (~1,800 instructions; the two tests cost 1.4% of a line).
    if data.isascii() and data.find(b"\r") < 0 and data.find(b"\x7f") < 0:  # else decode()
        quotes = data.count(b'"')
    else:
        text = decode(data, len(data))
        quotes = text.count('"')
    if len(text) > MAX_VALUES:
        return None
    document = orjson.loads(text)
    if type(document) is not dict:
        return None
    try:
        kind, players = _KIND_AND_PLAYERS(document)
    except KeyError:
        return None
    keys = len(document)  # kind and players, and a third only if it is the colored variant
    if kind != "round" or (keys != 2 and (keys != 3 or document.get("variant") != "colored")):
        return None
    if type(players) is not list or not 1 <= len(players) <= MAX_PLAYERS:
        return None
    # orjson keeps the last of a key given twice, which the general path refuses (SC002).
    # Every string of the text is a key or a value counted below, written between two quotes
    # (an escaped quote only adds one), so a key given twice, dropped with its value, leaves
    # more quotes than twice the strings: then the general path decides.
    strings = keys + keys - 1  # the keys, "round" and "colored" if given
    parts = []
    names = []
    walls = []
    scores = []
    complete_rows = []  # per board, a bit at the first cell of each complete row
    wrong = []  # (seat, what to check) for boards with a wrong claim
    supply = 0
    markers = 0
    for seat, value in enumerate(players):
        part, seat_name, wall, after, rows_bits, claimed, board_strings, board_supply, marker = (
            _player(value, seat)
        )
        parts.append(part)
        names.append(seat_name)
        walls.append(wall)
        scores.append(after)
        complete_rows.append(rows_bits)
        if claimed is not None:
            wrong.append((seat, claimed))
        strings += board_strings
        supply += board_supply
        markers += marker
    if quotes != 2 * strings:
        return None
    if markers > 1 or len(set(names)) != len(names) or (supply + _OVER_SUPPLY) & _HIGH_BITS:
        return None  # R1.3, R1.1 and duplicate names: the general path says what is wrong
    found: Findings | None = None
    violations: tuple[Violation, ...] = ()
    written: list[dict[str, Any]] = _NONE
    if wrong:  # the core says which claim is wrong, and how
        source = text if isinstance(text, str) else text.decode("ascii")
        found = Findings(_ClaimsSource(name, source, number, players))
        for seat, (before, placed, floor, claims) in wrong:
            at = ("players", seat, "claimed")
            scores_placed = [p[0] for p in placed]
            check_claimed_scores(found, names[seat], before, scores_placed, floor, claims, at, None)
        violations = tuple(found.items)
        written = [violation_dict(v, violation_message(v)) for v in violations]
    final = None
    if any(complete_rows):  # a complete row ends the game (R8.1)
        final = _final(names, walls, scores, complete_rows)
    report = {
        "schema": SCHEMA_VERSION,
        "file": name,
        "line": number,
        "kind": "round",
        "ok": found is None or not any(v.severity is Severity.ERROR for v in violations),
        "rounds": [{"number": None, "players": parts}],
        "final": final,
        "violations": written,
    }
    return encode(report), violations


# What a wrong claim is checked with: the score before, the placed tiles, the floor, the claims.
_Wrong = tuple[int, list[tuple[PlacementScore, int, orjson.Fragment, int]], FloorScore, Claims]


def _player(
    value: object, seat: int
) -> tuple[dict[str, Any], str, int, int, int, _Wrong | None, int, int, bool]:
    """One board read from a line, tiled on its wall's bit mask (R4.1, R4.4) and scored (R5,
    R6): its part of the report, name, wall after tiling, score after, complete-row bits,
    what to check if a claim is wrong, the strings its text holds (keys and text values),
    its tiles by colour, packed (R1.1), and whether its floor holds the marker."""
    if type(value) is not dict:
        raise Decline
    try:  # most boards give all six keys, and then no other
        given_name, before, rows, lines, floor_text, claimed = _BOARD_VALUES(value)
        if len(value) != _BOARD_KEY_COUNT:
            raise Decline
        strings = _ALL_BOARD_STRINGS
    except KeyError:
        given_name, before, rows, lines, floor_text, claimed, strings = _some_board_values(value)
    if type(before) is not int or before not in _SCORES:
        raise Decline
    if type(rows) is not list or type(lines) is not list:
        raise Decline
    try:  # the strict zip and the unpacking refuse lists of other than five
        first, second, third, fourth, fifth = map(
            _ROWS_AND_LINES.__getitem__, zip(_INDICES, rows, lines, strict=True)
        )
    except KeyError:  # a row and line not seen before
        first, second, third, fourth, fifth = _read_rows_and_lines(rows, lines)
    except (TypeError, ValueError):
        raise Decline from None  # a row or line written as a list, or not five of them
    packed = first[0] + second[0] + third[0] + fourth[0] + fifth[0]  # rows hold distinct bits
    wall = packed & _WALL
    if type(floor_text) is not str:
        raise Decline
    floor = _FLOORS.get(floor_text)
    if floor is None:
        floor = _remember(_FLOORS, floor_text, _Floor(floor_text))
    # Each full line's tile to its printed cell, top to bottom, scored by the core (R4, R5).
    placed = []
    points = []
    placements = []
    to_lid = floor.tiles
    for _, cross, target, bit in (first, second, third, fourth, fifth):
        if bit:  # the line is full: its tile goes to this bit of the wall
            key = wall & cross | target  # what the score depends on (see _TARGETS)
            tile = _PLACEMENTS.get(key)
            if tile is None:
                tile = _remember(_PLACEMENTS, key, _placed(wall, target >> _SUPPLY_SHIFT))
            wall |= bit
            placed.append(tile)
            points.append(tile[1])
            placements.append(tile[2])
            to_lid += tile[3]
    wall_points = sum(points)
    penalty = floor.penalty
    after = before + wall_points - penalty
    clamped = after < 0  # never below 0 (R6.4, D2), as core.replay.new_score
    if clamped:
        after = 0
    wrong: _Wrong | None = None
    if claimed is not None:
        if type(claimed) is not dict:
            raise Decline
        try:
            claimed_points, claimed_penalty, claimed_score = _CLAIM_VALUES(claimed)
            if len(claimed) != _CLAIM_KEY_COUNT:
                raise Decline
        except KeyError:
            if not claimed.keys() <= _CLAIM_KEYS:
                raise Decline from None
            claim = claimed.get
            claimed_points, claimed_penalty, claimed_score = (
                claim("points"),
                claim("penalty"),
                claim("score"),
            )
        strings += len(claimed)
        if not (  # most tables claim all three, and right: whole numbers equal to the replay's
            claimed_points == points
            and claimed_score == after
            and (claimed_penalty == penalty or claimed_penalty == -penalty)
            and type(claimed_score) is int
            and type(claimed_penalty) is int
            and claimed_score <= MAX_CLAIMED_SCORE
            and type(claimed_points) is list
            and set(map(type, claimed_points)) <= _INT
        ):
            claims = _judged(claimed_points, claimed_penalty, claimed_score, points, penalty, after)
            if claims is not None:
                wrong = (before, placed, floor.score, claims)
    name = board_name(given_name, seat)
    strings += type(given_name) is str
    part = {
        "name": name,
        "score_before": before,
        "most_wall_points": None,  # not for round documents: see check._check_round
        "variant": "colored",
        "columns": _NO_COLUMNS,
        "placements": placements,
        "to_floor": _NONE,
        "untiled": _NONE,
        "wall_points": wall_points,
        "floor": floor.json,
        "to_lid": to_lid,
        "score_after": after,
        "clamped": clamped,
        "wall_after": [
            _ROW_TEXT[0][wall & 31],
            _ROW_TEXT[1][wall >> 5 & 31],
            _ROW_TEXT[2][wall >> 10 & 31],
            _ROW_TEXT[3][wall >> 15 & 31],
            _ROW_TEXT[4][wall >> 20],
        ],
    }
    rows_bits = wall & wall >> 1 & wall >> 2 & wall >> 3 & wall >> 4 & ROW_STARTS  # full_rows
    return (
        part,
        name,
        wall,
        after,
        rows_bits,
        wrong,
        strings,
        (packed >> _SUPPLY_SHIFT) + floor.supply,
        floor.marker,
    )


def _judged(
    claimed_points: Any,
    claimed_penalty: Any,
    claimed_score: Any,
    points: list[int],
    penalty: int,
    after: int,
) -> Claims | None:
    """A board's claims where one is left out or differs from the replay: the claims if one
    is wrong, None if none is; Decline for a claim the general path must judge (a value of
    the wrong type or out of range)."""
    if claimed_points is not None:
        if type(claimed_points) is not list or not set(map(type, claimed_points)) <= _INT:
            raise Decline  # a claimed point that is not a whole number
        if claimed_points != points and not all(
            0 <= p <= MAX_CLAIMED_POINTS for p in claimed_points
        ):  # (equal to the replay's, each is in range)
            raise Decline
    if claimed_penalty is not None and (
        type(claimed_penalty) is not int or not -MAX_PENALTY <= claimed_penalty <= MAX_PENALTY
    ):
        raise Decline
    if claimed_score is not None and (
        type(claimed_score) is not int or not 0 <= claimed_score <= MAX_CLAIMED_SCORE
    ):
        raise Decline
    if (
        (claimed_points is not None and claimed_points != points)
        or (claimed_penalty is not None and abs(claimed_penalty) != penalty)
        or (claimed_score is not None and claimed_score != after)
    ):
        return Claims(
            None if claimed_points is None else tuple(claimed_points),
            claimed_penalty,
            claimed_score,
        )
    return None


_BOARD_VALUES = operator.itemgetter("name", "score", "wall", "lines", "floor", "claimed")
_CLAIM_VALUES = operator.itemgetter("points", "penalty", "score")
# The strings of a board that gives all six keys, its name aside: six keys, five rows, five
# lines, the floor.
_ALL_BOARD_STRINGS = len(_BOARD_KEYS) + SIZE + SIZE + 1


def _some_board_values(value: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any, Any, int]:
    """A board's values where a key is left out, with the defaults the general path takes,
    and the strings it holds, its name aside."""
    if not value.keys() <= _BOARD_KEYS or value.keys() == {"score"}:
        raise Decline  # a board of a score alone gets a warning (SC005) on the general path
    get = value.get
    strings = len(value) + SIZE * (("wall" in value) + ("lines" in value)) + ("floor" in value)
    return (
        get("name"),
        get("score", 0),
        get("wall", _EMPTY_ROWS),
        get("lines", _EMPTY_LINES),
        get("floor", ""),
        get("claimed"),
        strings,
    )


def _placed(wall: int, bit: int) -> tuple[PlacementScore, int, orjson.Fragment, int]:
    """A tile placed at a bit of a wall: its score, points, report part, and the tiles its
    line sends to the lid (a full line holds row + 1 tiles: one to the wall, R4.1).

    The part is the score's alone (its cell and runs), so it is written once a score: the
    6,400 crosses a tile can meet make only 1,225 scores. A worker writes ~5,000 parts fewer
    (~35 ms) and keeps ~2 MB less.
    """
    row, column = divmod(bit, SIZE)
    score = score_placement(wall, row, column)
    part = _PARTS.get(score)
    if part is None:
        part = _written(placement_dict(row, printed_color(row, column), score, row))
        _remember(_PARTS, score, part)
    return score, score.points, part, row


def _read_rows_and_lines(rows: list[Any], lines: list[Any]) -> list[_RowAndLine]:
    """Each wall row with its pattern line, read by _row_and_line unless remembered."""
    try:
        return [
            _ROWS_AND_LINES.get(key) or _remember(_ROWS_AND_LINES, key, _row_and_line(*key))
            for key in zip(_INDICES, rows, lines, strict=True)
        ]
    except (TypeError, ValueError):
        raise Decline from None  # a later row or line written as a list, or not five of them


def _row_and_line(r: int, row: str, line: str) -> _RowAndLine:
    """A wall row and the pattern line beside it: the row's bits with the colour counts of both
    above them (supply << _SUPPLY_SHIFT | bits), then, when the line is full, the target of
    its tile (_TARGETS), else three zeros.

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
    if bits == _TOP_ROW << r * SIZE:
        raise Decline  # a row complete before the round: the game has ended (SC112, R8.1)
    tiles = pattern_line(r, line)
    if len(tiles.tiles) > tiles.capacity or len(tiles.colors) > 1:
        raise Decline
    if tiles.color is None:
        return supply << _SUPPLY_SHIFT | bits, 0, 0, 0
    bit = r * SIZE + printed_column(r, tiles.color)
    if bits >> bit & 1:
        raise Decline
    supply += len(tiles.tiles) * _ONE[tiles.color]
    return (supply << _SUPPLY_SHIFT | bits, *(_TARGETS[bit] if tiles.is_full else (0, 0, 0)))


class _Floor:
    """A floor text, scored once (R6): its entries, score, report part and colour counts."""

    __slots__ = ("json", "marker", "penalty", "score", "supply", "tiles")

    def __init__(self, text: str) -> None:
        items = floor_entries(text)
        if len(items) > FLOOR_SLOTS or items.count(Marker.FIRST_PLAYER) > 1:
            raise Decline  # SC108, SC109 (R6.3, D1), SC111 (R1.3)
        self.score = FloorScore.of(items)
        self.penalty = self.score.penalty
        self.tiles = self.score.tiles
        self.json = _written(floor_dict(self.score, items, self.score.penalty))
        self.marker = Marker.FIRST_PLAYER in items
        self.supply = sum(_ONE[i] for i in items if isinstance(i, Color))


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

    def __init__(self, file: str, text: str, line: int, boards: list[dict[str, Any]]) -> None:
        self.file = file
        self._text = text
        self._line = line
        self._seats = [seat for seat, board in enumerate(boards) if "claimed" in board]
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
        at = -1
        claimed = None
        for _ in range(self._seats.index(seat) + 1):  # the seat's '"claimed":'
            claimed = None
            while claimed is None:  # a '"claimed"' without ':' after it is a value (a name)
                at = text.find(_CLAIMED_KEY, at + 1)
                if at < 0:
                    return None
                claimed = _SPACED_COLON.match(text, at + len(_CLAIMED_KEY))
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


_CLAIMED_KEY = '"claimed"'
_SPACED_COLON = re.compile(r"[ \t]*:[ \t]*")
_CLAIM_KEY_TEXT = {key: re.compile(f'"{key}"[ \t]*:[ \t]*') for key in _CLAIM_KEYS}


def _final(
    names: list[str], walls: list[int], scores: list[int], complete_rows: list[int]
) -> dict[str, Any]:
    """The end of the game as final_dict writes it: each bonus and its report parts are
    remembered, the ranking is the core's (R8.2, R8.3)."""
    players = []
    standings = []
    for name, m, score, rows_bits in zip(names, walls, scores, complete_rows, strict=True):
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
        players.append(player_final(name, score, None, total, parts))
        standings.append(Standing(name, total, rows))
    return final_parts(players, rank(standings))


def _bonus(mask: int, complete: int) -> tuple[int, int, BonusParts]:
    """The bonus a printed wall earns, its complete rows and its report parts: EndBonus.of,
    but from the mask, since a colour's five tiles stand on its five printed cells (R2, R8.2)."""
    colors = tuple(color for color in COLORS if complete >> color.index & 1)
    bonus = EndBonus(full_rows(mask), full_columns(mask), colors)
    return bonus.points, len(bonus.rows), bonus_parts(bonus)


_ROWS_AND_LINES: dict[tuple[int, str, str], _RowAndLine] = {}
_FLOORS: dict[str, _Floor] = {}
_PLACEMENTS: dict[int, tuple[PlacementScore, int, orjson.Fragment, int]] = {}
_PARTS: dict[PlacementScore, orjson.Fragment] = {}
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
