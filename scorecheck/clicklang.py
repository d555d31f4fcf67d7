"""click in the user's language: click's own messages through the cli catalogue, and the
command, option and help classes the CLI builds on, which write the help and the errors in
the language the command line asks for, measured by display width."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn, TypeVar

import click

from scorecheck.clihelp import OPTIONS, help_language
from scorecheck.core.violations import series
from scorecheck.i18n import Domain, localize, resolve_language, using
from scorecheck.textwidth import display_width, pad, wrap

F = TypeVar("F", bound=Callable[..., Any])


CLI = Domain("cli")  # messages while a command runs, in the language of its --lang

# click marks its own messages with gettext: each of its modules binds `_` and `ngettext`
# from the gettext module when click is imported. Rebinding them sends every click message
# (usage errors, 'Usage:', 'Options', '[default: …]') through our cli catalogue, in the
# language the command line asks for (Group.main sets it before click parses anything).
for _module in (click.core, click.decorators, click.exceptions, click.formatting, click.types):
    _module._ = CLI.word  # type: ignore[attr-defined]
    if hasattr(_module, "ngettext"):
        _module.ngettext = CLI.word_n  # type: ignore[attr-defined]
_parser = sys.modules.get("click.parser")  # private in click 8.2+, still where errors are made
if _parser is not None:
    _parser._ = CLI.word  # type: ignore[attr-defined]
    _parser.ngettext = CLI.word_n  # type: ignore[attr-defined]

# click's placeholders in usage lines and errors; translated when they are written.
METAVARS = (
    "[OPTIONS]",
    "COMMAND [ARGS]...",
    "FILES...",
    "FILE",
    "[FILE]",
    "[KIND]",
    "OUT",
    "NAME",
    "N",
    "[OUT]",
    "PORT",
    "DIR",
    "DIRECTORY",
)


# An argument as click's 'Invalid value for …' names it, in the form that sentence asks for:
# English quotes the usage line's placeholder, as click does; Russian declines it in words
# («неверное значение вида документа»), Japanese writes it bare (「記録の種類の指定が…」).
# The arguments whose values click refuses: a kind, and a path of the wrong type.
ERROR_HINTS = {"[KIND]": "'[KIND]'", "[FILE]": "'[FILE]'", "[OUT]": "'[OUT]'", "DIR": "'DIR'"}


def quoted(text: str) -> str:
    """What the user typed, quoted as the language quotes it: '--jobs', «--jobs», 「--jobs」."""
    return CLI.word("'{text}'").format(text=text)


class HelpFormatter(click.HelpFormatter):
    """click's help layout, its own headings translated, lines measured by display width."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """'Usage: scorecheck …' with 'Usage' in the help language."""
        if prefix is None:  # 'Usage: ', '使い方：' (a full-width colon needs no space)
            usage = CLI.word("Usage:")
            prefix = usage if display_width(usage[-1]) == 2 else usage + " "
        super().write_usage(prog, args, prefix)

    def write_heading(self, heading: str) -> None:
        """'Options:', 'オプション：' (a full-width colon after Japanese)."""
        colon = "：" if display_width(heading[-1:]) == 2 else ":"
        self.write(f"{'':>{self.current_indent}}{heading}{colon}\n")

    def write_text(self, text: str) -> None:
        """Paragraphs wrapped by display width (Japanese breaks between characters)."""
        indent = " " * self.current_indent
        width = self.width
        paragraphs = [" ".join(p.split("\n")) for p in text.split("\n\n") if p]
        for i, paragraph in enumerate(paragraphs):
            if i:
                self.write("\n")
            self.write("".join(line + "\n" for line in wrap(paragraph, width, indent, indent)))

    def write_dl(
        self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2
    ) -> None:
        """Options and commands beside their help, aligned and wrapped by display width."""
        rows = list(rows)
        first_col = min(max((display_width(first) for first, _ in rows), default=0), col_max)
        first_col += col_spacing
        left = " " * self.current_indent
        below = " " * (first_col + self.current_indent)
        width = self.current_indent + first_col + max(self.width - first_col - 2, 10)
        for first, second in rows:
            lines = wrap(second, width, below, below)
            if display_width(first) <= first_col - col_spacing and lines:
                lines[0] = left + pad(first, first_col) + lines[0].lstrip(" ")
            else:
                lines.insert(0, left + first)
            self.write("".join(line.rstrip() + "\n" for line in lines))


