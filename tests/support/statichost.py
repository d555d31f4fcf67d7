"""A static host and a refusing proxy on 127.0.0.1, each remembering what it was asked.

For the static site of `scorecheck site` (tests/test_site.py, benchmarks/bench_site.py): the
host serves the folder as `python -m http.server` does; the proxy takes every request the
browser would send anywhere else, refuses it and remembers it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import partial
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class Recorded:
    """Requests a server was asked, as (method, path)."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def add(self, method: str, path: str) -> None:
        with self.lock:
            self.requests.append((method, path))

    def taken(self) -> list[tuple[str, str]]:
        with self.lock:
            taken, self.requests = self.requests, []
        return taken


@contextmanager
def serving(handler: Callable[..., BaseHTTPRequestHandler]) -> Iterator[int]:
    """A server of the handler on a free port of 127.0.0.1 for a with-block; yields the port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def static_files(
    folder: Path, recorded: Recorded, cache_control: Mapping[str, str] | None = None
) -> Callable[..., BaseHTTPRequestHandler]:
    """A static host of the folder, as `python -m http.server` serves it, that remembers; it
    sends a Cache-Control header for the paths cache_control names (as "/sw.js")."""
    headers = dict(cache_control or {})

    class Handler(SimpleHTTPRequestHandler):
        def end_headers(self) -> None:
            if self.path.split("?")[0] in headers:
                self.send_header("Cache-Control", headers[self.path.split("?")[0]])
            super().end_headers()

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            recorded.add(self.command, self.path)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return partial(Handler, directory=str(folder))


def refusing_proxy(recorded: Recorded) -> Callable[..., BaseHTTPRequestHandler]:
    """A proxy that forwards nothing: what comes to it would have gone elsewhere."""

    class Handler(BaseHTTPRequestHandler):
        def refuse(self) -> None:
            recorded.add(self.command, self.path)
            self.send_error(403)

        do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_OPTIONS = do_CONNECT = refuse

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler
