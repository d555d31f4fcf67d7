"""The command line's help texts, a table the CLI reads: each command's, each option's.

click fixes help texts when the commands are defined, before it parses the command line, so
they are translated when this module is imported, in the language the command line asks for
(help_language). Standard library only beside the languages: only the CLI imports click.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from scorecheck.i18n import LANGUAGES, Domain, resolve_language


def help_language(argv: Sequence[str]) -> str:
    """The language of --help: --lang read from argv (then LC_ALL, LC_MESSAGES, LANG)."""
    option = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            option = argv[i + 1]
        elif arg.startswith("--lang="):
            option = arg.partition("=")[2]
    # --lang fr is refused in the environment's language
    return resolve_language(option if option in LANGUAGES else None)


HELP = Domain("cli", language=help_language(sys.argv[1:]))  # help texts, fixed at import


def command_help(short_help: str, help: str) -> dict[str, str]:
    """click's two help texts of a command: its line in 'scorecheck --help', and
    'scorecheck COMMAND --help' (`@main.command(**COMMANDS[name])`)."""
    return {"short_help": short_help, "help": help}


GROUP = HELP.word(
    "Check scores in the board game Azul: replay the rules, report every wrong claim."
    "\n\nUnofficial; not affiliated with the game's publisher."
)

COMMANDS = {
    "check": command_help(
        HELP.word("Check documents and report every broken rule and wrong claim."),
        HELP.word(
            "Check round, final and game documents (YAML or JSON); '-' reads standard input."
            "\n\nFILES may be directories (every .yaml, .yml, .json and .jsonl file under them, "
            "in sorted order; hidden files and folders, whose names start with '.', are "
            "skipped) and JSON Lines archives (.jsonl: one document a line, each its own "
            "report, located by its line number; --max-bytes then limits each line). With "
            "--jsonl, standard input is JSON Lines too."
            "\n\nExit 0: no errors; 1: some rule broken or claim wrong; 2: some input unusable; "
            "3: scorecheck failed (please report it)."
            "\n\nExample: scorecheck check --format json --summary games/"
        ),
    ),
    "schema": command_help(
        HELP.word("Print the JSON Schema of round, final and game documents."),
        HELP.word(
            "Print the JSON Schema of round, final and game documents."
            "\n\nExample: scorecheck schema > scorecheck.schema.json"
        ),
    ),
    "codes": command_help(
        HELP.word("List every violation code with its severity, rule and meaning."),
        HELP.word(
            "List every violation code with its severity, rule and meaning."
            "\n\nExample: scorecheck codes"
        ),
    ),
    "explain": command_help(
        HELP.word("Explain a document step by step, with pictures of the wall."),
        HELP.word(
            "Explain a round, final or game document step by step, with pictures of the wall."
            "\n\nEach tile placed: its cell, its runs and their sum; each floor slot by slot; "
            "at the end of the game each bonus and the tie-break. Exit codes as for check."
            "\n\nExample: scorecheck explain examples/e1-round.yaml"
        ),
    ),
    "render": command_help(
        HELP.word("Draw a document as SVG, or explain it on an HTML page."),
        HELP.word(
            "Draw a document as SVG, or explain it on one self-contained HTML page."
            "\n\nThe kind of output follows OUT's suffix: .svg or .html. Without --round a "
            "game record is drawn after its last round. Exit codes as for check."
            "\n\nExample: scorecheck render examples/e1-round.yaml -o e1.html"
        ),
    ),
    "init": command_help(
        HELP.word("Write a commented document to fill in (without FILE: print it)."),
        HELP.word(
            "Write a commented document to fill in (without FILE: print it)."
            "\n\nKIND is round (default), final or game: 'scorecheck init my.yaml' writes a "
            "round. The template checks cleanly as it stands; its comments follow --lang. A "
            "FILE ending in .json gets the same document as JSON, which has no comments "
            "(.jsonl: on one line)."
            "\n\nExample: scorecheck init round my-round.yaml"
        ),
    ),
    "next": command_help(
        HELP.word("Write the next round's document for a round document."),
        HELP.word(
            "Write the next round's document for a round document (without OUT: print it)."
            "\n\nThe walls after tiling, the scores after the round, the pattern lines that "
            "were not full carried over and empty floors, commented and ready to fill in. "
            "Refused when the round ends the game (R8.1). OUT is never the input, and is not "
            "overwritten without --force."
            "\n\nExample: scorecheck next round-1.yaml round-2.yaml"
        ),
    ),
    "serve": command_help(
        HELP.word("Open a page where the boards are tapped in and checked live."),
        HELP.word(
            "Open a local web page where the boards are tapped in instead of typed, and "
            "checked after every change (with FILE: opened with that document)."
            "\n\nThe server binds 127.0.0.1 and never writes a file; Ctrl-C stops it. With "
            "--lan it serves on this machine's local network address and prints a QR code of "
            "the URL for a phone at the table."
            "\n\nExample: scorecheck serve examples/disputed-round.yaml"
        ),
    ),
    "site": command_help(
        HELP.word("Write the page as a static site that works offline on a phone."),
        HELP.word(
            "Write the page as a static site into DIR: the same checks, run in the browser by "
            "Pyodide, with a service worker and a manifest, so that a phone opens it once and "
            "then uses it offline, or installs it."
            "\n\nThe first build fetches Pyodide from npm and the wheels from PyPI into a "
            "cache (--cache), and later builds read them from there. Nothing is written "
            "outside DIR, and a DIR that holds anything is refused without --force. Put DIR "
            "on any static host: over HTTPS or on localhost the page works offline."
            "\n\nExample: scorecheck site public"
        ),
    ),
}

# The options' help, by option; "--force" differs by what it overwrites.
OPTIONS = {
    "--help": HELP.word("Show this message and exit."),
    "--version": HELP.word("Show the version and exit."),
    "--lang": HELP.word("Language of the output (default: from LC_ALL, LC_MESSAGES or LANG)."),
    "--color": HELP.word("Colour in text output (auto: on a terminal, no NO_COLOR)."),
    "--player": HELP.word("Show only this player."),
    "--round": HELP.word("Show only round N of a game record."),
    "--format": HELP.word("text for people, json for one JSON object per document."),
    "--max-bytes": HELP.word("Refuse larger files before reading them."),
    "--jobs": HELP.word(
        "Check in this many processes (default: the number of cores); the output keeps the "
        "order of the input."
    ),
    "--summary": HELP.word("End with totals: documents, errors, warnings, counts by code."),
    "--jsonl": HELP.word(
        "Standard input ('-') is JSON Lines: one document a line, as in a .jsonl file."
    ),
    "--debug": HELP.word("Show the traceback if scorecheck itself fails."),
    "--detail": HELP.word("Game records: every round tile by tile too."),
    "--output": HELP.word(
        "OUT.svg: the boards after the round; OUT.html: a page explaining every step."
    ),
    "--force OUT": HELP.word("Overwrite OUT if it exists (never the input)."),
    "--force FILE": HELP.word("Overwrite FILE if it exists."),
    "--port": HELP.word("The port to serve on (default: a free one). [0–65535]"),
    "--lan": HELP.word(
        "Serve on the local network address, for a phone at the table, and print a QR code."
    ),
    "--no-browser": HELP.word("Do not open the page in a browser."),
    "--force DIR": HELP.word(
        "Write into DIR even if it holds files (only the site's are replaced)."
    ),
    "--cache": HELP.word("Where fetched parts are kept (default: ~/.cache/scorecheck/site)."),
}
