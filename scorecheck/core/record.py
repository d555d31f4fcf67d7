"""A game record judged as a whole: what no single round shows on its own.

Continuity between rounds (R4.2), recorded scores and walls with mistakes carried forward,
the end of the game (R8.1), the tile supply of factories, bag and lid (R1.2, R7) and the
first-player marker (R3.2, R6.5). The checker replays each round; this module reads the
replayed rounds side by side and reports through the checker's `add`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorecheck.core.claimcheck import RECORDED, SCORE, ClaimCheck
from scorecheck.core.documents import GameDocument, GameEntry
from scorecheck.core.limits import MAX_PLAYERS, MIN_PLAYERS
from scorecheck.core.replay import Tiling
from scorecheck.core.scoring import Ranking, Standing, game_ends, rank
from scorecheck.core.tiles import (
    COLORS,
    FLOOR_SLOTS,
    SIZE,
    TILES_PER_COLOR,
    Color,
    Marker,
    PatternLine,
    Wall,
)
from scorecheck.core.violations import Path, Phrase, cell_phrase, series

TILES_PER_FACTORY = 4  # R1.2
FACTORIES = {2: 5, 3: 7, 4: 9}  # R1.2
ALL_TILES = TILES_PER_COLOR * len(COLORS)  # R1.1


class AddViolation(Protocol):
    """The checker's way to record a violation at a path of the document."""

    def __call__(
        self,
        code: str,
        path: Path,
        player: str | None = None,
        round_number: int | None = None,
        **args: object,
    ) -> None:
        """Record one violation."""


@dataclass(frozen=True, slots=True)
class RoundSupply:
    """Where a round's tiles came from (R1.2, R7.1) and how many of them the record shows.

    `expected`, `bag` and `lid` are None when they cannot be known: a player count outside
    2..4, or an earlier round whose tiles did not add up.
    """

    recorded: int  # new tiles in pattern lines plus floor tiles, all players together
    expected: int | None  # tiles laid out on the factories (R1.2, R7.1)
    bag: int | None  # tiles in the bag before the factories were filled
    lid: int | None  # tiles in the lid then
    poured: bool = False  # the lid was poured into the bag to fill the factories (R7.1)


@dataclass(frozen=True, slots=True)
class RecordJudgement:
    """What reading the record as a whole found besides violations."""

    supplies: tuple[RoundSupply, ...]
    end_round: int | None  # the round (from 1) whose tiling completed a wall row (R8.1)


