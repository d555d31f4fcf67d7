"""The plain-round path: plain round documents of a JSON Lines archive straight to JSON reports.

The general path loads a document into domain values, replays it, checks it and writes its
report; in Python that is too slow for archives of machine-played games (figures in
benchmarks/README.md). Most lines of such an archive are plain: a round on the coloured
wall, written with text rows, at most with a broken rule of the table or a wrong claim. This
path reads such a line with orjson and replays it on bit masks, and writes the very report
the general path writes, byte for byte (tests/batch/test_plain_rounds.py compares the two). It
decides nothing itself: each part it reads (a wall row with its pattern line, a floor) goes once
through the input edge's parsers (load/fast.py) and the core's rules (table.line_findings,
floor_findings, supply_findings..., replay.mask_target, new_score, replay.placement_of,
EndBonus, maximum.start_wall_points), and the answers are remembered by the part's text.
The core tiles the lines on the wall's bit mask (replay.tile_mask, the step tile_board takes
on the coloured wall), and says when the game ends (game_ends) and how the players rank
(endgame.ranking). A document that breaks a rule of the table gets its findings from the
core's own table_findings and add_table_findings, a start score above its wall's maximum
from most_points_findings, and its claims are judged by check_claimed_scores; the report's
parts are jsonfmt's (player_dict, report_parts...).

Whatever it cannot write on bit masks (a tile off its printed cell, a row complete before
the round, a claimed wall or final, another form or kind) returns None, and the general path
decides and explains.
"""

from __future__ import annotations

import operator
from typing import Any

import orjson

from scorecheck.core.check import most_points_findings
from scorecheck.core.claims import check_claimed_scores, penalty_claim_agrees
from scorecheck.core.collector import ViolationCollector
from scorecheck.core.documents import Claims
from scorecheck.core.endgame import ranking
from scorecheck.core.maximum import start_wall_points
from scorecheck.core.replay import (
    MaskTarget,
    lid_total,
    mask_target,
    new_score,
    placement_of,
    tile_mask,
)
from scorecheck.core.scoring import (
    EndBonus,
    FloorScore,
    PlacementScore,
    game_ends,
)
from scorecheck.core.table import (
    NO_LINE_FINDINGS,
    TablePartsTuple,
    add_table_findings,
    color_counts,
    floor_findings,
    line_findings,
    table_findings,
    wall_row_findings,
)
from scorecheck.core.tiles import (
    PRINTED_ROWS,
    SIZE,
    Color,
    Marker,
    PatternLine,
    Variant,
    cells_text,
    complete_bits,
    full_rows,
    printed_color,
)
from scorecheck.core.violations import Finding, Path, Violation, no_errors
from scorecheck.i18n import violation_message
from scorecheck.load.contract import (
    DEFAULT_SCORE,
    EMPTY_FLOOR,
    EMPTY_LINES,
    EMPTY_WALL,
    ROUND_BOARD_KEYS,
    ROUND_CLAIM_KEYS,
    lonely_score,
)
from scorecheck.load.errors import InputError
from scorecheck.load.fast import (
    CACHE_LIMIT,
    Decline,
    board_list,
    board_name,
    board_score,
    floor_entries,
    pattern_line,
    remember,
    repeats_a_key,
    round_claims,
    unique_names,
    wall_row,
)
from scorecheck.load.limits import MAX_VALUES
from scorecheck.load.locate import JsonSource
from scorecheck.load.text import decode
from scorecheck.report.jsonfmt import (
    BonusParts,
    bonus_parts,
    encode,
    final_parts,
    floor_dict,
    placement_dict,
    player_dict,
    player_final,
    report_parts,
    round_parts,
    violation_dict,
)

_INDICES = range(SIZE)
_KIND_AND_PLAYERS = operator.itemgetter("kind", "players")  # a claimed winner: general path
# The keys of a board and of its claims this path reads: a coloured board names no columns
# (R9), and a claimed wall or final goes to the general path.
_BOARD_KEYS = ROUND_BOARD_KEYS - {"columns"}
_CLAIM_KEYS = ROUND_CLAIM_KEYS - {"wall", "final"}
_BOARD_KEY_COUNT = len(_BOARD_KEYS)
_CLAIM_KEY_COUNT = len(_CLAIM_KEYS)
_NO_COLUMNS: list[None] = [None] * SIZE  # shared by every report: orjson only reads it
_NONE: list[Any] = []
_COLORED = Variant.COLORED.value

