"""The inputs of a check, listed as units of work: a file, one line of a JSON Lines archive,
a range of an archive's lines, or a problem found while listing them.

Directories are searched in sorted order, hidden files and folders skipped; an archive is
listed as byte ranges of whole lines, read where the range is checked. Both the library
(api.py) and the process pool (batch.py) work on these units.
"""

from __future__ import annotations

import functools
import itertools
import os
import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO, NamedTuple

from scorecheck.core.violations import Phrase

DOCUMENT_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
ARCHIVE_SUFFIX = ".jsonl"
STDIN = "-"
RANGE_BYTES = 256 * 1024  # an archive is listed in ranges of about this size (~400 rounds)
_BLOCK = 1024 * 1024  # and scanned for line ends in blocks of this size
_WHOLE_RANGE = 16 * _BLOCK  # a range up to this size is read at once, longer ones by lines


class FileUnit(NamedTuple):
    """A YAML or JSON file (or '-', standard input): its documents are read where it is checked."""

    path: str


class LineUnit(NamedTuple):
    """One non-blank line of a JSON Lines archive: one document, numbered from 1."""

    path: str
    number: int
    data: bytes


# LineUnit(path, number, data) without the Python-level __new__ NamedTuple gives it: an
# archive makes one for every line.
_line_unit = functools.partial(tuple.__new__, LineUnit)


class RangeUnit(NamedTuple):
    """Whole lines of a JSON Lines archive, bytes start to end, the first numbered `number`.

    Listing an archive only finds where its ranges start (a scan for line ends); the lines
    themselves are read where the range is checked, so they never cross between processes.
    """

    path: str
    start: int
    end: int
    number: int
    lines: int  # how many lines start in the range: the work it holds


class ProblemUnit(NamedTuple):
    """An input that cannot be read, found while listing the inputs."""

    path: str
    code: str
    reason: Phrase
    line: int | None = None


Unit = FileUnit | LineUnit | RangeUnit | ProblemUnit


def units(paths: Iterable[str], max_bytes: int, jsonl: bool = False) -> Iterator[Unit]:
    """Every unit of work in the inputs, in order: directories sorted, archives line by line;
    with jsonl, standard input is JSON Lines too."""
    for path in paths:
        if path == STDIN and jsonl:
            yield from stdin_units(max_bytes)
        elif path != STDIN and os.path.isdir(path):
            documents = documents_under(path)
            if not documents:
                reason = Phrase(
                    "it is a directory with no .yaml, .yml, .json or .jsonl files in it",
                    domain="input",
                )
                yield ProblemUnit(path, "SC001", reason)
            for name in documents:
                yield from _file_units(name, max_bytes)
        else:
            yield from _file_units(path, max_bytes)


def documents_under(directory: str) -> list[str]:
    """The document files under a directory, recursively, in sorted order; hidden ones skipped."""
    documents = []
    for parent, subdirectories, names in os.walk(directory):
        subdirectories[:] = [d for d in subdirectories if not d.startswith(".")]
        documents += [
            os.path.join(parent, name)
            for name in names
            if not name.startswith(".") and name.lower().endswith(DOCUMENT_SUFFIXES)
        ]
    return sorted(documents, key=lambda name: os.path.relpath(name, directory).split(os.sep))


def _file_units(path: str, max_bytes: int) -> Iterator[Unit]:
    if path != STDIN and path.lower().endswith(ARCHIVE_SUFFIX):
        yield from archive_ranges(path)
    else:
        yield FileUnit(path)


