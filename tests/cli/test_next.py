"""scorecheck next: the next round's document, written where asked and never over anything."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_text
from scorecheck.cli import main
from scorecheck.report.jsonfmt import report_dict
from tests.support.examples import EXAMPLES

ENDING = """kind: round
players:
  - name: Anna
    score: 20
    wall: ["BYRK.", ".....", ".....", ".....", "....."]
    lines: ["W", "", "", "", ""]
  - {name: Boris}
"""


def test_next_writes_the_round_after_and_it_checks_cleanly(tmp_path: Path) -> None:
    out = tmp_path / "round-2.yaml"
    result = CliRunner().invoke(main, ["next", str(EXAMPLES / "disputed-round.yaml"), str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# The round after ")
    [report] = check_text("round-2.yaml", text)
    assert report.ok and report.violations == ()
    data = report_dict(report)["rounds"][0]["players"]
    # Boris: 12 before, replay 9 (the dispute); his two reds went to row 2, the marker away.
    assert [p["score_before"] for p in data] == [0, 9]
    assert data[1]["wall_after"] == ["...K.", "..YRK", ".....", "RK...", "YR..."]
    assert data[0]["floor"]["entries"] == 0


def test_next_carries_lines_that_were_not_full(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    source.write_text('kind: round\nplayers: [{name: Anna, lines: ["B", "Y", "", "", ""]}]\n')
    result = CliRunner().invoke(main, ["next", str(source)])
    assert result.exit_code == 0
    assert 'lines: ["", "Y", "", "", ""]' in result.output
    assert '- "B . . . ."' in result.output


def test_next_refuses_when_the_game_has_ended(tmp_path: Path) -> None:
    source = tmp_path / "last.yaml"
    source.write_text(ENDING)
    out = tmp_path / "never.yaml"
    result = CliRunner().invoke(main, ["next", str(source), str(out)])
    assert result.exit_code == 2
    assert "Anna completed a horizontal row" in result.output
    assert not out.exists()


def test_next_refuses_other_kinds_and_unusable_input(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["next", str(EXAMPLES / "final.yaml")])
    assert result.exit_code == 2
    assert "only a round (kind: round) has a next round" in result.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: round\nplayers: [{score: -3}]\n")
    result = CliRunner().invoke(main, ["next", str(bad)])
    assert result.exit_code == 2
    assert "bad.yaml:2" in result.output  # the located problem, as check shows it


@pytest.mark.parametrize(
    ("language", "count"),
    [("en", "holds 8 documents"), ("ru", "8 документов"), ("ja", "記録が8件あります")],
)
def test_next_refuses_an_archive_for_its_count_not_its_suffix(language: str, count: str) -> None:
    # Read as one YAML/JSON file, a .jsonl archive gave SC002's advice to name it .jsonl.
    archive = str(EXAMPLES / "archive.jsonl")
    result = CliRunner().invoke(main, ["next", "--lang", language, archive])
    assert result.exit_code == 2
    assert count in result.output
    assert "SC002" not in result.output


def test_next_reads_a_one_line_archive(tmp_path: Path) -> None:
    source = tmp_path / "one.jsonl"
    line = '{"kind": "round", "players": [{"name": "Anna", "lines": ["B", "", "", "", ""]}]}'
    source.write_text(line + "\n\n")
    result = CliRunner().invoke(main, ["next", str(source)])
    assert result.exit_code == 0, result.output
    header = " ".join(result.output.replace("#", " ").split())  # wrapped where the path is long
    assert f"The round after {source}" in header, result.output


def test_next_never_overwrites_without_force_and_never_its_input(tmp_path: Path) -> None:
    source = tmp_path / "r.yaml"
    shutil.copy(EXAMPLES / "e1-round.yaml", source)
    out = tmp_path / "next.yaml"
    out.write_text("mine\n")
    result = CliRunner().invoke(main, ["next", str(source), str(out)])
    assert result.exit_code == 2 and "use --force" in result.output
    assert out.read_text() == "mine\n"
    assert CliRunner().invoke(main, ["next", str(source), str(out), "--force"]).exit_code == 0
    assert out.read_text().startswith("# The round after")
    before = source.read_bytes()
    result = CliRunner().invoke(main, ["next", str(source), str(source), "--force"])
    assert result.exit_code == 2 and "never overwritten" in result.output
    assert source.read_bytes() == before


def test_next_comments_follow_the_language() -> None:
    result = CliRunner().invoke(main, ["next", "--lang", "ru", str(EXAMPLES / "e1-round.yaml")])
    assert result.exit_code == 0
    assert "# Следующий раунд после" in result.output


def _next(tmp_path: Path, text: str) -> tuple[int, str]:
    source = tmp_path / "r.yaml"
    source.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["next", str(source)])
    return result.exit_code, result.output


def test_next_refuses_a_round_whose_full_line_the_replay_cannot_tile(tmp_path: Path) -> None:
    untiled = {  # each leaves a full line on the board, which no next round may carry (R4.1)
        "SC122": 'kind: round\nvariant: grey\nplayers: [{name: A, lines: ["", YY, "", "", ""]}]\n',
        "SC103": (
            "kind: round\nplayers: [{name: A, score: 1, wall: [B...., ., ., ., .], "
            'lines: [B, "", "", "", ""]}]\n'
        ).replace(", .", ', "....."'),
    }
    for code, text in untiled.items():
        exit_code, output = _next(tmp_path, text)
        assert exit_code == 2 and "kind: round" not in output, code
        assert f"the next round is not ready: this round has errors or warnings ({code})" in output
        assert f"Correct them (scorecheck check {tmp_path / 'r.yaml'} shows them)" in output


def test_next_refuses_to_carry_a_score_no_wall_could_have_earned(tmp_path: Path) -> None:
    exit_code, output = _next(tmp_path, "kind: round\nplayers: [{name: A, score: 12}]\n")
    assert exit_code == 2 and "(SC125)" in output


def test_next_after_wrong_claims_says_the_replay_replaces_them(tmp_path: Path) -> None:
    exit_code, output = _next(tmp_path, (EXAMPLES / "disputed-round.yaml").read_text("utf-8"))
    assert exit_code == 0
    header = " ".join(line[2:] for line in output.splitlines() if line.startswith("# "))
    assert "were wrong (SC201, SC203, SC204): the walls and scores here are the replay's" in header
    clean = 'kind: round\nplayers: [{name: A, lines: [B, "", "", "", ""]}]\n'
    assert "were wrong" not in _next(tmp_path, clean)[1]


def test_next_refusal_names_the_problems_and_sc125_names_no_player_twice(
    tmp_path: Path,
) -> None:
    # The refusal says where to see the problems (the page has a refusal of its own, which
    # names its list); SC125 is a warning about the score, not a rule of the boards. The
    # player already stands beside each problem (［A］, 「A：」), so SC125's Japanese does not
    # start with the name again.
    source = tmp_path / "r.yaml"
    source.write_text("kind: round\nplayers: [{name: A, score: 12}]\n", encoding="utf-8")
    refused = CliRunner().invoke(main, ["next", "--lang", "ja", str(source)])
    assert refused.exit_code == 2
    assert "このラウンドに問題があり（SC125）" in refused.output, refused.output
    assert f"「scorecheck check {source}」で内容を確かめ" in refused.output
    assert "ルール違反" not in refused.output
    checked = CliRunner().invoke(main, ["check", "--lang", "ja", str(source)])
    assert "SC125 このラウンド開始時の得点は12点ですが" in checked.output, checked.output
