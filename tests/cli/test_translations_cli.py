"""click's own messages (usage errors, 'Usage:', placeholders, --version) in our catalogues,
and --lang on every command."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.clicklang import METAVARS
from tests.support.examples import EXAMPLES
from tools.i18n import click_messages

E1 = str(EXAMPLES / "e1-round.yaml")

# Every kind of usage error a user can provoke, and --version.
USAGE_ERRORS = {
    "unknown option, with a suggestion": ["check", "--bogus", E1],
    "unknown option, no suggestion": ["explain", "--zzz", E1],
    "unknown option of the group": ["--nope"],
    "missing argument (many)": ["check"],
    "missing argument (one)": ["explain"],
    "missing required option": ["render", E1],
    "option needs a value": ["check", "--jobs"],
    "flag given a value": ["check", "--summary=yes", E1],
    "bad choice of an option": ["check", "--format", "xml", E1],
    "bad choice of an argument": ["init", "bogus"],
    "bad choice of --lang itself": ["check", "--lang", "fr", E1],
    "not an integer": ["check", "--jobs", "z", E1],
    "integer out of range": ["check", "--max-bytes", "0", E1],
    "round out of range": ["explain", "--round", "0", E1],
    "no such command": ["nosuch"],
    "extra argument": ["explain", E1, E1],
    "extra arguments": ["codes", "a", "b"],
    "a directory where a file is written": ["init", "round", "."],
    "version": ["--version"],
}


@cache  # click's sources parsed once, not once a test
def english_fragments() -> tuple[str, ...]:
    """The words of click's English messages and placeholders, as they would appear."""
    texts = [m for pair in click_messages() for m in pair if m] + [*METAVARS, "Usage:"]
    fragments: list[str] = []
    for text in texts:
        for part in re.split(r"\{[^}]*\}|%\([a-z]+\)s|\n\t", text):
            part = part.strip(" .:;()?'")
            if len(re.sub(r"[^A-Za-z]", "", part)) >= 4 and part not in ("N",):
                fragments.append(part)
    return tuple(sorted(set(fragments), key=len, reverse=True))


def run(args: list[str], language: str) -> tuple[int, str]:
    env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": f"{language}_XX.UTF-8"}
    if "--lang" not in args:
        args = (
            ["--lang", language, *args]
            if args[0].startswith("--")
            else [args[0], "--lang", language, *args[1:]]
        )
    result = CliRunner().invoke(main, args, env=env, prog_name="scorecheck")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_the_fragments_are_click_s_messages() -> None:
    fragments = english_fragments()
    for expected in ("No such option", "Did you mean", "Missing argument", "Invalid value for"):
        assert expected in fragments
    assert "No such command" in fragments and "is not one of" in fragments


@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("case", sorted(USAGE_ERRORS))
def test_no_english_click_text_in_usage_errors(case: str, language: str) -> None:
    code, out = run(USAGE_ERRORS[case], language)
    assert code == (0 if case == "version" else 2), out
    found = [f for f in english_fragments() if f.lower() in out.lower()]
    assert not found, (found, out)
    for word in ("Usage", "Error", "Try ", "OPTIONS", "FILES", "COMMAND", "ARGS", "version"):
        assert word not in out, (word, out)
    letters = "а-яё" if language == "ru" else "\u3040-\u30ff\u4e00-\u9fff"
    assert re.search(f"[{letters}]", out.lower()), out


def test_usage_errors_read_as_the_language_writes_them() -> None:
    _, ru = run(["check", "--bogus", E1], "ru")
    assert "Использование: scorecheck check [ПАРАМЕТРЫ] ФАЙЛЫ..." in ru
    assert "Ошибка: нет параметра «--bogus». Может быть, имелось в виду «--jobs»?" in ru
    _, ja = run(["check", "--jobs", "0", E1], "ja")
    assert "使い方：scorecheck check [オプション] ファイル..." in ja
    assert "詳しくは「scorecheck check --help」を実行してください。" in ja
    assert "エラー：「--jobs」／「-j」の指定が正しくありません。" in ja
    assert "「0」は1以上の整数ではありません。" in ja
    _, ru = run(["check", "--jobs", "0", E1], "ru")
    assert "Ошибка: неверное значение «--jobs» / «-j»: «0». Нужно целое число не меньше 1." in ru
    assert run(["--version"], "ru")[1].startswith("scorecheck, версия ")


def test_guesses_and_choices_are_listed_as_the_language_lists_them() -> None:
    # click lists them with ", " and puts a space after the sentence before its guesses;
    # Japanese offers two choices and its guesses with か, three or more as 「…」「…」のいずれか,
    # and leaves no space after 。;
    # Russian offers its guesses with или (a single guess has no list).
    expected = {
        "ja": (
            "エラー：「chek」というコマンドはありません。もしかして「check」か「schema」のことですか？",
            "エラー：「--format」の指定が正しくありません。「xml」は使えません。使えるのは「text」か「json」です。",
            "エラー：「--bogus」というオプションはありません。もしかして「--jobs」のことですか？",
        ),
        "ru": (
            "Ошибка: нет команды «chek». Может быть, имелось в виду «check» или «schema»?",
            "Ошибка: неверное значение «--format»: «xml». Допустимые значения: «text», «json».",
            "Ошибка: нет параметра «--bogus». Может быть, имелось в виду «--jobs»?",
        ),
        "en": (
            "Error: No such command 'chek'. (Did you mean one of: 'check', 'schema'?)",
            "Error: Invalid value for '--format': 'xml' is not one of 'text', 'json'.",
            "Error: No such option '--bogus'. Did you mean '--jobs'?",
        ),
    }
    languages = {
        "ja": (
            "「--lang」の指定が正しくありません。「fr」は使えません。"
            "使えるのは「en」「ru」「ja」のいずれかです。"
        ),
        "ru": "неверное значение «--lang»: «fr». Допустимые значения: «en», «ru», «ja».",
        "en": "Invalid value for '--lang': 'fr' is not one of 'en', 'ru', 'ja'.",
    }
    for language, (command, choice, option) in expected.items():
        assert command in run(["chek"], language)[1], language
        assert choice in run(["check", "--format", "xml", E1], language)[1], language
        assert option in run(["check", "--bogus", E1], language)[1], language
        env = {"LC_ALL": "", "LC_MESSAGES": "", "LANG": f"{language}_XX.UTF-8"}
        result = CliRunner().invoke(main, ["check", "--lang", "fr", E1], env=env)
        assert languages[language] in result.output, (language, result.output)


def test_english_usage_errors_are_click_s_own() -> None:
    code, out = run(["check", "--jobs", "0", E1], "en")
    assert code == 2
    assert "Usage: scorecheck check [OPTIONS] FILES..." in out
    assert (
        "Error: Invalid value for '--jobs' / '-j': '0' is not a whole number of at least 1." in out
    )


def test_every_command_takes_lang(tmp_path: Path) -> None:
    for name in main.commands:
        code, out = run([name, "--help"], "ru")
        assert code == 0 and "--lang [en|ru|ja]" in out, (name, out)
    code, out = run(["schema"], "ru")
    assert code == 0 and out.startswith("{")
    assert CliRunner().invoke(main, ["schema", "--lang", "ja"]).exit_code == 0
