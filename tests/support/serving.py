"""The page's server in a thread of the test process, on a free loopback port."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from scorecheck.serve.server import Page, make_server


@contextmanager
def served(page: Page) -> Iterator[tuple[str, int]]:
    """The server of `page` on 127.0.0.1 for the duration of a with-block; yields its address."""
    server = make_server(page, "127.0.0.1", 0)
    # shutdown() waits for the loop to look again: at the default half second, each server
    # a test started cost it half a second of waiting for nothing.
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield "127.0.0.1", server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def page_server(language: str = "en", file: str | None = None) -> Iterator[str]:
    """The page served for the duration of a with-block; yields its URL."""
    with served(Page(language, file)) as (host, port):
        yield f"http://{host}:{port}/"


@contextmanager
def serve_process(*args: str, stop: signal.Signals = signal.SIGINT) -> Iterator[tuple[str, int]]:
    """A real `scorecheck serve` process on a free loopback port for the duration of a
    with-block; yields its address, stops it with `stop` (Ctrl-C by default) at the end, and
    fails unless its first line names Ctrl-C and it stops cleanly, saying so, without a
    traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorecheck.cli", "serve", "--no-browser", "--lang", "en", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None and process.stderr is not None
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line and "Ctrl-C" in line, line + process.stderr.read()
        yield "127.0.0.1", int(line.split("http://127.0.0.1:")[1].split("/")[0])
        process.send_signal(stop)
        out, err = process.communicate(timeout=10)
        assert process.returncode == 0 and "Traceback" not in err, err
        assert "Stopped." in out, out
    finally:
        process.kill()
        process.wait()
