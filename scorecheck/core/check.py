"""The checker: replays a document and collects every broken rule and wrong claim.

Broken rules never raise here; they become violations. Exceptions mean a bug.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple

from scorecheck.core.documents import (
    Claims,
    Document,
    FinalDocument,
    GameDocument,
    GameEntry,
    RoundDocument,
)
from scorecheck.core.limits import MAX_PLAYERS
from scorecheck.core.most import most_wall_points
from scorecheck.core.replay import Tiling, new_score, score_text, tile_board
from scorecheck.core.results import FinalResult, PlayerFinal, Report, RoundResult
from scorecheck.core.scoring import (
    Decider,
    EndBonus,
    FloorScore,
    PlacementScore,
    Ranking,
    Standing,
    rank,
)
from scorecheck.core.tiles import (
    COLORS,
    FLOOR_SLOTS,
    SIZE,
    TILES_PER_COLOR,
    Board,
    Color,
    FloorItem,
    Marker,
    PatternLine,
    Variant,
    Wall,
    printed_color,
)
from scorecheck.core.violations import (
    Finding,
    Path,
    Phrase,
    SourceMap,
    Violation,
    cell_phrase,
    locate,
    quoted,
    tiles,
)

if TYPE_CHECKING:
    # Imported where used below: only game records need them, and importing them costs
    # every start (scorecheck check on one small file must feel instant).
    from scorecheck.core.record import WrongCells


class Findings:
    """Collects violations for one document, locating each path in the source."""

    __slots__ = ("items", "source")

    def __init__(self, source: SourceMap) -> None:
        self.source = source
        self.items: list[Violation] = []

    def add(
        self,
        code: str,
        path: Path,
        player: str | None = None,
        round_number: int | None = None,
        **args: object,
    ) -> None:
        self.items.append(Violation(code, args, locate(self.source, path), player, round_number))


def check(document: Document) -> Report:
    """Replay a document and report its scores, bonuses, ranking and violations."""
    if isinstance(document, RoundDocument):
        return _check_round(document)
    if isinstance(document, FinalDocument):
        return _check_final(document)
    return _check_game(document)


def _check_round(doc: RoundDocument) -> Report:
    found = Findings(doc.source)
    found.items += doc.notes
    boards = [p.board for p in doc.players]
    check_table(found, boards, [p.origin for p in doc.players], None, doc.variant)
    for p in doc.players:  # a complete row ended the game with its round (R8.1)
        for row in p.board.wall.complete_rows():
            found.add("SC112", p.origin + ("wall", row), p.board.name, None, row=row + 1)
    # The score before the round was earned by the wall the round starts with (R5, R8.1).
    most = tuple(most_wall_points(p.board.wall.mask) for p in doc.players)
    for p, board_most in zip(doc.players, most, strict=True):
        board = p.board
        over = most_points_findings(board.name, board.score, board_most)
        _add_findings(found, over, p.origin, board.name, None)
    tilings = tuple(tile_board(p.board, doc.variant) for p in doc.players)
    for player, tiling in zip(doc.players, tilings, strict=True):
        _check_grey_lines(found, tiling, player.origin, None)
        _check_round_claims(found, tiling, player.claims, player.origin, None)
    final = _end_of_game(
        found,
        [t.board.name for t in tilings],
        [t.score_after for t in tilings],
        [t.wall_after for t in tilings],
        [(p.claims.final, p.origin + ("claimed", "final")) for p in doc.players],
        doc.winner,
        None,
    )
    return Report(
        doc.source.file,
        doc.kind,
        (RoundResult(None, tilings, most_wall_points=most),),
        final,
        tuple(found.items),
        doc.variant,
        document=doc,
    )


def _check_final(doc: FinalDocument) -> Report:
    found = Findings(doc.source)
    found.items += doc.notes
    names = [p.name for p in doc.players]
    if len(doc.players) > MAX_PLAYERS:
        found.add("SC107", ("players",), count=len(doc.players))
    for p in doc.players:
        _add_findings(found, wall_findings(p.wall, doc.variant, p.name), p.origin, p.name, None)
    _check_supply(found, [p.wall.cells for p in doc.players], ("players",), None)
    walls = [p.wall for p in doc.players]
    if not any(w.complete_rows() for w in walls):
        found.add("SC110", ("players",))
    for p in doc.players:
        most = most_wall_points(p.wall.mask)
        over = most_points_findings(p.name, p.score, most, final=True)
        _add_findings(found, over, p.origin, p.name, None)
    final = _end_of_game(
        found,
        names,
        [p.score for p in doc.players],
        walls,
        [(p.claimed_final, p.origin + ("claimed", "final")) for p in doc.players],
        doc.winner,
        None,
        force=True,
    )
    return Report(
        doc.source.file, doc.kind, (), final, tuple(found.items), doc.variant, document=doc
    )


def _check_game(doc: GameDocument) -> Report:
    from scorecheck.core.record import judge_record, standings  # see TYPE_CHECKING above

    found = Findings(doc.source)
    found.items += doc.notes
    record = doc  # scores are judged over the whole record (core/record.py), not round by round
    doc = replace(doc, rounds=_without_score_claims(doc.rounds))
    walls = {name: Wall.empty() for name in doc.players}
    scores = dict.fromkeys(doc.players, 0)
    wrong_walls: dict[str, WrongCells] = {name: {} for name in doc.players}  # claimed walls
    results: list[RoundResult] = []
    for number, entries in enumerate(doc.rounds, start=1):
        boards = [
            Board(name, scores[name], walls[name], e.lines, e.floor, e.columns)
            for name, e in zip(doc.players, entries, strict=True)
        ]
        # The record's player count is SC301, said once: not SC107 again every round.
        check_table(found, boards, [e.origin for e in entries], number, doc.variant, False)
        tilings = tuple(tile_board(b, doc.variant) for b in boards)
        for entry, tiling in zip(entries, tilings, strict=True):
            _check_grey_lines(found, tiling, entry.origin, number)
            claims = entry.claims
            if claims.wall is not None:
                name = tiling.board.name
                wall, wrong_walls[name] = _uncopied_wall(
                    found, tiling, claims.wall, wrong_walls[name], entry.origin, number
                )
                claims = replace(claims, wall=wall)
            _check_round_claims(found, tiling, claims, entry.origin, number)
            walls[tiling.board.name] = tiling.wall_after
            scores[tiling.board.name] = tiling.score_after
        results.append(RoundResult(number, tilings))
    judged = judge_record(record, [r.tilings for r in results], found.add)
    results = [
        replace(r, supply=s, standings=standings(r.tilings))
        for r, s in zip(results, judged.supplies, strict=True)
    ]
    last = judged.end_round or len(results)  # the game ends with its ending round (R8.1)
    tilings = results[last - 1].tilings if last else ()
    final = _end_of_game(
        found,
        list(doc.players),
        [t.score_after for t in tilings] or [0] * len(doc.players),
        [t.wall_after for t in tilings] or [Wall.empty()] * len(doc.players),
        claimed_finals(doc, last),
        doc.winner,
        last or None,
    )
    violations = sorted(found.items, key=lambda v: v.round or 0)
    return Report(
        doc.source.file,
        doc.kind,
        tuple(results),
        final,
        tuple(violations),
        doc.variant,
        document=record,
        ended_after_round=judged.end_round,
    )


def _uncopied_wall(
    found: Findings,
    tiling: Tiling,
    claimed: Wall,
    wrong: WrongCells,
    origin: Path,
    number: int,
) -> tuple[Wall, WrongCells]:
    """A game record's claimed wall with the mistakes copied from its previous claim set
    right, so that each is an error once (SC205-SC208); the copies are one warning a round
    (SC114). Returns the wall to check and the wrong cells to carry on."""
    from scorecheck.core.record import differing_cells, wall_differences  # game records only

    replayed = tiling.wall_after
    _, copied, still = wall_differences(claimed, replayed, wrong, number)
    cells = list(claimed.cells)
    for r, c in copied:
        cells[r * SIZE + c] = replayed.at(r, c)
    if copied:
        r, c = copied[0]
        found.add(
            "SC114",
            origin + ("claimed", "wall", r, c),
            tiling.board.name,
            number,
            round=number,
            since=min(wrong[cell][1] for cell in copied),
            cells=differing_cells(copied, claimed, replayed),
        )
    return Wall(tuple(cells)), still


def claimed_finals(doc: GameDocument, last: int) -> list[tuple[int | None, Path]]:
    """Final scores claimed at document level, else in the entries of the ending round."""
    at_end = doc.rounds[last - 1] if last else ()
    claimed = dict(doc.final_claims)
    finals: list[tuple[int | None, Path]] = []
    for seat, name in enumerate(doc.players):
        if name in claimed or seat >= len(at_end):
            finals.append((claimed.get(name), ("claimed", "final", name)))
        else:
            entry = at_end[seat]
            finals.append((entry.claims.final, entry.origin + ("claimed", "final")))
    return finals


def _without_score_claims(
    rounds: tuple[tuple[GameEntry, ...], ...],
) -> tuple[tuple[GameEntry, ...], ...]:
    return tuple(
        tuple(replace(e, claims=replace(e.claims, score=None)) for e in entries)
        for entries in rounds
    )


# --- Broken rules on the table ---------------------------------------------------------------
# Each rule of the table is decided here once, by a small function over cheap values (a
# pattern line and its wall row, a wall, a floor, the colour counts, the marker holders, the
# number of boards) that returns its findings; table_findings composes them in their order.
# The checker reads a board's parts with board_parts; the express lane (scorecheck/express.py)
# makes the same parts (a TablePartsTuple) from what it has read, each judged once and
# remembered by its text, and calls table_findings too (see CONTRIBUTING, "The fast path").


class TableParts(NamedTuple):
    """One board as the rules of the table see it, each part judged: its name and origin,
    the findings of its pattern lines (line_findings, top to bottom), wall (wall_findings)
    and floor (floor_findings), whether its floor holds the marker, its tiles by colour
    (color_counts)."""

    name: str
    origin: Path
    lines: tuple[tuple[Finding, ...], ...]
    wall: tuple[Finding, ...]
    floor: tuple[Finding, ...]
    marker: bool
    counts: int


# TableParts' fields, in order, as table_findings reads them: the express lane gives plain
# tuples (a named tuple costs it a second tuple a board, ~1% of a line).
TablePartsTuple = tuple[
    str, Path, tuple[tuple[Finding, ...], ...], tuple[Finding, ...], tuple[Finding, ...], bool, int
]


def check_table(
    found: Findings,
    boards: Sequence[Board],
    origins: Sequence[Path],
    round_number: int | None,
    variant: Variant,
    count_players: bool = True,
) -> None:
    """Rules that concern the boards before tiling (R1, R2, R3.4, R6.3)."""
    parts = [board_parts(b, origin, variant) for b, origin in zip(boards, origins, strict=True)]
    add_table_findings(found, table_findings(parts, count_players), round_number)


def board_parts(board: Board, origin: Path, variant: Variant) -> TableParts:
    """A board's parts, each judged by its rule."""
    wall, floor = board.wall, board.floor
    return TableParts(
        board.name,
        origin,
        tuple(line_findings(line, wall.row(line.index)) for line in board.lines),
        wall_findings(wall, variant, board.name),
        floor_findings(floor),
        Marker.FIRST_PLAYER in floor,
        color_counts(chain(wall.cells, floor, *(line.tiles for line in board.lines))),
    )