def judge_record(
    doc: GameDocument,
    rounds: Sequence[Sequence[Tiling]],
    add: AddViolation,
    checked: list[ClaimCheck] | None = None,
) -> RecordJudgement:
    """Check a replayed game record as a whole; `rounds` holds each round's tilings, in seats.
    Each score claimed or recorded goes to `checked`, when given."""
    count = len(doc.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        add("SC301", ("players",), count=count)
    _check_continuity(doc, rounds, add)
    _check_scores(doc, rounds, add, [] if checked is None else checked)
    _check_walls(doc, rounds, add)
    supplies = _check_supply(doc, rounds, add)
    _check_marker(doc, rounds, add)
    end_round = _check_end(doc, rounds, add)
    return RecordJudgement(supplies, end_round)


def carried_lines(
    rounds: Sequence[Sequence[Tiling]], index: int, seat: int
) -> tuple[PatternLine, ...]:
    """A player's pattern lines at the start of a round: what the round before left (R4.2)."""
    if index == 0:
        return tuple(PatternLine(i) for i in range(SIZE))
    return rounds[index - 1][seat].lines_after


def _amount(line: PatternLine) -> Phrase:
    """'2 blue', 'nothing', as a phrase counted for languages with plural forms."""
    if not line.tiles:
        return Phrase("nothing")
    count = len(line.tiles)
    return Phrase("{count} {colors}", {"colors": line.colors}, many="{count} {colors}", count=count)


# --- Continuity (R4.2) ---------------------------------------------------------------------------


def _check_continuity(
    doc: GameDocument, rounds: Sequence[Sequence[Tiling]], add: AddViolation
) -> None:
    """An incomplete line carries into the next round unchanged or grown, same colour (R4.2).

    A line that was tiled starts the next round empty, so whatever it holds then is new; that
    it cannot take its old colour again is R3.4 (SC103), checked on every board.
    """
    for index in range(1, len(rounds)):
        entries = doc.rounds[index]
        for seat, tiling in enumerate(rounds[index]):
            kept = carried_lines(rounds, index, seat)
            for before, now in zip(kept, tiling.board.lines, strict=True):
                color = before.color
                if color is None or len(now.colors) > 1:
                    continue  # nothing kept, or two colours in one line (SC102)
                args = {
                    "line": before.index + 1,
                    "before": _amount(before),
                    "now": _amount(now),
                    "previous": index,
                    "round": index + 1,
                }
                path = entries[seat].origin + ("lines", before.index)
                name = tiling.board.name
                if now.color not in (None, color):
                    add("SC303", path, name, index + 1, **args)
                elif len(now.tiles) < len(before.tiles):
                    add("SC302", path, name, index + 1, **args)


# --- Recorded scores and walls, and mistakes carried forward ---------------------------------


def _carry(score: int, tilings: Sequence[Tiling]) -> int:
    """A score counted on through rounds with the replayed gains and losses (R6.4, D2)."""
    for t in tilings:
        score = max(0, score + t.wall_points - t.floor.penalty)
    return score


def _gains_text(tilings: Sequence[Tiling]) -> str:
    """What the replay adds over rounds: '4 − 0', or '(4 − 0) + (2 − 1)' over two rounds."""
    terms = [f"{t.wall_points} − {t.floor.penalty}" for t in tilings]
    return terms[0] if len(terms) == 1 else " + ".join(f"({term})" for term in terms)


def _check_scores(
    doc: GameDocument,
    rounds: Sequence[Sequence[Tiling]],
    add: AddViolation,
    checked: list[ClaimCheck],
) -> None:
    """Claimed and recorded scores against the replay (R5, R6.4).

    A score that is wrong only because an earlier written score was wrong (counted on from
    that one, this round's gain and loss are right) repeats the mistake: a warning, so that one
    slip is one error.
    """
    for seat, name in enumerate(doc.players):
        last: tuple[int, int] | None = None  # (round index, score) last written down
        since: int | None = None  # round (from 1) of the mistake that score carries
        for index, tilings in enumerate(rounds):
            entry, tiling = doc.rounds[index][seat], tilings[seat]
            actual = tiling.score_after
            written = [
                (value, code, path, what, kind)
                for value, code, path, what, kind in (
                    (
                        entry.claims.score,
                        "SC204",
                        ("claimed", "score"),
                        Phrase("the claimed score"),
                        SCORE,
                    ),
                    (entry.score, "SC304", ("score",), Phrase("the recorded score"), RECORDED),
                )
                if value is not None
            ]
            origin = since
            for k, (value, code, path, what, kind) in enumerate(written):
                at = entry.origin + path
                if value == actual:
                    if k == 0:
                        origin = None
                    checked.append(ClaimCheck(kind, name, index + 1, value, actual, None))
                    continue
                base = None if origin is None else last  # the written score counted on from
                if base is not None:
                    between = [t[seat] for t in rounds[base[0] + 1 : index + 1]]
                    carried = _carry(base[1], between)
                    counted: dict[str, object] = {
                        "what": what,
                        "recorded": value,
                        "round": index + 1,
                        "base": base[1],
                        "base_round": base[0] + 1,
                        "actual": actual,
                    }
                    if value == carried:  # right when counted on: the mistake carried
                        add("SC305", at, name, index + 1, since=origin, **counted)
                        checked.append(ClaimCheck(kind, name, index + 1, value, actual, "SC305"))
                        continue
                if k == 0:
                    origin = index + 1
                if base is not None and since is not None:
                    # Wrong on its own as well: say what this round added, not the total.
                    counted.update(
                        added=value - base[1],
                        gain=carried - base[1],
                        explanation=_gains_text(between),
                    )
                    add("SC113", at, name, index + 1, since=since, **counted)
                    checked.append(ClaimCheck(kind, name, index + 1, value, actual, "SC113"))
                    continue
                args = {"actual": actual, "explanation": tiling.score_text()}
                if code == "SC204":
                    add(code, at, name, index + 1, claimed=value, **args)
                else:
                    add(code, at, name, index + 1, recorded=value, round=index + 1, **args)
                checked.append(ClaimCheck(kind, name, index + 1, value, actual, code))
            if written:
                last, since = (index, written[0][0]), origin


def _color_word(cell: Color | None) -> object:
    return Phrase("empty") if cell is None else cell


def differing_cells(cells: Sequence[tuple[int, int]], recorded: Wall, replayed: Wall) -> object:
    """Cells where a written wall and the replay differ, each with both values."""
    return series(
        [
            Phrase(
                "{cell} (recorded {recorded}, replay {replayed})",
                {
                    "cell": cell_phrase(r, c),
                    "recorded": _color_word(recorded.at(r, c)),
                    "replayed": _color_word(replayed.at(r, c)),
                },
            )
            for r, c in cells
        ],
        ";",
    )


# Cells where a written wall differed from the replay: (what it wrote, the round it did).
WrongCells = dict[tuple[int, int], tuple[Color | None, int]]


def wall_differences(
    written: Wall, replayed: Wall, wrong: WrongCells, number: int
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], WrongCells]:
    """Where a wall written after round `number` differs from the replay: cells wrong anew,
    cells that copy the mistake the wall written before made there, and the wrong cells to
    carry on, each with the round of its first mistake."""
    new, copied = [], []
    still_wrong: WrongCells = {}
    for r in range(SIZE):
        for c in range(SIZE):
            cell = written.at(r, c)
            if cell == replayed.at(r, c):
                continue
            before = wrong.get((r, c))
            if before is not None and before[0] == cell:
                copied.append((r, c))
                still_wrong[r, c] = before
            else:
                new.append((r, c))
                still_wrong[r, c] = (cell, number)
    return new, copied, still_wrong


