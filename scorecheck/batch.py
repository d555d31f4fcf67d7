"""Checking many inputs at once: in this process, or chunk by chunk in a pool of processes.

The inputs become units (inputs.py: a file, one line of a .jsonl archive, or a problem found
while listing them), cut into chunks of about the same work (chunks.py), checked here or in
worker processes (pool.py); the output keeps the input order.
"""

from __future__ import annotations

import gc
import itertools
import os
from collections.abc import Iterable, Iterator

from scorecheck.chunks import ChunkResult, Options, checked, chunks
from scorecheck.inputs import units


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
        gc.disable()  # see chunks.checked
        try:
            for chunk in itertools.chain(head, pieces):
                yield checked(chunk, options)
        finally:
            if enabled:
                gc.enable()
        return
    # The pool only for more than one chunk: a single file is checked without it (and without
    # signal), which keeps the pool's imports off the start of `scorecheck check FILE`
    from scorecheck import pool

    direct = output if options.fmt == "json" else None
    yield from pool.parallel(itertools.chain(head, pieces), options, jobs, direct)
