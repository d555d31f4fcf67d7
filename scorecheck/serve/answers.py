"""What the page's server answers: the library's own loader, checker and formatters.

Each function takes a request body (bytes) and the language, and gives an Answer; nothing
here knows HTTP beyond a status code, and nothing writes a file. Documents travel in the
input format, as JSON: the page sends what `check` reads, and gets back documents as the
YAML writer's data (yamlfmt.document_data), so what the page holds is what Save writes.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from scorecheck.api import bug_reason, report_of
from scorecheck.core.claims import table_sum
from scorecheck.core.documents import Document, GameDocument, RoundDocument
from scorecheck.core.limits import MARKERS, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from scorecheck.core.nextround import NoRecord, game_record
from scorecheck.core.results import Report
from scorecheck.core.tiles import FLOOR_SLOT_COSTS, SIZE, PatternLine, printed_color
from scorecheck.i18n import Domain, current_language, using, violation_message
from scorecheck.load import DEFAULT_MAX_BYTES, load_bytes
from scorecheck.nextdoc import Refused, following_round
from scorecheck.report.html import document_html, kept_whole, scorecard_html
from scorecheck.report.jsonfmt import encode, format_json_bytes, report_dict
from scorecheck.report.names import shown_names
from scorecheck.report.scorecard import scorecard
from scorecheck.report.text import Style, format_violation, verdict_line
from scorecheck.report.yamlfmt import document_data, format_yaml
from scorecheck.serve.words import page_words

LESSON = Domain("lesson")
MAX_BYTES = DEFAULT_MAX_BYTES  # the limit of `check`, for request bodies too
PAGE_FILE = "page.json"  # the name reports give a document sent by the page
JSON = "application/json"
YAML = "application/yaml; charset=utf-8"


@dataclass(frozen=True, slots=True)
class Answer:
    """An HTTP status, a body and its type."""

    status: int
    body: bytes
    content_type: str = JSON


class BadRequest(Exception):
    """The request cannot be answered: a status and a message for the page."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _json(data: object, status: int = 200) -> Answer:
    return Answer(status, encode(data))


def error(status: int, message: str) -> Answer:
    """{"error": message} with a status."""
    return _json({"error": message}, status)


