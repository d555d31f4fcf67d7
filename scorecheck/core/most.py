"""The most points a wall could have earned in a legal game (R4.3, R4.4, R5, R8.1).

A wall's placement points depend on the order its tiles came in. The most it could have
earned is the greatest sum of placement points (R5) over every order legal in a game: a row
gains at most one tile a round (R4.3), a round places top line down, each tile counting
those before it (R4.4), and the game ends after the round that completes a row (R8.1), so
every complete row got its last tile in the last round. Any order cuts into rounds greedily
(a new round wherever a tile's row is not below the one before), so only the last round
binds: the tiles from the first completing one to the end must go strictly down the rows.

Exact search: branch and bound over the placed cells, each placement scored by the core
(`score_placement`). What a tile scores depends only on its runs, so a wall splits into its
4-connected groups, each solved alone (those holding a complete row together, as they
share the last round); a free group's value depends on its shape only, cached up to
translation and the eight symmetries of the square. The bound: a line's run terms over any
order of its remaining tiles are at most its best alone (tabled for the 32 × 32 states of a
line), and a lone tile (1 point, R5.1) that is not the first of both its runs costs its line
at least that point; the first tiles of both their runs form a matching of runs with no
tile yet. So: lines at their best plus the largest such matching. For the full wall that is
70 + 70 + 5 = 145, the known maximum (240 with the 95 bonus points). The search takes the
move with the best bound first, a greedy that usually reaches the bound at once, and
first looks only for orders that reach the bound, which prunes hardest.

The wall a round starts with has no complete row (R8.1), so every order of its tiles is
legal and its groups are all free: `start_wall_points` is the fast road for it (its cost on
the start walls of a benchmark archive is in benchmarks/README.md). A lone tile earns 1
(R5.1). The larger groups are split off one at a time, what is left looked up whole first,
as groups are cached by their cells. A group seen first gets its bound: a tile scores 1 + (h
- 1) + (v - 1) + [h >= 2 and v >= 2] with h, v its runs (R5.2), so an order that grows every
run connected from its first tile earns `_grown_points` of the group's run counts, the tiles
first of both their runs given back their bonus; those tiles form a matching of runs, so
with a largest one (`largest_matching`, over the runs `runs` lists) it is the bound. When
the runs' graph is a tree (`runs_form_a_tree`) every such order from a largest matching
reaches it. Any other group is tried with a constructive order grown on bit masks
(`_grows`), which reaches the bound on nearly all of them; for the rest a small search over
the tiles that start runs says whether any order does (`_reaches_bound`). A group no order
brings to its bound (rare: runs that would have to grow round a 2 x 2 block) earns one less
when the constructive order from a largest matching less one tile places every tile
(`_one_short`, all such groups of the archive); else it goes to the branch and bound, under
the bound less one. Each group's points are cached by its cells and by its shape moved to
the corner, as groups repeat across an archive.

A wall with a complete row first tries the search's greedy dive; when it falls short of
the bound, each possible last round, best bound first, the tiles before it taking that
road.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from scorecheck.core.scoring import score_placement
from scorecheck.core.tiles import SIZE, full_rows

_LINE = (1 << SIZE) - 1
_ALL = (1 << SIZE * SIZE) - 1
_COLUMN0 = sum(1 << (r * SIZE) for r in range(SIZE))
_NOT_LEFT = _ALL & ~_COLUMN0  # cells that have a left neighbour
_NOT_RIGHT = _ALL & ~(_COLUMN0 << (SIZE - 1))


def _line_table() -> tuple[tuple[int, ...], ...]:
    """Per line (5 bits, all the tiles it will hold) and its placed tiles: the most its run
    terms (R5.2) could still earn over any order of the rest."""
    table: list[list[int]] = [[0] * (1 << SIZE) for _ in range(1 << SIZE)]
    for full in range(1 << SIZE):
        subsets, placed = [], full
        while True:  # supersets first, so each entry reads finished ones
            subsets.append(placed)
            if placed == 0:
                break
            placed = (placed - 1) & full
        for placed in subsets:
            best, rest = 0, full & ~placed
            while rest:
                bit = rest & -rest
                rest ^= bit
                # A line as row 1 of an otherwise empty wall: only its own run counts.
                run = score_placement(placed, 0, bit.bit_length() - 1).horizontal
                best = max(best, (run if run > 1 else 0) + table[full][placed | bit])
            table[full][placed] = best
    return tuple(map(tuple, table))


_LINES = _line_table()


def _column_bits(mask: int, column: int) -> int:
    """A wall column as a 5-bit line, row 1 the lowest bit."""
    b = (mask >> column) & _COLUMN0
    return (b & 1) | (b >> 4 & 2) | (b >> 8 & 4) | (b >> 12 & 8) | (b >> 16 & 16)


# --- The grid and its runs ------------------------------------------------------------------------


def _neighbours(mask: int) -> int:
    """The cells beside (left, right, above, below) any cell of the mask, for components
    (start_wall_points and _spread write it out: they are called most)."""
    return (
        ((mask << 1) & _NOT_LEFT) | ((mask >> 1) & _NOT_RIGHT) | (mask << SIZE) | (mask >> SIZE)
    ) & _ALL


def components(mask: int) -> list[int]:
    """The 4-connected groups of a wall's tiles, as bit masks."""
    groups = []
    while mask:
        group = _first_group(mask)
        groups.append(group)
        mask ^= group
    return groups


