"""The command line: output formats, exit codes, several files, standard input."""

from __future__ import annotations

import json
from pathlib import Path

import click
from click.testing import CliRunner

from scorecheck import __version__
from scorecheck.cli import main
from scorecheck.clihelp import COMMANDS, GROUP, OPTIONS
from tests.support.examples import EXAMPLES

DISPUTED = str(EXAMPLES / "disputed-round.yaml")
E1 = str(EXAMPLES / "e1-round.yaml")


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_clean_round_exits_0_and_shows_the_score_line() -> None:
    code, out = invoke("check", E1)
    assert code == 0
    assert "8 + 9 − 0 = 17" in out
    assert "across 4: columns 1–4; down 3: rows 2–4; 4 + 3 = 7" in out


def test_wrong_claims_exit_1_with_located_messages() -> None:
    code, out = invoke("check", DISPUTED)
    assert code == 1
    assert f"{DISPUTED}:27:16: error SC201 claimed 7 for the tile from line 2" in out


def test_unusable_file_exits_2_and_the_others_are_still_checked(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: round\nplayers: [{name: Anna, score: lots}]\n")
    code, out = invoke("check", "--format", "json", str(bad), E1, str(tmp_path / "missing.yaml"))
    assert code == 2
    reports = [json.loads(line) for line in out.splitlines()]
    assert [r["file"] for r in reports] == [str(bad), E1, str(tmp_path / "missing.yaml")]
    assert [r["ok"] for r in reports] == [False, True, False]
    [problem] = reports[0]["violations"]
    assert (problem["code"], problem["line"], problem["column"]) == ("SC003", 2, 31)
    assert problem["message"] == "score must be a whole number, got 'lots'"
    assert reports[2]["violations"][0]["code"] == "SC001"


def test_json_report_has_the_documented_fields() -> None:
    code, out = invoke("check", "--format", "json", str(EXAMPLES / "tie-by-rows.yaml"))
    assert code == 0
    report = json.loads(out)
    assert {"schema", "file", "kind", "ok", "rounds", "final", "violations"} <= set(report)
    assert (report["schema"], report["kind"], report["ok"]) == (1, "round", True)
    [round_] = report["rounds"]
    assert round_["number"] is None
    anna = round_["players"][0]
    assert anna["name"] == "Anna" and anna["score_before"] == 2
    assert anna["placements"][1] == {
        **anna["placements"][1],
        "line": 2,
        "color": "K",
        "row": 2,
        "column": 5,
        "horizontal": 5,
        "vertical": 2,
        "points": 7,
    }
    assert anna["floor"] == {**anna["floor"], "occupied": 0, "penalty": 0, "to_lid": 0}
    assert (anna["wall_points"], anna["score_after"]) == (12, 14)
    final = report["final"]
    assert final["winners"] == ["Anna"]
    assert final["players"][0]["bonuses"] == {"rows": 2, "columns": 0, "colors": 0, "points": 4}
    assert [p["final_score"] for p in final["players"]] == [18, 18]


def test_standard_input_is_read_with_a_dash() -> None:
    text = Path(E1).read_text()
    code, out = invoke("check", "-", stdin=text)
    assert code == 0
    assert out.startswith("<stdin> — round")


def test_colour_only_when_asked_or_on_a_terminal() -> None:
    _, plain = invoke("check", DISPUTED)
    assert "\033[" not in plain
    _, colored = invoke("check", "--color", "always", DISPUTED)
    assert "\033[1;31merror\033[0m" in colored


def test_no_color_environment_wins_over_auto() -> None:
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["check", DISPUTED])
    assert "\033[" not in result.output


def test_schema_codes_and_version() -> None:
    code, out = invoke("schema")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "scorecheck document"
    assert "RoundModel" in json.dumps(schema)
    code, out = invoke("codes")
    assert code == 0 and "SC201  error    claimed-points (R5)" in out
    code, out = invoke("--version")
    assert code == 0 and __version__ in out


def test_multi_document_yaml_gives_one_report_each(tmp_path: Path) -> None:
    both = tmp_path / "both.yaml"
    both.write_text(Path(E1).read_text() + "---\n" + Path(DISPUTED).read_text())
    code, out = invoke("check", "--format", "json", str(both))
    assert code == 1
    assert [json.loads(line)["ok"] for line in out.splitlines()] == [True, False]


def test_docs_codes_md_is_up_to_date() -> None:
    from scorecheck.report.codes import codes_markdown

    assert (EXAMPLES.parent / "docs" / "codes.md").read_text() == codes_markdown(), (
        "regenerate: python -m scorecheck.report.codes > docs/codes.md"
    )


def test_every_help_text_comes_from_the_table_and_every_entry_is_shown() -> None:
    """clihelp.py holds the help of each command and option, and nothing else."""
    assert set(main.commands) == set(COMMANDS) and main.help == GROUP
    shown = set()
    for command in [main, *main.commands.values()]:
        if command is not main:
            assert COMMANDS[command.name or ""] == {
                "short_help": command.short_help,
                "help": command.help,
            }
        help_option = command.get_help_option(click.Context(command))
        for option in [*command.params, help_option]:
            if isinstance(option, click.Option):
                assert option.help in OPTIONS.values(), (command.name, option.name)
                shown.add(option.help)
    assert shown == set(OPTIONS.values())
