"""Checking many inputs at once: chunks of work, checked in parallel processes.

The inputs become units (inputs.py: a file, one line of a .jsonl archive, or a problem found
while listing them), cut into chunks of about the same work. Each chunk is checked and formatted
where it runs and comes back as text and totals, so only bytes and strings cross between
processes. At most a few chunks are in flight, so memory stays flat however long the input,
and the output keeps the input order.
"""

from __future__ import annotations

import gc
import itertools
import os
import signal
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from scorecheck.exits import EXIT_ERRORS, EXIT_INPUT, EXIT_OK, exit_code
from scorecheck.inputs import STDIN, FileUnit, LineUnit, RangeUnit, Unit, expand, units

if TYPE_CHECKING:  # imported where used: the command line imports this module for every command
    import queue
    from multiprocessing.connection import Connection

    from scorecheck.core.results import Report
    from scorecheck.report.summary import Totals

# A chunk is about this many archive lines of work; a YAML or JSON file counts as FILE_COST
# lines (reading and composing YAML is much slower than json.loads of one line).
CHUNK_COST = 250
FILE_COST = 25
COLLECT_EVERY = 32  # chunks checked between collections of cyclic garbage (see _checked)
CHUNKS_PER_JOB = 3  # in flight: enough to keep every process busy, few enough to stay small


@dataclass(frozen=True)
class Options:
    """How each document is checked and printed."""

    fmt: str = "text"
    color: bool = False
    max_bytes: int = 1024 * 1024
    debug: bool = False
    detail: bool = False  # game records in text: every round tile by tile too
    lang: str = "en"  # the language of the reports (en, ru, ja)
    jsonl: bool = False  # standard input is JSON Lines
    player: str | None = None  # --player: show only this player (the exit code stays whole)


@dataclass
class ChunkResult:
    """A checked chunk: its reports printed one after another, the worst exit code, totals.

    Text comes as one string. JSON Lines come as a list of UTF-8 lines, never joined: joining
    a chunk's ~1 MB of reports and adding its line end made each worker fault in fresh pages
    for two new buffers a chunk (~150,000 page faults and ~0.3 s of system time in a
    100,000-line run with --jobs 2); write_lines hands the lines to the kernel as they are.
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


# --- Checking -------------------------------------------------------------------------------


def check_chunk(chunk: Sequence[Unit], options: Options) -> ChunkResult:
    """Check and format every unit of a chunk (this runs in a worker process)."""
    from scorecheck.i18n import using
    from scorecheck.report.summary import Totals

    result = ChunkResult("", EXIT_OK, Totals())
    with using(options.lang):
        if options.fmt == "json":
            result.output = list(_json_reports(chunk, options, result))
        else:
            result.output = "\n".join(_text_reports(chunk, options, result))
    return result


def _text_reports(chunk: Sequence[Unit], options: Options, result: ChunkResult) -> Iterator[str]:
    from scorecheck.report.text import format_text

    for report, elsewhere in _reports(chunk, options, result):
        text = format_text(report, color=options.color, detail=options.detail)
        yield text if elsewhere is None else f"{text}\n{elsewhere}"


def _json_reports(chunk: Sequence[Unit], options: Options, result: ChunkResult) -> Iterator[bytes]:
    """JSON Lines, as UTF-8: plain round lines of an archive take the express lane."""
    from scorecheck.express import express_line
    from scorecheck.i18n import violation_message
    from scorecheck.report.jsonfmt import format_json_bytes

    pending: list[Unit] = []  # for the general path, in order
    debug = options.debug
    clean = 0  # lines of the lane without a violation, counted at the end (most lines)
    lane = options.player is None  # the lane writes whole reports only
    for unit in chunk:
        for item in expand(unit, options.max_bytes):
            done = express_line(*item, debug) if lane and type(item) is LineUnit else None
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
    from scorecheck.api import unit_reports
    from scorecheck.report.narrow import narrow

    for unit in chunk:
        for report in unit_reports(unit, options.max_bytes, options.debug):
            result.worst = max(result.worst, exit_code(report))
            result.totals.add(report)
            if options.player is None:
                yield report, None
                continue
            part = narrow(report, options.player, None)
            if part.problem is not None:
                result.problems.append(part.problem)
                result.worst = max(result.worst, EXIT_INPUT)
            else:
                yield part.shown, part.elsewhere


def default_jobs() -> int:
    """The number of cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def run(
    paths: Iterable[str], options: Options, jobs: int = 1, output: int | None = None
) -> Iterator[ChunkResult]:
    """Check every input, chunk by chunk in input order, in up to `jobs` processes.

    Input that fits in one chunk (one small file, a short archive) is checked here: starting
    processes would cost more than it saves. With `output` (a file descriptor) and JSON,
    worker processes write their reports to it themselves, in input order, and return only
    their totals: a report is written once instead of sent to this process and copied.
    """
    pieces = chunks(units(paths, options.max_bytes, options.jsonl))
    head = list(itertools.islice(pieces, 2))
    if jobs <= 1 or len(head) < 2:
        enabled = gc.isenabled()
        gc.disable()  # see _checked
        try:
            for chunk in itertools.chain(head, pieces):
                yield _checked(chunk, options)
        finally:
            if enabled:
                gc.enable()
        return
    direct = output if options.fmt == "json" and sys.platform == "linux" else None
    yield from _parallel(itertools.chain(head, pieces), options, jobs, direct)


