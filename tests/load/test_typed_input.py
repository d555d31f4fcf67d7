"""The input people really type (issue 18, items 7-14, 17, 18): the forms scorecheck reads and
the messages it gives for the slips it does not."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from scorecheck.api import check_text
from scorecheck.cli import main
from scorecheck.core.documents import RoundDocument
from scorecheck.load import load_bytes

Problem = tuple[str, int | None, int | None, str]


def problems(text: str, name: str = "t.yaml") -> list[Problem]:
    return [
        (v.code, v.location.line, v.location.column, v.message)
        for r in check_text(name, text)
        for v in r.violations
    ]


def first(text: str, name: str = "t.yaml") -> Problem:
    found = problems(text, name)
    assert found, "no problem reported"
    return found[0]


def document(text: str, name: str = "t.yaml") -> RoundDocument:
    [doc] = list(load_bytes(name, text.encode()))
    assert isinstance(doc, RoundDocument), doc
    return doc


def round_with(key: str, value: str) -> str:
    return f"kind: round\nplayers:\n  - name: Anna\n    {key}: {value}\n"


# --- Item 7: the marker's '1' outside the floor -------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "column"),
    [
        ("lines", '["", "11", "", "", ""]', 18),
        ("wall", '["1....", ".....", ".....", ".....", "....."]', 13),
    ],
)
def test_a_1_in_a_line_or_wall_says_the_marker_goes_on_the_floor(
    key: str, value: str, column: int
) -> None:
    code, line, col, message = first(round_with(key, value))
    assert (code, line, col) == ("SC003", 4, column)
    assert "the first-player marker (1) goes on the floor" in message
    assert "full-width" not in message


def test_near_miss_a_full_width_letter_is_still_called_full_width() -> None:
    message = first(round_with("lines", '["", "ＢＢ", "", "", ""]'))[3]
    assert "a full-width letter: type 'B'" in message


# --- Item 8: look-alike letters ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "named"),
    [
        ("lines", '["", "ВВ", "", "", ""]', "a Cyrillic В: type the Latin B"),
        ("lines", '["", "кк", "", "", ""]', "a Cyrillic к: type the Latin k"),
        ("floor", '"1 Р"', "a Cyrillic Р, which looks like the Latin P"),
        ("wall", '["В....", ".....", ".....", ".....", "....."]', "a Cyrillic В: type the Latin B"),
        ("wall", '["х....", ".....", ".....", ".....", "....."]', "a Cyrillic х: type the Latin x"),
        ("lines", '["", "B\u3000B", "", "", ""]', "U+3000 IDEOGRAPHIC SPACE"),
    ],
)
def test_look_alike_letters_in_cells_are_named(key: str, value: str, named: str) -> None:
    code, _, _, message = first(round_with(key, value))
    assert code == "SC003" and named in message, message


def test_a_cyrillic_letter_in_a_key_is_named() -> None:
    message = first("kind: round\nplayers:\n  - scоre: 3\n")[3]
    assert "unknown key 'scоre'; it holds a Cyrillic о: type 'score'" in message


def test_a_cyrillic_letter_in_the_kind_is_named() -> None:
    code, line, column, message = first("kind: rоund\nplayers:\n  - floor: '1'\n")
    assert (code, line, column) == ("SC003", 1, 7)
    assert "it holds a Cyrillic о: type 'round'" in message


def test_near_miss_a_cyrillic_name_is_a_name() -> None:
    assert problems("kind: round\nplayers:\n  - name: Вера\n    floor: '1'\n") == []


# --- Item 17: a wall as a picture ---------------------------------------------------------------

BLOCK = """kind: round
players:
  - name: Anna
    floor: "1"
    wall: |
      B Y . . .
      . B . . .
      . . . . .
      . . . . .
      . . . . .
