"""The `check` domain in Russian and Japanese: complete, well-formed, and used by `check`."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_text
from scorecheck.cli import main
from scorecheck.core.codes import CODES
from scorecheck.core.results import Report
from scorecheck.i18n import CHECK, catalogue_path, using, violation_message
from scorecheck.po import parse_po
from scorecheck.report.text import format_text, severity_counts
from scorecheck.textwidth import display_width
from tests.support.catalogues import missing_translations
from tests.support.code_cases import CASES, run
from tests.support.examples import EXAMPLES

TRANSLATED = ("ru", "ja")
FORMS = {"ru": 3, "ja": 1}


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_check_message_is_translated(language: str) -> None:
    gaps = missing_translations().get((language, "check"), [])
    assert not gaps, f"{len(gaps)} check messages lack a {language} translation: {gaps[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_fill_only_the_fields_their_message_has(language: str) -> None:
    """A misspelt field would raise KeyError at output time; every plural form is there."""
    entries = parse_po(catalogue_path(language, "check", ".po").read_text(encoding="utf-8"))
    for e in entries[1:]:
        allowed = _fields(e.msgid) | _fields(e.msgid_plural or "") | {"count"}
        for form in e.msgstr:
            assert _fields(form) <= allowed, (language, e.msgid, form)
        if e.msgid_plural is not None:
            assert len(e.msgstr) == FORMS[language], (language, e.msgid)


# Left in a translated message: rule references, names (capitalised), document keys the user
# typed, and the input domain's reasons (SC001-SC003, translated by another catalogue).
_ALLOWED = re.compile(
    r"(?<![A-Za-z])(?:[RD]\d+(?:\.\d+)?|[A-Z][A-Za-z]*|finished: (?:true|false)|starts|columns)"
    r"(?![A-Za-z])"
)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("code", sorted(c for c in CASES if not c.startswith("SC0")))
def test_every_violation_reads_without_english_words(code: str, language: str) -> None:
    """Arguments are language-neutral: colours, cells, lists and reasons are translated too."""
    report = run(CASES[code][0])
    for v in report.violations:
        with using(language):
            text = violation_message(v)
        leftover = re.findall(r"[a-z]{2,}", _ALLOWED.sub("", text))
        assert not leftover, (v.code, text, leftover)
        assert text != v.message


def test_russian_counts_agree_with_their_number() -> None:
    with using("ru"):
        lines = {n: severity_counts(n, n, n) for n in (0, 1, 2, 5, 11, 21, 22)}
    assert lines[1] == "1 ошибка, 1 предупреждение, 1 замечание"
    assert lines[2] == "2 ошибки, 2 предупреждения, 2 замечания"
    assert lines[5] == "5 ошибок, 5 предупреждений, 5 замечаний"
    assert lines[0].startswith("0 ошибок") and lines[11].startswith("11 ошибок")
    assert lines[21].startswith("21 ошибка") and lines[22].startswith("22 ошибки")
    with using("ja"):
        assert severity_counts(2, 0, 1) == "エラー2件、警告0件、情報1件"


def test_russian_report_counts_tiles_and_rows() -> None:
    [report] = check_text("e.yaml", (EXAMPLES / "tie-by-rows.yaml").read_bytes())
    with using("ru"):
        text = format_text(report)
    assert "в крышку коробки уходит 1 плитка" in text
    assert "1. Anna   18  (2 полных ряда)" in text
    assert "2. Boris  18  (1 полный ряд)" in text


JAPANESE_NAMES = {"Anna": "アンナ", "Boris": "ボリス"}


def _japanese_game() -> Report:
    text = (EXAMPLES / "game-short.yaml").read_text(encoding="utf-8")
    for latin, japanese in JAPANESE_NAMES.items():
        text = text.replace(latin, japanese)
    [report] = check_text("game.yaml", text)
    return report


def _end_column(line: str, part: str, start: int = 0) -> int:
    """The display column where the first `part` at or after `start` ends."""
    index = line.index(part, start)
    return display_width(line[: index + len(part)])


def test_japanese_score_sheet_columns_line_up_by_display_width() -> None:
    report = _japanese_game()
    assert report.ok
    with using("ja"):
        lines = format_text(report).splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ラウンド"))
    header, rounds, bonus, final = lines[at], lines[at + 1 : at + 6], lines[at + 6], lines[at + 7]
    assert header.split() == ["ラウンド", "アンナ", "ボリス"]
    ends = [_end_column(header, name) for name in JAPANESE_NAMES.values()]
    for row in rounds:  # e.g. "         2   +4  −0 =   5    +3  −6 =   0"
        totals = [m.end() for m in re.finditer(r"= +\d+", row)]
        assert [display_width(row[:end]) for end in totals] == ends, row
    assert [_end_column(bonus, "+2", k) for k in (0, bonus.index("+2") + 2)] == ends
    assert [_end_column(final, str(p.final_score)) for p in report.final.players] == ends  # type: ignore[union-attr]
    # Counting characters instead of columns would misalign the header: the check above is
    # about display width.
    assert len(header) != len(rounds[0])


def test_japanese_ranking_and_final_lines_line_up_by_display_width() -> None:
    report = _japanese_game()
    with using("ja"):
        lines = format_text(report, detail=True).splitlines()
    ranking = [line for line in lines if re.match(r"^ {4}\d位", line)]
    assert [line.split()[1] for line in ranking] == ["アンナ", "ボリス"]
    assert len({_end_column(line, "点") for line in ranking}) == 1
    finals = [line for line in lines if "ボーナス：" in line and "=" in line]
    assert len(finals) == 2 and len({_end_column(line, "=") for line in finals}) == 1


def invoke(args: list[str], env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(main, args, env=env)
    assert result.exit_code in (0, 1), result.output
    return result.output


DISPUTED = str(EXAMPLES / "disputed-round.yaml")


@pytest.mark.parametrize(
    ("args", "env", "verdict"),
    [
        (["--lang", "ru"], {}, "НЕ СХОДИТСЯ: 3 ошибки, 0 предупреждений, 0 замечаний"),
        (["--lang", "ja"], {}, "エラーあり：エラー3件、警告0件、情報0件"),
        ([], {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}, "НЕ СХОДИТСЯ: 3 ошибки"),
        ([], {"LC_ALL": "ja_JP.UTF-8", "LANG": "ru_RU.UTF-8"}, "エラーあり：エラー3件"),
        (["--lang", "en"], {"LANG": "ja_JP.UTF-8"}, "NOT OK: 3 errors, 0 warnings, 0 notes"),
        ([], {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "NOT OK: 3 errors"),
    ],
)
def test_lang_option_and_environment_choose_the_language(
    args: list[str], env: dict[str, str], verdict: str
) -> None:
    out = invoke(["check", *args, DISPUTED], env)
    assert out.splitlines()[-1].startswith(verdict)


def test_codes_list_follows_the_language() -> None:
    out = invoke(["codes", "--lang", "ru"])
    assert "SC101  ошибка          line-overfull (R1.4, R3.3, D3)" in out
    assert "        В линии узора больше плиток, чем в ней мест.\n" in out
    assert "например: " in out
    assert len(out.splitlines()) == 3 * len(CODES)


def test_japanese_codes_cite_rules_in_full_width_brackets_as_the_messages_do() -> None:
    out = invoke(["codes", "--lang", "ja"])
    assert "SC006  エラー  grey-wall-without-variant（R2、R9）\n" in out
    assert not re.search(r" \([RD]\d", out)


def test_every_code_has_a_one_line_summary_without_fields() -> None:
    for code in CODES.values():
        assert code.summary and code.summary.endswith("."), code.code
        assert "\n" not in code.summary and not _fields(code.summary), code.code
    assert len({c.summary for c in CODES.values()}) == len(CODES)  # each says its own


# What a translated summary may keep in Latin letters: names of formats, keys and values.
_NAMES_IN_SUMMARIES = r"scorecheck|YAML|JSON|UTF-8|finished: false|variant: grey|starts"


@pytest.mark.parametrize("language", TRANSLATED)
def test_codes_gives_each_code_s_summary_in_the_language_not_its_template(language: str) -> None:
    with using(language):
        translated = {c.code: CHECK.word(c.summary) for c in CODES.values()}
    lines = invoke(["codes", "--lang", language]).splitlines()
    assert len(lines) == 3 * len(CODES)
    heads, summaries = lines[0::3], lines[1::3]
    for code, head, summary in zip(CODES.values(), heads, summaries, strict=True):
        assert translated[code.code] != code.summary, code.code
        assert not _fields(translated[code.code]), code.code
        assert not re.search("[A-Za-z]{4}", re.sub(_NAMES_IN_SUMMARIES, "", summary)), summary
        assert head.startswith(code.code) and code.name in head  # the name stays an identifier
        assert summary == f"        {translated[code.code]}"
        assert "{" not in head + summary  # braces only in examples, which are YAML
    assert not re.search(r"\{\w+\}", "\n".join(lines))  # no field of a template anywhere


@pytest.mark.parametrize("example", ["disputed-round.yaml", "game-forgotten-penalty.yaml"])
def test_json_changes_only_the_messages_with_the_language(example: str) -> None:
    path = str(EXAMPLES / example)
    outputs = {
        lang: json.loads(invoke(["check", "--format", "json", "--lang", lang, path]))
        for lang in ("en", "ru", "ja")
    }
    messages = {lang: [v.pop("message") for v in d["violations"]] for lang, d in outputs.items()}
    assert outputs["ru"] == outputs["en"] == outputs["ja"]
    [report] = check_text(path, Path(path).read_bytes())
    for lang, texts in messages.items():
        with using(lang):
            assert texts == [violation_message(v) for v in report.violations]
    assert messages["en"] == [v.message for v in report.violations]
    assert all(r != e and j != e for e, r, j in zip(*messages.values(), strict=True))


@pytest.mark.parametrize("language", ("en", *TRANSLATED))
def test_the_sentences_of_check_wrap_within_the_terminals_width(language: str) -> None:
    # The legend, the winners with the reason and 'not finished' are sentences: they wrap at
    # 80 columns as explain's do (a problem stays on its line, for grep; tables do not wrap).
    said = {"en": "Winner", "ru": "Побед", "ja": "勝者"}[language]
    wrapped = 0
    for example in sorted(EXAMPLES.glob("*.yaml")):
        [report] = check_text(example.name, example.read_text(encoding="utf-8"))
        with using(language):
            lines = format_text(report).splitlines()
        for k, line in enumerate(lines):
            if re.search(r" SC\d{3} ", line) or not line.endswith((".", "。")):
                continue  # a problem, or a table's row
            assert display_width(line) <= 80, (example.name, line)
            wrapped += line.startswith("    ") and not lines[k - 1].endswith((".", "。"))
            assert not line.startswith("    " + said), line  # a continuation, not a new line
    assert wrapped, "no sentence of the examples is long enough to wrap"
