"""--player and --round narrow what is shown, say what is wrong outside it, and keep the exit
code of the whole document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scorecheck.api import check_files
from scorecheck.cli import main
from scorecheck.report.narrow import narrow
from tests.support.examples import EXAMPLES

DISPUTED = str(
    EXAMPLES / "disputed-round.yaml"
)  # Boris's claims are wrong (3 errors), Anna's right
GAME = str(EXAMPLES / "game-forgotten-penalty.yaml")  # errors in rounds 2 and 5


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def test_check_player_shows_that_player_and_counts_the_errors_elsewhere() -> None:
    result = run("check", "--player", "Anna", DISPUTED)
    assert result.exit_code == 1  # as check of the whole document
    assert (
        "  Anna  (score before: 0)" in result.stdout
        and "Boris" not in result.stdout.split("\n3 errors")[0]
    )
    assert result.stdout.rstrip().endswith(
        "OK: 0 errors, 0 warnings, 0 notes\n3 errors elsewhere: Boris"
    )
    whole = run("check", "--player", "Boris", DISPUTED)  # a near miss: nothing is left out
    assert whole.exit_code == 1 and "elsewhere" not in whole.stdout
    assert whole.stdout.count("error SC2") == 3 and "  Anna" not in whole.stdout


def test_check_player_in_json_shows_that_player_only() -> None:
    result = run("check", "--format", "json", "--player", "Anna", DISPUTED)
    assert result.exit_code == 1
    [report] = [json.loads(line) for line in result.stdout.splitlines()]
    assert [p["name"] for p in report["rounds"][0]["players"]] == ["Anna"]
    assert report["violations"] == []


def test_check_player_not_in_a_document_says_so(tmp_path: Path) -> None:
    result = run("check", "--player", "Boris", DISPUTED, str(EXAMPLES / "e1-round.yaml"))
    assert result.exit_code == 2
    assert "e1-round.yaml: no player named 'Boris' (players: Anna)" in result.stderr
    assert "  Boris  (score before: 12)" in result.stdout  # the document that has him


@pytest.mark.parametrize("command", ["explain", "render"])
def test_explain_and_render_keep_the_exit_code_of_check(command: str, tmp_path: Path) -> None:
    out = ["-o", str(tmp_path / "out.svg"), "--force"] if command == "render" else []
    assert run("check", DISPUTED).exit_code == 1
    assert run(command, "--player", "Anna", DISPUTED, *out).exit_code == 1
    assert run("check", GAME).exit_code == 1
    assert run(command, "--round", "1", GAME, *out).exit_code == 1
    assert run(command, "--round", "1", str(EXAMPLES / "game-4p.yaml"), *out).exit_code == 0


def test_explain_says_what_is_wrong_outside_what_it_shows() -> None:
    assert run("explain", "--player", "Anna", DISPUTED).stdout.endswith(
        "3 errors elsewhere: Boris\n"
    )
    by_round = run("explain", "--round", "1", GAME).stdout
    assert by_round.endswith("3 errors elsewhere: Anna in round 2, Anna in round 5 and round 5\n")
    both = run("explain", "--round", "2", "--player", "Boris", GAME).stdout
    assert both.endswith("3 errors elsewhere: Anna, Anna in round 5 and round 5\n")
    assert "elsewhere" not in run("explain", DISPUTED).stdout  # nothing hidden, nothing said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "Не показано здесь: ещё 3 ошибки — Anna в раунде 2, Anna в раунде 5 и раунд 5"),
        (
            "ja",
            "表示していない部分にエラーが3件あります：第2ラウンドのAnna、第5ラウンドのAnna、第5ラウンド",
        ),
    ],
)
def test_what_is_wrong_elsewhere_is_said_in_each_language(lang: str, said: str) -> None:
    assert run("explain", "--lang", lang, "--round", "1", GAME).stdout.endswith(said + "\n")


def test_narrow_leaves_the_whole_report_and_hides_no_warning_as_an_error() -> None:
    [report] = check_files([GAME])
    part = narrow(report, None, 1)
    assert part.whole is report and part.problem is None
    shown = set(part.shown.violations)
    hidden_errors = [v for v in report.violations if v not in shown and v.severity.name == "ERROR"]
    assert len(hidden_errors) == 3 and part.elsewhere is not None
    assert narrow(report, "Nobody", None).problem is not None


def test_a_record_that_stops_keeps_its_whole_standings_for_one_player(tmp_path: Path) -> None:
    """As the ranking of a finished game: Boris, second after round 4, is not shown first."""
    short = (EXAMPLES / "game-short.yaml").read_text(encoding="utf-8").splitlines()
    rounds = short.index("rounds:")
    stopped = tmp_path / "stopped.yaml"  # rounds 1-4 of game-short, said to stop there
    stopped.write_text("\n".join([*short[: rounds + 9], "finished: false", ""]), encoding="utf-8")
    result = run("check", "--color", "never", "--player", "Boris", str(stopped))
    assert result.exit_code == 0, result.stdout
    assert "after round 4: 1. Anna 11, 2. Boris 8" in result.stdout
    report = json.loads(run("check", "--format", "json", "--player", "Boris", str(stopped)).stdout)
    assert [p["name"] for p in report["rounds"][-1]["players"]] == ["Boris"]
    assert report["standings"] == [
        {"place": 1, "name": "Anna", "score": 11},
        {"place": 2, "name": "Boris", "score": 8},
    ]