class Context(click.Context):
    """A click context whose help uses HelpFormatter."""

    formatter_class = HelpFormatter


class Argument(click.Argument):
    """An argument whose placeholder (FILES..., FILE) is in the current language."""

    @property
    def human_readable_name(self) -> str:
        """The placeholder in error messages."""
        return CLI.word(super().human_readable_name)

    def make_metavar(self, ctx: click.Context) -> str:
        """The placeholder in usage lines and errors."""
        return CLI.word(super().make_metavar(ctx))

    def get_error_hint(self, ctx: click.Context | None) -> str:
        """The placeholder as errors name it (ERROR_HINTS), else in the language's quotes."""
        english = super().human_readable_name if ctx is None else super().make_metavar(ctx)
        hint = ERROR_HINTS.get(english)
        return CLI.word(hint) if hint is not None else quoted(CLI.word(english))

    def process_value(self, ctx: click.Context, value: Any) -> Any:
        """click's processing; a missing argument is asked for in the language's words."""
        try:
            return super().process_value(ctx, value)
        except click.MissingParameter:
            name = self.make_metavar(ctx).removesuffix("...")
            raise click.UsageError(CLI.say("Missing argument {name}.", name=name), ctx) from None


class Option(click.Option):
    """An option whose placeholder (NAME, N, OUT) is in the current language."""

    def make_metavar(self, ctx: click.Context) -> str:
        """The placeholder beside the option in the help."""
        return CLI.word(super().make_metavar(ctx))

    def get_error_hint(self, ctx: click.Context | None) -> str:
        """'--jobs' / '-j' as errors name it, in the language's quotes."""
        return CLI.word(" / ").join(quoted(name) for name in self.opts)


class _WholeNumber(click.ParamType[int]):
    """A whole number from `least` to `most` (None: no bound above); its metavar and its
    refusal come from the subclass, each a literal call on CLI, so the catalogues find them."""

    least: int
    most: int | None = None

    def metavar(self) -> str:
        """The metavar in the current language."""
        raise NotImplementedError

    def refuse(
        self, value: str, param: click.Parameter | None, ctx: click.Context | None
    ) -> NoReturn:
        """Fails the conversion of `value` (quoted), saying why in the current language."""
        raise NotImplementedError

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        """The metavar, translated."""
        return self.metavar()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """The number; anything else fails with click's 'Invalid value for …'."""
        text = str(value).strip()
        if isinstance(value, int) or text.isdecimal():
            number = int(value if isinstance(value, int) else text)
            if self.least <= number and (self.most is None or number <= self.most):
                return number
        self.refuse(quoted(text), param, ctx)


class AtLeastOne(_WholeNumber):
    """A whole number of at least 1 (N), refused in the current language otherwise."""

    name = "N"
    least = 1

    def metavar(self) -> str:
        return CLI.word("N")

    def refuse(
        self, value: str, param: click.Parameter | None, ctx: click.Context | None
    ) -> NoReturn:
        self.fail(CLI.say("{value} is not a whole number of at least 1.", value=value), param, ctx)


class PortNumber(_WholeNumber):
    """A port number from 0 to 65535 (0: any free one), refused in the language otherwise."""

    name = "PORT"
    least, most = 0, 65535

    def metavar(self) -> str:
        return CLI.word("PORT")

    def refuse(
        self, value: str, param: click.Parameter | None, ctx: click.Context | None
    ) -> NoReturn:
        self.fail(CLI.say("{value} is not a port number from 0 to 65535.", value=value), param, ctx)


def _listed(names: Sequence[str], alternatives: bool = False) -> str:
    """click's names ('--jobs', 'check') in the language's quotes, listed as the core lists
    them (series: 「--jobs」、「--json」 in Japanese); guesses, alternatives, end with the
    language's 'or' (「check」か「schema」, «check» или «schema»; English keeps click's ', ').
    """
    names = [quoted(name) for name in names]
    if not alternatives or len(names) < 2:
        return str(localize(series(names)))
    head = localize(series(names[:-1]))
    return CLI.word("{first}, {last}").format(first=head, last=names[-1])


