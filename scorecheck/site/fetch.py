"""What the site brings from the package registries, kept in a cache outside the site.

Pyodide comes from npm (the tarball npm names, checked against npm's integrity hash), the
wheels from PyPI through pip: pydantic-core built for Pyodide's platform, pure wheels for the
rest. A part is fetched once; a build that finds it in the cache asks no registry.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from scorecheck.i18n import Domain
from scorecheck.site.wheels import python_only

CLI = Domain("cli")

PYODIDE = "314.0.8"  # the interpreter (Python 3.14); its platform is the wheels' below
PLATFORM = ("pyemscripten_2026_0_wasm32", "3.14", "cp314")  # platform, Python, ABI
# Pyodide's files the site loads: the loader, the interpreter and the standard library.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Pinned to the versions installed here, so the browser runs the code the CLI runs.
PINNED = ("pydantic", "pydantic-core", "typing-extensions", "annotated-types", "typing-inspection")
# PyYAML has no wheel for Pyodide: its Python parser comes from a wheel of another platform.
YAML_WHEEL_PLATFORM = ("manylinux_2_17_x86_64", "3.14", "cp314")

Say = Callable[[str], None]
Progress = Callable[[int, int | None], None]  # bytes come, bytes in all (None: unknown)


class FetchError(Exception):
    """A registry could not give what the site needs: the message says what and why."""


@dataclass(frozen=True, slots=True)
class Fetched:
    """Pyodide's files by name, what its lock file says of the platform, and the wheels."""

    pyodide: dict[str, bytes]
    platform_info: dict[str, str]
    wheels: dict[str, bytes]


def default_cache() -> Path:
    """$XDG_CACHE_HOME/scorecheck/site, else ~/.cache/scorecheck/site."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "scorecheck" / "site"


def fetch(cache: Path, say: Say, progress: Progress) -> Fetched:
    """Everything the site ships that scorecheck does not hold, from the cache or fetched."""
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        _npm_tarball(tarball, say, progress)
    with tarfile.open(tarball) as archive:
        files = {name: _member(archive, name) for name in (*PYODIDE_FILES, "pyodide-lock.json")}
    lock = json.loads(files.pop("pyodide-lock.json"))
    return Fetched(files, lock["info"], _wheels(cache, say))


def _member(archive: tarfile.TarFile, name: str) -> bytes:
    member = archive.extractfile(f"package/{name}")
    if member is None:  # pragma: no cover - npm's tarball holds files
        raise FetchError(CLI.say("the Pyodide package has no {name}", name=name))
    return member.read()


def _run(command: list[str], what: str, *, capture: bool = False) -> str:
    """Run a registry's client: what it prints, captured, or sent to standard error, where
    pip draws its progress bars."""
    try:
        done = subprocess.run(command, text=True, stdout=subprocess.PIPE if capture else 2)
    except OSError as exc:
        raise FetchError(
            CLI.say("cannot run {command}: {reason}", command=command[0], reason=exc.strerror)
        ) from None
    if done.returncode != 0:
        raise FetchError(
            CLI.say(
                "could not fetch {what} (exit {code} from {command})",
                what=what,
                code=done.returncode,
                command=command[0],
            )
        )
    return done.stdout or ""


def _npm_tarball(tarball: Path, say: Say, progress: Progress) -> None:
    """Pyodide's tarball, from where npm says it is, checked against npm's integrity hash."""
    what = f"pyodide@{PYODIDE}"
    dist = json.loads(_run(["npm", "view", what, "dist", "--json"], what, capture=True))
    url, integrity = dist["tarball"], dist["integrity"]
    algorithm, _, expected = integrity.partition("-")
    say(CLI.say("Fetching {what} from npm: {url}", what=what, url=url))
    digest = hashlib.new(algorithm)
    # A file of its own until it is whole and checked: another build may fetch at once.
    with tempfile.NamedTemporaryFile(dir=tarball.parent, suffix=".part", delete=False) as out:
        part = Path(out.name)
        try:
            with urllib.request.urlopen(url, timeout=60) as response:
                total = int(response.headers.get("Content-Length") or 0) or None
                done = 0
                while chunk := response.read(1 << 16):
                    out.write(chunk)
                    digest.update(chunk)
                    done += len(chunk)
                    progress(done, total)
        except OSError as exc:
            part.unlink(missing_ok=True)
            raise FetchError(
                CLI.say("could not fetch {what}: {reason}", what=what, reason=exc)
            ) from None
    if base64.b64encode(digest.digest()).decode() != expected:
        part.unlink()
        raise FetchError(CLI.say("{what} from npm does not match its integrity hash", what=what))
    part.replace(tarball)


def requirements() -> list[str]:
    """pydantic and what it needs, as installed here, and PyYAML."""
    pins = []
    for name in (*PINNED, "PyYAML"):
        try:
            pins.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            pins.append(name)
    return pins


def _wheels(cache: Path, say: Say) -> dict[str, bytes]:
    """The wheels for Pyodide, from the cache or from PyPI through pip (its own progress)."""
    wanted = requirements()
    key = hashlib.sha256("\n".join([*wanted, *PLATFORM]).encode()).hexdigest()[:16]
    folder = cache / f"wheels-{key}"
    if not (folder / "complete").exists():
        *others, yaml = wanted
        say(CLI.say("Fetching from PyPI for Pyodide: {names}", names=", ".join(wanted)))
        with tempfile.TemporaryDirectory(dir=cache) as temporary:
            work = Path(temporary)
            _pip_download(work / "pyodide", PLATFORM, others, deps=True)
            _pip_download(work / "built", YAML_WHEEL_PLATFORM, [yaml], deps=False)
            [built] = (work / "built").glob("*.whl")
            name, data = python_only(built, "yaml")
            (work / "pyodide" / name).write_bytes(data)
            (work / "pyodide" / "complete").write_text("\n".join(wanted) + "\n")
            try:
                (work / "pyodide").rename(folder)
            except OSError:  # another build got there first
                if not (folder / "complete").exists():
                    raise
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.whl"))}


def _pip_download(
    dest: Path, platform: tuple[str, str, str], wanted: list[str], deps: bool
) -> None:
    tag, python, abi = platform
    command = [
        sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
        "--only-binary=:all:", "--platform", tag, "--python-version", python,
        "--implementation", "cp", "--abi", abi, "--dest", str(dest),
        *([] if deps else ["--no-deps"]), *wanted,
    ]  # fmt: skip
    _run(command, ", ".join(wanted))
