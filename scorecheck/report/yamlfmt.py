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
from typing import Any

from scorecheck.core.documents import (
    Claims,
    Document,
    FinalDocument,
    FinalPlayer,
    GameDocument,
    GameEntry,
    RoundDocument,
    RoundPlayer,
)
from scorecheck.core.tiles import SIZE, PatternLine, Wall, format_floor
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
    data = document_data(document)
    out += [f"kind: {data['kind']}", f"variant: {data['variant']}"]
    if isinstance(document, RoundDocument):
        out += _round(data, comments)
    elif isinstance(document, FinalDocument):
        out += _final(data)
    else:
        out += _game(data)
    out += _winner(data.get("claimed", {}))
    return "".join(line + "\n" for line in out)


def quote(text: str) -> str:
    """A YAML double-quoted scalar: JSON's escapes, and line or paragraph separators too
    (YAML would fold them)."""
    return "".join(
        f"\\u{ord(c):04x}" if c != " " and unicodedata.category(c)[0] in "CZ" else c
        for c in json.dumps(text, ensure_ascii=False)
    )


def document_data(document: Document) -> dict[str, Any]:
    """The document in the input format as plain data, as `check` reads it from JSON or from
    what format_yaml writes: the page's documents."""
    data: dict[str, Any] = {"kind": document.kind, "variant": document.variant.value}
    if isinstance(document, RoundDocument):
        data["players"] = [_board_data(p, i) for i, p in enumerate(document.players)]
    elif isinstance(document, FinalDocument):
        data["players"] = [_final_data(p, i) for i, p in enumerate(document.players)]
    else:
        data.update(_game_data(document))
    claimed = _document_claims(document)
    if claimed:
        data["claimed"] = claimed
    return data


def _wall_rows(wall: Wall) -> list[str]:
    return [" ".join(wall.row_text(r)) for r in range(SIZE)]


def _lines(lines: Sequence[PatternLine]) -> list[str]:
    return ["".join(t.letter for t in line.tiles) for line in lines]


def _columns(columns: Sequence[int | None]) -> list[int | None] | None:
    """Grey wall (R9.1): the chosen columns, 1-based; None when none was chosen."""
    if all(c is None for c in columns):
        return None
    return [None if c is None else c + 1 for c in columns]


def _given(items: Iterable[tuple[str, object]]) -> dict[str, Any]:
    """The items whose value is not None."""
    return {key: value for key, value in items if value is not None}


def _claims(claims: Claims) -> dict[str, Any]:
    return _given(
        [
            ("points", None if claims.points is None else list(claims.points)),
            ("penalty", claims.penalty),
            ("score", claims.score),
            ("wall", None if claims.wall is None else _wall_rows(claims.wall)),
            ("final", claims.final),
        ]
    )


def _given_name(name: str, seat: int) -> str | None:
    """A name as the input gave it: a board's default name is no name, read back as before
    (and the page shows its own language's default)."""
    return None if name == default_name(seat) else name


def _board_data(player: RoundPlayer, seat: int) -> dict[str, Any]:
    board = player.board
    return _given(
        [
            ("name", _given_name(board.name, seat)),
            ("score", board.score),
            ("wall", _wall_rows(board.wall)),
            ("lines", _lines(board.lines)),
            ("floor", format_floor(board.floor)),
            ("columns", _columns(board.columns)),
            ("claimed", _claims(player.claims) or None),
        ]
    )


def _final_data(player: FinalPlayer, seat: int) -> dict[str, Any]:
    claimed = None if player.claimed_final is None else {"final": player.claimed_final}
    return _given(
        [
            ("name", _given_name(player.name, seat)),
            ("score", player.score),
            ("wall", _wall_rows(player.wall)),
            ("claimed", claimed),
        ]
    )


def _game_data(doc: GameDocument) -> dict[str, Any]:
    return _given(
        [
            ("players", list(doc.players)),
            ("finished", doc.finished),
            ("tiles", None if doc.all_tiles else "some"),
            ("starts", None if doc.starts is None else list(doc.starts)),
            (
                "rounds",
                [
                    {name: _entry(e) for name, e in zip(doc.players, entries, strict=True)}
                    for entries in doc.rounds
                ],
            ),
        ]
    )


