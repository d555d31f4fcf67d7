"""The HTML report: one self-contained page (no external files, fonts or scripts) for A4 paper.

It shows the boards after the round, then the lesson of `explain` with a picture for each
step, then the problems. Pure: reports in, text out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from scorecheck.core.check import Report
from scorecheck.i18n import current_language, violation_message
from scorecheck.report.best import BestOrderPicture, best_order_svg
from scorecheck.report.lesson import (
    RULE_JOIN,
    SUM_SPACE,
    Block,
    BonusPicture,
    FloorPicture,
    Heading,
    Problems,
    Sentence,
    StepPicture,
    Table,
    lesson,
)
from scorecheck.report.svg import (
    BONUS_MARK,
    NEW_MARK,
    RUN_MARK,
    boards_svg,
    bonus_svg,
    floor_svg,
    step_svg,
)
from scorecheck.report.text import Style, format_violation, verdict_line
from scorecheck.report.words import say

_STYLE = """
@page { size: A4; margin: 14mm 12mm; }
:root { color: #262626; background: #ffffff; }
body { font: 11pt/1.45 'DejaVu Sans', Verdana, Arial, sans-serif; max-width: 186mm;
  margin: 0 auto; padding: 8px 12px; }
h1 { font-size: 15pt; margin: 0 0 4px; }
h2 { font-size: 13pt; margin: 18px 0 6px; border-bottom: 1px solid #d8ccb0; }
h3 { font-size: 11.5pt; margin: 14px 0 4px; }
p { margin: 3px 0; }
:lang(ja) p { word-break: auto-phrase; }  /* Japanese lines break between phrases */
figure { margin: 6px 0 8px; break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; }
.legend .key { white-space: nowrap; }
.legend i { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 10px;
  border: 3px solid; border-radius: 3px; vertical-align: middle; }
table { border-collapse: collapse; }
td { padding: 1px 12px 1px 0; }
ul.problems { padding-left: 18px; }
ul.problems li { margin: 2px 0; font-family: 'DejaVu Sans Mono', monospace; font-size: 9.5pt; }
li.error { color: #a8001c; }
li.warning { color: #8a5a00; }
.verdict { font-weight: bold; }
.verdict.bad { color: #a8001c; }
footer { margin-top: 20px; font-size: 8.5pt; color: #6b6358; }
@media print {
  body { max-width: none; padding: 0; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
}
"""


def format_html(reports: Sequence[Report]) -> str:
    """One HTML page explaining every document given."""
    title = say("html_title", file=", ".join(dict.fromkeys(r.file for r in reports)))
    body: list[str] = []
    for index, report in enumerate(reports, start=1):
        prefix = f"d{index}-" if len(reports) > 1 else ""
        body.append(f'<article id="{prefix}document">')
        body += _document(report, prefix)
        body.append("</article>")
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{current_language()}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>",
            f"<style>{_STYLE}</style>",
            "</head>",
            "<body>",
            *body,
            f"<footer>{escape(say('html_footer'))}</footer>",
            "</body>",
            "</html>",
            "",
        ]
    )


def _document(report: Report, prefix: str) -> list[str]:
    blocks = lesson(report)
    out = [_block(block, report, prefix) for block in blocks[:2]]  # the title, the intro
    if not report.unusable:
        out.append(_overview(report, prefix))
    out += [_block(block, report, prefix) for block in blocks[2:]]
    return out


def _overview(report: Report, prefix: str) -> str:
    if report.rounds and report.rounds[-1].number is not None:
        heading = say("html_overview_round", number=report.rounds[-1].number)
    elif report.rounds:
        heading = say("html_overview")
    else:
        heading = say("html_overview_final")
    picture = boards_svg(report, prefix)[0]
    marks = [(NEW_MARK, "legend_new"), (RUN_MARK, "legend_run")] if report.rounds else []
    if report.final is not None:
        marks.append((BONUS_MARK, "legend_bonus"))
    legend = " ".join(
        f'<span class="key"><i style="border-color:{color}"></i>{escape(say(key))}</span>'
        for color, key in marks
    )
    legend = f'<p class="legend">{legend}</p>'
    return f'<h2>{escape(heading)}</h2>\n<figure class="boards">{picture}</figure>\n{legend}'


def _block(block: Block, report: Report, prefix: str) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{escape(block.text)}</h{block.level}>"
    if isinstance(block, Sentence):
        text = RULE_JOIN.sub("&#8288;", SUM_SPACE.sub("&nbsp;", escape(block.text)))
        return f"<p>{text}</p>"
    if isinstance(block, Table):
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
            for row in block.rows
        )
        return f'<table class="ranking">{rows}</table>'
    if isinstance(block, StepPicture):
        return f'<figure class="step">{step_svg(block, report.variant, prefix)}</figure>'
    if isinstance(block, FloorPicture):
        return f'<figure class="floor">{floor_svg(block)}</figure>'
    if isinstance(block, BonusPicture):
        return f'<figure class="bonus">{bonus_svg(block, report.variant, prefix)}</figure>'
    if isinstance(block, BestOrderPicture):
        return f'<figure class="best-order">{best_order_svg(block)}</figure>'
    return _problems(block)


def _problems(block: Problems) -> str:
    plain = Style(False)
    items = [
        f'<li class="{v.severity.value}">'
        f"{escape(format_violation(v, plain, violation_message(v)))}</li>"
        for v in block.violations
    ]
    verdict = escape(verdict_line(block.ok, block.violations))
    if items:
        listing = f'<ul class="problems">{"".join(items)}</ul>'
    else:
        listing = f"<p>{escape(say('no_problems'))}</p>"
    state = "ok" if block.ok else "bad"
    return f'{listing}\n<p class="verdict {state}">{verdict}</p>'
