"""The page's HTTP API over real HTTP on the loopback address (docs/api.md)."""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.load import load_bytes
from scorecheck.serve.answers import MAX_BYTES
from scorecheck.serve.server import Page, qr_text
from tests.support.examples import EXAMPLES, page_data
from tests.support.serving import serve_process, served

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    """A server on a free loopback port, with a short timeout for slow clients."""
    with served(Page("en", timeout=0.5)) as address:
        yield address


def request(
    server: tuple[str, int],
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(*server, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post_json(server: tuple[str, int], path: str, value: object) -> tuple[int, Any]:
    status, _, body = request(server, "POST", path, json.dumps(value).encode())
    return status, json.loads(body)


def as_json(path: Path) -> bytes:
    """An example as the page sends it: the document in the input format, as JSON."""
    return json.dumps(page_data(path), ensure_ascii=False, indent=1).encode()


@pytest.mark.parametrize("example", EXAMPLE_FILES, ids=lambda p: p.name)
def test_check_answers_what_check_prints(
    server: tuple[str, int], example: Path, tmp_path: Path
) -> None:
    body = as_json(example)
    file = tmp_path / (example.stem + ".json")
    file.write_bytes(body)
    printed = CliRunner().invoke(main, ["check", "--format", "json", "--jobs", "1", str(file)])
    expected = json.loads(printed.output)
    status, headers, answer = request(server, "POST", "/api/check", body)
    assert status == 200 and headers["Content-Type"] == "application/json"
    got = json.loads(answer)
    assert got["file"] != expected["file"]
    for report in (got, expected):
        del report["file"]
        for violation in report["violations"]:
            del violation["file"]
    assert got == expected
    assert len(EXAMPLE_FILES) >= 8


def test_check_in_another_language(server: tuple[str, int]) -> None:
    body = as_json(EXAMPLES / "disputed-round.yaml")
    _, _, answer = request(server, "POST", "/api/check?lang=ru", body)
    messages = [v["message"] for v in json.loads(answer)["violations"]]
    assert messages and all("записан" in m for m in messages)


def test_bad_json_gets_400_with_a_message(server: tuple[str, int]) -> None:
    for route in ("/api/check", "/api/view", "/api/next", "/api/yaml", "/api/record"):
        status, _, answer = request(server, "POST", route, b'{"kind": "round",')
        assert status == 400, route
        message = json.loads(answer)["error"]
        assert "not JSON" in message and "line 1, column 18" in message
    status, _, answer = request(server, "POST", "/api/check", b"\xff\xfe")
    assert status == 400 and "UTF-8" in json.loads(answer)["error"]


def test_a_body_over_the_limit_gets_413_before_it_is_sent(server: tuple[str, int]) -> None:
    connection = http.client.HTTPConnection(*server, timeout=5)
    connection.putrequest("POST", "/api/check")
    connection.putheader("Content-Length", str(MAX_BYTES + 1))
    connection.endheaders()  # not one byte of the body follows
    started = time.monotonic()
    response = connection.getresponse()
    assert response.status == 413
    assert time.monotonic() - started < 1  # at once, not after a timeout
    assert "limit" in json.loads(response.read())["error"]
    connection.close()
    # The near miss: a body at the limit is read (and, being no JSON, refused as such).
    status, _, _ = request(server, "POST", "/api/check", b" " * MAX_BYTES)
    assert status == 400


def test_a_body_without_a_length_is_refused(server: tuple[str, int]) -> None:
    with socket.create_connection(server, timeout=5) as raw:
        raw.sendall(
            b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        assert raw.recv(100).startswith(b"HTTP/1.1 411")


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/pyproject.toml",
        "/..%2fpyproject.toml",
        "/%2fetc%2fpasswd",
        "//etc/passwd",
        "/web/app.js",
        "/app.js/",
        "/app.js%00",
        "/APP.JS",
        "/answers.py",
        "/api/nothing",
    ],
)
def test_only_packaged_assets_are_served(server: tuple[str, int], path: str) -> None:
    status, _, body = request(server, "GET", path)
    assert status == 404
    assert b"not found" in body


def test_the_page_and_its_modules_are_served(server: tuple[str, int]) -> None:
    for path, kind in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/page.css", "text/css"),
    ]:
        status, headers, body = request(server, "GET", path)
        assert status == 200 and headers["Content-Type"].startswith(kind), path
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert b"http://" not in body and b"https://" not in body  # nothing from elsewhere
    assert request(server, "POST", "/api/nothing", b"{}")[0] == 404


