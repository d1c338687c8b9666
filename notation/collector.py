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
So ``reading`` counts the objects it moves, and once they are many, looks at
the heap's size: when it has grown by an eighth since the last walk (records
held by garbage), it walks the oldest generation before reading again. A program
that keeps objects frozen itself is left alone: reading then only pauses the
collector.
"""

from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from typing import Iterator

_SMALLEST = 30_000
"""Objects moved, and blocks the heap grows by, that never call for a walk."""


class _Count:
    moved = 0  # objects reading moved to the oldest generation since it was last walked
    size = -1  # the heap's size (allocated blocks) after that walk (-1: not known)
    walks = -1  # the collector's own walks of it seen so far


@contextmanager
def reading() -> Iterator[None]:
    """No cyclic garbage collection while records are built, then their objects moved to the
    oldest generation at once."""
    moving = gc.isenabled() and gc.get_freeze_count() == 0
    if moving:
        if _due():
            gc.collect()  # the walk of the oldest generation its growth has made due
            _Count.walks, _Count.moved = gc.get_stats()[2]["collections"], 0
            _Count.size = sys.getallocatedblocks()
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
    """Whether the heap has grown by an eighth since the oldest generation was last walked,
    looked at only when reading has moved enough there to make it possible. (The collector
    counts the objects moved there as they come; most records read are dropped long before
    their count would call for a walk, so reading looks at the heap's size instead.)"""
    walks = gc.get_stats()[2]["collections"]
    if walks != _Count.walks:  # the collector walked it itself meanwhile
        _Count.walks, _Count.moved, _Count.size = walks, 0, -1
    if _Count.moved < _SMALLEST:
        return False
    size = sys.getallocatedblocks()  # a quick measure of the heap (walking it is not)
    if _Count.size < 0:  # not known since the collector's last walk: growth counts from here
        _Count.size, _Count.moved = size, 0
        return False
    grown = size - _Count.size
    if grown >= max(_Count.size // 8, _SMALLEST):
        return True
    _Count.moved = max(grown, 0)  # at most what is left of it: the rest was freed by reference counting
    return False
