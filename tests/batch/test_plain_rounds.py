"""The plain-round path writes exactly the report the general path writes, or steps aside.

Each generated line is a round document, mostly plain (what the plain-round path is for), often
with one or two things that are not: a broken table rule, a key given twice, a claim of the
wrong type, a form the path does not read. Whenever the path answers, its report must be the
general path's, byte for byte, with the same violations; whenever it steps aside, the general path
answers as before. The plain-round path must answer for every plain line of the benchmark workload.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorecheck import plainrounds
from scorecheck.chunks import Options, check_chunk
from scorecheck.core.scoring import EndBonus
from scorecheck.core.tiles import (
    COLORS,
    SIZE,
    Wall,
    complete_bits,
    printed_color,
    printed_column,
    printed_full_colors,
)
from scorecheck.i18n import using
from scorecheck.inputs import LineUnit
from tests.support.examples import ROOT
from tests.support.two_paths import compare, general, plain_path
from tests.support.workload import workload

NAMES = ["Anna", "Boris", "Чиё", "千代", 'Emi "E"', "Back\\slash", "Player 2", "x" * 60]
BAD_NAMES: list[Any] = ["", " ", "\u200b", "x" * 61, 5, "Anna\x7f", "A\u2028B"]


def wall_row(rng: random.Random, r: int, fill: float) -> str:
    cells = [printed_color(r, c).letter if rng.random() < fill else "." for c in range(SIZE)]
    roll = rng.random()
    if roll < 0.005:  # a tile off its printed cell (SC104)
        cells[rng.randrange(SIZE)] = rng.choice(COLORS).letter
    elif roll < 0.03:
        cells = [c.lower() if c != "." and rng.random() < 0.5 else c for c in cells]
    elif roll < 0.05:
        cells = ["x" if c != "." else c for c in cells]
    elif roll < 0.052:
        cells.append(".")  # six cells
    gap = rng.choice([" ", "", " ", "\t", "/", " / "])
    return gap.join(cells)


def board(rng: random.Random, seat: int, marker: bool) -> dict[str, Any]:
    fill = rng.uniform(0, 0.6)
    walls = [wall_row(rng, r, fill) for r in range(SIZE)]
    lines = []
    for i in range(SIZE):
        roll = rng.random()
        cells = [ch for ch in walls[i] if ch not in " \t/"]
        free = [c for c in COLORS if cells[printed_column(i, c) % len(cells)] == "."]
        color = rng.choice(free if free and rng.random() < 0.98 else COLORS).letter
        count = i + 1 if roll < 0.5 else rng.randint(0, i + 1)
        if roll > 0.995:
            count = i + 2  # over capacity (SC101)
        text = color * count
        if 0.99 < roll < 0.995 and count > 1:
            text = text[:-1] + rng.choice(COLORS).letter  # maybe two colours (SC102)
        if rng.random() < 0.1:
            text = " ".join(text) + rng.choice(["", ".", " :"])
        lines.append(text)
    floor = ["1"] * (1 + (rng.random() < 0.02)) if marker else []  # twice: SC111
    entries = rng.choice([0, 0, 1, 1, 2, 3, 4, 6, 7] * 6 + [8])
    floor += [rng.choice(COLORS).letter for _ in range(entries)]
    result: dict[str, Any] = {
        "name": rng.choice(NAMES[:4]) + str(seat) if rng.random() < 0.9 else rng.choice(NAMES),
        "score": rng.choice([0, 1, 5, 20, 60, 99] * 5 + [10_000]),
        "wall": walls,
        "lines": lines,
        "floor": " ".join(floor) if rng.random() < 0.9 else "".join(floor),
    }
    for key in ("name", "score", "wall", "lines", "floor"):
        if rng.random() < 0.01:
            del result[key]
    return result


def claims(rng: random.Random, line: bytes, document: dict[str, Any]) -> None:
    """Claims on each board: right (from the general path's replay), near misses, odd types."""
    report = json.loads(general(line)[0])
    if not report["rounds"]:
        return
    for player, tiling in zip(document["players"], report["rounds"][0]["players"], strict=True):
        roll = rng.random()
        if roll < 0.15:
            if roll < 0.05:
                player["claimed"] = None  # a key with nothing claimed
            continue
        claimed: dict[str, Any] = {
            "points": [p["points"] for p in tiling["placements"]],
            "penalty": rng.choice([1, -1]) * tiling["floor"]["penalty"],
            "score": tiling["score_after"],
        }
        for key in list(claimed):
            roll = rng.random()
            if roll < 0.1:
                del claimed[key]
            elif roll < 0.2:
                claimed[key] = None
            elif roll < 0.35 and key != "points":
                claimed[key] += rng.choice([1, 2, -1])
            elif roll < 0.21:
                claimed[key] = rng.choice([True, 1.0, "3", 99, -20, 10_001, [1], {}])
            elif roll < 0.3 and key == "points" and claimed[key]:
                points = claimed[key]
                claimed[key] = rng.choice(
                    [points[:-1], [*points, 1], [points[0] + 1, *points[1:]]] * 4
                    + [[*points[:-1], points[-1] + 1]] * 4
                    + [[True] * len(points), [1.0] * len(points)]
                )
        if rng.random() < 0.01:
            claimed[rng.choice(["wall", "final", "bonus"])] = rng.choice([5, ["....."] * 5])
        player["claimed"] = claimed


def document(rng: random.Random) -> dict[str, Any]:
    count = rng.choice([1, 2, 2, 3, 3, 4, 4] * 3 + [5])
    marker = rng.randrange(count)
    players = [board(rng, seat, seat == marker or rng.random() < 0.01) for seat in range(count)]
    result: dict[str, Any] = {"kind": "round", "players": players}
    roll = rng.random()
    if roll < 0.05:
        result["variant"] = rng.choice(["colored", "grey", None])
    elif roll < 0.08:
        result["kind"] = rng.choice(["final", "game", "Round"])
    elif roll < 0.1:
        result["claimed"] = {"winner": players[0].get("name", "Player 1")}
    elif roll < 0.11:
        result["extra"] = 1
    for player in players:
        if rng.random() < 0.01:
            player["name"] = rng.choice(BAD_NAMES)
        if rng.random() < 0.01:
            player[rng.choice(["wall", "lines", "floor", "score"])] = rng.choice(
                [None, 3, ["B", ".", ".", ".", "."], [list(".....")] * 5, 1.5, True]
            )
        if rng.random() < 0.01:
            player["columns"] = [None] * SIZE
    return result


def text_of(rng: random.Random, data: dict[str, Any]) -> bytes:
    """The document as one JSON line, written in one of the ways machines and people write."""
    text = json.dumps(
        data,
        ensure_ascii=rng.random() < 0.3,
        separators=rng.choice([(",", ":"), (", ", ": "), (",", " : ")]),
    )
    roll = rng.random()
    if roll < 0.04:  # a key given twice: only the general path sees it
        text = text.replace('"players":', '"kind":"round","players":', 1)
        text = text.replace('{"name":', '{"score":1,"name":', 1)
    elif roll < 0.06:
        text = text.replace(", ", ",\r ", 1)
    elif roll < 0.07:
        text = "\ufeff" + text
    elif roll < 0.08:
        text += " x"
    elif roll < 0.09:
        text = text.replace('"score"', '"\\u0073core"', 1)
    return text.encode()


def line_of(rng: random.Random) -> bytes:
    data = document(rng)
    line = text_of(rng, data)
    if rng.random() < 0.9:
        claims(rng, line, data)
        line = text_of(rng, data)
    return line


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_the_lane_writes_what_the_general_path_writes(seed: int) -> None:
    compare(line_of(random.Random(seed)), number=1 + seed % 1000)


def test_the_lane_answers_for_most_generated_lines_and_steps_aside_for_the_rest() -> None:
    rng = random.Random(11)
    found = [compare(line_of(rng)) for _ in range(600)]
    answered = [count for count in found if count is not None]
    assert 0.2 < len(answered) / len(found) < 0.8, len(answered)
    assert sum(1 for count in answered if count) > len(answered) / 10  # wrong claims among them


def test_the_path_keeps_at_most_its_limit_of_readings_and_writes_the_same_reports_as_it_drops_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """However many rows and lines an archive holds, the plain-round path keeps at most its limit of
    their readings (its memory stays bounded); a full cache is emptied, and the reports stay the
    general path's."""
    kept = plainrounds.ROWS_AND_LINES
    monkeypatch.setattr(kept, "limit", 7)
    kept.clear()  # what earlier tests left
    rng = random.Random(23)
    sizes = []
    answered = 0
    for _ in range(150):
        answered += compare(line_of(rng)) is not None
        sizes.append(len(kept))
    assert max(sizes) == 7 and min(sizes[10:]) < 7  # filled to the limit, and emptied
    assert answered > 30  # the plain-round path answered lines between the drops


@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_the_lane_writes_the_messages_in_the_report_language(lang: str) -> None:
    rng = random.Random(5)
    with using(lang):
        found = [compare(line_of(rng)) for _ in range(150)]
    assert sum(1 for count in found if count) > 5


@pytest.mark.parametrize("broken_every", [0, 10])
def test_the_lane_answers_for_every_line_of_the_benchmark_workload(broken_every: int) -> None:
    lines = [line.encode() for line in workload().round_lines(400, 3, broken_every)]
    found = [compare(line, number) for number, line in enumerate(lines, start=1)]
    assert None not in found
    if broken_every:  # the mixed archive: every tenth document breaks a rule of the table
        assert all(found[n - 1] for n in range(broken_every, len(lines) + 1, broken_every))


# Every kind of broken document of the benchmark's mixed archive, and the code it gives.
BROKEN_KINDS = {
    "overfull line": "SC101",
    "two colours in a line": "SC102",
    "a colour already in its wall row": "SC103",
    "too many tiles of a colour": "SC105",
    "overflowing floor": "SC108",
}


def test_the_mixed_archive_breaks_every_kind_of_table_rule() -> None:
    assert set(workload().BREAKS) == set(BROKEN_KINDS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(sorted(BROKEN_KINDS)),
)
def test_a_broken_workload_document_is_answered_as_the_general_path_answers_it(
    seed: int, broken: str
) -> None:
    document = workload().round_document(random.Random(seed), broken)
    expected = BROKEN_KINDS[broken]
    line = json.dumps(document, separators=(",", ":")).encode()
    done = plain_path(line)
    assert done is not None
    assert expected in [v.code for v in done[1]]
    assert compare(line)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**25 - 1))
