"""The command line: load, check, format, print, and pick the exit code."""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import TYPE_CHECKING

import click

from scorecheck import __version__

if TYPE_CHECKING:
    from scorecheck.core.check import Report

EXIT_OK, EXIT_ERRORS, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3


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
def check(files: tuple[str, ...], fmt: str, color: str, max_bytes: int, debug: bool) -> None:
    """Check round, final and game documents (YAML or JSON); '-' reads standard input.

    Exit 0: no errors; 1: some rule broken or claim wrong; 2: some input unusable;
    3: scorecheck failed (please report it).

    Example: scorecheck check examples/e1-round.yaml
    """
    from scorecheck.api import bug_reason, check_files
    from scorecheck.report.jsonfmt import format_json
    from scorecheck.report.text import format_text

    use_color = _use_color(color)
    worst = EXIT_OK
    try:
        for report in check_files(files, max_bytes, debug=debug):
            if fmt == "json":
                click.echo(format_json(report))
            else:
                click.echo(format_text(report, color=use_color))
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
def codes() -> None:
    """List every violation code with its severity, rule and meaning.

    Example: scorecheck codes
    """
    from scorecheck.core.violations import CODES

    for code in CODES.values():
        rule = f" ({code.rule})" if code.rule else ""
        click.echo(f"{code.code}  {code.severity.value:<7}  {code.name}{rule}")
        click.echo(f"        {code.template}")
        click.echo(f"        e.g. {code.example}")


if __name__ == "__main__":  # pragma: no cover
    main()
