"""The lesson behind `explain` and the HTML report: what to say and what to draw, step by step.

`lesson(report)` turns a report into blocks: headings, sentences and pictures. The text and HTML
formatters render the same blocks, so both teach the same thing in the same words.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from scorecheck.core.documents import FinalDocument, GameDocument, RoundDocument
from scorecheck.core.replay import Placement, Tiling
from scorecheck.core.results import FinalResult, PlayerFinal, Report, RoundResult
from scorecheck.core.scoring import (
    Decider,
    EndBonus,
    FloorScore,
    Ranking,
)
from scorecheck.core.tiles import (
    COLOR_BONUS,
    COLUMN_BONUS,
    ROW_BONUS,
    Color,
    FloorItem,
    Marker,
    Variant,
    Wall,
)
from scorecheck.core.violations import Violation, roster
from scorecheck.i18n import ColorWords, color_name
from scorecheck.report.best import BestOrderPicture, best_order_blocks
from scorecheck.report.scorecard import (
    FINAL,
    PENALTY,
    POINTS,
    SCORE,
    Cell,
    Claim,
    Mark,
    Scorecard,
    SheetCell,
    by_position,
    scorecard,
    signed,
)
from scorecheck.report.words import names, say, say_n, tiles


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading: level 1 the document, 2 a round or the end of the game, 3 a player; anchor
    names a round, so that the scorecard's table can point at it."""

    level: int
    text: str
    anchor: str | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer first: OK or NOT OK, who claimed what against the replay, the winner."""

    card: Scorecard


@dataclass(frozen=True, slots=True)
class ClaimNote:
    """A claim shown at the step it concerns: 'Claimed 7 ✗, the replay gives 5.'"""

    claim: Claim

    @property
    def text(self) -> str:
        """The sentence that says it."""
        c = self.claim
        if c.mark is Mark.RIGHT:
            return say("claim_right", claimed=signed(c.claimed))
        if c.replayed is None:
            return say("claim_no_tile", claimed=c.claimed)
        key = "claim_carried" if c.mark is Mark.CARRIED else "claim_wrong"
        return say(key, claimed=signed(c.claimed), replayed=signed(c.replayed))


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of the explanation."""

    text: str


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of cells shown in aligned columns (the ranking)."""

    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class StepPicture:
    """One placement: the wall before and after it, the new tile and its runs (R5)."""

    key: str  # stable and unique in a document: 'r1-p2-s1'
    player: str
    step: int
    before: Wall
    placement: Placement


@dataclass(frozen=True, slots=True)
class Step:
    """One placement told and drawn: what moves (lead), the picture, why it scores (notes,
    with the claim about it); `where` names the round and player, for a printed page."""

    lead: tuple[Sentence, ...]
    picture: StepPicture
    notes: tuple[Sentence | ClaimNote, ...]
    where: str


@dataclass(frozen=True, slots=True)
class FinalWall:
    """One player's end of game told and drawn: the heading, the final wall with what earns
    its bonuses, and the sentences (with the claim) that add them up (R8.2)."""

    heading: Heading
    picture: BonusPicture
    notes: tuple[Sentence | ClaimNote, ...]


@dataclass(frozen=True, slots=True)
class FloorPicture:
    """The floor slot by slot with the cost of each (R6.1)."""

    items: tuple[FloorItem, ...]
    floor: FloorScore


@dataclass(frozen=True, slots=True)
class BonusPicture:
    """A final wall with the rows and columns that earn bonuses (R8.2)."""

    key: str
    player: PlayerFinal


@dataclass(frozen=True, slots=True)
class Problems:
    """The violations, in the order the checker found them, and whether none is an error."""

    violations: tuple[Violation, ...]
    ok: bool


Block = (
    Heading
    | Verdict
    | Step
    | FinalWall
    | ClaimNote
    | Sentence
    | Table
    | StepPicture
    | FloorPicture
    | BonusPicture
    | BestOrderPicture
    | Problems
)

# Spaces where no line should break: inside a sum ('4 + 3 = 7', '−1 −1 −2 = −4'), before an
# operator, before a dash (a Russian line never starts with one) and before a rule cited in
# brackets ('(R4.1)').
SUM_SPACE = re.compile(r"(?<=[\d+=−×→]) (?=[\d+=−×→])| (?=[=+−—] )| (?=\([RD]\d)")
# Before a rule cited in Japanese brackets ('置きます（R4.1）'): a word joiner keeps it on the line.
RULE_JOIN = re.compile(r"(?=（[RD]\d)")


# --- Choosing a player and a round ------------------------------------------------------------


def player_names(report: Report) -> tuple[str, ...]:
    """The players of a report in seat order."""
    if report.rounds:
        return tuple(t.board.name for t in report.rounds[0].tilings)
    if report.final is not None:
        return tuple(p.name for p in report.final.players)
    return ()


def selection_problem(report: Report, player: str | None, round_number: int | None) -> str | None:
    """Why a player or round cannot be picked from a report, or None when it can."""
    if report.unusable:
        return None  # the problems themselves are shown instead
    players = player_names(report)
    if player is not None and player not in players:
        return say("no_player", file=report.file, name=player, players=roster(players))
    if round_number is not None:
        if report.kind != "game":
            return say("round_not_game", file=report.file, kind=report.kind)
        if not 1 <= round_number <= len(report.rounds):
            return say("no_round", file=report.file, number=round_number, count=len(report.rounds))
    return None


def select(report: Report, player: str | None = None, round_number: int | None = None) -> Report:
    """The part of a report about one player and/or one round; the ranking stays whole."""
    rounds = tuple(
        _players_of(r, player) for r in report.rounds if round_number in (None, r.number)
    )
    final = report.final
    if final is not None and round_number in (None, len(report.rounds) or None):
        players = tuple(p for p in final.players if player in (None, p.name))
        final = FinalResult(players, final.ranking, final.ended)
    elif round_number is not None:
        final = None  # the game ends after the last round only (R8.1)
    violations = tuple(
        v
        for v in report.violations
        if player in (None, v.player) or v.player is None
        if round_number in (None, v.round) or v.round is None
    )
    claims = tuple(
        c
        for c in report.claims
        if player in (None, c.player)
        if round_number in (None, c.round) or c.round is None
    )
    return dataclasses.replace(
        report, rounds=rounds, final=final, violations=violations, claims=claims
    )


def _players_of(r: RoundResult, player: str | None) -> RoundResult:
    """A round's tilings of one player (None: all), each with its start wall's maximum."""
    kept = [k for k, t in enumerate(r.tilings) if player in (None, t.board.name)]
    most = tuple(r.most_wall_points[k] for k in kept) if r.most_wall_points else ()
    return RoundResult(
        r.number,
        tuple(r.tilings[k] for k in kept),
        most_wall_points=most,
        standings=r.standings,  # the standings stay whole, as the ranking does
    )


# --- The lesson ---------------------------------------------------------------------------------


def lesson(report: Report) -> tuple[Block, ...]:
    """Everything `explain` says about a report, in order: the verdict and the scorecard
    first, then each step with the claims about it, then the problems in input order."""
    if report.kind is None or report.unusable:
        return (
            Heading(1, say("title_unusable", file=report.file)),
            Sentence(say("unusable")),
            Problems(tuple(by_position(report.violations)), report.ok),
        )
    card = scorecard(report)
    blocks: list[Block] = [
        Heading(1, title(report)),
        Verdict(card),
        Sentence(say(f"intro_{report.kind}")),
        Sentence(say("letters")),
    ]
    rows = {p.name: p.cells for p in card.players} if report.kind == "round" else {}
    written: dict[tuple[int | None, str], SheetCell] = {
        (row.number, name): cell
        for row in card.rounds
        for name, cell in zip(card.seats, row.cells, strict=True)
    }
    for index, r in enumerate(report.rounds, start=1):
        if r.number is not None:
            blocks.append(Heading(2, say("round_heading", number=r.number), f"round-{r.number}"))
        for seat, tiling in enumerate(r.tilings, start=1):
            cells = dict(rows.get(tiling.board.name, {}))
            sheet = written.get((r.number, tiling.board.name))
            if sheet is not None and sheet.written is not None and sheet.mark is not None:
                claim = Claim(sheet.written, sheet.replayed, sheet.mark)
                cells[SCORE] = Cell(sheet.replayed, (claim,))
            blocks += _tiling(tiling, f"r{r.number or index}-p{seat}", cells, r.number)
            if report.kind == "round":  # the most its start wall could have earned (SC125)
                best = best_order_blocks(tiling.board.wall, report.variant, start=True)
                if best is not None:
                    blocks += [Sentence(best[0]), best[1]]
    if report.final is not None:
        finals = {p.name: p.cells.get(FINAL) for p in card.players}
        blocks += _end(report.final, report.kind, finals, card, report.variant)
    blocks.append(Heading(2, say("problems_heading")))
    blocks.append(Problems(tuple(by_position(report.violations)), report.ok))
    return tuple(blocks)


def title(report: Report) -> str:
    """The document's title, saying which round and players it shows when narrowed."""
    shown_round, shown_players = shown(report)
    if shown_round is not None:
        text = say("title_game_round", file=report.file, number=shown_round)
    else:
        text = say(f"title_{report.kind}", file=report.file)
    if shown_players is not None:
        text = say("title_only", title=text, names=names(shown_players))
    return text


