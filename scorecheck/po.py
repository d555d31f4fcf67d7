"""Reading gettext .po files and writing .mo catalogues, with the standard library only.

Used at build time (setup.py compiles every .po into the wheel) and at run time in a source
checkout, where no compiled catalogue exists yet.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field


@dataclass
class Entry:
    """One message: its id, optional plural id and context, and its translations."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def translated(self) -> bool:
        """True when every form has a non-empty translation and the entry is not fuzzy."""
        return bool(self.msgstr) and all(self.msgstr) and not self.fuzzy


def parse_po(text: str) -> list[Entry]:
    """Every entry of a .po file, the header (msgid "") included."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    pending_comments: list[str] = []
    pending_fuzzy = False

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#"):
            if current is not None and target is not None:
                finish()
                target = None
            if line.startswith("#,") and "fuzzy" in line:
                pending_fuzzy = True
            elif not line.startswith("#~"):
                pending_comments.append(raw)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or target is None:
                raise ValueError(f"a string continues nothing: {raw!r}")
            _append(current, target, ast.literal_eval(line))
            continue
        starts_entry = keyword == "msgctxt" or (
            keyword == "msgid" and target is not None and target[0] == "msgstr"
        )
        if starts_entry and current is not None and target is not None:
            finish()
        if current is None:
            current = Entry("", comments=pending_comments, fuzzy=pending_fuzzy)
            pending_comments, pending_fuzzy = [], False
        value = ast.literal_eval(rest)
        if keyword == "msgctxt":
            current.msgctxt = value
            target = ("msgctxt", 0)
        elif keyword == "msgid":
            current.msgid = value
            target = ("msgid", 0)
        elif keyword == "msgid_plural":
            current.msgid_plural = value
            target = ("msgid_plural", 0)
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = value
            target = ("msgstr", index)
        else:
            raise ValueError(f"unknown .po line: {raw!r}")
    finish()
    return entries


def _append(entry: Entry, target: tuple[str, int], text: str) -> None:
    kind, index = target
    if kind == "msgctxt":
        entry.msgctxt = (entry.msgctxt or "") + text
    elif kind == "msgid":
        entry.msgid += text
    elif kind == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + text
    else:
        entry.msgstr[index] += text


def compile_mo(entries: list[Entry]) -> bytes:
    """A GNU .mo catalogue of the translated entries (fuzzy and empty ones are left out)."""
    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if e.msgid and not e.translated:
            continue
        key = e.msgid
        if e.msgctxt is not None:
            key = f"{e.msgctxt}\x04{key}"
        if e.msgid_plural is not None:
            key = f"{key}\x00{e.msgid_plural}"
        pairs[key.encode()] = "\x00".join(e.msgstr).encode()
    keys = sorted(pairs)
    ids = b"".join(k + b"\x00" for k in keys)
    strs = b"".join(pairs[k] + b"\x00" for k in keys)
    header_size = 7 * 4
    table_size = len(keys) * 8
    ids_start = header_size + 2 * table_size
    strs_start = ids_start + len(ids)
    id_table, str_table = [], []
    offset = 0
    for k in keys:
        id_table += [len(k), ids_start + offset]
        offset += len(k) + 1
    offset = 0
    for k in keys:
        str_table += [len(pairs[k]), strs_start + offset]
        offset += len(pairs[k]) + 1
    header = struct.pack(
        "<7I", 0x950412DE, 0, len(keys), header_size, header_size + table_size, 0, 0
    )
    tables = struct.pack(f"<{len(id_table)}I", *id_table) + struct.pack(
        f"<{len(str_table)}I", *str_table
    )
    return header + tables + ids + strs


def quote(text: str) -> str:
    """A .po string literal, split after each newline for readability."""

    def one(part: str) -> str:
        escaped = part.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'

    if "\n" not in text.rstrip("\n"):
        return one(text)
    parts = text.splitlines(keepends=True)
    return '""\n' + "\n".join(one(p) for p in parts)


def format_po(entries: list[Entry]) -> str:
    """A .po file's text for entries (inverse of parse_po, up to layout)."""
    out = []
    for e in entries:
        lines = list(e.comments)
        if e.fuzzy:
            lines.append("#, fuzzy")
        if e.msgctxt is not None:
            lines.append(f"msgctxt {quote(e.msgctxt)}")
        lines.append(f"msgid {quote(e.msgid)}")
        if e.msgid_plural is not None:
            lines.append(f"msgid_plural {quote(e.msgid_plural)}")
            forms = e.msgstr or [""]
            lines += [f"msgstr[{i}] {quote(s)}" for i, s in enumerate(forms)]
        else:
            lines.append(f"msgstr {quote(e.msgstr[0] if e.msgstr else '')}")
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"