class _Turn(NamedTuple):
    """Which chunk writes next, shared by the processes; the output they write to."""

    lock: Any
    next_chunk: Any
    output: int


_turn: _Turn | None = None  # set in each worker process


class _Channel:
    """The task pipe: the feeder thread alone writes it; the workers all read it, each message
    whole under a lock (multiprocessing's SimpleQueue, with ends that can be closed)."""

    def __init__(self, context: Any) -> None:
        self.reader, self.writer = context.Pipe(duplex=False)
        self.read_lock = context.Lock()

    def put(self, message: object) -> None:
        self.writer.send(message)

    def get(self) -> Any:
        with self.read_lock:
            return self.reader.recv()


def _work(
    tasks: _Channel, results: Connection, inboxes: list[Connection], turn: _Turn | None
) -> None:
    """A worker process: checks each chunk it is given until None, and sends back its result
    on its own pipe (or what went wrong: the parent raises it). Stops quietly if the parent
    is gone."""
    global _turn, _in_worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the parent, which stops us
    gc.disable()  # see _checked
    _turn = turn
    _in_worker = True
    # Only the parent writes tasks and reads results: without these copies of its ends, a
    # parent that is killed leaves the pipes open, and this worker waiting on them for ever.
    tasks.writer.close()
    for inbox in inboxes:
        inbox.close()
    try:
        while (task := tasks.get()) is not None:
            index, chunk, options = task
            try:
                result = (
                    _checked(chunk, options)
                    if turn is None
                    else _check_and_write(chunk, options, index)
                )
            except Exception as exc:
                results.send((index, None, _portable(exc)))
                return
            results.send((index, result, None))
    except (EOFError, BrokenPipeError):  # the parent is gone
        return


def _portable(exc: Exception) -> Exception:
    """The exception, or its description if it cannot be sent to another process."""
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc


_chunks_since_collection = 0
_in_worker = False  # set in a worker process: this process is scorecheck's alone (_checked)


def _checked(chunk: list[Unit], options: Options) -> ChunkResult:
    """check_chunk, with cyclic garbage collected every COLLECT_EVERY chunks instead of by
    the automatic collector, which the caller turns off.

    The collector's passes over every long-lived object (the remembered parts of reports
    grow to tens of thousands) took ~13% of a round's time in the express lane (callgrind),
    and checking a line makes little or no cyclic garbage: what refcounting does not free
    waits a few chunks. In a worker, what survives a collection is frozen (gc.freeze): the
    caches and modules live as long as the worker, and each pass over them took ~11 ms; with
    them frozen, a pass over what is new since takes ~0.2 ms. Not in the calling process,
    whose objects are its own.
    """
    global _chunks_since_collection
    result = check_chunk(chunk, options)
    _chunks_since_collection += 1
    if _chunks_since_collection >= COLLECT_EVERY:
        _chunks_since_collection = 0
        gc.collect()
        if _in_worker:
            gc.freeze()
    return result


