"""`scorecheck explain`: the step-by-step walk in words and small pictures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files
from scorecheck.cli import _use_color, main
from scorecheck.report.explain import format_explain
from scorecheck.report.lesson import select
from tests.support.checking import check_yaml
from tests.support.examples import EXAMPLES


def explain(name: str, **options: object) -> str:
    [report] = check_files([str(EXAMPLES / name)])
    return format_explain(report, **options)  # type: ignore[arg-type]


def explain_yaml(text: str) -> str:
    return format_explain(check_yaml(text))


def lines_after(text: str, start: str, count: int, then: str = "") -> list[str]:
    """`count` lines after the first line holding `start` (and, after it, `then`)."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if start in line)
    if then:
        index = next(i for i, line in enumerate(lines) if i > index and then in line)
    return lines[index + 1 : index + 1 + count]


def test_e1_two_runs_written_out() -> None:
    text = " ".join(explain("e1-round.yaml").split())  # sentences wrap at 80 columns
    assert (
        "Step 2. Line 3 is full (3 blue tiles): its rightmost tile moves to row 3, column 3" in text
    )
    assert (
        "Across 4: row 3, columns 1–4. Down 3: column 3, rows 2–4. The new tile counts in both:"
        in text
    )
    assert "4 + 3 = 7 (R5.2)." in text
    assert "Across 2: row 2, columns 2–3; no vertical neighbour. Points: 2 (R5.2)." in text
    assert "Line 4 is not full (2 yellow tiles of 4): it stays as it is for the next" in text
    assert "Points for tiles this round: 2 + 7 = 9." in text
    assert "Score: 8 + 9 − 0 = 17." in text


def test_e1_picture_marks_new_tile_and_counted_runs() -> None:
    text = explain("e1-round.yaml")
    rows = [line.strip() for line in lines_after(text, "Step 2.", 5, then="counted")]
    assert rows == [
        ". . . . .    . . . . .",  # row 1: nothing counted
        ". B Y . .    . B Y . .        Y",  # the yellow above counts in the vertical run
        "K W . Y .    K W[B]Y .    K W[B]Y",  # the whole horizontal run counts
        ". . W . .    . . W . .        W",
        ". . . . .    . . . . .",
    ]


def test_lone_tile_and_floor_slot_by_slot() -> None:
    text = explain("disputed-round.yaml")
    assert "No neighbours: 1 point (R5.1)." in text
    assert "Floor: 5 slots taken; slot by slot: −1 −1 −2 −2 −2 = −8 (R6.1)." in text
    floor = lines_after(text, "Floor: 5 slots taken", 3)
    assert floor[0].split() == ["slot", "1", "2", "3", "4", "5", "6", "7"]
    assert floor[1].split() == ["floor", "1", "R", "R", "R", "R", ".", "."]
    assert floor[2].split() == ["cost", "−1", "−1", "−2", "−2", "−2"]
    assert "The first-player marker (1) takes a slot and costs like a tile (R6.2)" in text
    assert "To the box lid this round: 5 tiles (R4.1, R6.5)." in text


def test_problems_listed_with_verdict() -> None:
    text = explain("disputed-round.yaml")
    assert "error SC201 claimed 7 for the tile from line 2; the replay gives 5" in text
    assert text.endswith("NOT OK: 3 errors, 0 warnings, 0 notes")
    assert explain("e1-round.yaml").endswith(
        "No problems found.\n  OK: 0 errors, 0 warnings, 0 notes"
    )


def test_clamp_at_zero_only_when_it_bites() -> None:
    text = explain("game-short.yaml")
    assert "Score: 1 + 3 − 6 = −2 → 0: the score never goes below 0 (R6.4)." in text
    assert text.count("never goes below 0") == 1  # the other rounds stay positive


def test_floor_overflow_goes_to_the_lid() -> None:
    text = explain_yaml("kind: round\nplayers: [{name: A, floor: '1 R R R R R R R'}]\n")
    assert "Floor: 7 slots taken; slot by slot: −1 −1 −2 −2 −2 −3 −3 = −14 (R6.1)." in text
    assert "1 tile beyond the seventh slot goes to the lid without penalty (R6.3)." in text
    near = explain_yaml("kind: round\nplayers: [{name: A, floor: 'R R R R R R R'}]\n")
    assert "beyond the seventh slot" not in near


def test_vertical_only_run() -> None:
    wall = '[". . . . .", ". B . . .", ". . . . .", ". . . . .", ". . . . ."]'
    text = explain_yaml(
        f"kind: round\nplayers: [{{name: A, wall: {wall}, lines: ['B', '', '', '', '']}}]\n"
    )
    assert "No neighbours: 1 point (R5.1)." in text  # the blue lands at row 1, column 1: alone
    wall = '[". . . . .", "W . . . .", "K . . . .", ". . . . .", ". . . . ."]'
    text = explain_yaml(
        f"kind: round\nplayers: [{{name: A, wall: {wall}, lines: ['B', '', '', '', '']}}]\n"
    )
    assert "Down 3: column 1, rows 1–3; no horizontal neighbour. Points: 3 (R5.2, R5.3)." in text


