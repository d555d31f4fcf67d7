"""The engine against a deliberately simple second implementation, over random boards.

The reference below shares no code with scorecheck: it walks the grid cell by cell, spells
out the printed wall as a table, and counts penalties slot by slot.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from scorecheck.core.check import check
from scorecheck.core.documents import FinalDocument, FinalPlayer, RoundDocument, RoundPlayer
from scorecheck.core.replay import tile_board
from scorecheck.core.scoring import score_placement
from scorecheck.core.tiles import Board, PatternLine, Wall, parse_floor
from tests.support.simple_scoring import simple_points

PRINTED = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]  # R2, written out
PENALTY_PER_SLOT = [1, 1, 2, 2, 2, 3, 3]  # R6.1


@dataclass
class SimpleResult:
    points: list[int]
    wall_after: list[str]
    penalty: int
    score_after: int
    overflow: int  # tiles that found no floor slot: to the lid (R6.3)


def simple_round(wall: list[str], lines: list[str], floor: str, score: int) -> SimpleResult:
    """Tile full single-colour lines top to bottom on the printed wall, then the floor."""
    grid = [list(row) for row in wall]
    points = []
    for row in range(5):
        line = lines[row]
        if len(line) < row + 1 or len(set(line)) != 1:
            continue
        color = line[0]
        if color in grid[row]:
            continue  # the colour is already in this row: broken rule, nothing placed
        col = PRINTED[row].index(color)
        grid[row][col] = color
        tiles = {(r, c) for r in range(5) for c in range(5) if grid[r][c] != "."}
        points.append(simple_points(tiles, row, col))
    penalty = 0
    slots = 0
    overflow = 0
    for entry in floor.replace(" ", ""):  # each entry takes the next free slot, if any
        if slots < 7:
            penalty += PENALTY_PER_SLOT[slots]
            slots += 1
        elif entry != "1":  # a tile with no slot goes to the lid; the marker never does (D1)
            overflow += 1
    new_score = score + sum(points) - penalty
    if new_score < 0:
        new_score = 0
    return SimpleResult(points, ["".join(row) for row in grid], penalty, new_score, overflow)


def simple_bonus(wall: list[str]) -> int:
    total = 0
    for row in wall:
        if "." not in row:
            total += 2
    for c in range(5):
        if all(wall[r][c] != "." for r in range(5)):
            total += 7
    for color in "BYRKW":
        if sum(row.count(color) for row in wall) == 5:
            total += 10
    return total


# The strategies the composites below draw from, built once: a strategy built anew in each
# draw is checked by hypothesis anew, a fifth of the time these tests took.
FULL_MASK = st.integers(0, (1 << 25) - 1)
DENSITY = st.sampled_from(["sparse", "half", "dense"])
DENSE = st.sampled_from(["dense"])


@st.composite
def walls(draw: st.DrawFn, dense: bool = False) -> list[str]:
    """A random legal wall: a bit mask, thinned or thickened to vary how full it is."""
    mask = draw(FULL_MASK)
    density = draw(DENSITY if not dense else DENSE)
    if density == "sparse":
        mask &= draw(FULL_MASK)
    elif density == "dense":
        mask |= draw(FULL_MASK)
    return [
        "".join(PRINTED[r][c] if mask >> (r * 5 + c) & 1 else "." for c in range(5))
        for r in range(5)
    ]


WALLS = walls()
ODD_LINE = st.integers(0, 9)
MIXED_LINE = [st.text("BYRKW", max_size=r + 3) for r in range(5)]
LINE_COLOR = st.sampled_from("BYRKW")
LINE_COUNT = [st.integers(0, r + 1) for r in range(5)]
FLOOR = st.lists(st.sampled_from("1BYRKW"), max_size=10)
SCORE = st.integers(0, 120)


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[str], list[str], str, int]:
    wall = draw(WALLS)
    lines = []
    for r in range(5):
        if draw(ODD_LINE) == 0:  # now and then a mixed or overfull line
            lines.append(draw(MIXED_LINE[r]))
        else:
            lines.append(draw(LINE_COLOR) * draw(LINE_COUNT[r]))
    floor = " ".join(draw(FLOOR))
    score = draw(SCORE)
    return wall, lines, floor, score


@settings(max_examples=3000, deadline=None)
@given(boards())
def test_round_replay_matches_the_simple_implementation(
    case: tuple[list[str], list[str], str, int],
) -> None:
    wall, lines, floor, score = case
    board = Board(
        "P",
        score,
        Wall.parse("/".join(wall)),
        tuple(PatternLine.parse(i, t) for i, t in enumerate(lines)),
        parse_floor(floor),
    )
    tiling = tile_board(board)
    expected = simple_round(wall, lines, floor, score)
    assert [p.points for p in tiling.placements] == expected.points
    assert [tiling.wall_after.row_text(r) for r in range(5)] == expected.wall_after
    assert tiling.floor.penalty == expected.penalty
    assert tiling.floor.overflow == expected.overflow
    assert tiling.score_after == expected.score_after


@settings(max_examples=2000, deadline=None)
@given(walls(), st.integers(0, 4), st.integers(0, 4))
def test_placement_score_matches_walking_the_grid(wall: list[str], row: int, col: int) -> None:
    tiles = {(r, c) for r in range(5) for c in range(5) if wall[r][c] != "."}
    before = Wall.parse("/".join(wall)).mask & ~(1 << (row * 5 + col))
    assert score_placement(before, row, col).points == simple_points(tiles | {(row, col)}, row, col)


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.tuples(walls(dense=True), st.integers(0, 100)), min_size=1, max_size=4))
def test_final_bonuses_and_winners_match(players: list[tuple[list[str], int]]) -> None:
    doc = FinalDocument(
        tuple(FinalPlayer(f"P{i}", Wall.parse("/".join(w)), s) for i, (w, s) in enumerate(players))
    )
    report = check(doc)
    assert report.final is not None
    totals = [s + simple_bonus(w) for w, s in players]
    assert [p.final_score for p in report.final.players] == totals
    rows = [sum("." not in row for row in w) for w, _ in players]
    best = max(totals)
    most_rows = max(r for t, r in zip(totals, rows, strict=True) if t == best)
    winners = [
        f"P{i}"
        for i, (t, r) in enumerate(zip(totals, rows, strict=True))
        if t == best and r == most_rows
    ]
    assert list(report.final.winners) == winners


@settings(max_examples=500, deadline=None)
@given(st.lists(boards(), min_size=1, max_size=4))
def test_round_documents_end_the_game_exactly_when_a_row_completes(
    cases: list[tuple[list[str], list[str], str, int]],
) -> None:
    players = tuple(
        RoundPlayer(
            Board(
                f"P{i}",
                s,
                Wall.parse("/".join(w)),
                tuple(PatternLine.parse(k, t) for k, t in enumerate(lines)),
                parse_floor(f),
            ),
            origin=("players", i),
        )
        for i, (w, lines, f, s) in enumerate(cases)
    )
    report = check(RoundDocument(players))
    results = [simple_round(w, lines, f, s) for w, lines, f, s in cases]
    ended = any("." not in row for r in results for row in r.wall_after)
    assert (report.final is not None) == ended
    if report.final is not None:
        finals = [r.score_after + simple_bonus(r.wall_after) for r in results]
        assert [p.final_score for p in report.final.players] == finals


def simple_list(names: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.tuples(st.integers(50, 52), st.integers(0, 3)), min_size=1, max_size=4))
def test_the_ranking_and_its_reason_match_a_simple_tie_break(totals: list[tuple[int, int]]) -> None:
    """Close totals make ties of two, three and four; the reason names who is tied on what."""
    from scorecheck.core.endgame import decider_reason
    from scorecheck.core.scoring import Standing, rank

    players = [(f"P{i}", total, rows) for i, (total, rows) in enumerate(totals)]
    ranking = rank(Standing(*p) for p in players)
    best = max(total for _, total, _ in players)
    # Ranked order: higher total first, then more rows, then seat order.
    tied = [n for n, t, r in sorted(players, key=lambda p: (-p[1], -p[2])) if t == best]
    most = max(r for _, t, r in players if t == best)
    winners = [n for n in tied if dict((n, r) for n, _, r in players)[n] == most]
    assert list(ranking.winners) == winners
    reason = str(decider_reason(ranking))
    if len(tied) == 1:
        expected = f"{tied[0]} has the highest total, {best}"
    elif len(winners) == 1:
        expected = f"{simple_list(tied)} are tied on {best}; {winners[0]} has more complete rows"
    elif winners == tied:
        expected = f"{simple_list(tied)} are tied on {best} and on complete rows ({most})"
    else:
        expected = (
            f"{simple_list(tied)} are tied on {best}; {simple_list(winners)} have the most "
            f"complete rows ({most}) and share the victory"
        )
    assert reason.startswith(expected), (reason, expected)
