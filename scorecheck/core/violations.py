"""Violations: a stable code (core/codes.py), its message's values and where in the input it
comes from; the phrases that fill messages, translated at output.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scorecheck.core.codes import CODES, Severity

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Location:
    """Where in the input a violation comes from; line and column count from 1."""

    file: str
    line: int | None = None
    column: int | None = None
    # The keys and indices of the part concerned, for front ends that point at the part
    # itself (the page marks the cell, line or slot); not part of a location's identity.
    path: Path = field(default=(), compare=False)

    def __str__(self) -> str:
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass(frozen=True, slots=True)
class Finding:
    """A broken rule before it is located: its code, its path below the part it concerns (a
    board, the document), the values of its message."""

    code: str
    path: Path
    args: Mapping[str, object]


@dataclass(frozen=True)
class Violation:
    """A broken rule or wrong claim, with the values that fill its message."""

    code: str
    args: Mapping[str, object] = field(default_factory=dict, hash=False)
    location: Location = Location("<input>")
    player: str | None = None
    round: int | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown violation code {self.code}")

    @property
    def severity(self) -> Severity:
        """The code's severity."""
        return CODES[self.code].severity

    @property
    def message(self) -> str:
        """The message in English, its values filled in."""
        return CODES[self.code].template.format(**english_fields(self.args))


def no_errors(violations: Iterable[Violation]) -> bool:
    """Whether no violation is an error: the verdict is OK."""
    # A loop, not any(): the plain-round path asks for every line, most with none (no
    # generator made).
    for v in violations:  # noqa: SIM110
        if v.severity is Severity.ERROR:
            return False
    return True


def input_unusable(violations: Iterable[Violation]) -> bool:
    """Whether an input error (SC0xx) left nothing to check: the verdict is INPUT ERROR."""
    return any(v.code.startswith("SC0") and v.severity is Severity.ERROR for v in violations)


@dataclass(frozen=True)
class Phrase:
    """Message text kept untranslated until output: an English template and its fields.

    Use it for any argument of a message that is itself words (a reason, a list of options),
    so that the output edge can translate it; `many` and `count` make it a counted phrase.
    """

    template: str
    fields: Mapping[str, object] = field(default_factory=dict, hash=False)
    domain: str = "check"
    many: str | None = None
    count: int | None = None

    def __str__(self) -> str:
        template = self.template
        if self.many is not None and self.count != 1:
            template = self.many
        extra = {} if self.count is None else {"count": self.count}
        return template.format(**extra, **english_fields(self.fields))


def tiles_phrase(count: int, color: object = None) -> Phrase:
    """'1 tile', '3 red tiles': a count of tiles in the plural form the language gives it."""
    if color is not None:
        return Phrase(
            "{count} {color} tile", {"color": color}, many="{count} {color} tiles", count=count
        )
    return Phrase("{count} tile", many="{count} tiles", count=count)


def quoted(text: str) -> Phrase:
    """What the user wrote, quoted as the output's language quotes it: 'scor' in English,
    «scor» in Russian, 「scor」 in Japanese; invisible characters escaped, as repr shows them."""
    shown = repr(text)
    if "「" in text or "」" in text:  # Japanese quotes in 「」: a text holding one takes 『』
        return Phrase("\u2018{text}\u2019", {"text": shown[1:-1]})
    if shown.startswith('"'):  # a text holding ' is shown in double quotes, as repr shows it
        return Phrase('"{text}"', {"text": shown[1:-1]})
    return Phrase("'{text}'", {"text": shown[1:-1]})


def worked_sum(text: str) -> Phrase | str:
    """A worked sum after the result it gives, ': 3 + 2 = 5'; nothing for a sum of one term,
    which would only say the result again ('gives 1: 1')."""
    return Phrase(": {sum}", {"sum": text}) if " = " in text else ""


def cell_phrase(row: int, column: int) -> Phrase:
    """A 0-based wall cell as people say it, translatable: 'row 2, column 3'."""
    return Phrase("row {row}, column {column}", {"row": row + 1, "column": column + 1})


def series(items: Sequence[object], separator: str = ",") -> object:
    """Items listed with a translatable separator: 'a, b, c' (or 'a; b; c' with ';')."""
    if len(items) <= 1:
        return items[0] if items else ""
    rest = series(items[1:], separator)
    if separator == ";":
        return Phrase("{first}; {rest}", {"first": items[0], "rest": rest})
    return Phrase("{first}, {rest}", {"first": items[0], "rest": rest})


def listing(items: Sequence[object], longer: bool = False) -> object:
    """Items as people list them, translatable: 'a', 'a and b', 'a, b and c'. The last two of
    a longer list are a phrase of their own: Japanese writes 「AとB」 but 「A、B、C」."""
    if len(items) <= 2:
        if len(items) < 2:
            return items[0] if items else ""
        if longer:
            return Phrase("{head} and {last}", {"head": items[0], "last": items[1]})
        return Phrase("{first} and {last}", {"first": items[0], "last": items[1]})
    return Phrase("{first}, {rest}", {"first": items[0], "rest": listing(items[1:], True)})


def roster(items: Sequence[object]) -> object:
    """Names listed after a colon, as in '(players: Anna and Boris)'. Two names take the
    message of a longer list's last pair, which Japanese writes 「Anna、Boris」, while a
    sentence's subject keeps 「AとB」."""
    if len(items) == 2:
        return Phrase("{head} and {last}", {"head": items[0], "last": items[1]})
    return listing(items)


def english(value: object) -> object:
    """A message argument as English text: colours by name, phrases rendered, tuples listed."""
    if isinstance(value, enum.Enum) and hasattr(value, "letter"):
        return value.name.lower()
    if isinstance(value, Phrase):
        return str(value)
    if isinstance(value, tuple):
        return english(listing(value))
    return value


def english_fields(fields: Mapping[str, object]) -> dict[str, object]:
    """Every argument of a message in English."""
    return {k: english(v) for k, v in fields.items()}


class SourceMap(Protocol):
    """Maps a path inside a document (keys and indices) to its line and column."""

    @property
    def file(self) -> str:
        """The name of the input, as the user gave it."""
        ...

    def locate(self, path: Path) -> tuple[int | None, int | None]:
        """Line and column (from 1) of the node at path, or of its nearest located ancestor."""
        ...


@dataclass(frozen=True, slots=True)
class NoSource:
    """A source map for documents built in code: it knows no positions."""

    file: str = "<memory>"

    def locate(self, path: Path) -> tuple[int | None, int | None]:
        """Always unknown."""
        return None, None


def locate(source: SourceMap, path: Path) -> Location:
    """The Location of a path in a document."""
    line, column = source.locate(path)
    return Location(source.file, line, column, path)
