"""The kinds of fault a native reader of Russian or Japanese found at the edges of the output
(issue 32), each held by a test over every output it can appear in: default names, help
placeholders, quotes around input, line breaks inside Japanese words, names after «у»."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from scorecheck.api import check_text
from scorecheck.cli import main
from scorecheck.core.results import Report
from scorecheck.i18n import Domain, using, violation_message
from scorecheck.nextdoc import next_document_text
from scorecheck.po import parse_po
from scorecheck.report.explain import format_explain
from scorecheck.report.html import format_html
from scorecheck.report.jsonfmt import format_json
from scorecheck.report.svg import format_svg
from scorecheck.report.templates import template
from scorecheck.report.text import format_text
from scorecheck.serve.answers import view_answer
from scorecheck.textwidth import wrap
from tests.support.checking import check_yaml
from tests.support.examples import GOLDEN, ROOT
from tests.support.helptext import SEPARATOR, run_helps
from tests.support.record_cases import CASES as RECORD_CASES

UNNAMED_ROUND = """\
kind: round
players:
  - score: 10
    wall: [B...., ....., ....., ....., .....]
    lines: [B, "", "", "", ""]
    claimed: {score: 99}
  - score: 5
    lines: [Y, "", "", "", ""]
claimed: {winner: Player 2}
"""

DISPUTED = (ROOT / "examples" / "disputed-round.yaml").read_text(encoding="utf-8")

UNNAMED_FINAL = """\
kind: final
players:
  - score: 20
    wall: [BYRKW, ....., ....., ....., .....]
  - score: 20
    wall: [BYRKW, ....., ....., ....., .....]
    claimed: {final: 30}
