"""Text laid out for people: display width (wide East Asian characters take two columns),
padding, and wrapping by the rules of the language (kinsoku in Japanese, words bound to
what follows them in Russian and Japanese)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from scorecheck.i18n import current_language


def display_width(text: str) -> int:
    """Columns a string takes on a terminal: wide (East Asian) characters take two."""
    width = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) == "Cf":
            continue  # accents and invisible format characters (word joiners) take no column
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int, align: str = "<") -> str:
    """Pad to a display width (not a character count), left- or right-aligned."""
    fill = " " * max(0, width - display_width(text))
    return text + fill if align == "<" else fill + text


# Kinsoku: no line starts with closing punctuation or a small kana, none ends with an opening one.
_NO_LINE_START = frozenset(
    "、。，．）」』】〕〉》］｝：；！？ー…・" + "ぁぃぅぇぉっゃゅょ" + "ァィゥェォッャュョ"
)
_NO_LINE_END = frozenset("（「『【〔〈《［｛")
_NO_BREAK = frozenset("\u2060\u00a0")  # word joiner, no-break space


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


_OPENING = _NO_LINE_END  # the opening brackets
_CLOSING = frozenset("、。，．）」』】〕〉》］｝：；！？・")


def _script(char: str) -> str:
    """'h' hiragana, 'k' katakana, 'c' kanji, 'a' ASCII, 'w' other wide, '' anything else."""
    if "\u3041" <= char <= "\u309f":
        return "h"
    if "\u30a0" <= char <= "\u30ff" or char == "ー":
        return "k"
    if "\u4e00" <= char <= "\u9fff" or char in "々〆":
        return "c"
    if char.isascii():
        return "a"
    return "w" if _wide(char) else ""


# The stem of a verb that starts a compound word (書き込む, 持ち越す, 空きマス, 切れ目): a kanji
# and one of these kana. A kanji or katakana after them goes on the same word.
_STEM_KANA = frozenset("いえきぎけしじせちびべみめりれ")


def _may_break(before: str, after: str, earlier: str = "") -> bool:
    """A line may break between two characters with no space between them: in Japanese
    text, at a phrase boundary only. A phrase is a word and the kana after it ('壁に',
    '置きます'), so a break comes after punctuation, before an opening bracket, or where
    kana end and a new word begins; never inside a word, a kana run or a number with its
    counter ('2枚'), nor inside a compound of a verb's stem ('書き込んで', '空きマス': `earlier`
    is the character before `before`), and never at a word joiner or a no-break space."""
    if {before, after} & _NO_BREAK or not (_wide(before) or _wide(after)):
        return False
    if after in _NO_LINE_START or before in _NO_LINE_END:
        return False
    if before == "：" and after.isascii():  # '[既定値：text]', '終了コード：0'
        return False
    if before in _CLOSING:  # '（…）も': a particle stays with the bracket it follows
        return before in "、。，．：；！？・" or _script(after) != "h"
    if after in _OPENING:
        return True
    if before in _STEM_KANA and _script(earlier) == "c" and _script(after) in ("c", "k"):
        return False
    return _script(before) == "h" and _script(after) in ("c", "k", "a", "w")


# A space before kana or closing punctuation joins an ASCII word to its particle
# ('--lang の', 'check と同じ'): no line starts with the particle.
_SPACE_BEFORE_KANA = re.compile(r"(?<=\S) (?=[\u3041-\u309f、。）」』：])")


def _pieces(text: str) -> list[tuple[str, str]]:
    """The unbreakable pieces of a text, each with the spaces before it."""
    pieces: list[tuple[str, str]] = []
    spaces = ""
    for token in re.findall(r" +|[^ ]+", _SPACE_BEFORE_KANA.sub("\u00a0", text)):
        if token.startswith(" "):
            spaces = token
            continue
        start = 0
        for i in range(1, len(token)):
            if _may_break(token[i - 1], token[i], token[i - 2] if i > 1 else ""):
                pieces.append((spaces if start == 0 else "", token[start:i]))
                start = i
        pieces.append((spaces if start == 0 else "", token[start:]))
        spaces = ""
    return pieces


def _characters(spaces: str, piece: str, room: int) -> list[tuple[str, str]]:
    """A piece too wide for any line, cut between characters (kinsoku still holds)."""
    out: list[tuple[str, str]] = []
    start = 0
    for i in range(1, len(piece)):
        fits = display_width(piece[start : i + 1]) <= room
        if not fits and piece[i] not in _NO_LINE_START and piece[i - 1] not in _NO_LINE_END:
            out.append((spaces if start == 0 else "", piece[start:i]))
            start = i
    out.append((spaces if start == 0 else "", piece[start:]))
    return out


# Russian typography: what a line never separates. A short word (в, к, на, по…) stays with
# the next one, a number with the noun it names («линия узора 1», «ряд 2», «в раунде 3»; not
# «до этого раунда 0 очков», where it counts the points) or else with its noun («2 очка», or
# else the word before: «Очки: 2»), a range with both its ends («3–5»), a dash with the word
# before it, and a few set phrases stay whole.
_RU_NAMING = (
    r"\b(узора|[Рр]яд[аеу]?|[Сс]толб(?:ец|ца|це|цу|цы|цов|цах)|[Рр]аунд[еу]?"
    r"|[Мм]ест[ео]|[Шш]аг[аеу]?|Игрок|[Ээ]лемент[аеу]?) (?=\d)"
)
_NAMED = "\ue000"  # a no-break space before a number that names a thing, until binding ends


@cache
def _ru_binds() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The Russian bindings, compiled when first asked: most commands never wrap Russian."""
    return (
        (re.compile(r"(?<![\w-])([А-Яа-яЁё]{1,2}) (?=\S)"), "\\1\u00a0"),
        (re.compile(_RU_NAMING), "\\1" + _NAMED),
        (re.compile(r"(?<=\d)–(?=\d)"), "–\u2060"),  # a range: no break after its dash
        # a number that names a thing is held by it; any other number by the noun it counts
        (re.compile(r"(?<=\d)(?<!\ue000\d)(?<!\ue000\d\d) (?=[А-Яа-яЁё]{3})"), "\u00a0"),
        # a number held by its noun is not held by the word before too: «записано 7 очков» may break
        # after «записано», or lines grow ragged with runs of three words glued together
        (re.compile(r"(?<=[А-Яа-яЁё:]) (?=[−+]?\d+(?!\d)(?![.,]?\u00a0[А-Яа-яЁё]))"), "\u00a0"),
        # a legend: 'B — синяя'
        (re.compile(r"(?<![\w-])([A-Z0-9])[ \u00a0]— "), "\\1\u00a0—\u00a0"),
        (re.compile(r" (?=— )"), "\u00a0"),
        (re.compile(r"(?<=\bкак) (?=есть\b)|(?<=\bфишк[аиуе]) (?=первого игрока)"), "\u00a0"),
        (re.compile(r"(?<=\bпервого) (?=игрока)|(?<=\bсамое) (?=большее)"), "\u00a0"),
        (re.compile(r"(?<=\bбольшее) (?=\d)"), "\u00a0"),  # «самое большее 59 очков» stays whole
        (re.compile(r"(?<=\bшаг) (?=за\u00a0шагом)"), "\u00a0"),
    )


