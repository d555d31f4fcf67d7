"""Keep the translation catalogues in step with the code.

    python -m tools.i18n sync     # add new messages (empty translations), drop obsolete ones
    python -m tools.i18n missing  # list messages without a translation, per language

Messages are found by reading the source: calls like `DOMAIN.say("...")`, `.word("...")`,
`.say_n("one", "many", n)` on a gettext Domain, plus the registries listed in REGISTRIES
(tables of English text that are translated by key, such as the violation templates).
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from scorecheck.i18n import DOMAINS, LANGUAGES, PLURAL_FORMS, catalogue_path
from scorecheck.po import Entry, format_po, parse_po

PACKAGE = Path(__file__).resolve().parent.parent / "scorecheck"
Message = tuple[str, str | None]  # (msgid, msgid_plural)

# Module-level names that hold a Domain, wherever they are imported.
KNOWN_DOMAINS = {
    "CHECK": "check",
    "INPUT": "input",
    "LESSON": "lesson",
    "CLI": "cli",
    "SCHEMA": "schema",
}


def _codes() -> Iterable[Message]:
    from scorecheck.core.codes import CODES

    return [(c.template, None) for c in CODES.values()]


def _code_examples() -> Iterable[Message]:
    from scorecheck.core.codes import CODES

    return [(c.example, None) for c in CODES.values()]


def _code_summaries() -> Iterable[Message]:
    from scorecheck.core.codes import CODES

    return [(c.summary, None) for c in CODES.values()]


def _colors() -> Iterable[Message]:
    from scorecheck.core.tiles import COLORS
    from scorecheck.i18n import COLOR_FORMS

    names = [(c.name.lower(), None) for c in COLORS] + [(" and ", None)]  # colour forms joined
    forms = [(f.format(c.name.lower()), None) for f in COLOR_FORMS.values() for c in COLORS]
    return names + forms


def _words() -> Iterable[Message]:
    words = importlib.import_module("scorecheck.report.words")
    out: list[Message] = []
    for value in words.EN.values():
        out.append((value[0], value[1]) if isinstance(value, tuple) else (value, None))
    return out


def _template_notes() -> Iterable[Message]:
    templates = importlib.import_module("scorecheck.report.templates")
    return [(note, None) for note in templates.notes()]


# click's messages a user of scorecheck can meet; the rest of click's gettext calls are about
# prompts, editors, shell completion or mistakes in declaring a command line.
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types")
CLICK_UNSEEN = frozenset(
    {
        "Aborted!",
        "deprecated",
        "Positional arguments",
        "DeprecationWarning: The command {name!r} is deprecated.{extra_message}",
        "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}",
        "Value must be an iterable.",
        "Could not determine name for option with declarations {decls!r}",
        "No options defined but a name was passed ({name}). Did you mean to declare an argument "
        "instead? Did you mean to pass '--{name}'?",
        "env var: {var}",
        "Arguments take exactly one parameter declaration, got {length}: {decls}.",
        "(dynamic)",
        "Name '{name}' defined twice",
        "Boolean option {decl!r} cannot use the same flag for true/false.",
        "Do you want to continue?",
        "Confirm the action without prompting.",
        "%(prog)s, version %(version)s",  # scorecheck prints its own version line
        "Invalid start character for option ({option})",
        "Choice({choices})",
        "{value!r} is not a valid UUID.",
        "{value!r} is not a valid boolean. Recognized values: {states}",
        "Could not open file {filename!r}: {message}",
        "{name} {filename!r} is not executable.",
        # types scorecheck does not use: tuples, dates, numbers and ranges (AtLeastOne is ours)
        "Takes {nargs} values but 1 was given.",
        "Argument {name!r} takes {nargs} values.",
        "{value!r} does not match the format {format}.",
        "{len_type} values are required, but {len_value} was given.",
        "{value} is not in the range {range}.",
        "{value!r} is not a valid {number_type}.",
        # a path type's name, fixed when cli.py is imported; our messages about paths omit it
        "file",
        "directory",
        "path",
    }
)


def click_messages() -> list[Message]:
    """The messages click marks with gettext in its modules, read from its source."""
    import click

    found: list[Message] = [("required", None)]  # click translates this one from a variable
    for name in CLICK_MODULES:
        source = Path(click.__file__).with_name(f"{name}.py").read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in ("_", "ngettext"):
                continue
            texts = [_literal(a) for a in node.args[:2]]
            if texts[0] is None or texts[0] in CLICK_UNSEEN:
                continue
            found.append((texts[0], texts[1] if node.func.id == "ngettext" else None))
    return found


def _schema_descriptions() -> Iterable[Message]:
    import json

    schema = importlib.import_module("scorecheck.report.schema")
    shipped = json.loads((PACKAGE / "schema.json").read_text(encoding="utf-8"))
    return [(text, None) for text in schema.translated(shipped)]


def _click() -> Iterable[Message]:
    clicklang = importlib.import_module("scorecheck.clicklang")
    hints = clicklang.ERROR_HINTS.values()
    return [*click_messages(), *((m, None) for m in (*clicklang.METAVARS, *hints))]


REGISTRIES: list[tuple[str, Callable[[], Iterable[Message]]]] = [
    ("check", _codes),
    ("check", _colors),
    ("check", _code_examples),
    ("check", _code_summaries),
    ("lesson", _words),
    ("lesson", _template_notes),
    ("cli", _click),
    ("schema", _schema_descriptions),
]


def _domain_names(tree: ast.Module) -> dict[str, str]:
    names = dict(KNOWN_DOMAINS)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and getattr(node.value.func, "id", getattr(node.value.func, "attr", "")) == "Domain"
            and node.value.args
            and isinstance(node.value.args[0], ast.Constant)
        ):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = str(node.value.args[0].value)
    return names


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _keyword(node: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in node.keywords if k.arg == name), None)


def _phrase_domain(node: ast.Call) -> str:
    given = _keyword(node, "domain")
    return (_literal(given) if given is not None else None) or "check"


def _phrase_message(node: ast.Call) -> Message:
    template = node.args[0] if node.args else _keyword(node, "template")
    many = _keyword(node, "many")
    text = _literal(template) if template is not None else None
    if text is None:
        raise SystemExit(f"Phrase with a non-literal template at line {node.lineno}")
    return text, (_literal(many) if many is not None else None)


def source_messages() -> dict[str, list[Message]]:
    """Messages found in calls on Domain objects, per domain, in order of appearance."""
    found: dict[str, list[Message]] = {d: [] for d in DOMAINS}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _domain_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Phrase":
                found[_phrase_domain(node)].append(_phrase_message(node))
                continue
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = node.func.value
            if not isinstance(owner, ast.Name) or owner.id not in names or not node.args:
                continue
            domain = names[owner.id]
            first = _literal(node.args[0])
            if node.func.attr == "say_n" and first is None:
                continue
            if node.func.attr in ("say", "word") and first is not None:
                found[domain].append((first, None))
            elif node.func.attr == "say_n" and len(node.args) > 1 and first is not None:
                found[domain].append((first, _literal(node.args[1])))
    return found


def messages() -> dict[str, list[Message]]:
    """Every message of every domain, without repeats, in a stable order."""
    result = source_messages()
    for domain, registry in REGISTRIES:
        result[domain].extend(registry())
    return {d: list(dict.fromkeys(ms)) for d, ms in result.items()}


def header(language: str, domain: str) -> Entry:
    """The .po header entry."""
    text = (
        f"Project-Id-Version: scorecheck {domain}\n"
        f"Language: {language}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {PLURAL_FORMS[language]}\n"
    )
    return Entry("", msgstr=[text])


def load(language: str, domain: str) -> list[Entry]:
    """The entries of a catalogue, or none when it does not exist yet."""
    path = catalogue_path(language, domain, ".po")
    return parse_po(path.read_text(encoding="utf-8")) if path.exists() else []


def sync() -> None:
    """Rewrite every .po with the messages the code has now, keeping known translations."""
    wanted = messages()
    for language in LANGUAGES:
        if language == "en":
            continue
        for domain in DOMAINS:
            old = {(e.msgctxt, e.msgid, e.msgid_plural): e for e in load(language, domain)}
            entries = [header(language, domain)]
            for msgid, plural in wanted[domain]:
                known = old.get((None, msgid, plural))
                entries.append(known or Entry(msgid, plural, msgstr=[]))
            path = catalogue_path(language, domain, ".po")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(format_po(entries), encoding="utf-8")


def missing() -> dict[tuple[str, str], list[Message]]:
    """Messages with no (or an incomplete) translation, per (language, domain)."""
    wanted = messages()
    result: dict[tuple[str, str], list[Message]] = {}
    for language in LANGUAGES:
        if language == "en":
            continue
        for domain in DOMAINS:
            known = {(e.msgid, e.msgid_plural): e for e in load(language, domain)}
            gaps = [m for m in wanted[domain] if not (m in known and known[m].translated)]
            if gaps:
                result[(language, domain)] = gaps
    return result


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "missing"
    if command == "sync":
        sync()
    for (language, domain), gaps in missing().items():
        print(f"{language}/{domain}: {len(gaps)} untranslated")
        if command == "missing":
            for msgid, _ in gaps:
                print(f"    {msgid!r}")
