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
from scorecheck.i18n import using, violation_message
from scorecheck.report.explain import format_explain
from scorecheck.report.jsonfmt import report_dict
from scorecheck.report.text import format_text
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


# --- Item 3: a three-way tie, and lists of names ------------------------------------------------


def three_way_tie(claimed: str = "Kim", lea: int = 48, rows: int = 2) -> str:
    """Kim has 50 and row 1; Lea and Max have `lea` and rows 1..`rows`: all end on 52."""
    full = ["BYRKW", "WBYRK", "KWBYR"]

    def wall(count: int) -> str:
        return json.dumps(full[:count] + ["....."] * (5 - count))

    return (
        "kind: final\nplayers:\n"
        f"  - {{name: Kim, score: 50, wall: {wall(1)}}}\n"
        f"  - {{name: Lea, score: {lea}, wall: {wall(rows)}}}\n"
        f"  - {{name: Max, score: {lea}, wall: {wall(rows)}}}\n"
        f"claimed: {{winner: {claimed}}}\n"
    )


def test_a_three_way_tie_names_as_tied_on_rows_only_the_players_who_are() -> None:
    report = check_yaml(three_way_tie())
    assert report.final is not None
    assert list(report.final.winners) == ["Lea", "Max"]
    assert messages(report, "SC210") == [
        "claimed winner Kim; the replay gives Lea and Max: Lea, Max and Kim are tied on 52; "
        "Lea and Max have the most complete rows (2) and share the victory (D4, D5) (R8.3)"
    ]
    text = format_text(report)
    assert "Lea, Max and Kim are tied on 52; Lea and Max have the most complete rows (2)" in text
    explained = format_explain(report)
    assert "Lea, Max and Kim are tied on 52; Lea and Max have the most complete rows (2)" in (
        " ".join(explained.split())
    )
    assert "and on complete rows" not in text + explained


def test_the_three_way_tie_reads_as_natives_list_names_in_russian_and_japanese() -> None:
    expected = {
        "ru": ("Lea, Max и Kim набирают поровну (52)", "Lea и Max собирают больше всех полных"),
        "ja": ("Lea、MaxとKimは52点で並び", "LeaとMax (2本) の同率勝利"),
    }
    for lang, parts in expected.items():
        with using(lang):
            report = check_yaml(three_way_tie())
            [message] = [violation_message(v) for v in report.violations if v.code == "SC210"]
            explained = " ".join(format_explain(report).split())
        for part in parts:
            assert part in message, (lang, message)
        assert "Kim" not in message.split(parts[0])[1], (lang, message)  # not among the winners
        assert "Lea、MaxとKim" in explained or "Lea, Max и Kim" in explained, explained


def test_a_tie_of_all_three_on_points_and_rows_is_shared_by_all_three() -> None:
    report = check_yaml(three_way_tie(claimed="Kim", lea=50, rows=1))
    assert messages(report, "SC210") == [
        "claimed winner Kim; the replay gives Kim, Lea and Max: Kim, Lea and Max are tied on 52 "
        "and on complete rows (1): a shared victory (D5) (R8.3)"
    ]


def test_the_lane_ranks_a_three_way_tie_as_the_general_path_and_leaves_it_the_reason() -> None:
    """Kim ends on 45 + 5 + 2, Lea and Max on 36 + 5 + 7 + 4: all 52, Lea and Max with 2 rows."""
    row_one, empty = "B Y R K .", ["....."] * 3
    players = [
        {"name": "Kim", "score": 45, "wall": [row_one, ".....", *empty], "lines": ["W"]},
        *(
            {"name": n, "score": 36, "wall": [row_one, "WBYR.", *empty], "lines": ["W", "KK"]}
            for n in ("Lea", "Max")
        ),
    ]
    for board in players:
        board["lines"] += [""] * (5 - len(board["lines"]))
    line = json.dumps({"kind": "round", "players": players}).encode()
    assert compare(line) == 0  # the lane answers, as the general path does
    final = json.loads(express_line("a.jsonl", 1, line, debug=True)[0])["final"]  # type: ignore[index]
    assert (final["winners"], final["decided_by"]) == (["Lea", "Max"], "shared")
    claimed = json.dumps({"kind": "round", "players": players, "claimed": {"winner": "Kim"}})
    assert compare(claimed.encode()) is None  # a claimed winner is the general path's
    report = check_yaml(claimed)
    assert "Lea and Max have the most complete rows (2)" in messages(report, "SC210")[0]


def test_lists_of_names_read_as_people_list_them_in_every_language() -> None:
    doc = "kind: round\nplayers:\n" + "".join(
        f"  - {{name: {n}, floor: '1'}}\n" for n in ("Anna", "Boris", "Clara")
    )
    expected = {
        "en": "Anna, Boris and Clara",
        "ru": "Anna, Boris и Clara",
        "ja": "Anna、BorisとClara",
    }
    for lang, names in expected.items():
        with using(lang):
            report = check_yaml(doc)
            [message] = [violation_message(v) for v in report.violations if v.code == "SC106"]
        assert names in message, (lang, message)
    unknown = check_yaml(three_way_tie(claimed="Dora"))
    assert "(players: Kim, Lea and Max)" in messages(unknown, "SC212")[0]


# --- Item 4: a round after the game ended ------------------------------------------------------


def test_a_round_whose_wall_already_has_a_complete_row_is_not_ok() -> None:
    text = (
        "kind: round\nplayers:\n"
        "  - name: Anna\n    score: 30\n"
        '    wall: [".....", "WBYRK", ".....", ".....", "....."]\n'
        '    lines: ["B", "", "", "", ""]\n'
        "  - name: Boris\n"
    )
    report = check_yaml(text)
    assert not report.ok
    [hit] = [v for v in report.violations if v.code == "SC112"]
    assert hit.player == "Anna"
    assert (hit.location.line, hit.location.column) == (
        5,
        text.splitlines()[4].index('"WBYRK"') + 1,
    )
    assert hit.message == (
        "row 2 of the wall is already complete before this round's tiling: the game ended "
        "after the round that completed it, and this round is not played (R8.1)"
    )
    line = json.dumps({"kind": "round", "players": [{"wall": ["BYRKW", *["....."] * 4]}]})
    assert compare(line.encode()) is None  # the lane leaves it to the general path