def _first_group(mask: int) -> int:
    """The 4-connected group of the mask's first tile (its lowest cell)."""
    group = mask & -mask
    while True:
        grown = (group | _neighbours(group)) & mask
        if grown == group:
            return group
        group = grown


def _run_through(bits: int, cell: int) -> int:
    """The run (maximal segment) of a 5-bit line through one of its cells, as bits."""
    if not bits >> cell & 1:
        return 0
    low = high = cell
    while low > 0 and bits >> (low - 1) & 1:
        low -= 1
    while high < SIZE - 1 and bits >> (high + 1) & 1:
        high += 1
    return (1 << (high + 1)) - (1 << low)


# A 5-bit line's runs (maximal segments), as bits.
_LINE_RUNS = tuple(
    tuple(sorted({_run_through(b, c) for c in range(SIZE)} - {0})) for b in range(1 << SIZE)
)
# A 5-bit column line (row 1 the lowest bit) back on the wall's column 1.
_ON_COLUMN0 = tuple(
    sum(1 << (r * SIZE) for r in range(SIZE) if bits >> r & 1) for bits in range(1 << SIZE)
)


# Per row (or column) and each way of filling it, its runs as masks on the wall, and per row
# its tiles on the transposed wall (cell (r, c) at (c, r)), whose rows are the columns.
_ROW_RUNS = tuple(
    tuple(tuple(run << (r * SIZE) for run in _LINE_RUNS[b]) for b in range(1 << SIZE))
    for r in range(SIZE)
)
_COLUMN_RUNS = tuple(
    tuple(tuple(_ON_COLUMN0[run] << c for run in _LINE_RUNS[b]) for b in range(1 << SIZE))
    for c in range(SIZE)
)
_TRANSPOSED = tuple(
    tuple(sum(1 << (c * SIZE + r) for c in range(SIZE) if b >> c & 1) for b in range(1 << SIZE))
    for r in range(SIZE)
)


