"""The page's HTTP server: standard library only, safe to leave running on a laptop.

It binds the loopback address unless told to serve the local network; without that it
answers only requests addressed to the loopback address or localhost (a page elsewhere
cannot reach it by DNS rebinding). Bodies larger than `check`'s limit get 413 before they
are read, a request must arrive whole before one deadline, and only the packaged assets
are served.
"""

from __future__ import annotations

import io
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit, urlunsplit

from scorecheck.i18n import LANGUAGES, Domain, using
from scorecheck.load import load_file
from scorecheck.serve.answers import (
    MAX_BYTES,
    PAGE_FILE,
    Answer,
    error,
    failed,
    open_answer,
    post,
    start_answer,
    words_answer_in,
)

if TYPE_CHECKING:
    from typing_extensions import Buffer  # collections.abc has it from Python 3.12

LESSON = Domain("lesson")

TIMEOUT = 10.0  # seconds a client may take to send a request, all of it
METHODS = ("GET", "HEAD", "POST")  # every other method gets 405
LOOPBACK = "127.0.0.1"
ASSET_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
SECURITY = {
    # The page's own scripts and styles only; the explanation's pictures carry style
    # attributes, and nothing may frame the page or load from elsewhere.
    "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def packaged_assets() -> dict[str, tuple[bytes, str]]:
    """Every file of scorecheck/web by its URL path ('/' is the page), read once."""
    assets: dict[str, tuple[bytes, str]] = {}
    for item in files("scorecheck").joinpath("web").iterdir():
        suffix = "." + item.name.rpartition(".")[2]
        if item.is_file() and suffix in ASSET_TYPES:
            assets["/" + item.name] = (item.read_bytes(), ASSET_TYPES[suffix])
    assets["/"] = assets["/index.html"]
    return assets


class Page:
    """What the server serves: the assets, the language, the file opened with `serve FILE`."""

    def __init__(
        self, language: str, file: str | None = None, lan: bool = False, timeout: float = TIMEOUT
    ) -> None:
        self.language = language
        self.file = file
        self.lan = lan
        self.timeout = timeout
        self.assets = packaged_assets()

    def start(self, language: str) -> Answer:
        """GET /api/start: the language, and FILE as the page should open it (read, never
        written; read again at each start, so the page shows the file as it is now)."""
        with using(language):
            if self.file is None:
                return start_answer(language)
            return open_answer(self.file, list(load_file(self.file, MAX_BYTES)), language)


class DeadlineReader(io.RawIOBase):
    """A connection's bytes, every read of one request bounded by the same deadline: a client
    that sends a byte now and then cannot hold the connection longer than the timeout."""

    def __init__(self, connection: socket.socket, timeout: float) -> None:
        self.connection = connection
        self.timeout = timeout
        self.deadline = time.monotonic() + timeout

    def start(self) -> None:
        """A new request: the whole timeout again."""
        self.deadline = time.monotonic() + self.timeout

    def readable(self) -> bool:
        """Always: it is a reader."""
        return True

    def readinto(self, buffer: Buffer) -> int:
        """What one recv gives, waiting no later than the deadline (TimeoutError past it)."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took longer than its deadline")
        self.connection.settimeout(left)
        try:
            return self.connection.recv_into(buffer)
        finally:
            self.connection.settimeout(self.timeout)  # writing the answer has its own


def handler_class(page: Page) -> type[BaseHTTPRequestHandler]:
    """A request handler bound to a page."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "scorecheck"
        sys_version = ""
        protocol_version = "HTTP/1.1"  # keep-alive: a tap costs one request, not a connection
        timeout = page.timeout
        disable_nagle_algorithm = True  # headers and body go out at once, not a delayed ACK apart

        def setup(self) -> None:
            """The connection's reader and writer; the reader keeps the request's deadline."""
            super().setup()
            self.rfile.close()  # the socket's own reader, replaced by one with a deadline
            self.reader = DeadlineReader(self.connection, page.timeout)
            self.rfile = io.BufferedReader(self.reader)

        def handle_one_request(self) -> None:
            """One request, read before its deadline, and its answer."""
            self.reader.start()
            super().handle_one_request()

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the terminal shows the URL, not every tap."""

        def _send(self, answer: Answer, extra: dict[str, str] | None = None) -> None:
            self.send_response(answer.status)
            self.send_header("Content-Type", answer.content_type)
            self.send_header("Content-Length", str(len(answer.body)))
            for name, value in {**SECURITY, **(extra or {})}.items():
                self.send_header(name, value)
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(answer.body)

        def parse_request(self) -> bool:
            """The request line and headers, and what is refused before any route sees them:
            other methods (405), two Host headers (400), and without --lan any host but the
            loopback's (403), named by the Host header or by an absolute URL."""
            if not super().parse_request():
                return False
            target = urlsplit(self.path)
            hosts = self.headers.get_all("Host") or [""]
            if self.command not in METHODS:
                refusal = error(405, "method not allowed")
            elif len(hosts) > 1:
                with using(self._language(target.query)):
                    refusal = error(
                        400, LESSON.word("the request has more than one Host header: send one")
                    )
            elif not self._allowed_host(target.netloc if target.scheme else hosts[0]):
                refusal = error(403, "this server answers only requests to localhost")
            else:
                # An absolute URL (http://localhost:PORT/path) is served as its path.
                self.path = urlunsplit(("", "", target.path, target.query, ""))
                return True
            self.close_connection = True
            self._send(refusal, {"Allow": ", ".join(METHODS)} if refusal.status == 405 else None)
            return False

        def _allowed_host(self, host: str) -> bool:
            if page.lan:
                return True
            host = host.strip().lower()
            name = host.rpartition(":")[0] if host.rpartition(":")[2].isdigit() else host
            return name in ("127.0.0.1", "localhost", "[::1]")

        def _language(self, query: str) -> str:
            asked = parse_qs(query).get("lang", [""])[0]
            return asked if asked in LANGUAGES else page.language

        def do_GET(self) -> None:
            """Assets, the page's texts and the file it opens with."""
            url = urlsplit(self.path)
            if url.path == "/api/words":
                self._send(words_answer_in(self._language(url.query)))
            elif url.path == "/api/start":
                self._send(page.start(self._language(url.query)))
            elif url.path in page.assets:
                body, kind = page.assets[url.path]
                self._send(Answer(200, body, kind))
            else:
                self._send(error(404, "not found"))

        do_HEAD = do_GET

        def do_POST(self) -> None:
            """The API: a bounded JSON body in, an answer out."""
            url = urlsplit(self.path)
            length = self.headers.get("Content-Length")
            if self.headers.get("Transfer-Encoding") or length is None or not length.isdigit():
                self.close_connection = True
                self._send(error(411, "send the body with a Content-Length"))
                return
            if int(length) > MAX_BYTES:
                self.close_connection = True  # the body stays unread: the socket goes
                self._send(error(413, f"the body is over the limit of {MAX_BYTES} bytes"))
                return
            try:
                body = self.rfile.read(int(length))
            except TimeoutError:
                self.close_connection = True
                return
            if len(body) < int(length):
                self.close_connection = True
                return
            name = parse_qs(url.query).get("name", [""])[0][:100] or PAGE_FILE
            try:
                answer = post(url.path, body, self._language(url.query), name)
            except Exception as exc:  # a bug in scorecheck
                answer = failed(exc)
            self._send(answer)

    return Handler


class Server(ThreadingHTTPServer):
    """Threads per connection; they never keep the process alive."""

    daemon_threads = True
    # Connections the system holds until they are accepted: with Python's 5, a burst of
    # connections (a page opened on many devices, a script) was partly reset.
    request_queue_size = 1024

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that went away is no error of ours; anything else, one line."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError | TimeoutError):
            print(f"scorecheck serve: {type(error).__name__}: {error}", file=sys.stderr)


def lan_address() -> str:
    """This machine's address on the local network: the one a route outwards would use
    (a UDP socket only chooses it; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return LOOPBACK


def make_server(page: Page, host: str, port: int) -> Server:
    """A server for the page, bound but not yet serving (port 0: a free one)."""
    return Server((host, port), handler_class(page))


def serve(
    file: str | None, port: int, lan: bool, browser: bool, language: str, say: Callable[[str], None]
) -> None:
    """Serve the page until Ctrl-C: print its URL (and a QR code of it for the local
    network), open it in the browser if asked, then close cleanly."""
    host = lan_address() if lan else LOOPBACK
    server = make_server(Page(language, file, lan), host, port)
    url = f"http://{host}:{server.server_address[1]}/"
    say(LESSON.say("The page is at {url} (Ctrl-C stops the server)", url=url))
    if lan:
        say(qr_text(url))
    if browser:
        import webbrowser  # --open only

        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops it as cleanly as Ctrl-C
        # A process started in the background by a shell inherits SIGINT ignored; Ctrl-C
        # (and the test that sends it) must stop the server all the same.
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        say(LESSON.word("Stopped."))
    finally:
        server.server_close()


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def qr_text(url: str) -> str:
    """A QR code of the URL in terminal characters, for a phone's camera."""
    import segno  # only when a QR code is asked for

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
