"""A test's body in a fresh interpreter, which runs one thread, as the CLI does.

The pool forks its workers only in a process of one thread (pool.start_method); a test
runner's worker process has a thread of its own (pytest-xdist's), so a test that needs forked
workers (one that patches what a worker runs) runs its body here instead.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar, cast

T = TypeVar("T")


def in_fresh_process(function: Callable[..., T], *args: Any) -> T:
    """function(*args) in a new interpreter (a module-level function, imported there): its
    value, or its exception raised here."""
    context = multiprocessing.get_context("spawn")
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(target=_run, args=(writer, function, args))
    process.start()
    writer.close()  # the child's alone: its end reads as ended if it dies
    try:
        failed, value = reader.recv()
    except EOFError:
        process.join(30)
        raise RuntimeError(f"the fresh process stopped (exit code {process.exitcode})") from None
    process.join(30)
    if failed:
        raise value
    return cast(T, value)


def _run(writer: Connection, function: Callable[..., object], args: tuple[Any, ...]) -> None:
    try:
        outcome: tuple[bool, object] = (False, function(*args))
    except Exception as exc:
        outcome = (True, exc)
    writer.send(outcome)
    writer.close()