# A row's five filled-or-empty bits, on the printed colours (R2), as the report writes it.
_ROW_TEXT = tuple(tuple(cells_text(cells) for cells in row) for row in PRINTED_ROWS)
# A wall row read with its pattern line: the row's bits, its tiles by colour (color_counts),
# the line's findings (line_findings), the row's cells, the line, the line's target on the
# wall (replay.mask_target) or None, and the row as the report writes it once the line is tiled.
_RowAndLine = tuple[
    int, int, tuple[Finding, ...], tuple[Color | None, ...], PatternLine, MaskTarget | None, str
]
# A placed tile: its score, points, report part.
_Placed = tuple[PlacementScore, int, orjson.Fragment]


def plain_round_report(
    name: str, number: int, data: bytes, debug: bool = False
) -> tuple[bytes, tuple[Violation, ...]] | None:
    """The JSON report of a plain round document on line `number` of a JSON Lines file, and its
    violations; None for anything else (the general path takes it).

    A bug here is left to the general path too, which reports it if it shares it; with debug
    it is raised (the tests run that way).
    """
    try:
        return _report(name, number, data)
    except (Decline, InputError, orjson.JSONDecodeError):
        return None
    except Exception:
        if debug:
            raise
        return None


def _report(name: str, number: int, data: bytes) -> tuple[bytes, tuple[Violation, ...]] | None:
    # The general path's checks of the text (UTF-8, control characters, line ends), but for
    # plain ASCII, where orjson refuses the control characters that JSON does not allow.
    text: bytes | str = data  # orjson reads bytes; decoded only where a finding is located
    # find, not `in`: `bytes in bytes` first tries the bytes as an int, and raises and clears
    # a TypeError each time.
    if not data.isascii() or data.find(b"\r") >= 0 or data.find(b"\x7f") >= 0:
        text = decode(data, len(data))
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
    if kind != "round" or (keys != 2 and (keys != 3 or document.get("variant") != _COLORED)):
        return None
    boards: list[_Read] = []
    names = []
    parts = []
    written = []
    walls = []
    members = keys  # of the objects read: the document's, each board's and its claims'
    judged: list[tuple[str, _Judged]] = []  # the boards with a finding or a claim to judge
    for seat, value in enumerate(board_list(players)):
        board = _board(value, seat)
        boards.append(board)
        board_name_, _, wall, board_members, table_parts, part, to_judge = board
        names.append(board_name_)
        parts.append(table_parts)
        written.append(part)
        walls.append(wall)
        members += board_members
        if to_judge is not None:
            judged.append((board_name_, to_judge))
    # orjson keeps the last of a key given twice, which the general path refuses (SC002).
    # Each member of an object is written with a colon after its key, and the objects read
    # hold `members`: a line with no more colons gives no key twice. Any other (a colon in
    # a string, an object not counted here) is read again by the fast loader's pairs.
    if data.count(b":") != members and repeats_a_key(text):
        return None
    told = tuple(names)
    if told not in _TOLD_APART:  # unique_names, remembered: tables seat the same players
        unique_names(names)
        remember(_TOLD_APART, told, True)
    collector: ViolationCollector | None = None
    table = table_findings(parts)  # the checker's own rules of the table, on the parts read
    if table:
        collector = _collector(name, text, number, players)
        add_table_findings(collector, table, None)
    for board_name_, (origin, _, over, _, _, _) in judged:
        if over:  # the score before the round, against what its start wall could earn
            collector = collector or _collector(name, text, number, players)
            add_table_findings(collector, [(f, origin, board_name_) for f in over], None)
    for board_name_, (origin, before, _, floor, placed, claims) in judged:
        if claims is None:
            continue
        # the core says which claim is wrong, and how
        collector = collector or _collector(name, text, number, players)
        scores = [p[0] for p in placed]
        at = (*origin, "claimed")
        check_claimed_scores(collector, board_name_, before, scores, floor.score, claims, at, None)
    violations = () if collector is None else tuple(collector.items)
    final = None
    if game_ends(walls):  # the core's end of the game (R8.1)
        players = []  # as final_dict writes a round document's end (no most_wall_points)
        entrants = []  # name, score and bonus: what endgame.ranking ranks
        for board_name_, after, wall, _, _, _, _ in boards:
            bonus, parts_of_bonus = _bonus(wall)
            entrants.append((board_name_, after, bonus))
            players.append(
                player_final(board_name_, after, None, bonus.added_to(after), parts_of_bonus)
            )
        final = final_parts(players, ranking(entrants))
    report = report_parts(
        name,
        number,
        kind,
        no_errors(violations),
        [round_parts(None, written)],
        final,
        [violation_dict(v, violation_message(v)) for v in violations] if violations else _NONE,
    )
    return encode(report), violations