"""


def _outputs(report: Report) -> dict[str, str]:
    return {
        "check": format_text(report, detail=True),
        "explain": format_explain(report),
        "html": format_html([report]),
        "svg": format_svg([report]),
    }


@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("document", [UNNAMED_ROUND, UNNAMED_FINAL], ids=["round", "final"])
def test_no_player_in_russian_or_japanese_output(document: str, language: str) -> None:
    report = check_yaml(document)
    assert report.violations  # the messages, which name the boards, are read too
    own = {"ru": "Игрок 2", "ja": "プレイヤー2"}[language]
    with using(language):
        outputs = _outputs(report)
        body = json.dumps(yaml.safe_load(document)).encode()
        answer = json.loads(view_answer(body, "t.yaml").body)
        json_report = json.loads(format_json(report))
    outputs.update({f"page {k}": answer[k] for k in ("scorecard", "explanation")})
    outputs["page problems"] = "\n".join(answer["problems"])
    for kind, text in outputs.items():
        assert "Player" not in text, (kind, text)
        assert own in text, kind
    # The JSON report keeps the fixed default (docs/format.md), whatever the language.
    for data in (json_report, answer["report"]):
        names = set(re.findall(r'"name": "([^"]*)"', json.dumps(data, ensure_ascii=False)))
        assert names == {"Player 1", "Player 2"}, names


def _helps(language: str) -> list[str]:
    commands = ["check", "codes", "explain", "render", "init", "next", "serve", "schema", "site"]
    asked = [["--lang", language, "--help"]] + [[c, "--lang", language, "--help"] for c in commands]
    texts = run_helps(*asked).stdout.split(SEPARATOR + "\n")
    assert len(texts) == len(asked)
    return texts


# English placeholders click makes (type names and METAVARS) and click's range notation.
ENGLISH_PLACEHOLDER = re.compile(
    r"\b(INTEGER|RANGE|TEXT|PATH|FILENAME|FLOAT|BOOLEAN|CHOICE|OUT|FILES?|KIND|NAME|PORT|"
    r"OPTIONS|COMMAND|ARGS|DIR|DIRECTORY)\b|<=|>=|\bx\b"
)


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_no_english_placeholder_or_click_range_in_help(language: str) -> None:
    texts = _helps(language)
    with using(language):  # and init's comments, which name check's placeholder
        inits = [template(kind) for kind in ("round", "final", "game")]
    for text in texts:
        found = ENGLISH_PLACEHOLDER.findall(text)
        assert not found, (found, text)
    file = {"ru": "ФАЙЛ", "ja": "ファイル"}[language]
    for init in inits:  # the legend's x (a tile of the printed colour) is no range here
        assert not re.search(r"\b(FILES?|OUT|DIR)\b", init), init
        assert f"#     scorecheck check {file} " in init, init
    serve = texts[7]
    if language == "ru":
        assert "--port ПОРТ" in serve and "[0–65535]" in serve
        assert "[ВЫВОД]" in texts[6]
    else:
        assert "--port ポート番号" in serve and "（省略時は空いているポート、0〜65535）。" in serve
        assert "[出力先]" in texts[6]


# Input quoted with ASCII quotes: 'scor', '-', '--jobs' (a Japanese message quotes with 「」).
ASCII_QUOTED = re.compile(r"'[^'\s]{1,40}'")


def _translations(
    language: str, domains: tuple[str, ...] = ("check", "input", "lesson", "cli")
) -> Iterator[tuple[str, str]]:
    """Every (msgid, translation) of a language's catalogues, the header's ('') included."""
    for domain in domains:
        path = ROOT / "scorecheck" / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
        for entry in parse_po(path.read_text(encoding="utf-8")):
            for text in entry.msgstr:
                yield entry.msgid, text


def _ja_messages() -> Iterator[tuple[str, str]]:
    """Every Japanese message of the check, input and CLI catalogues."""
    return (
        (msgid, text) for msgid, text in _translations("ja", ("check", "input", "cli")) if msgid
    )


def test_no_ascii_quoted_input_in_japanese_messages() -> None:
    # YAML's own quotes stay ASCII where the message is about them (「"」か「'」).
    found = [
        (msgid, text)
        for msgid, text in _ja_messages()
        if ASCII_QUOTED.search(text.replace("''", "").replace('"\'"', ""))
    ]
    assert not found, found


# Tiles named in a sentence ('ряд 2 стены ". B . . ."'): a wall row, a line or a floor quoted
# outside YAML's own syntax, which keeps its quotes (floor: "1 R", ["", "YB"]).
PROSE_QUOTED_TILES = re.compile(r'(?<!: )(?<!\[)(?<!, )"[BYRKW1. /]+"')


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_tiles_named_in_a_sentence_are_quoted_as_the_language_quotes(language: str) -> None:
    texts = [text for msgid, text in _translations(language) if msgid]
    assert any('floor: "1' in text for text in texts)  # YAML's quotes, which stay
    found = [text for text in texts if PROSE_QUOTED_TILES.search(text)]
    assert not found, found
    quotes = "«»" if language == "ru" else "「」"
    assert any(f"{quotes[0]}B Y R K W{quotes[1]}" in text for text in texts)


# Words a line of Japanese must not split: compounds of a verb's stem and the word after it,
# which the wrapper's phrase rule (a break where kana end and a word begins) would part. The
# list is the native readers' finds (空きマス, 書き込む) and every other such compound
# of the catalogues, found by running the BudouX phrase segmenter over them.
JA_WORDS = (
    "空きマス",
    "書き込",
    "書き出",
    "書き換",
    "書き足",
    "書き直",
    "書き留",
    "引き継",
    "持ち越",
    "読み込",
    "読み取",
    "計算し直",
    "待ち受",
    "置き換",
    "取り終",
    "受け取",
    "写し続",
    "隠しファイル",
    "置き方",
    "決め方",
)


def _ja_paragraphs() -> list[str]:
    """The Japanese help and explain texts as paragraphs, fields filled with a number."""
    out = []
    for _, text in _translations("ja", ("cli", "lesson", "check", "input")):
        out += [p for p in re.sub(r"\{[^{}]*\}", "3", text).split("\n") if p]
    return out


def _broken_words(lines: list[str]) -> list[tuple[str, str]]:
    return [
        (before, after)
        for before, after in pairwise(line.strip() for line in lines)
        for word in JA_WORDS
        for cut in range(1, len(word))
        if before.endswith(word[:cut]) and after.startswith(word[cut:])
    ]


def test_the_word_list_is_in_the_catalogues() -> None:
    paragraphs = "\n".join(_ja_paragraphs())
    assert all(word in paragraphs for word in JA_WORDS), [
        w for w in JA_WORDS if w not in paragraphs
    ]


def test_japanese_wrapping_never_splits_a_word_of_the_list() -> None:
    broken = []
    with using("ja"):
        for paragraph in _ja_paragraphs():
            for width in range(20, 80, 3):
                broken += _broken_words(wrap(paragraph, width))
    assert not broken, broken[:20]


def test_japanese_help_and_explain_never_split_a_word_of_the_list() -> None:
    texts = _helps("ja") + [p.read_text(encoding="utf-8") for p in (GOLDEN / "ja").glob("*.txt")]
    assert len(texts) > 10
    for text in texts:
        assert not _broken_words(text.splitlines()), _broken_words(text.splitlines())


def test_a_quoted_command_stays_on_one_line_in_japanese_help() -> None:
    init = _helps("ja")[5]
    assert "「scorecheck init my.yaml」" in init, init


# «у» before a name put into a template: a program cannot decline the name («у Аня»), so the
# Russian templates write round the preposition («полных рядов больше у игрока Аня»).
BEFORE_A_FIELD = re.compile(r"(?<![\w-])[уУ] \{")


def test_no_russian_template_puts_u_before_a_name() -> None:
    found = [text for _, text in _translations("ru") if BEFORE_A_FIELD.search(text)]
    assert not found, found


def test_russian_output_never_declines_a_name_after_u() -> None:
    texts = [p.read_text(encoding="utf-8") for p in (GOLDEN / "ru").glob("*")]
    assert len(texts) > 20
    joined = re.sub(r"\s+", " ", "\n".join(texts))  # a sentence wrapped is read as one
    assert "полных рядов больше у игрока Anna" in joined  # the tie of tie-by-rows.yaml
    for name in ("Anna", "Boris", "Chen", "Dana"):
        assert not re.search(rf"(?<![\w-])[уУ][ \u00a0]{name}\b", joined), name


# Claims whose sums have one term: a tile with no neighbours (1), a floor of one slot (−1),
# a penalty claimed as 0 and an empty floor claimed as −2.
ONE_TERM = """\
kind: round
players:
  - name: Anna
    score: 0
    lines: [B, "", "", "", ""]
    floor: "R"
    claimed: {points: [2], penalty: 0}
  - name: Boris
    score: 0
    lines: ["", "", "", "", ""]
    claimed: {penalty: 2}