_NO_LINE_FINDINGS = ((),) * SIZE  # five pattern lines, none breaking a rule


def table_findings(
    parts: Sequence[TablePartsTuple], count_players: bool = True
) -> list[tuple[Finding, Path, str | None]]:
    """Every finding of a table's boards, in order, each with the origin its path is below
    and the board's name (None for the table's): the number of boards (unless
    count_players is False), then board by board its lines, wall and floor, then the marker
    and the supply of tiles. Empty for most tables."""
    found: list[tuple[Finding, Path, str | None]] = []
    holders = []
    counts = 0
    # Unpacked, not read by field name: the lane calls this for every line it reads.
    for name, origin, lines, wall, floor, marker, board_counts in parts:
        if wall or floor or lines != _NO_LINE_FINDINGS:  # most boards break no rule
            for line in lines:
                found += [(f, origin, name) for f in line]
            found += [(f, origin, name) for f in wall]
            found += [(f, origin, name) for f in floor]
        if marker:
            holders.append((name, origin))
        counts += board_counts
    players = player_count_findings(len(parts)) if count_players else ()
    markers = marker_findings(holders)
    supply = supply_findings(counts)
    if players or markers or supply:  # most tables break none of these
        origin = parts[0][1] if parts else ()
        root: Path = origin[:-1] if origin else ()
        found[:0] = [(f, root, None) for f in players]  # the number of boards comes first
        found += [(f, (), None) for f in markers]
        found += [(f, root, None) for f in supply]
    return found