def _collector(name: str, text: bytes | str, number: int, players: list[Any]) -> ViolationCollector:
    source = text if isinstance(text, str) else text.decode("ascii")
    # Claims here hold only whole numbers, nulls and lists of them: JsonSource's quick search.
    seats = [seat for seat, board in enumerate(players) if "claimed" in board]
    return ViolationCollector(JsonSource(name, source, number, claims=seats))


# A board read from a line and tiled (_board): its name, score after the round, wall after
# tiling, the members its objects hold (the board's and its claims'), its table parts
# (TablePartsTuple: what the rules of the table judge), its part of the report, and what is
# left to judge (None when nothing is): _Judged.
_Judged = tuple[Path, int, tuple[Finding, ...], "_Floor", list[_Placed], Claims | None]
_Read = tuple[str, int, int, int, TablePartsTuple, dict[str, Any], _Judged | None]
# _Judged: a board's origin, score before the round, the findings of that score against its
# start wall's maximum (SC125), its floor, placed tiles and the claims to judge (None when
# all are right).


def _board(value: object, seat: int) -> _Read:
    """One board read from a line and tiled on its wall's bit mask (R4.1, R4.4), scored (R5,
    R6): see _Read. A function that returns a tuple, not a class: calling a class runs its
    __init__ in a frame of its own and makes an object, which costs a board more than a call
    of a function and a tuple."""
    if type(value) is not dict:
        raise Decline
    try:  # most boards give all six keys, and then no other
        given_name, before, rows, lines, floor_text, claimed = _BOARD_VALUES(value)
        if len(value) != _BOARD_KEY_COUNT:
            raise Decline
    except KeyError:
        given_name, before, rows, lines, floor_text, claimed = _some_board_values(value, seat)
    try:
        origin: Path = _ORIGINS[seat]
    except IndexError:  # more seats than the rules allow (SC107)
        origin = ("players", seat)
    try:  # board_score's answers, remembered: `is` tells 1 from True and 1.0, equal to it
        score = _SCORES.get(before)
    except TypeError:
        raise Decline from None  # a score written as a list or an object
    if score is not before or score is None:  # None: not seen (and no score)
        score = remember(_SCORES, before, board_score(before))
    if type(rows) is not list or type(lines) is not list:
        raise Decline
    try:  # the unpacking refuses lists of other than five
        row0, row1, row2, row3, row4 = rows
        line0, line1, line2, line3, line4 = lines
    except ValueError:
        raise Decline from None
    read: tuple[_RowAndLine, ...]
    try:  # each row's text, then its line's: text keys, no tuple made and hashed
        read = first, second, third, fourth, fifth = (
            _ROW0[row0][line0],
            _ROW1[row1][line1],
            _ROW2[row2][line2],
            _ROW3[row3][line3],
            _ROW4[row4][line4],
        )
    except KeyError:  # a row and line not seen before
        read = first, second, third, fourth, fifth = _read_rows_and_lines(rows, lines)
    except TypeError:
        raise Decline from None  # a row or line written as a list
    wall = first[0] | second[0] | third[0] | fourth[0] | fifth[0]
    # As check._check_round, the start wall's maximum (R5, R8.1); it has no complete row:
    # _row_and_line steps aside for one.
    most = start_wall_points(wall)
    if type(floor_text) is not str:
        raise Decline
    floor = _FLOORS.get(floor_text)
    if floor is None:
        floor = remember(_FLOORS, floor_text, _Floor(floor_text))
    # Each full line's tile to its printed cell, top to bottom, scored by the core (R4, R5).
    targets = (first[5], second[5], third[5], fourth[5], fifth[5])
    after_wall, placed, from_lines = tile_mask(wall, targets, _PLACEMENTS)
    points = []  # each tile's points and report part, and their sum, in one pass
    placements = []
    wall_points = 0
    for tile in placed:
        points.append(tile[1])
        placements.append(tile[2])
        wall_points += tile[1]
    to_lid = lid_total(from_lines, floor.score)
    penalty = floor.score.penalty
    after, clamped = new_score(score, wall_points, penalty)
    claims: Claims | None = None
    members = len(value)
    if claimed is not None:
        if type(claimed) is not dict:
            raise Decline
        members += len(claimed)
        try:
            claimed_points, claimed_penalty, claimed_score = _CLAIM_VALUES(claimed)
        except KeyError:
            claimed_points = claimed_penalty = claimed_score = None  # round_claims reads them
        right = (  # most tables claim all three, and right: whole numbers equal to the replay's
            claimed_points == points
            and claimed_score == after
            and penalty_claim_agrees(claimed_penalty, penalty)
            and len(claimed) == _CLAIM_KEY_COUNT
            and type(claimed_score) is int
            and type(claimed_penalty) is int
        )
        if right:  # a loop over two or three points, where a map costs an object and a call
            for claimed_point in claimed_points:
                if type(claimed_point) is not int:  # True and 1.0 equal 1
                    right = False
                    break
        if not right:
            claims = round_claims(claimed)  # the contract's types and ranges (fast.py)
            if claims.wall is not None or claims.final is not None:
                raise Decline  # a claimed wall or final: the general path judges it
    try:  # board_name's answers for names given, remembered: a name is read once
        known = given_name in _NAMED
    except TypeError:
        raise Decline from None  # a name written as a list or an object
    if known:
        name = given_name
    else:
        name = board_name(given_name, seat)
        if name is given_name:
            remember(_NAMED, name, True)
    lines_found = (first[2], second[2], third[2], fourth[2], fifth[2])
    untiled = _NONE  # a full line with no cell to go to breaks a rule (SC102, SC103)
    if lines_found != NO_LINE_FINDINGS:
        untiled = [k + 1 for k, e in enumerate(read) if e[5] is None and e[4].is_full]
    # No row has a wall finding (wall_row_findings: _row_and_line steps aside for one).
    table: TablePartsTuple = (
        name,
        origin,
        lines_found,
        (),
        floor.findings,
        floor.marker,
        first[1] + second[1] + third[1] + fourth[1] + fifth[1] + floor.counts,
    )
    part = player_dict(
        name=name,
        score_before=score,
        most_wall_points=most,
        variant=_COLORED,
        columns=_NO_COLUMNS,
        placements=placements,
        to_floor=_NONE,
        untiled=untiled,
        wall_points=wall_points,
        floor=floor.json,
        to_lid=to_lid,
        score_after=after,
        clamped=clamped,
        wall_after=[first[6], second[6], third[6], fourth[6], fifth[6]],
    )
    over = most_points_findings(name, score, most)  # the score before, against its start wall
    to_judge = None
    if over or claims is not None:
        to_judge = (origin, score, over, floor, placed, claims)
    return name, after, after_wall, members, table, part, to_judge


