"""The command line: load, check, format, print, and pick the exit code."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from scorecheck import __version__
from scorecheck.clihelp import COMMANDS, GROUP, OPTIONS, help_language
from scorecheck.core.limits import DEFAULT_MAX_BYTES
from scorecheck.core.violations import series
from scorecheck.exits import EXIT_BUG, EXIT_INPUT, EXIT_OK, exit_code
from scorecheck.i18n import (
    Domain,
    display_width,
    localize,
    pad,
    resolve_language,
    using,
    wrap,
)
from scorecheck.inputs import DOCUMENT_SUFFIXES

if TYPE_CHECKING:
    from scorecheck.report.narrow import Narrowed

SCHEMA_FILE = "schema.json"  # package data: the JSON Schema of the documents
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
)


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
        """The placeholder as errors quote it, in the language's quotes."""
        return quoted(self.human_readable_name if ctx is None else self.make_metavar(ctx))

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
        return " / ".join(quoted(name) for name in self.opts)


class AtLeastOne(click.ParamType[int]):
    """A whole number of at least 1 (N), refused in the current language otherwise."""

    name = "N"

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        """N, translated."""
        return CLI.word("N")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """The number; anything else fails with click's 'Invalid value for …'."""
        if isinstance(value, int) and value >= 1:
            return value
        text = str(value).strip()
        if text.isdecimal() and int(text) >= 1:
            return int(text)
        self.fail(
            CLI.say("{value} is not a whole number of at least 1.", value=quoted(text)), param, ctx
        )


class PortNumber(click.ParamType[int]):
    """A port number from 0 to 65535 (0: any free one), refused in the language otherwise."""

    name = "PORT"

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        """PORT, translated."""
        return CLI.word("PORT")

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """The number; anything else fails with click's 'Invalid value for …'."""
        text = str(value).strip()
        if isinstance(value, int) or text.isdecimal():
            number = int(value if isinstance(value, int) else text)
            if 0 <= number <= 65535:
                return number
        self.fail(
            CLI.say("{value} is not a port number from 0 to 65535.", value=quoted(text)), param, ctx
        )


def _listed(names: Sequence[str], alternatives: bool = False) -> str:
    """click's names ('text', '--jobs') in the language's quotes, listed as the core lists them
    (series: 「text」、「json」 in Japanese); guesses, alternatives, end with the language's 'or'
    (「check」か「schema」, «check» или «schema»; English keeps click's ', ')."""
    names = [quoted(name) for name in names]
    if not alternatives or len(names) < 2:
        return str(localize(series(names)))
    head = localize(series(names[:-1]))
    return CLI.word("{first}, {last}").format(first=head, last=names[-1])


