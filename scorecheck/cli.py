"""The command line: load, check, format, print, and pick the exit code."""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from scorecheck import __version__

if TYPE_CHECKING:
    from scorecheck.core.check import Report

EXIT_OK, EXIT_ERRORS, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3
F = TypeVar("F", bound=Callable[..., Any])


def lang_option(command: F) -> F:
    """--lang en|ru|ja; without it LC_ALL, LC_MESSAGES or LANG decide (unknown: English)."""
    return click.option(
        "--lang",
        type=click.Choice(["en", "ru", "ja"]),
        default=None,
        help="Language of the output (default: from LC_ALL, LC_MESSAGES or LANG).",
    )(command)


def _language(option: str | None) -> str:
    from scorecheck.i18n import resolve_language

    return resolve_language(option)


def _use_color(choice: str) -> bool:
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return sys.stdout.isatty()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="scorecheck")
def main() -> None:
    """Check scores in the board game Azul: replay the rules, report every wrong claim.

    Unofficial; not affiliated with the game's publisher.
    """


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for one JSON object per document.",
)
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour in text output (auto: on a terminal, no NO_COLOR).",
)
@click.option(
    "--max-bytes",
    type=click.IntRange(min=1),
    default=1024 * 1024,
    show_default=True,
    help="Refuse larger files before reading them.",
)
@click.option("--debug", is_flag=True, help="Show the traceback if scorecheck itself fails.")
@click.option("--detail", is_flag=True, help="Game records: every round tile by tile too.")
@lang_option
def check(
    files: tuple[str, ...],
    fmt: str,
    color: str,
    max_bytes: int,
    debug: bool,
    detail: bool,
    lang: str | None,
) -> None:
    """Check round, final and game documents (YAML or JSON); '-' reads standard input.

    Exit 0: no errors; 1: some rule broken or claim wrong; 2: some input unusable;
    3: scorecheck failed (please report it).

    Example: scorecheck check examples/e1-round.yaml
    """
    from scorecheck.api import bug_reason, check_files
    from scorecheck.i18n import using, violation_message
    from scorecheck.report.jsonfmt import format_json
    from scorecheck.report.text import format_text

    language = _language(lang)
    use_color = _use_color(color)
    worst = EXIT_OK
    try:
        for report in check_files(files, max_bytes, debug=debug):
            with using(language):
                if fmt == "json":
                    click.echo(format_json(report, message=violation_message))
                else:
                    text = format_text(report, color=use_color, detail=detail)
                    click.echo(text, color=use_color)
            worst = max(worst, exit_code(report))
    except Exception as exc:  # check_files turns bugs into SC004 reports; this is the rest
        if debug:
            traceback.print_exc()
        else:
            click.echo(
                f"scorecheck failed: {bug_reason(exc)}; please report it with the input "
                "attached (--debug shows the traceback)",
                err=True,
            )
        sys.exit(EXIT_BUG)
    sys.exit(worst)


def exit_code(report: Report) -> int:
    """3 for a scorecheck bug, 2 for unusable input, 1 for errors, else 0."""
    if any(v.code == "SC004" for v in report.violations):
        return EXIT_BUG
    if report.unusable:
        return EXIT_INPUT
    return EXIT_OK if report.ok else EXIT_ERRORS


@main.command()
def schema() -> None:
    """Print the JSON Schema of round, final and game documents.

    Example: scorecheck schema > scorecheck.schema.json
    """
    from scorecheck.load import schema as document_schema

    click.echo(json.dumps(document_schema(), indent=2, ensure_ascii=False))


@main.command()
@lang_option
def codes(lang: str | None) -> None:
    """List every violation code with its severity, rule and meaning.

    Example: scorecheck codes
    """
    from scorecheck.i18n import using
    from scorecheck.report.codes import codes_text

    with using(_language(lang)):
        click.echo(codes_text())


_COLOR_OPTION = click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    default="auto",
    show_default=True,
    help="Colour in text output (auto: on a terminal, no NO_COLOR).",
)
_PLAYER_OPTION = click.option("--player", metavar="NAME", help="Show only this player.")
_ROUND_OPTION = click.option(
    "--round",
    "round_number",
    type=click.IntRange(min=1),
    metavar="N",
    help="Show only round N of a game record.",
)