def test_the_bonus_of_a_printed_wall_from_its_mask_is_the_bonus_of_its_cells(mask: int) -> None:
    """EndBonus.of_printed (tiles.complete_bits, printed_full_colors), which the plain-round
    path reads bonuses with, is EndBonus.of on a wall whose tiles stand on their printed cells."""
    cells = tuple(
        printed_color(r, c) if mask >> (r * SIZE + c) & 1 else None
        for r in range(SIZE)
        for c in range(SIZE)
    )
    wall = Wall(cells)
    assert printed_full_colors(mask) == wall.complete_colors()
    assert EndBonus.of_printed(mask) == EndBonus.of(wall)
    assert EndBonus.of_printed(mask).points == EndBonus.of(wall).points
    full = complete_bits(mask)
    assert (full & 31, full >> SIZE & 31, full >> 2 * SIZE) == (
        sum(1 << r for r in wall.complete_rows()),
        sum(1 << c for c in wall.complete_columns()),
        sum(1 << color.index for color in wall.complete_colors()),
    )


PLAIN = {
    "kind": "round",
    "players": [
        {
            "name": "Anna",
            "score": 1,  # at most the 1 point its one-tile wall could have earned (SC125)
            "wall": ["B . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."],
            "lines": ["Y", "", "", "", ""],
            "floor": "1 R",
            "claimed": {"points": [2], "penalty": 2, "score": 11},
        },
        {"name": "Boris", "lines": ["R", "", "", "", ""]},
    ],
}


