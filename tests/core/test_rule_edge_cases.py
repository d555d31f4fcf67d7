"""Edge cases of the rules, each pinned by a document that shows it: where a replay, a claim
or a record is easy to get wrong.

The cases a round document can show are also run through the plain-round path, which must
answer as the general path does or step aside (tests/batch/test_plain_rounds.py compares the bytes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from scorecheck import plainrounds
from scorecheck.chunks import Options, check_chunk
from scorecheck.core import limits
from scorecheck.core.results import Report
from scorecheck.core.scoring import FloorScore
from scorecheck.core.tiles import parse_floor
from scorecheck.i18n import using, violation_message
from scorecheck.inputs import LineUnit
from scorecheck.plainrounds import plain_round_report
from scorecheck.report.explain import format_explain
from scorecheck.report.jsonfmt import report_dict
from scorecheck.report.text import format_text
from tests.support.checking import check_yaml
from tests.support.record_cases import Entry, game_yaml
from tests.support.two_paths import compare, general


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
    for text in ("RRRRRRRR1", "RRRRRRR1"):  # answered past 7 as the general path does
        line = json.dumps({"kind": "round", "players": [{"name": "A", "floor": text}]}).encode()
        assert plain_round_report("a.jsonl", 1, line, debug=True) is not None
        assert compare(line)  # SC108 and SC109, or SC109 alone, as the general path says them


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
        "ru": (
            "Lea, Max и Kim набрали поровну, по 52 очка",
            "больше всех полных рядов, по 2 ряда, у игроков Lea и Max",
        ),
        "ja": ("Lea、Max、Kimは52点で並び", "LeaとMax（2列）が勝利を分け合います"),
    }
    for lang, parts in expected.items():
        with using(lang):
            report = check_yaml(three_way_tie())
            [message] = [violation_message(v) for v in report.violations if v.code == "SC210"]
            explained = " ".join(format_explain(report).split())
        for part in parts:
            assert part in message, (lang, message)
        assert "Kim" not in message.split(parts[0])[1], (lang, message)  # not among the winners
        assert "Lea、Max、Kim" in explained or "Lea, Max и Kim" in explained, explained


def test_a_tie_of_all_three_on_points_and_rows_is_shared_by_all_three() -> None:
    report = check_yaml(three_way_tie(claimed="Kim", lea=50, rows=1))
    assert messages(report, "SC210") == [
        "claimed winner Kim; the replay gives Kim, Lea and Max: Kim, Lea and Max are tied on 52 "
        "and on complete rows (1): a shared victory (D5) (R8.3)"
    ]


def test_the_lane_ranks_a_three_way_tie_as_the_general_path_and_leaves_it_the_reason() -> None:
    """Kim ends on 10 + 5 + 2, Lea and Max on 1 + 5 + 7 + 4: all 17, Lea and Max with 2 rows;
    each starts at no more than the wall could have earned (SC115)."""
    row_one, empty = "B Y R K .", ["....."] * 3
    players: list[dict[str, Any]] = [
        {"name": "Kim", "score": 10, "wall": [row_one, ".....", *empty], "lines": ["W"]},
        *(
            {"name": n, "score": 1, "wall": [row_one, "WBYR.", *empty], "lines": ["W", "KK"]}
            for n in ("Lea", "Max")
        ),
    ]
    for board in players:
        board["lines"] += [""] * (5 - len(board["lines"]))
    line = json.dumps({"kind": "round", "players": players}).encode()
    assert compare(line) == 0  # the plain-round path answers, as the general path does
    final = json.loads(plain_round_report("a.jsonl", 1, line, debug=True)[0])["final"]  # type: ignore[index]
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
        "ja": "Anna、Boris、Clara",
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
    assert compare(line.encode()) is None  # the plain-round path leaves it to the general path


# --- Item 5: a second slip after a carried one ---------------------------------------------------


def slips(third: int = 8, fourth: int = 9, written: str = "claimed: {{score: {}}}") -> str:
    """Anna fills row 1 from the left, +1 +2 +3 +4: the replay gives 1, 3, 6, 10. The pad
    writes round 2 as 5 (+2) and counts on; round 4 adds only 1 to its 8."""
    rounds: list[dict[str, Entry]] = [
        {"Anna": (c + "||||", "", written.format(s)), "Boris": ("||||", "1")}
        for c, s in zip("BYRK", (1, 5, third, fourth), strict=True)
    ]
    return game_yaml(rounds)


def test_a_second_slip_after_a_carried_one_says_what_that_round_got_wrong() -> None:
    report = check_yaml(slips())
    anna = [(v.code, v.round) for v in report.violations if v.player == "Anna"]
    assert anna == [("SC204", 2), ("SC305", 3), ("SC113", 4)]
    assert messages(report, "SC113") == [
        "the claimed score 9 after round 4 adds 1 to the record's 8 after round 3, but the "
        "replay adds 4 (4 − 0); this is a new mistake besides the one of round 2 that it "
        "carries; the replay gives 10 (R5, R6.4)"
    ]
    recorded = check_yaml(slips(written="score: {}"))
    assert [v.code for v in recorded.violations if v.player == "Anna"][-1] == "SC113"
    assert "the recorded score 9 after round 4 adds 1" in messages(recorded, "SC113")[0]
    # Right on its own after the carried slip: a carried mistake, not a new one.
    assert "SC113" not in [v.code for v in check_yaml(slips(fourth=12)).violations]
    # Wrong on its own where nothing is carried: the plain wrong claim.
    alone = check_yaml(slips(third=6, fourth=7))
    assert [(v.code, v.round) for v in alone.violations if v.player] == [("SC204", 2), ("SC204", 4)]


def as_json_line(text: str) -> bytes:
    return json.dumps(yaml.safe_load(text), separators=(",", ":")).encode()


def test_records_with_carried_mistakes_go_the_general_path_in_archives_too() -> None:
    """Items 5 and 6 in a JSON Lines archive: the plain-round path steps aside and the batch writes
    what the general path writes, the new codes included."""
    stray = [".....", "..B..", ".....", "....."]
    records = [slips(), walls_claimed(["B....", *stray], ["BY...", *stray])]
    units = [LineUnit("a.jsonl", n, as_json_line(t)) for n, t in enumerate(records, start=1)]
    assert all(plain_round_report("a.jsonl", u.number, u.data, debug=True) is None for u in units)
    done = check_chunk(units, Options(fmt="json", debug=True))
    assert isinstance(done.output, list)
    assert done.output == [general(u.data, u.number, "a.jsonl")[0] for u in units]
    found = [json.loads(out)["violations"] for out in done.output]
    assert "SC113" in [v["code"] for v in found[0]]
    assert "SC114" in [v["code"] for v in found[1]]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 2, -1, "same"]), min_size=4, max_size=4))
def test_slips_and_carried_slips_match_a_simple_pad_by_its_offsets(moves: list[int | str]) -> None:
    """A pad written every round, each score the replay's plus an offset; scores only grow, so
    nothing is clamped. An offset of 0 is right; the offset before it repeated is a carried
    mistake (SC305); any other offset is a new slip: SC113 after a carried one, else SC204."""
    offsets: list[int] = []
    for move in moves:
        if move == "same":
            offsets.append(offsets[-1] if offsets else 0)
        else:
            offsets.append(int(move))
    actual = [1, 3, 6, 10]  # Anna fills row 1 from the left (see slips)
    rounds: list[dict[str, Entry]] = [
        {"Anna": (c + "||||", "", f"claimed: {{score: {a + o}}}"), "Boris": ("||||", "1")}
        for c, a, o in zip("BYRK", actual, offsets, strict=True)
    ]
    report = check_yaml(game_yaml(rounds))
    expected = []
    for n, offset in enumerate(offsets):
        before = offsets[n - 1] if n else 0
        if offset == 0:
            continue
        if offset == before:
            expected.append(("SC305", n + 1))
        else:
            expected.append(("SC113" if before else "SC204", n + 1))
    assert [(v.code, v.round) for v in report.violations if v.player == "Anna"] == expected


# --- Item 6: game records say each mistake once -------------------------------------------------


def walls_claimed(*walls: list[str], third: str = "R||||") -> str:
    """Anna fills row 1 from the left and claims each round's wall after tiling."""
    rounds: list[dict[str, Entry]] = [
        {"Anna": (c + "||||", "", f"claimed: {{wall: {json.dumps(w)}}}"), "Boris": ("||||", "1")}
        for c, w in zip("BY" + third[0], walls, strict=False)
    ]
    return game_yaml(rounds)


