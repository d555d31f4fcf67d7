"""`scorecheck site`: the static site, built, served on 127.0.0.1 and used in Chromium.

The page runs scorecheck's own Python under Pyodide there; what it shows for every example is
compared word for word with what `scorecheck check` prints, in each language, then again with
the server stopped and the browser offline. Every request the browser makes to any address but
127.0.0.1 goes to a proxy that refuses it and remembers it: there must be none. The first build
fetches Pyodide and the wheels into the cache (~/.cache/scorecheck/site); later ones read it.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from playwright.sync_api import expect

from scorecheck.cli import main
from scorecheck.site import build
from scorecheck.site.build import SiteError, build_site, progress_bar
from scorecheck.site.fetch import default_cache
from scorecheck.site.wheels import scorecheck_wheel
from tests.support.browser import ARGS, CHROMIUM, CHROMIUMS_OWN, needs_chromium
from tests.support.examples import ROOT, example_files
from tests.support.plainchromium import plain_chromium, wait_for
from tests.support.statichost import Recorded, refusing_proxy, serving, static_files

SITE_TIMEOUT = 300_000  # ms: Pyodide's cold start on two cores busy with the rest of the suite
LANGUAGES = {"en": "English", "ru": "Русский", "ja": "日本語"}
OPEN = {"en": "Open a file", "ru": "Открыть файл", "ja": "ファイルを開く"}
TRAILING_COMMA = ROOT / "tests" / "bad" / "trailing-comma.json"
LAN_NAME = "scorecheck-lan.test"
SW_CACHE = {"/sw.js": "max-age=86400"}  # the header docs/site.md recommends for sw.js
READY = "document.querySelector('#languages button') !== null"
# The page's script waits, once, until a new build has taken over: as on a slow phone, where
# the browser installs it before the page's scripts run.
HOLD_SCRIPTS_ONCE = """if (self === top && !sessionStorage.getItem("held")) {
  sessionStorage.setItem("held", "1");
  // The new build may take over before the script is parsed: listen from the start.
  let tookOver = false;
  let held = null;
  const run = () => {
    const again = document.createElement("script");
    again.type = "module";
    again.src = held.src;
    document.head.append(again);
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    tookOver = true;
    if (held) run();
  });
  const watch = new MutationObserver(() => {
    const script = document.querySelector('script[type="module"]');
    if (!script) return;
    watch.disconnect();
    script.type = "text/held";
    held = script;
    if (tookOver) run();
  });
  watch.observe(document, { childList: true, subtree: true });
}"""
PROBLEM = re.compile(r"^\S+:\d+:\d+: \S+ SC\d+ (?P<message>.*?)(?: [\[［].+[\]］])?$")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the module (fetching only what the cache lacks)."""
    folder = tmp_path_factory.mktemp("site") / "public"
    build_site(folder, cache=default_cache())
    return folder


# The folder and the files: no browser needed.


def test_a_folder_that_holds_anything_is_refused_without_force(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["site", str(tmp_path), "--cache", str(tmp_path / "c")])
    assert result.exit_code == 2
    assert f"{tmp_path} is not empty; use --force to write over it" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # not even the cache


