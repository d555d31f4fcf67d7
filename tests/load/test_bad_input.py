"""Hand-written bad files: each gets its code, its message and its line:column, never a traceback.

Every file in tests/bad/ has a row in BAD below (and every row a file). The row names the
first input problem (SC0xx) scorecheck must report for the file: its code, where, and a
fragment of the message. Most fragments include the suggested fix.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files
from scorecheck.cli import main
from tests.support.bad_inputs import BAD, BAD_DIR


def test_every_bad_file_has_an_expectation() -> None:
    assert sorted(p.name for p in BAD_DIR.iterdir()) == sorted(BAD)
    assert len(BAD) >= 40


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_file_is_reported_where_it_goes_wrong(name: str) -> None:
    code, where, fragment = BAD[name]
    reports = list(check_files([str(BAD_DIR / name)]))
    problems = [v for r in reports for v in r.violations if v.code.startswith("SC0")]
    assert problems, f"{name}: no input problem reported"
    first = problems[0]
    assert (first.code, f"{first.location.line}:{first.location.column}") == (code, where)
    assert fragment in first.message
    assert "\n" not in first.message


def test_bad_files_exit_2_with_a_located_line_and_no_traceback() -> None:
    """All bad files in one run: each gets its report, the run exits 2 (input unusable)."""
    paths = [str(BAD_DIR / name) for name in sorted(BAD)]
    result = CliRunner().invoke(main, ["check", "--color", "never", *paths])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    for name, (code, where, _) in BAD.items():
        assert f"{BAD_DIR / name}:{where}: error {code} " in result.output
