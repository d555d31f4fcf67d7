"""The wall as a 25-bit mask: its lines, its 4-connected groups, its runs (R5.2), the largest
matching of runs, and the points of an order that grows every run from its first tile.

See docs/maximum.md for the method.
"""

from __future__ import annotations

from scorecheck.core.scoring import score_placement
from scorecheck.core.tiles import SIZE

LINE = (1 << SIZE) - 1
ALL = (1 << SIZE * SIZE) - 1
COLUMN0 = sum(1 << (r * SIZE) for r in range(SIZE))
NOT_LEFT = ALL & ~COLUMN0  # cells that have a left neighbour
NOT_RIGHT = ALL & ~(COLUMN0 << (SIZE - 1))


def line_table() -> tuple[tuple[int, ...], ...]:
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


LINES = line_table()


def column_bits(mask: int, column: int) -> int:
    """A wall column as a 5-bit line, row 1 the lowest bit."""
    b = (mask >> column) & COLUMN0
    return (b & 1) | (b >> 4 & 2) | (b >> 8 & 4) | (b >> 12 & 8) | (b >> 16 & 16)


# --- The grid and its runs ------------------------------------------------------------------------


def neighbours(mask: int) -> int:
    """The cells beside (left, right, above, below) any cell of the mask, for components
    (start_wall_points and spread write it out: they are called most)."""
    return (
        ((mask << 1) & NOT_LEFT) | ((mask >> 1) & NOT_RIGHT) | (mask << SIZE) | (mask >> SIZE)
    ) & ALL


def components(mask: int) -> list[int]:
    """The 4-connected groups of a wall's tiles, as bit masks."""
    groups = []
    while mask:
        group = first_group(mask)
        groups.append(group)
        mask ^= group
    return groups


def first_group(mask: int) -> int:
    """The 4-connected group of the mask's first tile (its lowest cell)."""
    group = mask & -mask
    while True:
        grown = (group | neighbours(group)) & mask
        if grown == group:
            return group
        group = grown


def run_through(bits: int, cell: int) -> int:
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
LINE_RUNS = tuple(
    tuple(sorted({run_through(b, c) for c in range(SIZE)} - {0})) for b in range(1 << SIZE)
)
# A 5-bit column line (row 1 the lowest bit) back on the wall's column 1.
ON_COLUMN0 = tuple(
    sum(1 << (r * SIZE) for r in range(SIZE) if bits >> r & 1) for bits in range(1 << SIZE)
)


# Per row (or column) and each way of filling it, its runs as masks on the wall, and per row
# its tiles on the transposed wall (cell (r, c) at (c, r)), whose rows are the columns.
ROW_RUNS = tuple(
    tuple(tuple(run << (r * SIZE) for run in LINE_RUNS[b]) for b in range(1 << SIZE))
    for r in range(SIZE)
)
COLUMN_RUNS = tuple(
    tuple(tuple(ON_COLUMN0[run] << c for run in LINE_RUNS[b]) for b in range(1 << SIZE))
    for c in range(SIZE)
)
TRANSPOSED = tuple(
    tuple(sum(1 << (c * SIZE + r) for c in range(SIZE) if b >> c & 1) for b in range(1 << SIZE))
    for r in range(SIZE)
)


def runs(mask: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A wall's horizontal and vertical runs (maximal segments of tiles, R5.2), as masks."""
    # Written out, rows then columns (the transposed rows): quicker than a loop.
    r0, r1, r2, r3, r4 = ROW_RUNS
    t0, t1, t2, t3, t4 = TRANSPOSED
    c0, c1, c2, c3, c4 = COLUMN_RUNS
    a, b, c = mask & LINE, mask >> SIZE & LINE, mask >> 2 * SIZE & LINE
    d, e = mask >> 3 * SIZE & LINE, mask >> 4 * SIZE & LINE
    t = t0[a] | t1[b] | t2[c] | t3[d] | t4[e]
    return r0[a] + r1[b] + r2[c] + r3[d] + r4[e], (
        c0[t & LINE]
        + c1[t >> SIZE & LINE]
        + c2[t >> 2 * SIZE & LINE]
        + c3[t >> 3 * SIZE & LINE]
        + c4[t >> 4 * SIZE & LINE]
    )


def touching(lines: tuple[int, ...], mask: int) -> int:
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
            taken |= tile if tile & single else run_of(down, tile)
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
            column = run_of(down, tile)
            tried |= column
            partner = column & matched
            if not partner or augment(run_of(across, partner)):
                matched = matched & ~partner | tile
                return True
        return False

    for row in waiting:
        if augment(row):
            tried = 0  # a path that failed fails again until the matching changes
    return matched


def run_of(lines: tuple[int, ...], tile: int) -> int:
    """The run among `lines` that holds the tile."""
    for run in lines:
        if run & tile:
            return run
    raise ValueError(tile)  # never: each tile asked about lies on one of the runs given


def run_counts(mask: int) -> tuple[int, int, int, int]:
    """A wall's tiles, pairs of tiles in one run (a run of L has L(L-1)/2), horizontal runs
    and vertical runs (each run has one tile with none to its right, or below)."""
    count = mask.bit_count()
    across = mask & mask >> 1 & NOT_RIGHT  # a tile with a tile to its right
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


def grown_points(counts: tuple[int, int, int, int], both: int) -> int:
    """What tiles with these counts (run_counts) earn in an order that grows every run
    connected from its first tile, `both` of them the first of both their runs. A tile
    scores 1 + (h - 1) + (v - 1) + [h >= 2 and v >= 2] (R5.2): each tile 1, each pair of
    tiles in one run 1, and the bonus of every tile but the first of each run, given back
    to the `both`. The tiles first of both runs form a matching of runs: with a largest
    matching this is the bound of any order."""
    count, pairs, rows, columns = counts
    return count + pairs + count - rows - columns + both
