"""`scorecheck init`: commented templates that check cleanly, written without overwriting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files, check_text
from scorecheck.cli import main
from scorecheck.core.documents import KINDS
from scorecheck.i18n import using
from scorecheck.report.templates import template


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
    assert out.read_text(encoding="utf-8") == template("game", str(out))
    assert runner.invoke(main, ["check", str(out)]).exit_code == 0


def test_a_written_template_names_its_file_in_the_commands_it_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["init", "--lang", "ru", "my game.yaml"]).exit_code == 0
    written = (tmp_path / "my game.yaml").read_text(encoding="utf-8")
    assert "#     scorecheck check 'my game.yaml'" in written
    assert "#     scorecheck explain 'my game.yaml'" in written
    assert "ФАЙЛ" not in written
    printed = runner.invoke(main, ["init", "--lang", "ru"]).output  # no file: the placeholder
    assert "#     scorecheck check ФАЙЛ" in printed


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
    assert out.read_text(encoding="utf-8") == template("round", str(out))


def test_init_rejects_unknown_kind() -> None:
    result = CliRunner().invoke(main, ["init", "tournament"])
    assert result.exit_code == 2
    assert "tournament" in result.output


@pytest.mark.parametrize("lang", ["en", "ru", "ja"])
@pytest.mark.parametrize("kind", KINDS)
def test_init_writes_json_to_a_json_file_and_it_checks(
    tmp_path: Path, kind: str, lang: str
) -> None:
    """Issue 18 item 19: a .json file gets JSON (no comments), a .jsonl file one line."""
    runner = CliRunner()
    notes = ["SC310"] if kind == "game" else []  # the game template is unfinished (R8.1)
    for name in ("out.json", "out.jsonl"):
        out = tmp_path / name
        assert runner.invoke(main, ["init", "--lang", lang, kind, str(out)]).exit_code == 0
        text = out.read_text(encoding="utf-8")
        assert "#" not in text and isinstance(json.loads(text), dict)
        assert text.count("\n") == 1 or not name.endswith(".jsonl")
        [report] = check_files([str(out)])
        assert report.kind == kind and [v.code for v in report.violations] == notes
        with using(lang):  # the YAML template's document, its players' names translated
            [as_yaml] = check_text("t.yaml", template(kind))
        assert (report.rounds, report.final) == (as_yaml.rounds, as_yaml.final)


def test_init_with_only_a_file_writes_a_round(tmp_path: Path) -> None:
    """Issue 18 item 19: the kind defaults to round, as the help says, given a FILE alone."""
    out = tmp_path / "my.yaml"
    runner = CliRunner()
    assert runner.invoke(main, ["init", str(out)]).exit_code == 0
    assert out.read_text(encoding="utf-8") == template("round", str(out))
    both = runner.invoke(main, ["init", str(out), str(tmp_path / "other.yaml")])
    assert both.exit_code == 2 and "'round', 'final', 'game'" in both.output
    assert not (tmp_path / "other.yaml").exists()
