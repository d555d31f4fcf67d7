"""The shipped game records and how game reports read (text score sheet, JSON)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files, check_text
from scorecheck.cli import main
from scorecheck.core.results import Report
from scorecheck.i18n import using
from scorecheck.report.jsonfmt import report_dict
from scorecheck.report.text import format_text
from tests.support.simulator import forget_penalty, play, to_yaml


def _check(path: Path) -> Report:
    [report] = check_files([str(path)])
    return report


def _finals(report: Report) -> dict[str, int]:
    assert report.final is not None
    return {p.name: p.final_score for p in report.final.players}


def test_four_player_record_is_clean(examples_dir: Path) -> None:
    report = _check(examples_dir / "game-4p.yaml")
    assert report.violations == ()
    assert [r.number for r in report.rounds] == [1, 2, 3, 4, 5]
    assert _finals(report) == {"Anna": 51, "Boris": 50, "Chen": 58, "Dana": 54}
    assert report.final is not None and report.final.winners == ("Chen",)
    # 100 − 2×36 leaves 28 in the bag for round 3, so the lid is poured from then on; by
    # round 5 only 33 tiles are outside walls and lines (R7.1)
    assert [
        (r.supply.recorded, r.supply.expected, r.supply.bag, r.supply.poured)
        for r in report.rounds
        if r.supply
    ] == [
        (36, 36, 100, False),
        (36, 36, 64, False),
        (36, 36, 28, True),
        (36, 36, 31, True),
        (33, 33, 13, True),
    ]


def test_forgotten_penalty_is_one_error_carried_to_the_end(examples_dir: Path) -> None:
    report = _check(examples_dir / "game-forgotten-penalty.yaml")
    assert [(v.code, v.player, v.round) for v in report.violations if v.code != "SC108"] == [
        ("SC204", "Anna", 2),
        ("SC305", "Anna", 3),
        ("SC305", "Anna", 4),
        ("SC305", "Anna", 5),
        ("SC209", "Anna", 5),
        ("SC210", None, 5),
    ]
    assert _finals(report) == {"Anna": 46, "Boris": 47}  # the pad says Anna 48
    assert report.final is not None and report.final.winners == ("Boris",)


def test_short_record_says_it_is_hand_made(examples_dir: Path) -> None:
    """It writes down only some tiles and says so (tiles: some): no missing-tile warnings."""
    report = _check(examples_dir / "game-short.yaml")
    assert _finals(report) == {"Anna": 18, "Boris": 13}
    assert report.violations == ()
    assert [r.supply.recorded for r in report.rounds if r.supply] == [8, 7, 2, 2, 3]
    text = (examples_dir / "game-short.yaml").read_text()
    assert "SC314" in check_text("x.yaml", text.replace("tiles: some\n", ""))[0].violations[0].code


def test_simulated_examples_are_what_the_simulator_makes(examples_dir: Path) -> None:
    """The examples name the command that made them; it still makes the same file."""
    four = (examples_dir / "game-4p.yaml").read_text()
    game = play(4, 0, careful=True)
    assert to_yaml(game.record, "") == four[four.index("kind: game") :]
    slip = (examples_dir / "game-forgotten-penalty.yaml").read_text()
    record = forget_penalty(play(2, 5, careful=True), "Anna", 2)
    assert to_yaml(record, "") == slip[slip.index("kind: game") :]


def test_text_report_is_a_score_sheet(examples_dir: Path) -> None:
    text = format_text(_check(examples_dir / "game-4p.yaml"))
    lines = text.splitlines()
    sheet = lines.index(
        "  round           Anna             Boris              Chen              Dana"
    )
    assert lines[sheet + 1 : sheet + 3] == [
        "      1   +4   0 =   4  ✓   +3  −1 =   2  ✓   +3   0 =   3  ✓   +3   0 =   3  ✓",
        "      2   +9   0 =  13  ✓   +6   0 =   8  ✓   +9   0 =  12  ✓   +9  −1 =  11  ✓",
    ]
    # The final standings after the bonuses come first, before the rounds (issue 16).
    assert lines[1:8] == [
        "  OK: 0 errors, 0 warnings, 0 notes",
        "      player  before bonuses  bonus  final score",
        "  1.  Chen    49              +9     58 ✓",
        "  2.  Dana    52              +2     54 ✓",
        "  3.  Anna    49              +2     51 ✓",
        "  4.  Boris   46              +4     50 ✓",
        "  Winner: Chen ✓ — the highest total, 58",
    ]
    assert "  bonus             +2                +4                +9                +2" in lines
    assert "  final             51                50                58                54" in lines
    assert "  Chen: row 1 (1×2) + column 4 (1×7) = 9" in lines
    assert "  Winner: Chen — the highest total, 58" in lines
    assert "Round 1" not in text


def test_text_sheet_flags_the_round_of_the_mistake(examples_dir: Path) -> None:
    lines = format_text(_check(examples_dir / "game-forgotten-penalty.yaml")).splitlines()
    assert "  Winner: Boris, not Anna as claimed — the highest total, 47" in lines[:8]
    sheet = lines.index("  round           Anna                  Boris")
    # The first wrong score ✗, those that only carry it forward (✗), with what was written.
    assert lines[sheet : sheet + 6] == [
        "  round           Anna                  Boris",
        "      1   +4  −1 =   3  ✓        +3   0 =   3  ✓",
        "      2   +7  −2 =   8  ✗ 10     +7   0 =  10  ✓",
        "      3   +9  −1 =  16  (✗) 18   +9 −11 =   8  ✓",
        "      4  +12   0 =  28  (✗) 30  +23 −14 =  17  ✓",
        "      5  +18  −2 =  44  (✗) 46  +22  −6 =  33  ✓",
    ]
    assert "  final             46!                    47" in lines
    assert "  Winner: Boris — the highest total, 47  ! not as claimed" in lines
    assert "  ! marks an error there, listed below" in lines


def test_text_detail_shows_every_round(examples_dir: Path) -> None:
    text = format_text(_check(examples_dir / "game-4p.yaml"), detail=True)
    assert "  Round 5" in text
    assert "line 1  white  → row 1, column 5" in text
    result = CliRunner().invoke(main, ["check", "--detail", str(examples_dir / "game-4p.yaml")])
    assert result.exit_code == 0 and "  Round 5" in result.output


def test_json_rounds_and_final(examples_dir: Path) -> None:
    data = report_dict(_check(examples_dir / "game-4p.yaml"))
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3, 4, 5]
    assert data["rounds"][0]["supply"] == {
        "recorded": 36,
        "expected": 36,
        "bag": 100,
        "lid": 0,
        "poured": False,
    }
    final = data["final"]
    assert (data["ended_after_round"], data["standings"], final["winners"]) == (5, None, ["Chen"])
    chen = next(p for p in final["players"] if p["name"] == "Chen")
    assert chen["bonuses"] == {"rows": 1, "columns": 1, "colors": 0, "points": 9}
    assert (chen["score"], chen["final_score"]) == (49, 58)


# What the score sheet's legend calls each part of a cell (+points −penalty = score after).
CELL_PARTS = {
    "en": ("tile points", "floor penalty", "= the score after the round"),
    "ru": ("очки за плитки", "штраф за пол", "после «=» — счёт после раунда"),
    "ja": ("タイルの得点", "床の減点", "「=」の後が再計算したラウンド後の得点"),
}


@pytest.mark.parametrize("language", sorted(CELL_PARTS))
def test_the_sheet_legend_names_each_part_its_cells_show(examples_dir: Path, language: str) -> None:
    with using(language):
        text = format_text(_check(examples_dir / "game-4p.yaml"))
    assert "  +4   0 =   4  ✓" in text  # a cell: the wall points, the penalty, = the score
    joiner = "" if language == "ja" else " "  # the wrapped lines put back as one text
    flat = joiner.join(line.strip() for line in text.splitlines())
    for part in CELL_PARTS[language]:
        assert part in flat, part