def add_table_findings(
    found: Findings, table: Iterable[tuple[Finding, Path, str | None]], round_number: int | None
) -> None:
    """table_findings located and collected."""
    for finding, origin, name in table:
        _add_findings(found, (finding,), origin, name, round_number)


def player_count_findings(count: int) -> tuple[Finding, ...]:
    """At most four players at a table (SC107, R1.2)."""
    return (Finding("SC107", (), {"count": count}),) if count > MAX_PLAYERS else ()


def line_findings(line: PatternLine, row: Sequence[Color | None]) -> tuple[Finding, ...]:
    """A pattern line beside its wall row: more tiles than places (SC101, R1.4, D3), two
    colours (SC102, R3.3), its colour already in the row (SC103, R3.4)."""
    if not line.tiles:
        return ()  # an empty line breaks no rule
    found = []
    path: Path = ("lines", line.index)
    number = line.index + 1
    if len(line.tiles) > line.capacity:
        places = Phrase("{count} place", many="{count} places", count=line.capacity)
        args = {"line": number, "tiles": tiles(len(line.tiles)), "places": places}
        found.append(Finding("SC101", path, args))
    if len(line.colors) > 1:
        found.append(Finding("SC102", path, {"line": number, "colors": line.colors}))
    elif line.color is not None and line.color in row:
        found.append(Finding("SC103", path, {"line": number, "color": line.color}))
    return tuple(found)


