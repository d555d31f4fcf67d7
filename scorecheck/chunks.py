"""Chunks of work: units grouped by the work they hold, each checked and formatted where it
runs, and returned as text and totals (so only bytes and strings cross between processes).
Also the collection of cyclic garbage every few chunks (checked), which every checking
process does, the calling one (batch.py) and each of the pool's workers (pool.py).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scorecheck.api import unit_reports
from scorecheck.core.limits import DEFAULT_MAX_BYTES
from scorecheck.exits import EXIT_ERRORS, EXIT_INPUT, EXIT_OK, exit_code
from scorecheck.i18n import using, violation_message
from scorecheck.inputs import STDIN, FileUnit, LineUnit, RangeUnit, Unit, expand
from scorecheck.report.summary import Totals

if TYPE_CHECKING:
    from scorecheck.core.results import Report

# A chunk is about this many archive lines of work; a YAML or JSON file counts as FILE_COST
# lines (reading and composing YAML is much slower than json.loads of one line).
CHUNK_COST = 250
FILE_COST = 25
COLLECT_EVERY = 32  # chunks checked between collections of cyclic garbage (see checked)


@dataclass(frozen=True)
class Options:
    """How each document is checked and printed."""

    fmt: str = "text"
    color: bool = False
    max_bytes: int = DEFAULT_MAX_BYTES
    debug: bool = False
    detail: bool = False  # game records in text: every round tile by tile too
    lang: str = "en"  # the language of the reports (en, ru, ja)
    jsonl: bool = False  # standard input is JSON Lines
    player: str | None = None  # --player: show only this player (the exit code stays whole)


@dataclass
class ChunkResult:
    """A checked chunk: its reports printed one after another, the worst exit code, totals.

    Text comes as one string. JSON Lines come as a list of UTF-8 lines, never joined: joining
    a chunk's reports and adding its line end would make each worker fault in fresh pages
    for two new buffers a chunk; write_lines hands the lines to the kernel as they are.
    """

    output: str | list[bytes]
    worst: int
    totals: Totals
    written: bool = False  # its output already went to standard output, from a worker
    problems: list[str] = field(default_factory=list)  # for standard error: no such player


def _cost(unit: Unit) -> int:
    """The work a unit holds, in archive lines."""
    if isinstance(unit, RangeUnit):
        return unit.lines
    return 1 if isinstance(unit, LineUnit) else FILE_COST


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
        cost += _cost(unit)
        if cost >= CHUNK_COST:
            yield chunk
            chunk, cost = [], 0
    if chunk:
        yield chunk


def check_chunk(chunk: Sequence[Unit], options: Options) -> ChunkResult:
    """Check and format every unit of a chunk (this runs in a worker process)."""
    result = ChunkResult("", EXIT_OK, Totals())
    with using(options.lang):
        if options.fmt == "json":
            result.output = list(_json_reports(chunk, options, result))
        else:
            result.output = "\n".join(_text_reports(chunk, options, result))
    return result


_chunks_since_collection = 0
_in_worker = False  # set in a worker process: this process is scorecheck's alone (checked)


def checked(chunk: list[Unit], options: Options) -> ChunkResult:
    """check_chunk, with cyclic garbage collected every COLLECT_EVERY chunks instead of by
    the automatic collector, which the caller turns off.

    The collector's passes walk every long-lived object (the remembered parts of reports
    grow to tens of thousands), and checking a line makes little or no cyclic garbage: what
    refcounting does not free waits a few chunks. In a worker, what survives a collection is
    frozen (gc.freeze): the caches and modules live as long as the worker, so a pass walks
    only what is new since. Not in the calling process, whose objects are its own: there
    only generations 0 and 1 are collected, what checking made since the last pass, and what
    is still alive then moves to the oldest generation, which no pass of the run examines
    again. That is safe because what outlives a chunk (caches, results, the caller's frames)
    forms no reference cycles: refcounting frees it when it is dropped (a test holds that a
    run leaves no cyclic garbage). On Python 3.14, whose collector is incremental,
    collect(1) also takes a step through the old generation. The costs are in
    benchmarks/README.md.
    """
    global _chunks_since_collection
    result = check_chunk(chunk, options)
    _chunks_since_collection += 1
    if _chunks_since_collection >= COLLECT_EVERY:
        _chunks_since_collection = 0
        if _in_worker:
            gc.collect()
            gc.freeze()
        else:
            gc.collect(1)
    return result


def start_worker() -> None:
    """Make this process a worker of the pool: scorecheck's alone, so checked collects its
    garbage itself and freezes what survives (its caches and modules)."""
    global _in_worker
    gc.disable()  # see checked
    _in_worker = True


def _text_reports(chunk: Sequence[Unit], options: Options, result: ChunkResult) -> Iterator[str]:
    from scorecheck.report.text import format_text  # text only: JSON Lines runs skip it

    for report, elsewhere in _reports(chunk, options, result):
        text = format_text(report, color=options.color, detail=options.detail)
        yield text if elsewhere is None else f"{text}\n{elsewhere}"


def _json_reports(chunk: Sequence[Unit], options: Options, result: ChunkResult) -> Iterator[bytes]:
    """JSON Lines, as UTF-8: plain round lines of an archive take the plain-round path."""
    # JSON only: a text run skips importing the plain-round path and the JSON writer
    from scorecheck.plainrounds import plain_round_report
    from scorecheck.report.jsonfmt import format_json_bytes

    pending: list[Unit] = []  # for the general path, in order
    debug = options.debug
    clean = 0  # lines of the plain-round path without a violation, counted at the end (most lines)
    plain_rounds = options.player is None  # the plain-round path writes whole reports only
    for unit in chunk:
        for item in expand(unit, options.max_bytes):
            done = None
            if plain_rounds and type(item) is LineUnit:
                done = plain_round_report(*item, debug)
            if done is None:
                pending.append(item)
                continue
            if pending:  # what came before, in order
                for report, _ in _reports(pending, options, result):
                    yield format_json_bytes(report, violation_message)
                pending = []
            yield done[0]
            if not done[1]:
                clean += 1
            elif not result.totals.add_violations(done[1]):
                result.worst = max(result.worst, EXIT_ERRORS)
    result.totals.add_clean(clean)
    for report, _ in _reports(pending, options, result):
        yield format_json_bytes(report, violation_message)


def _reports(
    chunk: Iterable[Unit], options: Options, result: ChunkResult
) -> Iterator[tuple[Report, str | None]]:
    """The general path: every report of the units, counted whole into the result, and
    narrowed to --player with the errors it leaves out in words."""
    for unit in chunk:
        for report in unit_reports(unit, options.max_bytes, options.debug):
            result.worst = max(result.worst, exit_code(report))
            result.totals.add(report)
            if options.player is None:
                yield report, None
            else:
                yield from _narrowed(report, options.player, result)


def _narrowed(
    report: Report, player: str, result: ChunkResult
) -> Iterator[tuple[Report, str | None]]:
    """The part of a report about one player, or nothing and the reason as a problem."""
    from scorecheck.report.narrow import narrow  # --player only: it imports the lessons

    part = narrow(report, player, None)
    if part.problem is not None:
        result.problems.append(part.problem)
        result.worst = max(result.worst, EXIT_INPUT)
    else:
        yield part.shown, part.elsewhere


_IOV_MAX = 1024  # buffers a writev takes at most (POSIX guarantees 16; Linux and BSDs 1024)
_LINE_END = b"\n"


def write_lines(fd: int, lines: list[bytes]) -> None:
    """Each line and a line end, to a file descriptor, however many writes it takes."""
    pieces = [piece for line in lines for piece in (line, _LINE_END)]
    if not hasattr(os, "writev"):  # Windows: one buffer
        pieces = [b"".join(pieces)] if pieces else []
    for start in range(0, len(pieces), _IOV_MAX):
        some = pieces[start : start + _IOV_MAX]
        written = os.writev(fd, some) if len(some) > 1 else os.write(fd, some[0])
        if written < sum(map(len, some)):  # a pipe took part: the rest, a write at a time
            view = memoryview(b"".join(some))[written:]
            while view:
                view = view[os.write(fd, view) :]
