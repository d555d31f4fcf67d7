"""The static site of `scorecheck site` in Debian's Chromium: what a phone downloads and waits for.

Builds the site (Pyodide and the wheels from the cache of `scorecheck site`), serves it on
127.0.0.1 as a static host does (python's http.server, in this process), and measures, each
run in a browser context of its own (an empty HTTP cache, no service worker):

- the first visit's requests and bytes, and the same files gzipped (level 6, what static
  hosts send compressed);
- the requests of later visits, in Chromium run as a person runs it (a new start of the
  browser each visit, DevTools on the page only: tests/support/plainchromium.py), from a
  host that sends sw.js with the Cache-Control docs/site.md recommends and from one that
  sends none (python's http.server);
- time to ready, from the navigation to the page's first scorecard (Python has answered):
  cold (a first visit), and cached (a new page once the service worker holds the site);
- a check after ready: api.view of the disputed round from the page, 20 times; and the first
  check that imports pydantic (a document the fast path leaves: a score below 0), sent at
  once after ready (what it cost before the worker imported pydantic by itself) and 5 s
  after ready on a fresh page (a person's first check, once the worker has);
- the same times with the CPU slowed 4x, as a stand-in for a phone: CDP's
  Emulation.setCPUThrottlingRate slows only a page's main thread (Chromium refuses it for the
  Web Worker where Python runs: "Operation is only supported for pages, not workers"), so
  Chromium runs in a cgroup of its own whose CPU quota is a quarter of one core (25 ms in
  each 100 ms) for all its processes together. This needs root and the cgroup cpu
  controller (v1 or v2); without them the slowed rows are left out, and it says so. A loop
  timed in the worker gives the slowdown it reached.

    python benchmarks/bench_site.py [runs [REVISION]]  # with REVISION, its later visits too
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
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

from scorecheck.site.build import build_site
from scorecheck.site.fetch import default_cache
from tests.support.browser import ARGS, CHROMIUM, launch
from tests.support.examples import page_data
from tests.support.plainchromium import plain_chromium, wait_for
from tests.support.statichost import Recorded, serving, static_files

READY_MS = 600_000
SLOWER = 4
SW_CACHE = {"/sw.js": "max-age=86400"}  # what docs/site.md recommends
LATER_VISITS = 3
AFTER_READY_S = 5
# A loop in the worker, timed there: how much slower the slowed browser runs Python's thread.
LOOP = """() => {
  const start = performance.now();
  let x = 0;
  for (let i = 0; i < 2e7; i++) x += Math.sqrt(i);
  return performance.now() - start;
}"""
LEAVES_THE_FAST_PATH = {"kind": "round", "players": [{"name": "Anna", "score": -4}]}

# One call of the page's api.js, timed in the page: the worker's round trip and the Python.
VIEW = """async (doc) => {
  const api = await import("./api.js");
  const start = performance.now();
  const answer = await api.view("en", doc);
  return [performance.now() - start, answer.status];
}"""


def cpu_quota(folder: str, quota_us: int, period_us: int) -> Path | None:
    """A new cgroup with that CPU quota, or None where this machine does not allow one."""
    for root, files in (
        (Path("/sys/fs/cgroup/cpu"), ("cpu.cfs_quota_us", "cpu.cfs_period_us")),
        (Path("/sys/fs/cgroup"), ("cpu.max",)),
    ):
        group = root / folder
        try:
            group.mkdir()
        except OSError:
            continue
        try:
            if len(files) == 2:
                (group / files[1]).write_text(str(period_us))
                (group / files[0]).write_text(str(quota_us))
            else:
                (group / files[0]).write_text(f"{quota_us} {period_us}")
            return group
        except OSError:
            group.rmdir()
    return None


@contextmanager
def slowed_chromium(rate: int) -> Iterator[str | None]:
    """A Chromium launcher whose processes share 1/rate of one core, or None if not allowed."""
    group = cpu_quota(f"scorecheck-bench-{os.getpid()}", 100_000 // rate, 100_000)
    if group is None:
        yield None
        return
    with tempfile.TemporaryDirectory() as temporary:
        launcher = Path(temporary) / "chromium"
        launcher.write_text(f'#!/bin/sh\necho $$ > {group}/cgroup.procs\nexec {CHROMIUM} "$@"\n')
        launcher.chmod(0o755)
        try:
            yield str(launcher)
        finally:
            for _ in range(50):  # the browser's processes leave the group as they end
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)


def time_to_ready(page: Any, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#verdict .scorecard", timeout=READY_MS)
    return time.perf_counter() - start


def first_visit(browser: Any, url: str, host: Recorded) -> dict[str, Any]:
    """Ready cold, then ready again on a new page once the service worker holds the site;
    the first pydantic check at once after that, and on a third page 5 s after ready."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    host.taken()
    cold = time_to_ready(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS)
    page.close()
    first = host.taken()
    again = context.new_page()
    cached = time_to_ready(again, url)
    at_once, status = again.evaluate(VIEW, LEAVES_THE_FAST_PATH)
    assert status == 200
    warm = [again.evaluate(VIEW, DISPUTED)[0] for _ in range(20)]
    loop = again.workers[0].evaluate(LOOP)
    again.close()
    third = context.new_page()
    time_to_ready(third, url)
    time.sleep(AFTER_READY_S)
    later, status = third.evaluate(VIEW, LEAVES_THE_FAST_PATH)
    assert status == 200
    context.close()
    return {
        "cold": cold,
        "cached": cached,
        "first": first,
        "at once": at_once,
        "later": later,
        "warm": warm,
        "loop": loop,
    }


