"""The scorecard: who is right, at a glance. Built once from a report, drawn by every output.

`scorecard(report)` sets each claim of the document beside the replayed value and marks it
✓ or ✗ as the checker recorded it (`Report.claims`: no rule is judged again here); the
text, `explain` and HTML outputs render the same value. Game records also get a table of
rounds by players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from scorecheck.core import claimcheck
from scorecheck.core.check import claimed_finals
from scorecheck.core.claimcheck import ClaimCheck
from scorecheck.core.codes import Severity
from scorecheck.core.documents import FinalDocument, GameDocument, RoundDocument
from scorecheck.core.results import Report
from scorecheck.core.scoring import Ranking
from scorecheck.core.violations import Location, Violation


class Mark(Enum):
    """How a claim compares with the replay."""

    RIGHT = "✓"
    WRONG = "✗"
    CARRIED = "(✗)"  # wrong only because an earlier written score was wrong


@dataclass(frozen=True, slots=True)
class Claim:
    """One claimed value beside the replayed one; replayed is None when nothing matches it."""

    claimed: int
    replayed: int | None
    mark: Mark
    line: int | None = None  # tile points: the pattern line the tile came from


@dataclass(frozen=True, slots=True)
class Cell:
    """What a player claimed about one thing (maybe nothing), and what the replay gives."""

    replayed: int | None
    claims: tuple[Claim, ...] = ()

    @property
    def mark(self) -> Mark | None:
        """The worst mark of the claims; None when nothing was claimed."""
        marks = {c.mark for c in self.claims}
        for mark in (Mark.WRONG, Mark.CARRIED, Mark.RIGHT):
            if mark in marks:
                return mark
        return None


# The scorecard's columns, in the order shown.
POINTS, PENALTY, SCORE, BEFORE, BONUS, FINAL = (
    "points",
    "penalty",
    "score",
    "before",
    "bonus",
    "final",
)


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player's line of the scorecard: place (when ranked) and a cell per column."""

    name: str
    place: int | None
    cells: Mapping[str, Cell]


@dataclass(frozen=True, slots=True)
class SheetCell:
    """One player's score after one round of a game record: replayed, and as written down."""

    replayed: int
    written: int | None
    mark: Mark | None


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One round of a game record, a cell per player in seat order."""

    number: int
    cells: tuple[SheetCell, ...]


@dataclass(frozen=True, slots=True)
class Scorecard:
    """The verdict, a row per player, the winner against the claim, and a game's rounds."""

    kind: str | None
    ok: bool
    errors: int
    warnings: int
    notes: int
    columns: tuple[str, ...]
    players: tuple[PlayerRow, ...]
    winners: tuple[str, ...]  # empty when the game has not ended (R8.1)
    claimed_winner: tuple[str, ...] | None
    seats: tuple[str, ...] = ()  # game records: the players of `rounds`, in seat order
    rounds: tuple[SheetRow, ...] = ()
    ranking: Ranking | None = None  # why the winners won (R8.3, D4, D5)
    # The game has not ended (R8.1): a whole game record that stops before the end, or a
    # final document whose walls have no complete row (its places are provisional).
    unfinished: bool = False
    winner_wrong: bool = False  # the table named another winner (SC210, SC212)

    @property
    def has_claims(self) -> bool:
        """True when the document claimed or wrote down anything the scorecard shows."""
        return (
            any(c.claims for p in self.players for c in p.cells.values())
            or any(c.written is not None for r in self.rounds for c in r.cells)
            or self.claimed_winner is not None
        )


def by_position(violations: Iterable[Violation]) -> list[Violation]:
    """Violations in input order (line, then column); unlocated ones last, in their order."""

    def key(v: Violation) -> tuple[bool, int, int]:
        where: Location = v.location
        return (where.line is None, where.line or 0, where.column or 0)

    return sorted(violations, key=key)