"""
# After a colon, a sum of one term (': 1', '：−1'), which only says the result again.
ONE_TERM_SUM = re.compile(r"[:：] ?[−-]?\d+(?=$| ?[（(;])")


def _messages(document: str, language: str) -> list[str]:
    with using(language):
        return [violation_message(v) for v in check_yaml(document).violations]


@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_no_message_repeats_a_result_as_a_sum_of_one_term(language: str) -> None:
    assert {v.code for v in check_yaml(ONE_TERM).violations} == {"SC201", "SC203"}
    messages = _messages(ONE_TERM, language)
    assert len(messages) == 3
    for message in messages:
        assert not ONE_TERM_SUM.search(message), message
        assert "−0" not in message, message  # a penalty of 0 is 0
    # A sum of several terms is still worked out: 3 + 2 = 5, −1 −1 −2 −2 −2 = −8.
    disputed = "\n".join(_messages(DISPUTED, language))
    assert "3 + 2 = 5" in disputed and "−1 −1 −2 −2 −2 = −8" in disputed, disputed


# A grey wall whose line 1 cannot be tiled: its tile goes to a floor already full (R9.2, R6.3),
# and to a floor of five (−8 to −11).
FORFEIT = """\
kind: round
variant: grey
players:
  - name: Anna
    score: 11
    wall: [BYRK., ....W, ....., ....., .....]
    lines: [W, "", "", "", ""]
    floor: "R R R R R R R"
  - name: Boris
    score: 11
    wall: [BYRK., ....W, ....., ....., .....]
    lines: [W, "", "", "", ""]
    floor: "R R R R R"