def _check_walls(doc: GameDocument, rounds: Sequence[Sequence[Tiling]], add: AddViolation) -> None:
    """Walls written in the record against the replay (R4.1); a copied mistake is a warning."""
    for seat, name in enumerate(doc.players):
        wrong: WrongCells = {}
        for index, tilings in enumerate(rounds):
            entry = doc.rounds[index][seat]
            recorded, replayed = entry.wall, tilings[seat].wall_after
            if recorded is None:
                continue
            new, copied, wrong = wall_differences(recorded, replayed, wrong, index + 1)
            # New differences are the error; cells only copied from an earlier wrong wall
            # repeat that mistake.
            cells = new or copied
            if cells:
                r, c = cells[0]
                extra = {} if new else {"since": min(wrong[cell][1] for cell in copied)}
                add(
                    "SC306" if new else "SC307",
                    entry.origin + ("wall", r, c),
                    name,
                    index + 1,
                    round=index + 1,
                    cells=differing_cells(cells, recorded, replayed),
                    **extra,
                )


# --- Tile supply (R1.2, R7) ----------------------------------------------------------------------


def new_tiles(lines: Sequence[PatternLine], kept: Sequence[PatternLine]) -> list[Color]:
    """Tiles in pattern lines that were not there when the round began (R4.2)."""
    tiles: list[Color] = []
    for now, before in zip(lines, kept, strict=True):
        if now.tiles[: len(before.tiles)] == before.tiles:  # the usual case: grown or kept
            tiles += now.tiles[len(before.tiles) :]
        else:
            tiles += (Counter(now.tiles) - Counter(before.tiles)).elements()
    return tiles


