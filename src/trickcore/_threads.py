"""Run a GIL-releasing kernel over a range of work items on several threads.

The compiled batch functions split their items into contiguous slices, one
per thread, and each thread works through its slice in chunks; between
chunks it returns to Python, so Ctrl-C in the caller is seen within a chunk
(a few milliseconds) and stops every worker, and an exception in a worker
stops the others and is raised in the caller.  Results never depend on the
number of threads: every item draws from its own generator.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["run_chunks"]


def run_chunks(
    work: Callable[[int, int], object],
    total: int,
    threads: int,
    chunk: int,
    on_interrupt: Callable[[], object] | None = None,
) -> None:
    """Call ``work(lo, hi)`` over ``range(total)`` in chunks of at most *chunk*
    items, on *threads* threads (contiguous slices, the caller's thread when 1).

    When the caller's thread is interrupted while workers run, *on_interrupt*
    is called at once, before waiting for them: a chunk that can be long (a
    double-dummy solve) is told to stop there."""
    threads = max(1, min(threads, total))
    if threads == 1:
        for lo in range(0, total, chunk):
            work(lo, min(lo + chunk, total))
        return
    stop = threading.Event()
    errors: list[BaseException] = []
    # Workers that have begun and not yet ended.  A worker counts itself
    # before it first looks at *stop*: once *stop* is set and the count is
    # 0, no work() call runs or will run, even from a thread whose start()
    # Ctrl-C interrupted.
    busy = threading.Condition()
    running = 0
    bounds = [total * w // threads for w in range(threads + 1)]
    # Each worker says when it is done: a Thread.join() interrupted by Ctrl-C
    # marks its thread as stopped although it still runs (CPython 3.11).
    done = [threading.Event() for _ in range(threads)]

    def run(w: int) -> None:
        nonlocal running
        with busy:
            running += 1
        try:
            for lo in range(bounds[w], bounds[w + 1], chunk):
                if stop.is_set():
                    return
                work(lo, min(lo + chunk, bounds[w + 1]))
        except BaseException as error:
            errors.append(error)
            stop.set()
        finally:
            with busy:
                running -= 1
                busy.notify_all()
            done[w].set()

    workers = [threading.Thread(target=run, args=(w,), daemon=True) for w in range(threads)]
    started: list[threading.Thread] = []
    try:
        for thread in workers:
            thread.start()  # Ctrl-C can come in here too
            started.append(thread)
        for event in done:
            # A wait with a timeout lets the caller's thread take Ctrl-C.
            while not event.wait(0.05):
                pass
    except BaseException:
        stop.set()
        if on_interrupt is not None:
            on_interrupt()
        with busy:  # not the done events: a worker never started sets none
            busy.wait_for(lambda: running == 0)
        raise
    finally:
        for thread in started:
            thread.join()  # a moment: each has finished its work
    if errors:
        raise errors[0]
