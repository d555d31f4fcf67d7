"""Each violation code's trigger and near miss (CASES), and the small documents they are made of."""

from __future__ import annotations

import copy
import json
from typing import Any

from scorecheck.api import check_text
from scorecheck.core.results import Report
from tests.support.record_cases import CASES as RECORD_CASES
from tests.support.record_cases import game_yaml

EMPTY = ["....."] * 5


def board(name: str = "Anna", **fields: Any) -> dict[str, Any]:
    return {"name": name, "score": 0, "wall": list(EMPTY), "lines": [""] * 5, **fields}


def round_doc(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"kind": "round", "players": list(players or [board()]), **extra}


def run(doc: dict[str, Any] | str | bytes, name: str = "") -> Report:
    text = doc if isinstance(doc, str | bytes) else json.dumps(doc)
    name = name or ("t.json" if isinstance(doc, dict) else "t.yaml")
    [report] = check_text(name, text)
    return report


def found(report: Report, code: str) -> bool:
    return any(v.code == code for v in report.violations)


def with_lines(*lines: str, **fields: Any) -> dict[str, Any]:
    return round_doc(board(lines=list(lines), **fields))


# A tie broken by rows: Anna completes rows 1 and 2, Boris row 1; both end on 18.
TIE = round_doc(
    board(
        "Anna",
        score=2,
        wall=["BYRK.", "WBYR.", ".....", ".....", "....."],
        lines=["W", "KK", "", "", ""],
    ),
    board(
        "Boris",
        score=12,  # the most his wall could have earned (R5, R8.1)
        wall=["BYRK.", ".....", "..B..", ".K...", "....."],
        lines=["W", "", "", "", ""],
        floor="1",
    ),
)


def tie(**claimed: Any) -> dict[str, Any]:
    doc = copy.deepcopy(TIE)
    doc["claimed"] = claimed
    return doc