def test_a_second_build_asks_no_registry_and_writes_only_inside_its_folder(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("a registry was asked")

    monkeypatch.setattr(subprocess, "run", no_network)
    monkeypatch.setattr(urllib.request, "urlopen", no_network)
    beside = tmp_path / "beside.txt"
    beside.write_text("left alone")
    before = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*")}
    built = build_site(tmp_path / "out", cache=default_cache())
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*") if "out" not in p.parts} == before
    written = {p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*")}
    files = {p for p in written if (tmp_path / "out" / p).is_file()}
    assert files == set(json.loads((site / "site.json").read_text())["files"])
    assert built.files == len(files) and built.gzipped < built.size
    # The same files give the same bytes: a phone fetches only what a new build changed.
    for name in files:
        assert (tmp_path / "out" / name).read_bytes() == (site / name).read_bytes(), name


def test_a_link_out_of_the_folder_is_never_written_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    folder = tmp_path / "public"
    folder.mkdir()
    (folder / "wheels").symlink_to(outside, target_is_directory=True)
    with pytest.raises(SiteError, match="is a link: the site is written only inside"):
        build_site(folder, force=True, cache=default_cache())
    assert list(outside.iterdir()) == []


def test_force_replaces_the_files_of_an_earlier_build_and_keeps_the_rest(
    site: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "public"
    build_site(folder, cache=default_cache())
    listed = json.loads((folder / "site.json").read_text())
    (folder / "wheels" / "old-0.1-py3-none-any.whl").write_bytes(b"an earlier build's")
    listed["files"].append("wheels/old-0.1-py3-none-any.whl")
    (folder / "site.json").write_text(json.dumps(listed))
    (folder / "notes.txt").write_text("mine")
    (folder / "index.html").write_text("changed")
    build_site(folder, force=True, cache=default_cache())
    assert not (folder / "wheels" / "old-0.1-py3-none-any.whl").exists()
    assert (folder / "notes.txt").read_text() == "mine"
    assert (folder / "index.html").read_bytes() == (site / "index.html").read_bytes()


def test_the_site_holds_what_a_phone_needs(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        png = (site / icon["src"]).read_bytes()
        size = int(icon["sizes"].partition("x")[0])
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[16:24] == size.to_bytes(4) * 2
    index = (site / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in index
    assert '="/' not in index  # every path relative: the folder may be served anywhere
    lock = json.loads((site / "wheels" / "lock.json").read_text())["packages"]
    assert lock["scorecheck"]["depends"] == ["pydantic", "pyyaml"]
    assert "pydantic-core" in lock["pydantic"]["depends"]
    for package in lock.values():
        assert (site / "wheels" / package["file_name"]).exists()
    sw = (site / "sw.js").read_text()
    listed = json.loads(re.search(r"const SITE = (\{.*\});", sw).group(1))  # type: ignore[union-attr]
    assert set(listed["files"]) == set(json.loads((site / "site.json").read_text())["files"]) - {
        "sw.js"
    }


def test_the_scorecheck_wheel_is_the_package_without_the_page() -> None:
    name, data = scorecheck_wheel()
    assert name == "scorecheck-0.1.0-py3-none-any.whl" and scorecheck_wheel()[1] == data
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    package = ROOT / "scorecheck"
    modules = {p.relative_to(ROOT).as_posix() for p in package.rglob("*.py")}
    assert modules <= set(names)
    assert "scorecheck/locale/ja/LC_MESSAGES/lesson.po" in names
    assert not [n for n in names if n.startswith("scorecheck/web/") or "__pycache__" in n]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_says_how_much_has_come() -> None:
    out = Terminal()
    show = progress_bar(out, width=10)
    for done in (0, 2_500_000, 5_000_000):
        show(done, 5_000_000)
    assert out.getvalue().split("\r")[1:] == [
        "[..........] 0.0 of 5.0 MB",
        "[#####.....] 2.5 of 5.0 MB",
        "[##########] 5.0 of 5.0 MB\n",
    ]


def test_off_a_terminal_the_progress_is_a_few_plain_lines() -> None:
    out = io.StringIO()
    show = progress_bar(out, width=10)
    for done in range(0, 8_000_001, 100_000):
        show(done, 8_000_000)
    assert out.getvalue().splitlines() == [f"{mb:.1f} of 8.0 MB" for mb in (0, 2, 4, 6, 8)]
    unknown = io.StringIO()
    show = progress_bar(unknown)
    for done in range(0, 12_000_001, 1_000_000):
        show(done, None)
    assert unknown.getvalue().splitlines() == ["0.0 MB", "5.0 MB", "10.0 MB"]


def test_prepare_imports_what_a_document_off_the_fast_path_needs_and_only_it() -> None:
    # In a fresh interpreter, as the site's worker starts: answering the page's first calls
    # leaves pydantic out; prepare, which the worker calls once the page is quiet, takes it in.
    probe = (
        "import sys\n"
        "from scorecheck.serve.inbrowser import answer, prepare\n"
        "answer('GET', '/api/start', 'en', 'en', '', '')\n"
        "print('pydantic' in sys.modules, 'scorecheck.load.models' in sys.modules)\n"
        "prepare()\n"
        "print('pydantic' in sys.modules, 'scorecheck.load.models' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.splitlines() == ["False False", "True True"]


# The site in Chromium.


def cli_lines(path: Path, language: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What `scorecheck check FILE` prints, run beside the file (the page names it so)."""
    monkeypatch.chdir(path.parent)
    result = CliRunner().invoke(main, ["check", "--lang", language, "--jobs", "1", path.name])
    assert result.exit_code in (0, 1, 2), result.output
    return words(unwrapped(result.output, language))


def unwrapped(text: str, language: str) -> str:
    """check's sentences as one line each, as the page shows them: check wraps a sentence at
    80 columns, its next lines indented two more (a table's rows are not wrapped)."""
    out: list[str] = []
    for line in text.splitlines():
        if out and line.startswith("    ") and not line.startswith("     "):
            before = out[-1]
            if before.startswith("  ") and not before.startswith("   ") and len(before) > 40:
                ascii_pair = before[-1:].isascii() and line.strip()[:1].isascii()
                glue = " " if language != "ja" or ascii_pair else ""
                out[-1] = before.rstrip() + glue + line.strip()
                continue
        out.append(line)
    return "\n".join(out)


def shown(page: Any, selector: str) -> list[str]:
    return words(page.locator(selector).inner_text() if page.locator(selector).count() else "")


# The scorecard of the text report and of the page, up to the page's round-by-round sheet of a
# game record (the HTML report's own table: each round's total, where the text gives its sums).
SCORECARD = """() => {
  const lines = [];
  for (const part of document.querySelectorAll("#verdict .scorecard > *")) {
    if (part.matches("h2.sheet")) break;
    if (part.matches("ul.reasons")) continue;  // the page's reasons: compared with the problems
    lines.push(part.innerText);
  }
  return lines.join("\\n");
}"""


def scorecard(page: Any) -> list[str]:
    return words(page.evaluate(SCORECARD))


def words(text: str) -> list[str]:
    """Lines as words: spaces and tabs as one space, without the word joiners (U+2060) that
    keep Japanese counts on one line in HTML."""
    return [
        " ".join(line.split()) for line in text.replace("\u2060", "").splitlines() if line.strip()
    ]


def within(part: list[str], whole: list[str]) -> bool:
    """part is a run of whole's lines, in order."""
    return any(whole[i : i + len(part)] == part for i in range(len(whole) - len(part) + 1))


def open_file(page: Any, language: str, path: Path) -> None:
    """Open a file through the page's Open button and wait for its check to be shown."""
    before = page.evaluate("document.body.dataset.checked ?? ''")
    page.wait_for_timeout(350)  # a tap on the spot of the last one within 300 ms is a slip
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=OPEN[language], exact=True).click()
    chooser.value.set_files(str(path))
    page.wait_for_function(
        "([name, before]) => {"
        " const status = document.getElementById('status').innerText;"
        " return status.includes(name)"  # opened and checked, or refused with its lines
        " && ((document.body.dataset.checked ?? '') !== before || status.includes('\\n')); }",
        arg=[path.name, before],
    )


def assert_shows_what_check_prints(page: Any, language: str, path: Path, cli: list[str]) -> None:
    """Wait for the page to show what check prints, then hold it: each shown part in turn
    (the page draws the answer to the latest change, which may come after the open)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            return compare(page, language, path, cli)
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def compare(page: Any, language: str, path: Path, cli: list[str]) -> None:
    """The verdict and scorecard, a run of check's lines word for word; each problem, check's
    message; a file that cannot be opened, check's lines themselves."""
    problems = [m.group("message") for line in cli if (m := PROBLEM.match(line))]
    if page.locator("#status").inner_text().count("\n"):  # not opened: check's own lines
        status = shown(page, "#status")[1:]
        assert status == [line for line in cli if PROBLEM.match(line)], (language, path.name)
        return
    verdict = scorecard(page)
    assert verdict and within(verdict, cli), (language, path.name, verdict, cli)
    reasons = (
        words(page.locator("#verdict ul.reasons").all_inner_texts()[0])
        if page.locator("#verdict ul.reasons").count()
        else []
    )
    # after the player's label: 'Boris: …', 「Boris：…」 (the catalogue's colon)
    # alone, without a player, a message starts its sentence: 'No wall…' for check's 'no wall…'
    assert all(
        any(r in (m, opening(m)) or r.endswith((" " + m, "：" + m)) for m in problems)
        for r in reasons
    ), (
        language,
        path.name,
        reasons,
    )
    listed = shown(page, "#problems")[1:]  # under its heading
    assert len(listed) == len(problems), (language, path.name, listed, problems)
    left = list(problems)  # the page orders them its own way, and names the board first
    for line in listed:
        message = next(
            (m for m in left if line in (m, opening(m)) or line.endswith((" " + m, "：" + m))),
            None,
        )
        assert message is not None, (language, path.name, line, left)
        left.remove(message)


def opening(message: str) -> str:
    """A message as a sentence of its own: its first letter a capital."""
    return message[:1].upper() + message[1:]


@contextmanager
def site_browser(browser: Any, proxy_port: int) -> Iterator[Any]:
    """A context of its own whose requests to anywhere but 127.0.0.1 go to the proxy."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        proxy={"server": f"http://127.0.0.1:{proxy_port}", "bypass": "127.0.0.1"},
    )
    try:
        yield context
    finally:
        context.close()


def ready(page: Any) -> None:
    page.wait_for_selector("#languages button", timeout=SITE_TIMEOUT)


def caches(page: Any) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return names


@needs_chromium
def test_the_site_checks_as_check_does_online_updated_and_offline(
    browser: Any, site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere, host = Recorded(), Recorded()
    folder = tmp_path / "public"
    shutil.copytree(site, folder)
    documents = [*example_files(), TRAILING_COMMA]
    expected = {
        (lang, path): cli_lines(path, lang, monkeypatch) for lang in LANGUAGES for path in documents
    }
    with serving(refusing_proxy(elsewhere)) as proxy_port, site_browser(browser, proxy_port) as ctx:
        errors: list[str] = []
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        with serving(static_files(folder, host)) as port:
            page.goto(f"http://127.0.0.1:{port}/")
            ready(page)
            for lang, name in LANGUAGES.items():
                page.get_by_role("button", name=name, exact=True).click()
                page.wait_for_function(f"document.documentElement.lang === '{lang}'")
                for path in documents:
                    open_file(page, lang, path)
                    assert_shows_what_check_prints(page, lang, path, expected[lang, path])
            page.wait_for_selector(".site-note", timeout=SITE_TIMEOUT)  # saved for offline use
            first = Counter(path for _, path in host.taken())
            assert first and max(first.values()) == 1, first  # each file once
            version = json.loads((folder / "site.json").read_text())["version"]
            assert caches(page) == [f"scorecheck-{version}"]
            # A visit after it: with DevTools on the service worker (Playwright attaches to every
            # worker) Chromium asks the host for sw.js each time, whatever its headers say; the
            # test above shows a visit without them asking nothing.
            page.reload()
            ready(page)
            assert {path for _, path in host.taken()} <= {"/sw.js"}
            # An update: a build with another colour for the phone's bar. The next visit
            # online keeps it whole in a cache of its own, fetching only what changed, and
            # drops the old one; the visit after that shows it.
            monkeypatch.setattr(build, "THEME", "#123456")
            build_site(folder, force=True, cache=default_cache())
            update = json.loads((folder / "site.json").read_text())["version"]
            page.add_init_script(HOLD_SCRIPTS_ONCE)
            page.reload()
            ready(page)
            page.wait_for_function(f"caches.keys().then((k) => k.join() === 'scorecheck-{update}')")
            fetched = {path for _, path in host.taken()}
            assert fetched <= {"/sw.js", "/index.html", "/", "/manifest.webmanifest", "/site.json"}
            said = json.loads((folder / "site.json").read_text())["words"]["ja"]  # the page's
            expect(page.locator(".site-note", has_text=said["updated"])).to_have_text(
                f"{said['updated']} {said['reload']}{said['close']}"
            )
            page.reload()
            ready(page)
            assert page.locator('meta[name="theme-color"]').get_attribute("content") == "#123456"
        ctx.set_offline(True)
        page.reload()
        ready(page)
        page.get_by_role("button", name=LANGUAGES["en"], exact=True).click()  # kept: ja
        page.wait_for_function("document.documentElement.lang === 'en'")
        for path in (documents[0], TRAILING_COMMA):
            open_file(page, "en", path)
            assert_shows_what_check_prints(page, "en", path, expected["en", path])
        assert errors == []
    assert [r for r in elsewhere.taken() if r not in CHROMIUMS_OWN] == []


@needs_chromium
def test_a_visit_after_the_first_asks_the_host_nothing_and_an_update_comes_when_sw_js_expires(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chromium as a person runs it (tests/support/plainchromium.py), on a profile of its own,
    # each visit a new start of the browser (the service worker stopped, as on a phone). Its
    # own services would call Google: no name but 127.0.0.1 resolves there, so the test
    # above, not this one, shows that the page asks nothing of other addresses.
    host = Recorded()
    folder = tmp_path / "public"
    shutil.copytree(site, folder)
    profile = tmp_path / "profile"
    listed = json.loads((folder / "site.json").read_text())
    words = listed["words"]["en"]
    with serving(static_files(folder, host, SW_CACHE)) as port:
        url = f"http://127.0.0.1:{port}/"
        with plain_chromium(profile) as page:
            page.open(url + "index.html")  # as a link to the file opens it; later ones use "/"
            wait_for(page, "document.querySelector('.site-note') !== null", SITE_TIMEOUT / 1000)
            assert page.evaluate("document.querySelector('.site-note').innerText") == (
                f"{words['offline']} {words['updates']} {words['close']}"
            )
        first = [path for _, path in host.taken()]
        assert sorted(first) == sorted("/" + p for p in listed["files"])  # each once, no more
        # An update is built; sw.js is still fresh in the browser's HTTP cache, so a visit asks
        # the host nothing at all and shows the build it keeps.
        kept_theme = build.THEME
        monkeypatch.setattr(build, "THEME", "#123456")
        build_site(folder, force=True, cache=default_cache())
        update = json.loads((folder / "site.json").read_text())["version"]
        theme = "document.querySelector('meta[name=theme-color]').content"
        with plain_chromium(profile) as page:
            page.open(url)
            wait_for(page, READY, SITE_TIMEOUT / 1000)
            time.sleep(3)  # the browser's own check for a new sw.js comes within 2 s of opening
            assert page.evaluate(theme) == kept_theme
            assert host.taken() == []
            # The day the host let the browser keep sw.js for has passed: the next visit
            # online takes the update, asking only for what changed, and says so.
            page.send("Network.clearBrowserCache")
            page.open(url)
            wait_for(page, READY, SITE_TIMEOUT / 1000)
            wait_for(
                page,
                f"caches.keys().then((k) => k.join() === 'scorecheck-{update}')",
                SITE_TIMEOUT / 1000,
            )
            fetched = {path for _, path in host.taken()}
            assert "/sw.js" in fetched
            assert fetched <= {"/sw.js", "/index.html", "/", "/manifest.webmanifest", "/site.json"}
            wait_for(page, f"document.body.innerText.includes({json.dumps(words['updated'])})", 30)
            page.send("Page.reload")
            wait_for(page, f"{theme} === '#123456'", SITE_TIMEOUT / 1000)


@needs_chromium
def test_over_plain_http_on_a_network_address_it_works_and_says_once_it_cannot_go_offline(
    browser: Any, site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A name that is no secure origin, as a laptop's address on the local network is not,
    # which this Chromium sends to 127.0.0.1 (and so the proxy never sees it).
    elsewhere, host = Recorded(), Recorded()
    resolving = [*ARGS, f"--host-resolver-rules=MAP {LAN_NAME} 127.0.0.1"]
    expected = cli_lines(example_files()[0], "en", monkeypatch)
    with (
        serving(refusing_proxy(elsewhere)) as proxy_port,
        serving(static_files(site, host)) as port,
    ):
        lan_browser = browser.browser_type.launch(executable_path=CHROMIUM, args=resolving)
        try:
            context = lan_browser.new_context(
                viewport={"width": 390, "height": 844},
                proxy={"server": f"http://127.0.0.1:{proxy_port}", "bypass": LAN_NAME},
            )
            page = context.new_page()
            page.goto(f"http://{LAN_NAME}:{port}/")
            ready(page)
            assert page.evaluate("window.isSecureContext") is False
            words = json.loads((site / "site.json").read_text())["words"]["en"]
            note = page.locator(".site-note")
            expect(note).to_have_text(words["insecure"] + " " + words["close"])
            open_file(page, "en", example_files()[0])
            assert_shows_what_check_prints(page, "en", example_files()[0], expected)
            host.taken()
            page.reload()
            ready(page)
            assert "/pyodide/pyodide.asm.wasm" in {path for _, path in host.taken()}
            expect(note).to_have_count(0)  # said once
        finally:
            lan_browser.close()
    assert [r for r in elsewhere.taken() if r not in CHROMIUMS_OWN] == []
