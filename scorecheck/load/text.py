"""Bytes to text: UTF-8 only, line ends folded to LF, control characters refused, located."""

from __future__ import annotations

import codecs
import re
import unicodedata

from scorecheck.core.limits import DEFAULT_MAX_BYTES
from scorecheck.core.violations import Phrase, quoted
from scorecheck.load.errors import InputError, named_character
from scorecheck.load.limits import byte_size
from scorecheck.load.positions import line_column

# C0 and C1 control characters other than tab and line feed (CR is folded away first),
# and the line and paragraph separators.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_UTF16_32 = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def decode(data: bytes, max_bytes: int = DEFAULT_MAX_BYTES, size: int | None = None) -> str:
    """UTF-8 text, BOM dropped and line ends folded to LF; anything else raises InputError.

    size is the file's whole size when known (data may hold only its first max_bytes + 1).
    """
    if len(data) > max_bytes or (size or 0) > max_bytes:
        limit = byte_size(max_bytes)
        if size and size > max_bytes:
            raise InputError(
                Phrase(
                    "the file is {size}, over the limit of {limit} (raise it with --max-bytes)",
                    {"size": byte_size(size), "limit": limit},
                    domain="input",
                ),
                code="SC001",
            )
        raise InputError(
            Phrase(
                "the file is over the limit of {limit} (raise it with --max-bytes)",
                {"limit": limit},
                domain="input",
            ),
            code="SC001",
        )
    if data.startswith(_UTF16_32):
        width = "32" if data.startswith(_UTF16_32[:2]) else "16"
        raise InputError(
            Phrase(
                "not UTF-8 text: the file is UTF-{width}; save it as UTF-8",
                {"width": width},
                domain="input",
            ),
            1,
            1,
            code="SC001",
        )
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_utf8(body, exc.start) from None
    return clean(text)


def clean(text: str) -> str:
    """Text with line ends folded to LF; control characters raise a located InputError.

    YAML counts NEL, LS and PS as line breaks and JSON does not: refusing them keeps the
    line numbers of both in step with the user's editor.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    control = _CONTROL.search(text)
    if control:
        char = control.group()
        line, column = line_column(text, control.start())
        code = f"{ord(char):04X}"
        if char == "\0":
            message = Phrase(
                "a NUL byte is not text: save the file as UTF-8 (is it UTF-16?)", domain="input"
            )
        elif char in "\u2028\u2029":
            message = Phrase(
                "{character} is not accepted: use an ordinary line break",
                {"character": named_character(char)},
                domain="input",
            )
        else:
            message = Phrase(
                "the control character U+{code} is not text: remove it",
                {"code": code},
                domain="input",
            )
        raise InputError(message, line, column, code="SC001")
    return text


def _not_utf8(body: bytes, start: int) -> InputError:
    """Where the first byte that is not UTF-8 stands, and what it might have meant."""
    before = body[:start].decode("utf-8")
    line, column = line_column(before, len(before))
    byte = body[start]
    guess = bytes([byte]).decode("cp1252", errors="replace")
    hint = (
        Phrase(" (in Latin-1 / Windows-1252 it is {char})", {"char": quoted(guess)}, domain="input")
        if guess != "\ufffd" and unicodedata.category(guess)[0] in "LS"
        else ""
    )
    return InputError(
        Phrase(
            "not UTF-8 text: the byte 0x{byte} cannot be read{hint}; save the file as UTF-8",
            {"byte": f"{byte:02X}", "hint": hint},
            domain="input",
        ),
        line,
        column,
        code="SC001",
    )


def looks_like_json(name: str, text: str) -> bool:
    """JSON by file extension; for other names, when the text starts with '{' or '['."""
    lower = name.lower()
    if lower.endswith(".json"):
        return True
    if lower.endswith((".yaml", ".yml")):
        return False
    return text.lstrip()[:1] in ("{", "[")