class Choice(click.Choice[str]):
    """click's Choice, a wrong value refused with the choices listed in the language."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        """'nope' is not one of 'text', 'json' (in Japanese, 'text'、'json')."""
        listed = _listed([str(choice) for choice in self.choices])
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


def lang_option(command: F) -> F:
    """--lang en|ru|ja; without it LC_ALL, LC_MESSAGES or LANG decide (unknown: English)."""
    return click.option("--lang", cls=Option, **_LANG_SETTINGS)(command)


def _language(option: str | None) -> str:
    """A command's --lang, else the group's (scorecheck --lang ru explain …), else the
    environment."""
    context = click.get_current_context(silent=True)
    if option is None and context is not None:
        option = context.meta.get(_LANG_KEY) or context.find_root().obj
    return resolve_language(option)


def _use_color(choice: str) -> bool:
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


def _fail(message: str) -> None:
    """A message about the command line itself (not the input) on stderr, then exit 2."""
    click.echo(f"scorecheck: {message}", err=True)
    sys.exit(EXIT_INPUT)


def _print_version(context: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not context.resilient_parsing:
        click.echo(CLI.say("scorecheck, version {version}", version=__version__))
        context.exit()


@click.group(
    cls=Group,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=GROUP,
)
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help=OPTIONS["--version"],
    cls=Option,
)
@lang_option
@click.pass_context
def main(context: click.Context, lang: str | None) -> None:
    """Check scores in the board game Azul (the command group); --lang here holds for all."""
    context.obj = lang


_COLOR_OPTION = click.option(
    "--color",
    type=Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help=OPTIONS["--color"],
    cls=Option,
)
_PLAYER_OPTION = click.option("--player", cls=Option, metavar="NAME", help=OPTIONS["--player"])
_ROUND_OPTION = click.option(
    "--round",
    "round_number",
    cls=Option,
    type=AtLeastOne(),
    help=OPTIONS["--round"],
)


@main.command(**COMMANDS["check"])
@click.argument("files", cls=Argument, nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "--format",
    "fmt",
    type=Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=OPTIONS["--format"],
    cls=Option,
)
@_COLOR_OPTION
@click.option(
    "--max-bytes",
    cls=Option,
    type=AtLeastOne(),
    default=DEFAULT_MAX_BYTES,
    show_default=True,
    help=OPTIONS["--max-bytes"],
)
@click.option("--jobs", "-j", cls=Option, type=AtLeastOne(), default=None, help=OPTIONS["--jobs"])
@click.option("--summary", is_flag=True, help=OPTIONS["--summary"], cls=Option)
@click.option("--jsonl", is_flag=True, help=OPTIONS["--jsonl"], cls=Option)
@click.option("--debug", is_flag=True, help=OPTIONS["--debug"], cls=Option)
@click.option("--detail", is_flag=True, help=OPTIONS["--detail"], cls=Option)
@_PLAYER_OPTION
@lang_option
def check(
    files: tuple[str, ...],
    fmt: str,
    color: str,
    max_bytes: int,
    jobs: int | None,
    summary: bool,
    jsonl: bool,
    debug: bool,
    detail: bool,
    player: str | None,
    lang: str | None,
) -> None:
    """Check round, final and game documents; exit 0, 1, 2 or 3."""
    # The library, imported here: --version and --help load none of it (tests/test_imports.py)
    from scorecheck.api import bug_reason
    from scorecheck.batch import default_jobs, run
    from scorecheck.chunks import Options, write_lines
    from scorecheck.report.summary import Totals, format_summary_json, format_summary_text

    language = _language(lang)
    options = Options(fmt, _use_color(color), max_bytes, debug, detail, language, jsonl, player)
    worst = EXIT_OK
    totals = Totals()
    output = _output_fd()
    try:
        for result in run(files, options, jobs or default_jobs(), output):
            if isinstance(result.output, list):  # JSON Lines, straight to standard output
                if output is not None:
                    write_lines(output, result.output)
                elif result.output:
                    click.echo(b"\n".join(result.output))
            elif result.output:
                click.echo(result.output, color=options.color)
            for problem in result.problems:
                click.echo(f"scorecheck: {problem}", err=True)
            worst = max(worst, result.worst)
            totals.merge(result.totals)
    except BrokenPipeError:  # the reader stopped (| head): click stops quietly, as it does here
        raise
    except Exception as exc:  # bugs in a document become SC004 reports; this is the rest
        if debug:
            import traceback  # only for a crash with --debug: 8 ms at every start otherwise

            traceback.print_exc()
        else:
            with using(language):
                message = CLI.say(
                    "scorecheck failed: {reason}; please report it with the input attached "
                    "(--debug shows the traceback)",
                    reason=bug_reason(exc),
                )
            click.echo(message, err=True)
        sys.exit(EXIT_BUG)
    if summary:
        with using(language):
            text = format_summary_json(totals) if fmt == "json" else format_summary_text(totals)
        click.echo(text)
    sys.exit(worst)


def _output_fd() -> int | None:
    """Standard output's file descriptor, flushed, for worker processes to write to; None
    when it has none (output captured in memory, as in tests)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
        return None
    sys.stdout.flush()
    return fd