def floor_findings(floor: tuple[FloorItem, ...]) -> tuple[Finding, ...]:
    """A floor: tiles beyond its seven slots (SC108, R6.3), a second marker (SC111, R1.3),
    the marker after the seventh entry (SC109, D1)."""
    found = []
    overflow = FloorScore.of(floor).overflow  # tiles only: a late marker is SC109 (D1)
    if overflow:
        count = Phrase("{count} tile", many="{count} tiles", count=overflow)
        found.append(Finding("SC108", ("floor",), {"entries": len(floor), "tiles": count}))
    if Marker.FIRST_PLAYER in floor:
        markers = [k for k, item in enumerate(floor) if item is Marker.FIRST_PLAYER]
        if len(markers) > 1:  # one board, one marker (R1.3); two boards are SC106
            found.append(Finding("SC111", ("floor", markers[1]), {"count": len(markers)}))
        if markers[0] >= FLOOR_SLOTS:
            found.append(Finding("SC109", ("floor",), {}))
    return tuple(found)


def marker_findings(holders: Sequence[tuple[str, Path]]) -> tuple[Finding, ...]:
    """One first-player marker on the table (SC106, R1.3); holders are the boards (name and
    origin) whose floor holds one."""
    if len(holders) < 2:
        return ()
    names = tuple(name for name, _ in holders)  # listed: "A, B and C"
    args = {"count": len(holders), "players": names}
    return (Finding("SC106", holders[1][1] + ("floor",), args),)


