"""Build hook: compile the gettext catalogues (.po) into .mo files inside the package.

Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _po_module():  # type: ignore[no-untyped-def]
    # Load scorecheck/po.py alone: the package's dependencies are not installed at build time.
    spec = importlib.util.spec_from_file_location("_scorecheck_po", HERE / "scorecheck" / "po.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogues(build_py):
    """build_py that also writes scorecheck/locale/LANG/LC_MESSAGES/DOMAIN.mo."""

    def run(self) -> None:
        super().run()
        po = _po_module()
        for source in sorted((HERE / "scorecheck" / "locale").glob("*/LC_MESSAGES/*.po")):
            target = Path(self.build_lib) / source.relative_to(HERE).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            entries = po.parse_po(source.read_text(encoding="utf-8"))
            target.write_bytes(po.compile_mo(entries))


setup(cmdclass={"build_py": BuildWithCatalogues})
