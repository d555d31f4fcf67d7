"""`scorecheck site DIR`: the page, Pyodide, the wheels, a service worker and a manifest.

Everything is written under DIR and nowhere else (the fetched parts are cached outside it, by
fetch.py); a non-empty DIR is refused without force. The page is scorecheck/web as it is:
only index.html learns that it is the site (a meta element api.js reads), where the manifest
is, and paths relative to the folder, so the site works wherever the folder is served.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from email.parser import HeaderParser
from importlib.resources import files as package_files
from pathlib import Path, PurePosixPath
from typing import TextIO

from scorecheck.i18n import LANGUAGES, Domain, using
from scorecheck.site.fetch import PYODIDE, Fetched, FetchError, Progress, Say, default_cache, fetch
from scorecheck.site.icons import ICON_SIZES, icon_png
from scorecheck.site.wheels import scorecheck_wheel

CLI = Domain("cli")
LESSON = Domain("lesson")

SITE_FILE = "site.json"  # what the site holds, its texts for loading, read by the page
SERVICE_WORKER = "sw.js"
SITE_LINE = 'const SITE = { version: "", files: {} };'  # sw.js's line the build fills in
BUILD_LINE = '<meta name="scorecheck-build" content="">'  # index.html's, filled in likewise
THEME = "#5b3f26"  # the wall's backdrop (report/svgdraw.py), as the icons draw it
BACKGROUND = "#faf6ec"
PLAIN_STEP = 5_000_000  # bytes between the plain lines of a download of unknown size


class SiteError(Exception):
    """The site cannot be written: the message says why."""


@dataclass(frozen=True, slots=True)
class Built:
    """What a build wrote: where, how many files, their bytes, and gzipped."""

    directory: Path
    files: int
    size: int
    gzipped: int

    def __str__(self) -> str:
        return CLI.say(
            "Wrote {count} files, {size} MB ({gzipped} MB gzipped), to {directory}: "
            "put the folder on any static host",
            count=self.files,
            size=f"{self.size / 1e6:.1f}",
            gzipped=f"{self.gzipped / 1e6:.1f}",
            directory=self.directory,
        )


def build_site(
    directory: str | Path,
    *,
    force: bool = False,
    cache: str | Path | None = None,
    say: Say = lambda text: None,
    progress: Progress = lambda done, total: None,
) -> Built:
    """Write the static site into directory (refused if it holds anything, unless force)."""
    root = Path(directory)
    if root.exists() and not root.is_dir():
        raise SiteError(CLI.say("{path} is not a folder", path=root))
    if root.exists() and any(root.iterdir()) and not force:
        raise SiteError(CLI.say("{path} is not empty; use --force to write over it", path=root))
    try:
        fetched = fetch(Path(cache) if cache is not None else default_cache(), say, progress)
    except FetchError as exc:
        raise SiteError(str(exc)) from None
    site = site_files(fetched)
    _write(root, site)
    gzipped = sum(len(gzip.compress(data, 6)) for data in site.values())
    return Built(root, len(site), sum(map(len, site.values())), gzipped)


def site_files(fetched: Fetched) -> dict[str, bytes]:
    """Every file of the site by its path in the folder."""
    site = {
        item.name: item.read_bytes()
        for item in package_files("scorecheck").joinpath("web").iterdir()
        if item.is_file()
    }
    service_worker = site.pop(SERVICE_WORKER).decode()
    site["index.html"] = _index(site["index.html"].decode()).encode()
    for name, data in fetched.pyodide.items():
        site[f"pyodide/{name}"] = data
    wheels = dict(fetched.wheels)
    name, data = scorecheck_wheel()
    wheels[name] = data
    for name, data in wheels.items():
        site[f"wheels/{name}"] = data
    site["wheels/lock.json"] = _json(_lock(fetched.platform_info, wheels))
    for size in ICON_SIZES:
        site[f"icons/icon-{size}.png"] = icon_png(size)
    site["manifest.webmanifest"] = _json(_manifest())
    # What the worker fetches, in bytes, for the page's progress bar.
    load = [p for p in site if p.startswith(("pyodide/", "wheels/")) and not p.endswith(".mjs")]
    listed = {path: hashlib.sha256(data).hexdigest() for path, data in sorted(site.items())}
    version = hashlib.sha256(json.dumps(listed).encode()).hexdigest()[:16]
    site[SITE_FILE] = _json(
        {
            "version": version,
            "pyodide": PYODIDE,
            "bytes": sum(len(site[p]) for p in load),
            "files": sorted([*listed, SITE_FILE, SERVICE_WORKER]),
            "words": {lang: _loading_words(lang) for lang in LANGUAGES},
        }
    )
    # The page names its build, so that it knows when a newer one has taken over (site.js).
    site["index.html"] = site["index.html"].replace(
        BUILD_LINE.encode(), BUILD_LINE.replace('""', f'"{version}"').encode()
    )
    for path in (SITE_FILE, "index.html"):
        listed[path] = hashlib.sha256(site[path]).hexdigest()
    if service_worker.count(SITE_LINE) != 1:  # pragma: no cover - the line is in sw.js
        raise SiteError(f"{SERVICE_WORKER} lacks its line {SITE_LINE}")
    filled = f"const SITE = {json.dumps({'version': version, 'files': listed})};"
    site[SERVICE_WORKER] = service_worker.replace(SITE_LINE, filled).encode()
    return site


def _json(value: object) -> bytes:
    return (json.dumps(value, ensure_ascii=False, indent=1) + "\n").encode()


def _index(html: str) -> str:
    """The page's index.html as the site's: paths relative to the folder, and what a phone
    needs to install it (the manifest, its icon, the colour of its bar)."""
    html = re.sub(r'(\s(?:href|src))="/(?!/)', r'\1="./', html)
    head = (
        '<meta name="scorecheck-site" content="pyodide">\n'
        f"{BUILD_LINE}\n"
        f'<meta name="theme-color" content="{THEME}">\n'
        '<link rel="manifest" href="./manifest.webmanifest">\n'
        '<link rel="apple-touch-icon" href="./icons/icon-192.png">\n'
        '<link rel="stylesheet" href="./site.css">\n'
    )
    if html.count("</head>") != 1:  # pragma: no cover - the page has one head
        raise SiteError("index.html has no </head>")
    return html.replace("</head>", head + "</head>")


def _manifest() -> dict[str, object]:
    icons = [
        {"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": purpose}
        for size in ICON_SIZES
        for purpose in ("any", "maskable")
    ]  # fmt: skip
    return {
        "name": "scorecheck",
        "short_name": "scorecheck",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }


def _lock(platform_info: Mapping[str, str], wheels: Mapping[str, bytes]) -> dict[str, object]:
    """Pyodide's lock file for the site's wheels alone: what each holds and needs."""
    facts = {file_name: _wheel_facts(data) for file_name, data in sorted(wheels.items())}
    shipped = {name for name, _, _, _ in facts.values()}  # click, orjson stay out
    packages: dict[str, dict[str, object]] = {}
    for file_name, (name, version, requires, imports) in facts.items():
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": file_name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheels[file_name]).hexdigest(),
            "package_type": "package",
            "imports": imports,
            "depends": [d for d in requires if d in shipped],
            "unvendored_tests": False,
            "shared_library": False,
            "tool": {},
        }
    return {"info": dict(platform_info), "packages": packages}


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_facts(data: bytes) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, the names it requires (no extras) and its top modules."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = HeaderParser().parsestr(archive.read(info).decode())
    requires = [
        _canonical(re.split(r"[\s;<>=!~\[(]", line, maxsplit=1)[0])
        for line in metadata.get_all("Requires-Dist") or []
        if "extra ==" not in line
    ]
    tops = {PurePosixPath(n).parts[0] for n in names if ".dist-info/" not in n}
    imports = sorted(t.removesuffix(".py").split(".")[0] for t in tops)
    return _canonical(metadata["Name"]), metadata["Version"], requires, imports


def _loading_words(language: str) -> dict[str, str]:
    """The page's texts while Python loads, before Python can give them."""
    with using(language):
        return {
            "loading": LESSON.word("Loading the checker: {done} of {total} MB"),
            "starting": LESSON.word("Starting the checker…"),
            "failed": LESSON.word("The checker could not start: {reason}"),
            "offline": LESSON.word("Saved on this device: the page now works offline."),
            "updates": LESSON.word(
                "When it is opened online, it looks for a new version at least once a day."
            ),
            "updated": LESSON.word(
                "A new version of the page has been saved on this device: reload to use it."
            ),
            "reload": LESSON.word("Reload"),
            "insecure": LESSON.word(
                "Opened over plain HTTP, so the page loads from the network every time and "
                "cannot work offline or be installed. Over HTTPS, or on localhost, it can."
            ),
            "close": LESSON.word("Close"),
        }