def _kept_after(tiling: Tiling, kept: Sequence[PatternLine]) -> tuple[PatternLine, ...]:
    """The lines a board keeps into the next round, for counting tiles (R4.1, R4.2, R9.2).

    A line written shorter than it was keeps its old tiles here (the slip is SC302), so the
    same tiles are not counted as new again when the record writes them back.
    """
    kept_after = []
    for written, before, after in zip(tiling.board.lines, kept, tiling.lines_after, strict=True):
        shrank = written.color in (None, before.color) and len(written.tiles) < len(before.tiles)
        kept_after.append(before if shrank else after)
    return tuple(kept_after)


def _wall_counts(walls: Sequence[Wall]) -> Counter[Color]:
    return Counter(cell for wall in walls for cell in wall.cells if cell is not None)


@dataclass(slots=True)
class _Bag:
    """The bag's size and the colours known to be in the lid, between rounds (R7).

    Totals follow from the rules alone: the factories are filled whenever the bag, then the
    lid, allows (R7.1), and between rounds every tile is on a wall, in a pattern line, in the
    bag or in the lid. Colours in the lid are known from the record's discards: a lower bound
    when floor tiles went unrecorded (R6.3).
    """

    size: int = ALL_TILES
    lid_colors: Counter[Color] = field(default_factory=Counter)


def _check_supply(
    doc: GameDocument, rounds: Sequence[Sequence[Tiling]], add: AddViolation
) -> tuple[RoundSupply, ...]:
    """Tiles coming into play per round against factories, bag and lid (R1.2, R7)."""
    players = len(doc.players)
    factories = FACTORIES.get(players)
    capacity = None if factories is None else factories * TILES_PER_FACTORY
    bag = None if capacity is None else _Bag()  # None once the record stops adding up
    kept = [tuple(PatternLine(i) for i in range(SIZE)) for _ in doc.players]
    supplies = []
    for index, tilings in enumerate(rounds):
        number = index + 1
        at: Path = ("rounds", index)
        kept_counts = Counter(t for lines in kept for line in lines for t in line.tiles)
        walls = _wall_counts([t.board.wall for t in tilings])
        drafted: list[Color] = []
        for tiling, lines in zip(tilings, kept, strict=True):
            drafted += new_tiles(tiling.board.lines, lines)
            drafted += (i for i in tiling.board.floor if isinstance(i, Color))
        new = Counter(drafted)
        recorded = sum(new.values())
        outside = ALL_TILES - sum(walls.values()) - sum(kept_counts.values())
        supply = RoundSupply(recorded, None, None, None)
        consistent = True
        if capacity is not None and recorded > capacity:
            add(
                "SC312",
                at,
                None,
                number,
                count=recorded,
                round=number,
                factories=factories,
                players=players,
                capacity=capacity,
            )
            consistent = False
        if bag is not None and not 0 <= bag.size <= outside:
            bag = None  # more tiles in play than the bag and lid could have held before
        if bag is not None and capacity is not None:
            supply = _fill(bag.size, capacity, outside, recorded)
            lid = Counter() if supply.poured else bag.lid_colors
            # More than the bag and lid held means some colour is over 20 (SC105).
            consistent = consistent and recorded <= min(capacity, outside)
            if consistent:
                if doc.all_tiles:  # a hand-made record may leave tiles out (tiles: some)
                    _check_missing(add, supply, tilings, number)
                consistent = _check_colors(
                    add, tilings, new, walls, kept_counts, lid, supply, number
                )
            bag.size = (outside if supply.poured else bag.size) - min(capacity, outside)
            bag.lid_colors = lid + _discards(tilings)
        if not consistent:
            bag = None
        supplies.append(supply)
        kept = [_kept_after(t, lines) for t, lines in zip(tilings, kept, strict=True)]
    return tuple(supplies)


