"""Checking many inputs at once: directories, JSON Lines archives, parallel processes.

The inputs become units (a file, one line of a .jsonl archive, or a problem found while
listing them), cut into chunks of about the same work. Each chunk is checked and formatted
where it runs and comes back as text and totals, so only bytes and strings cross between
processes. At most a few chunks are in flight, so memory stays flat however long the input,
and the output keeps the input order.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # imported where used: the command line imports this module for every command
    from multiprocessing.pool import AsyncResult

    from scorecheck.core.check import Report
    from scorecheck.core.violations import Phrase, Violation
    from scorecheck.report.summary import Totals

EXIT_OK, EXIT_ERRORS, EXIT_INPUT, EXIT_BUG = 0, 1, 2, 3
DOCUMENT_SUFFIXES = (".yaml", ".yml", ".json", ".jsonl")
ARCHIVE_SUFFIX = ".jsonl"
STDIN = "-"
# A chunk is about this many archive lines of work; a YAML or JSON file counts as FILE_COST
# lines (reading and composing YAML is much slower than json.loads of one line).
CHUNK_COST = 250
FILE_COST = 25
CHUNKS_PER_JOB = 3  # in flight: enough to keep every process busy, few enough to stay small


class FileUnit(NamedTuple):
    """A YAML or JSON file (or '-', standard input): its documents are read where it is checked."""

    path: str


class LineUnit(NamedTuple):
    """One non-blank line of a JSON Lines archive: one document, numbered from 1."""

    path: str
    number: int
    data: bytes


class ProblemUnit(NamedTuple):
    """An input that cannot be read, found while listing the inputs."""

    path: str
    code: str
    reason: Phrase
    line: int | None = None


Unit = FileUnit | LineUnit | ProblemUnit


@dataclass(frozen=True)
class Options:
    """How each document is checked and printed."""

    fmt: str = "text"
    color: bool = False
    max_bytes: int = 1024 * 1024
    debug: bool = False
    detail: bool = False  # game records in text: every round tile by tile too
    lang: str = "en"  # the language of the reports (en, ru, ja)


@dataclass
class ChunkResult:
    """A checked chunk: its reports printed one after another, the worst exit code, totals."""

    text: str
    worst: int
    totals: Totals


def exit_code(report: Report) -> int:
    """3 for a scorecheck bug, 2 for unusable input, 1 for errors, else 0."""
    if any(v.code == "SC004" for v in report.violations):
        return EXIT_BUG
    if report.unusable:
        return EXIT_INPUT
    return EXIT_OK if report.ok else EXIT_ERRORS


# --- Listing the inputs ---------------------------------------------------------------------


def units(paths: Iterable[str], max_bytes: int) -> Iterator[Unit]:
    """Every unit of work in the inputs, in order: directories sorted, archives line by line."""
    from scorecheck.core.violations import Phrase

    for path in paths:
        if path != STDIN and os.path.isdir(path):
            found = documents_under(path)
            if not found:
                reason = Phrase(
                    "it is a directory with no .yaml, .yml, .json or .jsonl files in it",
                    domain="input",
                )
                yield ProblemUnit(path, "SC001", reason)
            for name in found:
                yield from _file_units(name, max_bytes)
        else:
            yield from _file_units(path, max_bytes)


def documents_under(directory: str) -> list[str]:
    """The document files under a directory, recursively, in sorted order; hidden ones skipped."""
    found = []
    for parent, subdirectories, names in os.walk(directory):
        subdirectories[:] = [d for d in subdirectories if not d.startswith(".")]
        found += [
            os.path.join(parent, name)
            for name in names
            if not name.startswith(".") and name.lower().endswith(DOCUMENT_SUFFIXES)
        ]
    return sorted(found, key=lambda name: os.path.relpath(name, directory).split(os.sep))


def _file_units(path: str, max_bytes: int) -> Iterator[Unit]:
    if path != STDIN and path.lower().endswith(ARCHIVE_SUFFIX):
        yield from archive_units(path, max_bytes)
    else:
        yield FileUnit(path)


def archive_units(path: str, max_bytes: int) -> Iterator[Unit]:
    """The lines of a JSON Lines file, read one at a time; blank lines are skipped.

    --max-bytes limits each line (a document), not the archive.
    """
    from scorecheck.core.violations import Phrase
    from scorecheck.load import os_reason
    from scorecheck.load.source import _bytes as byte_size

    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below; the generator outlives a with
    except OSError as exc:
        yield ProblemUnit(path, "SC001", os_reason(exc))
        return
    with handle:
        for number in itertools.count(1):
            try:
                data = handle.readline(max_bytes + 1)
                too_long = len(data) > max_bytes and not data.endswith(b"\n")
                rest = data
                while too_long and rest and not rest.endswith(b"\n"):
                    rest = handle.readline(64 * 1024)  # skip the rest of the long line
            except OSError as exc:
                yield ProblemUnit(path, "SC001", os_reason(exc), number)
                return
            if not data:
                return
            if too_long:
                reason = Phrase(
                    "line {line} is over the limit of {limit} (raise it with --max-bytes)",
                    {"line": number, "limit": byte_size(max_bytes)},
                    domain="input",
                )
                yield ProblemUnit(path, "SC001", reason, number)
            elif data.strip():
                yield LineUnit(path, number, data.rstrip(b"\r\n"))


def chunks(work: Iterable[Unit]) -> Iterator[list[Unit]]:
    """Units grouped into chunks of about CHUNK_COST; standard input is a chunk of its own."""
    chunk: list[Unit] = []
    cost = 0
    for unit in work:
        if isinstance(unit, FileUnit) and unit.path == STDIN:
            if chunk:
                yield chunk
            yield [unit]
            chunk, cost = [], 0
            continue
        chunk.append(unit)
        cost += 1 if isinstance(unit, LineUnit) else FILE_COST
        if cost >= CHUNK_COST:
            yield chunk
            chunk, cost = [], 0
    if chunk:
        yield chunk


# --- Checking -------------------------------------------------------------------------------


def check_chunk(chunk: list[Unit], options: Options) -> ChunkResult:
    """Check and format every unit of a chunk (this runs in a worker process)."""
    from scorecheck.api import unit_reports
    from scorecheck.i18n import using, violation_message

    render: Callable[[Report], str]
    if options.fmt == "json":  # import only the formatter in use: it is part of every start
        from scorecheck.report.jsonfmt import format_json

        render = partial(format_json, message=violation_message)
    else:
        from scorecheck.report.text import format_text

        render = partial(format_text, color=options.color, detail=options.detail)

    from scorecheck.report.summary import Totals

    express: Callable[..., tuple[str, tuple[Violation, ...]] | None] | None = None
    if options.fmt == "json":  # plain round lines of an archive take the express lane
        from scorecheck.express import express_line as express

    result = ChunkResult("", EXIT_OK, Totals())
    texts = []
    with using(options.lang):
        for unit in chunk:
            done = None
            if express is not None and type(unit) is LineUnit:
                done = express(*unit, debug=options.debug)
            if done is not None:  # a plain round line, checked in the express lane
                text, violations = done
                texts.append(text)
                if not result.totals.add_violations(violations):
                    result.worst = max(result.worst, EXIT_ERRORS)
                continue
            for report in unit_reports(unit, options.max_bytes, options.debug):
                texts.append(render(report))
                result.worst = max(result.worst, exit_code(report))
                result.totals.add(report)
    result.text = "\n".join(texts)
    return result


def default_jobs() -> int:
    """The number of cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def run(paths: Iterable[str], options: Options, jobs: int = 1) -> Iterator[ChunkResult]:
    """Check every input, chunk by chunk in input order, in up to `jobs` processes.

    Input that fits in one chunk (one small file, a short archive) is checked here: starting
    processes would cost more than it saves.
    """
    pieces = chunks(units(paths, options.max_bytes))
    head = list(itertools.islice(pieces, 2))
    if jobs <= 1 or len(head) < 2:
        for chunk in itertools.chain(head, pieces):
            yield check_chunk(chunk, options)
        return
    yield from _parallel(itertools.chain(head, pieces), options, jobs)


def _parallel(pieces: Iterator[list[Unit]], options: Options, jobs: int) -> Iterator[ChunkResult]:
    import multiprocessing

    # fork starts workers at once on Linux; elsewhere the platform's safe default.
    method = "fork" if sys.platform == "linux" else None
    with multiprocessing.get_context(method).Pool(jobs) as pool:
        window: deque[AsyncResult[ChunkResult] | list[Unit]] = deque()
        for chunk in pieces:
            # Workers have no standard input: a chunk that reads it is checked here, in turn.
            reads_stdin = any(isinstance(u, FileUnit) and u.path == STDIN for u in chunk)
            window.append(chunk if reads_stdin else pool.apply_async(check_chunk, (chunk, options)))
            while len(window) > jobs * CHUNKS_PER_JOB:
                yield _collect(window.popleft(), options)
        while window:
            yield _collect(window.popleft(), options)


def _collect(item: AsyncResult[ChunkResult] | list[Unit], options: Options) -> ChunkResult:
    return check_chunk(item, options) if isinstance(item, list) else item.get()
