"""Languages for human-readable output: English, Russian, Japanese (gettext, standard library).

Each area of the program has its own gettext domain, so its catalogue can be kept apart:
`check` (violation messages and the check report), `input` (messages about unusable input),
`lesson` (explain, pictures, HTML, templates) and `cli` (help texts). The English text is the
message id; catalogues live in scorecheck/locale/LANG/LC_MESSAGES/DOMAIN.po and are compiled
into .mo files when the package is built (setup.py). A source checkout without .mo files
compiles the .po in memory.

Formatters stay pure: the language is an argument of the top-level formatter, which sets it for
the duration of the call with `using(lang)`.
"""

from __future__ import annotations

import gettext
import io
import os
import re
import string
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from scorecheck.core.tiles import Color
from scorecheck.core.violations import CODES, Phrase, Violation, listing

if TYPE_CHECKING:
    from pathlib import Path

LANGUAGES = ("en", "ru", "ja")
DOMAINS = ("check", "input", "lesson", "cli")
# os.path, not pathlib: pathlib costs ~3 ms at every start (--version too), and only tools
# and tests want a Path (catalogue_path)
LOCALE_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "locale")
PLURAL_FORMS = {
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
        "(n%100<10 || n%100>=20) ? 1 : 2);"
    ),
    "ja": "nplurals=1; plural=0;",
}

_language: ContextVar[str] = ContextVar("scorecheck_language", default="en")