def plain(**changes: Any) -> bytes:
    data = json.loads(json.dumps(PLAIN))
    data["players"][0].update(changes)
    return json.dumps(data, separators=(",", ":")).encode()


def test_a_plain_line_with_a_wrong_claim_is_answered_with_its_violation() -> None:
    done = plain_path(plain(), 7)
    assert done is not None
    text, violations = done
    assert [v.code for v in violations] == ["SC204"]  # 1 + 2 − 2 = 1, not 11
    assert json.loads(text)["violations"][0]["line"] == 7
    assert compare(plain()) == 1


@pytest.mark.parametrize(
    ("near_miss", "changes"),
    [
        ("a tile off its printed cell (SC104)", {"wall": ["Y....", *["....."] * 4]}),
        (
            "a wall row complete before the round (SC112)",
            {"wall": ["BYRKW", *["....."] * 4], "lines": [""] * 5, "claimed": None},
        ),
        ("a wall written as lists", {"wall": [list(".....")] * 5}),
        ("a remembered row beside a line written as a list", {"lines": [["B"], *[""] * 4]}),
        ("a row written as a number", {"wall": [5, *["....."] * 4]}),
        (  # the first row is not remembered yet: the plain-round path reads every row anew
            "a row written as a list after a new row",
            {"wall": ["B  .  .  .  . ", list("....."), *["....."] * 3]},
        ),
        ("a claimed points of the wrong type", {"claimed": {"points": [True]}}),
        (
            "a claimed penalty of the wrong type, equal to the replay's",
            {"claimed": {"points": [2], "penalty": 2.0, "score": 1}},
        ),
        (
            "a claimed score of the wrong type, equal to the replay's",
            {"claimed": {"points": [2], "penalty": 2, "score": 1.0}},
        ),
        ("four wall rows", {"wall": ["B . . . .", *[". . . . ."] * 3]}),
        (  # the first row is not remembered yet: the plain-round path reads every row anew
            "six wall rows after a new row",
            {"wall": ["B  .  .  . .", *[". . . . ."] * 5]},
        ),
        ("six pattern lines", {"lines": ["Y", "", "", "", "", ""]}),
        ("a claimed wall", {"claimed": {"wall": ["....."] * 5}}),
        ("a grey-wall column", {"columns": [None] * 5}),
        ("a name with a control character", {"name": "An\x7fna"}),
        ("the marker glued to a count on the floor (SC007)", {"floor": "12R"}),
    ],
)
def test_the_lane_steps_aside_for_what_it_does_not_read(near_miss: str, changes: Any) -> None:
    assert plain_path(plain(), 1) is not None  # the line it starts from
    assert plain_path(plain(**changes), 1) is None, near_miss
    general(plain(**changes))  # and the general path answers


