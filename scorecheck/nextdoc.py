"""The next round's document, ready to fill in: what `scorecheck next` writes.

Loads a round document, checks it, takes the next round from the core and writes it as
commented YAML. Refusals carry their reason in the current language.
"""

from __future__ import annotations

from scorecheck.core.check import check
from scorecheck.core.documents import Document, RoundDocument
from scorecheck.core.nextround import NoNextRound, next_round
from scorecheck.core.results import Report
from scorecheck.i18n import Domain
from scorecheck.load import DEFAULT_MAX_BYTES, load_file
from scorecheck.report.yamlfmt import format_yaml

LESSON = Domain("lesson")


class Refused(Exception):
    """No next round: the reason, translated; `report` when the input itself is unusable."""

    def __init__(self, reason: str, report: Report | None = None) -> None:
        super().__init__(reason)
        self.report = report


def following_round(document: Document | Report) -> RoundDocument:
    """The round after a loaded round document; Refused says why there is none."""
    if isinstance(document, Report):
        raise Refused(LESSON.word("the document cannot be read, so it has no next round"), document)
    if not isinstance(document, RoundDocument):
        raise Refused(
            LESSON.say(
                "this is a {kind} document: only a round (kind: round) has a next round",
                kind=document.kind,
            )
        )
    try:
        return next_round(document, check(document))
    except NoNextRound as refusal:
        raise Refused(
            LESSON.say(
                "the game ends with this round: {names} completed a horizontal row of the "
                "wall (R8.1), so there is no next round",
                names=refusal.ended,
            )
        ) from None


def next_document_text(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> str:
    """The commented YAML of the round after the one round document in a file."""
    loaded = list(load_file(path, max_bytes))
    if len(loaded) != 1:
        raise Refused(
            LESSON.say_n(
                "{file} holds {count} document: give a file with one round document",
                "{file} holds {count} documents: give a file with one round document",
                len(loaded),
                file=path,
            )
        )
    document = following_round(loaded[0])
    header = [
        LESSON.say(
            "The round after {file}: the walls and scores as its tiling left them, the pattern "
            "lines that were not full carried over (R4.2), the floors empty.",
            file=path,
        ),
        LESSON.word(
            "Write each board's pattern lines and floor as they stand at the end of this "
            "round's drafting, and what the table claimed, then run:"
        ),
        "    scorecheck check FILE",
    ]
    return format_yaml(document, comments=True, header=header)
