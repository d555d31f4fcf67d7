"""The page's HTTP server: standard library only, safe to leave running on a laptop.

It binds the loopback address unless told to serve the local network; without that it
answers only requests addressed to the loopback address or localhost (a page elsewhere
cannot reach it by DNS rebinding). Bodies larger than `check`'s limit get 413 before they
are read, slow clients time out, and only the packaged assets are served.
"""

from __future__ import annotations

import io
import signal
import socket
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from urllib.parse import parse_qs, urlsplit

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

LESSON = Domain("lesson")

TIMEOUT = 10.0  # seconds a client may take to send a request
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
    found: dict[str, tuple[bytes, str]] = {}
    for item in files("scorecheck").joinpath("web").iterdir():
        suffix = "." + item.name.rpartition(".")[2]
        if item.is_file() and suffix in ASSET_TYPES:
            found["/" + item.name] = (item.read_bytes(), ASSET_TYPES[suffix])
    found["/"] = found["/index.html"]
    return found


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


def handler_class(page: Page) -> type[BaseHTTPRequestHandler]:
    """A request handler bound to a page."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "scorecheck"
        sys_version = ""
        protocol_version = "HTTP/1.1"  # keep-alive: a tap costs one request, not a connection
        timeout = page.timeout
        disable_nagle_algorithm = True  # headers and body go out at once, not 40 ms apart

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

        def _allowed_host(self) -> bool:
            if page.lan:
                return True
            host = (self.headers.get("Host") or "").strip().lower()
            name = host.rpartition(":")[0] if host.rpartition(":")[2].isdigit() else host
            return name in ("127.0.0.1", "localhost", "[::1]")

        def _language(self, query: str) -> str:
            asked = parse_qs(query).get("lang", [""])[0]
            return asked if asked in LANGUAGES else page.language

        def _refused(self) -> bool:
            if self._allowed_host():
                return False
            self.close_connection = True
            self._send(error(403, "this server answers only requests to localhost"))
            return True

        def do_GET(self) -> None:
            """Assets, the page's texts and the file it opens with."""
            if self._refused():
                return
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
            if self._refused():
                return
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

        def _not_allowed(self) -> None:
            self.close_connection = True
            self._send(error(405, "method not allowed"), {"Allow": "GET, HEAD, POST"})

        do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed

    return Handler


class Server(ThreadingHTTPServer):
    """Threads per connection; they never keep the process alive."""

    daemon_threads = True

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
        import webbrowser  # --open only: 13 ms

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