@pytest.mark.parametrize(
    ("broken", "changes"),
    [
        ("SC101", {"lines": ["YY", "", "", "", ""]}),  # a line over capacity, tiled (D3)
        ("SC101", {"lines": ["", "", "", "RRRRRR", ""]}),
        ("SC102", {"lines": ["", "", "YR", "", ""]}),  # two colours, not full: not tiled
        ("SC102", {"lines": ["", "YR", "", "", ""]}),  # two colours, full: left untiled
        ("SC103", {"lines": ["B", "", "", "", ""]}),  # its colour in the row, full: untiled
        (  # its colour in the row, not full
            "SC103",
            {
                "wall": ["B....", ".....", "..B..", ".....", "....."],
                "lines": ["Y", "", "BB", "", ""],
            },
        ),
        ("SC108", {"floor": "1 R R R R R R R"}),
        ("SC109", {"floor": "R R R R R R R 1"}),
        ("SC111", {"floor": "1 1 R"}),
        ("SC111", {"floor": "11"}),
        ("SC105", {"floor": "Y Y Y", "lines": ["Y", "YY", "YYY", "YYYY", "YYYYY"]}),
    ],
)
def test_a_broken_table_rule_the_lane_can_tile_is_answered_with_the_core_findings(
    broken: str, changes: Any
) -> None:
    line = plain(**changes)
    if broken == "SC105":  # a second board with yellow lines too: 21 yellow tiles
        line = line.replace(b'"lines":["R"', b'"lines":["Y","YY","YYY","YYYY","YYYYY"],"x":["R"')
        line = line.replace(b',"x":["R","","","",""]', b"")
    found = plain_path(line, 1)
    assert found is not None, broken
    assert broken in [v.code for v in found[1]]
    assert compare(line)


