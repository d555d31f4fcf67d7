"""The command line: load, check, format, print, and pick the exit code."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from scorecheck import __version__
from scorecheck.clicklang import (
    CLI,
    Argument,
    AtLeastOne,
    Choice,
    Group,
    PortNumber,
    command_language,
    lang_option,
    option,
)
from scorecheck.clihelp import COMMANDS, GROUP, OPTIONS
from scorecheck.core.limits import DEFAULT_MAX_BYTES
from scorecheck.exits import EXIT_BUG, EXIT_INPUT, EXIT_OK, exit_code
from scorecheck.i18n import (
    using,
)
from scorecheck.inputs import DOCUMENT_SUFFIXES

if TYPE_CHECKING:
    from scorecheck.report.narrow import Narrowed

SCHEMA_FILE = "schema.json"  # package data: the JSON Schema of the documents


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
@option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help=OPTIONS["--version"],
)
@lang_option
@click.pass_context
def main(context: click.Context, lang: str | None) -> None:
    """Check scores in the board game Azul (the command group); --lang here holds for all."""
    context.obj = lang


_COLOR_OPTION = option(
    "--color",
    type=Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help=OPTIONS["--color"],
)
_PLAYER_OPTION = option("--player", metavar="NAME", help=OPTIONS["--player"])
_ROUND_OPTION = option(
    "--round",
    "round_number",
    type=AtLeastOne(),
    help=OPTIONS["--round"],
)


@main.command(**COMMANDS["check"])
@click.argument("files", cls=Argument, nargs=-1, required=True, type=click.Path(allow_dash=True))
@option(
    "--format",
    "fmt",
    type=Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=OPTIONS["--format"],
)
@_COLOR_OPTION
@option(
    "--max-bytes",
    type=AtLeastOne(),
    default=DEFAULT_MAX_BYTES,
    show_default=True,
    help=OPTIONS["--max-bytes"],
)
@option("--jobs", "-j", type=AtLeastOne(), default=None, help=OPTIONS["--jobs"])
@option("--summary", is_flag=True, help=OPTIONS["--summary"])
@option("--jsonl", is_flag=True, help=OPTIONS["--jsonl"])
@option("--debug", is_flag=True, help=OPTIONS["--debug"])
@option("--detail", is_flag=True, help=OPTIONS["--detail"])
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
    # The library, imported here: --version and --help load none of it
    # (tests/cli/test_startup_imports.py)
    from scorecheck.api import bug_reason
    from scorecheck.batch import default_jobs, run
    from scorecheck.chunks import Options, write_lines
    from scorecheck.report.summary import Totals, format_summary_json, format_summary_text

    language = command_language(lang)
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
            import traceback  # only for a crash with --debug, not at every start

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
    """Print the JSON Schema of the documents, its descriptions in the user's language."""
    from importlib.resources import files  # this command only

    from scorecheck.report.schema import schema_text  # each command imports its own formatter

    # Shipped pre-generated (tests/cli/test_startup_imports.py keeps it equal to the models'),
    # so this command does not import pydantic.
    english = files("scorecheck").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    with using(command_language(None)):
        click.echo(schema_text(english), nl=False)


@main.command(**COMMANDS["codes"])
@lang_option
def codes(lang: str | None) -> None:
    """List every violation code."""
    from scorecheck.report.codes import codes_text  # each command imports its own formatter

    with using(command_language(lang)):
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
    with using(command_language(lang)):
        narrowed = _checked(file, player, round_number)
        for part in narrowed:
            click.echo(format_explain(part.shown, color=use_color), color=use_color)
            if part.elsewhere:
                click.echo(part.elsewhere)
    sys.exit(max(exit_code(part.whole) for part in narrowed))  # as check's, whatever is shown


@main.command(**COMMANDS["render"])
@click.argument("file", cls=Argument, type=click.Path(allow_dash=True))
@option(
    "-o",
    "--output",
    metavar="OUT",
    required=True,
    type=click.Path(dir_okay=False),
    help=OPTIONS["--output"],
)
@_PLAYER_OPTION
@_ROUND_OPTION
@option("--force", is_flag=True, help=OPTIONS["--force OUT"])
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

    with using(command_language(lang)):
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
        from scorecheck.report.svg import format_svg  # these formats only, as html below

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
        from scorecheck.core.documents import KINDS  # init only, not at every start

        return str(Choice(KINDS).convert(value, param, ctx))


@main.command(**COMMANDS["init"])
@click.argument(
    "kind", cls=Argument, type=_KindOrFile(), default="round", required=False, metavar="[KIND]"
)
@click.argument("file", cls=Argument, type=click.Path(dir_okay=False), required=False)
@option("--force", is_flag=True, help=OPTIONS["--force FILE"])
@lang_option
def init(kind: str, file: str | None, force: bool, lang: str | None) -> None:
    """Write a commented document to fill in."""
    from scorecheck.core.documents import KINDS  # init only, not at every start
    from scorecheck.report.templates import template_for

    if kind not in KINDS:  # 'init my.yaml': the file, and the kind by default
        if file is not None:  # 'init my.yaml out.yaml': the first must be a kind
            Choice(KINDS).convert(kind, None, click.get_current_context())
        kind, file = "round", kind
    with using(command_language(lang)):
        text = template_for(kind, file)
        if file is None:
            click.echo(text, nl=False)
            return
        _write_new(file, text, force)


@main.command("next", **COMMANDS["next"])
@click.argument("file", cls=Argument, type=click.Path(allow_dash=True))
@click.argument("out", cls=Argument, type=click.Path(dir_okay=False), required=False)
@option("--force", is_flag=True, help=OPTIONS["--force OUT"])
@lang_option
def next_command(file: str, out: str | None, force: bool, lang: str | None) -> None:
    """Write the next round's document for a round document."""
    # next only: the library and the text formatter
    from scorecheck.nextdoc import Refused, next_document_text
    from scorecheck.report.text import format_text

    with using(command_language(lang)):
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
@option("--port", type=PortNumber(), default=0, help=OPTIONS["--port"])
@option("--lan", is_flag=True, help=OPTIONS["--lan"])
@option("--no-browser", is_flag=True, help=OPTIONS["--no-browser"])
@lang_option
def serve(file: str | None, port: int, lan: bool, no_browser: bool, lang: str | None) -> None:
    """Open the page where boards are tapped in and checked live."""
    from scorecheck.serve.server import serve as run  # serve only: the server's imports

    language = command_language(lang)
    with using(language):
        try:
            run(file, port, lan, not no_browser, language, click.echo)
        except OSError as exc:  # the port is taken, or not ours to bind
            _fail(CLI.say("cannot serve on port {port}: {reason}", port=port, reason=exc.strerror))


@main.command(**COMMANDS["site"])
@click.argument("directory", cls=Argument, metavar="DIR", type=click.Path(file_okay=False))
@option("--force", is_flag=True, help=OPTIONS["--force DIR"])
@option("--cache", type=click.Path(file_okay=False), help=OPTIONS["--cache"])
@lang_option
def site(directory: str, force: bool, cache: str | None, lang: str | None) -> None:
    """Write the page as a static site that works offline on a phone."""
    from scorecheck.site.build import SiteError, build_site, progress_bar  # site only

    with using(command_language(lang)):
        try:
            built = build_site(
                directory, force=force, cache=cache, say=_say, progress=progress_bar(sys.stderr)
            )
        except SiteError as exc:
            _fail(str(exc))
        click.echo(str(built))


def _say(text: str) -> None:
    click.echo(text, err=True)


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