"""
STAYS = {"en": "stays −14", "ru": "остаётся −14", "ja": "−14のまま"}
GOES = {"en": "from −8 to −11", "ru": "с −8 на −11", "ja": "−8から−11"}


@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_a_penalty_that_does_not_change_is_said_to_stay(language: str) -> None:
    anna, boris = [m for m in _messages(FORFEIT, language) if "−1" in m]
    assert STAYS[language] in anna and "14" not in anna.replace("−14", ""), anna
    assert GOES[language] in boris, boris


# Russian puts a board's name after the word for a player («у игрока {name}»); a board without
# a name is «Игрок 2», so the template asks for its number alone ('{name:bare}': «у игрока № 2»).
AFTER_PLAYER = re.compile(r"(?<!\w)[иИ]грок\w* \{(\w+)(:[^}]*)?\}")


def test_russian_templates_name_a_default_board_by_its_number_after_the_word_player() -> None:
    found = [
        text
        for _, text in _translations("ru")
        for m in AFTER_PLAYER.finditer(text)
        if m.group(1) not in ("number", "count") and m.group(2) != ":bare"
    ]
    assert not found, found


@pytest.mark.parametrize("document", [UNNAMED_ROUND, UNNAMED_FINAL], ids=["round", "final"])
def test_russian_output_never_says_player_player(document: str) -> None:
    report = check_yaml(document)
    with using("ru"):
        text = format_text(report, detail=True) + format_explain(report)
    assert "Игрок 2" in text
    assert not re.search(r"(?<!\w)[иИ]грок\w* Игрок", text), text
    # after the word for a player the number alone reads as a count («у игрока 2»): it is № 2
    assert not re.search(r"(?<!\w)игрок\w*\s+\d", text), text


def test_russian_scorecard_names_a_tiles_colour_as_the_legend_does() -> None:
    report = check_yaml(DISPUTED)
    with using("ru"):
        text = format_text(report, detail=True)
    assert "линия 1   синяя   → ряд 1" in text and "B — синяя" in text, text
    assert not re.search(r"линия \d +(синий|жёлтый|красный|чёрный|белый)", text), text


MIXED_LINE = """\
kind: round
players:
  - name: Anna
    lines: ["", "YB", "", "", ""]