"""


def test_a_wall_written_as_a_block_is_read() -> None:
    doc = document(BLOCK)
    assert doc.players[0].board.wall.format() == "BY... / .B... / ..... / ..... / ....."
    assert problems(BLOCK) == []


def test_a_bad_cell_in_a_block_wall_is_located_to_the_cell() -> None:
    code, line, column, message = first(BLOCK.replace(". B . . .", ". B . G ."))
    assert (code, line, column) == ("SC003", 7, 13)
    assert "unknown letter 'G' in a wall row" in message


def test_a_rule_broken_in_a_block_wall_is_located_to_the_cell() -> None:
    found = problems(BLOCK.replace(". B . . .", ". B . W ."))
    assert [(p[0], p[1], p[2]) for p in found] == [("SC104", 7, 13)]


def test_a_block_wall_of_four_rows_is_refused() -> None:
    text = BLOCK.replace("      . . . . .\n", "", 1)
    code, line, column, message = first(text)
    assert (code, line, column) == ("SC003", 5, 11)
    assert "wall: 4 rows, 5 are needed (the wall's rows, top to bottom)" in message


# --- Item 18: colour words, the marker word, counts ---------------------------------------------


@pytest.mark.parametrize(
    ("lines", "floor", "entries"),
    [
        ('["blue", "yellow yellow", "", "", ""]', '"marker red"', "1R"),
        ('[[Blue], [YELLOW, yellow], "", "", ""]', "[marker, RED]", "1R"),
        ('["B", "2Y", "", "", ""]', '"1 R"', "1R"),
        ('["b", "2 yellow", "", "", ""]', '"marker 2 red"', "1RR"),
        ('["1blue", "2y", "", "", ""]', '"1R 2W"', "1RWW"),
    ],
)
def test_colour_words_the_marker_word_and_counts_are_read(
    lines: str, floor: str, entries: str
) -> None:
    text = f"kind: round\nplayers:\n  - name: Anna\n    lines: {lines}\n    floor: {floor}\n"
    board = document(text).players[0].board
    assert [len(line.tiles) for line in board.lines] == [1, 2, 0, 0, 0]
    assert "".join(t.letter for line in board.lines for t in line.tiles) == "BYY"
    assert "".join(item.value for item in board.floor) == entries


def test_a_count_reads_as_its_tiles() -> None:
    board = document(round_with("lines", '["", "", "3R", "", ""]') + '    floor: "2K"\n')
    assert "".join(t.letter for t in board.players[0].board.lines[2].tiles) == "RRR"
    assert [i.value for i in board.players[0].board.floor] == ["K", "K"]


def test_a_colour_word_in_a_wall_row() -> None:
    rows = '["blue yellow . . .", [., blue, ., ., .], ".....", ".....", "....."]'
    text = round_with("wall", rows)
    assert document(text).players[0].board.wall.format() == "BY... / .B... / ..... / ..... / ....."


def test_json_output_keeps_the_letters() -> None:
    text = round_with("lines", '["blue", "", "", "", ""]') + "    floor: marker\n"
    result = CliRunner().invoke(main, ["check", "--format", "json", "-"], input=text)
    report = json.loads(result.output)
    [player] = report["rounds"][0]["players"]
    assert player["placements"][0]["color"] == "B"
    assert (player["floor"]["entries"], player["floor"]["penalty"]) == (1, 1)
    assert "blue" not in result.output and "marker" not in result.output


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (
            '["", "yelow", "", "", ""]',
            "unknown word 'yelow' in a pattern line: did you mean 'yellow'? (or the letter Y)",
        ),
        (
            '["", "green", "", "", ""]',
            "unknown word 'green' in a pattern line: write a letter: B for blue, Y for yellow, "
            "R for red, K for black, W for white",
        ),
    ],
)
def test_other_words_get_the_letter_to_write(value: str, said: str) -> None:
    assert said in first(round_with("lines", value))[3]


def test_near_miss_an_unknown_letter_among_letters_is_still_a_letter() -> None:
    message = first(round_with("lines", '["", "", "BBG", "", ""]'))[3]
    assert message.startswith("unknown letter 'G' in a pattern line")


def test_marker_in_a_pattern_line_goes_on_the_floor() -> None:
    message = first(round_with("lines", '["marker", "", "", "", ""]'))[3]
    assert "the first-player marker (1) goes on the floor" in message


# --- Item 9: 'score:10' ------------------------------------------------------------------------


def test_a_missing_space_after_a_colon_is_named() -> None:
    text = "kind: round\nplayers:\n  - name: Anna\n    score:10\n    floor: R\n"
    code, line, column, message = first(text)
    assert (code, line, column) == ("SC002", 4, 10)
    assert message == "the ':' after 'score' needs a space after it: write 'score: 10'"


def test_near_miss_a_key_without_a_colon_names_the_key_and_the_fix() -> None:
    text = "kind: round\nplayers:\n  - name: Anna\n    score 12\n    floor: R\n"
    assert first(text)[3] == "'score' has no ':' after it: write 'score: 12'"


# --- Item 10: winner claims --------------------------------------------------------------------

FINAL = """kind: final
players:
  - name: Ivan
    score: 15
    wall: ["BYRKW", ".....", ".....", ".....", "....."]
  - name: Jana
    score: 15
    wall: ["BYRKW", ".....", ".....", ".....", "....."]
