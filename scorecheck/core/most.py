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
legal and its groups are all free: `most_wall_points` takes a fast road for it (about 2 µs a
wall once its groups are cached, 20 µs for a group seen first). A lone tile earns 1 (R5.1).
A larger group seen for the first time whose runs' graph is a tree earns its bound, counted
with no order built (`forest_points`). Any other is tried with one constructive order before
any search: a tile scores 1 + (h - 1) + (v - 1) + [h >= 2 and v >= 2] with h, v its runs
(R5.2), so an order that grows every run connected, starting from the tiles of a largest
matching of runs and from one more tile for each run left over, earns the bound exactly.
Greedily built, such an order reaches the bound on about 99.6% of the groups of random
walls; for the rest a small search over the tiles that start runs says whether any order
does (it never hurts to place a tile that has tiles beside it in both its runs). Only a
group no order brings to its bound (a few in a thousand: runs that would have to grow round
a 2 x 2 block) goes to the branch and bound, under the bound less one. Each group's points
are cached by its cells and by its shape moved to the corner, as groups repeat across an
archive. A wall with a complete row first tries the search's greedy dive; when it falls
short of the bound, each possible last round, best bound first, the tiles before it taking
that road.
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


def components(mask: int) -> list[int]:
    """The 4-connected groups of a wall's tiles, as bit masks."""
    groups = []
    while mask:
        group, grown = 0, mask & -mask
        while grown != group:
            group = grown
            grown = (group | _neighbours(group)) & mask
        groups.append(group)
        mask &= ~group
    return groups


class _Runs:
    """A set of tiles' runs (maximal segments): per tile the first cell of its horizontal
    and of its vertical run, as bits, for telling which runs have no tile placed yet."""

    def __init__(self, mask: int) -> None:
        self.mask = mask
        self.rows = tuple((mask >> (r * SIZE)) & _LINE for r in range(SIZE))
        self.columns = tuple(_column_bits(mask, c) for c in range(SIZE))
        across, down = [0] * (SIZE * SIZE), [0] * (SIZE * SIZE)
        for index in range(SIZE * SIZE):
            if mask >> index & 1:
                run = score_placement(mask, *divmod(index, SIZE))
                across[index] = 1 << (run.row * SIZE + run.left)
                down[index] = 1 << (run.top * SIZE + run.column)
        self.across, self.down = tuple(across), tuple(down)
        self.pairs = tuple((across[i], down[i]) for i in range(SIZE * SIZE) if mask >> i & 1)
        self.matchings: dict[tuple[int, int], int] = {}

    def lone_starts(self, fresh_across: int, fresh_down: int) -> int:
        """The most tiles that could still be placed alone, each the first of a horizontal
        and of a vertical run that have no tile yet: a largest matching of such runs."""
        key = (fresh_across, fresh_down)
        found = self.matchings.get(key)
        if found is None:
            found = self.matchings[key] = _matching(
                [(a, d) for a, d in self.pairs if a & fresh_across and d & fresh_down]
            )
        return found


def _matching(edges: list[tuple[int, int]]) -> int:
    """The size of a largest matching in a bipartite graph given by its edges (Kuhn)."""
    neighbours: dict[int, list[int]] = {}
    for a, d in edges:
        neighbours.setdefault(a, []).append(d)
    partner: dict[int, int] = {}

    def augment(a: int, tried: set[int]) -> bool:
        for d in neighbours[a]:
            if d not in tried:
                tried.add(d)
                if d not in partner or augment(partner[d], tried):
                    partner[d] = a
                    return True
        return False

    return sum(augment(a, set()) for a in neighbours)


def bound(mask: int, placed: int = 0) -> int:
    """The bound the search prunes with: at least what any legal order of a wall's tiles not
    yet placed could add (each line grown at its best, plus lone starting tiles)."""
    return _bound(_Runs(mask), placed)


