"""Commented templates for `scorecheck init`: documents to fill in, each valid as it stands.

A template is a list of parts: YAML lines, which are never translated, and the comments beside
or above them, which are messages of the `lesson` domain (tools/i18n.py registers NOTES). A
translated comment may take more or fewer lines than the English: its lines are laid beside
the YAML lines it belongs to, at the comment column (by display width), and any left over
continue below. The example players' names are translated too, so the file reads as the
reader's own; the template checks cleanly in every language.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass

from scorecheck.i18n import Domain
from scorecheck.load.yamlread import read_yaml
from scorecheck.textwidth import display_width, pad

NOTE_COLUMN = 28  # where the comments beside the YAML start, as in the English text
COMMAND_COLUMN = 27  # where a command's aside starts, after the longest command and two spaces
LESSON = Domain("lesson")
CLI = Domain("cli")  # the commands' placeholders, as their help writes them


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment above the YAML, one '# ' line per line of its (translated) text."""

    text: str


@dataclass(frozen=True, slots=True)
class Beside:
    """YAML lines with a comment beside them."""

    code: tuple[str, ...]
    note: str


@dataclass(frozen=True, slots=True)
class Command:
    """'#     scorecheck check my.yaml   (what it shows)': a command of scorecheck, run on the
    file written, or on check's placeholder in the reader's language (ФАЙЛ, ファイル)."""

    command: str
    note: str


Part = str | Comment | Beside | Command


def _beside(code: str, note: str, *more: str) -> Beside:
    return Beside((code, *more), note)


_LETTERS: tuple[Part, ...] = (
    Comment(
        "Colour letters: B blue, Y yellow, R red, K black, W white (any case).\n"
        "Rules are cited by number (R1-R9) from the rules digest scorecheck implements."
    ),
)

ROUND: tuple[Part, ...] = (
    Comment(
        "A round: every board at the end of drafting, before the wall-tiling.\n"
        "Replace the example boards with yours, then run:"
    ),
    Command("check", "what is right and wrong"),
    Command("explain", "every step in plain words"),
    *_LETTERS,
    "kind: round",
    _beside("variant: colored", "the side of the board with printed colours"),
    _beside("players:", "1 to 4 boards, in seat order"),
    "  - name: Anna",
    _beside("    score: 8", "the score before this round's tiling (default 0)"),
    _beside(
        "    wall:",
        "5 rows, top to bottom, 5 cells each:\n"
        "  '.' an empty cell, a colour letter a tile,\n"
        "  x a tile of the colour printed there (R2)",
        '      - ". . . . ."',
        '      - ". B . . ."',
    ),
    '      - "K W . Y ."',
    '      - ". . W . ."',
    '      - ". . . . ."',
    _beside("    lines:", "the 5 pattern lines, top (1 place) to bottom (5 places)"),
    _beside('      - ""', "an empty line"),
    _beside('      - "YY"', "full: its rightmost tile goes to the wall (R4.1)"),
    _beside('      - "B B B"', "spaces and dots are ignored"),
    _beside('      - "..YY"', "2 of 4: not full, it stays for the next round (R4.2)"),
    '      - ""',
    _beside(
        '    floor: ""',
        "the floor line, left to right: 1 the first-player marker,\n"
        'colour letters tiles; "" when empty',
    ),
    _beside("    claimed:", "optional: what the table said; each claim is checked"),
    _beside("      points: [2, 7]", "points of each tile placed, top line first (R5)"),
    _beside("      penalty: 0", "the floor penalty (R6)"),
    _beside("      score: 17", "the score after the round"),
    "  - name: Boris",
    "    score: 3",
    "    wall:",
    '      - ". . . K ."',
    '      - ". . Y . K"',
    '      - ". . . . ."',
    '      - ". . . . ."',
    '      - ". . . . ."',
    '    lines: ["", "RR", "", "", ""]',
    _beside('    floor: "1 R R"', "the marker and two tiles: -1 -1 -2 = -4 (R6.1, R6.2)"),
    "    claimed: {points: [5], penalty: 4, score: 4}",
    Comment(
        "In the last round of a game (a wall row completed, R8.1) you may also claim\n"
        "each player's final score (under claimed: final: 36) and the winner:"
    ),
    "# claimed:",
    _beside("#   winner: Anna", "or a list of names for a shared victory (D5)"),
)

FINAL: tuple[Part, ...] = (
    Comment(
        "A finished game: each player's wall and score after the last round, before bonuses.\n"
        "Replace the example players with yours, then run:"
    ),
    Command("check", "bonuses, final scores, winner"),
    Command("explain", "what earned each bonus, and the tie-break"),
    *_LETTERS,
    "kind: final",
    _beside("variant: colored", "the side of the board with printed colours"),
    _beside("players:", "1 to 4 players, in seat order"),
    "  - name: Anna",
    _beside("    score: 38", "the score after the last round, before the bonuses"),
    _beside("    wall:", "5 rows, top to bottom: '.' empty, a letter (or x) a tile"),
    _beside('      - "B Y R K W"', "a complete row: +2 (R8.2)"),
    '      - "W B Y R K"',
    _beside('      - "K . B . ."', "column 1 is complete: +7"),
    _beside('      - "R . . B ."', "all five blue tiles: +10"),
    '      - "Y . . . B"',
    _beside("    claimed:", "optional: what the table said"),
    _beside("      final: 59", "38 + 2 + 2 + 7 + 10"),
    "  - name: Boris",
    "    score: 20",
    "    wall:",
    '      - "B Y R K W"',
    '      - ". B . . ."',
    '      - ". . B . ."',
    '      - ". . W B ."',
    '      - ". . . . ."',
    "    claimed: {final: 22}",
    _beside("claimed:", "optional"),
    _beside("  winner: Anna", "or a list of names for a shared victory (D5)"),
)