def runs(mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A wall's horizontal and vertical runs (maximal segments of tiles, R5.2), as masks."""
    # Written out, rows then columns (the transposed rows): quicker than a loop.
    r0, r1, r2, r3, r4 = _ROW_RUNS
    t0, t1, t2, t3, t4 = _TRANSPOSED
    c0, c1, c2, c3, c4 = _COLUMN_RUNS
    a, b, c = mask & _LINE, mask >> SIZE & _LINE, mask >> 2 * SIZE & _LINE
    d, e = mask >> 3 * SIZE & _LINE, mask >> 4 * SIZE & _LINE
    t = t0[a] | t1[b] | t2[c] | t3[d] | t4[e]
    return r0[a] + r1[b] + r2[c] + r3[d] + r4[e], (
        c0[t & _LINE]
        + c1[t >> SIZE & _LINE]
        + c2[t >> 2 * SIZE & _LINE]
        + c3[t >> 3 * SIZE & _LINE]
        + c4[t >> 4 * SIZE & _LINE]
    )


def _touching(lines: tuple[int, ...], mask: int) -> int:
    """The cells of the runs among `lines` that hold a tile of the mask."""
    cells = 0
    for run in lines:
        if run & mask:
            cells |= run
    return cells


def largest_matching(across: tuple[int, ...], down: tuple[int, ...]) -> int:
    """Tiles no two of which share a run, as many as can be: a largest matching of the
    horizontal runs with the vertical ones, each tile the edge where its two runs cross
    (Kuhn's augmenting paths, after a first free vertical run for each horizontal one, one
    of a single tile when it has one: no other row can take it, and others stay free; on
    the start walls of a benchmark archive 13,582 rows are left to augment from, not 24,869)."""
    crossing = sum(down)  # the tiles with a vertical run among `down`
    single = crossing & ~(crossing << SIZE) & ~(crossing >> SIZE)  # vertical runs of one
    matched = taken = 0  # the matched tiles, and the cells of their vertical runs
    waiting = []
    for row in across:
        free = row & crossing & ~taken  # its tiles on vertical runs with none matched yet
        if free:
            pick = free & single or free  # a vertical run of one tile first
            tile = pick & -pick
            matched |= tile
            taken |= tile if tile & single else _run_of(down, tile)
        else:
            waiting.append(row)
    if not waiting or matched.bit_count() == len(down):
        return matched  # every horizontal run, or every vertical one, is matched
    tried = 0  # the cells of the vertical runs visited since the matching last grew

    def augment(row: int) -> bool:
        nonlocal matched, tried
        rest = row & crossing
        while rest := rest & ~tried:  # its tiles on vertical runs not visited yet
            tile = rest & -rest
            column = _run_of(down, tile)
            tried |= column
            partner = column & matched
            if not partner or augment(_run_of(across, partner)):
                matched = matched & ~partner | tile
                return True
        return False

    for row in waiting:
        if augment(row):
            tried = 0  # a path that failed fails again until the matching changes
    return matched


def _run_of(lines: tuple[int, ...], tile: int) -> int:
    """The run among `lines` that holds the tile."""
    for run in lines:
        if run & tile:
            return run
    raise ValueError(tile)  # never: each tile asked about lies on one of the runs given


def _run_counts(mask: int) -> tuple[int, int, int, int]:
    """A wall's tiles, pairs of tiles in one run (a run of L has L(L-1)/2), horizontal runs
    and vertical runs (each run has one tile with none to its right, or below)."""
    count = mask.bit_count()
    across = mask & mask >> 1 & _NOT_RIGHT  # a tile with a tile to its right
    down = mask & mask >> SIZE  # a tile with a tile below
    pairs, reach, step = 0, across, 1
    while reach:
        pairs += reach.bit_count()
        reach &= across >> step
        step += 1
    reach, step = down, 1
    while reach:
        pairs += reach.bit_count()
        reach &= down >> (SIZE * step)
        step += 1
    return count, pairs, count - across.bit_count(), count - down.bit_count()


def _grown_points(counts: tuple[int, int, int, int], both: int) -> int:
    """What tiles with these counts (_run_counts) earn in an order that grows every run
    connected from its first tile, `both` of them the first of both their runs. A tile
    scores 1 + (h - 1) + (v - 1) + [h >= 2 and v >= 2] (R5.2): each tile 1, each pair of
    tiles in one run 1, and the bonus of every tile but the first of each run, given back
    to the `both`. The tiles first of both runs form a matching of runs: with a largest
    matching this is the bound of any order."""
    count, pairs, rows, columns = counts
    return count + pairs + count - rows - columns + both


# --- Branch and bound -----------------------------------------------------------------------------


class _Runs:
    """A set of tiles' runs: per tile its horizontal and its vertical run, as masks, for
    telling which runs have no tile placed yet."""

    def __init__(self, mask: int) -> None:
        self.mask = mask
        self.rows = tuple((mask >> (r * SIZE)) & _LINE for r in range(SIZE))
        self.columns = tuple(_column_bits(mask, c) for c in range(SIZE))
        self.across_runs, self.down_runs = runs(mask)
        across, down = [0] * (SIZE * SIZE), [0] * (SIZE * SIZE)
        for lines, of in ((self.across_runs, across), (self.down_runs, down)):
            for run in lines:
                rest = run
                while rest:
                    bit = rest & -rest
                    rest ^= bit
                    of[bit.bit_length() - 1] = run
        self.across, self.down = tuple(across), tuple(down)
        self.matchings: dict[tuple[int, int], int] = {}

    def lone_starts(self, fresh_across: int, fresh_down: int) -> int:
        """The most tiles that could still be placed alone, each the first of a horizontal
        and of a vertical run that have no tile yet: a largest matching of such runs."""
        key = (fresh_across, fresh_down)
        found = self.matchings.get(key)
        if found is None:
            across = tuple(run for run in self.across_runs if run & fresh_across)
            down = tuple(run for run in self.down_runs if run & fresh_down)
            found = self.matchings[key] = largest_matching(across, down).bit_count()
        return found


def bound(mask: int, placed: int = 0) -> int:
    """The bound the search prunes with: at least what any legal order of a wall's tiles not
    yet placed could add (each line grown at its best, plus lone starting tiles)."""
    return _bound(_Runs(mask), placed)


def _bound(runs: _Runs, placed: int) -> int:
    """With nothing placed it is _grown_points with a largest matching: each line's best
    alone (tabled) is its runs grown connected."""
    lines = sum(_LINES[f][(placed >> k * SIZE) & _LINE] for k, f in enumerate(runs.rows))
    lines += sum(_LINES[f][_column_bits(placed, k)] for k, f in enumerate(runs.columns))
    fresh_across = runs.mask & ~_touching(runs.across_runs, placed)
    fresh_down = runs.mask & ~_touching(runs.down_runs, placed)
    return lines + runs.lone_starts(fresh_across, fresh_down)


class _Search:
    """Branch and bound over the placed cells of one group of tiles (see the module doc)."""

    def __init__(self, mask: int, ending: bool = False) -> None:
        self.mask = mask
        # With a complete row the order must end with a last round (R8.1): no tile before
        # it may complete a row, and what is left for it, one tile a row at most, goes top
        # down (each complete row's last tile among them).
        self.complete = sum(_LINE << (r * SIZE) for r in full_rows(mask)) if ending else 0
        self.runs = _Runs(mask)
        self.top = _bound(self.runs, 0)
        self.best = -1
        self.best_order: tuple[int, ...] = ()
        self.last = 0  # how many tiles of the best order are its last round
        self.dive = False  # take only the first move at each step (the greedy)
        self.seen: dict[int, int] = {}
        self.path: list[int] = []

    def run(self) -> tuple[int, tuple[int, ...]]:
        """The most points and an order that earns them.

        First a greedy dive: the move with the best bound each time. If it falls short of
        the bound, one pass looks only for orders that reach the bound (pruning hardest),
        then one for anything better than the dive."""
        greedy = self.greedy()
        for floor in [f for f in (self.top - 1,) if f > greedy] + [greedy]:
            if self.best >= self.top:
                break
            self.best, self.seen = floor, {}
            self._search()
            if self.best > floor:
                break
        return self.best, self.best_order

    def greedy(self) -> int:
        """The points of the greedy dive alone (at most the most; -1 if it finds no order)."""
        self.dive = True
        self._search()
        self.dive = False
        return self.best

    def _search(self) -> None:
        runs = self.runs
        rows = [_LINES[f][0] for f in runs.rows]
        columns = [_LINES[f][0] for f in runs.columns]
        self._visit(0, 0, rows, columns, self.mask, self.mask)  # every run fresh

    def _finish(self, placed: int, points: int) -> None:
        """End with a last round of what is left, top down, if it has one tile a row."""
        rest = self.mask & ~placed
        for r in range(SIZE):
            line = (rest >> (r * SIZE)) & _LINE
            if line & (line - 1):
                return
        cells = []
        while rest:
            bit = rest & -rest
            rest ^= bit
            cells.append(bit.bit_length() - 1)
        points += _last_round_points(placed, cells)
        if points > self.best:
            self.best, self.best_order = points, (*self.path, *cells)
            self.last = len(cells)

    def _visit(
        self,
        placed: int,
        points: int,
        rows: list[int],
        columns: list[int],
        fresh_across: int,
        fresh_down: int,
    ) -> None:
        if self.complete:
            self._finish(placed, points)
        elif placed == self.mask:
            if points > self.best:
                self.best, self.best_order = points, tuple(self.path)
            return
        runs = self.runs
        lines = sum(rows) + sum(columns)
        lone = runs.lone_starts(fresh_across, fresh_down)
        moves = []
        rest = self.mask & ~placed
        while rest:
            bit = rest & -rest
            rest ^= bit
            index = bit.bit_length() - 1
            r, c = divmod(index, SIZE)
            after = placed | bit
            if self.complete >> index & 1 and (after >> r * SIZE) & _LINE == runs.rows[r]:
                continue  # this would complete a row before the last round (R8.1)
            row = _LINES[runs.rows[r]][(after >> (r * SIZE)) & _LINE]
            column = _LINES[runs.columns[c]][_column_bits(after, c)]
            gain = score_placement(placed, r, c).points
            across = fresh_across & ~runs.across[index]
            down = fresh_down & ~runs.down[index]
            if across == fresh_across and down == fresh_down:
                starts = lone  # both its runs have tiles already: the matching stays
            else:
                starts = runs.lone_starts(across, down)
            rest_bound = lines - rows[r] - columns[c] + row + column + starts
            moves.append((gain + rest_bound, gain, index, row, column, across, down))
        moves.sort(reverse=True)
        for total, gain, index, row, column, across, down in moves:
            if points + total <= self.best or self.best >= self.top:
                return  # sorted: no later move can beat the best either
            after = placed | 1 << index
            reached = points + gain
            if self.seen.get(after, -1) >= reached:
                continue  # reached before with as many points: the rest is the same
            self.seen[after] = reached
            r, c = divmod(index, SIZE)
            self.path.append(index)
            self._visit(
                after,
                reached,
                _replaced(rows, r, row),
                _replaced(columns, c, column),
                across,
                down,
            )
            self.path.pop()
            if self.dive:
                return  # the greedy takes the first move only


def _replaced(values: list[int], k: int, value: int) -> list[int]:
    copy = values.copy()
    copy[k] = value
    return copy


# --- Symmetry: a group's value depends on its shape only ----------------------------------------


def _transforms() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the square as cell permutations."""
    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_columns in (False, True):
                cells = []
                for index in range(SIZE * SIZE):
                    r, c = divmod(index, SIZE)
                    if transpose:
                        r, c = c, r
                    if flip_rows:
                        r = SIZE - 1 - r
                    if flip_columns:
                        c = SIZE - 1 - c
                    cells.append(r * SIZE + c)
                maps.append(tuple(cells))
    return tuple(maps)


_TRANSFORMS = _transforms()


def _to_corner(mask: int) -> int:
    """The shape moved up and left as far as it goes."""
    while not mask & _LINE:
        mask >>= SIZE
    while not mask & _COLUMN0:
        mask >>= 1
    return mask


def shape(mask: int) -> int:
    """A group's shape: the least of its eight images, each moved to the top left corner."""
    images = []
    for cells in _TRANSFORMS:
        image, rest = 0, mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            image |= 1 << cells[bit.bit_length() - 1]
        images.append(_to_corner(image))
    return min(images)


_GROUP_CACHE_LIMIT = 100_000
_GROUP_POINTS: dict[int, int] = {}  # a group's mask, or its shape, to its most points
_WALL_POINTS: dict[int, int] = {}  # a wall's mask to its most points


def _remember(cache: dict[int, int], key: int, value: int) -> int:
    if len(cache) >= _GROUP_CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def _group_points(group: int, top: int | None = None) -> int:
    """The most a 4-connected group of tiles earns in any order, by its shape; `top`, when
    given, is a tighter bound already proved."""
    points = _GROUP_POINTS.get(group)
    if points is None:
        key = shape(group)
        points = _GROUP_POINTS.get(key)
        if points is None:
            search = _Search(group)
            if top is not None:
                search.top = min(search.top, top)
            points = _remember(_GROUP_POINTS, key, search.run()[0])
        _remember(_GROUP_POINTS, group, points)
    return points


def _last_round_points(before: int, cells: list[int]) -> int:
    """Points of a last round placing these cells top down on a wall (R4.4, R5)."""
    points = 0
    for index in cells:
        points += score_placement(before, index // SIZE, index % SIZE).points
        before |= 1 << index
    return points


def _split(mask: int) -> tuple[int, list[int]]:
    """The groups that hold a complete row, together (they share the last round), and the
    free groups, which need no tile in it."""
    complete = sum(_LINE << (r * SIZE) for r in full_rows(mask))
    ending, free = 0, []
    for group in components(mask):
        if group & complete:
            ending |= group
        else:
            free.append(group)
    return ending, free


def most_wall_points(mask: int) -> int:
    """The most placement points (R5) the wall with these tiles could have earned in a legal
    game (R4.3, R4.4, R8.1); cell (row, column) is bit row * 5 + column."""
    mask &= _ALL
    return _final_points(mask) if full_rows(mask) else start_wall_points(mask)


def start_wall_points(mask: int) -> int:
    """most_wall_points of a wall with no complete row, as every round starts with (R8.1):
    every order of its tiles is legal, so its groups add up; lone tiles earn 1 each (R5.1),
    larger groups are cached by their cells. The express lane calls it for each board; a
    wall with a complete row is most_wall_points' to judge (this would overstate some)."""
    mask &= _ALL
    # _neighbours and _first_group written out: a call each costs a sixth of a cached wall.
    lone = mask & ~(
        ((mask << 1) & _NOT_LEFT) | ((mask >> 1) & _NOT_RIGHT) | (mask << SIZE) | (mask >> SIZE)
    )
    points = lone.bit_count()
    rest = mask ^ lone
    known = _FREE_POINTS.get
    while rest:
        found = known(rest)  # what is left, when it is one group seen before
        if found is not None:
            return points + found
        group = rest & -rest
        while True:  # the 4-connected group of the lowest tile left
            grown = (
                group
                | ((group << 1) & _NOT_LEFT)
                | ((group >> 1) & _NOT_RIGHT)
                | (group << SIZE)
                | (group >> SIZE)
            ) & rest
            if grown == group:
                break
            group = grown
        found = known(group)
        if found is None:
            found = _remember(_FREE_POINTS, group, _free_group_points(_to_corner(group)))
        points += found
        rest ^= group
    return points


def _final_points(mask: int) -> int:
    """The most a wall with a complete row earns: its free groups alone, and those holding a
    complete row ending with the last round (cached by the wall's cells)."""
    points = _WALL_POINTS.get(mask)
    if points is None:
        ending, free = _split(mask)
        points = sum(_free_group_points(_to_corner(g)) for g in free)
        if ending:
            points += _ending_points(ending)
        _remember(_WALL_POINTS, mask, points)
    return points


# --- A free group seen for the first time ---------------------------------------------------------


_FREE_POINTS: dict[int, int] = {}  # a free group's cells to its most points


def _free_group_points(corner: int) -> int:
    """The most a free group earns, given moved to the top left corner (cached so too): the
    bound when its runs form a tree, or the constructive order or else some order reaches
    it; else the bound less one when _one_short reaches that, or searched under it."""
    found = _FREE_POINTS.get(corner)
    if found is None:
        across, down = runs(corner)
        found, reached, matched = _constructive(corner, across, down)
        if not reached and not _reaches_bound(corner, across, down, matched):
            found -= 1  # points are whole: no order reaching the bound, at most one less
            if not _one_short(corner, across, down):
                found = _group_points(corner, found)
        found = _remember(_FREE_POINTS, corner, found)
    return found


def greedy_points(group: int) -> int | None:
    """The bound of a group's tiles when their runs form a tree or the constructive order
    reaches it, and so the most they earn in any order (R5); None when it falls short."""
    top, reached, _ = _constructive(group, *runs(group))
    return top if reached else None


def _constructive(
    group: int, across: tuple[int, ...], down: tuple[int, ...]
) -> tuple[int, bool, int]:
    """A free group's bound (at least what it can earn), whether an order is known to reach
    it (and so is the most it earns), and the size of a largest matching of runs.

    When the runs' graph is a tree, any order from a largest matching reaches it, and none
    is built, which halves the time of such a group. Else the
    constructive order places first the tiles of a largest matching of runs, alone (1
    each); then every tile beside what is placed in both its runs (full points); when none
    is left, one tile that starts a run, beside what its other run holds (see _grows for
    why it then earns the bound). Tried with the runs in both directions, as the choices
    differ."""
    counts = _run_counts(group)
    tree = runs_form_a_tree(group, across, down)
    for first in (True, False):
        starts = largest_matching(across, down)
        top = _grown_points(counts, starts.bit_count())
        if tree or _grows(group, starts, across, down, first):
            return top, True, starts.bit_count()
        across, down = across[::-1], down[::-1]
    return top, False, starts.bit_count()


def runs_form_a_tree(group: int, across: tuple[int, ...], down: tuple[int, ...]) -> bool:
    """Whether a 4-connected group's runs' graph (each run a node, each tile the edge where
    its two runs cross) is a tree: it is connected, so when it has one tile fewer than runs.

    Then every order from a largest matching that grows each run connected earns the bound
    (R5.2). Let each matched run start with its matched tile and any other run with any of
    its tiles; no tile but the matched ones is then first of both its runs, or the matching
    would grow. Place each other tile of a run after its neighbour on the side of the run's
    first tile: each run grows connected from its first tile. Those precedences have no
    cycle: a cycle would go straight along one run at a time, away from its first tile,
    turning at tiles shared by two runs, and so walk round the runs' graph without ever
    turning back at once (a straight stretch cannot return to the tile it left), which a
    tree does not allow."""
    return group.bit_count() == len(across) + len(down) - 1


def _grows(
    group: int, starts: int, across: tuple[int, ...], down: tuple[int, ...], first: bool
) -> bool:
    """Whether the constructive order from these first tiles places every tile without
    breaking a run that has tiles already; if so it earns the bound exactly. It starts a
    run with the first tile (lowest cell) that may, or the last.

    The first tiles touch no other (beside, they would share a run) and earn 1 each; each
    later tile goes beside what its runs hold, so each run of L grows connected and its
    terms add up to L(L-1)/2 (R5.2); a tile placed with tiles in both runs gets the bonus,
    and one placed to start a run goes beside what its other run holds, so is the first
    of one run only. So every tile but the first of each run gets its bonus, and the first
    tiles of both runs are the given ones (any no two of which share a run)."""
    placed = starts
    no_row = group & ~_touching(across, starts)  # tiles whose horizontal run has none yet
    no_column = group & ~_touching(down, starts)
    while True:
        placed, beside_row, beside_column = _spread(group, placed)
        # _grow's tiles to start a run, kept up to date: a tile _spread places is beside
        # what both its runs hold, so only the tile that starts a run adds a run with tiles.
        starting = (beside_row & no_column) | (beside_column & no_row)
        if not starting:
            return placed == group
        tile = starting & -starting if first else 1 << (starting.bit_length() - 1)
        if tile & no_column:
            no_column &= ~_run_of(down, tile)
        else:
            no_row &= ~_run_of(across, tile)
        placed |= tile


def _spread(group: int, placed: int) -> tuple[int, int, int]:
    """Placed, then every tile beside what is placed in both its runs, until none is left
    (it earns full points and keeps its runs connected: never a loss); and the group's
    tiles beside the result in a row, and those in a column."""
    while True:  # the cells beside in a row, and in a column, within the group
        beside_row = ((placed << 1) & _NOT_LEFT | (placed >> 1) & _NOT_RIGHT) & group
        beside_column = (placed << SIZE | placed >> SIZE) & group
        more = placed | beside_row & beside_column
        if more == placed:
            return placed, beside_row, beside_column
        placed = more


def _grow(
    group: int, placed: int, across: tuple[int, ...], down: tuple[int, ...]
) -> tuple[int, int]:
    """Placed spread (_spread), and the tiles that may come next to start a run: beside
    what their other run holds (so it stays connected), the first of this one."""
    placed, beside_row, beside_column = _spread(group, placed)
    no_row = group & ~_touching(across, placed)  # tiles whose horizontal run has none yet
    no_column = group & ~_touching(down, placed)
    return placed, (beside_row & no_column) | (beside_column & no_row)


def _reaches_bound(
    group: int, across: tuple[int, ...], down: tuple[int, ...], matched: int
) -> bool:
    """Whether some order of a group's tiles earns its bound: one in which every tile goes
    beside what its runs hold already (each run grown connected), and `matched` tiles (a
    largest matching of runs) come alone, first of both their runs; by the identity of
    points (see _grows) no other order does.

    The tiles that come alone touch no other tile then, so they may all come first: each
    largest matching is tried (a tile of each horizontal run in turn, or the run skipped,
    as many skipped as a largest matching leaves, far fewer than any tiles in increasing
    order), then the tiles that start one run each
    are searched, every other tile placed as soon as it has tiles beside it in both its
    runs (which never hurts)."""
    failed: set[int] = set()

    def grow(placed: int) -> bool:
        placed, rest = _grow(group, placed, across, down)
        if placed == group:
            return True
        if placed in failed:
            return False
        while rest:
            bit = rest & -rest
            rest ^= bit
            if grow(placed | bit):
                return True
        failed.add(placed)
        return False

    def alone(placed: int, taken: int, row: int, skips: int) -> bool:
        if row == len(across):
            return grow(placed)  # `skips` horizontal runs at most skipped: `matched` placed
        rest = across[row] & ~taken  # its tiles on vertical runs with none alone yet
        while rest:
            bit = rest & -rest
            rest ^= bit
            if alone(placed | bit, taken | _run_of(down, bit), row + 1, skips):
                return True
        return skips > 0 and alone(placed, taken, row + 1, skips - 1)

    return alone(0, 0, 0, len(across) - matched)


def _one_short(group: int, across: tuple[int, ...], down: tuple[int, ...]) -> bool:
    """Whether the constructive order from a largest matching of runs less one of its tiles
    places every tile (either direction, either end): it then earns the bound less one.

    _grows' count holds for any first tiles no two of which share a run: with one tile
    fewer first of both its runs, the order earns one point less. Every group of the
    benchmark archive's start walls that no order brings to its bound passes it, far sooner
    than the branch and bound would decide it."""
    for lines in ((across, down), (across[::-1], down[::-1])):
        starts = largest_matching(*lines)
        rest = starts
        while rest:
            tile = rest & -rest
            rest ^= tile
            if _grows(group, starts ^ tile, *lines, True) or _grows(
                group, starts ^ tile, *lines, False
            ):
                return True
    return False


def _ending_points(ending: int) -> int:
    """The most the groups holding a complete row earn, ending with the last round (R8.1).

    First the search's greedy dive, which on most walls reaches the bound; else every
    possible last round is tried (one tile of each complete row, at most one of each other
    row: at most 5^5), best bound first: what comes before it has no complete row, so
    its groups are free and take the fast road; a last round whose own points and bound of
    the rest cannot beat the best so far ends the search."""
    search = _Search(ending, ending=True)
    best = search.greedy()  # most walls: its dive reaches the bound at once
    if best >= search.top:
        return best
    complete = full_rows(ending)
    choices = []
    for r in range(SIZE):
        line = [r * SIZE + c for c in range(SIZE) if ending >> (r * SIZE + c) & 1]
        choices.append(line if r in complete else [-1, *line])
    candidates = []
    for pick in itertools.product(*choices):
        cells = [i for i in pick if i >= 0]
        before = ending & ~sum(1 << i for i in cells)
        points = _last_round_points(before, cells)
        candidates.append((points + _free_bound(before), points, before))
    candidates.sort(reverse=True)
    for top, points, before in candidates:
        if top <= best:
            break  # sorted: no later last round can do better
        if points + _free_upper(before) > best:  # the groups' bounds, before any search
            best = max(best, points + start_wall_points(before))
    return best


def _free_upper(mask: int) -> int:
    """At least what a wall with no complete row earns: each group's most when known or
    reached by the constructive order, else its bound."""
    points = 0
    for group in components(mask):
        corner = _to_corner(group)
        found = _FREE_POINTS.get(corner)
        if found is None:
            found, reached, _ = _constructive(corner, *runs(corner))
            if reached:
                _remember(_FREE_POINTS, corner, found)
        points += found
    return points


def _free_bound(mask: int) -> int:
    """At least the most a wall with no complete row earns (R5): its runs grown connected,
    and at most as many tiles first of both their runs as the direction with fewer runs."""
    counts = _run_counts(mask)
    return _grown_points(counts, min(counts[2], counts[3]))


@dataclass(frozen=True, slots=True)
class BestOrder:
    """One legal order that earns a wall's most points: its rounds, each a tuple of 0-based
    (row, column) cells top down (R4.4), and the points it earns."""

    points: int
    rounds: tuple[tuple[tuple[int, int], ...], ...]


def best_order(mask: int) -> BestOrder:
    """A legal order of the wall's tiles that earns its most points, cut into rounds; a last
    round that completes a row comes on its own."""
    ending, free = _split(mask & _ALL)
    points, order = 0, list[int]()
    for group in free:  # first: they need no tile in the last round
        found, cells = _Search(group).run()
        points, order = points + found, order + list(cells)
    last: tuple[int, ...] = ()
    if ending:
        search = _Search(ending, ending=True)
        found, cells = search.run()
        points += found
        order += cells[: len(cells) - search.last]
        last = cells[len(cells) - search.last :]
    rounds = rounds_of(order)
    if last:
        rounds += (tuple(divmod(i, SIZE) for i in last),)
    return BestOrder(points, rounds)


def rounds_of(order: list[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Cut an order of cells into the fewest rounds: a new one wherever a tile's row is not
    below the row before it (R4.3, R4.4)."""
    rounds: list[list[tuple[int, int]]] = []
    previous = SIZE
    for index in order:
        r, c = divmod(index, SIZE)
        if r <= previous:
            rounds.append([])
        rounds[-1].append((r, c))
        previous = r
    return tuple(tuple(cells) for cells in rounds)


def clear_caches() -> None:
    """Forget every wall solved so far (benchmarks time walls from nothing)."""
    _GROUP_POINTS.clear()
    _WALL_POINTS.clear()
    _FREE_POINTS.clear()