@main.command(**COMMANDS["schema"])
def schema() -> None:
    """Print the JSON Schema of the documents."""
    from importlib.resources import files  # this command only: 5 ms

    # Shipped pre-generated (tests/test_imports.py keeps it equal to the models'), so this
    # command does not import pydantic.
    click.echo(files("scorecheck").joinpath(SCHEMA_FILE).read_text(encoding="utf-8"), nl=False)


@main.command(**COMMANDS["codes"])
@lang_option
def codes(lang: str | None) -> None:
    """List every violation code."""
    from scorecheck.report.codes import codes_text  # each command imports its own formatter

    with using(_language(lang)):
        click.echo(codes_text())


def _checked(file: str, player: str | None, round_number: int | None) -> list[Narrowed]:
    """The reports of a file, narrowed to a player and a round; exit 2 if they are not there."""
    # The library and formatters, imported by the commands that use them (--help loads none)
    from scorecheck.api import check_files
    from scorecheck.report.narrow import narrow

    narrowed = [narrow(r, player, round_number) for r in check_files([file])]
    problems = [n.problem for n in narrowed if n.problem]
    if problems:
        for problem in problems:
            click.echo(f"scorecheck: {problem}", err=True)
        sys.exit(EXIT_INPUT)
    return narrowed


@main.command(**COMMANDS["explain"])
@click.argument("file", cls=Argument, type=click.Path(allow_dash=True))
@_COLOR_OPTION
@_PLAYER_OPTION
@_ROUND_OPTION
@lang_option
def explain(
    file: str, color: str, player: str | None, round_number: int | None, lang: str | None
) -> None:
    """Explain a document step by step."""
    from scorecheck.report.explain import format_explain  # explain only

    use_color = _use_color(color)
    with using(_language(lang)):
        narrowed = _checked(file, player, round_number)
        for part in narrowed:
            click.echo(format_explain(part.shown, color=use_color), color=use_color)
            if part.elsewhere:
                click.echo(part.elsewhere)
    sys.exit(max(exit_code(part.whole) for part in narrowed))  # as check's, whatever is shown


@main.command(**COMMANDS["render"])
@click.argument("file", cls=Argument, type=click.Path(allow_dash=True))
@click.option(
    "-o",
    "--output",
    cls=Option,
    metavar="OUT",
    required=True,
    type=click.Path(dir_okay=False),
    help=OPTIONS["--output"],
)
@_PLAYER_OPTION
@_ROUND_OPTION
@click.option("--force", is_flag=True, help=OPTIONS["--force OUT"], cls=Option)
@lang_option
def render(
    file: str,
    output: str,
    player: str | None,
    round_number: int | None,
    force: bool,
    lang: str | None,
) -> None:
    """Draw a document as SVG or HTML."""

    with using(_language(lang)):
        _render(file, output, player, round_number, force)


def _render(
    file: str, output: str, player: str | None, round_number: int | None, force: bool
) -> None:
    from scorecheck.report.text import format_text  # render only, as svg and html below

    suffix = os.path.splitext(output)[1].lower()
    if suffix not in (".svg", ".html", ".htm"):
        _fail(CLI.say("{output}: the output must end in .svg or .html", output=output))
    _never_the_input(file, output)
    narrowed = _checked(file, player, round_number)
    reports = [part.shown for part in narrowed]
    unusable = [r for r in reports if r.unusable]
    if unusable:
        for report in unusable:
            click.echo(format_text(report), err=True)
        sys.exit(max(exit_code(r) for r in unusable))
    if suffix == ".svg":
        from scorecheck.report.svg import format_svg  # 8 ms; html 14 ms

        text = format_svg(reports)
    else:
        from scorecheck.report.html import format_html

        text = format_html(reports)
    _write_new(output, text, force)
    sys.exit(max(exit_code(part.whole) for part in narrowed))


class _KindOrFile(click.ParamType[str, str]):
    """init's first argument: a kind, or the file alone (it names a document file)."""

    name = "kind"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        """The value if it is a kind or a document's file name; else click's own message."""
        if value.lower().endswith(DOCUMENT_SUFFIXES):
            return value
        from scorecheck.core.documents import KINDS  # init only: ~2.7 ms at every start

        return str(Choice(KINDS).convert(value, param, ctx))


