"""`scorecheck init`: commented templates that check cleanly, written without overwriting."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_text
from scorecheck.cli import main
from scorecheck.report.templates import KINDS, template


@pytest.mark.parametrize("kind", KINDS)
def test_template_checks_cleanly(kind: str) -> None:
    [report] = check_text(f"{kind}.yaml", template(kind))
    assert report.kind == kind
    # the game template says finished: false, which the report notes (SC310)
    assert [v.code for v in report.violations] == (["SC310"] if kind == "game" else [])
    assert report.rounds or report.final  # it holds something to check
    assert template(kind).count("\n#") >= 5  # and it explains itself


def test_templates_are_filled_in_examples() -> None:
    [round_] = check_text("round.yaml", template("round"))
    assert [p.points for p in round_.rounds[0].tilings[0].placements] == [2, 7]  # E1
    [game] = check_text("game.yaml", template("game"))
    assert len(game.rounds) == 2 and game.final is None  # an unfinished record (R8.1)


def test_init_prints_without_file() -> None:
    result = CliRunner().invoke(main, ["init", "final"])
    assert result.exit_code == 0
    assert result.output == template("final")
    default = CliRunner().invoke(main, ["init"])
    assert default.output == template("round")


def test_init_writes_a_file_that_checks(tmp_path: Path) -> None:
    out = tmp_path / "game.yaml"
    runner = CliRunner()
    assert runner.invoke(main, ["init", "game", str(out)]).exit_code == 0
    assert out.read_text(encoding="utf-8") == template("game")
    assert runner.invoke(main, ["check", str(out)]).exit_code == 0


def test_init_never_overwrites_without_force(tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("my own notes\n")
    runner = CliRunner()
    refused = runner.invoke(main, ["init", "round", str(out)])
    assert refused.exit_code == 2
    assert "exists; use --force" in refused.output
    assert out.read_text() == "my own notes\n"
    forced = runner.invoke(main, ["init", "round", str(out), "--force"])
    assert forced.exit_code == 0
    assert out.read_text(encoding="utf-8") == template("round")


def test_init_rejects_unknown_kind() -> None:
    result = CliRunner().invoke(main, ["init", "tournament"])
    assert result.exit_code == 2
    assert "tournament" in result.output