def test_untiled_full_line_is_named() -> None:
    text = explain_yaml("kind: round\nplayers: [{name: A, lines: ['', 'YB', '', '', '']}]\n")
    assert "Line 2 is full, but its tiles cannot go to the wall: see the problems below." in text
    assert "SC102" in text


def test_bonuses_with_what_earned_them() -> None:
    text = explain("final.yaml")
    assert "Bonuses (R8.2): rows 1, 2 (2×2) + column 1 (1×7) + colour blue (1×10) = 21." in text
    assert "Final score: 38 + 21 = 59." in text
    wall = lines_after(text, "Anna — 38 points before the bonuses", 6)
    assert wall[0].strip() == "B Y R K W   ← row 1: +2"
    assert wall[1].strip() == "W B Y R K   ← row 2: +2"
    assert wall[2].strip() == "K . B . ."
    assert wall[5].strip() == "↑            complete column: +7"
    assert "Winner: Anna — the highest total, 59." in text


def test_tie_break_with_its_reason() -> None:
    text = explain("tie-by-rows.yaml")
    assert (
        "Winner: Anna — Anna and Boris are tied on 18; Anna has more complete rows (2) (D4)."
        in " ".join(text.split())
    )
    assert "The game ends after this round: Anna and Boris completed a horizontal row" in text
    shared = explain_yaml(
        "kind: final\nplayers:\n"
        "  - {name: A, score: 10, wall: ['BYRKW', '.....', '.....', '.....', '.....']}\n"
        "  - {name: B, score: 10, wall: ['BYRKW', '.....', '.....', '.....', '.....']}\n"
    )
    assert "Winners: A and B — A and B are tied on 12 and on complete rows (1): a shared" in shared


def test_sums_are_never_split_across_lines() -> None:
    for example in EXAMPLES.glob("*.yaml"):
        for report in check_files([str(example)]):
            for line in format_explain(report).splitlines():
                stripped = line.strip()
                assert not stripped.startswith(("= ", "+ ", "− ")), (example.name, line)


def test_select_one_player_and_round() -> None:
    [report] = check_files([str(EXAMPLES / "game-short.yaml")])
    text = format_explain(select(report, "Boris", 2))
    assert "Round 2" in text
    assert "Round 1" not in text and "Round 3" not in text
    assert "Boris — 1 point before this round" in text
    assert "Anna —" not in text
    assert "End of the game" not in text  # the game ends after round 5 (R8.1)


def test_colour_only_when_asked() -> None:
    assert "\033[" in explain("e1-round.yaml", color=True)
    assert "\033[" not in explain("e1-round.yaml", color=False)
    # The new tile stands out in reverse video, in its own colour.
    assert "\033[7m\033[34mB\033[0m\033[0m" in explain("e1-round.yaml", color=True)


def test_auto_colour_honours_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert _use_color("auto") is True
    monkeypatch.setenv("NO_COLOR", "1")
    assert _use_color("auto") is False
    assert _use_color("always") is True
    monkeypatch.delenv("NO_COLOR")
    assert _use_color("never") is False


def test_cli_explain_exit_codes_and_options(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["explain", str(EXAMPLES / "e1-round.yaml")])
    assert ok.exit_code == 0, ok.output
    assert "4 + 3 = 7" in ok.output and "\033[" not in ok.output
    coloured = runner.invoke(
        main, ["explain", "--color", "always", str(EXAMPLES / "e1-round.yaml")]
    )
    assert "\033[" in coloured.output
    wrong = runner.invoke(main, ["explain", str(EXAMPLES / "disputed-round.yaml")])
    assert wrong.exit_code == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: round\nplayers: [{name: A, lines: [1]}]\n")
    broken = runner.invoke(main, ["explain", str(bad)])
    assert broken.exit_code == 2
    assert "cannot be explained" in broken.output and "SC003" in broken.output
    nobody = runner.invoke(main, ["explain", "--player", "Bob", str(EXAMPLES / "e1-round.yaml")])
    assert nobody.exit_code == 2
    assert "no player named 'Bob' (players: Anna)" in nobody.output
    no_round = runner.invoke(main, ["explain", "--round", "6", str(EXAMPLES / "game-short.yaml")])
    assert no_round.exit_code == 2
    assert "no round 6 (rounds: 1 to 5)" in no_round.output


def test_cli_explains_every_document_of_a_file(tmp_path: Path) -> None:
    both = tmp_path / "two.yaml"
    both.write_text(
        (EXAMPLES / "e1-round.yaml").read_text() + "---\n" + (EXAMPLES / "final.yaml").read_text()
    )
    result = CliRunner().invoke(main, ["explain", str(both)])
    assert result.exit_code == 1, result.output  # final.yaml: Boris's impossible 51 (SC115)
    assert "4 + 3 = 7" in result.output
    assert "38 + 21 = 59" in result.output