def test_six_boards_are_answered_with_the_player_count_finding() -> None:
    data = json.loads(plain())
    data["players"] += [{"name": f"P{n}"} for n in range(4)]
    line = json.dumps(data).encode()
    found = plain_path(line, 1)
    assert found is not None
    assert "SC107" in [v.code for v in found[1]]
    assert compare(line)


def test_a_long_name_seen_as_a_claimed_winner_is_still_too_long_for_a_board() -> None:
    long_name = "L" * 61  # over the 60 a board's name may have (SC003)
    winner = json.loads(plain())
    winner["claimed"] = {"winner": long_name}  # a winner's name is not held to 60
    general(json.dumps(winner).encode())  # the general path remembers the name it read
    assert plain_path(plain(name=long_name)) is None
    assert "SC003" in [code for code, _, _ in general(plain(name=long_name))[1]]


def test_a_board_named_claimed_does_not_move_where_a_later_claim_is_located() -> None:
    line = (
        b'{"kind":"round","players":[{"name":"claimed","claimed":{"score":0}},'
        b'{"name":"B","claimed":{"score":7}}]}'
    )
    found = plain_path(line, 1)
    assert found is not None
    assert [(v.code, v.location.column) for v in found[1]] == [("SC204", 100)]
    assert compare(line) == 1


def test_a_key_given_twice_is_left_to_the_general_path() -> None:
    line = plain().replace(b'{"name":"Anna"', b'{"score":3,"name":"Anna"')
    assert plain_path(line, 1) is None
    assert general(line)[1][0][0] == "SC002"


def test_a_score_of_true_or_1_0_after_a_score_of_1_is_left_to_the_general_path() -> None:
    assert plain_path(plain(score=1), 1) is not None  # the path remembers the score 1
    for score in (True, 1.0, None, [1]):  # equal to 1, or not a number: not a score it takes
        assert plain_path(plain(score=score), 1) is None
    assert plain_path(plain(name=["Anna"]), 1) is None


def test_a_colon_in_a_name_is_read_again_and_the_path_still_answers() -> None:
    line = plain(name="Anna: the host")  # more colons than members: the pairs decide
    assert plain_path(line, 1) is not None
    assert compare(line) == 1
    twice = line.replace(b'{"name":', b'{"score":3,"name":', 1)
    assert plain_path(twice, 1) is None
    assert general(twice)[1][0][0] == "SC002"


@pytest.mark.parametrize("separators", [(",", ":"), (", ", ": ")])
@pytest.mark.parametrize(
    "repeated",
    [
        ('"kind":"round"', '"kind":"round","kind":"round"'),
        ('"claimed":{"points"', '"claimed":{"score":4,"points"'),
        (
            '"floor":',
            '"wall":[". . . . .",". . . . .",". . . . .",". . . . .",". . . . ."],"floor":',
        ),
    ],
)
def test_a_key_given_twice_anywhere_is_left_to_the_general_path(
    separators: tuple[str, str], repeated: tuple[str, str]
) -> None:
    data = json.loads(plain())
    data["players"][0]["claimed"] = {"points": [1], "penalty": 0, "score": 1}
    compact = json.dumps(data, separators=(",", ":"))
    assert repeated[0] in compact
    line = json.dumps(json.loads(compact), separators=separators)
    assert plain_path(line.encode(), 1) is not None  # as written once, the path takes it
    spaced = compact.replace(repeated[0], repeated[1], 1).replace(",", separators[0])
    spaced = spaced.replace('":', '"' + separators[1])
    assert plain_path(spaced.encode(), 1) is None
    assert general(spaced.encode())[1][0][0] == "SC002"


