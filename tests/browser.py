"""Debian's Chromium driven by Playwright, and a page server on a free loopback port.

Shared by the page's tests and benchmarks/bench_tap.py. Playwright cannot download browsers
here: it launches the system's Chromium with the arguments that work in this sandbox.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from scorecheck.serve.server import Page, make_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def page_server(language: str = "en", file: str | None = None) -> Iterator[str]:
    """The page served on 127.0.0.1 for the duration of a with-block; yields its URL."""
    server = make_server(Page(language, file), "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def launch(playwright: Any) -> Any:
    """Headless Chromium from the system."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
