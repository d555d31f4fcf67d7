"""Messages about unusable input (SC001-SC004, gettext domain `input`) in Russian and Japanese.

The catalogues are complete, every translation fills the same fields as its English, the bad
files of tests/bad/ read as a player would want them (a handful asserted word for word), and a
message's language never moves where it points.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files, check_text
from scorecheck.cli import main
from scorecheck.core.violations import Phrase, Violation
from scorecheck.i18n import catalogue_path, localize, using, violation_message
from scorecheck.po import parse_po
from tests.support.bad_inputs import BAD, BAD_DIR
from tests.support.catalogues import missing_translations
from tools.i18n import messages

LANGUAGES = ("ru", "ja")


def first_problem(name: str) -> Violation:
    """The first input problem reported for a file of tests/bad/."""
    reports = check_files([str(BAD_DIR / name)])
    return next(v for r in reports for v in r.violations if v.code.startswith("SC0"))


def reason(violation: Violation, language: str) -> str:
    """The reason of an input problem in a language (SC001's frame is another domain's)."""
    with using(language):
        return str(localize(violation.args["reason"]))


def fields(template: str) -> set[str]:
    """The names of the fields a template fills."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# --- The catalogues ---------------------------------------------------------------------------


def test_every_input_message_is_translated_in_russian_and_japanese() -> None:
    assert len(messages()["input"]) > 100
    gaps = missing_translations()
    assert [gaps.get((language, "input"), []) for language in LANGUAGES] == [[], []]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_fills_the_fields_of_its_english(language: str) -> None:
    entries = parse_po(catalogue_path(language, "input", ".po").read_text(encoding="utf-8"))
    wrong = [
        (e.msgid, form)
        for e in entries
        if e.msgid
        for form in e.msgstr
        if fields(form) != fields(e.msgid) | fields(e.msgid_plural or "")
    ]
    assert wrong == []
    plural = [e for e in entries if e.msgid_plural]
    assert plural and all(len(e.msgstr) == (3 if language == "ru" else 1) for e in plural)


def test_every_reason_for_a_bad_file_is_a_phrase_of_the_input_domain() -> None:
    """A reason given as plain English text could not be translated."""
    for name in sorted(BAD):
        for report in check_files([str(BAD_DIR / name)]):
            for v in report.violations:
                if not v.code.startswith("SC0"):
                    continue  # a broken rule on a readable board, not a bad file
                given = v.args["reason"]
                assert isinstance(given, Phrase) and given.domain == "input", (name, given)


# --- What a player reads ------------------------------------------------------------------------

# file: (Russian, Japanese): the whole message, as `check --lang ru|ja` prints it.
READ_AS_A_PLAYER = {
    "unknown-key.yaml": (
        "неизвестный ключ «scroe»; может быть, «score»? (здесь допустимы: name, score, wall, "
        "lines, floor, columns, claimed)",
        "不明なキー「scroe」です。「score」のことですか？（ここで使えるキー：name、score、wall、"
        "lines、floor、columns、claimed）",
    ),
    "quoted-score.yaml": (
        "score: нужно целое число, а здесь «12» (уберите кавычки)",
        "scoreは整数にしてください。現在の値は「12」です（引用符を外してください）",
    ),
    "four-pattern-lines.yaml": (
        "lines: 4 линии, а нужно 5 (линии узора сверху вниз, от 1 места до 5)",
        "linesは4段ですが、5段必要です（準備列を上の1マスの段から下の5マスの段まで）",
    ),
    "unknown-colour.yaml": (
        "линия узора: недопустимый символ «G»; используйте B Y R K W («.» и пробелы не "
        "учитываются)",
        "準備列に使えない文字「G」があります。使える文字：B Y R K W（「.」と空白は無視されます）",
    ),
    "game-missing-entry.yaml": (
        "в раунде 2 нет записи для игрока Boris: укажите линии узора (lines) и линию пола "
        "(floor) этого игрока, пусть даже пустые",
        "第2ラウンドにBorisの記録がありません。準備列（lines）と床（floor）を書いてください"
        "（空でもかまいません）",
    ),
    "unclosed-list.yaml": (
        "скобка «[» в строке 4 не закрыта: добавьте «]» в конце этой строки",
        "4行目の「[」が閉じていません。行末に「]」を足してください",
    ),
    "over-indented-key.yaml": (
        "у этой строки отступ больше, чем у ключа над ней: ключи одного уровня (например, score "
        "и wall одного игрока) начинаются в одном столбце",
        "この行は上のキーより深くインデントされています。同じ階層のキー（1人分のscoreとwallなど）は"
        "先頭の位置を合わせてください",
    ),
    "top-level-list.yaml": (
        "этот файл — список (строки, начинающиеся с «- »), а документ должен начинаться со "
        "строки «kind: round», «kind: final» или «kind: game»: уберите «- » перед kind и сдвиньте "
        "остальные строки влево на два пробела",
        "このファイルは「- 」で始まる行の並び（リスト）になっています。記録は「kind: round」"
        "「kind: final」「kind: game」のいずれかの行で始めてください。kindの前の「- 」を消し、"
        "ほかの行を半角スペース2つ分左に寄せてください",
    ),
    "trailing-comma.json": (
        "в JSON нельзя ставить «,» перед «]»: уберите её",
        "JSONでは「]」の前に「,」を置けません。削除してください",
    ),
}