def shown(report: Report) -> tuple[int | None, tuple[str, ...] | None]:
    """The round and the players a narrowed report still shows (None: all of them)."""
    doc = report.document
    if isinstance(doc, GameDocument):
        everyone = doc.players
    elif isinstance(doc, RoundDocument):
        everyone = tuple(p.board.name for p in doc.players)
    elif isinstance(doc, FinalDocument):
        everyone = tuple(p.name for p in doc.players)
    else:
        return None, None
    shown_round = None
    if isinstance(doc, GameDocument) and len(doc.rounds) > 1 and len(report.rounds) == 1:
        shown_round = report.rounds[0].number
    players = player_names(report)
    return shown_round, (players if players != everyone else None)


def _claims(cell: Cell | None) -> list[Block]:
    return [ClaimNote(c) for c in cell.claims] if cell is not None else []


def _tiling(t: Tiling, key: str, cells: dict[str, Cell], number: int | None) -> list[Block]:
    name = t.board.name
    where = name if number is None else say("where_round", number=number, name=name)
    blocks: list[Block] = [Heading(3, say_n("player_heading", t.board.score, name=name))]
    if not any(line.is_full for line in t.board.lines):
        blocks.append(Sentence(say("no_full_line")))
    placed = {p.line: p for p in t.placements}
    forfeited = {f.line: f for f in t.forfeits}  # grey wall, R9.2
    points = list(cells[POINTS].claims) if POINTS in cells else []
    before = t.board.wall
    step = 0
    for line in t.board.lines:
        if line.index in placed:
            step += 1
            p = placed[line.index]
            claim = points[step - 1] if step <= len(points) else None
            blocks.append(_placement(p, before, name, step, f"{key}-s{step}", where, claim))
            before = p.wall_after
        elif line.index in t.untiled:
            blocks.append(Sentence(say("line_untiled", line=line.index + 1)))
        elif line.index in forfeited:
            f = forfeited[line.index]
            text = say_n("line_to_floor", f.count, line=f.line + 1, tiles=tiles(f.color, f.count))
            blocks.append(Sentence(text))
        elif line.tiles:
            blocks.append(Sentence(_line_stays(line.index, len(line.tiles), line.color)))
    blocks += [ClaimNote(c) for c in points[step:]]  # tiles claimed that the replay never places
    blocks += _floor(t)
    blocks += _claims(cells.get(PENALTY))
    if len(t.placements) > 1:
        terms = " + ".join(str(p.points) for p in t.placements)
        blocks.append(Sentence(say("wall_points", sum=f"{terms} = {t.wall_points}")))
    if t.to_lid:
        blocks.append(Sentence(say_n("lid_total", t.to_lid)))
    blocks.append(Sentence(say("score_clamped" if t.clamped else "score", text=t.score_text())))
    blocks += _claims(cells.get(SCORE))
    return blocks


