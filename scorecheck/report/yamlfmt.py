"""Documents back to the YAML that `check` reads: round, final and game documents.

`scorecheck next` writes the next round with it and the page's Save downloads it. Loading
what it writes gives the same document, so it checks exactly as the original
(tests/report/test_yamlfmt.py). Text is written double-quoted, so no name can be read as anything
but itself; comments, when asked for, follow the current language.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Sequence

from scorecheck.core.documents import (
    Claims,
    Document,
    FinalDocument,
    GameDocument,
    GameEntry,
    RoundDocument,
)
from scorecheck.core.tiles import SIZE, FloorItem, PatternLine, Wall, format_floor
from scorecheck.i18n import Domain
from scorecheck.load.contract import default_name
from scorecheck.textwidth import wrap

LESSON = Domain("lesson")


def format_yaml(document: Document, comments: bool = False, header: Sequence[str] = ()) -> str:
    """The document as YAML; `header` paragraphs open it as comments (wrapped, unless they
    start with a space), `comments` adds notes on what each key of a round's board holds."""
    out = [
        line.rstrip()
        for text in header
        for line in (["# " + text] if text.startswith(" ") else wrap(text, 92, "# ", "# "))
    ]
    out += [f"kind: {document.kind}", f"variant: {document.variant.value}"]
    if isinstance(document, RoundDocument):
        out += _round(document, comments)
    elif isinstance(document, FinalDocument):
        out += _final(document)
    else:
        out += _game(document)
    return "".join(line + "\n" for line in out)


def quote(text: str) -> str:
    """A YAML double-quoted scalar: JSON's escapes, and line or paragraph separators too
    (YAML would fold them)."""
    return "".join(
        f"\\u{ord(c):04x}" if c != " " and unicodedata.category(c)[0] in "CZ" else c
        for c in json.dumps(text, ensure_ascii=False)
    )


def _list(items: Iterable[str]) -> str:
    return "[" + ", ".join(items) + "]"


def _wall_rows(wall: Wall) -> list[str]:
    return [quote(" ".join(wall.row_text(r))) for r in range(SIZE)]


def _lines(lines: Sequence[PatternLine]) -> str:
    return _list(quote("".join(t.letter for t in line.tiles)) for line in lines)


def _floor(floor: Sequence[FloorItem]) -> str:
    return quote(format_floor(floor))


def _columns(columns: Sequence[int | None]) -> str | None:
    """Grey wall (R9.1): the chosen columns, 1-based; None when none was chosen."""
    if all(c is None for c in columns):
        return None
    return _list("null" if c is None else str(c + 1) for c in columns)


def _flow(items: Iterable[tuple[str, object]]) -> str | None:
    """A YAML flow mapping of the items whose value is not None; None if there are none."""
    parts = [f"{key}: {value}" for key, value in items if value is not None]
    return "{" + ", ".join(parts) + "}" if parts else None


def _wall_list(wall: Wall | None) -> str | None:
    return None if wall is None else _list(_wall_rows(wall))


def _claims(claims: Claims) -> str | None:
    points = None if claims.points is None else _list(str(p) for p in claims.points)
    return _flow(
        [
            ("points", points),
            ("penalty", claims.penalty),
            ("score", claims.score),
            ("wall", _wall_list(claims.wall)),
            ("final", claims.final),
        ]
    )


def _note(comments: bool, indent: str, text: str) -> list[str]:
    if not comments:
        return []
    return [f"{indent}# {line}".rstrip() for line in LESSON.word(text).splitlines()]


def _winner(winner: tuple[str, ...] | None) -> list[str]:
    return [] if winner is None else ["claimed:", "  winner: " + _list(map(quote, winner))]


def _round(doc: RoundDocument, comments: bool) -> list[str]:
    out = ["players:"]
    for i, player in enumerate(doc.players):
        board = player.board
        comments = comments and i == 0  # the notes once, on the first board
        if board.name == default_name(i):  # written as given: no name, read back as before
            out += _note(comments, "  ", "the score before this round's tiling (default 0)")
            out.append(f"  - score: {board.score}")
        else:
            out.append(f"  - name: {quote(board.name)}")
            out += _note(comments, "    ", "the score before this round's tiling (default 0)")
            out.append(f"    score: {board.score}")
        out += _note(comments, "    ", "5 rows, top to bottom: '.' empty, a letter (or x) a tile")
        out.append("    wall:")
        out += [f"      - {row}" for row in _wall_rows(board.wall)]
        out += _note(comments, "    ", "the 5 pattern lines, top (1 place) to bottom (5 places)")
        out.append(f"    lines: {_lines(board.lines)}")
        out += _note(
            comments,
            "    ",
            "the floor line, left to right: 1 the first-player marker,\n"
            'colour letters tiles; "" when empty',
        )
        out.append(f"    floor: {_floor(board.floor)}")
        columns = _columns(board.columns)
        if columns is not None:
            out.append(f"    columns: {columns}")
        claims = _claims(player.claims)
        if claims is not None:
            out.append(f"    claimed: {claims}")
    return out + _winner(doc.winner)


def _final(doc: FinalDocument) -> list[str]:
    out = ["players:"]
    for player in doc.players:
        out += [
            f"  - name: {quote(player.name)}",
            f"    score: {player.score}",
            f"    wall: {_wall_list(player.wall)}",
        ]
        if player.claimed_final is not None:
            out.append(f"    claimed: {{final: {player.claimed_final}}}")
    return out + _winner(doc.winner)


def _game(doc: GameDocument) -> list[str]:
    out = ["players: " + _list(map(quote, doc.players))]
    if doc.finished is not None:
        out.append(f"finished: {'true' if doc.finished else 'false'}")
    if not doc.all_tiles:
        out.append("tiles: some")
    if doc.starts is not None:
        out.append("starts: " + _list(map(quote, doc.starts)))
    out.append("rounds:" if doc.rounds else "rounds: []")
    for number, entries in enumerate(doc.rounds, start=1):
        out.append(f"  # {number}")
        for i, (name, entry) in enumerate(zip(doc.players, entries, strict=True)):
            out.append(("  - " if i == 0 else "    ") + f"{quote(name)}: {_entry(entry)}")
        if not entries:
            out.append("  - {}")
    claimed = []
    if doc.final_claims:
        scores = ", ".join(f"{quote(name)}: {score}" for name, score in doc.final_claims)
        claimed.append(f"  final: {{{scores}}}")
    if doc.winner is not None:
        claimed.append("  winner: " + _list(map(quote, doc.winner)))
    return out + (["claimed:", *claimed] if claimed else [])


def _entry(entry: GameEntry) -> str | None:
    return _flow(
        [
            ("lines", _lines(entry.lines)),
            ("floor", _floor(entry.floor)),
            ("columns", _columns(entry.columns)),
            ("wall", _wall_list(entry.wall)),
            ("score", entry.score),
            ("claimed", _claims(entry.claims)),
        ]
    )
