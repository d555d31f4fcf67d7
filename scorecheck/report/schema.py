"""The JSON Schema of the documents in the user's language: its descriptions translated.

The English schema is package data (scorecheck/schema.json, generated from the models and held
to them by tests/cli/test_startup_imports.py); editors show its descriptions as tooltips. Only
the descriptions and the root's title (what an editor names the file's schema) change with the
language: every other key and value stays as shipped. Their translations are the `schema`
domain's, the English text its message id.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from scorecheck.i18n import Domain, current_language

SCHEMA = Domain("schema")


def descriptions(node: Any) -> list[str]:
    """Every description in a schema, in order, repeats included."""
    found: list[str] = []
    _visit(node, found)
    return found


def translated(schema: dict[str, Any]) -> list[str]:
    """What a schema shows in the user's language: the root's title, then every description
    (the i18n tool's registry)."""
    return [schema["title"], *descriptions(schema)]


def schema_text(english: str) -> str:
    """The shipped schema's text in the current language; English is the text as shipped."""
    if current_language() == "en":
        return english
    schema = json.loads(english)
    schema["title"] = SCHEMA.word(schema["title"])
    _visit(schema, [], SCHEMA.word)
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"  # as the file is written


def _visit(
    node: Any, found: list[str], translate: Callable[[str], str] | None = None, names: bool = False
) -> None:
    """Collect each description of a schema into `found`, replacing it by `translate` of it
    when given. The keys of "properties" and "$defs" are names (`names`): a field called
    description is no description."""
    if isinstance(node, list):
        for item in node:
            _visit(item, found, translate)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "description" and not names and isinstance(value, str):
                found.append(value)
                if translate is not None:
                    node[key] = translate(value)
            else:
                _visit(value, found, translate, not names and key in ("properties", "$defs"))