# Tiles counted by colour in one int, _COUNT_BITS a colour in the order B Y R K W: the counts
# of a board's parts add up to the table's (far fewer than 2**32 tiles fit in any input).
_COUNT_BITS = 32
_COUNT_MASK = (1 << _COUNT_BITS) - 1
_COUNTED: dict[FloorItem | None, int] = {
    None: 0,
    Marker.FIRST_PLAYER: 0,
    **{color: 1 << _COUNT_BITS * i for i, color in enumerate(COLORS)},
}
_COUNT_SHIFTS = tuple((color, _COUNT_BITS * i) for i, color in enumerate(COLORS))
# Added to packed counts, these carry into a colour's highest bit where it counts more than
# TILES_PER_COLOR (a count stays below 2**31, so the carry never crosses into the next).
_OVER_SUPPLY = sum(
    (1 << _COUNT_BITS - 1) - TILES_PER_COLOR - 1 << shift for _, shift in _COUNT_SHIFTS
)
_HIGH_BITS = sum(1 << shift + _COUNT_BITS - 1 for _, shift in _COUNT_SHIFTS)


def color_counts(items: Iterable[FloorItem | None]) -> int:
    """The tiles of each colour among wall cells, line tiles or floor entries, packed in one
    int for supply_findings (empty cells and the marker count nothing)."""
    return sum(map(_COUNTED.__getitem__, items))


def supply_findings(counts: int) -> tuple[Finding, ...]:
    """No more than 20 tiles of a colour on the table (SC105, R1.1); counts as color_counts
    packs them."""
    if not (counts + _OVER_SUPPLY) & _HIGH_BITS:  # every colour at once: the common case
        return ()
    return tuple(
        Finding("SC105", (), {"tiles": tiles(count, color)})
        for color, shift in _COUNT_SHIFTS
        if (count := counts >> shift & _COUNT_MASK) > TILES_PER_COLOR
    )


# Per row, every way of filling it on the printed colours (R2): 32 rows each.
_PRINTED_ROWS = tuple(
    frozenset(
        tuple(printed_color(r, c) if filled >> c & 1 else None for c in range(SIZE))
        for filled in range(1 << SIZE)
    )
    for r in range(SIZE)
)


def on_printed_colors(row: int, cells: tuple[Color | None, ...]) -> bool:
    """Whether every tile of a wall row stands on the cell printed with its colour (R2)."""
    return cells in _PRINTED_ROWS[row]


def wall_findings(wall: Wall, variant: Variant, name: str) -> tuple[Finding, ...]:
    """A wall before tiling: on the coloured side each tile on the cell printed with its
    colour (SC104, R2), or SC006 for a wall typed from the grey side; on the grey side no
    colour twice in a row or a column (R9.1)."""
    if variant is Variant.GREY:
        from scorecheck.core.grey import wall_repeats

        return wall_repeats(wall)
    cells = wall.cells
    first, second, third, fourth, fifth = _PRINTED_ROWS
    if (  # the common case, seen row by row: every tile on its printed cell (on_printed_colors)
        cells[0:5] in first
        and cells[5:10] in second
        and cells[10:15] in third
        and cells[15:20] in fourth
        and cells[20:25] in fifth
    ):
        return ()
    if _looks_grey(wall):  # said once for the document, instead of an SC104 a tile
        return (Finding("SC006", ("wall",), {"name": name}),)
    return tuple(
        Finding(
            "SC104",
            ("wall", row, column),
            {"cell": cell_phrase(row, column), "found": color, "expected": expected},
        )
        for row, column, color in wall.tiles()
        if color is not (expected := printed_color(row, column))
    )


