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
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules core is imported where used: --help and --version need none of it
    from scorecheck.core.tiles import Color
    from scorecheck.core.violations import Violation

LANGUAGES = ("en", "ru", "ja")
DOMAINS = ("check", "input", "lesson", "cli")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
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


def catalogue_path(language: str, domain: str, suffix: str = ".mo") -> Path:
    """Where a domain's catalogue for a language lives inside the package."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}{suffix}"


@cache
def catalogue(language: str, domain: str, compiled_only: bool = False) -> gettext.NullTranslations:
    """The translations of a domain; English needs none. compiled_only refuses the .po fallback."""
    if language == "en":
        return gettext.NullTranslations()
    mo = catalogue_path(language, domain)
    if mo.exists():
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    po = catalogue_path(language, domain, ".po")
    if compiled_only or not po.exists():
        raise FileNotFoundError(f"no {language} catalogue for {domain}: {mo}")
    from scorecheck.po import compile_mo, parse_po

    data = compile_mo(parse_po(po.read_text(encoding="utf-8")))
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

    def say(self, msgid: str, /, **fields: object) -> str:
        """A translated sentence, its named fields filled in (values localised)."""
        return self.word(msgid).format(**localized(fields))

    def say_n(self, one: str, many: str, count: int, /, **fields: object) -> str:
        """A counted sentence in the language's plural form; {count} is filled in."""
        template = self._translations().ngettext(one, many, count)
        return template.format(count=count, **localized(fields))


CHECK = Domain("check")


def color_name(color: Color) -> str:
    """A colour's name in the current language (msgids: blue, yellow, red, black, white)."""
    return CHECK.word(color.name.lower())


def localize(value: object) -> object:
    """A message argument in the current language: colours, phrases and lists of names."""
    if type(value) in _AS_THEY_ARE:  # most arguments: numbers and sums, names
        return value
    from scorecheck.core.tiles import Color
    from scorecheck.core.violations import Phrase, listing

    if isinstance(value, Color):
        return color_name(value)
    if isinstance(value, Phrase):
        domain = Domain(value.domain)
        if value.many is not None and value.count is not None:
            return domain.say_n(value.template, value.many, value.count, **value.fields)
        if value.count is not None:
            return domain.say(value.template, count=value.count, **value.fields)
        return domain.say(value.template, **value.fields)
    if isinstance(value, tuple):
        return localize(listing(value))  # 'a, b and c', as the core lists them
    return value


_AS_THEY_ARE = frozenset({int, str, type(None)})


def localized(fields: Mapping[str, object]) -> dict[str, object]:
    """Every field of a message in the current language."""
    return {k: v if type(v) in _AS_THEY_ARE else localize(v) for k, v in fields.items()}


def violation_message(violation: Violation) -> str:
    """A violation's message in the current language."""
    return _message_template(_language.get(), violation.code).format(**localized(violation.args))


@cache
def _message_template(language: str, code: str) -> str:
    """A code's message template in a language: looked up once (archives repeat codes)."""
    from scorecheck.core.violations import CODES

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


def _may_break(before: str, after: str) -> bool:
    """A line may break between two characters with no space: inside Japanese text only, and
    never at a word joiner or a no-break space."""
    if {before, after} & _NO_BREAK or not (_wide(before) or _wide(after)):
        return False
    if after in _NO_LINE_START or before in _NO_LINE_END:
        return False
    return not (before.isascii() and before.isalnum())  # '2枚' stays whole


def _pieces(text: str) -> list[tuple[str, str]]:
    """The unbreakable pieces of a text, each with the spaces before it."""
    pieces: list[tuple[str, str]] = []
    spaces = ""
    for token in re.findall(r" +|[^ ]+", text):
        if token.startswith(" "):
            spaces = token
            continue
        start = 0
        for i in range(1, len(token)):
            if _may_break(token[i - 1], token[i]):
                pieces.append((spaces if start == 0 else "", token[start:i]))
                start = i
        pieces.append((spaces if start == 0 else "", token[start:]))
        spaces = ""
    return pieces


# Japanese lines preferably end after punctuation, so a verb is not cut in two ('置きま/す').
_GOOD_LINE_END = frozenset("、。）」』：")


def _line_start(line: list[tuple[str, str]], look_back: int) -> int:
    """Where to cut an overflowing Japanese line: at the last space or after the last
    punctuation in its last `look_back` columns, else before the overflowing piece."""
    tail = 0
    for k in range(len(line) - 1, 0, -1):
        tail += display_width(line[k][0] + line[k][1])
        if tail > look_back:
            break
        if line[k][0] or line[k - 1][1][-1] in _GOOD_LINE_END:
            return k
    return len(line)


def wrap(text: str, width: int, indent: str = "", subsequent_indent: str = "") -> list[str]:
    """Lines of at most `width` display columns, indents included; breaks at spaces and, in
    Japanese, between characters (never splitting a word or a number from its counter)."""
    lines: list[str] = []
    line: list[tuple[str, str]] = []
    prefix = indent

    def used() -> int:
        pieces = "".join(spaces + piece for spaces, piece in line)
        return display_width(prefix + pieces.removeprefix(line[0][0] if line else ""))

    for spaces, piece in _pieces(text):
        line.append((spaces, piece))
        if len(line) > 1 and used() > width:
            cut = _line_start(line[:-1], width // 2) if not spaces else len(line) - 1
            lines.append(prefix + "".join(s + p for s, p in line[:cut]).lstrip(" "))
            line, prefix = line[cut:], subsequent_indent
    if line:
        lines.append(prefix + "".join(s + p for s, p in line).lstrip(" "))
    return lines
