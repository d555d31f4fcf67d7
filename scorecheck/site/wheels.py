"""Pure wheels (PEP 427) written here: scorecheck's own files, and PyYAML's Python parser.

The same files give the same bytes (fixed dates, sorted entries), so an unchanged wheel keeps
its hash from one build to the next and a phone does not fetch it again.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import zipfile
from collections.abc import Mapping
from pathlib import Path

# What scorecheck needs at run time: its modules, catalogues and schema (not the page, which
# the site holds beside the wheels, nor compiled files).
PACKAGE_SUFFIXES = (".py", ".po", ".json", ".typed")
PACKAGE_SKIPS = ("web", "__pycache__")


def wheel_name(distribution: str, version: str) -> str:
    """The file name of a pure wheel: the name normalized as PEP 491 says."""
    return f"{distribution.lower().replace('-', '_')}-{version}-py3-none-any.whl"


def pure_wheel(distribution: str, version: str, files: Mapping[str, bytes], metadata: str) -> bytes:
    """A pure wheel of these files (paths inside site-packages) with its dist-info."""
    info = f"{distribution.lower().replace('-', '_')}-{version}.dist-info"
    entries = dict(files)
    entries[f"{info}/METADATA"] = metadata.encode()
    entries[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: scorecheck site\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    record = [
        f"{path},sha256={_digest(data)},{len(data)}" for path, data in sorted(entries.items())
    ]
    entries[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,", ""]).encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in sorted(entries.items()):
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return out.getvalue()


def _digest(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def scorecheck_wheel() -> tuple[str, bytes]:
    """This scorecheck as a pure wheel: its name and bytes."""
    root = Path(__file__).resolve().parent.parent
    files = {
        path.relative_to(root.parent).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
        and path.suffix in PACKAGE_SUFFIXES
        and not set(PACKAGE_SKIPS) & set(path.relative_to(root).parts)
    }
    dist = importlib.metadata.distribution("scorecheck")
    version = dist.version
    return wheel_name("scorecheck", version), pure_wheel(
        "scorecheck", version, files, dist.read_text("METADATA") or dist.read_text("PKG-INFO") or ""
    )


def python_only(wheel: Path, package: str) -> tuple[str, bytes]:
    """A pure wheel of a built one's Python modules of `package` (PyYAML: its parser in
    Python, without the compiled libyaml binding, which only serves the wheel's platform)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        distribution, version = info.split("/")[0].removesuffix(".dist-info").split("-")
        files = {
            n: archive.read(n) for n in names if n.startswith(f"{package}/") and n.endswith(".py")
        }
        metadata = archive.read(info).decode()
    return wheel_name(distribution, version), pure_wheel(distribution, version, files, metadata)
