"""The server's answers over the library, without HTTP: the explanation is the HTML report's
own part for the document, and a body json refuses is a 400 in json's words."""

from __future__ import annotations

import codecs
import json

import pytest

from scorecheck.api import check_text
from scorecheck.load.yamlread import read_yaml
from scorecheck.report.html import format_html
from scorecheck.serve.answers import BadRequest, check_answer, view_answer
from tests.support.examples import EXAMPLES


def test_the_explanation_is_the_html_reports_page_between_body_and_footer() -> None:
    [value] = [v for v, _ in read_yaml((EXAMPLES / "e1-round.yaml").read_text(encoding="utf-8"))]
    body = json.dumps(value).encode()
    view = json.loads(view_answer(body, "mine.json").body)
    page = format_html(check_text("mine.json", body))
    start, end = page.find("<body>"), page.rfind("<footer>")
    assert "<svg" in view["explanation"]
    assert view["explanation"] == page[start + len("<body>") : end].strip()


@pytest.mark.parametrize(
    "body",
    [b"{", b"", b"\xff", codecs.BOM_UTF8 + b'{"kind": "round", "players": [{}]}'],
)
def test_a_body_json_refuses_is_a_400(body: bytes) -> None:
    with pytest.raises(BadRequest) as refused:
        check_answer(body, "page.json")
    assert refused.value.status == 400


def test_a_json_body_is_checked() -> None:
    answer = check_answer(b'{"kind": "round", "players": [{}]}', "page.json")
    assert answer.status == 200 and json.loads(answer.body)["ok"] is True