STRAY = [".....", "..B..", ".....", "....."]  # rows 2-5 with a blue tile nobody placed
EMPTY = ["....."] * 4


def test_a_wrong_wall_claim_copied_into_later_rounds_is_an_error_once() -> None:
    # Round 1 claims a stray blue tile in row 3; rounds 2 and 3 copy it, otherwise right.
    report = check_yaml(walls_claimed(["B....", *STRAY], ["BY...", *STRAY], ["BYR..", *STRAY]))
    anna = [(v.code, v.round) for v in report.violations if v.player == "Anna"]
    assert anna == [("SC205", 1), ("SC114", 2), ("SC114", 3)]
    assert messages(report, "SC114")[0] == (
        "the wall claimed after round 2 repeats, at row 3, column 3 (recorded blue, replay "
        "empty), the mistake of the wall claimed after round 1, reported there (R4.1)"
    )
    [copied] = [v for v in report.violations if v.code == "SC114"][:1]
    assert copied.location.line == 6  # round 2's claimed wall, Anna's entry
    assert [v.severity.value for v in report.violations if v.code == "SC114"] == ["warning"] * 2
    # A new mistake beside a copied one is an error of its own.
    again = check_yaml(walls_claimed(["B....", *STRAY], ["BY...", *STRAY], ["BY..R", *STRAY]))
    third = {v.code for v in again.violations if v.player == "Anna" and v.round == 3}
    assert third == {"SC114", "SC207", "SC208"}
    # Without the copy the later rounds are right: nothing to say about them.
    right = check_yaml(walls_claimed(["B....", *STRAY], ["BY...", *EMPTY], ["BYR..", *EMPTY]))
    assert [(v.code, v.round) for v in right.violations if v.player == "Anna"] == [("SC205", 1)]