claimed: {{winner: {winner}}}
"""


def test_an_empty_winner_list_is_called_empty() -> None:
    code, line, column, message = first(FINAL.format(winner="[]"))
    assert (code, line, column) == ("SC003", 9, 19)
    assert message == (
        "the list of winners is empty: give a player's name, or several for a shared win"
    )


def test_winner_a_and_b_is_a_shared_win() -> None:
    assert problems(FINAL.format(winner="Ivan and Jana")) == []
    assert problems(FINAL.format(winner="'Ivan, Jana'")) == []


def test_near_miss_winner_a_and_b_when_one_of_them_won_alone_is_wrong() -> None:
    text = FINAL.format(winner="Ivan and Jana").replace("score: 15", "score: 14", 1)
    assert [p[0] for p in problems(text)] == ["SC210"]


def test_a_player_named_with_and_is_one_player() -> None:
    text = FINAL.format(winner="Tom and Jerry").replace("Ivan", "Tom and Jerry")
    assert [p[0] for p in problems(text)] == ["SC210"]


def test_a_misspelt_winner_gets_a_did_you_mean() -> None:
    code, _, _, message = first(FINAL.format(winner="ivan"))
    assert code == "SC212"
    assert "claimed winner 'ivan' is not a player here; did you mean 'Ivan'?" in message


def test_a_winner_named_twice_is_a_warning() -> None:
    found = problems(FINAL.format(winner="[Ivan, Ivan, Jana]"))
    assert [(p[0], p[1], p[2]) for p in found] == [("SC213", 9, 19)]
    assert "the claimed winners name Ivan twice" in found[0][3]


def test_near_miss_two_different_winners_are_no_warning() -> None:
    assert problems(FINAL.format(winner="[Ivan, Jana]")) == []


# --- Item 11: a default name and a written one ---------------------------------------------------


def test_a_written_name_that_is_another_boards_default_is_explained() -> None:
    text = "kind: round\nplayers:\n  - score: 3\n    floor: R\n  - name: Player 1\n"
    code, line, column, message = first(text)
    assert (code, line, column) == ("SC003", 5, 11)
    assert message == (
        "the name 'Player 1' is the one player 1 gets for having no name: "
        "name player 1, or choose another name here"
    )


def test_near_miss_a_name_written_twice_keeps_its_message() -> None:
    text = "kind: round\nplayers:\n  - name: Anna\n  - name: Anna\n"
    assert first(text)[3] == "the name 'Anna' is used twice: each player needs their own"


# --- Item 12: a game record of no rounds --------------------------------------------------------


def test_a_game_record_of_no_rounds_is_refused_where_rounds_stands() -> None:
    code, line, column, message = first("kind: game\nplayers: [Anna, Boris]\nrounds: []\n")
    assert (code, line, column) == ("SC003", 3, 9)
    assert message == "rounds is empty: a game record has at least one round"


def test_an_unusable_game_prints_no_empty_score_sheet() -> None:
    text = "kind: game\nplayers: [Anna, Boris]\nrounds:\n  - Anna: {}\n"
    result = CliRunner().invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == "<stdin> — game"
    assert result.output.splitlines()[1].startswith("<stdin>:4:5: error SC003")


# --- Item 13: a stray dash ----------------------------------------------------------------------


def test_a_board_with_only_a_score_gets_a_warning_about_indentation() -> None:
    text = "kind: round\nplayers:\n  - name: Anna\n    floor: '1'\n  - score: 0\n"
    found = problems(text)
    assert [(p[0], p[1], p[2]) for p in found] == [("SC005", 5, 5)]
    assert "player 2 has only a score" in found[0][3]
    assert "remove the '- ' before score" in found[0][3]
    result = CliRunner().invoke(main, ["check", "-"], input=text)
    assert result.exit_code == 0, result.output  # a warning


def test_near_miss_a_board_with_a_score_and_a_name_is_no_warning() -> None:
    text = "kind: round\nplayers:\n  - name: Anna\n    floor: '1'\n  - {name: Boris, score: 0}\n"
    assert problems(text) == []


# --- Item 14: a grey wall on the coloured side ---------------------------------------------------

GREY_LOOKING = """kind: round
players:
  - name: Anna
    wall: [".B...", "..Y..", "W....", "...R.", "....K"]
    floor: "1"
  - name: Boris
    wall: ["Y....", ".....", ".....", ".....", "....."]
"""


def test_a_grey_wall_without_variant_grey_is_said_once() -> None:
    found = problems(GREY_LOOKING)
    codes = [p[0] for p in found]
    assert codes == ["SC006", "SC104"], found  # Boris's one slip is his own
    assert found[0][1:3] == (4, 11)
    assert "add 'variant: grey'" in found[0][3]


def test_near_miss_a_coloured_wall_with_two_slips_gets_sc104() -> None:
    text = GREY_LOOKING.replace('"...R.", "....K"', '"...B.", "....B"')
    assert [p[0] for p in problems(text)].count("SC104") >= 2
    assert "SC006" not in [p[0] for p in problems(text)]


# --- Item 16: counts take their plural forms -----------------------------------------------------


def _messages(text: str, lang: str = "en") -> list[str]:
    from scorecheck.i18n import using, violation_message

    with using(lang):
        return [violation_message(v) for r in check_text("t.yaml", text) for v in r.violations]


ONE_OF_EACH = """kind: round
players:
  - name: Anna
    lines: ["YY", "", "", "", ""]
    floor: R
    claimed: {points: [1], penalty: 2}
