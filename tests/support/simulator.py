"""A small Azul simulator for the tests: random legal games written as `kind: game` records.

It has its own bag, lid, factories, centre and first-player marker (R1, R3, R7) and its own
deliberately plain scoring (R5, R6, R8), and it never calls scorecheck: the replay of its
records is compared with its own score book.

    python tests/support/simulator.py --players 4 --seed 7 > game.yaml
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass, field
from typing import Any

COLORS = "BYRKW"  # R1.1, in the order the wall pattern is built from (R2)
FACTORIES = {2: 5, 3: 7, 4: 9}  # R1.2
FLOOR_COSTS = (1, 1, 2, 2, 2, 3, 3)  # R6.1
MARKER = "1"
NAMES = ("Anna", "Boris", "Chen", "Dana")
MAX_ROUNDS = 40  # a game stuck without tiles stops here, unfinished


def wall_column(row: int, color: str) -> int:
    """R2: column = (colour + row) mod 5."""
    return (COLORS.index(color) + row) % 5


def tile_points(wall: list[list[str | None]], row: int, column: int) -> int:
    """R5, counted by walking from the new tile in the four directions."""

    def run(dr: int, dc: int) -> int:
        n, r, c = 0, row + dr, column + dc
        while 0 <= r < 5 and 0 <= c < 5 and wall[r][c] is not None:
            n, r, c = n + 1, r + dr, c + dc
        return n

    across = run(0, -1) + 1 + run(0, 1)
    down = run(-1, 0) + 1 + run(1, 0)
    if across == 1 and down == 1:
        return 1
    return (across if across > 1 else 0) + (down if down > 1 else 0)


@dataclass
class Seat:
    """One player's board and score book."""

    name: str
    wall: list[list[str | None]] = field(default_factory=lambda: [[None] * 5 for _ in range(5)])
    lines: list[list[str]] = field(default_factory=lambda: [[] for _ in range(5)])
    floor: list[str] = field(default_factory=list)
    score: int = 0

    def can_take(self, line: int, color: str) -> bool:
        """R3.4: one colour per line, not full, colour not yet in that wall row."""
        held = self.lines[line]
        return (
            len(held) < line + 1
            and (not held or held[0] == color)
            and self.wall[line][wall_column(line, color)] is None
        )


def _careful_move(
    rng: random.Random,
    seat: Seat,
    factories: list[list[str]],
    centre: list[str],
    sources: list[tuple[int, str]],
) -> tuple[int, str, int | None]:
    """A take (source, colour, pattern line or None for the floor) that wastes least and,
    among those, fills a line whose tile scores most."""
    best: list[tuple[int, str, int | None]] = []
    least = (99, 0)
    for source, color in sources:
        count = (factories[source] if source >= 0 else centre).count(color)
        options: list[tuple[tuple[int, int], int | None]] = [((count, 0), None)]
        for line in range(5):
            if seat.can_take(line, color):
                room = line + 1 - len(seat.lines[line])
                gain = 0
                if count >= room:  # the line fills: what would its tile score now?
                    column = wall_column(line, color)
                    seat.wall[line][column] = color
                    gain = tile_points(seat.wall, line, column)
                    seat.wall[line][column] = None
                options.append(((max(0, count - room), -gain), line))
        for key, target in options:
            if key < least:
                least, best = key, []
            if key == least:
                best.append((source, color, target))
    return rng.choice(best)


@dataclass
class SimGame:
    """A played game: its record and the simulator's own book of it."""

    record: dict[str, Any]
    scores: list[list[int]]  # per round, per seat: score after the round
    final: dict[str, int]
    winners: list[str]
    finished: bool
    overflow_rounds: set[int]  # rounds (from 1) with more than 7 floor entries somewhere
    unrecorded_rounds: set[int]  # rounds whose record dropped floor tiles past slot 7
    unmarked_rounds: set[int]  # rounds in which nobody took from the centre (R3.2)
    late_marker_rounds: set[int]  # rounds in which the marker came to a full floor (D1)
    fills: list[tuple[int, int]]  # per round: tiles in bag and lid before the factories filled


