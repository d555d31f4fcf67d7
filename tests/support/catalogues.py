"""What the catalogues lack, worked out once for all the tests that ask."""

from __future__ import annotations

from functools import cache

from tools.i18n import missing

# Reads every source file and catalogue (~0.5 s): once a run, not once a test module.
missing_translations = cache(missing)
