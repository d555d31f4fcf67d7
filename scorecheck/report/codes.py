"""The list of violation codes, as text for `scorecheck codes` and as Markdown for docs/."""

from __future__ import annotations

from scorecheck.core.codes import CODES, Severity
from scorecheck.i18n import CHECK
from scorecheck.report.text import severity_word
from scorecheck.textwidth import display_width, pad

_BLOCKS = {
    "SC0": "Input problems (exit 2)",
    "SC1": "Broken rules on the boards",
    "SC2": "Wrong claims",
    "SC3": "Whole-record problems",
}


def codes_text() -> str:
    """Every code with severity, rule, what it means and an example that triggers it, in the
    current language (the name stays English: it is an identifier, like the code)."""
    width = max(display_width(severity_word(s)) for s in Severity)
    out = []
    for code in CODES.values():
        rules = CHECK.word(", ").join(code.rule.split(", "))  # 、 in Japanese
        rule = CHECK.say(" ({rules})", rules=rules) if code.rule else ""
        out.append(f"{code.code}  {pad(severity_word(code.severity), width)}  {code.name}{rule}")
        out.append(f"        {CHECK.word(code.summary)}")
        out.append("        " + CHECK.say("e.g. {example}", example=CHECK.word(code.example)))
    return "\n".join(out)


def codes_markdown() -> str:
    """docs/codes.md: one table per block of codes."""
    out = [
        "# Violation codes",
        "",
        "Generated from `scorecheck/core/codes.py` (`python -m scorecheck.report.codes`).",
        "Codes are stable: never renumbered, never reused. The summary says what a code means;",
        "in the message, words in braces are filled in.",
    ]
    for prefix, title in _BLOCKS.items():
        rows = [c for c in CODES.values() if c.code.startswith(prefix)]
        if not rows:
            continue
        out += [
            "",
            f"## {title}",
            "",
            "| code | name | severity | rule | summary | message | example |",
            "|---|---|---|---|---|---|---|",
        ]
        for c in rows:
            cells = [c.code, c.name, c.severity.value, c.rule, c.summary, c.template, c.example]
            out.append("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(codes_markdown(), end="")