def _write(root: Path, site: Mapping[str, bytes]) -> None:
    """Write the files under root, never through a link out of it; remove what an earlier
    build wrote that this one has not (and nothing else)."""
    root.mkdir(parents=True, exist_ok=True)
    earlier = _earlier_files(root)
    for path, data in site.items():
        _inside(root, path).write_bytes(data)
    for path in sorted(earlier - set(site)):
        target = _inside(root, path, make=False)
        if target.is_file():
            target.unlink()


def _earlier_files(root: Path) -> set[str]:
    try:
        listed = json.loads((root / SITE_FILE).read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return set()
    return {p for p in listed if isinstance(p, str)}


def _inside(root: Path, path: str, make: bool = True) -> Path:
    """root/path, its folders made, refused if any part of it is a link or leaves root."""
    parts = PurePosixPath(path).parts
    if not parts or any(p in ("", ".", "..") for p in parts) or PurePosixPath(path).is_absolute():
        raise SiteError(CLI.say("{path} is not a path inside the site", path=path))
    target = root
    for i, part in enumerate(parts):
        target = target / part
        if target.is_symlink():
            raise SiteError(
                CLI.say(
                    "{path} is a link: the site is written only inside {root}",
                    path=target,
                    root=root,
                )
            )
        if make and i < len(parts) - 1:
            target.mkdir(exist_ok=True)
    return target


def progress_bar(stream: TextIO, width: int = 30) -> Progress:
    """A progress bar of a download on a terminal's line: [####....] 3.1 of 6.5 MB; where
    redrawing a line cannot work (a log, a pipe), a plain line at each quarter instead."""
    terminal = stream.isatty()
    shown = [-1]

    def show(done: int, total: int | None) -> None:
        size = f"{done / 1e6:.1f} of {total / 1e6:.1f} MB" if total else f"{done / 1e6:.1f} MB"
        if not terminal:
            step = 4 * done // total if total else done // PLAIN_STEP
            if step != shown[0]:
                shown[0] = step
                stream.write(size + "\n")
                stream.flush()
            return
        filled = width * done // total if total else 0
        if total and filled == shown[0] and done < total:
            return
        shown[0] = filled
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {size}")
        if total and done >= total:
            stream.write("\n")
        stream.flush()

    return show
