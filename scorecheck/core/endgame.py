"""The end of the game: bonuses, final scores, the ranking and their claims (R8, D4, D5)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from scorecheck.core.claimcheck import FINAL
from scorecheck.core.collector import ViolationCollector
from scorecheck.core.maximum import most_wall_points
from scorecheck.core.results import FinalResult, PlayerFinal
from scorecheck.core.scoring import Decider, EndBonus, Ranking, Standing, game_ends, rank
from scorecheck.core.tiles import Wall
from scorecheck.core.violations import Path, Phrase, quoted, roster


def end_of_game(
    collector: ViolationCollector,
    names: Sequence[str],
    scores: Sequence[int],
    walls: Sequence[Wall],
    claimed_finals: Sequence[tuple[int | None, Path]],
    claimed_winner: tuple[str, ...] | None,
    round_number: int | None,
    force: bool = False,
    most: Sequence[int] | None = None,
) -> FinalResult | None:
    """Bonuses, ranking and their claims when some wall row is complete (R8), a claimed
    final above what the wall could have earned with them (SC215) among them; `most` gives
    each wall's maximum when the caller has it (final_result)."""
    reached = game_ends(w.mask for w in walls)
    if not (force or reached):
        for (claimed, path), name in zip(claimed_finals, names, strict=True):
            if claimed is not None:
                collector.add("SC211", path, name, round_number, what=Phrase("a final score"))
        if claimed_winner is not None:
            collector.add(
                "SC211", ("claimed", "winner"), None, round_number, what=Phrase("a winner")
            )
        return None
    result = final_result(names, scores, walls, most)
    if not reached:
        result = replace(result, ended=False)  # forced: a final document the game has not reached
    players, ranking = result.players, result.ranking
    for p, (claimed, path) in zip(players, claimed_finals, strict=True):
        highest = p.bonus.added_to(p.most_wall_points)  # the most this wall could end on
        if claimed is not None and claimed > highest:
            collector.add(
                "SC215",
                path,
                p.name,
                round_number,
                name=p.name,
                claimed=claimed,
                most=highest,
                explanation=f"{p.most_wall_points} + {p.bonus.terms_text()} = {highest}",
                gap=claimed - highest,
            )
        if claimed is not None:
            code = "SC209" if claimed != p.final_score else None
            collector.claim(
                FINAL,
                p.name,
                round_number,
                claimed,
                p.final_score,
                code,
                path,
                _final_args,
                claimed,
                p,
            )
    if claimed_winner is not None:
        _check_claimed_winner(collector, claimed_winner, ranking, names, round_number)
    return result


def _final_args(claimed: int, player: PlayerFinal) -> dict[str, object]:
    """SC209's arguments: a claimed final score against the score with its bonuses (R8.2)."""
    explanation = f"{player.score} + {player.bonus.terms_text()} = {player.final_score}"
    return {"claimed": claimed, "actual": player.final_score, "explanation": explanation}


def final_result(
    names: Sequence[str],
    scores: Sequence[int],
    walls: Sequence[Wall],
    most: Sequence[int] | None = None,
) -> FinalResult:
    """Each player's bonuses and total, and the ranking (R8.2, R8.3); `most` is each wall's
    most_wall_points where the caller found it already."""
    if most is None:
        most = [most_wall_points(w.mask) for w in walls]
    return ranked(
        [
            PlayerFinal(n, s, EndBonus.of(w), w, m)
            for n, s, w, m in zip(names, scores, walls, most, strict=True)
        ]
    )


def ranked(players: Sequence[PlayerFinal]) -> FinalResult:
    """The end of the game from each player's bonus: ranked by total, then complete rows (R8.3)."""
    return FinalResult(tuple(players), ranking((p.name, p.score, p.bonus) for p in players))


def ranking(players: Iterable[tuple[str, int, EndBonus]]) -> Ranking:
    """The ranking of players given as name, score before the bonuses and bonus (R8.2, R8.3,
    D4, D5): the end-of-game step the checker and the plain-round path share."""
    return rank([standing(name, score, bonus) for name, score, bonus in players])


def standing(name: str, score: int, bonus: EndBonus) -> Standing:
    """A player as the ranking sees them: the score with the bonus (R8.2), then the complete
    rows that part players tied on it (R8.3, D4)."""
    return Standing(name, bonus.added_to(score), len(bonus.rows))


def _check_claimed_winner(
    collector: ViolationCollector,
    claimed: tuple[str, ...],
    ranking: Ranking,
    names: Sequence[str],
    round_number: int | None,
) -> None:
    path: Path = ("claimed", "winner")
    for name in dict.fromkeys(n for i, n in enumerate(claimed) if n in claimed[:i]):
        collector.add("SC213", path, None, round_number, name=name)
    unknown = [n for n in claimed if n not in names]
    for n in unknown:
        collector.add(
            "SC212",
            path,
            None,
            round_number,
            name=quoted(n),
            suggestion=_closest_name(n, names),
            players=roster(names),
        )
    if unknown or set(claimed) == set(ranking.winners):
        return
    collector.add(
        "SC210",
        path,
        None,
        round_number,
        claimed=tuple(claimed),
        actual=ranking.winners,
        reason=decider_reason(ranking),
    )


def _closest_name(name: str, names: Sequence[str]) -> Phrase | str:
    """ "; did you mean 'Ivan'?" for 'ivan' or 'Ivna' among the players, else nothing."""
    import difflib  # only when a claimed winner is no player: not on every start

    same = [n for n in names if n.casefold() == name.casefold()]
    close = same or difflib.get_close_matches(name, list(names), n=1, cutoff=0.6)
    if not close:
        return ""
    return Phrase("; did you mean {name}?", {"name": quoted(close[0])})


def decider_reason(ranking: Ranking) -> Phrase:
    """Why the winners won, in words to be translated (R8.3, D4, D5)."""
    top = ranking.standings[0]
    fields = {
        "name": top.name,
        "score": top.score,
        "tied": ranking.tied_on_points,
        "winners": ranking.winners,
        "rows": top.rows,
    }
    if ranking.decider is Decider.POINTS:
        return Phrase("{name} has the highest total, {score}", fields)
    if ranking.decider is Decider.ROWS:
        return Phrase(
            "{tied} are tied on {score}; {name} has more complete rows ({rows}) (D4)", fields
        )
    if len(ranking.winners) < len(ranking.tied_on_points):  # rows part the tied, then a share
        return Phrase(
            "{tied} are tied on {score}; {winners} have the most complete rows ({rows}) and "
            "share the victory (D4, D5)",
            fields,
        )
    return Phrase(
        "{tied} are tied on {score} and on complete rows ({rows}): a shared victory (D5)", fields
    )