# Japanese: a number stays with the word before it (第3ラウンド, タイル1枚, 最大26点) and its
# counter (8点), a range with both its ends (1〜3列目), and a legend's ＝ with what it names
# (W＝白), where a browser's phrase breaking (word-break: auto-phrase) would part them, as
# wrap() never does; wrap() drops the joiners.
@cache
def _ja_binds() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The Japanese bindings, compiled when first asked: most commands never wrap Japanese.
    A number's bond, a quoted command or value (on one line), a format's name (whole)."""
    return (
        re.compile(
            r"(?<=[\u30a0-\u30ff\u4e00-\u9fff])(?=\d)|(?<=\d)(?=[\u3040-\u30ff\u4e00-\u9fff〜])"
            r"|(?<=〜)(?=\d)|(?<=＝)(?=\S)|(?<=\S)(?=＝)"
        ),
        re.compile(r"「[^「」\n]{1,40}」"),
        re.compile(r"JSON (?=Lines|Schema)"),
    )


def bind_words(text: str, language: str | None = None) -> str:
    """Text where a line must not break: no-break spaces in Russian, word joiners between a
    number and its counter in Japanese."""
    language = language or current_language()
    if language == "ja":
        bond, quoted, named = _ja_binds()
        text = quoted.sub(lambda quote: quote.group().replace(" ", "\u00a0"), text)
        text = named.sub("JSON\u00a0", text)
        return bond.sub("\u2060", text)
    if language != "ru":
        return text
    for pattern, replacement in _ru_binds():
        text = pattern.sub(replacement, text)
    return text.replace(_NAMED, "\u00a0")


def wrap(text: str, width: int, indent: str = "", subsequent_indent: str = "") -> list[str]:
    """Lines of at most `width` display columns, indents included; breaks at spaces and, in
    Japanese, at phrase boundaries (never inside a word, nor between a number and its
    counter); in Russian never after a short word or between a number and its noun."""
    lines: list[str] = []
    line: list[tuple[str, str]] = []
    prefix = indent
    room = width - max(display_width(indent), display_width(subsequent_indent))

    def used() -> int:
        pieces = "".join(spaces + piece for spaces, piece in line)
        return display_width(prefix + pieces.removeprefix(line[0][0] if line else ""))

    def flush(cut: int) -> None:
        nonlocal line, prefix
        text = (
            "".join(s + p for s, p in line[:cut])
            .lstrip(" ")
            .replace("\u00a0", " ")
            .replace("\u2060", "")
        )
        lines.append(prefix + text)
        line, prefix = line[cut:], subsequent_indent

    for spaces, piece in _pieces(bind_words(text)):
        parts = [(spaces, piece)]
        if display_width(piece) > room and any(_wide(c) for c in piece):
            parts = _characters(spaces, piece, room)
        for part in parts:
            line.append(part)
            if len(line) > 1 and used() > width:
                flush(len(line) - 1)
    if line:
        flush(len(line))
    return lines
