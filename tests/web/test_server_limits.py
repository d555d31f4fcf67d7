"""The server under load and bad input, against a real `scorecheck serve` on 127.0.0.1:
deep JSON, many connections at once, slow clients, and requests it refuses (docs/api.md)."""

from __future__ import annotations

import http.client
import json
import select
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.cli import main
from scorecheck.load.yamlread import read_yaml
from scorecheck.serve.answers import POSTS
from scorecheck.serve.server import TIMEOUT
from tests.support.examples import EXAMPLES
from tests.support.serving import serve_process

Address = tuple[str, int]
# Deeper than Python's own JSON parser goes: ~990 levels on 3.11, over 2,000 on 3.13.
DEEP = b"[" * 100_000 + b"]" * 100_000
CONNECTIONS = 200


@pytest.fixture(scope="module")
def server() -> Iterator[Address]:
    """`scorecheck serve` as a user starts it, with its own limits."""
    with serve_process() as address:
        yield address


def exchange(server: Address, request: bytes, timeout: float = 30) -> http.client.HTTPResponse:
    """The server's answer to the bytes of one request, sent as they are."""
    raw = socket.create_connection(server, timeout=timeout)
    raw.sendall(request)
    response = http.client.HTTPResponse(raw)
    response.begin()
    response.read()  # the body, before the socket goes
    raw.close()
    return response


def post(server: Address, route: str, body: bytes) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(*server, timeout=30)
    try:
        connection.request("POST", route, body=body)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def check_says(tmp_path: Path, text: bytes, *options: str) -> str:
    """What `scorecheck check` says about the text as the file page.json."""
    (tmp_path / "page.json").write_bytes(text)
    result = CliRunner().invoke(main, [*options, "check", "page.json"])
    [line] = [line for line in result.output.splitlines() if line.startswith("page.json:")]
    return line


# JSON deeper than json.loads goes.


@pytest.mark.parametrize(
    "text", [DEEP, b'{"kind": "round", "players": ' + DEEP + b"}"], ids=["array", "in a document"]
)
def test_deep_json_is_check_s_located_sc002_on_every_post_route(
    server: Address, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: bytes
) -> None:
    monkeypatch.chdir(tmp_path)
    said = check_says(tmp_path, text)
    assert " error SC002 nesting deeper than 32 levels is not accepted" in said
    assert len(POSTS) == 8  # /api/verdict and /api/explain: the page (issue 29)
    for route in POSTS:
        status, answer = post(server, route, text)
        assert (status, json.loads(answer)) == (400, {"error": said}), route
    status, answer = post(server, "/api/check?lang=ru", text)
    assert (status, json.loads(answer)["error"]) == (
        400,
        check_says(tmp_path, text, "--lang", "ru"),
    )


def test_json_nested_within_the_limit_is_still_checked(server: Address) -> None:
    status, answer = post(server, "/api/check", b"[" * 32 + b"]" * 32)
    assert status == 200 and json.loads(answer)["violations"][0]["code"] == "SC003"


# many connections at once.


def test_200_connections_at_once_are_all_answered(server: Address) -> None:
    [(document, _)] = read_yaml((EXAMPLES / "disputed-round.yaml").read_text())
    body = json.dumps(document).encode()
    together = threading.Barrier(CONNECTIONS, timeout=30)

    def one(_: int) -> str:
        together.wait()  # every connection is opened at the same moment
        try:
            return str(post(server, "/api/check", body)[0])
        except OSError as exc:
            return type(exc).__name__

    started = time.monotonic()
    with ThreadPoolExecutor(CONNECTIONS) as pool:
        outcomes = Counter(pool.map(one, range(CONNECTIONS)))
    assert outcomes == {"200": CONNECTIONS}
    assert time.monotonic() - started < 60


# one deadline for the whole request.


def trickled(server: Address, head: bytes, tail: bytes, every: float, limit: float) -> float:
    """Seconds until the server closes a connection that sends `head` at once and then
    `tail` a byte every `every` seconds (`limit` if it never does)."""
    started = time.monotonic()
    with socket.create_connection(server, timeout=limit) as raw:
        raw.sendall(head)
        for byte in tail:
            readable, _, _ = select.select([raw], [], [], every)
            if (readable and raw.recv(4096) == b"") or time.monotonic() - started > limit:
                break
            try:
                raw.sendall(bytes([byte]))
            except OSError:  # reset: closed by the server
                break
        return time.monotonic() - started


def test_a_slow_request_is_cut_off_at_one_deadline(server: Address) -> None:
    limit = TIMEOUT + 6
    slow: dict[str, Callable[[], float]] = {
        "headers": lambda: trickled(
            server, b"GET / HTTP/1.1\r\nHost: localhost\r\n", b"X-Slow: " + b"a" * 99, 1, limit
        ),
        "body": lambda: trickled(
            server,
            b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99\r\n\r\n",
            b" " * 99,
            1,
            limit,
        ),
    }

    def prompt() -> int:  # the near miss: three parts a second apart, well within the deadline
        with socket.create_connection(server, timeout=limit) as raw:
            for part in (b"GET / HTTP/1.1\r\n", b"Host: localhost\r\n", b"\r\n"):
                raw.sendall(part)
                time.sleep(1)
            response = http.client.HTTPResponse(raw)
            response.begin()
            return response.status

    with ThreadPoolExecutor(3) as pool:
        cut = {name: pool.submit(run) for name, run in slow.items()}
        answered = pool.submit(prompt)
        assert answered.result() == 200
        for name, seconds in cut.items():
            assert TIMEOUT - 0.5 < seconds.result() < TIMEOUT + 3, name


# what is refused before any route sees it.


@pytest.mark.parametrize(
    "line",
    [
        b"TRACE / HTTP/1.1",
        b"CONNECT localhost:443 HTTP/1.1",
        b"BREW /api/check HTTP/1.1",
        b"get / HTTP/1.1",
    ],
    ids=["TRACE", "CONNECT", "unknown", "lower case"],
)
def test_other_methods_get_405(server: Address, line: bytes) -> None:
    response = exchange(server, line + b"\r\nHost: localhost\r\n\r\n")
    assert response.status == 405
    assert response.getheader("Allow") == "GET, HEAD, POST"
    assert response.getheader("Content-Type") == "application/json"


@pytest.mark.parametrize(
    "hosts", [(b"localhost", b"evil.example"), (b"evil.example", b"localhost"), (b"localhost",) * 2]
)
def test_two_host_headers_are_refused(server: Address, hosts: tuple[bytes, ...]) -> None:
    headers = b"".join(b"Host: " + host + b"\r\n" for host in hosts)
    response = exchange(server, b"GET / HTTP/1.1\r\n" + headers + b"\r\n")
    assert response.status == 400
    assert exchange(server, b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 200


@pytest.mark.parametrize("target", [b"http://evil.example/", b"http://evil.example/api/words"])
def test_a_foreign_absolute_url_is_refused(server: Address, target: bytes) -> None:
    response = exchange(server, b"GET " + target + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
    assert response.status == 403
    port = str(server[1]).encode()
    for local in (b"http://localhost:" + port + b"/", b"http://127.0.0.1:" + port + b"/api/words"):
        response = exchange(server, b"GET " + local + b" HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert response.status == 200, local