def scorecard(report: Report) -> Scorecard:
    """The scorecard of a report (a narrowed report gives the rows it still holds)."""
    counts = Counter(v.severity for v in report.violations)
    wrong = _Checked(report.claims)
    doc = report.document
    rows: list[PlayerRow]
    seats: tuple[str, ...] = ()
    sheet: tuple[SheetRow, ...] = ()
    claimed_winner = doc.winner if doc is not None else None
    if report.kind == "game" and isinstance(doc, GameDocument):
        rows, columns = _game_rows(report, doc, wrong)
        seats = tuple(t.board.name for t in report.rounds[0].tilings) if report.rounds else ()
        sheet = _sheet(report, doc, wrong)
    elif report.kind == "final" or not report.rounds:
        rows, columns = _final_rows(report, doc, wrong)
    else:
        rows, columns = _round_rows(report, doc, wrong)
    final = report.final
    winners = final.winners if final is not None and final.ended else ()
    return Scorecard(
        report.kind,
        report.ok,
        counts[Severity.ERROR],
        counts[Severity.WARNING],
        counts[Severity.INFO],
        columns,
        tuple(rows),
        winners,
        claimed_winner,
        seats,
        sheet,
        report.final.ranking if report.final is not None else None,
        (final is not None and not final.ended)
        or (isinstance(doc, GameDocument) and _unfinished(report, doc)),
        bool(winners) and any(v.code in ("SC210", "SC212") for v in report.violations),
    )


class _Checked:
    """The checker's verdict on each claim (Report.claims), by what, player and round."""

    def __init__(self, claims: Iterable[ClaimCheck]) -> None:
        self.by_claim: dict[tuple[str, str | None, int | None], list[ClaimCheck]] = {}
        for c in claims:
            self.by_claim.setdefault((c.what, c.player, c.round), []).append(c)

    def of(self, what: str, player: str, round_number: int | None) -> list[ClaimCheck]:
        """The claims of that kind about the player in that round, in the order checked."""
        return self.by_claim.get((what, player, round_number), [])

    def wrong(self, what: str, player: str, round_number: int | None) -> bool:
        """True when the checker found such a claim wrong."""
        return any(c.code is not None for c in self.of(what, player, round_number))

    def final_wrong(self, player: str) -> bool:
        """True when the player's claimed final score is wrong (SC209), in whatever round."""
        return any(
            c.code is not None
            for (what, name, _), checks in self.by_claim.items()
            if what == claimcheck.FINAL and name == player
            for c in checks
        )


def signed(value: int) -> str:
    """A number as people write it, with a real minus sign: '−8'."""
    return f"−{-value}" if value < 0 else str(value)


def _mark(wrong: bool) -> Mark:
    return Mark.WRONG if wrong else Mark.RIGHT


def _round_rows(
    report: Report, doc: object, wrong: _Checked
) -> tuple[list[PlayerRow], tuple[str, ...]]:
    """A round document: each tile's points, the floor penalty, the score after it, and the
    final score when the round ends the game (R5, R6, R8)."""
    claims = {p.board.name: p.claims for p in doc.players} if isinstance(doc, RoundDocument) else {}
    finals = {p.name: p for p in report.final.players} if report.final is not None else {}
    rows = []
    columns = {SCORE}
    for r in report.rounds:
        for t in r.tilings:
            name, said = t.board.name, claims.get(t.board.name)
            cells = {SCORE: Cell(t.score_after)}
            if said is not None and said.points is not None:
                points = tuple(
                    Claim(c.claimed, c.replayed, _mark(c.code is not None), c.line)
                    for c in wrong.of(claimcheck.POINTS, name, r.number)
                )
                cells[POINTS] = Cell(t.wall_points, points)
            if said is not None and said.penalty is not None:
                bad = wrong.wrong(claimcheck.PENALTY, name, r.number)
                claim = Claim(-abs(said.penalty), -t.floor.penalty, _mark(bad))
                cells[PENALTY] = Cell(-t.floor.penalty, (claim,))
            if said is not None and said.score is not None:
                bad = wrong.wrong(claimcheck.SCORE, name, r.number)
                cells[SCORE] = Cell(t.score_after, (Claim(said.score, t.score_after, _mark(bad)),))
            if name in finals:
                final = finals[name].final_score
                claimed_final = said.final if said is not None else None
                cells[FINAL] = _final_cell(final, claimed_final, wrong.final_wrong(name))
            columns.update(cells)
            rows.append(PlayerRow(name, None, cells))
    order = (POINTS, PENALTY, SCORE, FINAL)
    return rows, tuple(c for c in order if c in columns)