def _bound(runs: _Runs, placed: int) -> int:
    mask = runs.mask
    lines = sum(_LINES[f][(placed >> k * SIZE) & _LINE] for k, f in enumerate(runs.rows))
    lines += sum(_LINES[f][_column_bits(placed, k)] for k, f in enumerate(runs.columns))
    fresh_across = fresh_down = 0
    for index in range(SIZE * SIZE):
        if mask >> index & 1:
            fresh_across |= runs.across[index]
            fresh_down |= runs.down[index]
    for index in range(SIZE * SIZE):
        if placed >> index & 1:
            fresh_across &= ~runs.across[index]
            fresh_down &= ~runs.down[index]
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
        fresh_across = fresh_down = 0
        for a, d in runs.pairs:
            fresh_across |= a
            fresh_down |= d
        rows = [_LINES[f][0] for f in runs.rows]
        columns = [_LINES[f][0] for f in runs.columns]
        self._visit(0, 0, rows, columns, fresh_across, fresh_down)

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
    if not full_rows(mask):  # no complete row: any order is legal (R8.1)
        return _free_points(mask)  # a wall a round starts with: every order is legal
    points = _WALL_POINTS.get(mask)
    if points is None:
        ending, free = _split(mask)
        points = sum(_free_group_points(_to_corner(g)) for g in free)
        if ending:
            points += _ending_points(ending)
        _remember(_WALL_POINTS, mask, points)
    return points


def _neighbours(mask: int) -> int:
    """The cells beside (left, right, above, below) any cell of the mask."""
    return (
        ((mask << 1) & _NOT_LEFT) | ((mask >> 1) & _NOT_RIGHT) | (mask << SIZE) | (mask >> SIZE)
    ) & _ALL


_FREE_POINTS: dict[int, int] = {}  # a free group's cells to its most points


def _free_points(mask: int) -> int:
    """The most a wall with no complete row earns: every order is legal, so its groups add
    up; lone tiles earn 1 each (R5.1), larger groups are cached by their cells."""
    lone = mask & ~_neighbours(mask)
    points = lone.bit_count()
    for group in components(mask ^ lone):
        found = _FREE_POINTS.get(group)
        if found is None:
            found = _remember(_FREE_POINTS, group, _free_group_points(_to_corner(group)))
        points += found
    return points


def _free_group_points(corner: int) -> int:
    """The most a free group earns, given moved to the top left corner (cached so too): the
    bound when the constructive order, or else some order, reaches it; else searched under
    the bound less one."""
    found = _FREE_POINTS.get(corner)
    if found is None:
        found = forest_points(corner)
        if found is not None:
            return _remember(_FREE_POINTS, corner, found)
        tiles = _group_tiles(corner)
        found, reached, matched = _greedy(tiles)
        if not reached and not _reaches_bound(tiles, matched):
            found = _group_points(corner, found - 1)
        found = _remember(_FREE_POINTS, corner, found)
    return found


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


_RUN_THROUGH = tuple(tuple(_run_through(b, c) for c in range(SIZE)) for b in range(1 << SIZE))
# A 5-bit column line (row 1 the lowest bit) back on the wall's column 1.
_ON_COLUMN0 = tuple(
    sum(1 << (r * SIZE) for r in range(SIZE) if bits >> r & 1) for bits in range(1 << SIZE)
)


# A 5-bit line's runs (maximal segments), as bits.
_LINE_RUNS = tuple(
    tuple(sorted({_run_through(b, c) for c in range(SIZE)} - {0})) for b in range(1 << SIZE)
)