def resolve_language(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """--lang if given, else LC_ALL, LC_MESSAGES, LANG in that order; unknown means English."""
    env = os.environ if environ is None else environ
    for value in (option, env.get("LC_ALL"), env.get("LC_MESSAGES"), env.get("LANG")):
        if value:
            code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def catalogue_file(language: str, domain: str, suffix: str = ".mo") -> str:
    """Where a domain's catalogue for a language lives inside the package."""
    return os.path.join(LOCALE_DIR, language, "LC_MESSAGES", f"{domain}{suffix}")


def catalogue_path(language: str, domain: str, suffix: str = ".mo") -> Path:
    """catalogue_file as a Path, for the tools and tests that read and write catalogues."""
    from pathlib import Path  # not at every start: see LOCALE_DIR

    return Path(catalogue_file(language, domain, suffix))


@cache
def catalogue(language: str, domain: str, compiled_only: bool = False) -> gettext.NullTranslations:
    """The translations of a domain; English needs none. compiled_only refuses the .po fallback."""
    if language == "en":
        return gettext.NullTranslations()
    mo = catalogue_file(language, domain)
    if os.path.exists(mo):
        with open(mo, "rb") as handle:
            return gettext.GNUTranslations(handle)
    po = catalogue_file(language, domain, ".po")
    if compiled_only or not os.path.exists(po):
        raise FileNotFoundError(f"no {language} catalogue for {domain}: {mo}")
    from scorecheck.po import compile_mo, parse_po  # only for a catalogue not compiled yet

    with open(po, encoding="utf-8") as text:
        data = compile_mo(parse_po(text.read()))
    return gettext.GNUTranslations(io.BytesIO(data))


def current_language() -> str:
    """The language output is being written in."""
    return _language.get()


@contextmanager
def using(language: str) -> Iterator[None]:
    """Write output in a language for the duration of a with-block."""
    token = _language.set(language if language in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


class Domain:
    """Translates the messages of one area; `say` fills named fields after translating."""

    def __init__(self, name: str, language: str | None = None) -> None:
        if name not in DOMAINS:
            raise ValueError(f"unknown gettext domain {name}")
        self.name = name
        self.language = language  # None: the current language; else fixed (click's help)

    def __repr__(self) -> str:
        if self.language is None:
            return f"Domain({self.name!r})"
        return f"Domain({self.name!r}, language={self.language!r})"

    def _translations(self) -> gettext.NullTranslations:
        return catalogue(self.language or current_language(), self.name)

    def word(self, msgid: str) -> str:
        """A translated word or label, without fields."""
        return self._translations().gettext(msgid)

    def word_n(self, one: str, many: str, count: int, /) -> str:
        """A counted template in the language's plural form, its fields left unfilled (as
        gettext.ngettext: click fills them itself)."""
        return self._translations().ngettext(one, many, count)

    def say(self, msgid: str, /, **fields: object) -> str:
        """A translated sentence, its named fields filled in (values localised)."""
        return fill(self.word(msgid), localized(fields))

    def say_n(self, one: str, many: str, count: int, /, **fields: object) -> str:
        """A counted sentence in the language's plural form; {count} is filled in."""
        template = self._translations().ngettext(one, many, count)
        return fill(template, {"count": count, **localized(fields)})


# Forms of a colour name that a translation may ask for where the colour agrees with a noun
# ('{color:tile.acc}': «синюю плитку»); English and Japanese need none. Each is a msgid of the
# check domain, made from the colour's English name.
COLOR_FORMS = {
    "tile": "{} tile",
    "tile.acc": "{} tile (accusative)",
    "tile.gen": "{} tile (genitive)",
    "tiles": "{} tiles",
    "tiles.gen": "{} tiles (genitive)",
}


class ColorWords(str):
    """Colour names in the current language, remembering the colours they name, so that a
    template can ask for them in a grammatical form."""

    colors: tuple[Color, ...]

    def __new__(cls, text: str, colors: tuple[Color, ...]) -> ColorWords:
        words = super().__new__(cls, text)
        words.colors = colors
        return words


class _Grammar(string.Formatter):
    """str.format, plus what a translation may ask of a field:
    '{n:plural:# плитка|# плитки|# плиток}' the form of the current language's plural rule
    for n ('#' is the number; a form '=2 обе плитки' is for exactly that number, so '=0 '
    leaves a clause out), '{color:tile.acc}' a colour in a form of COLOR_FORMS, and
    '{n:group}' digits grouped as the language groups them (10 000, 10,000)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "group" and isinstance(value, int):
            return f"{value:,}".replace(",", "\u00a0" if current_language() == "ru" else ",")
        if format_spec.startswith("plural:") and isinstance(value, int):
            forms = format_spec.removeprefix("plural:").split("|")
            exact = [f.partition(" ")[2] for f in forms if f.startswith(f"={value} ")]
            forms = [f for f in forms if not f.startswith("=")]
            if exact:
                return exact[0].replace("#", str(value))
            return forms[min(plural_index(value), len(forms) - 1)].replace("#", str(value))
        if format_spec in COLOR_FORMS:
            colors = getattr(value, "colors", ())
            if not colors or current_language() == "en":
                return str(value)
            form = COLOR_FORMS[format_spec]
            return CHECK.word(" and ").join(CHECK.word(form.format(c.name.lower())) for c in colors)
        return super().format_field(value, format_spec)


_GRAMMAR = _Grammar()
_ASKS_GRAMMAR = re.compile(r"\{\w+:(?:plural:|tile|group\})")


def fill(template: str, fields: Mapping[str, object]) -> str:
    """A template's fields filled in; counted fields and colours in the forms it asks for."""
    if ":" in template and _ASKS_GRAMMAR.search(template):
        return _GRAMMAR.vformat(template, (), fields)
    return template.format(**fields)


_GRAMMAR_FIELD = re.compile(r"\{(\w+):(?:plural:([^{}]*)|tile[a-z.]*|group)\}")


def readable_template(template: str) -> str:
    """A template as people read it, fields in braces: '{count:plural:# плитка|# плиток}'
    shows its last form, '{count} плиток'; '{color:tile.acc}' shows '{color}'."""

    def field(match: re.Match[str]) -> str:
        name, forms = match.group(1), match.group(2)
        if not forms:
            return f"{{{name}}}"
        general = [f for f in forms.split("|") if not f.startswith("=")]
        return general[-1].replace("#", f"{{{name}}}")

    return _GRAMMAR_FIELD.sub(field, template)


def plural_index(count: int) -> int:
    """Which plural form the current language uses for a count (gettext's rule)."""
    translations = catalogue(current_language(), CHECK.name)
    rule = getattr(translations, "plural", None)
    return int(rule(count)) if rule is not None else int(count != 1)


CHECK = Domain("check")


def color_name(color: Color) -> str:
    """A colour's name in the current language (msgids: blue, yellow, red, black, white)."""
    return CHECK.word(color.name.lower())


def localize(value: object) -> object:
    """A message argument in the current language: colours, phrases and lists of names."""
    if type(value) in _AS_THEY_ARE:  # most arguments: numbers and sums, names
        return value
    if isinstance(value, Color):
        return ColorWords(color_name(value), (value,))
    if isinstance(value, Phrase):
        domain = Domain(value.domain)
        if value.many is not None and value.count is not None:
            return domain.say_n(value.template, value.many, value.count, **value.fields)
        if value.count is not None:
            return domain.say(value.template, count=value.count, **value.fields)
        return domain.say(value.template, **value.fields)
    if isinstance(value, tuple):
        text = str(localize(listing(value)))  # 'a, b and c', as the core lists them
        if value and all(isinstance(v, Color) for v in value):
            return ColorWords(text, value)
        return text
    return value


_AS_THEY_ARE = frozenset({int, str, type(None)})


def localized(fields: Mapping[str, object]) -> dict[str, object]:
    """Every field of a message in the current language."""
    return {k: v if type(v) in _AS_THEY_ARE else localize(v) for k, v in fields.items()}


def violation_message(violation: Violation) -> str:
    """A violation's message in the current language."""
    return fill(_message_template(_language.get(), violation.code), localized(violation.args))


@cache
def _message_template(language: str, code: str) -> str:
    """A code's message template in a language: looked up once (archives repeat codes)."""
    return catalogue(language, CHECK.name).gettext(CODES[code].template)


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


_OPENING = frozenset("（「『【〔〈《［｛")
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
# the next one, a number with its noun («2 очка», «столбец 1», «Очки: 2»), a dash with the
# word before it, and a few set phrases stay whole.
_RU_BINDS = (
    (re.compile(r"(?<![\w-])([А-Яа-яЁё]{1,2}) (?=\S)"), "\\1\u00a0"),
    (re.compile(r"(?<=\d) (?=[А-Яа-яЁё])"), "\u00a0"),
    (re.compile(r"(?<=[А-Яа-яЁё:]) (?=[−+]?\d)"), "\u00a0"),
    (re.compile(r"(?<![\w-])([A-Z0-9])[ \u00a0]— "), "\\1\u00a0—\u00a0"),  # a legend: 'B — синяя'
    (re.compile(r" (?=— )"), "\u00a0"),
    (re.compile(r"(?<=\bкак) (?=есть\b)|(?<=\bфишк[аиуе]) (?=первого игрока)"), "\u00a0"),
    (re.compile(r"(?<=\bпервого) (?=игрока)"), "\u00a0"),
)


# Japanese: a number stays with its 第 and its counter (第3ラウンド, 8点), where a browser's
# phrase breaking (word-break: auto-phrase) would part them; wrap() drops the joiners.
_JA_BIND = re.compile(r"(?<=第)(?=\d)|(?<=\d)(?=[\u3040-\u30ff\u4e00-\u9fff])")
_JA_QUOTE = re.compile(r"「[^「」\n]{1,40}」")  # a quoted command or value stays on one line


def bind_words(text: str, language: str | None = None) -> str:
    """Text where a line must not break: no-break spaces in Russian, word joiners between a
    number and its counter in Japanese."""
    language = language or current_language()
    if language == "ja":
        text = _JA_QUOTE.sub(lambda quote: quote.group().replace(" ", "\u00a0"), text)
        return _JA_BIND.sub("\u2060", text)
    if language != "ru":
        return text
    for pattern, replacement in _RU_BINDS:
        text = pattern.sub(replacement, text)
    return text


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