def _choices(names: Sequence[str]) -> str:
    """click's choices in the language's quotes, as the language offers them: 'text', 'json'
    in English, «text», «json» in Russian, 「text」か「json」 and
    「auto」「always」「never」のいずれか in Japanese (its translation runs the quoted names
    together, {each}, before the last)."""
    names = [quoted(name) for name in names]
    if len(names) < 2:
        return str(localize(series(names)))
    return CLI.say_n(
        "{head}, {last}",
        "{head}, {last}",
        len(names),
        head=localize(series(names[:-1])),
        each="".join(names[:-1]),
        last=names[-1],
    )


class Choice(click.Choice[str]):
    """click's Choice, a wrong value refused with the choices listed in the language."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        """'nope' is not one of 'text', 'json' (in Japanese, 「text」か「json」)."""
        listed = _choices([str(choice) for choice in self.choices])
        many = CLI.word_n(
            "{value!r} is not {choice}.", "{value!r} is not one of {choices}.", len(self.choices)
        )
        return many.format(value=value, choice=listed, choices=listed)


def _guessed(error: click.NoSuchOption | click.NoSuchCommand) -> click.UsageError:
    """The same error, with click's message and its guesses listed and spaced as the
    language writes them (no space after '。'); itself when there is no guess."""
    if not error.possibilities:
        return error
    listed = _listed(sorted(error.possibilities), alternatives=True)
    guess = CLI.word_n(
        "Did you mean {possibility}?",
        "(Did you mean one of: {possibilities}?)",
        len(error.possibilities),
    ).format(possibility=listed, possibilities=listed)
    message = CLI.word("{message} {suggestion}").format(message=error.message, suggestion=guess)
    if isinstance(error, click.NoSuchCommand):
        return click.NoSuchCommand(error.command_name, message, None, error.ctx)
    return click.NoSuchOption(error.option_name, message, None, error.ctx)


class _GuessesInTheLanguage(click.Command):
    """An unknown option's guesses in the language (_guessed), as the same NoSuchOption."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """click's parsing."""
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            raise _guessed(error) from None


def _lang_callback(context: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        context.meta[_LANG_KEY] = value


_LANG_KEY = "scorecheck.lang"


class Command(_GuessesInTheLanguage):
    """A command whose help is in the help language, and which always takes --lang."""

    context_class = Context

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not any(p.name == "lang" for p in self.params):
            self.params.append(_lang(expose_value=False, callback=_lang_callback))

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """-h/--help, its own help translated."""
        return _translated_help(super().get_help_option(ctx))

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """'[OPTIONS] FILES...' in the current language."""
        return [CLI.word(piece) for piece in super().collect_usage_pieces(ctx)]


class Group(_GuessesInTheLanguage, click.Group):
    """The command group: its help and its commands' help in the help language, and click's
    own messages in the language the command line asks for."""

    context_class = Context
    command_class = Command

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """Run the command line with click's messages in its --lang (or the environment's)."""
        argv = list(sys.argv[1:] if args is None else args)
        with using(help_language(argv)):
            return super().main(argv, *rest, **kwargs)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """-h/--help, its own help translated."""
        return _translated_help(super().get_help_option(ctx))

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        """'[OPTIONS] COMMAND [ARGS]...' in the current language."""
        return [CLI.word(piece) for piece in super().collect_usage_pieces(ctx)]

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's lookup, an unknown command's guesses in the language (_guessed)."""
        try:
            return super().resolve_command(ctx, args)
        except click.NoSuchCommand as error:
            raise _guessed(error) from None


def _translated_help(option: click.Option | None) -> click.Option | None:
    if option is not None:
        option.help = OPTIONS["--help"]
    return option


_LANG_SETTINGS: dict[str, Any] = {
    "type": Choice(["en", "ru", "ja"]),
    "default": None,
    "help": OPTIONS["--lang"],
}


def _lang(**kwargs: Any) -> click.Option:
    return Option(["--lang"], **_LANG_SETTINGS, **kwargs)


def option(*names: str, **settings: Any) -> Callable[[F], F]:
    """click.option whose errors name it as the user's language quotes."""
    return click.option(*names, cls=Option, **settings)


def lang_option(command: F) -> F:
    """--lang en|ru|ja; without it LC_ALL, LC_MESSAGES or LANG decide (unknown: English)."""
    return option("--lang", **_LANG_SETTINGS)(command)


def command_language(option: str | None) -> str:
    """A command's --lang, else the group's (scorecheck --lang ru explain …), else the
    environment."""
    context = click.get_current_context(silent=True)
    if option is None and context is not None:
        option = context.meta.get(_LANG_KEY) or context.find_root().obj
    return resolve_language(option)