def play(
    players: int,
    seed: int,
    *,
    record_overflow: bool = True,
    claims: bool = True,
    walls: bool = False,
    floor_bias: float = 0.1,
    careful: bool = False,
) -> SimGame:
    """Play one random legal game; record_overflow=False leaves floor tiles past 7 unwritten.

    Players draft at random, or with careful=True take what wastes least on the floor.
    """
    rng = random.Random(seed)
    seats = [Seat(name) for name in NAMES[:players]]
    bag = [c for c in COLORS for _ in range(20)]
    lid: list[str] = []
    starter = rng.randrange(players)
    rounds: list[dict[str, Any]] = []
    starts: list[str] = []
    scores: list[list[int]] = []
    overflow, unrecorded, unmarked, late = set(), set(), set(), set()
    fills: list[tuple[int, int]] = []
    finished = False
    while len(rounds) < MAX_ROUNDS and not finished:
        number = len(rounds) + 1
        starts.append(seats[starter].name)
        fills.append((len(bag), len(lid)))
        factories: list[list[str]] = []
        for _ in range(FACTORIES[players]):  # R7.1: refill from the bag, pour the lid when empty
            tiles: list[str] = []
            for _ in range(4):
                if not bag:
                    bag, lid = lid, []
                if not bag:
                    break
                tiles.append(bag.pop(rng.randrange(len(bag))))
            factories.append(tiles)
        centre: list[str] = []
        marker_in_centre = True
        holder: int | None = None
        turn = starter
        while any(factories) or centre:
            sources = [(i, c) for i, f in enumerate(factories) for c in sorted(set(f))]
            sources += [(-1, c) for c in sorted(set(centre))]
            seat = seats[turn]
            if careful:
                source, color, choice = _careful_move(rng, seat, factories, centre, sources)
            else:
                source, color = rng.choice(sources)
            if source >= 0:  # R3.1: all of a colour; the rest to the centre
                taken = [t for t in factories[source] if t == color]
                centre += [t for t in factories[source] if t != color]
                factories[source] = []
            else:
                taken = [t for t in centre if t == color]
                centre = [t for t in centre if t != color]
                if marker_in_centre:  # R3.2
                    marker_in_centre = False
                    holder = turn
                    if len(seat.floor) >= 7:
                        late.add(number)
                    seat.floor.append(MARKER)
            lines = [i for i in range(5) if seat.can_take(i, color)]
            if careful:
                lines = [] if choice is None else [choice]
            if lines and (careful or rng.random() >= floor_bias):
                line = rng.choice(lines)
                room = line + 1 - len(seat.lines[line])
                seat.lines[line] += taken[:room]  # R3.3: the excess goes to the floor (D3)
                taken = taken[room:]
            seat.floor += taken
            turn = (turn + 1) % players
        entries: dict[str, dict[str, object]] = {}
        for seat in seats:
            written = seat.floor
            if len(written) > 7:
                overflow.add(number)
                if not record_overflow:
                    written = seat.floor[:7] + ([MARKER] if MARKER in seat.floor[7:] else [])
                    unrecorded.add(number)
            entries[seat.name] = {
                "lines": ["".join(line) for line in seat.lines],
                "floor": " ".join(written),
            }
        if holder is None:
            unmarked.add(number)
        for seat in seats:  # R4: tile top to bottom, then the floor (R6)
            points = []
            for row, tiles in enumerate(seat.lines):
                if len(tiles) == row + 1:
                    column = wall_column(row, tiles[0])
                    seat.wall[row][column] = tiles[0]
                    points.append(tile_points(seat.wall, row, column))
                    lid += tiles[1:]
                    seat.lines[row] = []
            penalty = sum(FLOOR_COSTS[: min(7, len(seat.floor))])
            lid += [t for t in seat.floor if t != MARKER]  # R6.3, R6.5
            seat.floor = []
            seat.score = max(0, seat.score + sum(points) - penalty)  # R6.4
            entry = entries[seat.name]
            if claims:
                entry["claimed"] = {"points": points, "penalty": penalty, "score": seat.score}
            if walls:
                entry["wall"] = ["".join(c or "." for c in row) for row in seat.wall]
        rounds.append(entries)
        scores.append([s.score for s in seats])
        finished = any(all(row) for s in seats for row in s.wall)  # R8.1
        if holder is not None:
            starter = holder  # R6.5
    final = {s.name: s.score + (bonus(s.wall) if finished else 0) for s in seats}
    record: dict[str, Any] = {
        "kind": "game",
        "players": [s.name for s in seats],
        "starts": starts,
        "rounds": rounds,
    }
    winners: list[str] = []
    if finished:
        best = max(final.values())
        tied = [s for s in seats if final[s.name] == best]
        most = max(sum(all(row) for row in s.wall) for s in tied)  # R8.3, D4
        winners = [s.name for s in tied if sum(all(row) for row in s.wall) == most]
        if claims:
            record["claimed"] = {"final": final, "winner": winners}
    else:
        record["finished"] = False
    return SimGame(
        record, scores, final, winners, finished, overflow, unrecorded, unmarked, late, fills
    )