def _line_stays(index: int, count: int, color: Color | None) -> str:
    line, capacity = index + 1, index + 1
    if color is None:
        return say_n("line_stays_mixed", count, line=line, capacity=capacity)
    return say(
        "line_stays",
        line=line,
        tiles=tiles(color, count),
        capacity=capacity,
        missing=capacity - count,  # the Japanese says how many are missing
    )


def _placement(
    p: Placement,
    before: Wall,
    player: str,
    step: int,
    key: str,
    where: str,
    claim: Claim | None,
) -> Step:
    s = p.score
    lead = [
        Sentence(
            say_n(
                "step",
                p.line + 1,  # one tile in the line is 'the tile', not 'its rightmost tile'
                step=step,
                line=p.line + 1,
                tiles=tiles(p.color, p.to_lid + 1),
                row=s.row + 1,
                column=s.column + 1,
            )
        )
    ]
    if p.to_lid:
        lead.append(Sentence(say_n("step_lid", p.to_lid)))
    runs = {
        "across": s.horizontal,
        "down": s.vertical,
        "row": s.row + 1,
        "column": s.column + 1,
        "left": s.left + 1,
        "right": s.right + 1,
        "top": s.top + 1,
        "bottom": s.bottom + 1,
        "points": s.points,
        "sum": s.sum_text(),
    }
    if s.horizontal > 1 and s.vertical > 1:
        why = Sentence(say("runs_both", **runs))
    elif s.horizontal > 1:
        why = Sentence(say("runs_across", **runs))
    elif s.vertical > 1:
        why = Sentence(say("runs_down", **runs))
    else:
        why = Sentence(say("runs_lone"))
    notes: tuple[Sentence | ClaimNote, ...] = (why,) if claim is None else (why, ClaimNote(claim))
    return Step(tuple(lead), StepPicture(key, player, step, before, p), notes, where)


