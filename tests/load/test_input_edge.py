"""The input edge beyond single bad files: limits and their near misses, both YAML readers,
several files at once, and what a bug inside scorecheck looks like."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import scorecheck.api
from scorecheck.api import check_files, check_text
from scorecheck.cli import main
from scorecheck.core.check import check
from scorecheck.core.documents import Document
from scorecheck.core.results import Report
from scorecheck.load import load_bytes, yamlread
from scorecheck.load.errors import InputError
from scorecheck.load.text import decode

BAD_DIR = Path(__file__).resolve().parents[1] / "bad"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
E1 = (EXAMPLES / "e1-round.yaml").read_bytes()


def problems(report: Report) -> list[tuple[str, int | None, int | None, str]]:
    return [(v.code, v.location.line, v.location.column, v.message) for v in report.violations]


def only(name: str, text: str | bytes) -> tuple[str, int | None, int | None, str]:
    [report] = check_text(name, text)
    [problem] = problems(report)
    return problem


# --- Size ------------------------------------------------------------------------------------


def test_a_2_mb_file_is_refused_before_parsing_with_its_real_size(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(E1 + b"# a comment line of padding, nothing more\n" * 50_000)
    size = path.stat().st_size
    assert size > 2_000_000
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}: error SC001 cannot read the file: the file is {size:,} bytes" in result.output
    assert "over the limit of 1,048,576 bytes (raise it with --max-bytes)" in result.output


def test_max_bytes_raises_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(E1 + b"# padding\n" * 200_000)
    result = CliRunner().invoke(main, ["check", "--max-bytes", "3000000", str(path)])
    assert result.exit_code == 0, result.output


def test_standard_input_over_the_limit_is_refused() -> None:
    result = CliRunner().invoke(main, ["check", "--max-bytes", "100", "-"], input=E1)
    assert result.exit_code == 2
    assert "<stdin>: error SC001 cannot read the file: the file is over the limit of 100" in (
        result.output
    )


def test_a_document_of_more_than_20000_values_is_refused_where_the_limit_is_passed() -> None:
    items = ", ".join(["1"] * 20_000)
    code, line, column, message = only("t.yaml", f"kind: round\nplayers: [{items}]\n")
    assert (code, line) == ("SC001", 2)
    assert column is not None and column > 50_000
    assert "more than 20,000 keys and values" in message
    json_code, _, _, json_message = only("t.json", f'{{"kind": "round", "players": [{items}]}}')
    assert (json_code, json_message) == (code, message)


def test_near_miss_a_long_list_under_the_value_limit_is_read() -> None:
    points = ", ".join(["1"] * 19_990)
    [report] = check_text("t.yaml", f"kind: round\nplayers:\n  - claimed: {{points: [{points}]}}\n")
    assert not any(v.code in ("SC001", "SC002") for v in report.violations)


def test_the_whole_file_has_a_value_limit_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlread, "MAX_FILE_VALUES", 100)
    document = (EXAMPLES / "final.yaml").read_text()
    reports = check_text("t.yaml", "---\n".join([document] * 5))
    assert [r.unusable for r in reports[:-1]] == [False] * (len(reports) - 1)
    assert "the file holds more than 100 keys and values" in reports[-1].violations[0].message


def test_nesting_of_32_levels_is_read_and_33_refused_in_yaml_and_json() -> None:
    for name in ("t.yaml", "t.json"):
        ok = '{"kind": "round", "players": ' + "[" * 31 + "]" * 31 + "}"
        assert only(name, ok)[0] == "SC003"  # read, then refused by the contract
        deep = '{"kind": "round", "players": ' + "[" * 32 + "]" * 32 + "}"
        assert only(name, deep)[:3] == ("SC002", 1, 61)


def test_numbers_of_30_digits_are_read_and_longer_ones_refused() -> None:
    for name, head in (("t.yaml", "kind: round\nplayers: [{score: "), ("t.json", "")):
        for digits, code in ((30, "SC003"), (31, "SC003")):
            number = "9" * digits
            text = (
                head + number + "}]\n"
                if head
                else f'{{"kind": "round", "players": [{{"score": {number}}}]}}'
            )
            found, _, _, message = only(name, text)
            assert found == code
            expected = "at most 10000" if digits == 30 else "too large to use"
            assert expected in message, (name, digits, message)


# --- Values read as data --------------------------------------------------------------------


def test_yes_no_on_off_are_names_not_booleans() -> None:
    text = "kind: round\nplayers:\n  - name: No\n  - name: yes\n  - name: ON\n  - name: off\n"
    [report] = check_text("t.yaml", text)
    assert report.ok
    assert [t.board.name for t in report.rounds[0].tilings] == ["No", "yes", "ON", "off"]


def test_only_true_and_false_are_booleans() -> None:
    game = "kind: game\nplayers: [Anna]\nrounds: [{{Anna: {{}}}}]\nfinished: {}\n"
    assert only("t.yaml", game.format("yes"))[3] == (
        "finished must be true or false, got 'yes' (only true and false are booleans)"
    )
    [report] = check_text("t.yaml", game.format("True"))
    assert not any(v.code.startswith("SC0") for v in report.violations)


def test_keys_are_always_text() -> None:
    code, line, column, message = only("t.yaml", "kind: round\n12: x\nplayers: [{}]\n")
    assert (code, line, column) == ("SC003", 2, 1)
    assert message.startswith("unknown key '12'")


def test_text_given_as_a_string_gets_the_same_cleaning_as_bytes() -> None:
    text = "kind: round\r\nplayers:\r\n  - name: Anna\r\n    scroe: 1\r\n"
    assert only("t.yaml", text)[:3] == only("t.yaml", text.encode())[:3] == ("SC003", 4, 5)
    assert only("t.yaml", "kind: round\nplayers: [{name: \x07}]\n")[:3] == ("SC001", 2, 18)


def test_an_empty_document_between_two_good_ones_is_reported() -> None:
    document = (EXAMPLES / "final.yaml").read_text()
    reports = check_text("t.yaml", document + "---\n---\n" + document)
    assert [r.unusable for r in reports] == [False, True, False]
    first_dashes = document.count("\n") + 1  # the '---' that starts the empty document
    assert problems(reports[1])[0][:3] == ("SC003", first_dashes, 1)


def test_json_and_yaml_place_the_same_problem_at_the_same_spot() -> None:
    for name in ("unknown-key.json", "score-as-text.json", "huge-number.json", "nan.json"):
        text = (BAD_DIR / name).read_text()
        as_json = only("t.json", text)
        as_yaml = only("t.yaml", text.replace("NaN", ".nan"))
        assert as_json[1:3] == as_yaml[1:3], name


@pytest.mark.skipif(yamlread._fast_composer is None, reason="PyYAML without libyaml")
@pytest.mark.parametrize(
    "path", sorted(EXAMPLES.glob("*.yaml")) + sorted(BAD_DIR.glob("*.yaml")), ids=lambda p: p.name
)
def test_libyaml_and_pure_python_read_the_same_data_at_the_same_places(path: Path) -> None:
    try:
        text = decode(path.read_bytes())
    except InputError:
        return  # never reaches a parser

    def read(composer: Callable[[str], object]) -> object:
        try:
            return list(yamlread._documents(composer(text), text))
        except InputError as exc:
            return ("refused", exc.message, exc.line, exc.column)
        except yaml.YAMLError:
            return "syntax error"  # worded by the pure-Python parser in both cases

    assert yamlread._fast_composer is not None
    assert read(yamlread._fast_composer) == read(yamlread._PyComposer)


# --- Several files, and bugs ----------------------------------------------------------------


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    missing = tmp_path / "missing.yaml"
    paths = [str(BAD_DIR / "latin1.yaml"), str(missing), str(EXAMPLES / "e1-round.yaml")]
    reports = list(check_files(paths))
    assert [r.file for r in reports] == paths
    assert [r.violations[0].code for r in reports[:2]] == ["SC001", "SC001"]
    assert "No such file or directory" in reports[1].violations[0].message
    assert reports[2].ok


def test_a_bug_is_one_line_asking_for_a_report_and_exit_3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_check = check  # the function api.py calls, replaced there below

    def broken(document: Document) -> Report:
        # By the file's own name: the checkout's path may hold "e1" too (a clone in ciclone10/).
        if Path(document.source.file).name == "e1-round.yaml":
            raise ValueError("boom\n  second line")
        return real_check(document)

    monkeypatch.setattr(scorecheck.api, "check", broken)
    e1, final = str(EXAMPLES / "e1-round.yaml"), str(EXAMPLES / "final.yaml")
    result = CliRunner().invoke(main, ["check", "--color", "never", e1, final])
    assert result.exit_code == 3
    assert "Traceback" not in result.output
    [line] = [x for x in result.output.splitlines() if "SC004" in x]
    assert line == (
        f"{e1}: error SC004 scorecheck failed on this input: ValueError: boom second line; "
        "please report it with the input attached"
    )
    assert f"{final} — final" in result.output  # the next file is still checked

    debug = CliRunner().invoke(main, ["check", "--debug", e1, final])
    assert debug.exit_code == 3
    assert isinstance(debug.exception, SystemExit)
    assert "Traceback" in debug.output and "ValueError: boom" in debug.output


def test_a_bug_outside_the_checker_is_one_line_too(monkeypatch: pytest.MonkeyPatch) -> None:
    import scorecheck.report.text

    def broken(*args: object, **kwargs: object) -> str:
        raise ValueError("formatting broke")

    monkeypatch.setattr(scorecheck.report.text, "format_text", broken)
    e1 = str(EXAMPLES / "e1-round.yaml")
    result = CliRunner().invoke(main, ["check", e1])
    assert result.exit_code == 3
    assert "Traceback" not in result.output
    assert result.output.strip() == (
        "scorecheck failed: ValueError: formatting broke; please report it with the input "
        "attached (--debug shows the traceback)"
    )
    debug = CliRunner().invoke(main, ["check", "--debug", e1])
    assert debug.exit_code == 3
    assert "Traceback" in debug.output


def test_load_bytes_reports_instead_of_raising_for_every_bad_file() -> None:
    for path in sorted(BAD_DIR.iterdir()):
        items = list(load_bytes(path.name, path.read_bytes()))
        assert items, path.name
        assert any(isinstance(i, Report) and i.unusable for i in items), path.name


# --- Read as written, and said how ----------------------------------------------------------


def test_a_marker_glued_to_a_count_on_the_floor_is_said_as_it_is_read() -> None:
    text = "kind: round\nplayers:\n  - name: Anna\n    floor: 12R\n"
    [report] = check_text("t.yaml", text)
    [v] = report.violations
    assert (v.code, v.location.line, v.location.column) == ("SC007", 4, 12)
    assert v.message == (
        "'12R' on the floor reads as the first-player marker (1), then 2 tiles, not as 12 "
        "tiles: write '1 2R' to say so; a count goes up to 9, so twelve red tiles are 9R 3R"
    )
    assert report.ok and report.rounds[0].tilings[0].floor.penalty == 4  # marker, R, R


def test_a_marker_glued_to_a_count_is_said_in_game_records_and_json_too() -> None:
    game = (
        "kind: game\nplayers: [Anna, Boris]\nrounds:\n"
        "  - Anna: {lines: ['B', '', '', '', ''], floor: '12 R'}\n"
        "    Boris: {lines: ['Y', '', '', '', '']}\n"
    )
    [report] = check_text("g.yaml", game)
    [v] = [v for v in report.violations if v.code == "SC007"]
    column = game.splitlines()[3].index("12 R") + 1
    assert (v.location.line, v.location.column, str(v.args["split"])) == (4, column, "'1 2'")
    json_round = '{"kind": "round", "players": [{"name": "Anna", "floor": "R 12K"}]}'
    [report] = check_text("t.json", json_round)
    [v] = report.violations
    column = json_round.index("12K") + 1
    assert (v.code, v.location.column, str(v.args["text"])) == ("SC007", column, "'12K'")


def test_a_marker_glued_to_a_count_near_misses_are_quiet() -> None:
    for floor in ("1 2R", "1R", "11", "2R 1"):
        [report] = check_text("t.yaml", f"kind: round\nplayers: [{{name: A, floor: '{floor}'}}]\n")
        assert not [v for v in report.violations if v.code == "SC007"], floor


def test_names_that_look_alike_across_scripts_are_two_players_and_warned() -> None:
    cyrillic = "\u0410nna"  # a Cyrillic А, then Latin letters
    text = f"kind: round\nplayers:\n  - name: Anna\n  - name: {cyrillic}\n"
    [report] = check_text("t.yaml", text)
    [v] = report.violations
    assert (v.code, v.location.line, v.location.column) == ("SC008", 4, 11)
    assert v.message == (
        f"the names 'Anna' and '{cyrillic}' look the same but are two names: '{cyrillic}' has "
        "А (U+0410, a Cyrillic letter), not the Latin A; if they are one player, type "
        "the name the same way both times"
    )
    assert report.ok and [t.board.name for t in report.rounds[0].tilings] == ["Anna", cyrillic]
    wall = '[BYRKW, ".....", ".....", ".....", "....."]'
    final = (
        f"kind: final\nplayers:\n  - {{name: {cyrillic}, score: 10, wall: {wall}}}\n"
        f"  - {{name: Anna, score: 10, wall: {wall}}}\n"
    )
    [report] = check_text("f.yaml", final)
    [v] = [v for v in report.violations if v.code == "SC008"]
    assert (v.location.line, str(v.args["odd"])) == (4, repr(cyrillic))
    game = (
        f"kind: game\nplayers: [{cyrillic}, Anna]\nrounds:\n  - {{{cyrillic}: {{}}, Anna: {{}}}}\n"
    )
    [report] = check_text("g.yaml", game)
    assert [
        (v.location.line, v.location.column) for v in report.violations if v.code == "SC008"
    ] == [(2, game.splitlines()[1].index("Anna") + 1)]


# --- meta: where a document came from ------------------------------------------------------

META = '{source: engine-x, seed: 42, date: "2026-11-30", tags: [a, 1.5, true, null], at: {t: 3}}'
META_AS_GIVEN = {
    "source": "engine-x",
    "seed": 42,
    "date": "2026-11-30",
    "tags": ["a", 1.5, True, None],
    "at": {"t": 3},
}
DOCUMENTS = {
    "round": "kind: round\nplayers: [{name: A, lines: [B, '', '', '', '']}]\n",
    "final": "kind: final\nplayers: [{name: A, score: 15, wall: [BYRKW, ., ., ., .]}]\n",
    "game": "kind: game\nplayers: [A, B]\nrounds:\n  - {A: {floor: '1'}, B: {}}\n",
}


@pytest.mark.parametrize("kind", sorted(DOCUMENTS))
def test_meta_is_ignored_by_the_checker_and_returned_as_it_came(kind: str) -> None:
    from scorecheck.report.jsonfmt import report_dict

    text = DOCUMENTS[kind].replace(", .", ', "....."')
    [plain] = check_text("t.yaml", text)
    [given] = check_text("t.yaml", text + f"meta: {META}\n")  # at the end: no line moves
    assert [v.code for v in given.violations] == [v.code for v in plain.violations]
    data = report_dict(given)
    assert data.pop("meta") == META_AS_GIVEN and list(data) == list(report_dict(plain))
    assert data == report_dict(plain)


def test_meta_in_json_keeps_its_order_and_must_be_a_mapping() -> None:
    from scorecheck.report.jsonfmt import format_json

    text = '{"kind": "round", "meta": {"z": 1, "a": [2]}, "players": [{"name": "A"}]}'
    [report] = check_text("t.json", text)
    assert format_json(report).endswith(',"meta":{"z":1,"a":[2]}}')
    for meta, got in (("5", "the number 5"), ("[1]", "a list")):
        code, line, column, message = only(
            "t.yaml", f"kind: round\nmeta: {meta}\nplayers: [{{}}]\n"
        )
        assert (code, line, column) == ("SC003", 2, 7)
        assert message == f"meta must be a mapping (key: value), got {got}"


def test_the_meta_example_of_the_format_doc_checks_and_returns_its_meta() -> None:
    from scorecheck.report.jsonfmt import report_dict

    doc = (EXAMPLES.parent / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc.split("## Where a document came from: `meta`")[1].split("\n## ")[0]
    [example] = section.split("```yaml\n")[1:]
    [report] = check_text("format.md", example.split("```")[0])
    assert not report.unusable
    assert report_dict(report)["meta"] == {
        "source": "engine-x",
        "seed": 42,
        "table": 3,
        "date": "2026-11-30",
    }


# --- Messages that named the wrong thing ------------------------------------------------------

PICTURE = "kind: round\nplayers:\n  - name: A\n    wall: |\n      . . . . .\n{second}\n" + (
    "      . . . . .\n" * 4
)


@pytest.mark.parametrize(
    ("name", "text", "said", "not_said"),
    [
        (
            "t.yaml",
            'kind: round\nplayers: [{name: A, lines: ["", "", "", "", "10B"]}]\n',
            "10 is not a count a pattern line takes: a count is one digit, 1 to 9, just before "
            "its colour (3B or 3 blue)",
            "marker",
        ),
        (
            "t.yaml",
            'kind: round\nplayers: [{name: A, lines: ["", "", "", "", "2 blues"]}]\n',
            "unknown word 'blues' in a pattern line: did you mean 'blue'? (or the letter B)",
            "'2'",
        ),
        (
            "t.yaml",
            'kind: round\nplayers: [{name: A, lines: ["", "red, red", "", "", ""]}]\n',
            "a comma in a pattern line: cells are separated by spaces or '/'",
            "unknown letter",
        ),
        (
            "t.yaml",
            PICTURE.format(second="      # Anna's wall"),
            "line 2 of the wall's picture is \"# Anna's wall\", but inside 'wall: |' a '#' is "
            "no comment",
            "6 entries",
        ),
        (
            "t.yaml",
            PICTURE.format(second=""),
            "line 2 of the wall's picture is blank",
            "6 entries",
        ),
        (
            "t.json",
            '{"kind": "round", "players": [{"name": "A", "floor": "R\\u00a0R"}]}',
            "(a no-break space (U+00A0), which shows as a space or as nothing: type an ordinary "
            "space, or delete it)",
            "?",
        ),
        (
            "t.json",
            '{"kind": "round", "players": [{"name": "A", "floor": "R\\u200bR"}]}',
            "(a zero-width space (U+200B), which shows as a space",
            "?",
        ),
        (
            "t.json",
            '{"kind": "round", "players": [{"name": "A\\ud800"}]}',
            "name holds \\ud800, half of a character: an escape from \\ud800 to \\udfff stands "
            "only with its other half",
            "unable to parse",
        ),
    ],
)
def test_a_message_names_what_is_wrong(name: str, text: str, said: str, not_said: str) -> None:
    code, line, column, message = only(name, text)
    assert code == "SC003" and line is not None and column is not None
    assert said in message and not_said not in message, message
