"""Hand-written bad files: each gets its code, its message and its line:column, never a traceback.

Every file in tests/bad/ has a row in BAD below (and every row a file). The row names the
first input problem (SC0xx) scorecheck must report for the file: its code, where, and a
fragment of the message. Most fragments include the suggested fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scorecheck.api import check_files
from scorecheck.cli import main

BAD_DIR = Path(__file__).parent / "bad"

# file: (code, "line:column", message fragment)
BAD: dict[str, tuple[str, str, str]] = {
    # YAML syntax: rewritten for people, pointing where the fix goes.
    "tab-indent.yaml": ("SC002", "3:1", "a tab character: YAML indents and separates with spaces"),
    "unclosed-quote.yaml": ("SC002", "3:11", "the quote opened here is never closed"),
    "truncated-flow-mapping.yaml": ("SC002", "3:5", "the '{' on line 3 is never closed: add '}'"),
    "unclosed-list.yaml": ("SC002", "4:12", "the '[' on line 4 is never closed: add ']'"),
    "colon-in-value.yaml": ("SC002", "3:15", "put text that contains ': ' in quotes"),
    "over-indented-key.yaml": ("SC002", "4:12", "check the indentation of this line"),
    "under-indented-key.yaml": ("SC002", "4:4", "indented differently from the lines above"),
    "list-item-out-of-line.yaml": ("SC002", "4:1", "a list item ('- ') out of line"),
    "missing-colon.yaml": ("SC002", "4:5", "this key has no ':' after it"),
    "glued-colon.yaml": ("SC002", "4:10", "the ':' after 'score' needs a space after it"),
    "key-without-name.yaml": ("SC002", "4:5", "a ':' with no key before it"),
    "backslash-in-quotes.yaml": ("SC002", "3:15", "\\d is not an escape in double-quoted text"),
    "quote-inside-quotes.yaml": ("SC002", "3:14", "inside '…' write '' for a quote"),
    "at-sign.yaml": ("SC002", "3:11", "'@' cannot start a value in YAML: put the value in quotes"),
    "star-for-marker.yaml": ("SC002", "4:12", "'*' and '&' start aliases and anchors"),
    "stray-bracket.yaml": ("SC002", "4:33", "unexpected ']': no bracket before it opened"),
    "list-as-key.yaml": ("SC002", "3:5", "a key must be plain text, not a list or mapping"),
    # YAML read as data only.
    "anchor-alias.yaml": ("SC002", "4:11", "anchors and aliases (&name, *name) are not accepted"),
    "alias-bomb.yaml": ("SC002", "1:4", "anchors and aliases (&name, *name) are not accepted"),
    "python-tag.yaml": ("SC002", "3:11", "the tag !!python/object/apply:os.system is not accepted"),
    "explicit-int-tag.yaml": ("SC002", "4:12", "the tag !!int is not accepted"),
    "duplicate-key.yaml": ("SC002", "6:5", "the key 'score' appears twice (first on line 4)"),
    "deep-nesting.yaml": ("SC002", "2:41", "nesting deeper than 32 levels is not accepted"),
    # Bytes that are not UTF-8 text.
    "latin1.yaml": ("SC001", "3:12", "not UTF-8 text: the byte 0xF6 cannot be read"),
    "utf16.yaml": ("SC001", "1:1", "not UTF-8 text: the file is UTF-16; save it as UTF-8"),
    "nul-byte.yaml": ("SC001", "3:13", "a NUL byte is not text"),
    "line-separator.yaml": ("SC001", "3:15", "U+2028 (LINE SEPARATOR) is not accepted"),
    # No document at all: never a silent pass.
    "empty.yaml": ("SC003", "1:1", "the file is empty: a document is a mapping"),
    "whitespace.json": ("SC003", "1:1", "the file is empty"),
    "only-comments.yaml": ("SC003", "1:1", "the file has only comments"),
    "only-dashes.yaml": ("SC003", "1:1", "this document is empty"),
    "trailing-dashes.yaml": ("SC003", "6:1", "this document is empty"),
    # The contract: wrong keys, types, ranges, shapes.
    "unknown-key.yaml": ("SC003", "4:5", "unknown key 'scroe'; did you mean 'score'?"),
    "bom-crlf-unknown-key.yaml": ("SC003", "5:5", "unknown key 'flor'; did you mean 'floor'?"),
    "nbsp-in-key.yaml": ("SC003", "4:5", "it holds U+00A0 NO-BREAK SPACE: type 'score'"),
    "missing-kind.yaml": ("SC003", "1:1", "the key 'kind' is missing"),
    "capital-kind.yaml": ("SC003", "1:1", "the key 'Kind' should be 'kind'"),
    "unknown-kind.yaml": ("SC003", "1:7", "unknown kind 'rnd': expected round, final or game; did"),
    "kind-empty.yaml": ("SC003", "1:6", "kind must be round, final or game, got nothing (null)"),
    "top-level-list.yaml": ("SC003", "1:1", "a document is a mapping that starts with"),
    "negative-score.yaml": ("SC003", "4:12", "score must be at least 0, got the number -3"),
    "fractional-score.yaml": ("SC003", "4:12", "score must be a whole number, got the number 12.5"),
    "float-score.yaml": ("SC003", "4:12", "got the number 12.0 (write 12)"),
    "quoted-score.yaml": ("SC003", "4:12", "got '12' (remove the quotes)"),
    "fullwidth-digit.yaml": ("SC003", "4:12", "got '１２' (type it as 12)"),
    "boolean-score.yaml": ("SC003", "4:12", "score must be a whole number, got the boolean true"),
    "yes-as-score.yaml": ("SC003", "4:12", "score must be a whole number, got 'yes'"),
    "huge-score.yaml": ("SC003", "4:12", "the number 1e400 is too large to use"),
    "long-number.yaml": ("SC003", "4:12", "(40 characters) is too large to use"),
    "absurd-score.yaml": ("SC003", "4:12", "score must be at most 10000, got the number 99999999"),
    "nan-score.yaml": ("SC003", "4:12", "NaN is not a number scorecheck can use"),
    "null-everywhere.yaml": ("SC003", "4:11", "score must be a whole number, got nothing (null)"),
    "penalty-out-of-range.yaml": ("SC003", "5:24", "penalty must be at most 14, got the number 40"),
    "short-wall-row.yaml": ("SC003", "7:9", "a wall row has 5 cells, got 4 in 'WBYR'"),
    "four-pattern-lines.yaml": ("SC003", "4:12", "lines has 4 entries, expected 5"),
    "unknown-colour.yaml": ("SC003", "4:24", "unknown letter 'G' in a pattern line: use B Y R K W"),
    "curly-quotes.yaml": ("SC003", "4:13", "curly quotes are not quotes in YAML"),
    "marker-in-pattern-line.yaml": ("SC003", "4:30", "the first-player marker (1) goes on the"),
    "cyrillic-letter.yaml": ("SC003", "4:18", "(a Cyrillic В: type the Latin B)"),
    "cyrillic-kind.yaml": ("SC003", "1:7", "it holds a Cyrillic о: type 'round'"),
    "wall-picture-bad-cell.yaml": ("SC003", "8:13", "unknown letter 'G' in a wall row"),
    "misspelt-colour-word.yaml": ("SC003", "4:19", "unknown word 'yelow' in a pattern"),
    "players-as-mapping.yaml": ("SC003", "3:3", "players must be a list, got a mapping"),
    "no-space-after-colon.yaml": ("SC003", "3:5", "got 'name:Anna' (put a space after ':')"),
    "number-as-name.yaml": ("SC003", "3:11", 'got the number 42 (put it in quotes: "42")'),
    "empty-name.yaml": ("SC003", "3:11", "name cannot be empty"),
    "bidi-in-name.yaml": ("SC003", "3:11", "holds the invisible character U+202E"),
    "same-name-twice.yaml": ("SC003", "4:11", "the name 'Anna' is used twice"),
    "default-name-taken.yaml": ("SC003", "5:11", "is the one player 1 gets for having no name"),
    "unknown-variant.yaml": ("SC003", "2:10", "variant must be 'colored'"),
    "winner-list-of-numbers.yaml": ("SC003", "7:11", "got a list holding the number 1"),
    "winner-empty-list.yaml": ("SC003", "10:11", "the list of winners is empty: give a player's"),
    "game-unknown-player.yaml": ("SC003", "5:5", "'Boirs' is not a player; did you mean 'Boris'?"),
    "game-no-rounds.yaml": ("SC003", "3:9", "rounds is empty: a game record has at least one"),
    "game-missing-entry.yaml": ("SC003", "6:5", "round 2 has no entry for Boris"),
    "second-document-bad.yaml": ("SC003", "10:12", "score must be a whole number, got 'forty'"),
    # JSON: read by a JSON parser, positions from a JSON scanner.
    "trailing-comma.json": ("SC002", "4:34", "a ',' before ']' is not allowed in JSON: remove it"),
    "single-quotes.json": ("SC002", "2:3", "JSON needs double quotes"),
    "comment.json": ("SC002", "2:20", "JSON does not allow comments"),
    "python-none.json": ("SC002", "3:43", "JSON writes true, false and null in lower case"),
    "missing-comma.json": ("SC002", "3:3", "expected ',' between two entries"),
    "truncated.json": ("SC002", "3:32", "the text in quotes starting here is never closed"),
    "line-break-in-text.json": ("SC002", "3:29", "a line break inside text in quotes"),
    "two-documents.json": ("SC002", "2:1", "several JSON documents, one a line (JSON Lines)"),
    "duplicate-key.json": ("SC002", "3:44", "the key 'score' appears twice (first on line 3)"),
    "nan.json": ("SC002", "3:41", "NaN and Infinity are not numbers JSON accepts"),
    "deep-nesting.json": ("SC002", "1:61", "nesting deeper than 32 levels is not accepted"),
    "huge-number.json": ("SC003", "3:41", "the number 1e400 is too large to use"),
    "top-level-array.json": ("SC003", "1:1", "a document is a mapping that starts with"),
    "unknown-key.json": ("SC003", "3:32", "unknown key 'scroe'; did you mean 'score'?"),
    "score-as-text.json": ("SC003", "3:41", "got '12' (remove the quotes)"),
}


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
