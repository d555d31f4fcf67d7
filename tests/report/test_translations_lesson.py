"""The `lesson` and `cli` domains in Russian and Japanese: complete, well-formed, and read right.

explain, render and init speak through the lesson domain, the CLI's messages and --help through
the cli domain. Besides completeness, these tests look at the translated output itself: plural
forms with numbers, colours agreeing with their noun, Japanese pictures and tables aligned by
display width, Japanese sentences wrapped within the width.
"""

from __future__ import annotations

import string
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files, check_text
from scorecheck.cli import main
from scorecheck.core.documents import KINDS
from scorecheck.core.tiles import Color
from scorecheck.i18n import using
from scorecheck.report.explain import format_explain
from scorecheck.report.html import format_html
from scorecheck.report.templates import NOTE_COLUMN, template
from scorecheck.report.text import WIDTH
from scorecheck.report.words import say_n, tiles
from scorecheck.textwidth import display_width, wrap
from tests.support.browser import needs_chromium, screenshot
from tests.support.catalogues import missing_translations
from tests.support.examples import EXAMPLES
from tests.support.helptext import run_help
from tools.i18n import load

DOMAINS = ("lesson", "cli")
TRANSLATED = ("ru", "ja")
# Fields a translation may use beyond its English message: {count} of counted phrases,
# {missing} (how many tiles a pattern line lacks), given for the Japanese line_stays, and
# {each} (click's choices before the last, run together) for the Japanese 「a」「b」のいずれか.
EXTRA_FIELDS = {"count", "missing", "each"}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def explain(name: str, language: str) -> str:
    [report] = check_files([str(EXAMPLES / name)])
    with using(language):
        return format_explain(report)


def column(line: str, text: str) -> int:
    """The display column where `text` starts in `line`."""
    return display_width(line[: line.index(text)])


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated(language: str, domain: str) -> None:
    gaps = missing_translations().get((language, domain), [])
    assert not gaps, f"{language}/{domain}.po lacks {len(gaps)} translations: {gaps[:3]}"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_use_only_fields_the_code_fills(language: str, domain: str) -> None:
    for entry in load(language, domain):
        if not entry.msgid:
            continue  # the header
        given = fields(entry.msgid) | fields(entry.msgid_plural or "") | EXTRA_FIELDS
        for form in entry.msgstr:
            assert fields(form) <= given, (entry.msgid, form)


def test_russian_counts_agree_with_number_and_colour() -> None:
    with using("ru"):
        assert [tiles(Color.BLUE, n) for n in (1, 2, 5, 21)] == [
            "1 синяя плитка",
            "2 синие плитки",
            "5 синих плиток",
            "21 синяя плитка",
        ]
        lid = [say_n("lid_total", n) for n in (1, 2, 5, 21)]
        assert lid == [
            "В этом раунде в крышку коробки уходит 1 плитка (R4.1, R6.5).",
            "В этом раунде в крышку коробки уходят 2 плитки (R4.1, R6.5).",
            "В этом раунде в крышку коробки уходят 5 плиток (R4.1, R6.5).",
            "В этом раунде в крышку коробки уходит 21 плитка (R4.1, R6.5).",
        ]
        assert [say_n("points", n) for n in (1, 2, 5, 11, 21)] == [
            "1 очко",
            "2 очка",
            "5 очков",
            "11 очков",
            "21 очко",
        ]


def test_japanese_counts_tiles_in_mai_and_points_in_ten() -> None:
    with using("ja"):
        assert tiles(Color.YELLOW, 2) == "黄タイル2枚"
        assert say_n("points", 7) == "7点"


def test_russian_explain_reads_in_the_rulebook_terms() -> None:
    text = explain("e1-round.yaml", "ru")
    assert "Шаг 2. Линия узора 3 заполнена (3 синие плитки)" in text
    assert "Линия узора 4 не заполнена (2 жёлтые плитки из 4)" in text
    assert "В этом раунде в крышку коробки уходят 3 плитки (R4.1, R6.5)." in text
    assert "Anna: до этого раунда 8 очков" in text
    final = explain("final.yaml", "ru")
    assert "Boris: до бонусов 51 очко" in final
    assert "1.  Anna   59 очков  2 полных ряда" in final