def _floor(t: Tiling) -> list[Block]:
    floor = t.floor
    if not floor.entries:
        return [Sentence(say("floor_empty"))]
    blocks: list[Block] = [
        Sentence(say_n("floor", floor.occupied, penalty=floor.sum_text())),
        FloorPicture(t.floor_items, floor),
    ]
    if Marker.FIRST_PLAYER in t.board.floor:  # on a full floor it takes no slot (D1)
        blocks.append(Sentence(say("floor_marker_late" if floor.late_markers else "floor_marker")))
    if floor.overflow:
        blocks.append(Sentence(say_n("floor_overflow", floor.overflow)))
    return blocks


def _end(
    final: FinalResult,
    kind: str,
    finals: dict[str, Cell | None],
    card: Scorecard,
    variant: Variant,
) -> list[Block]:
    blocks: list[Block] = [Heading(2, say("end_heading"))]
    if kind != "final":
        finishers = [p.name for p in final.players if p.bonus.rows]
        if finishers:
            blocks.append(Sentence(say_n("game_ends", len(finishers), names=names(finishers))))
    for seat, p in enumerate(final.players, start=1):
        if p.bonus.points:
            earned = Sentence(say("bonus", earned=describe_bonus(p.bonus), points=p.bonus.points))
        else:
            earned = Sentence(say("no_bonus"))
        total = say("final_score", score=p.score, bonus=p.bonus.points, total=p.final_score)
        notes: list[Sentence | ClaimNote] = [earned, Sentence(total)]
        cell = finals.get(p.name)
        notes += [ClaimNote(c) for c in cell.claims] if cell is not None else []
        blocks.append(
            FinalWall(
                Heading(3, say_n("final_player", p.score, name=p.name)),
                BonusPicture(f"end-p{seat}", p),
                tuple(notes),
            )
        )
        # The most a final document's wall could have earned (a game record's walls were
        # replayed, so their own order is shown already).
        best = best_order_blocks(p.wall, variant) if kind == "final" else None
        if best is not None:
            blocks += [Sentence(best[0]), best[1]]
    ranking = final.ranking
    blocks.append(Heading(2, say("ranking_heading")))
    blocks.append(
        Table(
            tuple(
                (
                    say("place", place=place),
                    s.name,
                    say_n("points", s.score),
                    say_n("complete_rows", s.rows),
                )
                for place, s in zip(ranking.places, ranking.standings, strict=True)
            )
        )
    )
    if not final.ended:  # a final document before the end of the game (R8.1)
        blocks.append(Sentence(say("card_provisional")))
        return blocks
    blocks.append(
        Sentence(
            say_n(
                "winner",
                len(ranking.winners),
                names=names(ranking.winners),
                reason=decider_reason(ranking),
            )
        )
    )
    if card.claimed_winner is not None:
        claimed = names(card.claimed_winner)
        # The sentence before names the winners; this one says only what was claimed.
        text = say(
            "claim_winner_wrong" if card.winner_wrong else "claim_winner_right", claimed=claimed
        )
        blocks.append(Sentence(text))
    return blocks


def describe_bonus(bonus: EndBonus) -> str:
    """What earned each bonus: 'rows 1, 2 (2×2) + column 1 (1×7) + colour blue (1×10)'."""
    listed = say("list")
    colors = ColorWords(listed.join(color_name(c) for c in bonus.colors), bonus.colors)
    parts = [
        say_n(key, count, which=which, points=value)
        for key, count, which, value in (
            ("bonus_rows", len(bonus.rows), listed.join(str(r + 1) for r in bonus.rows), ROW_BONUS),
            (
                "bonus_columns",
                len(bonus.columns),
                listed.join(str(c + 1) for c in bonus.columns),
                COLUMN_BONUS,
            ),
            ("bonus_colors", len(bonus.colors), colors, COLOR_BONUS),  # '{which:many}': «синие»
        )
        if count
    ]
    return " + ".join(parts)


def decider_reason(ranking: Ranking) -> str:
    """Why the winners won, in words (R8.3, D4, D5)."""
    top = ranking.standings[0]
    if ranking.decider is Decider.POINTS:
        return say("reason_points", name=top.name, score=top.score)
    key = "reason_rows" if ranking.decider is Decider.ROWS else "reason_shared"
    if key == "reason_shared" and len(ranking.winners) < len(ranking.tied_on_points):
        key = "reason_rows_shared"  # the tied with the most rows share the victory (D4, D5)
    tied = names(ranking.tied_on_points)
    return say_n(
        key,
        top.score,
        tied=tied,
        winners=names(ranking.winners),
        name=top.name,
        score=top.score,
        rows=top.rows,
    )