def bonus(wall: list[list[str | None]]) -> int:
    """R8.2: +2 a full row, +7 a full column, +10 a colour with all five tiles."""
    rows = sum(all(row) for row in wall)
    columns = sum(all(wall[r][c] for r in range(5)) for c in range(5))
    colors = sum(sum(row.count(c) for row in wall) == 5 for c in COLORS)
    return 2 * rows + 7 * columns + 10 * colors


def to_yaml(record: dict[str, Any], comment: str = "") -> str:
    """The record as readable YAML: one flow mapping per player and round."""
    width = max(len(n) for n in record["players"])
    out = [f"# {line}" for line in comment.splitlines()]
    out += ["kind: game", f"players: [{', '.join(record['players'])}]"]
    if "starts" in record:
        out.append(f"starts: [{', '.join(record['starts'])}]")
    if "finished" in record:
        out.append(f"finished: {str(record['finished']).lower()}")
    out.append("rounds:")
    for number, entries in enumerate(record["rounds"], start=1):
        out.append(f"  # round {number}")
        for k, (name, entry) in enumerate(entries.items()):
            fields = [
                f"lines: {json.dumps(entry['lines'])}",
                f"floor: {json.dumps(entry['floor'])}",
            ]
            if "wall" in entry:
                fields.append(f"wall: {json.dumps(entry['wall'])}")
            if "claimed" in entry:
                claims = ", ".join(f"{k}: {json.dumps(v)}" for k, v in entry["claimed"].items())
                fields.append(f"claimed: {{{claims}}}")
            lead = "  - " if k == 0 else "    "
            out.append(f"{lead}{name + ':':<{width + 1}} {{{', '.join(fields)}}}")
    if "claimed" in record:
        final = ", ".join(f"{n}: {s}" for n, s in record["claimed"]["final"].items())
        out += ["claimed:", f"  final: {{{final}}}"]
        winners = record["claimed"]["winner"]
        out.append(
            f"  winner: {winners[0] if len(winners) == 1 else '[' + ', '.join(winners) + ']'}"
        )
    return "\n".join(out) + "\n"


def forget_penalty(game: SimGame, name: str, number: int) -> dict[str, Any]:
    """The record as a score pad (scores only) whose keeper forgot one floor penalty of one
    player in one round and went on adding from the wrong total, final and winner included."""
    seat = game.record["players"].index(name)
    rounds = []
    score = 0
    for k, entries in enumerate(game.record["rounds"], start=1):
        copied = {}
        for n, entry in entries.items():
            claimed = {"score": entry["claimed"]["score"]}
            if n == name:
                gained = sum(entry["claimed"]["points"])
                lost = 0 if k == number else entry["claimed"]["penalty"]
                score = max(0, score + gained - lost)
                claimed["score"] = score
            copied[n] = {"lines": entry["lines"], "floor": entry["floor"], "claimed": claimed}
        rounds.append(copied)
    final = dict(game.final)
    final[name] = score + game.final[name] - game.scores[-1][seat]
    best = max(final.values())
    return {
        **game.record,
        "rounds": rounds,
        "claimed": {"final": final, "winner": [n for n, v in final.items() if v == best]},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random", action="store_true", help="draft at random, not carefully")
    parser.add_argument(
        "--forget-penalty",
        metavar="NAME:ROUND",
        help="write the scores as a keeper who forgot that floor penalty would",
    )
    args = parser.parse_args()
    game = play(args.players, args.seed, careful=not args.random)
    record = game.record
    made = f"Made by: python tests/support/simulator.py --players {args.players} --seed {args.seed}"
    made += " --random" if args.random else ""
    about = (
        "A game record: each player's pattern lines and floor at the end of each round's\n"
        "drafting, and what the table claimed: points per placed tile, penalty, score."
    )
    if args.forget_penalty:
        name, number = args.forget_penalty.split(":")
        record = forget_penalty(game, name, int(number))
        made += f" --forget-penalty {args.forget_penalty}"
        about = (
            f"A score pad with a typical slip: the keeper forgot {name}'s floor penalty in round\n"
            f"{number} and added every later round correctly to the wrong total, so the final\n"
            "scores and the winner written at the end are wrong too."
        )
    print(to_yaml(record, f"{about}\n{made}"), end="")


if __name__ == "__main__":
    main()
