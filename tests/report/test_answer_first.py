"""Every output for people leads with the answer: the verdict and the scorecard come
before the first step or board, and a game record's final standings before its round 1, for
every example, in `check`, `explain` and the HTML report, in every language."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import pytest

from scorecheck.core.results import Report
from scorecheck.i18n import LANGUAGES, using
from scorecheck.report.explain import format_explain
from scorecheck.report.html import format_html
from scorecheck.report.lesson import Heading, Step, lesson
from scorecheck.report.scorecard import Mark, scorecard
from scorecheck.report.svg import format_svg
from scorecheck.report.text import (
    card_rows,
    describe_bonus,
    describe_runs,
    format_text,
    verdict_text,
)
from scorecheck.report.words import say
from tests.support.examples import example_files, example_reports

EXAMPLES = example_files()


def _line_of(lines: list[str], *parts: str) -> int:
    """The first line holding every part, in order."""
    for i, line in enumerate(lines):
        at = 0
        for part in parts:
            at = line.find(part, at)
            if at < 0:
                break
            at += len(part)
        else:
            return i
    raise AssertionError(f"no line holds {parts}")


def _answer_lines(report: Report, lines: list[str]) -> tuple[int, int]:
    """Where the verdict and the scorecard's last row are."""
    card = scorecard(report)
    verdict = _line_of(lines, verdict_text(card.ok, card.errors, card.warnings, card.notes))
    rows = card_rows(card)
    assert len(rows) > 1, "the scorecard has no player rows"
    last = _line_of(lines, *(cell for cell in rows[-1] if cell))
    return verdict, last