_CLAIM_VALUES = operator.itemgetter("points", "penalty", "score")
_ORIGINS = [("players", seat) for seat in range(8)]  # where each board stands in a document
_BOARD_VALUES = operator.itemgetter("name", "score", "wall", "lines", "floor", "claimed")


def _some_board_values(value: dict[str, Any], seat: int) -> tuple[Any, Any, Any, Any, Any, Any]:
    """A board's values where a key is left out, with the defaults the general path takes."""
    if not value.keys() <= _BOARD_KEYS or lonely_score(seat, value.keys()):
        raise Decline  # the general path warns of it (SC005)
    get = value.get
    return (
        get("name"),
        get("score", DEFAULT_SCORE),
        get("wall", EMPTY_WALL),
        get("lines", EMPTY_LINES),
        get("floor", EMPTY_FLOOR),
        get("claimed"),
    )


class _Placements(dict[int, _Placed]):
    """Placed tiles by their placement's key (tile_mask's), each made once by _placed: tile_mask
    looks a tile up here, so a tile met before costs no call in Python."""

    def __missing__(self, key: int) -> _Placed:
        return remember(self, key, _placed(key))


def _placed(key: int) -> _Placed:
    """A tile placed as its key says (replay.placement_of): its score, points and report part.

    The part is the score's alone (its cell and runs) and the lid's, so it is written once:
    a worker writes and keeps far fewer parts than the crosses a tile can meet.
    """
    score, lid = placement_of(key)
    row, column = score.row, score.column
    part = _PARTS.get((score, lid))
    if part is None:
        part = _written(placement_dict(row, printed_color(row, column), score, lid))
        remember(_PARTS, (score, lid), part)
    return score, score.points, part


def _read_rows_and_lines(rows: list[Any], lines: list[Any]) -> tuple[_RowAndLine, ...]:
    """Each of the five wall rows with its pattern line, read by _row_and_line unless kept."""
    read = []
    for r, row, line in zip(_INDICES, rows, lines, strict=True):
        try:
            cached = ROWS_AND_LINES.get(r, row, line)
        except TypeError:
            raise Decline from None  # a later row or line written as a list
        if cached is None:
            cached = ROWS_AND_LINES.remember(r, row, line, _row_and_line(r, row, line))
        read.append(cached)
    return tuple(read)