def _parsed(body: bytes) -> Any:
    """The body as JSON; 400 with the parser's own line and column otherwise, and for
    nesting deeper than the parser goes, the located problem `check` gives (SC002)."""
    try:
        return json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequest(400, LESSON.word("the request body is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise BadRequest(
            400,
            LESSON.say(
                "the request body is not JSON: {reason} at line {line}, column {column}",
                reason=exc.msg,
                line=exc.lineno,
                column=exc.colno,
            ),
        ) from None
    except RecursionError:
        [loaded] = list(load_bytes(PAGE_FILE, body, MAX_BYTES))
        if not isinstance(loaded, Report):  # the loader refuses all nesting that json cannot read
            raise
        raise BadRequest(400, "\n".join(problem_lines(loaded))) from None


def _loaded(body: bytes) -> Document | Report:
    """The document of a JSON body, loaded by the input edge as `check` loads a .json file
    (so its problems are located in the body); 400 if it is not JSON at all.

    Only a body the input edge refuses is read again, by json, whose words the 400 gives;
    so is one with a byte order mark, which the input edge drops and json refuses."""
    [loaded] = list(load_bytes(PAGE_FILE, body, MAX_BYTES))
    if isinstance(loaded, Report) or body.startswith(codecs.BOM_UTF8):
        _parsed(body)
    return loaded


def _document(body: bytes) -> Document:
    """A usable document; 422 with the located problems when it is not."""
    loaded = _loaded(body)
    if isinstance(loaded, Report):
        raise BadRequest(422, "\n".join(problem_lines(loaded)))
    return loaded


def problem_lines(report: Report) -> list[str]:
    """The report's problems as `check` prints them: file:line:col, severity, code, message."""
    plain = Style(False)
    return [format_violation(v, plain, violation_message(v)) for v in report.violations]


def _report(body: bytes, name: str) -> Report:
    """The check of the body's document, its file named as the page names it."""
    return replace(report_of(_loaded(body)), file=name)


def check_answer(body: bytes, name: str) -> Answer:
    """POST /api/check: exactly what `scorecheck check --format json` prints for the document."""
    return Answer(200, format_json_bytes(_report(body, name), violation_message))


def view_answer(body: bytes, name: str) -> Answer:
    """POST /api/view: the check report, the part of the board each violation concerns, the
    verdict line, the scorecard the text and HTML reports show (as the HTML report draws it)
    and the HTML report's explanation, for the page to show at once."""
    report = _report(body, name)
    return _json({**_verdict(report), "explanation": document_html(shown_names(report))})


def verdict_answer(body: bytes, name: str) -> Answer:
    """POST /api/verdict: /api/view without the explanation, what the page shows after each
    tap (the explanation is most of the work and of the bytes; the page asks for it apart)."""
    return _json(_verdict(_report(body, name)))


def explain_answer(body: bytes, name: str) -> Answer:
    """POST /api/explain: the explanation of /api/view alone."""
    return _json({"explanation": document_html(shown_names(_report(body, name)))})


def _verdict(report: Report) -> dict[str, object]:
    shown = shown_names(report)  # a board without a name in words
    return {
        "report": report_dict(report, violation_message),
        "paths": [list(v.location.path) for v in report.violations],
        "problems": problem_lines(shown),
        # each violation's message as the page shows it: its lines break where the HTML
        # report's do, never inside a sum or between a number and its noun
        "messages": [kept_whole(violation_message(v)) for v in shown.violations],
        "verdict": verdict_line(report.ok, report.violations),
        "scorecard": scorecard_html(scorecard(shown)),
        "table_sums": _table_sums(report),
    }


def _table_sums(report: Report) -> list[list[dict[str, object] | None]]:
    """For each round of the report and each board, the score the table's own figures give
    where they differ from the replay's: what the page offers as the number a table says."""
    document = report.document
    sums = []
    for result in report.rounds:
        if isinstance(document, RoundDocument):
            claims = [p.claims for p in document.players]
        elif isinstance(document, GameDocument) and result.number is not None:
            claims = [e.claims for e in document.rounds[result.number - 1]]
        else:
            claims = []
        given = [table_sum(t, c) for t, c in zip(result.tilings, claims, strict=False)]
        sums.append(
            [None if g is None else {"total": g.total, "terms": g.terms_text()} for g in given]
        )
    return sums


def next_answer(body: bytes, name: str) -> Answer:
    """POST /api/next: the next round of a round document, or 409 and why there is none."""
    loaded = _loaded(body)
    try:
        following = following_round(
            loaded,
            lambda codes: LESSON.say(
                "The next round is not ready: first correct what {problems} marks ({codes}); "
                "the new round's walls and scores depend on it.",
                problems=LESSON.word("Problems"),
                codes=codes,
            ),
        )
    except Refused as refused:
        reason = str(refused)  # a sentence of its own on the page, not after "scorecheck: "
        return error(409, reason[:1].upper() + reason[1:])
    return _json({"document": document_data(following)})


def yaml_answer(body: bytes, name: str) -> Answer:
    """POST /api/yaml: the document as the YAML `check` reads, for Save."""
    return Answer(200, format_yaml(_document(body)).encode(), YAML)


def record_answer(body: bytes, name: str) -> Answer:
    """POST /api/record: {"rounds": [round documents]} as one game record, data and YAML; a
    game entered from the middle, which no record can hold, as the rounds' documents in one
    YAML file ("document": null), which `check` reads back whole."""
    value = _parsed(body)
    rounds = value.get("rounds") if isinstance(value, dict) else None
    if not isinstance(rounds, list):
        raise BadRequest(400, LESSON.word('the request body must be {"rounds": [documents]}'))
    documents = [_document(encode(r)) for r in rounds]
    played = [d for d in documents if isinstance(d, RoundDocument)]
    try:
        if len(played) != len(documents):
            raise NoRecord()
        record = game_record(played)
    except NoRecord:
        if len(played) != len(documents):
            return error(
                409,
                LESSON.word(
                    "these rounds do not make a game record: it starts from empty walls at 0 "
                    "points, with the same players in every round"
                ),
            )
        text = "---\n".join(format_yaml(d) for d in documents)
        return _json({"document": None, "yaml": text})
    return _json({"document": document_data(record), "yaml": format_yaml(record)})


def open_answer(name: str, loaded: list[Document | Report], language: str) -> Answer:
    """A file's documents as the page opens them: its one document as data, or what keeps
    it from being opened, as `check` shows it."""
    document, problems, rounds = None, [], None
    if len(loaded) > 1 and all(isinstance(d, RoundDocument) for d in loaded):
        # as Save wrote them
        rounds = [document_data(d) for d in loaded if isinstance(d, RoundDocument)]
        document = rounds[-1]
    elif len(loaded) != 1:
        problems = [
            LESSON.say_n(
                "{file} holds {count} document: the page opens one at a time",
                "{file} holds {count} documents: the page opens one at a time",
                len(loaded),
                file=name,
            )
        ]
    elif isinstance(loaded[0], Report):
        problems = problem_lines(loaded[0])
    else:
        document = document_data(loaded[0])
    answer = {"lang": language, "name": name, "document": document, "problems": problems}
    return _json(answer if rounds is None else {**answer, "rounds": rounds})


def open_file_answer(body: bytes, name: str) -> Answer:
    """POST /api/open: {"name": file name, "text": its text} from the page's file picker."""
    value = _parsed(body)
    if not (
        isinstance(value, dict)
        and isinstance(value.get("name"), str)
        and isinstance(value.get("text"), str)
    ):
        raise BadRequest(400, LESSON.word('the request body must be {"name": …, "text": …}'))
    name = value["name"]
    return open_answer(name, list(load_bytes(name, value["text"], MAX_BYTES)), current_language())


def start_answer(language: str) -> Answer:
    """GET /api/start with no file to open: the language only."""
    return _json({"lang": language, "name": None, "document": None})


def failed(exc: Exception) -> Answer:
    """500 for a bug in scorecheck, said as check says it (SC004)."""
    return error(500, f"scorecheck failed: {bug_reason(exc)}; please report it")


def words_answer_in(language: str) -> Answer:
    """GET /api/words in a language."""
    with using(language):
        return words_answer(language)


def words_answer(language: str) -> Answer:
    """GET /api/words: the page's texts in a language, what the board has printed on it (the
    coloured wall's colours, R2; the floor's slot costs, R6.1) and the limits the page keeps
    to (players, R1.2; line capacities, R1.4; one marker, R1.3; names), from the core."""
    printed = ["".join(printed_color(r, c).letter for c in range(SIZE)) for r in range(SIZE)]
    costs = [f"−{cost}" for cost in FLOOR_SLOT_COSTS]
    limits = {
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "capacities": [PatternLine(r, ()).capacity for r in range(SIZE)],
        "markers": MARKERS,
        "max_name": MAX_NAME,
    }
    words = page_words()
    return _json(
        {"lang": language, "words": words, "printed": printed, "floor": costs, "limits": limits}
    )


POSTS: dict[str, Callable[[bytes, str], Answer]] = {
    "/api/check": check_answer,
    "/api/view": view_answer,
    "/api/verdict": verdict_answer,
    "/api/explain": explain_answer,
    "/api/next": next_answer,
    "/api/yaml": yaml_answer,
    "/api/record": record_answer,
    "/api/open": open_file_answer,
}


def post(route: str, body: bytes, language: str, name: str = PAGE_FILE) -> Answer:
    """The answer to a POST on one of the API's routes (404 for others), in a language;
    `name` is the file name reports give the document."""
    handler = POSTS.get(route)
    if handler is None:
        return error(404, "not found")
    with using(language):
        try:
            return handler(body, name)
        except BadRequest as exc:
            return error(exc.status, str(exc))
