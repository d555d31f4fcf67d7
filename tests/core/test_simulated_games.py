"""Random legal games from tests/support/simulator.py, replayed: the replay must agree with the
simulator's own score book and bag, and find nothing wrong with a legal record."""

from __future__ import annotations

import json

import pytest

from scorecheck.api import check_text
from scorecheck.core.results import Report
from tests.support.simulator import SimGame, play

GAMES = 300  # a few seconds; benchmarks/ is the place for more


def _replay(game: SimGame) -> Report:
    [report] = check_text("sim.json", json.dumps(game.record))
    return report


def _rounds_of(report: Report, code: str) -> set[int]:
    return {v.round for v in report.violations if v.code == code and v.round is not None}


def _settings(seed: int) -> dict[str, object]:
    """Vary player count, drafting, overflow recording and claims across the seeds."""
    return {
        "players": 2 + seed % 3,
        "careful": seed % 4 < 2,
        "record_overflow": seed % 5 != 0,
        "walls": seed % 7 == 0,
    }


@pytest.fixture(scope="module")
def replayed() -> list[tuple[int, SimGame, Report]]:
    out = []
    for seed in range(GAMES):
        s = _settings(seed)
        game = play(
            int(str(s["players"])),
            seed,
            careful=bool(s["careful"]),
            record_overflow=bool(s["record_overflow"]),
            walls=bool(s["walls"]),
        )
        out.append((seed, game, _replay(game)))
    return out


def test_the_simulation_covers_what_it_should(
    replayed: list[tuple[int, SimGame, Report]],
) -> None:
    games = [g for _, g, _ in replayed]
    assert {len(g.record["players"]) for g in games} == {2, 3, 4}
    assert sum(bool(g.overflow_rounds) for g in games) > 50
    assert sum(bool(g.unrecorded_rounds) for g in games) > 10
    assert sum(any(bag < 20 for bag, _ in g.fills) for g in games) > 50  # the lid was poured
    assert sum(g.finished for g in games) == len(games)


def test_replay_matches_the_simulators_scores(
    replayed: list[tuple[int, SimGame, Report]],
) -> None:
    for seed, game, report in replayed:
        assert [[t.score_after for t in r.tilings] for r in report.rounds] == game.scores, seed
        assert report.final is not None, seed
        assert {p.name: p.final_score for p in report.final.players} == game.final, seed
        assert sorted(report.final.winners) == sorted(game.winners), seed


def test_legal_records_have_no_errors_and_only_explained_notes(
    replayed: list[tuple[int, SimGame, Report]],
) -> None:
    for seed, game, report in replayed:
        assert report.ok, (seed, [v.message for v in report.violations])
        found = {v.code for v in report.violations}
        assert found <= {"SC108", "SC109", "SC314", "SC315"}, (seed, found)
        assert _rounds_of(report, "SC108") <= game.overflow_rounds, seed
        assert _rounds_of(report, "SC109") == game.late_marker_rounds, seed
        # Tiles go missing from the record exactly where it left out floor tiles past slot 7.
        assert _rounds_of(report, "SC314") == game.unrecorded_rounds, seed
        assert _rounds_of(report, "SC315") == game.unmarked_rounds, seed


def test_bag_and_lid_follow_the_simulators(replayed: list[tuple[int, SimGame, Report]]) -> None:
    for seed, game, report in replayed:
        capacity = {2: 20, 3: 28, 4: 36}[len(game.record["players"])]  # R1.2
        for r, (bag, lid) in zip(report.rounds, game.fills, strict=True):
            assert r.supply is not None, seed
            assert (r.supply.bag, r.supply.lid) == (bag, lid), (seed, r.number)
            assert r.supply.expected == min(capacity, bag + lid), (seed, r.number)
            assert r.supply.poured == (bag < capacity), (seed, r.number)