def _checked(file: str, player: str | None, round_number: int | None) -> list[Report]:
    """The reports of a file, narrowed to a player and a round; exit 2 if they are not there."""
    from scorecheck.api import check_files
    from scorecheck.report.lesson import select, selection_problem

    reports = list(check_files([file]))
    problems = [p for r in reports if (p := selection_problem(r, player, round_number))]
    if problems:
        for problem in problems:
            click.echo(f"scorecheck: {problem}", err=True)
        sys.exit(EXIT_INPUT)
    return [select(r, player, round_number) for r in reports]


@main.command()
@click.argument("file", type=click.Path(allow_dash=True))
@_COLOR_OPTION
@_PLAYER_OPTION
@_ROUND_OPTION
@lang_option
def explain(
    file: str, color: str, player: str | None, round_number: int | None, lang: str | None
) -> None:
    """Explain a round, final or game document step by step, with pictures of the wall.

    Each tile placed: its cell, its runs and their sum; each floor slot by slot; at the end
    of the game each bonus and the tie-break. Exit codes as for check.

    Example: scorecheck explain examples/e1-round.yaml
    """
    from scorecheck.i18n import using
    from scorecheck.report.explain import format_explain

    use_color = _use_color(color)
    with using(_language(lang)):
        reports = _checked(file, player, round_number)
        for report in reports:
            click.echo(format_explain(report, color=use_color), color=use_color)
    sys.exit(max(exit_code(r) for r in reports))


@main.command()
@click.argument("file", type=click.Path(allow_dash=True))
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False),
    help="OUT.svg: the boards after the round; OUT.html: a page explaining every step.",
)
@_PLAYER_OPTION
@_ROUND_OPTION
@click.option("--force", is_flag=True, help="Overwrite OUT if it exists (never the input).")
@lang_option
def render(
    file: str,
    output: str,
    player: str | None,
    round_number: int | None,
    force: bool,
    lang: str | None,
) -> None:
    """Draw a document as SVG, or explain it on one self-contained HTML page.

    The kind of output follows OUT's suffix: .svg or .html. Without --round a game record
    is drawn after its last round. Exit codes as for check.

    Example: scorecheck render examples/e1-round.yaml -o e1.html
    """
    from scorecheck.i18n import using

    with using(_language(lang)):
        _render(file, output, player, round_number, force)


def _render(
    file: str, output: str, player: str | None, round_number: int | None, force: bool
) -> None:
    from scorecheck.report.text import format_text

    suffix = os.path.splitext(output)[1].lower()
    if suffix not in (".svg", ".html", ".htm"):
        click.echo(f"scorecheck: {output}: the output must end in .svg or .html", err=True)
        sys.exit(EXIT_INPUT)
    if os.path.exists(output) and os.path.exists(file) and os.path.samefile(file, output):
        click.echo(f"scorecheck: {output} is the input: it is never overwritten", err=True)
        sys.exit(EXIT_INPUT)
    reports = _checked(file, player, round_number)
    unusable = [r for r in reports if r.unusable]
    if unusable:
        for report in unusable:
            click.echo(format_text(report), err=True)
        sys.exit(max(exit_code(r) for r in unusable))
    if suffix == ".svg":
        from scorecheck.report.svg import format_svg

        text = format_svg(reports)
    else:
        from scorecheck.report.html import format_html

        text = format_html(reports)
    _write_new(output, text, force)
    sys.exit(max(exit_code(r) for r in reports))


@main.command()
@click.argument(
    "kind", type=click.Choice(["round", "final", "game"]), default="round", required=False
)
@click.argument("file", type=click.Path(dir_okay=False), required=False)
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@lang_option
def init(kind: str, file: str | None, force: bool, lang: str | None) -> None:
    """Write a commented document to fill in (without FILE: print it).

    KIND is round (default), final or game. The template checks cleanly as it stands.

    Example: scorecheck init round my-round.yaml
    """
    from scorecheck.i18n import using
    from scorecheck.report.templates import template

    with using(_language(lang)):
        text = template(kind)
    if file is None:
        click.echo(text, nl=False)
        return
    _write_new(file, text, force)


def _write_new(path: str, text: str, force: bool) -> None:
    """Write a file; refuse to replace an existing one unless forced (exit 2)."""
    try:
        # 'x' creates the file or fails if it exists: no window between a check and the write.
        with open(path, "w" if force else "x", encoding="utf-8", newline="\n") as out:
            out.write(text)
    except FileExistsError:
        click.echo(f"scorecheck: {path} exists; use --force to overwrite it", err=True)
        sys.exit(EXIT_INPUT)
    except OSError as exc:
        click.echo(f"scorecheck: cannot write {path}: {exc.strerror or exc}", err=True)
        sys.exit(EXIT_INPUT)
    click.echo(f"wrote {path}", err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
