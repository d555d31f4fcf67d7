"""Typography and terms as a native rules teacher writes them: where Russian and Japanese lines
break, how wide they are, the sources' words, counted nouns and colours that agree."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.core.tiles import Color
from scorecheck.i18n import Domain, catalogue_path, fill, localize, using
from scorecheck.po import parse_po
from scorecheck.textwidth import bind_words, display_width, wrap
from tests.support.examples import EXAMPLES, ROOT
from tests.support.helptext import SEPARATOR, run_helps

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))
LOCATED = re.compile(r"^\s*\S+:\d+:\d+: ")  # file:line:col lines stay whole for editors


def explain(language: str, path: object) -> str:
    result = CliRunner().invoke(main, ["explain", "--lang", language, str(path)])
    assert result.exit_code in (0, 1), result.output
    return result.output


def translations(language: str) -> list[tuple[str, str]]:
    """(msgid, translation) of every entry of every catalogue of a language."""
    out = []
    for path in sorted(catalogue_path(language, "x").parent.glob("*.po")):
        for entry in parse_po(path.read_text(encoding="utf-8")):
            if entry.msgid:
                out += [(entry.msgid, text) for text in entry.msgstr]
    return out


def test_examples_exist() -> None:
    assert len(EXAMPLE_FILES) >= 8


# Russian: no line ends with a number whose noun starts the next line ('итого 2⏎очка'), with a
# noun whose number starts the next ('столбец⏎1'), or with a one-letter word ('в⏎ряду').
BAD_RUSSIAN_BREAKS = (
    (re.compile(r"\d$"), re.compile(r"^[А-Яа-яЁё]")),
    (re.compile(r"[А-Яа-яЁё:]$"), re.compile(r"^[−+]?\d")),
    (re.compile(r"(?:^|[\s(«])[А-Яа-яЁё]$"), re.compile(r".")),
    (re.compile(r"(?:^|[\s,;])[A-Z0-9] —$"), re.compile(r".")),  # a legend: 'W — белая'
)


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_russian_explain_never_breaks_a_number_from_its_noun(path: object) -> None:
    lines = explain("ru", path).splitlines()
    checked = 0
    for before, after in pairwise(lines):
        indent = len(before) - len(before.lstrip())
        first_word = after.split()[0] if after.strip() else ""
        unit = bind_words(after.strip(), "ru").split(" ")[0]  # what the wrapper keeps whole
        wrapped = after.startswith(" " * (indent + 2) + first_word) and (
            display_width(before) + 1 + display_width(unit) > 80
        )
        if not wrapped or LOCATED.match(before):
            continue  # a break the wrapper made: the next word did not fit
        checked += 1
        for end, start in BAD_RUSSIAN_BREAKS:
            assert not (end.search(before.rstrip()) and start.search(after.lstrip())), (
                before,
                after,
            )
    assert checked >= 1


def test_the_russian_binding_rules() -> None:
    bound = bind_words("итого 2 очка, столбец 1 и ряд 2 — как есть, фишка первого игрока", "ru")
    assert bound == (
        "итого 2\u00a0очка, столбец\u00a01 и\u00a0ряд\u00a02\u00a0—\u00a0как\u00a0есть, "
        "фишка\u00a0первого\u00a0игрока"
    )
    assert bind_words("row 2 of the wall", "en") == "row 2 of the wall"
    with using("ru"):
        lines = wrap("Линия узора 4 не заполнена и остаётся до следующего раунда как есть.", 44)
    assert lines == ["Линия узора 4 не заполнена и остаётся", "до следующего раунда как есть."]


def test_the_japanese_binding_keeps_a_number_with_its_counter() -> None:
    """A browser's phrase breaking parted 第 from 3ラウンド; word joiners hold them, and the
    text wrapper, which keeps them together by itself, drops the joiners."""
    assert bind_words("第3ラウンドに+2点、12行目", "ja") == (
        "第\u20603\u2060ラウンドに+2\u2060点、12\u2060行目"
    )
    assert bind_words("round 3 +2", "ja") == "round 3 +2"  # ASCII only: nothing to hold
    with using("ja"):
        lines = wrap("最大になる置き方の一例：第1ラウンドに+1点、第3ラウンドに+2点。", 30)
    assert lines == ["最大になる置き方の一例：", "第1ラウンドに+1点、", "第3ラウンドに+2点。"]
    assert not any("\u2060" in line for line in lines)


def test_russian_html_binds_numbers_and_short_words(tmp_path: object) -> None:
    out = f"{tmp_path}/e1.html"
    result = CliRunner().invoke(
        main, ["render", "--lang", "ru", str(EXAMPLES / "e1-round.yaml"), "-o", out]
    )
    assert result.exit_code == 0, result.output
    page = Path(out).read_text(encoding="utf-8")
    sentences = re.findall(r"<p[^>]*>([^<]*)</p>", page)  # sentences, claim notes, captions
    assert len(sentences) > 5
    for text in sentences:
        assert not re.search(r"\d (?=[А-Яа-яЁё]{3})", text), text
        assert not re.search(r"(?<![\w-])[А-Яа-яЁё] ", text), text
    assert "итого 2\u00a0очка" in page
    # A number is held by its noun or by the word before it, never by both: three words glued
    # by two no-break spaces make ragged lines (issue 32).
    for text in sentences + re.findall(r"<h\d[^>]*>([^<]*)</h\d>", page):
        assert not re.search(r"[А-Яа-яЁё]{3,}\u00a0[−+]?\d+\u00a0[А-Яа-яЁё]", text), text
    assert re.search(r"<h3>\w+: до\u00a0этого раунда \d+\u00a0очк", page)  # headings too


# A screen reader reads a picture's aria-label alone: a score in it ends with its noun, so
# '…: +3' is read as '+3 очка', never as a bare number.
@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("name", ["e1-round.yaml", "final.yaml", "tie-by-rows.yaml"])
def test_pictures_read_aloud_give_each_score_its_noun(
    tmp_path: Path, language: str, name: str
) -> None:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        main, ["render", "--lang", language, str(EXAMPLES / name), "-o", str(out)]
    )
    assert result.exit_code in (0, 1), result.output  # 1: the table's claims are wrong
    labels = re.findall(r'aria-label="([^"]*)"', out.read_text(encoding="utf-8"))
    scored = [label for label in labels if re.search(r"\d", label)]
    assert len(scored) >= 3, labels
    for label in scored:
        assert not re.search(r"\d$", label), label  # '+7 очков (4 + 3)' ends in its sum


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_explain_lines_fit_80_columns(path: object) -> None:
    """Columns are counted as a terminal draws them: East Asian wide and full-width
    characters (unicodedata 'W' and 'F') take two, the others one."""
    for language in ("en", "ru", "ja"):
        for line in explain(language, path).splitlines():
            if not LOCATED.match(line) and str(path) not in line:  # the path is the user's
                assert display_width(line) <= 80, (language, line)


def _script(char: str) -> str:
    if "\u3041" <= char <= "\u309f":
        return "hiragana"
    if "\u30a0" <= char <= "\u30ff":
        return "katakana"
    if "\u4e00" <= char <= "\u9fff":
        return "kanji"
    return "other"


# Pairs that sit inside one Japanese word: a kanji compound, a katakana word, kana after a
# kanji stem ('表示|します'), a kana run ('しま|す'), a word and its particle ('タイル|を').
INSIDE_A_WORD = {
    ("kanji", "kanji"),
    ("katakana", "katakana"),
    ("kanji", "hiragana"),
    ("hiragana", "hiragana"),
    ("katakana", "hiragana"),
    ("kanji", "katakana"),
    ("katakana", "kanji"),
}


def test_japanese_help_never_breaks_inside_a_word() -> None:
    commands = ["check", "codes", "explain", "render", "init", "schema"]
    asked = [
        ["--lang", "ja", *([command] if command else []), "--help"] for command in [None, *commands]
    ]
    texts = run_helps(*asked).stdout.split(SEPARATOR + "\n")
    assert len(texts) == len(asked)
    breaks = 0
    for text in texts:
        lines = text.splitlines()
        for before, after in pairwise(lines):
            if not before.strip() or not after.strip():
                continue
            last, first = before.rstrip()[-1], after.lstrip()[0]
            if _script(last) != "other" or _script(first) != "other":
                breaks += 1
            assert (_script(last), _script(first)) not in INSIDE_A_WORD, (before, after)
            assert not (before.endswith(" ") or "\u3041" <= first <= "\u309f"), (before, after)
        assert all(display_width(line) <= 80 for line in lines), text
    assert breaks > 10  # the check above looked at real breaks in Japanese text


def test_the_japanese_wrapper_breaks_at_phrases() -> None:
    text = "scorecheck 自体が失敗したときにトレースバックを表示します。"
    assert wrap(text, 32) == ["scorecheck 自体が失敗したときに", "トレースバックを表示します。"]
    assert wrap("出力の言語（既定では LC_ALL、LANG から決めます）。", 36) == [
        "出力の言語（既定では LC_ALL、",
        "LANG から決めます）。",  # the particle stays with its ASCII word
    ]


# The rule sources' terms (/work/shared/rules): 減点 for floor penalties, 満杯の準備列 for a full
# pattern line and 完成した横一列 for a complete wall row, 第Nラウンド.
def test_japanese_catalogues_use_the_sources_terms() -> None:
    texts = [text for _, text in translations("ja")]
    assert len(texts) > 400
    assert not [t for t in texts if "失点" in t]
    assert not [t for t in texts if re.search(r"そろ|揃", t) and "並" not in t]
    assert not [t for t in texts if re.search(r"ラウンド\{|ラウンド\d", t)]
    assert not [t for t in texts if "文書" in t or "カラー面" in t or "一手" in t]
    assert not [t for t in texts if re.search(r"\d–\d|\}–\{", t)]  # ranges: 3〜5列目
    # One word for each thing: checking is 検算, a folder フォルダー.
    assert not [
        t
        for t in texts
        if "チェック" in t or "ディレクトリ" in t or "フォルダ" in t.replace("フォルダー", "")
    ]
    assert sum("減点" in t for t in texts) >= 10 and sum("満杯" in t for t in texts) >= 10
    # JTF style: no space between Japanese and half-width words ('JSONオブジェクト', '--langの');
    # runs of spaces that align columns stay.
    kana_kanji = "[\u3041-\u30ff\u4e00-\u9fff]"
    spaced = re.compile(f"{kana_kanji} [A-Za-z'.-]|[A-Za-z'] {kana_kanji}")
    assert not [t for t in texts if spaced.search(t) and "  " not in t]


def test_japanese_check_output_uses_full_width_punctuation() -> None:
    for path in EXAMPLE_FILES:
        result = CliRunner().invoke(main, ["check", "--lang", "ja", str(path)])
        for line in result.output.splitlines():
            prose = re.sub(r"^\S+:\d+:\d+: ", "", line)  # the location stays as editors read it
            prose = re.sub(r"\b\w+: \w+|\{[^}]*\}|\"[^\"]*\"", "", prose)  # YAML quoted as such
            prose = prose.replace("(✗)", "")  # the score sheet's mark, quoted in its legend
            if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", prose):
                assert not re.search(r"[()]|: ", prose), line


def test_japanese_init_comments_use_full_width_parentheses() -> None:
    # The comments of `init`'s templates, the commands' notes too: （…をすべて報告）.
    for kind in ("round", "final", "game"):
        result = CliRunner().invoke(main, ["init", "--lang", "ja", kind])
        comments = [line.split("#", 1)[1] for line in result.output.splitlines() if "#" in line]
        japanese = [c for c in comments if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", c)]
        assert len(japanese) > 10, result.output
        assert not [c for c in japanese if re.search(r"[()]", c)], result.output


def test_russian_catalogues() -> None:
    texts = [text for _, text in translations("ru")]
    assert not [t for t in texts if "разыгр" in t]  # the tool recalculates: «пересчитывает»
    assert not [t for t in texts if re.search(r"R\d-R\d|-1 -1", t)]  # «R1–R9», «−1 −1»
    assert not [t for t in texts if "escape-" in t or "дисках склада" in t]
    assert not [t for t in texts if re.search(r"\bAzul\b", t)]  # one spelling: «Азул»
    assert not [t for t in texts if "каталог" in t]  # a folder is «папка», as ПАПКА
    assert not [t for t in texts if re.search(r"[а-яё]\)? \([RD]\d", t) and ") (" in t]


def test_counted_nouns_and_colours_that_agree() -> None:
    with using("ru"):
        assert [fill("{n:plural:# очко|# очка|# очков}", {"n": n}) for n in (1, 3, 5, 21)] == [
            "1 очко",
            "3 очка",
            "5 очков",
            "21 очко",
        ]
        colour = localize(Color.YELLOW)
        assert fill("стоит {c:tile}, нет {c:tile.gen}", {"c": colour}) == (
            "стоит жёлтая плитка, нет жёлтой плитки"
        )
        assert fill("{n:group} байт", {"n": 10000}) == "10\u00a0000 байт"
        say = Domain("check").say_n
        assert say("{count} {colors}", "{count} {colors}", 2, colors=(Color.RED,)) == (
            "2 красные плитки"
        )
    with using("en"):
        assert fill("{c:tile} and {n:group}", {"c": localize(Color.RED), "n": 10000}) == (
            "red and 10,000"
        )


def test_check_gives_the_colour_letters() -> None:
    for language, legend in (
        ("en", "Colour letters: B blue, Y yellow, R red, K black, W white."),
        ("ru", "Буквы цветов: B — синяя, Y — жёлтая, R — красная, K — чёрная, W — белая; 1 — "),
        ("ja", "色の記号：B＝青、Y＝黄、R＝赤、K＝黒、W＝白、1＝先手マーカー。"),
    ):
        shown = CliRunner().invoke(
            main, ["check", "--lang", language, str(EXAMPLES / "disputed-round.yaml")]
        )
        flat = " ".join(line.strip() for line in shown.output.splitlines())  # wrapped at 80
        assert legend in flat and "R R R R" in shown.output
        none = CliRunner().invoke(
            main, ["check", "--lang", language, str(EXAMPLES / "e1-round.yaml")]
        )
        assert legend not in none.output  # empty floors: no letter, no legend
    floor = CliRunner().invoke(main, ["check", "--lang", "ru", str(EXAMPLES / "grey-round.yaml")])
    assert "    на полу   1 + W (линия 1, R9.2):  −1 −1 = −2" in floor.output  # «1», as explain


def test_unreadable_input_is_an_input_error_not_a_wrong_score() -> None:
    bad = str(ROOT / "tests" / "bad" / "absurd-score.yaml")
    for language, verdict in (
        ("en", "INPUT ERROR: 1 error"),
        ("ru", "ОШИБКА ВВОДА: 1 ошибка"),
        ("ja", "入力エラー：エラー1件"),
    ):
        result = CliRunner().invoke(main, ["check", "--lang", language, bad])
        assert result.exit_code == 2 and result.output.splitlines()[-1].startswith(verdict)
    wrong = CliRunner().invoke(
        main, ["check", "--lang", "ja", str(EXAMPLES / "disputed-round.yaml")]
    )
    assert wrong.exit_code == 1 and wrong.output.splitlines()[-1].startswith("エラーあり：")
