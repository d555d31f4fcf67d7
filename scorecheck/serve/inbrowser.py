"""The page's answers inside the browser: what the static site's Web Worker calls.

The routes of the HTTP server (server.py) over the same functions of answers.py, for the page
of `scorecheck site`, where Pyodide runs this code and no server is there: the language the
page asks for, else the browser's; a body in, a status, a type and a body out.
"""

from __future__ import annotations

from scorecheck.i18n import LANGUAGES
from scorecheck.load import load_bytes
from scorecheck.serve.answers import (
    PAGE_FILE,
    Answer,
    error,
    failed,
    post,
    start_answer,
    words_answer_in,
)

GETS = {"/api/words": words_answer_in, "/api/start": start_answer}
# A document the fast path leaves (a score below 0): loading it takes the full loader.
BEYOND_THE_FAST_PATH = b'{"kind": "round", "players": [{"name": "A", "score": -1}]}'


def answer(
    method: str, route: str, language: str, browser: str, name: str, body: str
) -> tuple[int, str, str]:
    """A request's answer as the server gives it: status, content type and body text."""
    asked = language if language in LANGUAGES else browser if browser in LANGUAGES else "en"
    reply: Answer
    if method == "GET" and route in GETS:
        reply = GETS[route](asked)
    elif method == "POST":
        try:
            reply = post(route, body.encode(), asked, name[:100] or PAGE_FILE)
        except Exception as exc:  # a bug in scorecheck
            reply = failed(exc)
    else:
        reply = error(404, "not found")
    return reply.status, reply.content_type, reply.body.decode()


def prepare() -> None:
    """Import pydantic and build the document models before a person's document needs them:
    the worker calls this once the page is ready and quiet."""
    for _ in load_bytes("prepare.json", BEYOND_THE_FAST_PATH):
        pass