def test_other_hosts_are_refused_without_lan(server: tuple[str, int]) -> None:
    port = server[1]
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", ""):
        status, _, _ = request(server, "GET", "/", headers={"Host": host})
        assert status == 403, host
        status, _, _ = request(server, "POST", "/api/check", b"{}", headers={"Host": host})
        assert status == 403, host
    for host in (f"localhost:{port}", f"127.0.0.1:{port}", "localhost", f"[::1]:{port}"):
        status, _, _ = request(server, "GET", "/", headers={"Host": host})
        assert status == 200, host


def test_a_slow_client_is_cut_off(server: tuple[str, int]) -> None:
    with socket.create_connection(server, timeout=5) as raw:
        raw.sendall(b"POST /api/check HTTP/1.1\r\nHost: localhost\r\n")  # and then nothing
        started = time.monotonic()
        assert raw.recv(100) == b""  # the server closed the connection
        assert time.monotonic() - started < 3
    with socket.create_connection(server, timeout=5) as raw:
        raw.sendall(b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\n{")
        assert raw.recv(100) == b""


def test_other_methods_are_not_allowed(server: tuple[str, int]) -> None:
    status, headers, _ = request(server, "PUT", "/api/check", b"{}")
    assert status == 405 and headers["Allow"] == "GET, HEAD, POST"


def test_view_marks_the_parts_of_the_boards(server: tuple[str, int]) -> None:
    body = as_json(EXAMPLES / "disputed-round.yaml")
    status, _, answer = request(server, "POST", "/api/view", body)
    view = json.loads(answer)
    assert status == 200
    assert view["paths"] == [
        ["players", 1, "claimed", "points", 0],
        ["players", 1, "claimed", "penalty"],
        ["players", 1, "claimed", "score"],
    ]
    assert view["verdict"].startswith("NOT OK: 3 errors")
    # The text report's scorecard, verdict first, as the HTML report draws it.
    assert view["scorecard"].startswith('<section class="scorecard bad">\n<p class="verdict bad">')
    assert "<td>Boris</td><td>7 ✗ → 5</td><td>−6 ✗ → −8</td><td>13 ✗ → 9</td>" in view["scorecard"]
    assert "<svg" in view["explanation"] and "<body" not in view["explanation"]
    # What Boris's table added up (12 + 7 − 6), offered as the score it says; Anna's agrees.
    assert view["table_sums"] == [[None, {"total": 13, "terms": "12 + 7 − 6"}]]
    _, _, checked = request(server, "POST", "/api/check", body)
    assert view["report"] == json.loads(checked)
    # What the page asks after a tap, and the explanation apart: /api/view in two.
    _, _, verdict = request(server, "POST", "/api/verdict", body)
    _, _, explained = request(server, "POST", "/api/explain", body)
    assert {**json.loads(verdict), **json.loads(explained)} == view


def test_next_gives_the_next_round_or_says_why_not(server: tuple[str, int]) -> None:
    body = as_json(EXAMPLES / "disputed-round.yaml")
    status, _, answer = request(server, "POST", "/api/next", body)
    following = json.loads(answer)["document"]
    assert status == 200
    assert [p["score"] for p in following["players"]] == [0, 9]
    assert following["players"][1]["floor"] == ""
    ending = {
        "kind": "round",
        "players": [{"name": "Anna", "wall": ["BYRK."] + ["....."] * 4, "lines": ["W"] + [""] * 4}],
    }
    status, answer = post_json(server, "/api/next", ending)
    assert status == 409 and "Anna completed a horizontal row" in answer["error"]
    assert answer["error"].startswith("The game ends"), answer  # the page's sentence of its own
    status, answer = post_json(server, "/api/next", json.loads(as_json(EXAMPLES / "final.yaml")))
    assert status == 409 and answer["error"].startswith("This is a final document: only a round")


def test_yaml_and_record_write_what_check_reads(server: tuple[str, int]) -> None:
    first = {"kind": "round", "players": [{"name": "Anna", "lines": ["B", "YY", "", "", ""]}]}
    status, headers, text = request(server, "POST", "/api/yaml", json.dumps(first).encode())
    assert status == 200 and headers["Content-Type"].startswith("application/yaml")
    assert b'lines: ["B", "YY", "", "", ""]' in text
    _, following = post_json(server, "/api/next", first)
    status, answer = post_json(server, "/api/record", {"rounds": [first, following["document"]]})
    assert status == 200
    assert answer["document"]["players"] == ["Anna"] and len(answer["document"]["rounds"]) == 2
    [document] = list(load_bytes("game.yaml", answer["yaml"]))
    assert document.kind == "game"
    # A game entered from the middle: no record holds it; the rounds, as documents of one file.
    later = {"rounds": [following["document"], following["document"]]}
    status, answer = post_json(server, "/api/record", later)
    assert status == 200 and answer["document"] is None
    rounds = list(load_bytes("rounds.yaml", answer["yaml"]))
    assert [r.kind for r in rounds] == ["round", "round"]
    status, opened = post_json(server, "/api/open", {"name": "r.yaml", "text": answer["yaml"]})
    assert status == 200 and len(opened["rounds"]) == 2 and opened["problems"] == []
    final = {"kind": "final", "players": []}
    status, answer = post_json(server, "/api/record", {"rounds": [final]})
    assert status == 422
    status, answer = post_json(server, "/api/record", [first])
    assert status == 400
    status, answer = post_json(server, "/api/yaml", {"kind": "round", "players": []})
    assert status == 422 and "page.json:1:" in answer["error"]


def test_open_gives_the_document_or_its_located_problems(server: tuple[str, int]) -> None:
    text = (EXAMPLES / "grey-round.yaml").read_text()
    status, answer = post_json(server, "/api/open", {"name": "g.yaml", "text": text})
    assert status == 200 and answer["problems"] == []
    assert answer["document"]["variant"] == "grey"
    broken = "kind: round\nplayers:\n  - name: Anna\n    score: -4\n"
    status, answer = post_json(server, "/api/open", {"name": "b.yaml", "text": broken})
    assert answer["document"] is None
    assert answer["problems"][0].startswith("b.yaml:4:12: error SC003")
    status, answer = post_json(server, "/api/open", {"name": "b.yaml"})
    assert status == 400


def test_words_in_every_language(server: tuple[str, int]) -> None:
    found = {}
    for language in ("en", "ru", "ja"):
        status, _, answer = request(server, "GET", f"/api/words?lang={language}")
        assert status == 200
        found[language] = json.loads(answer)["words"]
    assert found["en"].keys() == found["ru"].keys() == found["ja"].keys()
    for key, english in found["en"].items():
        if re.search("[a-z]{3}", re.sub(r"\{\w+\}", "", english)):  # words, not only fields
            assert found["ru"][key] != english, key
            assert found["ja"][key] != english, key


def test_start_opens_the_file_given(tmp_path: Path) -> None:
    with served(Page("ja", str(EXAMPLES / "final.yaml"))) as address:
        status, _, answer = request(address, "GET", "/api/start")
    start = json.loads(answer)
    assert status == 200 and start["lang"] == "ja" and start["document"]["kind"] == "final"


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["Ctrl-C", "kill"])
def test_ctrl_c_stops_the_server_cleanly(stop: signal.Signals) -> None:
    with serve_process(stop=stop) as address:  # it holds the clean stop
        assert request(address, "GET", "/")[0] == 200


def test_lan_takes_any_host_and_gives_a_qr_code() -> None:
    with served(Page("en", lan=True)) as address:
        status, _, _ = request(address, "GET", "/", headers={"Host": "10.0.0.7:80"})
    assert status == 200
    code = qr_text("http://192.168.1.20:8123/").splitlines()
    assert len(code) >= 12 and len({len(line) for line in code if line.strip()}) == 1
    assert any("█" in line or "▀" in line or "▄" in line for line in code)


def test_a_taken_port_is_said_plainly() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--no-browser", "--port", str(port)])
    assert result.exit_code == 2
    assert f"cannot serve on port {port}" in result.output


def test_a_bug_is_a_500_with_a_message_not_a_dead_connection(
    server: tuple[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorecheck.serve import answers

    def broken(body: bytes, name: str) -> answers.Answer:
        raise KeyError("lost")

    monkeypatch.setitem(answers.POSTS, "/api/check", broken)
    status, _, body = request(server, "POST", "/api/check", b"{}")
    assert status == 500
    assert json.loads(body)["error"] == "scorecheck failed: KeyError: 'lost'; please report it"
