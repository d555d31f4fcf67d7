"""Languages for human-readable output: English, Russian, Japanese (gettext, standard library).

Each area of the program has its own gettext domain, so its catalogue can be kept apart:
`check` (violation messages and the check report), `input` (messages about unusable input),
`lesson` (explain, pictures, HTML, templates), `cli` (help texts) and `schema` (the JSON
Schema's descriptions). The English text is the message id; catalogues live in
scorecheck/locale/LANG/LC_MESSAGES/DOMAIN.po and are compiled into .mo files when the package
is built (setup.py). A source checkout without .mo files
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
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING, Any

from scorecheck.core.codes import CODES
from scorecheck.core.tiles import Color
from scorecheck.core.violations import Phrase, Violation, listing

if TYPE_CHECKING:
    from pathlib import Path

LANGUAGES = ("en", "ru", "ja")
DOMAINS = ("check", "input", "lesson", "cli", "schema")
# os.path, not pathlib: pathlib's import would cost every start (--version too), and only tools
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
    "one": "{} (a tile's colour)",  # «синяя», as the letters' legend reads B
    "many": "{} (tiles' colour)",  # «синие» in «все синие и красные плитки»
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
    leaves a clause out), '{color:tile.acc}' a colour in a form of COLOR_FORMS,
    '{n:group}' digits grouped as the language groups them (10 000, 10,000; −3), and
    '{name:bare}' names after the word for a player, a board without a name by its number
    alone («у игрока {name:bare}»: «у игрока Anna», «у игрока № 2», never «у игрока Игрок 2»)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "bare":
            return _default_name_pattern(current_language()).sub(_number_alone, str(value))
        if format_spec == "group":  # a number shown as text (too long to group) stays as it is
            if not isinstance(value, int):
                return str(value)
            separator = "\u00a0" if current_language() == "ru" else ","
            grouped = f"{abs(value):,}".replace(",", separator)
            return f"\u2212{grouped}" if value < 0 else grouped  # a real minus, as sums print it
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
            return str(localize(listing(tuple(color_word(c, format_spec) for c in colors))))
        return super().format_field(value, format_spec)


_GRAMMAR = _Grammar()
_ASKS_GRAMMAR = re.compile(r"\{\w+:(?:plural:|tile|(?:group|bare|one|many)\})")


def _number_alone(match: re.Match[str]) -> str:
    """'№ 2': a board's number after the word for a player («у игрока № 2», not «у игрока 2»,
    which reads as a count)."""
    return "№\u00a0" + next(n for n in match.groups() if n is not None)


@cache
def _default_name_pattern(language: str) -> re.Pattern[str]:
    """A board's default name, 'Player 2' or the language's «Игрок 2», its number a group."""
    words = {"Player {number}", catalogue(language, "lesson").gettext("Player {number}")}
    return re.compile(
        "|".join(r"\b" + re.escape(w).replace(r"\{number\}", r"([1-9][0-9]*)\b") for w in words)
    )


def fill(template: str, fields: Mapping[str, object]) -> str:
    """A template's fields filled in; counted fields and colours in the forms it asks for."""
    if ":" in template and _ASKS_GRAMMAR.search(template):
        return _GRAMMAR.vformat(template, (), fields)
    return template.format(**fields)


def plural_index(count: int) -> int:
    """Which plural form the current language uses for a count (gettext's rule)."""
    translations = catalogue(current_language(), CHECK.name)
    rule = getattr(translations, "plural", None)
    return int(rule(count)) if rule is not None else int(count != 1)


CHECK = Domain("check")


def color_name(color: Color) -> str:
    """A colour's name in the current language (msgids: blue, yellow, red, black, white)."""
    return CHECK.word(color.name.lower())


def color_word(color: Color, form: str) -> str:
    """A colour's name in a form of COLOR_FORMS: 'one' is «синяя» (English has one form)."""
    if current_language() == "en":
        return color_name(color)
    return CHECK.word(COLOR_FORMS[form].format(color.name.lower()))


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