def _row_and_line(r: int, row: str, line: str) -> _RowAndLine:
    """A wall row and the pattern line beside it, read by the input edge and judged by the
    core once: see _RowAndLine.

    Steps aside for what it cannot write on bit masks: a row written as a list, a tile off
    its printed cell (SC104, R2), a row complete before the round (SC112, R8.1). A full line
    with no cell to go to (SC102, SC103) stays untiled, as replay.tile_board leaves it: no
    target.
    """
    if type(row) is not str or type(line) is not str:
        raise Decline
    cells = wall_row(r, row)
    if wall_row_findings(r, cells):  # the core's wall rules, row by row
        raise Decline
    bits = sum(1 << (r * SIZE + c) for c, cell in enumerate(cells) if cell is not None)
    if full_rows(bits):
        raise Decline
    tiles = pattern_line(r, line)
    target = mask_target(cells, tiles)
    counts = color_counts(cells) + color_counts(tiles.tiles)
    after = bits if target is None else bits | target[0]  # the row once its line is tiled
    text = _ROW_TEXT[r][after >> r * SIZE]
    return bits, counts, line_findings(tiles, cells), cells, tiles, target, text


class _Floor:
    """A floor text, read and scored once (R6): its entries, findings (floor_findings),
    score, report part, tiles by colour, and whether it holds the marker."""

    __slots__ = ("counts", "findings", "json", "marker", "score")

    def __init__(self, text: str) -> None:
        items = floor_entries(text)
        self.findings = floor_findings(items)
        self.score = FloorScore.of(items)
        self.json = _written(floor_dict(self.score, items, self.score.penalty))
        self.marker = Marker.FIRST_PLAYER in items
        self.counts = color_counts(items)


def _bonus(wall: int) -> tuple[EndBonus, BonusParts]:
    """The bonus a wall's bit mask earns on the printed colours (R2, R8.2) and its report
    parts, made once for each set of complete rows, columns and colours."""
    key = complete_bits(wall)
    cached = _BONUSES.get(key)
    if cached is None:
        bonus = EndBonus.of_printed(wall)
        cached = remember(_BONUSES, key, (bonus, bonus_parts(bonus)))
    return cached


class RowsAndLines:
    """Readings of wall rows with their pattern lines (_row_and_line), at most `limit` kept."""

    # By row, the row's text, then the line's: text keys, no tuple made and hashed. A full
    # cache is emptied first, as fast.remember empties its caches.

    def __init__(self, limit: int) -> None:
        self.by_row: tuple[dict[str, dict[str, _RowAndLine]], ...] = tuple({} for _ in _INDICES)
        self.limit = limit
        self._kept = 0

    def __len__(self) -> int:
        return self._kept

    def clear(self) -> None:
        """Every reading dropped."""
        for rows in self.by_row:
            rows.clear()
        self._kept = 0

    def get(self, r: int, row: str, line: str) -> _RowAndLine | None:
        """The reading of a row and line remembered, or None."""
        beside = self.by_row[r].get(row)
        return None if beside is None else beside.get(line)

    def remember(self, r: int, row: str, line: str, reading: _RowAndLine) -> _RowAndLine:
        """The reading, kept."""
        if self._kept >= self.limit:
            self.clear()
        self.by_row[r].setdefault(row, {})[line] = reading
        self._kept += 1
        return reading


ROWS_AND_LINES = RowsAndLines(CACHE_LIMIT)
_ROW0, _ROW1, _ROW2, _ROW3, _ROW4 = ROWS_AND_LINES.by_row  # read by _board for every board
_FLOORS: dict[str, _Floor] = {}
_SCORES: dict[int, int] = {}  # each score board_score took, by itself
_NAMED: dict[str, bool] = {}  # the names board_name took as they were given
_TOLD_APART: dict[tuple[str, ...], bool] = {}  # the names of a document that unique_names takes
_PLACEMENTS = _Placements()  # tile_mask's tiles
_PARTS: dict[tuple[PlacementScore, int], orjson.Fragment] = {}
_BONUSES: dict[int, tuple[EndBonus, BonusParts]] = {}


def _written(part: dict[str, Any]) -> orjson.Fragment:
    """A part of reports, written once: orjson copies it into each report that holds it.

    Kept as a copy: the bytes orjson returns hold on to ~4 KB each (26 MB for all the
    placements kept), a copy only to its length.
    """
    return orjson.Fragment(bytes(memoryview(encode(part))))