def test_japanese_picture_and_tables_align_by_display_width() -> None:
    text = explain("e1-round.yaml", "ja")
    lines = text.splitlines()
    labels = next(i for i, line in enumerate(lines) if "置く前" in line)
    head, grid = lines[labels], lines[labels + 2]  # the labels, then row 2: '. B[Y]. .'
    assert head.strip().split() == ["置く前", "置いた後", "得点対象"]
    # Each label starts where its wall does (the column of its leading space), in columns,
    # although the labels are wide characters.
    last = display_width(grid[: grid.rindex("B[Y]")])  # in the third picture: what counted
    starts = [column(grid, ". B . . ."), column(grid, ". B[Y]. ."), last - 2]
    assert [column(head, label) for label in ("置く前", "置いた後", "得点対象")] == starts
    floor = explain("tie-by-rows.yaml", "ja").splitlines()
    at = next(i for i, line in enumerate(floor) if line.strip().startswith("マス"))
    slots, items, costs = floor[at : at + 3]
    assert column(slots, " 1 ") == column(items, " 1 ") == column(costs, "−1")
    # The ranking: a Japanese name is wider on screen than its character count.
    final = (
        "kind: final\nplayers:\n"
        "  - {name: アンナ, score: 40, wall: [BYRKW, ....., ....., ....., .....]}\n"
        "  - {name: Boris, score: 7, wall: [BYRKW, WBYRK, ....., ....., .....]}\n"
    )
    [report] = check_text("final.yaml", final)
    with using("ja"):
        table = format_explain(report).splitlines()
    ranking = table[next(i for i, ln in enumerate(table) if ln.startswith("順位")) :]
    first, second = (next(ln for ln in ranking if ln.strip().startswith(p)) for p in ("1位", "2位"))
    assert column(first, "42点") == column(second, "11点")
    assert column(first, "完成") == column(second, "完成")


@pytest.mark.parametrize("language", TRANSLATED)
def test_sentences_wrap_within_the_width_and_keep_sums_whole(language: str) -> None:
    for example in sorted(EXAMPLES.glob("*.yaml")):
        for report in check_files([str(example)]):
            with using(language):
                text = format_explain(report)
            lesson, _, _problems = text.rpartition("\n\n")  # violations are not wrapped
            for line in lesson.splitlines()[1:]:  # the title holds the path as given
                assert display_width(line) <= WIDTH, (example.name, line)
                assert not line.strip().startswith(("= ", "+ ", "− ", "— ", "（R")), line


def test_wrap_breaks_japanese_after_punctuation_and_english_like_textwrap() -> None:
    first = "手順1：1段目の準備列が埋まっています（赤タイル1枚）。"
    second = "右端の1枚を壁に置きます（R4.1）。"
    sentence = first + second
    assert wrap(sentence, 60, "  ", "    ") == ["  " + first, "    " + second]
    assert wrap("2枚" * 40, 21) == ["2枚" * 7] * 5 + ["2枚" * 5]  # a number keeps its counter
    english = "Across 4: row 3, columns 1–4. Down 3: column 3, rows 2–4. The new tile counts."
    for width in (20, 33, 50):
        expected = textwrap.wrap(english, width, break_on_hyphens=False, break_long_words=False)
        assert wrap(english, width) == expected


@pytest.mark.parametrize("language", ("en", "ru", "ja"))
def test_html_declares_its_language(language: str) -> None:
    reports = list(check_files([str(EXAMPLES / "e1-round.yaml")]))  # a Sequence, not an Iterator
    with using(language):
        page = format_html(reports)
    assert f'<html lang="{language}">' in page


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_translated_templates_check_cleanly(language: str, kind: str) -> None:
    with using(language):
        text = template(kind)
    [report] = check_text(f"{kind}.yaml", text)
    assert [v.code for v in report.violations] == (["SC310"] if kind == "game" else [])
    [english] = check_text(f"{kind}.yaml", template(kind))
    assert [t.score_after for r in report.rounds for t in r.tilings] == [
        t.score_after for r in english.rounds for t in r.tilings
    ]
    assert not text.splitlines()[0].isascii()  # the comments are translated
    for line in text.splitlines():  # comments beside the YAML start in one column
        if "  # " in line:
            code = line.rpartition("  # ")[0]
            beside = max(NOTE_COLUMN, display_width(code.rstrip()) + 3)
            assert display_width(code) + 2 == beside, line