def test_a_record_of_too_many_players_says_so_once() -> None:
    names = ["A", "B", "C", "D", "E"]
    rounds = [{n: ("||||", "1" if n == "A" else "") for n in names}] * 2
    report = check_yaml(game_yaml(rounds, players=names))
    found = [v.code for v in report.violations if v.code in ("SC107", "SC301")]
    assert found == ["SC301"]


# --- Item 15: limits that agree ------------------------------------------------------------------


def near_the_limit(score: int, claimed: dict[str, object]) -> bytes:
    """A board that completes row 1 with a tile joining four: +5, and +2 for the row."""
    board = {
        "name": "Anna",
        "score": score,
        "wall": ["BYRK.", *["....."] * 4],
        "lines": ["W", "", "", "", ""],
        "claimed": claimed,
    }
    return json.dumps({"kind": "round", "players": [board]}).encode()


def test_every_score_the_replay_reaches_from_an_accepted_score_can_be_claimed() -> None:
    top = limits.MAX_SCORE
    line = near_the_limit(top, {"points": [5], "penalty": 0, "score": top + 5, "final": top + 7})
    report = check_yaml(line.decode())
    # Accepted, and judged: no wall earns that much (SC125), nor that much with bonuses (SC215).
    assert not report.unusable and [v.code for v in report.violations] == ["SC125", "SC215"]
    assert compare(line) is None  # a claimed final is the general path's
    plain = near_the_limit(top, {"points": [5], "penalty": 0, "score": top + 5})
    assert compare(plain) in (None, 1)  # the path steps aside, or writes SC125 as it does
    too_high = near_the_limit(top + 1, {"score": top + 6})
    assert [v.code for v in check_yaml(too_high.decode()).violations] == ["SC003"]
    assert compare(too_high) is None  # the plain-round path steps aside, the general path refuses
    beyond = near_the_limit(top, {"score": limits.MAX_CLAIMED_SCORE + 1})
    assert [v.code for v in check_yaml(beyond.decode()).violations] == ["SC003"]
    wrong = near_the_limit(top, {"score": limits.MAX_CLAIMED_SCORE})  # in range, but wrong
    assert [v.code for v in check_yaml(wrong.decode()).violations] == ["SC125", "SC204"]
    assert compare(wrong) in (None, 2)  # the path steps aside, or writes both as it does


def test_the_claimable_bound_is_what_the_rules_allow_beyond_a_given_score() -> None:
    """A round adds at most 5 tiles of 10 points (R4.3, R5.2); bonuses at most 5 rows, 5
    columns and 5 colours (R8.2)."""
    assert limits.MAX_TILE_POINTS == 5 + 5
    assert limits.MAX_ROUND_POINTS == 5 * 10
    assert limits.MAX_BONUS == 5 * 2 + 5 * 7 + 5 * 10
    assert limits.MAX_PENALTY == 1 + 1 + 2 + 2 + 2 + 3 + 3
    assert limits.MAX_CLAIMED_SCORE == limits.MAX_SCORE + 50 + 95


def test_the_models_and_the_loaders_take_their_bounds_from_the_core() -> None:
    from scorecheck.load import fast, models

    schema = models.RoundClaims.model_json_schema()["properties"]
    assert schema["points"]["anyOf"][0]["items"]["maximum"] == limits.MAX_CLAIMED_POINTS
    assert schema["penalty"]["anyOf"][0]["maximum"] == limits.MAX_PENALTY
    assert schema["score"]["anyOf"][0]["maximum"] == limits.MAX_CLAIMED_SCORE
    assert schema["final"]["anyOf"][0]["maximum"] == limits.MAX_CLAIMED_SCORE
    board = models.RoundBoard.model_json_schema()["properties"]
    assert board["score"]["maximum"] == limits.MAX_SCORE
    assert board["name"]["anyOf"][0]["maxLength"] == limits.MAX_NAME
    for module in (fast, models, plainrounds):  # none keeps a number of its own
        source = Path(module.__file__ or "").read_text(encoding="utf-8")
        assert "10_000" not in source and "= 50\n" not in source and "= 14\n" not in source
