"""Every violation code: a document that triggers it and a near miss that does not."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from scorecheck.core.codes import CODES, Severity
from scorecheck.core.results import Report
from tests.support.code_cases import (
    CASES,
    E1,
    TIE,
    claim,
    found,
    run,
)


def test_every_code_has_a_case_and_a_documented_example() -> None:
    assert set(CASES) | {"SC004"} == set(CODES)
    for code in CODES.values():
        assert code.example and code.template and code.name


@pytest.mark.parametrize("code", sorted(CASES))
def test_trigger(code: str) -> None:
    trigger, _ = CASES[code]
    report = run(trigger)
    assert found(report, code), [v.message for v in report.violations]
    [hit] = [v for v in report.violations if v.code == code][:1]
    assert hit.location.line is not None, f"{code} is not located"
    assert hit.severity is CODES[code].severity


@pytest.mark.parametrize("code", sorted(CASES))
def test_near_miss(code: str) -> None:
    _, near_miss = CASES[code]
    report = run(near_miss)
    assert not found(report, code), [v.message for v in report.violations]


def test_sc004_a_bug_becomes_a_report_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    from scorecheck import api

    path = tmp_path / "e1.json"
    path.write_text(json.dumps(E1))

    def broken(document: object) -> Report:
        raise ZeroDivisionError("division by zero")

    [fine] = list(api.check_files([str(path)]))
    assert not found(fine, "SC004")
    monkeypatch.setattr(api, "check", broken)
    [report] = list(api.check_files([str(path)]))
    assert [v.code for v in report.violations] == ["SC004"]
    assert "please report it" in report.violations[0].message
    with pytest.raises(ZeroDivisionError):
        list(api.check_files([str(path)], debug=True))


def test_messages_cite_rules_and_values() -> None:
    report = run(claim(E1, 0, points=[2, 8], score=18))
    messages = {v.code: v.message for v in report.violations}
    assert messages["SC201"] == (
        "claimed 8 for the tile from line 3; the replay gives 7: 4 + 3 = 7 (R5)"
    )
    assert messages["SC204"] == (
        "claimed a score of 18 after the round; the replay gives 17: 8 + 9 − 0 = 17 (R6.4)"
    )


def test_claimed_wall_cells_are_located_to_the_letter() -> None:
    text = (
        "kind: round\nplayers:\n  - name: Anna\n    score: 8\n"
        '    wall: [".....", ".B...", "KW.Y.", "..W..", "....."]\n'
        '    lines: ["", "YY", "BBB", "YY", ""]\n'
        '    claimed:\n      wall: [".....", ".BY..", "KWBY.", "..WB.", "....."]\n'
    )
    report = run(text, "t.yaml")
    [v] = report.violations
    assert v.code == "SC205"
    # Row 4 is the fourth string on line 8; its 'B' is the fourth cell.
    line8 = text.splitlines()[7]
    assert (v.location.line, v.location.column) == (8, line8.index("..WB.") + 4)


def test_a_round_score_above_what_its_start_wall_could_have_earned_is_a_warning() -> None:
    """The score before a round was earned by the wall the round starts with (R5, R8.1); a
    round document gives it rather than claims it, so the round is still checked from it."""
    over, exact = copy.deepcopy(E1), E1
    over["players"][0]["score"] = 9
    report = run(over)
    [hit] = [v for v in report.violations if v.code == "SC125"]
    assert (hit.args["score"], hit.args["most"], hit.args["gap"]) == (9, 8, 1)
    assert hit.message.startswith("the score before this round is 9, but the wall the round")
    assert "the score track before this round cannot be right" in hit.message
    assert hit.severity is Severity.WARNING and report.ok
    assert hit.location.line is not None and hit.player == "Anna"
    assert not [v for v in report.violations if v.code == "SC115"]
    assert report.rounds[0].tilings[0].score_after == 9 + 9  # E1's +2 and +7 on the given 9
    assert not found(run(exact), "SC125")


def test_a_claimed_final_above_the_final_walls_maximum_is_sc215_after_a_round_too() -> None:
    # Boris ends with row 1 and two lone tiles: at most 15 + 1 + 1, and 2 for the row.
    [hit] = [v for v in run(claim(TIE, 1, final=20)).violations if v.code == "SC215"]
    assert (hit.args["claimed"], hit.args["most"], hit.args["gap"]) == (20, 19, 1)
    near = run(claim(TIE, 1, final=19))
    assert not found(near, "SC215") and found(near, "SC209")


def test_info_and_warning_do_not_fail_the_report() -> None:
    report = run(CASES["SC108"][0])
    assert [v.severity for v in report.violations] == [Severity.INFO]
    assert report.ok


# --- Issue 18 -----------------------------------------------------------------------------------


def test_two_markers_on_one_floor_are_caught_as_text_as_a_number_and_in_a_record() -> None:
    """Item 1: there is one first-player marker (R1.3), also on a single floor."""
    as_number = "kind: round\nplayers:\n  - name: Anna\n    floor: 11\n"
    record = (
        "kind: game\nplayers: [Anna, Boris]\nrounds:\n"
        '  - Anna: {lines: ["B", "", "", "", ""], floor: "1 1"}\n'
        '    Boris: {lines: ["", "", "", "", ""], floor: ""}\n'
    )
    for text, round_number in ((as_number, None), (record, 1)):
        report = run(text)
        [hit] = [v for v in report.violations if v.code == "SC111"]
        assert (hit.player, hit.round, hit.location.line) == ("Anna", round_number, 4)
        assert hit.message == (
            "the floor holds the first-player marker 2 times; there is only one (R1.3)"
        )
        assert not report.ok
    text = 'kind: round\nplayers:\n  - name: Anna\n    floor: "1 1 R"\n'
    [hit] = [v for v in run(text).violations if v.code == "SC111"]
    assert hit.location.column == text.splitlines()[3].index("1 R") + 1  # the second marker