def _final_cell(replayed: int, claimed: int | None, bad: bool) -> Cell:
    if claimed is None:
        return Cell(replayed)
    return Cell(replayed, (Claim(claimed, replayed, _mark(bad)),))


def _standings(
    report: Report, claimed: Mapping[str, int | None], wrong: _Checked
) -> tuple[list[PlayerRow], tuple[str, ...]]:
    """Rows in the order of the ranking, each with its place, the score before the bonuses,
    the bonuses and the final score beside its claim (R8.2, R8.3)."""
    assert report.final is not None
    players = {p.name: p for p in report.final.players}
    rows = []
    for place, s in zip(report.final.ranking.places, report.final.ranking.standings, strict=True):
        p = players.get(s.name)
        if p is None:
            continue  # narrowed to other players
        final = _final_cell(p.final_score, claimed.get(p.name), wrong.final_wrong(p.name))
        cells = {BEFORE: Cell(p.score), BONUS: Cell(p.bonus.points), FINAL: final}
        rows.append(PlayerRow(p.name, place, cells))
    return rows, (BEFORE, BONUS, FINAL)


def _final_rows(
    report: Report, doc: object, wrong: _Checked
) -> tuple[list[PlayerRow], tuple[str, ...]]:
    """A final document: score before the bonuses, the bonuses, the final score (R8.2)."""
    if report.final is None:
        return [], ()
    claimed = (
        {p.name: p.claimed_final for p in doc.players} if isinstance(doc, FinalDocument) else {}
    )
    return _standings(report, claimed, wrong)


def _game_rows(
    report: Report, doc: GameDocument, wrong: _Checked
) -> tuple[list[PlayerRow], tuple[str, ...]]:
    """A game record: the final standings after the bonuses, or where an unfinished record
    leaves the players (R8.1)."""
    if report.final is None:
        order = report.rounds[-1].standings if report.rounds else None
        if order is None:
            return [], ()
        by_name = {t.board.name: t for t in report.rounds[-1].tilings}
        whole = _unfinished(report, doc)  # places only where every player and round is shown
        return [
            PlayerRow(s.name, place if whole else None, {SCORE: Cell(by_name[s.name].score_after)})
            for place, s in zip(order.places, order.standings, strict=True)
            if s.name in by_name  # the players shown
        ], (SCORE,)
    last = report.ended_after_round or len(doc.rounds)
    claimed = dict(zip(doc.players, (c for c, _ in claimed_finals(doc, last)), strict=True))
    return _standings(report, claimed, wrong)


def _unfinished(report: Report, doc: GameDocument) -> bool:
    """True when a whole record (not a narrowed page of one) stops before the end (R8.1)."""
    shown = tuple(t.board.name for t in report.rounds[0].tilings) if report.rounds else ()
    return report.final is None and len(report.rounds) == len(doc.rounds) and shown == doc.players


def _sheet(report: Report, doc: GameDocument, wrong: _Checked) -> tuple[SheetRow, ...]:
    """Each round's score per player, replayed beside what the record wrote down; the first
    wrong one ✗, those that only carry it forward (✗) (SC204, SC304, SC305)."""
    seat_of = {name: seat for seat, name in enumerate(doc.players)}
    rows = []
    for r in report.rounds:
        if r.number is None:
            continue
        entries = doc.rounds[r.number - 1]
        cells = []
        for t in r.tilings:
            name = t.board.name
            entry = entries[seat_of[name]]
            written = entry.claims.score if entry.claims.score is not None else entry.score
            mark = None
            if written is not None:
                codes = {
                    c.code
                    for what in (claimcheck.SCORE, claimcheck.RECORDED)
                    for c in wrong.of(what, name, r.number)
                    if c.claimed == written
                }
                if "SC305" in codes:
                    mark = Mark.CARRIED
                elif codes & {"SC204", "SC304"}:
                    mark = Mark.WRONG
                else:
                    mark = Mark.RIGHT
            cells.append(SheetCell(t.score_after, written, mark))
        rows.append(SheetRow(r.number, tuple(cells)))
    return tuple(rows)
