"""The grey-wall replay (R9) against a deliberately simple second implementation.

The reference below shares no code with scorecheck: it keeps the wall as a dict of cells,
scores by walking the grid, checks R9.1 by scanning rows and columns, and sends a line with no
legal cell to the floor (R9.2) by counting floor entries against its own slot table (R6).
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorecheck.core.check import check
from scorecheck.core.documents import RoundDocument, RoundPlayer
from scorecheck.core.replay import Tiling
from scorecheck.core.tiles import Board, Color, Marker, PatternLine, Variant, Wall
from scorecheck.core.violations import Violation, english

LETTERS = "BYRKW"
SLOT_COSTS = [1, 1, 2, 2, 2, 3, 3]  # R6.1, written out again on purpose
Grid = dict[tuple[int, int], str]


# --- The simple implementation -------------------------------------------------------------


def simple_points(grid: Grid, row: int, column: int) -> int:
    """Points for the tile just put at (row, column): walk out in four directions (R5)."""
    across = 1 + _walk(grid, row, column, 0, -1) + _walk(grid, row, column, 0, 1)
    down = 1 + _walk(grid, row, column, -1, 0) + _walk(grid, row, column, 1, 0)
    if across == 1 and down == 1:
        return 1
    return (across if across > 1 else 0) + (down if down > 1 else 0)


def _walk(grid: Grid, row: int, column: int, dr: int, dc: int) -> int:
    steps = 0
    r, c = row + dr, column + dc
    while (r, c) in grid:
        steps += 1
        r, c = r + dr, c + dc
    return steps


def simple_legal(grid: Grid, row: int, column: int, color: str) -> bool:
    """R9.1: a free cell whose colour is not yet in its row nor in its column."""
    if (row, column) in grid:
        return False
    for k in range(5):
        if grid.get((row, k)) == color or grid.get((k, column)) == color:
            return False
    return True


def simple_options(grid: Grid, row: int, color: str) -> list[tuple[int, int]]:
    """Each legal column with the points a tile there would score."""
    options = []
    for column in range(5):
        if simple_legal(grid, row, column, color):
            trial = dict(grid)
            trial[(row, column)] = color
            options.append((column, simple_points(trial, row, column)))
    return options


@dataclass
class Expected:
    placed: list[tuple[int, int, int]]  # (line, column, points)
    to_floor: list[tuple[int, int]]  # (line, tiles)
    untiled: list[int]
    penalty: int
    score: int
    grid: Grid
    findings: list[tuple[str, int]]  # (code, 1-based line) for SC121..SC124
    legal_texts: dict[int, str]  # SC122's list of options, per 1-based line
    repeats: int  # SC120


def simple_replay(
    cells: list[str | None], lines: list[str], floor: str, columns: list[int | None], score: int
) -> Expected:
    grid: Grid = {(i // 5, i % 5): c for i, c in enumerate(cells) if c is not None}
    repeats = 0
    for (r, c), color in grid.items():
        repeats += any(grid.get((r, k)) == color for k in range(c))
        repeats += any(grid.get((k, c)) == color for k in range(r))
    placed, to_floor, untiled = [], [], []
    findings: list[tuple[str, int]] = []
    legal_texts: dict[int, str] = {}
    floor_entries = len(floor)
    for row, tiles in enumerate(lines):
        chosen = columns[row]
        if len(tiles) < row + 1:
            if chosen is not None:
                findings.append(("SC123", row + 1))
            continue
        color = tiles[0]
        row_colors = [grid.get((row, k)) for k in range(5)]
        if set(tiles) != {color} or color in row_colors:
            untiled.append(row)
            continue
        options = simple_options(grid, row, color)
        if not options:
            if chosen is not None:
                findings.append(("SC121", row + 1))
            findings.append(("SC124", row + 1))
            to_floor.append((row, len(tiles)))
            floor_entries += len(tiles)
        elif chosen is None and len(options) == 1:
            (column, points), *_ = options  # the only legal cell: no choice to write (R9.1)
            grid[(row, column)] = color
            placed.append((row, column, points))
        elif chosen is None:
            findings.append(("SC122", row + 1))
            legal_texts[row + 1] = ", ".join(f"column {c + 1} (+{p})" for c, p in options)
            untiled.append(row)
        elif chosen not in [c for c, _ in options]:
            findings.append(("SC121", row + 1))
            untiled.append(row)
        else:
            grid[(row, chosen)] = color
            placed.append((row, chosen, simple_points(grid, row, chosen)))
    penalty = sum(SLOT_COSTS[: min(floor_entries, 7)])
    total = max(0, score + sum(p for _, _, p in placed) - penalty)
    return Expected(placed, to_floor, untiled, penalty, total, grid, findings, legal_texts, repeats)


# --- Random boards ---------------------------------------------------------------------------
# One draw of bytes drives the whole board: drawing value by value cost 5 ms a board, this
# about 1 ms, and hypothesis still shrinks the bytes (towards zero: sparse walls, empty
# lines, no columns chosen).

Case = tuple[list[str | None], list[str], str, list[int | None], int]


class _Reader:
    """Hands out bytes one by one; zeros once they run out."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def __call__(self, below: int) -> int:
        value = self.data[self.at] if self.at < len(self.data) else 0
        self.at += 1
        return value % below