@pytest.mark.parametrize("name", sorted(READ_AS_A_PLAYER))
def test_bad_files_read_naturally_in_russian_and_japanese(name: str) -> None:
    problem = first_problem(name)
    for language, expected in zip(LANGUAGES, READ_AS_A_PLAYER[name], strict=True):
        with using(language):
            assert violation_message(problem) == expected
    assert violation_message(problem) == problem.message  # English stays as it was


def test_an_unreadable_file_is_explained_in_the_language_asked_for() -> None:
    problem = first_problem("latin1.yaml")
    assert problem.code == "SC001"
    assert reason(problem, "ru") == (
        "это не текст UTF-8: байт 0xF6 не читается (в Latin-1 / Windows-1252 это «ö»); "
        "сохраните файл в UTF-8"
    )
    assert reason(problem, "ja") == (
        "UTF-8のテキストではありません。バイト0xF6を読めません（Latin-1 / Windows-1252では「ö」）。"
        "ファイルをUTF-8で保存してください"
    )


def test_a_missing_file_is_named_in_the_systems_words_translated(tmp_path: Path) -> None:
    [report] = check_files([str(tmp_path / "missing.yaml")])
    [problem] = report.violations
    assert reason(problem, "en") == "No such file or directory"
    assert reason(problem, "ru") == "нет такого файла или папки"
    assert reason(problem, "ja") == "ファイルまたはフォルダーが見つかりません"


def list_problem(key: str, count: int) -> Violation:
    """The problem with a round whose only player gives `count` pattern lines or wall rows."""
    items = ", ".join(["'.....'" if key == "wall" else "''"] * count)
    [report] = check_text("t.yaml", f"kind: round\nplayers:\n  - {key}: [{items}]\n")
    [problem] = report.violations
    return problem


# A list of the wrong length is counted in what it holds: rows of a wall, pattern lines.
COUNTED = {
    "lines": (("линия", "линии", "линий"), "段", ("pattern line", "pattern lines")),
    "wall": (("ряд", "ряда", "рядов"), "行", ("row", "rows")),
}


@pytest.mark.parametrize("key", sorted(COUNTED))
@pytest.mark.parametrize(("count", "form"), [(1, 0), (2, 1), (4, 1), (6, 2)])
def test_a_counted_phrase_takes_the_russian_plural_form_of_its_count(
    key: str, count: int, form: int
) -> None:
    problem = list_problem(key, count)
    russian, counter, english = COUNTED[key]
    with using("ru"):
        assert violation_message(problem).startswith(f"{key}: {count} {russian[form]}, а нужно 5 (")
    with using("ja"):
        assert violation_message(problem).startswith(
            f"{key}は{count}{counter}ですが、5{counter}必要"
        )
    assert problem.message.startswith(f"{key}: {count} {english[count > 1]}, 5 are needed (")


@pytest.mark.parametrize(
    ("length", "russian"), [(41, "41 символ"), (42, "42 символа"), (45, "45 символов")]
)
def test_a_long_value_is_cut_and_its_length_counted_in_russian(length: int, russian: str) -> None:
    [report] = check_text("t.yaml", f"kind: round\nplayers: [{{score: {'x' * length}}}]\n")
    [problem] = report.violations
    with using("ru"):
        assert violation_message(problem).endswith(f"«{'x' * 30}»… ({russian})")
    with using("ja"):
        assert violation_message(problem).endswith(f"「{'x' * 30}」…（{length}文字）です")


# --- The language never moves a message ---------------------------------------------------------


def json_problems(language: str) -> list[dict[str, object]]:
    """Every violation `check --format json --lang LANGUAGE` reports for all the bad files."""
    paths = [str(BAD_DIR / name) for name in sorted(BAD)]
    result = CliRunner().invoke(main, ["check", "--format", "json", "--lang", language, *paths])
    assert result.exit_code == 2, result.output
    reports = [json.loads(line) for line in result.output.splitlines()]
    return [v for r in reports for v in r["violations"]]


def test_bad_files_are_located_alike_and_worded_apart_in_every_language() -> None:
    english = json_problems("en")

    def where(problems: list[dict[str, object]]) -> list[tuple[object, ...]]:
        return [(p["file"], p["line"], p["column"], p["code"]) for p in problems]

    for language in LANGUAGES:
        translated = json_problems(language)
        assert where(translated) == where(english)
        pairs = zip(translated, english, strict=True)
        same = [p["message"] for p, e in pairs if p["message"] == e["message"]]
        assert same == [], language


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unseen_character_is_named_in_the_readers_words(language: str) -> None:
    # 'U+00A0 NO-BREAK SPACE' is Unicode's English name: a reader gets the code point and a
    # name of their own language.
    english_name = re.compile(r"\b[A-Z]{2,}(?:[ -][A-Z]{2,})+\b")
    for name in ("nbsp-in-key.yaml", "line-separator.yaml"):
        text = reason(first_problem(name), language)
        assert "(U+" in text or "（U+" in text, text
        assert not english_name.search(text), text