def archive_ranges(path: str) -> Iterator[RangeUnit | ProblemUnit]:
    """A JSON Lines file cut into ranges of whole lines of about RANGE_BYTES, read in blocks."""
    from scorecheck.load import open_regular, os_reason  # PyYAML: not at every CLI start

    start = offset = lines = 0
    number = 1
    try:
        with open_regular(path) as handle:
            while block := handle.read(_BLOCK):
                at = 0
                # Cut at the first line end past each RANGE_BYTES (a long line makes it longer).
                while (cut := block.find(b"\n", max(at, start + RANGE_BYTES - offset))) >= 0:
                    lines += block.count(b"\n", at, cut + 1)
                    yield RangeUnit(path, start, offset + cut + 1, number, lines)
                    start, number, lines, at = offset + cut + 1, number + lines, 0, cut + 1
                lines += block.count(b"\n", at)
                offset += len(block)
    except OSError as exc:
        yield ProblemUnit(path, "SC001", os_reason(exc), number + lines if offset else None)
        return
    if offset > start:
        yield RangeUnit(path, start, offset, number, lines + 1)


def archive_units(
    path: str, max_bytes: int, start: int = 0, end: int | None = None, first: int = 1
) -> Iterator[LineUnit | ProblemUnit]:
    """The lines of a JSON Lines file (from byte start to end), read one at a time; blank
    lines are skipped.

    --max-bytes limits each line (a document), not the archive.
    """
    from scorecheck.load import open_regular, os_reason  # PyYAML: not at every CLI start

    try:
        handle = open_regular(path)  # closed below; the generator outlives a with
    except OSError as exc:
        yield ProblemUnit(path, "SC001", os_reason(exc))
        return
    with handle:
        at = handle.seek(start)
        if end is not None and end - start <= _WHOLE_RANGE:  # at once, then split: quicker
            try:
                lines = handle.read(end - start).split(b"\n")
            except OSError as exc:
                yield ProblemUnit(path, "SC001", os_reason(exc), first)
                return
            if not lines[-1]:
                lines.pop()  # the range ends at a line end
            for number, data in enumerate(lines, start=first):
                if len(data) > max_bytes:
                    yield ProblemUnit(path, "SC001", _too_long(number, max_bytes), number)
                elif data.strip():
                    yield _line_unit((path, number, data.rstrip(b"\r")))
            return
        yield from _lines(handle, path, max_bytes, first, end, at)


def stdin_units(max_bytes: int) -> Iterator[LineUnit | ProblemUnit]:
    """Standard input as JSON Lines (check --jsonl -), read a line at a time as it comes."""
    from scorecheck.load import STDIN_NAME  # PyYAML: not at every CLI start

    yield from _lines(sys.stdin.buffer, STDIN_NAME, max_bytes)


def _lines(
    handle: BinaryIO, path: str, max_bytes: int, first: int = 1, end: int | None = None, at: int = 0
) -> Iterator[LineUnit | ProblemUnit]:
    """The lines of an open file, one at a time from line `first` at byte `at` to byte end."""
    from scorecheck.load import os_reason  # PyYAML: not at every CLI start

    for number in itertools.count(first):
        try:
            data = b"" if end is not None and at >= end else handle.readline(max_bytes + 1)
            at += len(data)
            too_long = len(data) > max_bytes and not data.endswith(b"\n")
            rest = data
            while too_long and rest and not rest.endswith(b"\n"):
                rest = handle.readline(64 * 1024)  # skip the rest of the long line
                at += len(rest)
        except OSError as exc:
            yield ProblemUnit(path, "SC001", os_reason(exc), number)
            return
        if not data:
            return
        if too_long:
            yield ProblemUnit(path, "SC001", _too_long(number, max_bytes), number)
        elif data.strip():
            yield LineUnit(path, number, data.rstrip(b"\r\n"))


def _too_long(number: int, max_bytes: int) -> Phrase:
    from scorecheck.load.limits import byte_size  # PyYAML: not at every CLI start

    return Phrase(
        "line {line} is over the limit of {limit} (raise it with --max-bytes)",
        {"line": number, "limit": byte_size(max_bytes)},
        domain="input",
    )


def expand(unit: Unit, max_bytes: int) -> Iterable[Unit]:
    """A range as its lines (read now); any other unit as it is."""
    if type(unit) is RangeUnit:
        return archive_units(unit.path, max_bytes, unit.start, unit.end, unit.number)
    return (unit,)