def test_the_lane_counts_and_exit_codes_match_the_general_path() -> None:
    rng = random.Random(2)
    units = [LineUnit("a.jsonl", n, line_of(rng)) for n in range(1, 120)]
    fast = check_chunk(units, Options(fmt="json", debug=True))
    slow = check_chunk(units, Options(fmt="text"))
    assert fast.totals == slow.totals
    assert fast.worst == slow.worst
    assert isinstance(fast.output, list)
    assert fast.output == [general(u.data, u.number, "a.jsonl")[0] for u in units]


def test_every_example_archive_line_agrees() -> None:
    archives = sorted((ROOT / "examples").rglob("*.jsonl"))
    counts = [
        compare(line.rstrip(b"\r"), number)
        for archive in archives
        for number, line in enumerate(archive.read_bytes().splitlines(), start=1)
        if line.strip()
    ]
    # examples/archive.jsonl holds every example: some lines take the plain-round path, some
    # step aside.
    assert None in counts and any(count is not None for count in counts), counts


@pytest.mark.parametrize("separators", [(",", ":"), (", ", ": "), (" ,\t", " :  ")])
@pytest.mark.parametrize(
    "claimed",
    [
        {"points": [9, 1, 1]},
        {"points": [1, 9, 1]},
        {"points": [1, 1, 9]},
        {"points": [1, 1]},
        {"penalty": 5, "points": [1, 1, 1]},
        {"score": 99},
        {"score": 99, "penalty": -5, "points": [1, 2, 9]},
    ],
)
def test_wrong_claims_are_located_as_the_general_path_locates_them(
    separators: tuple[str, str], claimed: dict[str, Any]
) -> None:
    board = {"name": "Emi", "lines": ["B", "YY", "RRR", "", ""], "floor": "K"}
    # Before it a board with no claims, after it one with right ones: the claims it is
    # located among are the second board's with a "claimed" key, not the third's.
    others = [{"name": "Anna"}, {"name": "Boris", "claimed": {"score": 0}}]
    players = [others[0], {**board, "claimed": claimed}, others[1]]
    data = {"kind": "round", "players": players}
    line = json.dumps(data, separators=separators).encode()
    assert compare(line)  # answered by the plain-round path, with the general path's violations


def test_a_board_of_a_score_alone_is_the_contract_s_lonely_score() -> None:
    """contract.lonely_score: after the first board the general path warns (SC005); as the
    first board it is a plain board, which the plain-round path answers as the general path does."""
    first = b'{"kind":"round","players":[{"score":0},{"name":"B"}]}'
    assert plain_path(first, 1) is not None
    assert compare(first) == 0  # answered, and agreeing, with no violation
    later = b'{"kind":"round","players":[{"name":"A"},{"score":0}]}'
    assert plain_path(later, 1) is None
    assert "SC005" in [code for code, _, _ in general(later)[1]]


def test_names_that_look_alike_across_scripts_are_the_general_path_s() -> None:
    """contract.lookalike_names: 'Anna' and 'Аnna' (a Cyrillic А) are warned of (SC008)."""
    alike = '{"kind":"round","players":[{"name":"Anna"},{"name":"\u0410nna"}]}'.encode()
    assert plain_path(alike, 1) is None
    assert [code for code, _, _ in general(alike)[1]] == ["SC008"]
    apart = '{"kind":"round","players":[{"name":"Anna"},{"name":"\u0410\u043d\u043d\u0430"}]}'
    assert compare(apart.encode()) == 0  # 'Анна' does not look like 'Anna'


def test_a_line_with_meta_is_the_general_path_s_and_keeps_its_meta() -> None:
    data = json.loads(plain())
    data["meta"] = {"source": "engine-x", "seed": 7}
    line = json.dumps(data, separators=(",", ":")).encode()
    assert plain_path(line, 1) is None
    report = json.loads(general(line)[0])
    assert report["meta"] == {"source": "engine-x", "seed": 7}
    del report["meta"]
    assert report == json.loads(general(plain())[0])  # the checker ignores it