def _fill(bag: int, capacity: int, outside: int, recorded: int) -> RoundSupply:
    """How the factories were filled: from the bag, then from the lid poured into it (R7.1)."""
    poured = bag < capacity
    return RoundSupply(recorded, min(capacity, outside), bag, outside - bag, poured)


def _check_missing(
    add: AddViolation, supply: RoundSupply, tilings: Sequence[Tiling], number: int
) -> None:
    """Fewer tiles than the factories held: some went unrecorded (R7.1, R6.3)."""
    at: Path = ("rounds", number - 1)
    expected = supply.expected or 0
    if supply.recorded < expected:
        if not supply.recorded:  # a round not filled in yet, as one just added on the page
            came = Phrase("no tile came into play")
            missing = Phrase("none of them is in the record")
            why = Phrase("write in each board's pattern lines and floor for this round")
        else:
            came = Phrase(
                "{count} tile came into play",
                many="{count} tiles came into play",
                count=supply.recorded,
            )
            missing = Phrase(
                "{count} of them is not in the record",
                many="{count} of them are not in the record",
                count=expected - supply.recorded,
            )
            if any(len(t.board.floor) >= FLOOR_SLOTS for t in tilings):
                why = Phrase(
                    "tiles beyond the 7th floor slot go to the lid and may go unrecorded (R6.3)"
                )
            else:
                why = Phrase("no floor is full, so floor overflow (R6.3) cannot explain them")
        add(
            "SC314",
            at,
            None,
            number,
            came=came,
            round=number,
            expected=expected,
            missing=missing,
            why=why,
        )


def _discards(tilings: Sequence[Tiling]) -> Counter[Color]:
    """Tiles of known colour that went to the lid at the end of a round (R4.1, R6.5, R9.2)."""
    lid: Counter[Color] = Counter()
    for t in tilings:
        for p in t.placements:
            lid[p.color] += p.to_lid
        lid.update(i for i in t.floor_items if isinstance(i, Color))
    return lid


def _on_boards(tilings: Sequence[Tiling], color: Color) -> int:
    """Tiles of a colour on walls, lines and floors at the end of drafting, as SC105 counts."""
    return sum(
        t.board.wall.count(color)
        + sum(line.tiles.count(color) for line in t.board.lines)
        + t.board.floor.count(color)
        for t in tilings
    )


def _check_colors(
    add: AddViolation,
    tilings: Sequence[Tiling],
    new: Counter[Color],
    walls: Counter[Color],
    kept: Counter[Color],
    lid: Counter[Color],
    supply: RoundSupply,
    number: int,
) -> bool:
    """Of each colour no more new tiles than the bag could give (R1.1, R7.1, R7.2)."""
    at: Path = ("rounds", number - 1)
    ok = True
    for color in COLORS:
        limit = TILES_PER_COLOR - walls[color] - kept[color] - lid[color]
        if new[color] <= limit:
            continue
        ok = False
        if _on_boards(tilings, color) > TILES_PER_COLOR:
            continue  # more than exist at all: SC105 says so
        counts = {"walls": walls[color], "kept": kept[color], "lid": lid[color], "bag": supply.bag}
        reason = (
            Phrase("20 minus {walls} on walls and {kept} kept in pattern lines", counts)
            if supply.poured
            else Phrase(
                "20 minus {walls} on walls and {kept} kept in pattern lines and {lid} known to "
                "be in the lid, which stays out of the bag while the bag holds enough ({bag})",
                counts,
            )
        )
        add(
            "SC313",
            at,
            None,
            number,
            came=Phrase(
                "{count} {color} tile came into play",
                {"color": color},
                many="{count} {color} tiles came into play",
                count=new[color],
            ),
            round=number,
            limit=max(0, limit),
            reason=reason,
        )
    return ok