def _entry(entry: GameEntry) -> dict[str, Any]:
    return _given(
        [
            ("lines", _lines(entry.lines)),
            ("floor", format_floor(entry.floor)),
            ("columns", _columns(entry.columns)),
            ("wall", None if entry.wall is None else _wall_rows(entry.wall)),
            ("score", entry.score),
            ("claimed", _claims(entry.claims) or None),
        ]
    )


def _document_claims(document: Document) -> dict[str, Any]:
    finals = dict(document.final_claims) if isinstance(document, GameDocument) else {}
    winner = None if document.winner is None else list(document.winner)
    return _given([("final", finals or None), ("winner", winner)])


def _flow(value: object, names: bool = False) -> str:
    """A value in YAML's flow style: text double-quoted, keys bare but for names."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        items = (f"{quote(k) if names else k}: {_flow(v)}" for k, v in value.items())
        return "{" + ", ".join(items) + "}"
    return str(value)


def _note(comments: bool, indent: str, text: str) -> list[str]:
    if not comments:
        return []
    return [f"{indent}# {line}".rstrip() for line in LESSON.word(text).splitlines()]


def _winner(claimed: dict[str, Any]) -> list[str]:
    if not claimed:
        return []
    out = ["claimed:"]
    if "final" in claimed:
        out.append(f"  final: {_flow(claimed['final'], names=True)}")
    if "winner" in claimed:
        out.append(f"  winner: {_flow(claimed['winner'])}")
    return out


def _round(data: dict[str, Any], comments: bool) -> list[str]:
    out = ["players:"]
    for i, board in enumerate(data["players"]):
        comments = comments and i == 0  # the notes once, on the first board
        if "name" not in board:
            out += _note(comments, "  ", "the score before this round's tiling (default 0)")
            out.append(f"  - score: {board['score']}")
        else:
            out.append(f"  - name: {quote(board['name'])}")
            out += _note(comments, "    ", "the score before this round's tiling (default 0)")
            out.append(f"    score: {board['score']}")
        out += _note(comments, "    ", "5 rows, top to bottom: '.' empty, a letter (or x) a tile")
        out.append("    wall:")
        out += [f"      - {quote(row)}" for row in board["wall"]]
        out += _note(comments, "    ", "the 5 pattern lines, top (1 place) to bottom (5 places)")
        out.append(f"    lines: {_flow(board['lines'])}")
        out += _note(
            comments,
            "    ",
            "the floor line, left to right: 1 the first-player marker,\n"
            'colour letters tiles; "" when empty',
        )
        out.append(f"    floor: {_flow(board['floor'])}")
        out += [f"    {key}: {_flow(board[key])}" for key in ("columns", "claimed") if key in board]
    return out


def _final(data: dict[str, Any]) -> list[str]:
    out = ["players:"]
    for player in data["players"]:
        keys = [key for key in ("name", "score", "wall", "claimed") if key in player]
        for k, key in enumerate(keys):
            value = quote(player[key]) if key == "name" else _flow(player[key])
            out.append(f"{'    ' if k else '  - '}{key}: {value}")
    return out


def _game(data: dict[str, Any]) -> list[str]:
    out = [f"{key}: {_flow(data[key])}" for key in ("players", "finished") if key in data]
    if "tiles" in data:
        out.append(f"tiles: {data['tiles']}")
    if "starts" in data:
        out.append(f"starts: {_flow(data['starts'])}")
    out.append("rounds:" if data["rounds"] else "rounds: []")
    for number, entries in enumerate(data["rounds"], start=1):
        out.append(f"  # {number}")
        for i, (name, entry) in enumerate(entries.items()):
            out.append(("  - " if i == 0 else "    ") + f"{quote(name)}: {_flow(entry)}")
        if not entries:
            out.append("  - {}")
    return out