def forest_points(group: int) -> int | None:
    """The most a free group earns when its run graph (runs as nodes, each tile the edge
    between its two runs) is a tree; None when it has a cycle (round a 2 x 2 block, say).

    A tile scores 1 + (h - 1) + (v - 1) + [h >= 2 and v >= 2] (R5.2), so an order that grows
    every run connected earns tiles + pairs + tiles - runs + the tiles first of both their
    runs, and those form a matching of runs: the bound, with a largest matching. In a tree
    every largest matching is reached. Let each matched run start with its matched tile and
    any other run with any of its tiles; no tile but the matched ones is then first of both
    its runs, or the matching would grow. Place each other tile of a run after its neighbour
    on the side of the run's first tile: each run grows connected from its first tile. Those
    precedences have no cycle: a cycle would go straight along one run at a time, away from
    its first tile, turning at tiles shared by two runs, and so walk round the runs' graph
    without ever turning back at once (a straight stretch cannot return to the tile it
    left), which a tree does not allow. So any order that keeps them reaches the bound.

    A connected graph is a tree when it has one edge fewer than nodes. Its largest matching
    comes greedily from the leaves: a run with one tile left is matched by it, and the
    other run through that tile leaves with all its tiles (some largest matching always
    holds a leaf's only edge)."""
    count, pairs, rows, columns = _run_counts(group)
    if count != rows + columns - 1:
        return None
    runs, cross = [], {}  # per tile, both its runs
    for r in range(SIZE):
        for run in _LINE_RUNS[(group >> (r * SIZE)) & _LINE]:
            run <<= r * SIZE
            runs.append(run)
            rest = run
            while rest:
                bit = rest & -rest
                rest ^= bit
                cross[bit] = run
    for c in range(SIZE):
        for run in _LINE_RUNS[_column_bits(group, c)]:
            run = _ON_COLUMN0[run] << c
            runs.append(run)
            rest = run
            while rest:
                bit = rest & -rest
                rest ^= bit
                cross[bit] |= run
    alive, matched = group, 0
    while alive:  # a forest with a tile left has a leaf: each pass matches one at least
        for run in runs:
            live = run & alive
            if live and not live & (live - 1):
                matched += 1
                alive &= ~cross[live]
    return count + pairs + count - rows - columns + matched


def greedy_points(group: int) -> int | None:
    """The points of a constructive order of a group's tiles when they reach the bound, and
    so are the most it can earn in any order (R5); None when they fall short."""
    top, reached, _ = _greedy(_group_tiles(group))
    return top if reached else None


def _group_tiles(group: int) -> list[_Tile]:
    """Per tile of a group: its bit, its two runs, and its neighbours in each run."""
    tiles = []
    lines = [_column_bits(group, c) for c in range(SIZE)]
    rest = group
    while rest:
        bit = rest & -rest
        rest ^= bit
        index = bit.bit_length() - 1
        r, c = divmod(index, SIZE)
        across = _RUN_THROUGH[(group >> (r * SIZE)) & _LINE][c] << (r * SIZE)
        down = _ON_COLUMN0[_RUN_THROUGH[lines[c]][r]] << c
        beside = _NEIGHBOURS[index]
        tiles.append((bit, across, down, beside & across, beside & down))
    return tiles


