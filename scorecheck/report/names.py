"""Boards without a name, in the reader's language.

A board given no name is called 'Player 2' (load/contract.py): the JSON report keeps that
fixed default, so scripts can rely on it. What people read (text, explain, SVG, HTML, the
page) names it in their language, «Игрок 2», 「プレイヤー2」: `shown_names` renames it
throughout a report, in its results, its document and its messages' values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any

from scorecheck.core.results import Report
from scorecheck.i18n import Domain, current_language

LESSON = Domain("lesson")
DEFAULT_NAME = re.compile(r"Player ([1-9][0-9]*)")
_KEPT = frozenset({"file", "source", "template", "many", "domain", "code"})  # never a name


def default_name_words(name: str) -> str:
    """A board's name as the reader's language calls it: 'Player 2' is «Игрок 2» in Russian."""
    match = DEFAULT_NAME.fullmatch(name)
    if match is None or current_language() == "en":
        return name
    return LESSON.say("Player {number}", number=int(match.group(1)))


def shown_names(report: Report) -> Report:
    """The report with every board called 'Player N' named in the current language."""
    if current_language() == "en":
        return report
    names = {n: default_name_words(n) for n in _board_names(report) if DEFAULT_NAME.fullmatch(n)}
    if not names:
        return report
    renamed: Report = _renamed(report, names)
    return renamed


def _board_names(report: Report) -> set[str]:
    names = {t.board.name for r in report.rounds for t in r.tilings}
    if report.final is not None:
        names.update(p.name for p in report.final.players)
    document = report.document
    if document is not None:
        for player in document.players:
            board = getattr(player, "board", None)
            names.add(board.name if board is not None else getattr(player, "name", ""))
    return names


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """The value with each name replaced, rebuilt only where something changed."""
    if type(value) is str:
        return names.get(value, value)
    if isinstance(value, tuple):
        items = [_renamed(v, names) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return type(value)(*items) if hasattr(value, "_fields") else type(value)(items)
    if isinstance(value, Mapping):
        renamed = {k: _renamed(v, names) for k, v in value.items()}
        return value if all(renamed[k] is v for k, v in value.items()) else renamed
    if is_dataclass(value) and not isinstance(value, type):
        if not type(value).__module__.startswith("scorecheck.core"):
            return value
        changes = {}
        for f in fields(value):
            if f.init and f.name not in _KEPT:
                old = getattr(value, f.name)
                new = _renamed(old, names)
                if new is not old:
                    changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value
