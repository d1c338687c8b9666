"""Reading moves its new objects past the young generations, and still lets garbage go."""

import gc

from notation import Record, parse, parse_one, write
from record_maker import records


def test_records_held_by_garbage_cycles_do_not_pile_up():
    text = write(records(seed=3, count=1))
    assert gc.isenabled()
    holder = None
    for _ in range(3000):
        # a cycle holding the record, alive while the next record is read (as a replay is),
        # then garbage in the oldest generation: only a walk of it frees the record
        holder = [parse_one(text), holder]
        holder[1] = holder
    alive = sum(type(o) is Record for o in gc.get_objects())
    assert alive < 1500
    assert gc.isenabled()


def test_a_program_that_freezes_objects_keeps_them_frozen():
    kept = [object()]
    gc.freeze()
    try:
        parse_one(write(records(seed=3, count=1)))
        assert gc.get_freeze_count() > 0
        assert not any(o is kept for o in gc.get_objects())  # still in the permanent generation
    finally:
        gc.unfreeze()


def test_reading_makes_no_garbage_cycle():
    # a record dropped is freed by reference counting at once: nothing reading made (the
    # assembler, its turn drafts) holds its steps until the collector walks the oldest generation
    text = write(records(seed=5, count=3))
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        parse(text)
        gc.collect()
        assert [o for o in gc.garbage if type(o).__module__.startswith("notation")] == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