def board_from_bytes(data: bytes) -> Case:
    """A grey board: a wall built by legal placements (mostly) or arbitrary, lines, floor,
    chosen columns (none, any, or a legal one found while tiling) and a score."""
    take = _Reader(data)
    grid: Grid = {}
    if take(4):
        for _ in range(take(64)):
            cell, color = take(25), LETTERS[take(5)]
            if simple_legal(grid, cell // 5, cell % 5, color):
                grid[divmod(cell, 5)] = color
    else:
        for cell in range(25):
            pick = take(7)
            if pick >= 2:
                grid[divmod(cell, 5)] = LETTERS[pick - 2]
    cells = [grid.get(divmod(i, 5)) for i in range(25)]
    lines = []
    for row in range(5):
        if take(10) == 0:
            lines.append("".join(LETTERS[take(5)] for _ in range(row + 1)))
            continue
        absent = [c for c in LETTERS if c not in {grid.get((row, k)) for k in range(5)}]
        color = absent[take(len(absent))] if absent and take(4) else LETTERS[take(5)]
        lines.append(color * take(row + 3))
    floor = "".join("1BYRKW"[take(6)] for _ in range(take(10)))  # '1' is the marker
    columns: list[int | None] = []
    for row, tiles in enumerate(lines):
        full = len(tiles) > row and len(set(tiles)) == 1
        legal = [c for c in range(5) if full and simple_legal(grid, row, c, tiles[0])]
        how = take(4)
        if how == 0:
            columns.append(None)
        elif how == 1 or not legal:
            columns.append(take(5))
        else:
            columns.append(legal[take(len(legal))])
        if columns[-1] in legal:
            grid[(row, columns[-1])] = tiles[0]
    return cells, lines, floor, columns, take(61)


# Two boards a case (a two-player round): twice the boards for little more engine time.
BYTES_PER_BOARD = 200
grey_rounds = st.binary(min_size=2 * BYTES_PER_BOARD, max_size=2 * BYTES_PER_BOARD).map(
    lambda data: [
        board_from_bytes(data[:BYTES_PER_BOARD]),
        board_from_bytes(data[BYTES_PER_BOARD:]),
    ]
)


def _board(name: str, case: Case) -> Board:
    cells, lines, floor, columns, score = case
    return Board(
        name,
        score,
        Wall(tuple(None if c is None else Color(c) for c in cells)),
        tuple(PatternLine.parse(i, t) for i, t in enumerate(lines)),
        tuple(Marker.FIRST_PLAYER if c == "1" else Color(c) for c in floor),
        tuple(columns),
    )


@settings(
    max_examples=1500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(grey_rounds)
def test_grey_replay_matches_the_simple_implementation(cases: list[Case]) -> None:
    boards = [_board(f"P{k}", case) for k, case in enumerate(cases)]
    report = check(RoundDocument(tuple(RoundPlayer(b) for b in boards), Variant.GREY))
    assert not any(v.code == "SC104" for v in report.violations)  # no printed colours (R9)
    for tiling, case in zip(report.rounds[0].tilings, cases, strict=True):
        _compare(tiling, case, [v for v in report.violations if v.player == tiling.board.name])


def _compare(tiling: Tiling, case: Case, violations: list[Violation]) -> None:
    want = simple_replay(*case)
    lines = case[1]
    assert [(p.line, p.score.column, p.points) for p in tiling.placements] == want.placed
    assert [(f.line, f.count) for f in tiling.forfeits] == want.to_floor
    assert list(tiling.untiled) == want.untiled
    assert tiling.floor.penalty == want.penalty
    assert tiling.score_after == want.score
    assert {(r, c): color.letter for r, c, color in tiling.wall_after.tiles()} == want.grid
    emptied = {p.line for p in tiling.placements} | {f.line for f in tiling.forfeits}
    assert [len(line.tiles) for line in tiling.lines_after] == [
        0 if i in emptied else len(t) for i, t in enumerate(lines)
    ]
    grey = [v for v in violations if v.code in ("SC121", "SC122", "SC123", "SC124")]
    assert [(v.code, v.args["line"]) for v in grey] == want.findings
    for v in grey:
        if v.code == "SC122":
            assert english(v.args["legal"]) == want.legal_texts[int(str(v.args["line"]))]
    assert sum(v.code == "SC120" for v in violations) == want.repeats


def forced_board_from_bytes(data: bytes) -> Case:
    """A grey board whose every row with exactly one legal cell for a colour it lacks holds a
    full line of that colour and chooses no column (R9.1: the cell is forced)."""
    cells, lines, floor, columns, score = board_from_bytes(data)
    grid: Grid = {(i // 5, i % 5): c for i, c in enumerate(cells) if c is not None}
    lines, columns = list(lines), list(columns)
    for row in range(5):
        for color in LETTERS:
            legal = [c for c in range(5) if simple_legal(grid, row, c, color)]
            if len(legal) == 1 and color not in {grid.get((row, k)) for k in range(5)}:
                lines[row], columns[row] = color * (row + 1), None
                break
    return cells, lines, floor, columns, score


one_legal_cell_rounds = (
    st.binary(min_size=BYTES_PER_BOARD, max_size=BYTES_PER_BOARD)
    .map(forced_board_from_bytes)
    .filter(lambda case: any(_single_cell_rows(case)))
)


def _single_cell_rows(case: Case) -> list[int]:
    """Rows whose full line, with no column chosen, has exactly one legal cell on the wall
    before the round."""
    cells, lines, _, columns, _ = case
    grid: Grid = {(i // 5, i % 5): c for i, c in enumerate(cells) if c is not None}
    return [
        row
        for row, tiles in enumerate(lines)
        if columns[row] is None
        and len(tiles) == row + 1
        and len(set(tiles)) == 1
        and len(simple_options(grid, row, tiles[0])) == 1
    ]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(one_legal_cell_rounds)
def test_a_single_legal_cell_is_taken_without_a_chosen_column(case: Case) -> None:
    report = check(RoundDocument((RoundPlayer(_board("P", case)),), Variant.GREY))
    [tiling] = report.rounds[0].tilings
    _compare(tiling, case, list(report.violations))
    # Placed, or sent to the floor when a line above took the colour into the cell's column.
    single = set(_single_cell_rows(case))
    assert not single & set(tiling.untiled)
    assert not [
        v
        for v in report.violations
        if v.code == "SC122" and v.args["line"] in {r + 1 for r in single}
    ]
