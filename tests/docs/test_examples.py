"""Each shipped example gives the report worked out by hand in its comments."""

from __future__ import annotations

import json

import yaml

from scorecheck.api import check_files
from scorecheck.core.results import Report
from scorecheck.core.scoring import Decider
from tests.support.checking import codes
from tests.support.examples import EXAMPLES


def report_of(name: str) -> Report:
    [report] = list(check_files([str(EXAMPLES / name)]))
    return report


def points(report: Report, player: int, round_index: int = 0) -> list[int]:
    return [p.points for p in report.rounds[round_index].tilings[player].placements]


def test_e1_round() -> None:
    report = report_of("e1-round.yaml")
    assert points(report, 0) == [2, 7]
    assert report.rounds[0].tilings[0].score_after == 17
    assert report.final is None
    assert codes(report) == []


def test_disputed_round_catches_the_wrong_tile_and_the_forgotten_marker() -> None:
    report = report_of("disputed-round.yaml")
    anna, boris = report.rounds[0].tilings
    assert (points(report, 0), anna.floor.penalty, anna.score_after) == ([1], 1, 0)
    assert (points(report, 1), boris.floor.penalty, boris.score_after) == ([5], 8, 9)
    assert codes(report) == ["SC201", "SC203", "SC204"]
    assert {v.player for v in report.violations} == {"Boris"}
    assert [v.location.line for v in report.violations] == [27, 28, 29]
    assert not report.ok


def test_tie_broken_by_rows() -> None:
    report = report_of("tie-by-rows.yaml")
    assert points(report, 0) == [5, 7] and points(report, 1) == [5]
    assert report.final is not None
    assert [p.final_score for p in report.final.players] == [18, 18]
    assert report.final.winners == ("Anna",)
    assert report.final.ranking.decider is Decider.ROWS
    assert report.final.ranking.places == (1, 2)
    assert codes(report) == []


def test_finished_game_e5() -> None:
    report = report_of("final.yaml")
    assert report.rounds == ()
    assert report.final is not None
    anna, boris = report.final.players
    assert (anna.bonus.points, anna.final_score) == (21, 59)
    assert (boris.bonus.points, boris.final_score) == (2, 53)
    assert report.final.winners == ("Anna",)
    # Boris's wall could have earned at most 24 before the bonuses, 26 with them (issue 20).
    assert (anna.most_wall_points, boris.most_wall_points) == (59, 24)
    assert codes(report) == ["SC115", "SC215"]


def test_short_game_record() -> None:
    report = report_of("game-short.yaml")
    running = [[t.score_after for t in r.tilings] for r in report.rounds]
    assert running == [[1, 1], [5, 0], [8, 4], [11, 8], [16, 11]]
    clamped = report.rounds[1].tilings[1]
    assert clamped.clamped and clamped.score_text() == "1 + 3 − 6 = −2 → 0"  # held at 0 (R6.4)
    assert report.final is not None
    assert [p.final_score for p in report.final.players] == [18, 13]
    assert report.final.winners == ("Anna",)
    assert not [v for v in report.violations if v.severity.value == "error"]


def test_the_example_archive_holds_every_yaml_example_one_a_line() -> None:
    """examples/archive.jsonl: each YAML example as one JSON line, in name order, and each
    line reported as its example is."""
    lines = (EXAMPLES / "archive.jsonl").read_text(encoding="utf-8").splitlines()
    examples = sorted(EXAMPLES.glob("*.yaml"))
    assert [json.loads(line) for line in lines] == [
        yaml.safe_load(p.read_text(encoding="utf-8")) for p in examples
    ]
    from_archive = check_files([str(EXAMPLES / "archive.jsonl")])
    assert [codes(r) for r in from_archive] == [codes(report_of(p.name)) for p in examples]
