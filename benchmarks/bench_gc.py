"""The cyclic garbage collector in a run: what chunks.checked leaves it to do.

batch.run turns the automatic collector off, and chunks.checked collects every
COLLECT_EVERY chunks: in the calling process generations 0 and 1 only, freezing nothing; in
a worker of the pool (chunks.start_worker) a full pass, after which what survives is frozen.
Checks a round archive's chunks both ways, each in a forked process of its own, and prints
for each the passes of each generation, the objects frozen, the CPU time, whether a young
cycle made before the run is freed, and the cyclic garbage a full collection finds at the
end: what the chunks since the last pass left (frozen objects are not examined). One
untimed chunk first makes the first imports.

    python benchmarks/bench_gc.py [lines]
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
import time
import weakref
from multiprocessing.connection import Connection
from typing import Any

from common import archive, machine

from scorecheck import chunks, inputs
from scorecheck.chunks import check_chunk
from scorecheck.core.limits import DEFAULT_MAX_BYTES


class Cycle:
    """An object that refers to itself: only the cyclic garbage collector frees it."""

    def __init__(self) -> None:
        self.itself = self


def passes() -> list[int]:
    """How many times the collector has run, generation by generation."""
    return [generation["collections"] for generation in gc.get_stats()]


def run(path: str, worker: bool) -> dict[str, Any]:
    """Every chunk of the archive through chunks.checked, here or as a worker."""
    if worker:
        chunks.start_worker()
    else:
        gc.disable()  # as batch.run does: only checked collects
    pieces = list(chunks.chunks(inputs.units([path], DEFAULT_MAX_BYTES)))
    check_chunk(pieces[0], chunks.Options(fmt="json"))  # untimed: the first imports
    gc.collect()  # and their garbage, so that what is left at the end is the run's
    cycle = Cycle()
    gone = weakref.ref(cycle)
    del cycle
    before, frozen = passes(), gc.get_freeze_count()
    start = time.process_time()
    for chunk in pieces:
        chunks.checked(chunk, chunks.Options(fmt="json"))
    cpu = time.process_time() - start
    after, frozen_after = passes(), gc.get_freeze_count()
    return {
        "chunks": len(pieces),
        "passes": [a - b for a, b in zip(after, before, strict=True)],
        "frozen": frozen_after - frozen,
        "cpu": cpu,
        "freed": gone() is None,
        "left": gc.collect(),
    }


def in_child(path: str, worker: bool, answer: Connection) -> None:
    answer.send(run(path, worker))


def main(count: int = 20_000) -> None:
    path = str(archive(count))
    print(f"chunks.checked over {count:,} round lines, COLLECT_EVERY {chunks.COLLECT_EVERY}")
    print(f"on {machine()}")
    context = multiprocessing.get_context("fork")  # as the pool starts a worker here
    for name, worker in (("calling process", False), ("worker", True)):
        # Each in a process forked from this one, which has checked nothing: cold caches.
        reader, writer = context.Pipe(duplex=False)
        child = context.Process(target=in_child, args=(path, worker, writer))
        child.start()
        writer.close()
        figures = reader.recv()
        child.join()
        print(
            f"  {name}: {figures['chunks']} chunks, passes by generation "
            f"{figures['passes']}, {figures['frozen']:+,} objects frozen, "
            f"{figures['cpu']:.2f} s CPU, young cycle freed: {figures['freed']}, "
            f"cyclic garbage waiting for the next pass: {figures['left']:,}"
        )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