def _parallel(
    pieces: Iterator[list[Unit]], options: Options, jobs: int, output: int | None
) -> Iterator[ChunkResult]:
    """The chunks checked by `jobs` worker processes, their results in input order.

    Not multiprocessing.Pool: its thread that looks after the workers also waits on the
    results pipe, and spins while a result waits there to be read (~0.2 s of CPU a
    100,000-line run, taken from the workers). Here the parent's main thread waits on each
    worker's result pipe, which ends when the worker dies; a feeder thread sends the chunks,
    so that a full task pipe never keeps the parent from reading the results the workers
    wait to send.
    """
    import multiprocessing
    import queue
    import threading

    # fork starts workers at once on Linux; elsewhere the platform's safe default.
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    turn = None
    if output is not None:
        turn = _Turn(context.Lock(), context.Value("q", 0, lock=False), output)
    tasks = _Channel(context)
    workers: list[Any] = []
    inboxes: list[Connection] = []  # a worker answers on its own inbox only
    for _ in range(jobs):
        inbox, outbox = context.Pipe(duplex=False)
        parents_ends = [*inboxes, inbox]  # the results pipes' ends a forked worker inherits
        worker = context.Process(
            target=_work, args=(tasks, outbox, parents_ends, turn), daemon=True
        )
        worker.start()
        # Closed here before the next worker starts, so that only this worker holds it: if it
        # dies, even half-way through a message, its inbox reads as ended (EOF).
        outbox.close()
        workers.append(worker)
        inboxes.append(inbox)
    tasks.reader.close()  # the workers' end: the feeder's writes fail once they are all gone
    feed: queue.SimpleQueue[tuple[int, list[Unit], Options] | None] = queue.SimpleQueue()
    feeder = threading.Thread(target=_feed, args=(feed, tasks, jobs), daemon=True)
    feeder.start()
    finished = False
    try:
        window: deque[tuple[int, list[Unit] | None]] = deque()  # a chunk: checked here
        done: dict[int, ChunkResult] = {}
        for index, chunk in enumerate(pieces):
            # Workers have no standard input: a chunk that reads it is checked here, in turn.
            if any(isinstance(u, FileUnit) and u.path == STDIN for u in chunk):
                window.append((index, chunk))
            else:
                feed.put((index, chunk, options))
                window.append((index, None))
            while len(window) > jobs * CHUNKS_PER_JOB:
                yield from _collect(*window.popleft(), done, inboxes, workers, options, turn)
        while window:
            yield from _collect(*window.popleft(), done, inboxes, workers, options, turn)
        finished = True
    finally:
        feed.put(None)  # the feeder tells each worker to stop, and stops
        if not finished:  # stopped early (an error, Ctrl-C, a closed output): no more work
            for worker in workers:
                worker.terminate()
        for worker in workers:
            worker.join()
        feeder.join()


def _feed(
    feed: queue.SimpleQueue[tuple[int, list[Unit], Options] | None], tasks: _Channel, jobs: int
) -> None:
    """The feeder thread: each task to the workers' pipe; at None, a None for each worker."""
    try:
        while (task := feed.get()) is not None:
            tasks.put(task)
        for _ in range(jobs):
            tasks.put(None)
    except OSError:  # the workers are gone: stopped early
        return


def _collect(
    index: int,
    here: list[Unit] | None,
    done: dict[int, ChunkResult],
    inboxes: list[Connection],
    workers: list[Any],
    options: Options,
    turn: _Turn | None,
) -> Iterator[ChunkResult]:
    """The result of chunk `index`, checked here or waited for; then the next chunk's turn."""
    from multiprocessing.connection import wait

    if here is not None:
        result = check_chunk(here, options)
    else:
        while index not in done:
            ready = wait(inboxes)
            for inbox, worker in zip(inboxes, workers, strict=True):
                if inbox not in ready:
                    continue
                try:
                    number, found, error = inbox.recv()
                except (EOFError, OSError):  # the worker is gone, maybe half-way through a message
                    worker.join(5)  # its exit code, once it is reaped
                    raise RuntimeError(
                        f"a worker process stopped (exit code {worker.exitcode})"
                    ) from None
                if error is not None:
                    raise error
                done[number] = found
        result = done.pop(index)
    yield result  # printed by the caller before it asks for more, unless a worker wrote it
    if turn is not None and not result.written:
        _next_turn(turn)  # chunks are collected in order: every earlier one is out


def _check_and_write(chunk: list[Unit], options: Options, index: int) -> ChunkResult:
    """check_chunk in a worker, its output written here if every earlier chunk's is out;
    else it goes back to the parent, which prints it in turn.

    Waiting for the turn instead left each worker idle ~6% of a long run (earlier chunks
    take longer now and then), while passing a chunk's output on costs the two processes
    ~3 ms of CPU; ~15% of chunks go that way.
    """
    assert _turn is not None
    result = _checked(chunk, options)
    with _turn.lock:
        if _turn.next_chunk.value != index:
            return result
    assert isinstance(result.output, list)  # workers write only JSON Lines (see run)
    write_lines(_turn.output, result.output)
    _next_turn(_turn)  # only once it is out: a failed write stops the run where it failed
    result.output = []
    result.written = True
    return result


def _next_turn(turn: _Turn) -> None:
    with turn.lock:
        turn.next_chunk.value += 1


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