"""


def test_english_counts_of_one_are_singular() -> None:
    messages = " | ".join(_messages(ONE_OF_EACH))
    assert "pattern line 1 holds 2 tiles but has only 1 place;" in messages
    assert "1 floor entry cost 1" in messages
    for wrong in ("1 places", "1 floor entries", "1 pattern lines"):
        assert wrong not in messages


def test_claimed_points_count_their_tiles_and_lines() -> None:
    text = ONE_OF_EACH.replace('"YY"', '"Y"').replace("points: [1]", "points: [1, 2]")
    [message] = [m for m in _messages(text) if m.startswith("claimed points")]
    assert message == "claimed points for 2 tiles, but 1 pattern line is full and tiled (R4.1)"


@pytest.mark.parametrize(
    ("count", "form"),
    [(1, "1 плитка"), (2, "2 плитки"), (5, "5 плиток"), (21, "21 плитка"), (22, "22 плитки")],
)
def test_russian_counts_take_the_form_of_their_number(count: int, form: str) -> None:
    from scorecheck.core.violations import Phrase, tiles_phrase
    from scorecheck.i18n import localize, using

    with using("ru"):
        assert localize(tiles_phrase(count)) == form
    assert isinstance(tiles_phrase(count), Phrase)


def test_a_floor_of_forfeited_tiles_alone_reads_without_empty() -> None:
    text = (
        "kind: round\nvariant: grey\nplayers:\n  - name: Anna\n"
        '    wall: ["....B", "Y....", ".Y...", "..Y..", "...Y."]\n'
        '    lines: ["Y", "", "", "", ""]\n'
    )  # every free cell of row 1 has a yellow in its column: line 1 goes to the floor (R9.2)
    result = CliRunner().invoke(main, ["check", "-"], input=text)
    assert "empty + " not in result.output
    assert "floor   Y (line 1, R9.2)" in result.output


@pytest.mark.parametrize(
    ("lines", "places"),
    [('["YY", "", "", "", ""]', "1 место"), ('["", "YYY", "", "", ""]', "2 места")],
)
def test_a_russian_message_counts_in_the_form_of_its_number(lines: str, places: str) -> None:
    [message] = _messages(f"kind: round\nplayers:\n  - lines: {lines}\n    floor: '1'\n", "ru")
    assert f"а в ней только {places};" in message


def test_a_cyrillic_letter_in_the_variant_is_named() -> None:
    message = first("kind: round\nvariant: grеy\nplayers:\n  - floor: '1'\n")[3]
    assert message == (
        "variant must be 'colored' or 'grey', got 'grеy'; it holds a Cyrillic е: type 'grey'"
    )


def test_a_count_without_its_colour_says_where_the_count_goes() -> None:
    message = first(round_with("lines", '["", "", "3", "", ""]'))[3]
    assert message.endswith("(a count goes just before a colour: 3R or 3 red)")


def test_a_list_item_of_two_cells_in_a_wall_row_is_refused() -> None:
    code, _, _, message = first(
        round_with("wall", '[[X., ., ., .], ".....", ".....", ".....", "....."]')
    )
    assert code == "SC003" and "unknown letter 'X.' in a wall row" in message


# --- The plain-round path steps aside for the new forms ------------------------------------

PLAIN_BOARD = {"name": "Anna", "score": 3, "wall": ["....."] * 5, "lines": ["B", "", "", "", ""]}


@pytest.mark.parametrize(
    "change",
    [
        {"lines": ["blue", "", "", "", ""]},
        {"lines": ["B", "2Y", "", "", ""]},
        {"floor": "marker"},
        {"floor": "2R"},
        {"wall": "B....\n.....\n.....\n.....\n.....\n"},
        {"wall": ["blue . . . .", ".....", ".....", ".....", "....."]},
    ],
)
def test_the_plain_round_path_leaves_words_counts_and_pictures_to_the_general_path(
    change: dict[str, object],
) -> None:
    from scorecheck.plainrounds import plain_round_report

    plain = {"kind": "round", "players": [dict(PLAIN_BOARD)]}
    assert plain_round_report("a.jsonl", 1, json.dumps(plain).encode(), debug=True) is not None
    value = {"kind": "round", "players": [{**PLAIN_BOARD, **change}]}
    line = json.dumps(value).encode()
    assert plain_round_report("a.jsonl", 1, line, debug=True) is None
    [report] = check_text("a.json", line)
    assert not report.unusable, [v.message for v in report.violations]