def later_visits(folder: Path, cache_control: dict[str, str]) -> list[list[str]]:
    """The requests of each later visit in a plain Chromium, after a first visit."""
    host = Recorded()
    with serving(static_files(folder, host, cache_control)) as port:
        url = f"http://127.0.0.1:{port}/"
        with tempfile.TemporaryDirectory() as profile:
            with plain_chromium(Path(profile)) as page:
                page.open(url)
                wait_for(page, "document.querySelector('.site-note') !== null", READY_MS / 1000)
            host.taken()
            visits = []
            for _ in range(LATER_VISITS):
                with plain_chromium(Path(profile)) as page:
                    page.open(url)
                    wait_for(page, "document.querySelector('#verdict .scorecard') !== null", 120)
                    time.sleep(3)  # the browser's own check for a new sw.js comes by then
                visits.append([path for _, path in host.taken()])
    return visits


def site_at(revision: str, folder: Path) -> None:
    """The site as `scorecheck site` built it at a revision (its package, the same cache)."""
    with tempfile.TemporaryDirectory() as temporary:
        archive = subprocess.run(
            ["git", "archive", revision, "scorecheck"], cwd=ROOT, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", temporary], input=archive, check=True)
        build = f"from scorecheck.site.build import build_site; build_site({str(folder)!r})"
        subprocess.run([sys.executable, "-c", build], cwd=temporary, check=True)


DISPUTED = page_data(EXAMPLES / "disputed-round.yaml")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(machine())
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "public"
        built = build_site(folder, cache=default_cache())
        print(f"site: {built.files} files, {built.size:,} bytes, {built.gzipped:,} gzipped")
        if len(sys.argv) > 2:
            before = Path(temporary) / "before"
            site_at(sys.argv[2], before)
            for name, headers in (
                ("Cache-Control: max-age=86400 on sw.js", SW_CACHE),
                ("no Cache-Control", {}),
            ):
                requests = json.dumps(later_visits(before, headers))
                print(f"at {sys.argv[2]}: later visits, host sending {name}: {requests}")
        for name, headers in (
            ("Cache-Control: max-age=86400 on sw.js", SW_CACHE),
            ("no Cache-Control", {}),
        ):
            print(f"later visits, host sending {name}: {json.dumps(later_visits(folder, headers))}")
        host = Recorded()
        figures: dict[str, list[float]] = {}
        visits: list[dict[str, Any]] = []
        with (
            serving(static_files(folder, host)) as port,
            sync_playwright() as playwright,
            slowed_chromium(SLOWER) as launcher,
        ):
            url = f"http://127.0.0.1:{port}/"
            browsers = {1: launch(playwright)}
            if launcher is None:
                print(f"no cgroup CPU quota here (root and the cpu controller): no {SLOWER}x rows")
            else:
                browsers[SLOWER] = playwright.chromium.launch(executable_path=launcher, args=ARGS)
            for _ in range(runs):
                for rate, browser in browsers.items():
                    label = "" if rate == 1 else f", CPU {rate}x slower"
                    visit = first_visit(browser, url, host)
                    if rate == 1:
                        visits.append(visit)
                    for key, name in (
                        ("cold", "ready, cold"),
                        ("cached", "ready, cached"),
                        ("at once", "first check importing pydantic, at once after ready"),
                        (
                            "later",
                            f"first check leaving the fast path, {AFTER_READY_S} s after ready",
                        ),
                        ("loop", "a loop in the worker"),
                    ):
                        scale = 1000.0 if key in ("at once", "later", "loop") else 1.0
                        figures.setdefault(name + label, []).append(visit[key] / scale)
                    figures.setdefault("a check after ready" + label, []).extend(
                        w / 1000 for w in visit["warm"]
                    )
            for browser in browsers.values():
                browser.close()
        first_paths = [path for _, path in visits[0]["first"]]
        files = [folder / (path.lstrip("/").split("?")[0] or "index.html") for path in first_paths]
        raw = [path.read_bytes() for path in files]
        print(
            f"first visit: {len(first_paths)} requests ({len(set(first_paths))} files), "
            f"{sum(map(len, raw)):,} bytes, {sum(len(gzip.compress(b, 6)) for b in raw):,} gzipped"
        )
        for name, values in figures.items():
            unit, scale = (" ms", 1000.0) if "check" in name or "loop" in name else (" s", 1.0)
            print(f"{name}: {spread(values, unit, scale)}")


if __name__ == "__main__":
    main()
