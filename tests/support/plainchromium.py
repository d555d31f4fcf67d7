"""Debian's Chromium run as a person runs it, with DevTools attached to its page only.

Playwright attaches DevTools to every target, service workers too, and with DevTools on a
service worker Chromium asks the host for sw.js at every visit, whatever its cache headers
say. To count what a later visit asks of the host, tests/web/test_site.py runs the browser
itself on a profile folder and talks to the page alone over the DevTools websocket (a
small client here: the standard library has none).
"""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import struct
import subprocess
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.support.browser import ARGS, CHROMIUM

# The browser's own services off (accounts, hints, updates, the clock), as Playwright turns
# them off.
QUIET_FEATURES = (
    "OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch,MediaRouter"
)
QUIET = [
    *(a for a in ARGS if not a.startswith("--disable-features=")),
    *(f"{a},{QUIET_FEATURES}" for a in ARGS if a.startswith("--disable-features=")),
    "--enable-features=SkipListAccountsWithoutGaiaCookies",
    "--disable-field-trial-config",
    "--disable-component-extensions-with-background-pages",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-default-browser-check",
    "--metrics-recording-only",
    "--password-store=basic",
    "--no-service-autorun",
    # Its own services call Google even so (accounts, component updates): no name but
    # 127.0.0.1 resolves, so that nothing leaves the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LISTENING = re.compile(r"DevTools listening on ws://[^:]+:(\d+)/")


class PageSession:
    """DevTools over a websocket to one page: a command sent, its reply read."""

    def __init__(self, address: str) -> None:
        parts = urlsplit(address)
        self.socket = socket.create_connection((parts.hostname, parts.port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall(
            f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        self.unread = b""
        while b"\r\n\r\n" not in self.unread:
            self.unread += self.socket.recv(4096)
        head, _, self.unread = self.unread.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))
        self.sent = 0

    def send(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """The result of one DevTools command (events before it are left unread)."""
        self.sent += 1
        data = json.dumps({"id": self.sent, "method": method, "params": params or {}}).encode()
        mask = os.urandom(4)
        length = (
            bytes([0x80 | len(data)])
            if len(data) < 126
            else bytes([0x80 | 126]) + struct.pack(">H", len(data))
        )
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.socket.sendall(b"\x81" + length + mask + masked)
        message = b""
        while True:
            final, payload = self._frame()
            message += payload
            if final:
                reply = json.loads(message)
                message = b""
                if reply.get("id") == self.sent:
                    if "error" in reply:
                        raise RuntimeError(reply["error"])
                    return reply["result"]

    def evaluate(self, expression: str) -> Any:
        """What a JavaScript expression gives in the page (a promise's value, once settled)."""
        params = {"expression": expression, "returnByValue": True, "awaitPromise": True}
        return self.send("Runtime.evaluate", params)["result"].get("value")

    def _frame(self) -> tuple[bool, bytes]:
        first, second = self._read(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack(">H", self._read(2))[0]
        elif size == 127:
            size = struct.unpack(">Q", self._read(8))[0]
        return bool(first & 0x80), self._read(size)

    def open(self, url: str) -> None:
        """Navigate the page to url, as a person opening it."""
        self.send("Page.navigate", {"url": url})

    def _read(self, count: int) -> bytes:
        while len(self.unread) < count:
            chunk = self.socket.recv(1 << 16)
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.unread += chunk
        taken, self.unread = self.unread[:count], self.unread[count:]
        return taken


@contextmanager
def plain_chromium(profile: Path) -> Iterator[PageSession]:
    """Chromium on the profile folder, headless, for a with-block: its blank page."""
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", f"--user-data-dir={profile}", "--remote-debugging-port=0"]
    browser = subprocess.Popen(
        [*command, *QUIET, "about:blank"], stderr=subprocess.PIPE, text=True, errors="replace"
    )
    try:
        assert browser.stderr is not None
        port = next(m.group(1) for line in browser.stderr if (m := LISTENING.search(line)))
        # The rest of what it logs is read and dropped, so that it never waits on a full pipe.
        threading.Thread(target=browser.stderr.read, daemon=True).start()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30) as listed:
            page = next(t for t in json.load(listed) if t["type"] == "page")
        session = PageSession(page["webSocketDebuggerUrl"])
        yield session
        session.socket.close()
    finally:
        browser.terminate()
        browser.wait(timeout=30)


def wait_for(page: PageSession, expression: str, timeout: float) -> None:
    """Poll the page until the expression is true."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(expression):
                return
        except RuntimeError:  # the page is between documents
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(0.1)