@main.command(**COMMANDS["init"])
@click.argument(
    "kind", cls=Argument, type=_KindOrFile(), default="round", required=False, metavar="[KIND]"
)
@click.argument("file", cls=Argument, type=click.Path(dir_okay=False), required=False)
@click.option("--force", is_flag=True, help=OPTIONS["--force FILE"], cls=Option)
@lang_option
def init(kind: str, file: str | None, force: bool, lang: str | None) -> None:
    """Write a commented document to fill in."""
    from scorecheck.core.documents import KINDS  # init only: ~2.7 ms at every start
    from scorecheck.report.templates import template_for

    if kind not in KINDS:  # 'init my.yaml': the file, and the kind by default
        if file is not None:  # 'init my.yaml out.yaml': the first must be a kind
            Choice(KINDS).convert(kind, None, click.get_current_context())
        kind, file = "round", kind
    with using(_language(lang)):
        text = template_for(kind, file)
        if file is None:
            click.echo(text, nl=False)
            return
        _write_new(file, text, force)


@main.command("next", **COMMANDS["next"])
@click.argument("file", cls=Argument, type=click.Path(allow_dash=True))
@click.argument("out", cls=Argument, type=click.Path(dir_okay=False), required=False)
@click.option("--force", is_flag=True, help=OPTIONS["--force OUT"], cls=Option)
@lang_option
def next_command(file: str, out: str | None, force: bool, lang: str | None) -> None:
    """Write the next round's document for a round document."""
    # next only: the library and the text formatter
    from scorecheck.nextdoc import Refused, next_document_text
    from scorecheck.report.text import format_text

    with using(_language(lang)):
        if out is not None:
            _never_the_input(file, out)
        try:
            text = next_document_text(file)
        except Refused as refused:
            if refused.report is not None:
                click.echo(format_text(refused.report), err=True)
            _fail(str(refused))
        if out is None:
            click.echo(text, nl=False)
        else:
            _write_new(out, text, force)


@main.command(**COMMANDS["serve"])
@click.argument("file", cls=Argument, type=click.Path(dir_okay=False), required=False)
@click.option("--port", type=PortNumber(), default=0, help=OPTIONS["--port"], cls=Option)
@click.option("--lan", is_flag=True, help=OPTIONS["--lan"], cls=Option)
@click.option("--no-browser", is_flag=True, help=OPTIONS["--no-browser"], cls=Option)
@lang_option
def serve(file: str | None, port: int, lan: bool, no_browser: bool, lang: str | None) -> None:
    """Open the page where boards are tapped in and checked live."""
    from scorecheck.serve.server import serve as run  # serve only: 80 ms with the server

    language = _language(lang)
    with using(language):
        try:
            run(file, port, lan, not no_browser, language, click.echo)
        except OSError as exc:  # the port is taken, or not ours to bind
            _fail(CLI.say("cannot serve on port {port}: {reason}", port=port, reason=exc.strerror))


def _never_the_input(file: str, output: str) -> None:
    """Refuse (exit 2) an output that is the input file itself, even with --force."""
    if os.path.exists(output) and os.path.exists(file) and os.path.samefile(file, output):
        _fail(CLI.say("{output} is the input: it is never overwritten", output=output))


def _write_new(path: str, text: str, force: bool) -> None:
    """Write a file; refuse to replace an existing one unless forced (exit 2)."""
    try:
        # 'x' creates the file or fails if it exists: no window between a check and the write.
        with open(path, "w" if force else "x", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except FileExistsError:
        _fail(CLI.say("{path} exists; use --force to overwrite it", path=path))
    except OSError as exc:
        _fail(CLI.say("cannot write {path}: {reason}", path=path, reason=exc.strerror or exc))
    click.echo(CLI.say("wrote {path}", path=path), err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
