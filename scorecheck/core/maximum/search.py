"""The exact search: branch and bound over the placed cells of one group of tiles, each
placement scored by the core (score_placement), and its bound.

See docs/maximum.md for the method.
"""

from __future__ import annotations

from scorecheck.core.maximum.grid import LINE, LINES, column_bits, largest_matching, runs, touching
from scorecheck.core.scoring import score_placement
from scorecheck.core.tiles import SIZE, full_rows

# --- Branch and bound -----------------------------------------------------------------------------


class Runs:
    """A set of tiles' runs: per tile its horizontal and its vertical run, as masks, for
    telling which runs have no tile placed yet."""

    def __init__(self, mask: int) -> None:
        self.mask = mask
        self.rows = tuple((mask >> (r * SIZE)) & LINE for r in range(SIZE))
        self.columns = tuple(column_bits(mask, c) for c in range(SIZE))
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
        matched = self.matchings.get(key)
        if matched is None:
            across = tuple(run for run in self.across_runs if run & fresh_across)
            down = tuple(run for run in self.down_runs if run & fresh_down)
            matched = self.matchings[key] = largest_matching(across, down).bit_count()
        return matched


def bound(mask: int, placed: int = 0) -> int:
    """The bound the search prunes with: at least what any legal order of a wall's tiles not
    yet placed could add (each line grown at its best, plus lone starting tiles)."""
    return search_bound(Runs(mask), placed)


def search_bound(runs: Runs, placed: int) -> int:
    """With nothing placed it is grown_points with a largest matching: each line's best
    alone (tabled) is its runs grown connected."""
    lines = sum(LINES[f][(placed >> k * SIZE) & LINE] for k, f in enumerate(runs.rows))
    lines += sum(LINES[f][column_bits(placed, k)] for k, f in enumerate(runs.columns))
    fresh_across = runs.mask & ~touching(runs.across_runs, placed)
    fresh_down = runs.mask & ~touching(runs.down_runs, placed)
    return lines + runs.lone_starts(fresh_across, fresh_down)


class Search:
    """Branch and bound over the placed cells of one group of tiles (see the module doc)."""

    def __init__(self, mask: int, ending: bool = False) -> None:
        self.mask = mask
        # With a complete row the order must end with a last round (R8.1): no tile before
        # it may complete a row, and what is left for it, one tile a row at most, goes top
        # down (each complete row's last tile among them).
        self.complete = sum(LINE << (r * SIZE) for r in full_rows(mask)) if ending else 0
        self.runs = Runs(mask)
        self.top = search_bound(self.runs, 0)
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
        rows = [LINES[f][0] for f in runs.rows]
        columns = [LINES[f][0] for f in runs.columns]
        self._visit(0, 0, rows, columns, self.mask, self.mask)  # every run fresh

    def _finish(self, placed: int, points: int) -> None:
        """End with a last round of what is left, top down, if it has one tile a row."""
        rest = self.mask & ~placed
        for r in range(SIZE):
            line = (rest >> (r * SIZE)) & LINE
            if line & (line - 1):
                return
        cells = []
        while rest:
            bit = rest & -rest
            rest ^= bit
            cells.append(bit.bit_length() - 1)
        points += last_round_points(placed, cells)
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
            if self.complete >> index & 1 and (after >> r * SIZE) & LINE == runs.rows[r]:
                continue  # this would complete a row before the last round (R8.1)
            row = LINES[runs.rows[r]][(after >> (r * SIZE)) & LINE]
            column = LINES[runs.columns[c]][column_bits(after, c)]
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
                replaced(rows, r, row),
                replaced(columns, c, column),
                across,
                down,
            )
            self.path.pop()
            if self.dive:
                return  # the greedy takes the first move only


def replaced(values: list[int], k: int, value: int) -> list[int]:
    copy = values.copy()
    copy[k] = value
    return copy


def last_round_points(before: int, cells: list[int]) -> int:
    """Points of a last round placing these cells top down on a wall (R4.4, R5)."""
    points = 0
    for index in cells:
        points += score_placement(before, index // SIZE, index % SIZE).points
        before |= 1 << index
    return points
