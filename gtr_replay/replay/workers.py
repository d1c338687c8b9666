"""Worker processes that never outlive the process that started them.

``gtr check`` and ``gtr import`` read and replay records in a pool of worker processes.
A pool's workers wait on a queue; if their parent is killed (``kill -9``, an out-of-memory
kill, a crash), nothing tells them, and they would wait for ever. Two guards, set up in each
worker before it takes any work:

- on Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the kernel kills the worker the moment
  its parent dies, even while the worker is busy in C code. (The signal follows the *thread*
  that forked the worker; the pool forks from the thread that submits work, here the
  caller's, which lives as long as the pool is used.)
- everywhere, a watchdog thread that looks every ``WATCH_EVERY`` seconds whether the worker
  still has the parent it started with (an orphan is handed to another process), and
  ends the worker if not. It covers systems without ``prctl`` and the moment between the
  fork and the ``prctl`` call.

Workers also ignore Ctrl-C: the parent alone handles it, stops handing out work and lets the
workers finish and exit, so an interrupted run ends cleanly and says what it kept.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, Iterable, Iterator

PARALLEL_FROM = 16
"""Records from which ``check`` and ``import`` use worker processes on more than two cores."""

LARGE_INPUT = 256
"""Records from which they use two workers on a two-core machine. Measured there (834 records):
workers cost 6% more CPU for an import and 15% for a check (records and rows pickled across)
and halve the wall time on two free cores, but gain nothing on 32 records, nor on cores
other work already keeps busy. 256 records are about 10 s of import, 3 s of check."""

WATCH_EVERY = 0.25
"""Seconds between two looks of the watchdog at the worker's parent."""

_PR_SET_PDEATHSIG = 1


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def most_workers() -> int:
    """The most worker processes a run starts, whatever is asked: two a core, or four. The
    work is replaying, which keeps a core busy; more workers than that only cost memory (a
    request of thousands would start thousands of processes)."""
    return max(4, 2 * cores())


def worker_count(requested: int | None, records_at_least: Callable[[int], bool]) -> int:
    """How many worker processes to use (1: none): ``requested`` when given (at most
    ``most_workers``), else one per core
    where they pay: more than two cores and ``PARALLEL_FROM`` records, or two cores and
    ``LARGE_INPUT`` records (``records_at_least(n)`` says whether the input holds ``n``)."""
    if requested is not None:
        return max(1, min(requested, most_workers()))
    n = cores()
    if n > 2 and records_at_least(PARALLEL_FROM) or n == 2 and records_at_least(LARGE_INPUT):
        return n
    return 1


def pool(workers: int, initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> ProcessPoolExecutor:
    """A process pool whose workers end with this process, however it ends (at most
    ``most_workers`` of them)."""
    return ProcessPoolExecutor(max(1, min(workers, most_workers())), initializer=_start, initargs=(os.getpid(), initializer, initargs))


def _start(parent: int, initializer: Callable[..., None] | None, initargs: tuple) -> None:
    guard(parent)
    if initializer is not None:
        initializer(*initargs)


def guard(parent: int) -> None:
    """Make the calling process (a worker) end when ``parent`` does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the guard was set
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent-watchdog", daemon=True).start()


def _die_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where there is no prctl."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc: Any = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_EVERY)
    os._exit(1)


def ordered_map(executor: ProcessPoolExecutor, work: Callable[[Any], Any], tasks: Iterable[Any],
                window: int) -> Iterator[Any]:
    """``work`` over ``tasks`` in the pool, results in the order of the tasks, with at most
    ``window`` tasks handed out at a time: tasks are taken from ``tasks`` as results come
    back, so a file read one record at a time is never held whole in the queues."""
    pending: deque = deque()
    for task in tasks:
        pending.append(executor.submit(work, task))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()
