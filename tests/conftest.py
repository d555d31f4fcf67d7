"""Fixtures and options for every test; the helpers themselves are in tests/support/."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import CHROMIUM, NO_CHROMIUM, launch
from tests.support.checking import check_yaml, codes
from tests.support.examples import EXAMPLES, ROOT

# Still imported from here by tests that other branches own; new code imports tests.support.
__all__ = ["EXAMPLES", "ROOT", "check_yaml", "codes"]


@pytest.fixture
def examples_dir() -> Path:
    return EXAMPLES


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite the golden files under tests/golden/ from the current output",
    )


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what collection made (modules, parameters, hypothesis): it lives all run long.

    Every pass of the cyclic garbage collector, the automatic ones and the one that batch
    makes every COLLECT_EVERY chunks, would otherwise walk all of it again: in the 2,000
    in-process runs of test_fuzz_input that was 64 full passes of ~75 ms each.
    """
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests expect English unless they ask otherwise, whatever the developer's locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole run (for each worker process, with -n)."""
    if CHROMIUM is None:
        pytest.skip(NO_CHROMIUM)
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def tab(browser: Any) -> Iterator[Any]:
    """One page for the tests that open a document and only look at it (support.browser.show
    sets the viewport each time); a test that changes anything else opens its own, in this
    page's context (`tab.context.new_page()`: a context of its own costs Chromium twice the
    work of the page)."""
    context = browser.new_context()
    page = context.new_page()
    yield page
    context.close()