def _looks_grey(wall: Wall) -> bool:
    """A wall typed from the grey side (R9): most of its tiles, three or more, off their
    printed cells (R2), and no colour twice in a row or column, as the grey wall allows."""
    from scorecheck.core.grey import wall_repeats

    off = sum(color is not printed_color(r, c) for r, c, color in wall.tiles())
    return off >= 3 and 2 * off > len(list(wall.tiles())) and not wall_repeats(wall)


def _check_grey_lines(
    found: Findings, tiling: Tiling, origin: Path, round_number: int | None
) -> None:
    """Chosen columns and forfeited lines on the grey wall (R9.1, R9.2)."""
    if tiling.variant is Variant.GREY:
        from scorecheck.core.grey import line_findings as grey_line_findings

        findings = grey_line_findings(tiling)
        _add_findings(found, findings, origin, tiling.board.name, round_number)


def _add_findings(
    found: Findings,
    findings: Iterable[Finding],
    origin: Path,
    name: str | None,
    round_number: int | None,
) -> None:
    """Each finding located below origin (a board's, the document's); SC006, a wall typed
    from the grey side, is said once for the document."""
    for f in findings:  # most often none
        if f.code == "SC006" and any(v.code == "SC006" for v in found.items):
            continue
        found.add(f.code, origin + f.path, name, round_number, **f.args)


def _check_supply(
    found: Findings, things: Iterable[Iterable[Color | None]], path: Path, round_number: int | None
) -> None:
    """No more than 20 tiles of a colour on all boards together (R1.1)."""
    counts = sum(color_counts(items) for items in things)
    _add_findings(found, supply_findings(counts), path, None, round_number)


# --- What a wall could have earned ------------------------------------------------------------


_BEFORE_BONUSES = Phrase("before the bonuses")  # a final document's score


def most_points_findings(
    name: str, score: int, most: int, final: bool = False
) -> tuple[Finding, ...]:
    """A score is at most the points its wall could have earned: floor penalties and the
    clamp at 0 only lower it (R5, R6.4, R8.1). A final document's score is what is verified
    (SC115, an error); a round document's score before the round is given (SC125, a warning)."""
    if score <= most:
        return ()
    args = {"name": name, "score": score, "most": most, "gap": score - most}
    if final:
        return (Finding("SC115", ("score",), {**args, "when": _BEFORE_BONUSES}),)
    return (Finding("SC125", ("score",), args),)


# --- Claims ------------------------------------------------------------------------------------


def _check_round_claims(
    found: Findings, tiling: Tiling, claims: Claims, origin: Path, round_number: int | None
) -> None:
    at = origin + ("claimed",)
    board = tiling.board
    scores = [p.score for p in tiling.placements]
    check_claimed_scores(
        found, board.name, board.score, scores, tiling.floor, claims, at, round_number
    )
    if claims.wall is not None:
        _check_claimed_wall(found, tiling, claims.wall, at + ("wall",), round_number)


def check_claimed_scores(
    found: Findings,
    name: str,
    before: int,
    scores: Sequence[PlacementScore],
    floor: FloorScore,
    claims: Claims,
    at: Path,
    round_number: int | None,
) -> None:
    """Claimed points per placed tile, floor penalty and new score against the replay
    (R5, R6.1, R6.4); `scores` are the placements' scores, top to bottom."""
    if claims.points is not None:
        if len(claims.points) != len(scores):
            found.add(
                "SC202",
                at + ("points",),
                name,
                round_number,
                points=Phrase(
                    "points for {count} tile",
                    many="points for {count} tiles",
                    count=len(claims.points),
                ),
                lines=Phrase(
                    "{count} pattern line is full and tiled",
                    many="{count} pattern lines are full and tiled",
                    count=len(scores),
                ),
            )
        for k, (claimed, score) in enumerate(zip(claims.points, scores, strict=False)):
            if claimed != score.points:
                found.add(
                    "SC201",
                    at + ("points", k),
                    name,
                    round_number,
                    claimed=claimed,
                    line=score.row + 1,  # a line's tile goes to the wall row of the same number
                    actual=score.points,
                    explanation=score.sum_text(),
                )
    if claims.penalty is not None and not penalty_claim_agrees(claims.penalty, floor.penalty):
        found.add(
            "SC203",
            at + ("penalty",),
            name,
            round_number,
            claimed=abs(claims.penalty),
            entries=Phrase(
                "{count} floor entry", many="{count} floor entries", count=floor.entries
            ),
            actual=floor.penalty,
            explanation=floor.sum_text(),
        )
    wall_points = sum(s.points for s in scores)
    after, _ = new_score(before, wall_points, floor.penalty)
    if claims.score is not None and claims.score != after:
        found.add(
            "SC204",
            at + ("score",),
            name,
            round_number,
            claimed=claims.score,
            actual=after,
            explanation=score_text(before, wall_points, floor.penalty),
        )