def _greedy(tiles: list[_Tile]) -> tuple[int, bool, int]:
    """The bound of a group (at least what it can earn), whether the constructive order
    reaches it (and so is the most it earns), and the size of a largest matching of runs.

    The order places first the tiles of a largest matching of runs, alone (1 each); then, in
    passes, every tile beside what is placed in both its runs (full points); when a pass
    places none, one tile that starts a run left over (see _grows for why it then earns
    the bound). Tried with the tiles in both directions, as the choices differ."""
    rows, columns = {t[1] for t in tiles}, {t[2] for t in tiles}  # a lone tile's are alike
    pairs = sum(run.bit_count() * (run.bit_count() - 1) // 2 for run in (*rows, *columns))
    top = matched = 0
    for order in (tiles, tiles[::-1]):
        starts = _largest_matching(order)
        matched = len(starts)
        # Each tile 1, each pair of a run 1 (its run terms grown connected), and the bonus
        # of every tile that starts no run: all but one a run, less the matched ones.
        top = len(tiles) + pairs + len(tiles) - len(rows) - len(columns) + matched
        if _grows(order, starts):
            return top, True, matched
    return top, False, matched


def _reaches_bound(tiles: list[_Tile], matched: int) -> bool:
    """Whether some order of a group's tiles earns its bound: one in which every tile goes
    beside what its runs hold already (each run grown connected), and `matched` tiles (a
    largest matching of runs) come alone, first of both their runs; by the identity of
    points (see _grows) no other order does.

    The tiles that come alone touch no other tile then, so they may all come first: each
    largest matching is tried (in increasing order of cells), then the tiles that start one
    run each are searched, every other tile placed as soon as it has tiles beside it in
    both its runs (which never hurts)."""
    everything = sum(t[0] for t in tiles)
    failed: set[int] = set()

    def grown(placed: int) -> int:
        while True:
            before = placed
            for bit, _, _, row_beside, column_beside in tiles:
                if row_beside & placed and column_beside & placed:
                    placed |= bit
            if placed == before:
                return placed

    def grow(placed: int) -> bool:
        placed = grown(placed)
        if placed == everything:
            return True
        if placed in failed:
            return False
        for bit, across, down, row_beside, column_beside in tiles:
            in_row, in_column = across & placed, down & placed
            if bit & placed or (in_row and not row_beside & placed):
                continue
            if in_column and not column_beside & placed:
                continue
            if (in_row or in_column) and grow(placed | bit):  # it starts its other run
                return True
        failed.add(placed)
        return False

    def alone(placed: int, count: int, after: int) -> bool:
        if count == matched:
            return grow(placed)
        for k in range(after, len(tiles)):
            bit, across, down, _, _ = tiles[k]
            if not across & placed and not down & placed and alone(placed | bit, count + 1, k + 1):
                return True
        return False

    return alone(0, 0, 0)


_Tile = tuple[int, int, int, int, int]
_NEIGHBOURS = tuple(_neighbours(1 << i) for i in range(SIZE * SIZE))


def _grows(tiles: list[_Tile], starts: list[int]) -> bool:
    """Whether the order _greedy builds from these first tiles places every tile
    without breaking a run that has tiles already; if so it earns the bound exactly.

    The first tiles touch no other (beside, they would share a run) and earn 1 each; each
    later tile goes beside what its runs hold, so each run of L grows connected and its
    terms add up to L(L-1)/2 (R5.2); a tile placed with tiles in both runs gets the bonus,
    and one placed to start a run is the first of one run only: first of both, it would
    enlarge the largest matching of runs the first tiles are. So every tile but the first
    of each run gets its bonus, and the first tiles of both runs are the matched ones."""
    placed = sum(starts)
    waiting = [t for t in tiles if not t[0] & placed]
    while waiting:
        left, lone = [], 0
        for tile in waiting:
            bit, across, down, row_beside, column_beside = tile
            in_row, in_column = across & placed, down & placed
            if (in_row and not row_beside & placed) or (in_column and not column_beside & placed):
                left.append(tile)  # it would break a run that has tiles already
            elif in_row and in_column:
                placed |= bit
            else:
                left.append(tile)
                if not lone:
                    lone = bit
        if len(left) == len(waiting):  # nothing placed in this pass: start a run
            if not lone:
                return False
            left = [t for t in left if t[0] != lone]
            placed |= lone
        waiting = left
    return True


def _largest_matching(tiles: list[_Tile]) -> list[int]:
    """Tiles no two of which share a run, as many as can be (Kuhn's augmenting paths, from
    a greedy matching: a run with no augmenting path then has none after later ones)."""
    options: dict[int, list[tuple[int, int]]] = {}
    for bit, across, down, _, _ in tiles:
        options.setdefault(across, []).append((down, bit))
    partner: dict[int, tuple[int, int]] = {}  # vertical run to its horizontal run and tile

    def augment(across: int, tried: set[int]) -> bool:
        for down, bit in options[across]:
            if down not in tried:
                tried.add(down)
                if down not in partner or augment(partner[down][0], tried):
                    partner[down] = (across, bit)
                    return True
        return False

    waiting = []  # a first free vertical run for each, then augmenting paths for the rest
    for across, choices in options.items():
        for down, bit in choices:
            if down not in partner:
                partner[down] = (across, bit)
                break
        else:
            waiting.append(across)
    for across in waiting:
        augment(across, set())
    return [bit for _, bit in partner.values()]


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
            best = max(best, points + _free_points(before))
    return best


def _free_upper(mask: int) -> int:
    """At least what a wall with no complete row earns: each group's most when known or
    reached by the constructive order, else its bound."""
    points = 0
    for group in components(mask):
        corner = _to_corner(group)
        found = _FREE_POINTS.get(corner)
        if found is None:
            found, reached, _ = _greedy(_group_tiles(corner))
            if reached:
                _remember(_FREE_POINTS, corner, found)
        points += found
    return points


def _free_bound(mask: int) -> int:
    """At least the most a wall with no complete row earns (R5): each tile 1, each pair of
    tiles in one run 1, and the bonus of all but one tile a run, plus the tiles that start
    both their runs, at most as many as the runs of the direction with fewer."""
    count, pairs, rows, columns = _run_counts(mask)
    return count + pairs + count - rows - columns + min(rows, columns)


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
