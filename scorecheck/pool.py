"""The process pool: chunks checked by worker processes, their results in input order.

At most a few chunks are in flight, so memory stays flat however long the input. With JSON
and a real standard output, a forked worker writes its chunk itself when every earlier chunk
is out; otherwise the parent prints it in turn. Each chunk is checked by chunks.checked, as
in the calling process.
"""

from __future__ import annotations

import os
import signal
import sys
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from scorecheck.chunks import (
    ChunkResult,
    Options,
    check_chunk,
    checked,
    start_worker,
    write_lines,
)
from scorecheck.inputs import STDIN, FileUnit, Unit

if TYPE_CHECKING:
    import queue
    from multiprocessing.connection import Connection

CHUNKS_PER_JOB = 3  # in flight: enough to keep every process busy, few enough to stay small


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
    global _turn
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the parent, which stops us
    start_worker()
    _turn = turn
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
                    checked(chunk, options)
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
    import pickle  # only for a worker's error: a run in one process never needs it

    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc


def parallel(
    pieces: Iterator[list[Unit]], options: Options, jobs: int, output: int | None
) -> Iterator[ChunkResult]:
    """The chunks checked by `jobs` worker processes, their results in input order.

    Not multiprocessing.Pool: its thread that looks after the workers also waits on the
    results pipe, and spins while a result waits there to be read, taking CPU from the
    workers. Here the parent's main thread waits on each
    worker's result pipe, which ends when the worker dies; a feeder thread sends the chunks,
    so that a full task pipe never keeps the parent from reading the results the workers
    wait to send.
    """
    # Only with --jobs and more than one chunk: one small file is checked without them
    import multiprocessing
    import queue
    import threading

    method = start_method()
    context = multiprocessing.get_context(method)
    if method == "forkserver":  # each worker forked from a server that has imported us
        context.set_forkserver_preload([__name__])
    if method != "fork":
        output = None  # only a forked worker holds the parent's output: the parent prints
    turn = None
    if output is not None:
        turn = _Turn(context.Lock(), context.Value("q", 0, lock=False), output)
    tasks = _Channel(context)
    workers: list[Any] = []
    inboxes: list[Connection] = []  # a worker answers on its own inbox only
    for _ in range(jobs):
        inbox, outbox = context.Pipe(duplex=False)
        # The results pipes' ends a forked worker inherits (a worker started otherwise has
        # only what it is given).
        parents_ends = [*inboxes, inbox] if method == "fork" else []
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


def start_method() -> Literal["fork", "forkserver"] | None:
    """fork where it is safe, which starts workers at once: on Linux, in a process that runs
    no other thread (the CLI starts the feeder thread only once its workers are started). A
    child forked beside another thread (a program that embeds the library, a test runner's
    own thread) may deadlock on a lock that thread held, so such a process starts its workers
    from a fork server (a fresh interpreter of one thread); elsewhere the platform's default."""
    if sys.platform != "linux":
        return None
    try:
        threads = len(os.listdir("/proc/self/task"))  # threads not started by threading too
    except OSError:
        import threading  # as in parallel: only with workers

        threads = threading.active_count()
    return "fork" if threads == 1 else "forkserver"


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
    from multiprocessing.connection import wait  # as in parallel: only with workers

    if here is not None:
        result = check_chunk(here, options)
    else:
        while index not in done:
            ready = wait(inboxes)
            for inbox, worker in zip(inboxes, workers, strict=True):
                if inbox not in ready:
                    continue
                try:
                    number, chunk_result, error = inbox.recv()
                except (EOFError, OSError):  # the worker is gone, maybe half-way through a message
                    worker.join(5)  # its exit code, once it is reaped
                    raise RuntimeError(
                        f"a worker process stopped (exit code {worker.exitcode})"
                    ) from None
                if error is not None:
                    raise error
                done[number] = chunk_result
        result = done.pop(index)
    yield result  # printed by the caller before it asks for more, unless a worker wrote it
    if turn is not None and not result.written:
        _next_turn(turn)  # chunks are collected in order: every earlier one is out


def _check_and_write(chunk: list[Unit], options: Options, index: int) -> ChunkResult:
    """check_chunk in a worker, its output written here if every earlier chunk's is out;
    else it goes back to the parent, which prints it in turn.

    Waiting for the turn instead would leave each worker idle whenever an earlier chunk takes
    longer, while passing a chunk's output on costs the two processes little CPU and happens
    to a minority of chunks (benchmarks/README.md).
    """
    assert _turn is not None
    result = checked(chunk, options)
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
