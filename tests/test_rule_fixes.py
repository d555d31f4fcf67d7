"""Issue 18's wrong results, each pinned by the case that showed it (items 2, 3, 4, 5, 6, 15).

Items 1-6 that a round document can show are also run through the express lane, which must
answer as the general path does or step aside (tests/test_express.py compares the bytes).
"""

from __future__ import annotations

import json

from scorecheck.core.check import Report
from scorecheck.core.scoring import FloorScore
from scorecheck.core.tiles import parse_floor
from scorecheck.express import express_line
from scorecheck.report.explain import format_explain
from scorecheck.report.jsonfmt import report_dict
from tests.conftest import check_yaml
from tests.test_express import compare


def messages(report: Report, code: str) -> list[str]:
    return [v.message for v in report.violations if v.code == code]


def floor_round(floor: str) -> str:
    return f"kind: round\nplayers: [{{name: A, floor: '{floor}'}}]\n"


# --- Item 2: the marker on a full floor (D1) ---------------------------------------------------


def test_a_marker_on_a_full_floor_takes_no_slot_and_does_not_go_to_the_lid() -> None:
    report = check_yaml(floor_round("RRRRRRRR1"))
    assert messages(report, "SC108") == [
        "9 floor entries: only 7 slots are penalised, and 1 tile beyond them went to the lid "
        "without penalty (R6.3)"
    ]
    assert messages(report, "SC109") == [
        "the first-player marker came when the floor was already full: it takes no slot and "
        "stays with its taker; the penalty stays that of 7 slots (D1, R6.5)"
    ]
    [tiling] = report.rounds[0].tilings
    assert (tiling.floor.penalty, tiling.floor.overflow, tiling.to_lid) == (14, 1, 8)
    floor = report_dict(report)["rounds"][0]["players"][0]["floor"]
    assert (floor["occupied"], floor["overflow"], floor["to_lid"]) == (7, 1, 8)
    text = format_explain(report)
    assert "takes a slot" not in text
    assert "came when the floor was already full: it takes no slot" in text
    assert "1 tile beyond the seventh slot goes to the lid without penalty (R6.3)." in text


def test_a_marker_just_after_seven_tiles_sends_nothing_to_the_lid() -> None:
    report = check_yaml(floor_round("RRRRRRR1"))
    assert [v.code for v in report.violations] == ["SC109"]  # no tile went beyond the slots
    assert "beyond the seventh slot" not in format_explain(report)
    near = check_yaml(floor_round("1RRRRRRR"))  # the marker in slot 1, a tile beyond slot 7
    assert [v.code for v in near.violations] == ["SC108"]
    assert "takes a slot and costs like a tile" in format_explain(near)


def test_floor_scores_count_only_tiles_beyond_the_seventh_slot_as_overflow() -> None:
    for text, overflow in (("RRRRRRRR1", 1), ("RRRRRRR1", 0), ("1RRRRRRR", 1), ("RRRRRRRRR", 2)):
        assert FloorScore.of(parse_floor(text)).overflow == overflow, text
    for text in ("RRRRRRRR1", "RRRRRRR1"):  # the lane leaves a floor past 7 to the general path
        line = json.dumps({"kind": "round", "players": [{"name": "A", "floor": text}]}).encode()
        assert express_line("a.jsonl", 1, line, debug=True) is None
        assert compare(line) is None
