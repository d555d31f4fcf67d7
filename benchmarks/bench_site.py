"""The static site of `scorecheck site` in Debian's Chromium: what a phone downloads and waits for.

Builds the site (Pyodide and the wheels from the cache of `scorecheck site`), serves it on
127.0.0.1 as a static host does (python's http.server, in this process), and measures, each
run in a browser context of its own (an empty HTTP cache, no service worker):

- the first visit's requests and bytes, and the same files gzipped (level 6, what static
  hosts send compressed), then the requests of a visit after it;
- time to ready, from the navigation to the page's first scorecard (Python has answered):
  cold (a first visit), and cached (a new page once the service worker holds the site), each
  also with the CPU slowed 4x by Chromium's CDP (Emulation.setCPUThrottlingRate), which
  slows the page's main thread only: Chromium refuses it for the Web Worker where Python
  runs, so these figures hold the page's own work and messages 4x slower, not Python's;
- a check after ready: api.view of the disputed round from the page, 20 times; and the first
  check that imports pydantic (a document the fast path leaves: a score below 0), the first
  call of a fresh page, with and without the 4x.

    python benchmarks/bench_site.py [runs]
"""

from __future__ import annotations

import gzip
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from common import EXAMPLES, ROOT, machine, spread

sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright

from scorecheck.load import load_bytes
from scorecheck.report.yamlfmt import document_data
from scorecheck.site.build import build_site
from scorecheck.site.fetch import default_cache
from tests.support.browser import launch
from tests.support.statichost import Recorded, serving, static_files

READY_MS = 180_000
SLOWER = 4
LEAVES_THE_FAST_PATH = {"kind": "round", "players": [{"name": "Anna", "score": -4}]}

# One call of the page's api.js, timed in the page: the worker's round trip and the Python.
VIEW = """async (doc) => {
  const api = await import("./api.js");
  const start = performance.now();
  const answer = await api.view("en", doc);
  return [performance.now() - start, answer.status];
}"""


@contextmanager
def slowed(page: Any, rate: int) -> Iterator[None]:
    """The page's CPU slowed `rate` times by CDP. Chromium slows only a page's main thread
    this way: a worker answers 'Operation is only supported for pages, not workers'."""
    if rate == 1:
        yield
        return
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    yield


def time_to_ready(page: Any, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#verdict .scorecard", timeout=READY_MS)
    return time.perf_counter() - start


def first_visit(browser: Any, url: str, host: Recorded, rate: int) -> dict[str, Any]:
    """Ready cold, then ready again on a new page once the service worker holds the site, and
    the requests of each visit; the second page is left open for more."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    host.taken()
    with slowed(page, rate):
        cold = time_to_ready(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    page.close()
    first = host.taken()
    again = context.new_page()
    with slowed(again, rate):
        cached = time_to_ready(again, url)
    return {"cold": cold, "cached": cached, "page": again, "first": first, "after": host.taken()}


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(machine())
    disputed = document_data(
        next(iter(load_bytes("d.yaml", (EXAMPLES / "disputed-round.yaml").read_bytes())))  # type: ignore[arg-type]
    )
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "public"
        built = build_site(folder, cache=default_cache())
        print(f"site: {built.files} files, {built.size:,} bytes, {built.gzipped:,} gzipped")
        host = Recorded()
        with serving(static_files(folder, host)) as port, sync_playwright() as playwright:
            url = f"http://127.0.0.1:{port}/"
            browser = launch(playwright)
            figures: dict[str, list[float]] = {}
            visits: list[dict[str, Any]] = []
            for _ in range(runs):
                for rate in (1, SLOWER):
                    label = "" if rate == 1 else f", CPU {rate}x slower"
                    visit = first_visit(browser, url, host, rate)
                    page = visit["page"]
                    if rate == 1:
                        visits.append(visit)
                    figures.setdefault(f"ready, cold{label}", []).append(visit["cold"])
                    figures.setdefault(f"ready, cached{label}", []).append(visit["cached"])
                    first, status = page.evaluate(VIEW, LEAVES_THE_FAST_PATH)
                    assert status == 200
                    figures.setdefault(f"first check importing pydantic{label}", []).append(
                        first / 1000
                    )
                    if rate == 1:
                        warm = [page.evaluate(VIEW, disputed)[0] for _ in range(20)]
                        figures.setdefault("a check after ready", []).extend(w / 1000 for w in warm)
                    page.context.close()
            browser.close()
        first_paths = [path for _, path in visits[0]["first"]]
        files = [folder / (path.lstrip("/").split("?")[0] or "index.html") for path in first_paths]
        raw = [path.read_bytes() for path in files]
        print(
            f"first visit: {len(first_paths)} requests ({len(set(first_paths))} files), "
            f"{sum(map(len, raw)):,} bytes, {sum(len(gzip.compress(b, 6)) for b in raw):,} gzipped"
        )
        after = [[path for _, path in visit["after"]] for visit in visits]
        print(f"a visit after it, requests of each run: {json.dumps(after)}")
        for name, values in figures.items():
            unit, scale = (" ms", 1000.0) if "check" in name else (" s", 1.0)
            print(f"{name}: {spread(values, unit, scale)}")


if __name__ == "__main__":
    main()