def claim(doc: dict[str, Any], index: int, **claimed: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    doc["players"][index]["claimed"] = claimed
    return doc


E1 = round_doc(
    board(
        score=8,  # the most that wall could have earned (R5, R8.1)
        wall=[".....", ".B...", "KW.Y.", "..W..", "....."],
        lines=["", "YY", "BBB", "YY", ""],
    )
)
E1_AFTER = [".....", ".BY..", "KWBY.", "..W..", "....."]

YY = ["", "YY", "", "", ""]


def grey(**fields: Any) -> dict[str, Any]:
    """A one-board round on the grey wall (R9)."""
    return round_doc(board(**fields), variant="grey")


def slipped_record(fourth: int) -> str:
    """Anna fills row 1 from the left (replay 1, 3, 6, 10); the pad writes 1, 5, 8, `fourth`."""
    return game_yaml(
        [
            {"Anna": (c + "||||", "", f"claimed: {{score: {s}}}"), "Boris": ("||||", "1")}
            for c, s in zip("BYRK", (1, 5, 8, fourth), strict=True)
        ]
    )


def claimed_walls(rows_two_to_five: str) -> str:
    """Anna places B then Y in row 1; round 1 claims a stray tile, round 2 these rows."""
    claims = (
        ["B....", ".....", "..B..", ".....", "....."],
        ["BY...", *rows_two_to_five.split("|")],
    )
    return game_yaml(
        [
            {
                "Anna": (c + "||||", "", f"claimed: {{wall: {json.dumps(w)}}}"),
                "Boris": ("||||", "1"),
            }
            for c, w in zip("BY", claims, strict=True)
        ]
    )


# code -> (trigger, near miss); each is a document (dict) or raw text.
def final_row(**fields: Any) -> dict[str, Any]:
    """A final document whose only tiles are a complete first row."""
    return {"kind": "final", "players": [{"name": "A", "wall": ["BYRKW"] + EMPTY[1:], **fields}]}


CASES: dict[str, tuple[Any, Any]] = {
    "SC001": (
        "kind: round\n".encode("latin-1") + "name: Jos\xe9\n".encode("latin-1"),
        "kind: round\nplayers: [{name: José}]\n".encode(),
    ),
    "SC002": ("kind: round\nplayers: [{name: Anna}\n", "kind: round\nplayers: [{name: Anna}]\n"),
    "SC003": (round_doc(board(score=-3)), round_doc(board(score=3))),
    "SC005": (round_doc(board(), {"score": 10}), round_doc(board(), {"name": "Bo", "score": 10})),
    "SC006": (
        round_doc(board(wall=[".B...", "..W..", "..R..", ".....", "....."])),
        round_doc(board(wall=[".B...", ".....", "..B..", ".....", "....."])),
    ),
    "SC007": (round_doc(board(floor="12R")), round_doc(board(floor="1 2R"))),
    # A Cyrillic А in the second name; 'Анна' all in Cyrillic does not look like 'Anna'.
    "SC008": (
        round_doc(board("Anna"), board("\u0410nna")),
        round_doc(board("Anna"), board("\u0410\u043d\u043d\u0430")),
    ),
    "SC101": (with_lines("", "YYY", "", "", ""), with_lines("", "YY", "", "", "")),
    "SC102": (with_lines("", "YB", "", "", ""), with_lines("", "YY", "", "", "")),
    "SC103": (
        round_doc(
            board(wall=[".....", ".B...", ".....", ".....", "....."], lines=["", "BB", "", "", ""])
        ),
        round_doc(
            board(wall=[".....", ".B...", ".....", ".....", "....."], lines=["", "YY", "", "", ""])
        ),
    ),
    "SC104": (
        round_doc(board(wall=["Y....", ".....", ".....", ".....", "....."])),
        round_doc(board(wall=["B....", ".....", ".....", ".....", "....."])),
    ),
    "SC105": (
        round_doc(*(board(f"P{i}", floor="RRRRRR") for i in range(3)), board("P4", floor="RRR")),
        round_doc(*(board(f"P{i}", floor="RRRRRR") for i in range(3)), board("P4", floor="RR")),
    ),
    "SC106": (
        round_doc(board("A", floor="1"), board("B", floor="1 R")),
        round_doc(board("A", floor="1"), board("B", floor="R")),
    ),
    "SC107": (
        round_doc(*(board(f"P{i}") for i in range(5))),
        round_doc(*(board(f"P{i}") for i in range(4))),
    ),
    "SC108": (
        with_lines("", "", "", "", "", floor="1 R R R R R R R"),
        with_lines("", "", "", "", "", floor="1 R R R R R R"),
    ),
    "SC109": (
        with_lines("", "", "", "", "", floor="R R R R R R R 1"),
        with_lines("", "", "", "", "", floor="1 R R R R R R R"),
    ),
    "SC111": (
        with_lines("", "", "", "", "", floor="1 1 R"),
        with_lines("", "", "", "", "", floor="1 R R"),
    ),
    "SC112": (  # row 1 complete before tiling; the near miss completes it in this round
        round_doc(board(wall=["BYRKW"] + EMPTY[1:])),
        round_doc(board(wall=["BYRK."] + EMPTY[1:], lines=["W", "", "", "", ""])),
    ),
    "SC113": (  # round 2 written 2 too high, then round 4 adds 1 where the replay adds 4
        slipped_record(9),
        slipped_record(12),  # round 4 right when counted on: the round-2 slip carried (SC305)
    ),
    "SC114": (  # a stray blue tile claimed after round 1, copied into round 2's claim
        claimed_walls(".....|..B..|.....|....."),
        claimed_walls(".....|.....|.....|....."),
    ),
    "SC110": (
        {"kind": "final", "players": [{"name": "A", "score": 5, "wall": ["BYRK."] + EMPTY[1:]}]},
        {"kind": "final", "players": [{"name": "A", "score": 5, "wall": ["BYRKW"] + EMPTY[1:]}]},
    ),
    # A complete first row alone earns at most 1 + 2 + 3 + 4 + 5 = 15 (R5), and 2 for the row.
    "SC115": (final_row(score=16), final_row(score=15)),
    "SC215": (
        final_row(score=15, claimed={"final": 18}),
        final_row(score=15, claimed={"final": 17}),
    ),
    # Grey wall (R9): board-level checks of chosen columns and lines sent to the floor.
    "SC120": (grey(wall=["B.B.."] + EMPTY[1:]), grey(wall=["B.Y.."] + EMPTY[1:])),
    "SC121": (
        grey(wall=[".....", ".B..."] + EMPTY[2:], lines=YY, columns=[None, 2, None, None, None]),
        grey(wall=[".....", ".B..."] + EMPTY[2:], lines=YY, columns=[None, 3, None, None, None]),
    ),
    "SC122": (grey(lines=YY), grey(lines=YY, columns=[None, 3, None, None, None])),
    "SC123": (
        grey(lines=["", "", "", "KK", ""], columns=[None, None, None, 3, None]),
        grey(lines=["", "", "", "KKKK", ""], columns=[None, None, None, 3, None]),
    ),
    "SC124": (
        grey(wall=["BYRK.", "....W"] + EMPTY[2:], lines=["W", "", "", "", ""]),
        grey(
            wall=["BYRK.", "....."] + EMPTY[2:],
            lines=["W", "", "", "", ""],
            columns=[5] + [None] * 4,
        ),
    ),
    # A round document's score before the round: one tile on the wall earned 1 at most (R5).
    "SC125": (
        round_doc(board(score=2, wall=["B...."] + EMPTY[1:])),
        round_doc(board(score=1, wall=["B...."] + EMPTY[1:])),
    ),
    "SC201": (claim(E1, 0, points=[2, 8]), claim(E1, 0, points=[2, 7])),
    "SC202": (claim(E1, 0, points=[2]), claim(E1, 0, points=[2, 7])),
    "SC203": (
        claim(with_lines("", "", "", "", "", floor="1 R R"), 0, penalty=3),
        claim(with_lines("", "", "", "", "", floor="1 R R"), 0, penalty=-4),
    ),
    "SC204": (claim(E1, 0, score=18), claim(E1, 0, score=17)),
    "SC205": (
        claim(E1, 0, wall=[".....", ".BY..", "KWBY.", "..WB.", "....."]),
        claim(E1, 0, wall=E1_AFTER),
    ),
    "SC206": (
        claim(E1, 0, wall=[".....", ".BY..", "KWBYR", "..W..", "....."]),
        claim(E1, 0, wall=E1_AFTER),
    ),
    "SC207": (
        claim(E1, 0, wall=[".....", ".BY..", "KW.Y.", "..W..", "....."]),
        claim(E1, 0, wall=E1_AFTER),
    ),
    "SC208": (
        claim(E1, 0, wall=[".....", ".BY..", "KWBY.", "..K..", "....."]),
        claim(E1, 0, wall=E1_AFTER),
    ),
    "SC209": (claim(TIE, 0, final=19), claim(TIE, 0, final=18)),
    "SC210": (tie(winner=["Anna", "Boris"]), tie(winner="Anna")),
    "SC211": (claim(E1, 0, final=17), claim(E1, 0, score=17)),
    "SC212": (tie(winner="Ana"), tie(winner="Anna")),
    "SC213": (tie(winner=["Anna", "Anna"]), tie(winner=["Anna"])),
    **RECORD_CASES,  # game records judged as a whole: tests/support/record_cases.py
}
