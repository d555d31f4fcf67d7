"""The HTML report: one self-contained page (no external files, fonts or scripts) for A4 paper.

It shows the boards after the round, then the lesson of `explain` with a picture for each
step, then the problems. Pure: reports in, text out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from scorecheck.core.results import Report
from scorecheck.i18n import current_language, violation_message
from scorecheck.report.best import BestOrderPicture
from scorecheck.report.bestsvg import best_order_svg
from scorecheck.report.lesson import (
    RULE_JOIN,
    SUM_SPACE,
    Block,
    BonusPicture,
    ClaimNote,
    FinalWall,
    FloorPicture,
    Heading,
    Problems,
    Sentence,
    Step,
    StepPicture,
    Table,
    Verdict,
    lesson,
    title,
)
from scorecheck.report.names import shown_names
from scorecheck.report.scorecard import Mark, Scorecard
from scorecheck.report.svg import board_svgs, bonus_svg, floor_svg, step_svg
from scorecheck.report.svgdraw import BONUS_MARK, NEW_MARK, RUN_MARK, WALL_BACKDROP
from scorecheck.report.text import (
    Style,
    card_rows,
    format_violation,
    sheet_text,
    verdict_line,
    verdict_text,
    winner_line,
)
from scorecheck.report.words import say
from scorecheck.textwidth import bind_words

# The page's style sheet; a page that embeds scorecard_html uses it too.
STYLE = """
@page { size: A4; margin: 12mm 11mm; }
:root { color: #262626; background: #ffffff; }
body { font: 11pt/1.45 'DejaVu Sans', Verdana, Arial, sans-serif; max-width: 186mm;
  margin: 0 auto; padding: 8px 12px; }
:lang(ja) body { font-family: 'Hiragino Sans', 'Yu Gothic', 'Noto Sans JP', 'Noto Sans CJK JP',
  'DejaVu Sans', Verdana, Arial, sans-serif; }
h1 { font-size: 15pt; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 13pt; margin: 18px 0 6px; border-bottom: 1px solid #d8ccb0; }
h3 { font-size: 11.5pt; margin: 14px 0 4px; }
p { margin: 3px 0; }
/* Japanese lines break between phrases, in headings and lists as in paragraphs. */
:lang(ja) :is(p, h1, h2, h3, li, td, th, figcaption, footer) { word-break: auto-phrase; }
figure { margin: 6px 0 8px; break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; display: block; }
figure.boards { display: flex; flex-wrap: wrap; gap: 8px; }
figure.boards svg { flex: 0 1 auto; max-width: 100%; }
figure.best-order { display: flex; flex-wrap: wrap; gap: 6px 10px; break-inside: auto; }
figure.best-order svg { flex: 0 0 auto; max-width: none; }
figure.best-order figcaption { flex: 1 0 100%; }
.steps { display: flex; flex-wrap: wrap; align-items: flex-start; }
/* Steps side by side, each caption as wide as its row allows: a lone step's words are not
   held to its picture's width. */
figure.step { flex: 1 1 220px; min-width: 220px; max-width: 420px; margin: 4px 8px 10px 0; }
figcaption { font-size: 10pt; line-height: 1.35; }
figcaption .where { display: block; color: #6b6358; font-size: 9pt; }
.legend .key { display: inline-block; max-width: 100%; }
.legend i { display: inline-block; width: 12px; height: 12px; margin: 0 4px 0 10px;
  border-radius: 3px; vertical-align: middle; }
.legend i.new { border: 3px solid NEW; box-shadow: inset 0 0 0 2px #ffffff; background: #f2c230; }
.legend i.run { border: 3px dashed RUN; }
.legend i.bonus { border: 3px solid BONUS; background: BACKDROP; }
table { border-collapse: collapse; }
td, th { padding: 1px 12px 1px 0; text-align: left; }
.scorecard { border: 2px solid #109648; border-radius: 8px; padding: 6px 10px; margin: 8px 0; }
.scorecard.bad { border-color: #a8001c; }
.scorecard table { margin: 4px 0; }
.scorecard td { white-space: nowrap; }
.scorecard th { font-weight: normal; color: #6b6358; font-size: 10pt; }
.scorecard tr.wrong td { color: #a8001c; font-weight: bold; }
.scorecard td.wrong, .scorecard td.carried { color: #a8001c; }
.scorecard td.carried { font-style: italic; }
.banner { background: #a8001c; color: #ffffff; font-weight: bold; padding: 4px 8px;
  border-radius: 4px; }
.winner { font-weight: bold; }
.card-legend { font-size: 9pt; color: #6b6358; }
.claim { font-weight: bold; }
.claim.wrong { color: #a8001c; }
ul.problems { padding-left: 18px; }
ul.problems li { margin: 2px 0; font-family: 'DejaVu Sans Mono', monospace; font-size: 9.5pt;
  overflow-wrap: anywhere; }
:lang(ja) ul.problems li { font-family: 'Hiragino Sans', 'Yu Gothic', 'Noto Sans JP',
  'Noto Sans CJK JP', 'DejaVu Sans Mono', monospace; }
li.error { color: #a8001c; }
li.warning { color: #8a5a00; }
.verdict { font-weight: bold; font-size: 13pt; margin: 2px 0 4px; }
.verdict.bad { color: #a8001c; }
footer { margin-top: 20px; font-size: 9pt; color: #6b6358; }
@media screen and (min-width: 900px) {
  body { max-width: 860px; }  /* two boards side by side at their natural size */
}
@media (max-width: 600px) {
  body { padding: 6px 10px; }
  figure.step { display: block; width: auto; max-width: 100%; }
  figure.step svg { width: 100%; max-width: 360px; }
}
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; line-height: 1.3; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  .player { break-inside: avoid; }
  h3 { margin-top: 8px; }
  figure.step { width: 220px; margin: 2px 8px 4px 0; }
  /* What the lesson says about a player runs on as one paragraph on paper. */
  p.s { display: inline; }
  p.s::after { content: " "; }
  figure.floor { float: right; margin: 0 0 2px 10px; }
  h2, h3 { clear: both; }
  h3 { margin: 6px 0 2px; }
  h2 { margin: 10px 0 4px; }
  figure { margin: 3px 0 4px; }
  figcaption .where { display: inline; }
  figcaption .where::after { content: " ·"; }
  figcaption { font-size: 9pt; line-height: 1.25; }
  figure.boards svg { max-width: 49%; }
}
"""


STYLE = (
    STYLE.replace("NEW", NEW_MARK)
    .replace("RUN", RUN_MARK)
    .replace("BONUS", BONUS_MARK)
    .replace("BACKDROP", WALL_BACKDROP)
)


def format_html(reports: Sequence[Report]) -> str:
    """One HTML page explaining every document given."""
    reports = [shown_names(r) for r in reports]
    shown = dict.fromkeys(title(r) if len(reports) == 1 else r.file for r in reports)
    page_title = say("html_title", file=", ".join(shown))
    body = [
        document_html(report, f"d{index}-" if len(reports) > 1 else "")
        for index, report in enumerate(reports, start=1)
    ]
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{current_language()}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(page_title)}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            *body,
            f"<footer>{escape(bind_words(say('html_footer')))}</footer>",
            "</body>",
            "</html>",
            "",
        ]
    )


def document_html(report: Report, prefix: str = "") -> str:
    """One document's part of the page: its lesson with a picture for each step, its ids
    prefixed (a page of several documents); `scorecheck serve` shows it as it is."""
    return "\n".join([f'<article id="{prefix}document">', *_document(report, prefix), "</article>"])


def _document(report: Report, prefix: str) -> list[str]:
    blocks = lesson(report)
    out = [_block(block, report, prefix) for block in blocks[:2]]  # the title, the verdict
    if not report.unusable:
        out.append(_overview(report, prefix))
    # A player's steps side by side; what the lesson says between them follows the row.
    # The player's heading stays with the row, on paper too.
    steps: list[str] = []
    held: list[str] = []
    head = ""
    for block in blocks[2:]:
        if isinstance(block, Step | FinalWall):
            if not steps and out and out[-1].startswith("<h3"):
                head = out.pop()
            steps.append(_block(block, report, prefix))
            continue
        if steps and not isinstance(block, Heading | Problems):
            held.append(_block(block, report, prefix))
            continue
        if steps:
            row = f'<div class="steps">{"".join(steps)}</div>'
            out += [f'<div class="player">{head}{row}</div>' if head else row, *held]
            steps, held, head = [], [], ""
        out.append(_block(block, report, prefix))
    return out


def _overview(report: Report, prefix: str) -> str:
    if report.rounds and report.rounds[-1].number is not None:
        heading = say("html_overview_round", number=report.rounds[-1].number)
    elif report.rounds:
        heading = say("html_overview")
    else:
        heading = say("html_overview_final")
    pictures = "".join(board_svgs(report, prefix))
    marks = [("new", "svg_legend_new"), ("run", "svg_legend_run")] if report.rounds else []
    if report.final is not None:
        marks.append(("bonus", "svg_legend_bonus"))
    legend = " ".join(
        f'<span class="key"><i class="{kind}"></i>{_sentence(say(key))}</span>'
        for kind, key in marks
    )
    legend = f'<p class="legend">{legend}</p>'
    return f'<h2>{escape(heading)}</h2>\n<figure class="boards">{pictures}</figure>\n{legend}'


def _block(block: Block, report: Report, prefix: str) -> str:
    if isinstance(block, Heading):
        anchor = f' id="{prefix}{block.anchor}"' if block.anchor else ""
        return f"<h{block.level}{anchor}>{escape(bind_words(block.text))}</h{block.level}>"
    if isinstance(block, Verdict):
        return scorecard_html(block.card, prefix)
    if isinstance(block, ClaimNote):
        state = "right" if block.claim.mark is Mark.RIGHT else "wrong"
        return f'<p class="s claim {state}">{_sentence(block.text)}</p>'
    if isinstance(block, Sentence):
        return f'<p class="s">{_sentence(block.text)}</p>'
    if isinstance(block, Step):
        picture = step_svg(block.picture, report.variant, prefix)
        where = f'<span class="where">{escape(block.where)}</span>'
        caption = [_sentence(s.text) for s in block.lead] + [_note(n) for n in block.notes]
        return _captioned("step", picture, where, caption)
    if isinstance(block, Table):
        rows = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>"
            for row in block.rows
        )
        return f'<table class="ranking">{rows}</table>'
    if isinstance(block, StepPicture):
        return f'<figure class="step">{step_svg(block, report.variant, prefix)}</figure>'
    if isinstance(block, FinalWall):
        picture = bonus_svg(block.picture, report.variant, prefix)
        heading = f"<b>{escape(block.heading.text)}</b>"
        return _captioned("step final", picture, heading, [_note(n) for n in block.notes])
    if isinstance(block, FloorPicture):
        return f'<figure class="floor">{floor_svg(block)}</figure>'
    if isinstance(block, BonusPicture):
        return f'<figure class="bonus">{bonus_svg(block, report.variant, prefix)}</figure>'
    if isinstance(block, BestOrderPicture):
        legend = f"<figcaption>{_sentence(say('best_legend'))}</figcaption>"
        return f'<figure class="best-order">{best_order_svg(block)}{legend}</figure>'
    return _problems(block)


def _captioned(kind: str, picture: str, head: str, sentences: list[str]) -> str:
    """A picture with its caption: the head (whose wall, or the heading), then the sentences
    side by side, a space between them but in Japanese, where a sentence ends with 。 and the
    next follows at once."""
    gap = "" if current_language() == "ja" else " "
    return (
        f'<figure class="{kind}">{picture}<figcaption>{head} {gap.join(sentences)}'
        "</figcaption></figure>"
    )


def _note(note: Sentence | ClaimNote) -> str:
    """A sentence of a caption; a claim in bold, red when wrong."""
    if isinstance(note, ClaimNote):
        state = "right" if note.claim.mark is Mark.RIGHT else "wrong"
        return f'<b class="claim {state}">{_sentence(note.text)}</b>'
    return _sentence(note.text)


def _sentence(text: str) -> str:
    """Escaped text whose sums and cited rules do not break across lines."""
    return RULE_JOIN.sub("&#8288;", SUM_SPACE.sub("&nbsp;", escape(bind_words(text))))


def kept_whole(text: str) -> str:
    """A sentence as _sentence keeps it on its lines, as plain text (no-break spaces and word
    joiners), for a page that lays the text out itself."""
    return RULE_JOIN.sub("\u2060", SUM_SPACE.sub("\u00a0", bind_words(text)))


def _problems(block: Problems) -> str:
    plain = Style(False)
    items = [
        f'<li class="{v.severity.value}">'
        f"{_sentence(format_violation(v, plain, violation_message(v)))}</li>"
        for v in block.violations
    ]
    verdict = _sentence(verdict_line(block.ok, block.violations))
    if items:
        listing = f'<ul class="problems">{"".join(items)}</ul>'
    else:
        listing = f"<p>{_sentence(say('no_problems'))}</p>"
    state = "ok" if block.ok else "bad"
    return f'{listing}\n<p class="verdict {state}">{verdict}</p>'


def scorecard_html(card: Scorecard, prefix: str = "") -> str:
    """The verdict and the scorecard as an HTML fragment (a <section>), for this report and for
    any page that shows a document; a game record's rounds link to `#{prefix}round-N`."""
    state = "ok" if card.ok else "bad"
    verdict = verdict_text(card.ok, card.errors, card.warnings, card.notes)
    out = [
        f'<section class="scorecard {state}">',
        f'<p class="verdict {state}">{_sentence(verdict)}</p>',
    ]
    if card.players:
        rows = card_rows(card)
        head = "".join(f'<th scope="col">{escape(c)}</th>' for c in rows[0])
        body = []
        for player, row in zip(card.players, rows[1:], strict=True):
            marks = {c.mark for c in player.cells.values()}
            wrong = " wrong" if Mark.WRONG in marks or Mark.CARRIED in marks else ""
            cells = "".join(f"<td>{escape(c)}</td>" for c in row)
            body.append(f'<tr class="player{wrong}">{cells}</tr>')
        out.append(
            f'<table class="card"><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>"
        )
    winner = winner_line(card)
    if winner is not None:
        kind = "banner wrong" if card.winner_wrong else "winner"
        out.append(f'<p class="{kind}">{escape(bind_words(winner))}</p>')
    if card.has_claims:
        out.append(f'<p class="card-legend">{_sentence(say("card_legend"))}</p>')
    if card.rounds:
        out.append(_sheet_html(card, prefix))
    out.append("</section>")
    return "\n".join(out)


def _sheet_html(card: Scorecard, prefix: str) -> str:
    """A game record's rounds by players, each row linking to its round."""
    head = "".join(f'<th scope="col">{escape(c)}</th>' for c in (say("sheet_round"), *card.seats))
    body = []
    for row in card.rounds:
        link = f'<a href="#{prefix}round-{row.number}">{row.number}</a>'
        cells = "".join(
            f'<td class="{c.mark.name.lower() if c.mark else "unclaimed"}">'
            f"{escape(sheet_text(c))}</td>"
            for c in row.cells
        )
        body.append(f'<tr><th scope="row">{link}</th>{cells}</tr>')
    legend = [say("sheet_legend")]
    if any(c.mark is Mark.CARRIED for r in card.rounds for c in r.cells):
        legend.append(say("card_legend_carried"))
    return (
        f'<h2 class="sheet">{escape(say("sheet_heading"))}</h2>\n'
        f'<table class="sheet"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>\n"
        f'<p class="card-legend">{escape(" ".join(legend))}</p>'
    )