GAME: tuple[Part, ...] = (
    Comment(
        "A game record, round by round, replayed from empty boards.\n"
        "For every round write each player's pattern lines and floor as they stood at the end "
        "of\ndrafting, before the wall-tiling. Lines that were not full carry over into the next"
        "\nround (R4.2): write them again, with the tiles added since. Then run:"
    ),
    Command("check", "a score sheet and every problem"),
    Command("explain", "every step in plain words"),
    *_LETTERS,
    "kind: game",
    _beside("variant: colored", "the side of the board with printed colours"),
    _beside("players: [Anna, Boris]", "in seat order"),
    _beside(
        "finished: false",
        "this record stops before the end of the game (R8.1);\n"
        "remove this line once a wall row is complete",
    ),
    "rounds:",
    _beside("  - Anna:", "round 1"),
    _beside('      lines: ["B", "YY", "RRR", "KK", ""]', "top (1 place) to bottom (5 places)"),
    _beside('      floor: "1 R"', "1 the first-player marker, letters tiles"),
    "    Boris:",
    '      lines: ["W", "BB", "KKK", "WWW", ""]',
    '      floor: "Y Y"',
    _beside("  - Anna:", "round 2: line 4 held KK and now holds KKKK"),
    '      lines: ["Y", "WW", "BBB", "KKKK", "RR"]',
    '      floor: ""',
    _beside("      claimed: {points: [2, 2, 2, 1], score: 8}", "optional: what the table said"),
    "    Boris:",
    '      lines: ["B", "YY", "WWW", "WWWW", ""]',
    '      floor: "1 K K K"',
    _beside("      # wall: [...]", "optional: the wall after this round, as written at the table"),
    _beside("      # score: 3", "optional: the score after this round"),
    Comment("At the end of a finished game you may claim the final scores and the winner:"),
    "# claimed:",
    "#   final: {Anna: 40, Boris: 35}",
    "#   winner: Anna",
)

TEMPLATES = {"round": ROUND, "final": FINAL, "game": GAME}
PLAYERS = ("Anna", "Boris")  # example names, translated: msgids of the lesson domain


def _notes(part: Part) -> tuple[str, ...]:
    if isinstance(part, Comment):
        return (part.text,)
    if isinstance(part, Beside | Command):
        return (part.note,)
    return ()


def notes() -> list[str]:
    """Every translatable text of the templates (registered with the lesson catalogue)."""
    notes = [note for parts in TEMPLATES.values() for part in parts for note in _notes(part)]
    return list(dict.fromkeys([*PLAYERS, *notes]))


def _code(line: str) -> str:
    for name in PLAYERS:
        line = line.replace(name, LESSON.word(name))
    return line


def _render(part: Part, file: str) -> list[str]:
    if isinstance(part, str):
        return [_code(part)]
    if isinstance(part, Comment):
        return [f"# {line}".rstrip() for line in LESSON.word(part.text).splitlines()]
    if isinstance(part, Command):
        aside = LESSON.say("({note})", note=LESSON.word(part.note))  # （…） in Japanese
        column = max(COMMAND_COLUMN, display_width(f"scorecheck explain {file}") + 2)
        return [f"#     {pad(f'scorecheck {part.command} {file}', column)}{aside}"]
    code = [_code(line) for line in part.code]
    note = LESSON.word(part.note).splitlines()
    column = max(NOTE_COLUMN, display_width(code[0]) + 3)
    lines = []
    for i in range(max(len(code), len(note))):
        left = code[i] if i < len(code) else ""
        lines.append(pad(left, column) + "# " + note[i] if i < len(note) else left)
    return lines


def template(kind: str, file: str | None = None) -> str:
    """The commented template of a document kind ('round', 'final' or 'game'), in the current
    language; its commands name the file it is written to, else check's placeholder."""
    named = shlex.quote(file) if file is not None else CLI.word("FILE")
    return "".join(line + "\n" for part in TEMPLATES[kind] for line in _render(part, named))


JSON_SUFFIXES = (".json", ".jsonl")


def template_for(kind: str, file: str | None) -> str:
    """The template to write to a file: JSON for a .json file (one line for .jsonl), since
    JSON has no comments; else the commented YAML."""
    if file is None or not file.lower().endswith(JSON_SUFFIXES):
        return template(kind, file)
    text = template(kind)
    [(value, _)] = read_yaml(text)  # the same document, its comments dropped
    if file.lower().endswith(".jsonl"):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"
    return _json(value, "") + "\n"


def _json(value: object, indent: str, key: str = "") -> str:
    """Indented JSON; a list of plain values on one line, except a wall: one row a line,
    as it is drawn."""
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{_json(k, inner)}: {_json(v, inner, k)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and (key == "wall" or not all(map(_plain, value))):
        return "[\n" + ",\n".join(inner + _json(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _plain(value: object) -> bool:
    return not isinstance(value, dict | list)