"""


def test_russian_colours_agree_with_the_noun_they_name() -> None:
    # Not «плитки разных цветов (жёлтый и синий)»: a colour stands by its noun, in its form.
    found = [text for _, text in _translations("ru") if re.search(r"\(\{colors?\}\)", text)]
    assert not found, found
    [message] = _messages(MIXED_LINE, "ru")
    assert "лежат вперемешку жёлтые и синие плитки" in message, message
    # The page's labels: a tile's colour as the letters' legend names it («синяя»), a tile, and
    # tiles in the plural («синие плитки»); the page fills only the forms the server sends it.
    with using("ru"):
        from scorecheck.serve.words import page_words

        words = page_words()
    asked = {m.group(1) for text in words.values() for m in re.finditer(r"\{\w+:(\w+)\}", text)}
    assert asked == {"one", "tile", "tiles"}, asked
    assert all(f"color_{form}_{c}" in words for form in asked for c in "BYRKW")
    assert words["color_one_B"] == "синяя" and words["color_tiles_R"] == "красные плитки"
    assert words["color_tile_R"] == "красная плитка"  # a floor slot: «…: красная плитка»
    for key in ("cell", "slot", "slot_more", "says_tile", "marker_and"):
        assert re.search(r"\{\w+:(one|tile|tiles)\}", words[key]), (key, words[key])


def test_russian_explain_names_a_colour_bonus_by_its_tiles() -> None:
    final = (ROOT / "examples" / "final.yaml").read_text(encoding="utf-8")
    with using("ru"):
        text = format_explain(check_yaml(final))
    assert "все синие плитки" in " ".join(text.split()), text
    assert "цвет синий" not in text, text


# Parser jargon: a Russian or Japanese reader is told what to write («строки «ключ: значение»»,
# 「「キー: 値」の形の行」), not a YAML type's name; what was written is set against what is
# needed with «…, а здесь …», since «здесь же» reads as «right here, here too», not a contrast.
JARGON = {"ru": ("словар", "здесь же", "скаляр"), "ja": ("マッピング", "スカラー")}


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_input_messages_say_what_to_write_not_a_yaml_types_name(language: str) -> None:
    found = [
        text
        for msgid, text in _translations(language, ("input",))
        if msgid and any(word in text for word in JARGON[language])
    ]
    assert not found, found


# A refused argument named in a sentence, in words: Russian declines it («неверное значение
# вида документа»), Japanese names it bare (「記録の種類の指定が…」); neither quotes the usage
# line's «[ВИД]».
REFUSED_ARGUMENT = {
    "ru": (
        "неверное значение вида документа: «weird»",
        "неверное значение папки: «README.md» — это файл",
    ),
    "ja": (
        "記録の種類の指定が正しくありません。「weird」",
        "フォルダーの指定が正しくありません。「README.md」",
    ),
}


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_usage_errors_name_arguments_and_options_in_the_language(language: str) -> None:
    errors = run_helps(
        ["site", "--lang", language],
        ["check", "--lang", language, "--jobs", "0", "examples/e1-round.yaml"],
        ["init", "--lang", language, "weird"],
        ["site", "--lang", language, "README.md"],
    ).stderr
    assert not ENGLISH_PLACEHOLDER.findall(errors), errors
    if language == "ru":
        assert "не указан аргумент ПАПКА" in errors and "«--jobs» / «-j»" in errors, errors
    else:
        assert "フォルダーを指定してください" in errors and "「--jobs」／「-j」" in errors, errors
    kind, folder = REFUSED_ARGUMENT[language]
    assert kind in errors and folder in errors, errors
    assert not re.search(r"[«「]\[", errors), errors  # «[ВИД]», 「[種類]」


def _ja_catalogue_texts() -> list[str]:
    return [text for msgid, text in _translations("ja") if msgid]


def test_japanese_has_one_verb_for_the_box_lid_and_no_noun_chain_after_a_round() -> None:
    texts = _ja_catalogue_texts()
    lid = [t for t in texts if "ふた" in t]
    assert len(lid) > 5
    # The rulebook's verb: tiles are returned to the lid (戻す), not sent (へ) or put in (入れる).
    assert not [t for t in lid if re.search(r"ふたへ|ふたに(入|行|置|移)", t)], lid
    assert len([t for t in lid if "ふたに戻" in t]) >= 5
    # 「第3ラウンド後に申告された得点」, not 「第3ラウンドの後の申告された得点」; and
    # 「第2ラウンド後に記録された10点」, not 「記録の10点（第2ラウンド後）」.
    assert not [t for t in texts if "ラウンドの後の" in t or re.search(r"記録の\{\w+\}点（", t)]


def test_japanese_verdict_says_as_claimed_in_words_and_states_the_score() -> None:
    final = (ROOT / "examples" / "final.yaml").read_text(encoding="utf-8")
    with using("ja"):
        text = format_text(check_yaml(final), detail=True)
    assert "勝者：Anna（申告どおり ✓）。59点で最高得点です。" in text, text
    # The sheet's winner line says it the same way: 勝者 just before, the name only once.
    assert "勝者：Anna。59点で最高得点です。" in text, text
    assert "Annaが" not in text, text
    assert "を取りました" not in text


@pytest.mark.parametrize("language", ["en", "ru", "ja"])
def test_next_writes_no_english_default_name_and_reads_back_the_same(
    language: str, tmp_path: Path
) -> None:
    source = tmp_path / "round.yaml"
    source.write_text(
        'kind: round\nplayers:\n  - lines: [B, "", "", "", ""]\n  - score: 0\n', encoding="utf-8"
    )
    with using(language):
        text = next_document_text(str(source))
    assert "Player" not in text and "name:" not in text, text
    if language != "en":
        assert "FILE" not in text, text  # check's placeholder in the language: ФАЙЛ, ファイル
    [report] = check_text("next.yaml", text)
    names = [t.board.name for r in report.rounds for t in r.tilings]
    assert names == ["Player 1", "Player 2"], names


def test_the_page_takes_its_label_colon_from_the_catalogue() -> None:
    # 「Boris：」「申告された勝者：」: a colon the script writes itself is ASCII in every language.
    # The scripts that draw the page's text; the service worker and the worker write none.
    web = ROOT / "scorecheck" / "web"
    scripts = {p.name: p.read_text(encoding="utf-8") for p in web.glob("*.js")}
    scripts = {n: t for n, t in scripts.items() if n not in ("sw.js", "worker.js", "site.js")}
    assert "draw.js" in scripts and "verdict.js" in scripts
    found = {name: re.findall(r'\+ ": "|": " \+|\}: \$\{', text) for name, text in scripts.items()}
    assert not any(found.values()), found
    with using("ja"):
        from scorecheck.serve.words import page_words

        assert page_words()["label"] == "{label}："


def test_no_russian_catalogue_contrasts_with_zdes_zhe() -> None:
    # «нужно X, а здесь Y»: «здесь же» reads as «right here», in every domain, not only input.
    found = [text for _, text in _translations("ru") if "здесь же" in text]
    assert not found, found


# The number a Russian message echoes is written as its limit is: grouped («10 000», «99 999
# 999») and with a real minus («−3»).
ECHOED = {
    "absurd-score.yaml": "нужно не больше 10\u00a0000, а здесь число 99\u00a0999\u00a0999",
    "negative-score.yaml": "нужно не меньше 0, а здесь число \u22123",
}


@pytest.mark.parametrize("name", sorted(ECHOED))
def test_russian_input_messages_echo_a_number_as_the_limit_is_written(name: str) -> None:
    [report] = check_text(name, (ROOT / "tests" / "bad" / name).read_text(encoding="utf-8"))
    with using("ru"):
        messages = [violation_message(v) for v in report.violations]
    assert any(ECHOED[name] in m for m in messages), messages


# «Линия узора 1 заполнена»: the number names the line, so the no-break space joins it to
# «узора» and a line may break after it; «ряд 2, столбцы 3–5» keeps its range whole.
NAMED_NUMBER = re.compile(r"([Лл]ини[яиюей] узора)(&nbsp;|\u00a0| )(\d+)(&nbsp;|\u00a0)?")


@pytest.mark.parametrize("example", ["e1-round.yaml", "disputed-round.yaml"])
def test_russian_html_binds_a_pattern_lines_number_to_the_line(example: str) -> None:
    with using("ru"):
        html = format_html([check_yaml((ROOT / "examples" / example).read_text("utf-8"))])
    found = NAMED_NUMBER.findall(html)
    assert found, example
    wrong = [m for m in found if m[1] not in ("&nbsp;", "\u00a0") or m[3]]
    assert not wrong, wrong


def test_russian_page_problems_bind_a_pattern_lines_number_to_the_line() -> None:
    text = (ROOT / "examples" / "disputed-round.yaml").read_text(encoding="utf-8")
    body = json.dumps(yaml.safe_load(text)).encode()
    with using("ru"):
        answer = json.loads(view_answer(body, "disputed-round.yaml").body)
    messages = answer["messages"]  # the Problems list; "problems" are check's lines
    found = [m for message in messages for m in NAMED_NUMBER.findall(message)]
    assert found, messages
    assert all(m[1] == "\u00a0" and not m[3] for m in found), found


def test_russian_html_keeps_a_range_of_columns_whole() -> None:
    with using("ru"):
        html = format_html([check_yaml((ROOT / "examples" / "e1-round.yaml").read_text("utf-8"))])
    ranges = re.findall(r"\d–(.{0,7})\d", html)
    assert ranges, "no range in the e1-round report"
    assert all(r == "&#8288;" or r == "\u2060" for r in ranges), ranges


def test_japanese_help_keeps_a_formats_name_whole_at_any_width() -> None:
    # 「JSON Lines」 and 「JSON Schema」 are names: a narrow terminal moves them whole.
    texts = {}
    for width in range(40, 101, 4):
        for command in ([], ["check"], ["schema"]):
            shown = CliRunner().invoke(
                main, [*command, "--lang", "ja", "--help"], terminal_width=width
            )
            texts[(width, *command)] = shown.output
    joined = "\n".join(texts.values())
    assert "JSON Lines" in joined and "JSON Schema" in joined
    for key, text in texts.items():
        lines = [line.strip() for line in text.splitlines()]
        split = [
            (a, b)
            for a, b in pairwise(lines)
            if a.endswith("JSON") and b.startswith(("Lines", "Schema"))
        ]
        assert not split, (key, split)


# What a Japanese IME or a Russian keyboard slips in, named in the reader's words: a Cyrillic
# look-alike by its script (no English character name), a colour's kanji with the letter to
# type, and a corner bracket quoted in 『』 (「「」 reads as a quote left open).
SLIPS = {
    "lookalike": ("kind: round\nplayers:\n  - name: Anna\n  - name: \u0410nna\n", "SC008"),
    "kanji": ('kind: round\nplayers:\n  - name: A\n    lines: ["", "黄黄", "", "", ""]\n', "SC003"),
    "bracket": (
        'kind: round\nplayers:\n  - name: A\n    lines: [「YY」, "", "", "", ""]\n',
        "SC003",
    ),
}
SAID = {
    ("ru", "lookalike"): "стоит кириллическая А (U+0410), а не латинская A",
    ("ja", "lookalike"): "のА（U+0410、キリル文字）はラテン文字のAではありません",
    ("ru", "kanji"): "«黄»; используйте B Y R K W («.» и пробелы не учитываются); цвет пишется",
    ("ja", "kanji"): "。色は英字1文字で書きます。B＝青、Y＝黄、R＝赤、K＝黒、W＝白",
    ("ru", "bracket"): "недопустимый символ «「»",
    ("ja", "bracket"): "準備列に使えない文字『「』があります",
}


@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("slip", sorted(SLIPS))
def test_a_typing_slip_is_named_in_the_readers_words(language: str, slip: str) -> None:
    text, code = SLIPS[slip]
    report = check_yaml(text)
    with using(language):
        messages = [violation_message(v) for v in report.violations if v.code == code]
    assert messages and SAID[language, slip] in messages[0], messages
    assert not re.search(r"[A-Z]{4,} [A-Z]{4,}", messages[0]), messages  # no Unicode name


def test_japanese_tie_breaks_name_who_is_tied_with_one_particle_and_count_rows_with_retsu() -> None:
    pairs = [(msgid, text) for msgid, text in _translations("ja") if msgid]
    tied = [text for msgid, text in pairs if "are tied on" in msgid]
    assert len(tied) >= 6, tied
    # は…が contrast, the same in check and explain; every reason says who is tied.
    assert all(text.startswith("{tied}は{score}点で並び") for text in tied), tied
    # A complete row is counted 2列, not 2つ.
    rows = [text for text in (t for _, t in pairs) if "横一列" in text]
    assert not [t for t in rows if re.search(r"#つ|\{rows\}つ", t)], rows
    highest = [text for msgid, text in pairs if msgid == "{name} has the highest total, {score}"]
    assert highest == ["{name}が{score}点で最高得点です"], highest


def test_japanese_sc006_gives_no_repeat_as_evidence_and_sc007_quotes_what_to_write() -> None:
    # SC006's 「どの行にも列にも同じ色が2枚以上ありません」 read as a second fault, where it is
    # the reason the wall looks grey; SC007 reads the floor as the marker and tiles (とタイル).
    wall = '[".B...", "..W..", "..R..", ".....", "....."]'
    grey = f"kind: round\nplayers: [{{name: Anna, score: 0, wall: {wall}}}]\n"
    floor = 'kind: round\nplayers: [{name: Anna, score: 0, floor: "12R"}]\n'
    with using("ja"):
        texts = [format_text(check_yaml(doc)) for doc in (grey, floor)]
    assert (
        "色つきの面の印刷位置と合わず、しかも同じ行や列に同じ色が2枚ある所がありません" in texts[0]
    )
    assert "先手マーカー（1）とタイル2枚として読み取ります" in texts[1], texts[1]
    assert "その意味で合っていれば「1 2R」と書いてください" in texts[1], texts[1]
    assert "赤タイル12枚なら「9R 3R」と書きます" in texts[1], texts[1]


def test_japanese_sc314_says_what_the_factories_should_hold_not_what_they_held() -> None:
    # The record is short of tiles: 工房には20枚ありました stated as a fact what is only the rule.
    with using("ja"):
        text = format_text(check_yaml(RECORD_CASES["SC314"][0]))
    assert "タイルが19枚場に出ましたが、工房に並ぶのは20枚のはずです（R1.2、R7.1）" in text, text


def test_a_roster_after_a_colon_lists_two_names_with_a_comma_in_japanese_only() -> None:
    # 「（プレイヤー：AnnaとBoris）」 read as a sentence's subject; a roster is 「Anna、Boris」,
    # as the --player refusal already wrote it. English and Russian keep 'and' / 'и'.
    typed = (ROOT / "tests" / "typed" / "winner-twice-and-misspelt.yaml").read_text(
        encoding="utf-8"
    )
    expected = {
        "en": "(players: Ivan and Jana)",
        "ru": "Ivan и Jana)",
        "ja": "（プレイヤー：Ivan、Jana）",
    }
    for lang, roster in expected.items():
        with using(lang):
            text = format_text(check_yaml(typed))
        assert roster in text, (lang, text)
    assert "AnnaとBorisは18点で並び" in (GOLDEN / "ja" / "tie-by-rows.check.txt").read_text(
        encoding="utf-8"
    )


def test_japanese_cli_help_and_templates_read_as_the_review_wrote_them() -> None:
    helps = run_helps(["--lang", "ja", "--help"], ["serve", "--lang", "ja", "--help"]).stdout
    helps += run_helps(["site", "--lang", "ja", "--help"], ["--lang", "ja", "--version"]).stdout
    assert "記録ファイルを、壁の図付きでタイル1枚ずつ解説します。" in helps, helps
    assert "--port ポート番号" in helps and "空いているポート、0〜65535）。" in helps, helps
    assert "取得したファイルを保存するキャッシュフォルダー" in helps, helps
    assert "scorecheckバージョン" in helps, helps  # JTF: no space beside a Latin word
    with using("ja"):
        final, first = template("final"), template("round")
        next_round = next_document_text(str(ROOT / "examples" / "e1-round.yaml"))
    assert "青タイル5枚すべてが壁にある：+10" in final and "（手順を1つずつ解説）" in first, final
    assert "それに卓で申告した得点を" in next_round, next_round


def test_japanese_page_words_fit_a_phone_and_the_serve_url_stands_apart() -> None:
    from scorecheck.serve.words import page_words  # as the tests above, off the module's start

    with using("ja"):
        words = page_words()
        served = Domain("lesson").say("The page is at {url} (Ctrl-C stops the server)", url="U")
    # The navigator fills its box less (第1ラウンド first); the end-of-game score field's label
    # wrapped to three lines at 390 px; a claim chip's accessible name says what it is.
    assert words["record_round"] == "第{number}ラウンド（全{count}ラウンド）"
    assert words["score_final"] == "ボーナス前の得点"
    assert words["says"] == "{claim}：申告された点数"
    assert words["says_sum"] == "{number}（申告どおりに計算した値：{sum}）"
    # Some terminals take kana after a URL into the link: a colon before it, a space after.
    assert served == "ページを開くURL：U （Ctrl-Cでサーバーを止めます）", served