def _first_step_text(report: Report) -> list[str]:
    """Text that only the first step (or, with no step, the first final wall) prints."""
    for r in report.rounds:
        for t in r.tilings:
            if t.placements:
                return [describe_runs(t.placements[0].score)]
    assert report.final is not None, "a document with neither steps nor final walls"
    return [describe_bonus(report.final.players[0].bonus)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_check_text_leads_with_the_verdict_and_scorecard(example: Path, language: str) -> None:
    for report in example_reports(example):
        with using(language):
            lines = format_text(report, detail=True).splitlines()
            verdict, card = _answer_lines(report, lines)
            first = _line_of(lines, *_first_step_text(report))
            assert verdict < card < first, (verdict, card, first)
            if report.kind == "game":
                # The final standings, then the rounds: the sheet's header and its round 1.
                sheet = _line_of(lines[card + 1 :], *scorecard(report).seats) + card + 1
                assert card < sheet < sheet + 1 < first


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_explain_leads_with_the_verdict_and_scorecard(example: Path, language: str) -> None:
    for report in example_reports(example):
        with using(language):
            lines = format_explain(report).splitlines()
            verdict, card = _answer_lines(report, lines)
            blocks = lesson(report)
            steps = [b for b in blocks if isinstance(b, Step)]
            if steps:
                first = _line_of(lines, steps[0].lead[0].text[:20])
            else:
                first = _line_of(lines, say("end_heading"))
            assert verdict < card < first, (verdict, card, first)
            if report.kind == "game":
                round_one = _line_of(lines, say("round_heading", number=1))
                assert card < round_one


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_html_leads_with_the_verdict_and_scorecard(example: Path, language: str) -> None:
    reports = example_reports(example)
    with using(language):
        # Russian binds numbers to their words with no-break spaces and word joiners.
        html = format_html(reports).replace("&nbsp;", " ").replace("\u00a0", " ")
        html = html.replace("&#8288;", "").replace("\u2060", "")
        for index, report in enumerate(reports, start=1):
            prefix = f"d{index}-" if len(reports) > 1 else ""
            start = html.index(f'<article id="{prefix}document">')
            card = scorecard(report)
            verdict = html.index(
                escape(verdict_text(card.ok, card.errors, card.warnings, card.notes)), start
            )
            table = html.index('<table class="card">', start)
            last_row = html.index(escape(card.players[-1].name), table)
            boards = html.index('<figure class="boards">', start)
            step = html.find('<figure class="step">', start)
            assert start < verdict < table < last_row < boards
            assert step == -1 or boards < step
            if report.kind == "game":
                assert last_row < html.index(f'id="{prefix}round-1"', start)
                assert html.index(f'href="#{prefix}round-1"', start) < boards


def test_a_wrong_winner_is_a_banner_at_the_top() -> None:
    [report] = example_reports(next(p for p in EXAMPLES if p.stem == "game-forgotten-penalty"))
    card = scorecard(report)
    assert card.winner_wrong and card.winners == ("Boris",) and card.claimed_winner == ("Anna",)
    lines = format_text(report).splitlines()
    assert lines[5] == "  Winner: Boris, not Anna as claimed — the highest total, 47"
    html = format_html([report])
    banner = '<p class="banner wrong">Winner: Boris, not Anna as claimed — the highest total, 47'
    assert banner in html
    with using("ru"):
        assert "Победитель: Boris (в записи: Anna)" in format_explain(report)
    with using("ja"):
        assert "勝者：Boris（申告はAnnaでした ✗）" in format_explain(report)


def test_the_sheet_tells_the_first_mistake_from_those_it_carries() -> None:
    [report] = example_reports(next(p for p in EXAMPLES if p.stem == "game-forgotten-penalty"))
    card = scorecard(report)
    anna = [row.cells[card.seats.index("Anna")] for row in card.rounds]
    assert [c.mark for c in anna] == [Mark.RIGHT, Mark.WRONG] + [Mark.CARRIED] * 3
    assert [(c.replayed, c.written) for c in anna][1:3] == [(8, 10), (16, 18)]
    boris = [row.cells[card.seats.index("Boris")] for row in card.rounds]
    assert {c.mark for c in boris} == {Mark.RIGHT}


def test_wrong_claims_are_shown_at_their_step() -> None:
    [report] = example_reports(next(p for p in EXAMPLES if p.stem == "disputed-round"))
    text = format_explain(report)
    lines = text.splitlines()
    runs = _line_of(lines, "3 + 2 = 5 (R5.2).")
    assert lines[runs + 1].strip() == "Claimed 7 ✗, the replay gives 5."
    assert "Claimed −6 ✗, the replay gives −8." in text
    assert "Claimed 13 ✗, the replay gives 9." in text
    html = format_html([report])
    figure = html.index('<figure class="step"', html.index("Boris — 12"))
    assert html.index("Claimed 7 ✗, the replay gives 5.", figure) < html.index("</figure>", figure)


def test_problems_are_listed_in_input_order() -> None:
    for example in EXAMPLES:
        for report in example_reports(example):
            listed = [
                line for line in format_text(report).splitlines() if line.startswith(report.file)
            ]
            positions = [tuple(int(n) for n in line.split(":")[1:3]) for line in listed]
            assert positions == sorted(positions), example.name


def test_narrowed_pages_say_what_they_show() -> None:
    from scorecheck.report.lesson import select, title

    [report] = example_reports(next(p for p in EXAMPLES if p.stem == "game-4p"))
    part = select(report, "Anna", 2)
    assert (
        title(part) == "examples/game-4p.yaml — round 2 of a game record, step by step: Anna only"
    )
    html = format_html([part])
    assert "<title>scorecheck — examples/game-4p.yaml — round 2 of a game record" in html
    assert [b.text for b in lesson(part) if isinstance(b, Heading) and b.level == 3] == [
        "Anna — 4 points before this round"
    ]


CLAIM_CODES = {"SC201", "SC203", "SC204", "SC209", "SC304", "SC305"}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_every_cross_on_the_scorecard_is_a_listed_problem_and_back(example: Path) -> None:
    for report in example_reports(example):
        card = scorecard(report)
        crosses = [
            claim
            for row in card.players
            for cell in row.cells.values()
            for claim in cell.claims
            if claim.mark is not Mark.RIGHT
        ]
        sheet_crosses = [
            c for r in card.rounds for c in r.cells if c.mark not in (None, Mark.RIGHT)
        ]
        listed = [v for v in report.violations if v.code in CLAIM_CODES]
        assert len(crosses) + len(sheet_crosses) == len(listed), example.name
        assert card.winner_wrong == any(v.code == "SC210" for v in report.violations)


def test_a_claim_for_a_tile_never_placed_is_crossed() -> None:
    from tests.support.checking import check_yaml

    report = check_yaml(
        "kind: round\nplayers:\n"
        "  - {name: A, score: 0, lines: [B, '', '', '', ''], claimed: {points: [1, 3]}}\n"
    )
    [row] = scorecard(report).players
    marks = [(c.claimed, c.replayed, c.mark) for c in row.cells["points"].claims]
    assert marks == [(1, 1, Mark.RIGHT), (3, None, Mark.WRONG)]
    assert [v.code for v in report.violations] == ["SC202"]


def test_a_winner_who_is_not_a_player_is_a_wrong_claim_too() -> None:
    from tests.support.checking import check_yaml

    report = check_yaml(
        "kind: final\nplayers:\n"
        "  - {name: A, score: 40, wall: [BYRKW, ....., ....., ....., .....]}\n"
        "  - {name: B, score: 7, wall: [BYRKW, WBYRK, ....., ....., .....]}\n"
        "claimed: {winner: Eve}\n"
    )
    assert "SC212" in [v.code for v in report.violations]
    card = scorecard(report)
    assert card.winner_wrong and card.winners == ("A",)
    assert "  Winner: A, not Eve as claimed — the highest total, 42" in format_text(report)


def test_a_shared_win_recorded_for_one_of_its_winners_says_only_that_one_was_claimed() -> None:
    from tests.support.checking import check_yaml

    walls = "wall: [BYRKW, ....., ....., ....., .....]"
    report = check_yaml(
        "kind: final\nplayers:\n"
        f"  - {{name: A, score: 20, {walls}}}\n  - {{name: B, score: 20, {walls}}}\n"
        "claimed: {winner: A}\n"
    )
    card = scorecard(report)
    assert card.winner_wrong and card.winners == ("A", "B")
    # not 'Winners: A and B, not A as claimed', which reads as if A had not won
    assert "  Winners: A and B, only A claimed — " in format_text(report)


def test_a_final_document_before_the_end_of_the_game_names_no_winner() -> None:
    # No wall has a complete row (SC110): the places are scored, but nobody has won yet.
    from tests.support.checking import check_yaml

    report = check_yaml(
        "kind: final\nplayers:\n"
        "  - {name: A, score: 1, wall: [B...., ....., ....., ....., .....]}\n"
        "  - {name: B, score: 1, wall: [....., .B..., ....., ....., .....]}\n"
    )
    assert "SC110" in [v.code for v in report.violations]
    card = scorecard(report)
    assert card.winners == () and card.unfinished
    provisional = {
        "en": "The game has not ended (R8.1): the places are provisional and there is no winner",
        "ru": "Партия ещё не закончилась (R8.1): места предварительные, победителя пока нет.",
        "ja": "ゲームはまだ終わっていません（R8.1）。順位は暫定で、勝者はまだ決まっていません。",
    }
    won = {"en": "Winner", "ru": "Победител", "ja": "勝者："}
    for language in LANGUAGES:
        with using(language):
            shown = format_text(report), format_explain(report), format_html([report])
            for text in (*shown, format_svg([report])):
                said = re.sub(r"\s+", "", text)  # wherever a line wraps
                assert re.sub(r"\s+", "", provisional[language]) in said, (language, text)
                assert won[language] not in said, (language, said)
