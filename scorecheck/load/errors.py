"""InputError, for text that cannot be read as a document, and the messages both readers give."""

from __future__ import annotations

import unicodedata

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


# The characters a file can hold unseen, by the names readers know them by.
_UNSEEN = {
    "\u00a0": Phrase("a no-break space", domain="input"),
    "\u00ad": Phrase("a soft hyphen", domain="input"),
    "\u200b": Phrase("a zero-width space", domain="input"),
    "\u2028": Phrase("a line separator", domain="input"),
    "\u2029": Phrase("a paragraph separator", domain="input"),
    "\u2060": Phrase("a word joiner", domain="input"),
    "\ufeff": Phrase("a byte order mark", domain="input"),
}


def named_character(char: str) -> Phrase:
    """A character a player may not see, by its name in the reader's words and its code point
    ('a no-break space (U+00A0)'), not by its English Unicode name."""
    code = f"U+{ord(char):04X}"
    name = _UNSEEN.get(char)
    if name is not None:
        return Phrase("{name} ({code})", {"name": name, "code": code}, domain="input")
    if unicodedata.category(char) == "Cc":
        return Phrase("a control character ({code})", {"code": code}, domain="input")
    return Phrase("the character {code}", {"code": code}, domain="input")
