"""The next round's document, ready to fill in: what `scorecheck next` writes.

Loads a round document, checks it, takes the next round from the core and writes it as
commented YAML. Refusals carry their reason in the current language.
"""

from __future__ import annotations

from collections.abc import Callable

from scorecheck.core.check import check
from scorecheck.core.documents import Document, RoundDocument
from scorecheck.core.nextround import NoNextRound, next_round, wrong_claims
from scorecheck.core.results import Report
from scorecheck.i18n import Domain
from scorecheck.inputs import ARCHIVE_SUFFIX, STDIN, LineUnit, archive_units
from scorecheck.load import DEFAULT_MAX_BYTES, failure, load_file, load_json_line
from scorecheck.report.yamlfmt import format_yaml

LESSON = Domain("lesson")
CLI = Domain("cli")


class Refused(Exception):
    """No next round: the reason, translated; `report` when the input itself is unusable."""

    def __init__(self, reason: str, report: Report | None = None) -> None:
        super().__init__(reason)
        self.report = report


def following_round(document: Document | Report, broken: Callable[[str], str]) -> RoundDocument:
    """The round after a loaded round document; Refused says why there is none, in the words
    `broken` gives the codes of the problems that keep the round from one (a front end says
    where to see them)."""
    return _following(document, broken)[0]


def _following(
    document: Document | Report, broken: Callable[[str], str]
) -> tuple[RoundDocument, Report]:
    """The round after a loaded round document, and the check of the round it follows."""
    if isinstance(document, Report):
        raise Refused(LESSON.word("the document cannot be read, so it has no next round"), document)
    if not isinstance(document, RoundDocument):
        raise Refused(
            LESSON.say(
                "this is a {kind} document: only a round (kind: round) has a next round",
                kind=document.kind,
            )
        )
    report = check(document)
    try:
        return next_round(document, report), report
    except NoNextRound as refusal:
        if refusal.broken:
            raise Refused(broken(LESSON.word(", ").join(refusal.broken))) from None
        raise Refused(
            LESSON.say_n(
                "the game ends with this round: {names} completed a horizontal row of the "
                "wall (R8.1), so there is no next round",
                "the game ends with this round: {names} completed a horizontal row of the "
                "wall (R8.1), so there is no next round",
                len(refusal.ended),
                names=refusal.ended,
            )
        ) from None


def _documents(path: str, max_bytes: int) -> list[Document | Report]:
    """The documents of a file; a JSON Lines archive (.jsonl) is read a line a document, as
    check reads it, so that a many-line archive is refused for its count, not its format."""
    if path == STDIN or not path.lower().endswith(ARCHIVE_SUFFIX):
        return list(load_file(path, max_bytes))
    return [
        load_json_line(unit.path, unit.number, unit.data)
        if isinstance(unit, LineUnit)
        else failure(unit.path, unit.code, unit.reason, unit.line)
        for unit in archive_units(path, max_bytes)
    ]


def next_document_text(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The commented YAML of the round after the one round document in a file."""
    loaded = _documents(path, max_bytes)
    if len(loaded) != 1:
        raise Refused(
            LESSON.say_n(
                "{file} holds {count} document: give a file with one round document",
                "{file} holds {count} documents: give a file with one round document",
                len(loaded),
                file=path,
            )
        )
    document, report = _following(
        loaded[0],
        lambda codes: LESSON.say(
            "the next round is not ready: this round has errors or warnings ({codes}), and the "
            "new round's walls and scores depend on them. Correct them (scorecheck check "
            "{file} shows them) and run next again.",
            codes=codes,
            file=path if path != STDIN else CLI.word("FILE"),  # the input is not to be read again
        ),
    )
    header = [
        LESSON.say(
            "The round after {file}: the walls and scores as its tiling left them, the pattern "
            "lines that were not full carried over (R4.2), the floors empty.",
            file=path,
        ),
    ]
    overruled = wrong_claims(report)
    if overruled:
        header.append(
            LESSON.say(
                "Claims written in {file} were wrong ({codes}): the walls and scores here are "
                "the replay's, not the written ones.",
                file=path,
                codes=LESSON.word(", ").join(overruled),
            )
        )
    header += [
        LESSON.word(
            "Write each board's pattern lines and floor as they stand at the end of this "
            "round's drafting, and what the table claimed, then run:"
        ),
        "    scorecheck check " + CLI.word("FILE"),  # the placeholder of check's help
    ]
    return format_yaml(document, comments=True, header=header)