def test_cli_explain_and_init_in_russian(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["explain", "--lang", "ru", str(EXAMPLES / "e1-round.yaml")])
    assert result.exit_code == 0, result.output
    assert "Новая плитка считается дважды: 4 + 3 = 7 (R5.2)." in " ".join(result.output.split())
    group = runner.invoke(main, ["--lang", "ja", "explain", str(EXAMPLES / "e1-round.yaml")])
    assert "手順1：2段目の準備列が満杯です（黄タイル2枚）。" in group.output
    out = tmp_path / "round.yaml"
    assert runner.invoke(main, ["init", "--lang", "ru", "round", str(out)]).exit_code == 0
    assert "# Буквы цветов: B — синяя, Y — жёлтая" in out.read_text(encoding="utf-8")
    refused = runner.invoke(main, ["init", "--lang", "ru", "round", str(out)])
    assert refused.exit_code == 2
    assert "уже существует; чтобы перезаписать его, добавьте --force" in refused.output
    nobody = runner.invoke(
        main, ["explain", "--lang", "ru", "--player", "Bob", str(EXAMPLES / "e1-round.yaml")]
    )
    assert nobody.exit_code == 2
    assert "игрока с именем «Bob» нет (игроки: Anna)" in nobody.output
    nobody = runner.invoke(  # the roster of input.po's SC212: «Anna и Boris», not «Anna, Boris»
        main, ["explain", "--lang", "ru", "--player", "Zed", str(EXAMPLES / "game-short.yaml")]
    )
    assert "игрока с именем «Zed» нет (игроки: Anna и Boris)" in nobody.output


def test_help_in_russian_without_loading_pydantic() -> None:
    done = run_help("render", "--help", "--lang", "ru")
    assert "Использование: scorecheck render [ПАРАМЕТРЫ] ФАЙЛ" in done.stdout
    assert "Нарисовать документ в SVG или объяснить его" in done.stdout
    assert "Параметры:" in done.stdout and "[обязательно]" in done.stdout
    assert "Показать эту справку и выйти." in done.stdout
    assert done.stderr.strip() == "False"  # --help stays fast: no pydantic
    from_environment = run_help("--help", env={"LANG": "ru_RU.UTF-8"})
    assert "Команды:" in from_environment.stdout
    assert "Объяснить документ шаг за шагом, с рисунками стены." in from_environment.stdout


def test_japanese_help_fits_the_terminal() -> None:
    done = run_help("--lang=ja", "check", "--help")
    assert "使い方：scorecheck check [オプション] ファイル..." in done.stdout
    assert "[既定値：text]" in done.stdout
    assert all(display_width(line) <= 80 for line in done.stdout.splitlines()), done.stdout


@needs_chromium
def test_chromium_draws_japanese_glyphs_not_boxes(tab: Any, tmp_path: Path) -> None:
    """Without a Japanese font every character is the same empty box: two different lines of
    kanji would look alike. .ci/run installs fonts-ipafont-gothic for this."""
    lines = ("準備列", "先手マ", "Стена")  # the Cyrillic comes with DejaVu
    page = "".join(f'<p style="margin:0;height:80px">{text}</p>' for text in lines)
    style = "<style>body{margin:0;font:60px/80px sans-serif}</style>"
    html = f'<html lang="ja">{style}<body>{page}</body></html>'
    image = screenshot(tab, html, tmp_path, (1280, 1400))
    band = [b"".join(image.rows[y] for y in range(80 * i + 10, 80 * i + 70)) for i in range(3)]
    inked = [sum(1 for byte in rows if byte < 128) for rows in band]
    assert all(count > 1000 for count in inked), inked  # every line is drawn
    boxes = band[0] == band[1]
    assert not boxes, "Japanese characters are drawn as boxes: no Japanese font"