# --- First-player marker (R3.2, R6.5) -----------------------------------------------------------


def marker_holders(entries: Sequence[GameEntry], names: Sequence[str]) -> list[str]:
    """Who has the first-player marker on their floor in a round."""
    return [n for n, e in zip(names, entries, strict=True) if Marker.FIRST_PLAYER in e.floor]


def _check_marker(doc: GameDocument, rounds: Sequence[Sequence[Tiling]], add: AddViolation) -> None:
    """Somebody takes the marker each round (R3.2); its holder starts the next one (R6.5).

    Two holders are SC106, checked on every round's boards.
    """
    holders = [marker_holders(entries, doc.players) for entries in doc.rounds]
    for index, names in enumerate(holders):
        if not names:
            add("SC315", ("rounds", index), None, index + 1, round=index + 1)
    if doc.starts is None:
        return
    if len(doc.starts) != len(rounds):
        add(
            "SC317",
            ("starts",),
            None,
            None,
            players=Phrase(
                "{count} starting player", many="{count} starting players", count=len(doc.starts)
            ),
            rounds=Phrase("{count} round", many="{count} rounds", count=len(rounds)),
        )
    for index in range(1, min(len(doc.starts), len(rounds))):
        previous = holders[index - 1]
        name = doc.starts[index]
        if len(previous) == 1 and name != previous[0]:
            add(
                "SC316",
                ("starts", index),
                name,
                index + 1,
                name=name,
                round=index + 1,
                holder=previous[0],
                previous=index,
            )


# --- End of the game (R8.1) ----------------------------------------------------------------------


def completed_rows(tilings: Sequence[Tiling]) -> object:
    """Who has complete wall rows after a round, as a phrase: 'Anna row 1; Boris rows 1, 2'."""
    parts = []
    for t in tilings:
        rows = t.wall_after.complete_rows()
        if rows:
            fields = {"name": t.board.name, "rows": series([r + 1 for r in rows])}
            parts.append(
                Phrase("{name} row {rows}", fields, many="{name} rows {rows}", count=len(rows))
            )
    return series(parts, ";")


def standings(tilings: Sequence[Tiling]) -> Ranking:
    """Where a record that stops before the end leaves the players: scores only, no bonuses
    and no tie-break, since the game has not ended (R8.1)."""
    return rank(Standing(t.board.name, t.score_after, 0) for t in tilings)


def ending_round(rounds: Sequence[Sequence[Tiling]]) -> int | None:
    """The round (from 1) whose tiling completed a wall row, which ends the game (R8.1)."""
    for number, tilings in enumerate(rounds, start=1):
        if game_ends(t.wall_after.mask for t in tilings):
            return number
    return None


def _check_end(
    doc: GameDocument, rounds: Sequence[Sequence[Tiling]], add: AddViolation
) -> int | None:
    """The game ends after the round that completes a wall row (R8.1), and only then."""
    number = ending_round(rounds)
    end = None if number is None else number - 1
    if end is not None:
        who = Phrase("these wall rows were complete: {rows}", {"rows": completed_rows(rounds[end])})
        if end + 1 < len(rounds):
            add(
                "SC308",
                ("rounds", end + 1),
                None,
                end + 2,
                ended=end + 1,
                who=who,
                extra=Phrase(
                    "{count} more round, which does not count",
                    many="{count} more rounds, which do not count",
                    count=len(rounds) - end - 1,
                ),
            )
        if doc.finished is False:
            add("SC311", ("finished",), None, end + 1, ended=end + 1, who=who)
        return end + 1
    last = len(rounds)
    if doc.finished is False:
        add("SC310", ("finished",), None, last or None, round=last)
    else:
        declared = Phrase(" although the record says finished: true") if doc.finished else ""
        add("SC309", ("rounds",), None, last or None, round=last, declared=declared)
    return None
