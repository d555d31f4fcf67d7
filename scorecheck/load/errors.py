"""InputError, for text that cannot be read as a document, and the messages both readers give."""

from __future__ import annotations

from scorecheck.core.violations import Phrase

NO_DOCUMENT = Phrase(
    "a document is a mapping that starts with 'kind: round', 'kind: final' or 'kind: game'",
    domain="input",
)


class InputError(Exception):
    """Text that cannot be read as a document; line and column count from 1.

    The message is a Phrase, so that it is translated where it is shown.
    """

    def __init__(
        self,
        message: Phrase,
        line: int | None = None,
        column: int | None = None,
        code: str = "SC002",
    ) -> None:
        super().__init__(str(message))
        self.message = message
        self.line = line
        self.column = column
        self.code = code


def shortened(start: object, length: int) -> Phrase:
    """The start of a long text and its length in characters: "'abc'… (45 characters)"."""
    return Phrase(
        "{start}… ({count} character)",
        {"start": start},
        domain="input",
        many="{start}… ({count} characters)",
        count=length,
    )


def duplicate_key(key: str, first_line: int) -> Phrase:
    """A key given twice in one mapping (YAML and JSON say it alike)."""
    return Phrase(
        "the key '{key}' appears twice (first on line {line}): keep one",
        {"key": key, "line": first_line},
        domain="input",
    )