def penalty_claim_agrees(claimed: int, penalty: int) -> bool:
    """A claimed floor penalty agrees with the replay's written with either sign: tables say
    "lost 3" and "-3" alike (SC203, R6.1)."""
    return claimed == penalty or claimed == -penalty


def _letter(cell: object) -> object:
    return Phrase("an empty cell") if cell is None else cell


def _check_claimed_wall(
    found: Findings, tiling: Tiling, claimed: Wall, at: Path, round_number: int | None
) -> None:
    """Compare the wall the table wrote down after tiling with the replay (R4.1, R4.3)."""
    name = tiling.board.name
    before, after = tiling.board.wall, tiling.wall_after
    placed_rows = {p.line for p in tiling.placements}
    for row in range(SIZE):
        gained = [c for c in range(SIZE) if before.at(row, c) is None and claimed.at(row, c)]
        if len(gained) > 1:
            found.add("SC206", at + (row,), name, round_number, count=len(gained), row=row + 1)
        for column in range(SIZE):
            want, got = after.at(row, column), claimed.at(row, column)
            if want == got:
                continue
            path = at + (row, column)
            cell = cell_phrase(row, column)
            if before.at(row, column) is None and want is not None and got is None:
                found.add(
                    "SC207",
                    path,
                    name,
                    round_number,
                    color=want,
                    line=row + 1,
                    cell=cell,
                )
            elif before.at(row, column) is None and want is None and len(gained) > 1:
                continue  # already reported as two tiles in one row
            elif (
                before.at(row, column) is None
                and want is None
                and row not in placed_rows
                and not tiling.board.lines[row].is_full  # a full line left or sent to the floor
            ):
                found.add("SC205", path, name, round_number, cell=cell, line=row + 1)
            else:
                found.add(
                    "SC208",
                    path,
                    name,
                    round_number,
                    found=_letter(got),
                    cell=cell,
                    expected=_letter(want),
                )


# --- End of game --------------------------------------------------------------------------------


def _end_of_game(
    found: Findings,
    names: Sequence[str],
    scores: Sequence[int],
    walls: Sequence[Wall],
    claimed_finals: Sequence[tuple[int | None, Path]],
    claimed_winner: tuple[str, ...] | None,
    round_number: int | None,
    force: bool = False,
) -> FinalResult | None:
    """Bonuses, ranking and their claims when some wall row is complete (R8), a claimed
    final above what the wall could have earned with them (SC215) among them."""
    ended = force or any(w.complete_rows() for w in walls)
    if not ended:
        for (claimed, path), name in zip(claimed_finals, names, strict=True):
            if claimed is not None:
                found.add("SC211", path, name, round_number, what=Phrase("a final score"))
        if claimed_winner is not None:
            found.add("SC211", ("claimed", "winner"), None, round_number, what=Phrase("a winner"))
        return None
    result = final_result(names, scores, walls)
    players, ranking = result.players, result.ranking
    for p, (claimed, path) in zip(players, claimed_finals, strict=True):
        highest = p.bonus.added_to(p.most_wall_points)  # the most this wall could end on
        if claimed is not None and claimed > highest:
            found.add(
                "SC215",
                path,
                p.name,
                round_number,
                name=p.name,
                claimed=claimed,
                most=highest,
                explanation=f"{p.most_wall_points} + {p.bonus.terms_text()} = {highest}",
                gap=claimed - highest,
            )
        if claimed is not None and claimed != p.final_score:
            found.add(
                "SC209",
                path,
                p.name,
                round_number,
                claimed=claimed,
                actual=p.final_score,
                explanation=f"{p.score} + {p.bonus.terms_text()} = {p.final_score}",
            )
    if claimed_winner is not None:
        _check_claimed_winner(found, claimed_winner, ranking, names, round_number)
    return result


