"""Reading without the cyclic garbage collector walking the new records.

A record is a tree of many new objects (a step, its span, its fields for every
statement) with no cycle in it: once dropped, reference counting frees it. The
collector would still walk each new object two or three times while moving it
to its oldest generation, and that was more than half of reading's time.

So reading pauses the collector, then moves what it made straight to the
oldest generation (``gc.freeze`` then ``gc.unfreeze``), after collecting the
young generations so that only what reading made is moved. Objects moved that
way escape the count by which the collector decides when to walk its oldest
generation (a quarter more objects there since the last walk); without that
walk, garbage cycles that hold records (a finished replay, say) would pile up.
``reading`` keeps that count for the objects it moves, and walks the oldest
generation itself when the collector would have (at the start of the next
reading, when most records read before are dropped). A program that keeps objects
frozen itself is left alone: reading then only pauses the collector.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

_SMALLEST = 100_000
"""Objects moved before the oldest generation is walked, however small the heap."""


class _Count:
    moved = 0  # objects moved to the oldest generation since it was last walked
    threshold = 0  # a quarter of the objects tracked when it was last walked (0: not known yet)
    walks = -1  # the collector's own walks of it seen so far


@contextmanager
def reading() -> Iterator[None]:
    """No cyclic garbage collection while records are built, then their objects moved to the
    oldest generation at once."""
    moving = gc.isenabled() and gc.get_freeze_count() == 0
    if moving:
        if _due():
            gc.collect()  # the walk of the oldest generation the moved objects have made due
            _Count.walks, _Count.moved = gc.get_stats()[2]["collections"], 0
            _Count.threshold = len(gc.get_objects()) // 4
        else:
            gc.collect(1)
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if moving:
            _Count.moved += gc.get_count()[0]  # what reading made (the young generations were empty)
            gc.freeze()
            gc.unfreeze()
        if paused:
            gc.enable()


def _due() -> bool:
    """Whether the collector would walk its oldest generation now, had it seen the objects
    moved there (walked before the next reading, not after this one: by then most records
    read are dropped, and the walk is short)."""
    walks = gc.get_stats()[2]["collections"]
    if walks != _Count.walks:  # the collector walked it itself meanwhile
        _Count.walks, _Count.moved = walks, 0
    if _Count.moved < max(_Count.threshold, _SMALLEST):
        return False
    if _Count.threshold == 0:  # first time over the smallest count: learn the heap's size
        _Count.threshold = len(gc.get_objects()) // 4
    return _Count.moved >= _Count.threshold