def final_result(names: Sequence[str], scores: Sequence[int], walls: Sequence[Wall]) -> FinalResult:
    """Each player's bonuses and total, and the ranking (R8.2, R8.3)."""
    return ranked(
        [PlayerFinal(n, s, EndBonus.of(w), w) for n, s, w in zip(names, scores, walls, strict=True)]
    )


def ranked(players: Sequence[PlayerFinal]) -> FinalResult:
    """The end of the game from each player's bonus: ranked by total, then complete rows (R8.3)."""
    return FinalResult(tuple(players), rank(standing(p.name, p.score, p.bonus) for p in players))


def standing(name: str, score: int, bonus: EndBonus) -> Standing:
    """A player as the ranking sees them: the score with the bonus (R8.2), then the complete
    rows that part players tied on it (R8.3, D4)."""
    return Standing(name, bonus.added_to(score), len(bonus.rows))


def _check_claimed_winner(
    found: Findings,
    claimed: tuple[str, ...],
    ranking: Ranking,
    names: Sequence[str],
    round_number: int | None,
) -> None:
    path: Path = ("claimed", "winner")
    for name in dict.fromkeys(n for i, n in enumerate(claimed) if n in claimed[:i]):
        found.add("SC213", path, None, round_number, name=name)
    unknown = [n for n in claimed if n not in names]
    for n in unknown:
        found.add(
            "SC212",
            path,
            None,
            round_number,
            name=quoted(n),
            suggestion=_closest_name(n, names),
            players=tuple(names),
        )
    if unknown or set(claimed) == set(ranking.winners):
        return
    found.add(
        "SC210",
        path,
        None,
        round_number,
        claimed=tuple(claimed),
        actual=ranking.winners,
        reason=decider_reason(ranking),
    )


def _closest_name(name: str, names: Sequence[str]) -> Phrase | str:
    """ "; did you mean 'Ivan'?" for 'ivan' or 'Ivna' among the players, else nothing."""
    import difflib  # only when a claimed winner is no player: not on every start

    same = [n for n in names if n.casefold() == name.casefold()]
    close = same or difflib.get_close_matches(name, list(names), n=1, cutoff=0.6)
    if not close:
        return ""
    return Phrase("; did you mean {name}?", {"name": quoted(close[0])})


def decider_reason(ranking: Ranking) -> Phrase:
    """Why the winners won, in words to be translated (R8.3, D4, D5)."""
    top = ranking.standings[0]
    fields = {
        "name": top.name,
        "score": top.score,
        "tied": ranking.tied_on_points,
        "winners": ranking.winners,
        "rows": top.rows,
    }
    if ranking.decider is Decider.POINTS:
        return Phrase("{name} has the highest total, {score}", fields)
    if ranking.decider is Decider.ROWS:
        return Phrase(
            "{tied} are tied on {score}; {name} has more complete rows ({rows}) (D4)", fields
        )
    if len(ranking.winners) < len(ranking.tied_on_points):  # rows part the tied, then a share
        return Phrase(
            "{tied} are tied on {score}; {winners} have the most complete rows ({rows}) and "
            "share the victory (D4, D5)",
            fields,
        )
    return Phrase(
        "{tied} are tied on {score} and on complete rows ({rows}): a shared victory (D5)", fields
    )
