"""Fuzzing, a small sample: mutated records through check, fmt and import end in a result or a
located error, never a crash. (benchmarks/fuzz.py runs the long version.)"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from exercise import exercise
from notation import format_files

from gtr_replay.replay.files import check_files
from hostile import MUTATIONS, corpus, mutate

TEXTS = corpus(short=True)


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(base=st.sampled_from(TEXTS), steps=st.integers(1, 3), rng=st.randoms(use_true_random=False))
@example(base=TEXTS[0], steps=3, rng=random.Random(14))  # a rulebook position
@example(base=TEXTS[-1], steps=3, rng=random.Random(23))  # a game
def test_mutated_records_end_in_a_result_or_a_located_error(base, steps, rng):
    text, _ = mutate(base, rng, TEXTS, steps)
    assert exercise(text) in ("ok", "rules", "notation")


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(base=st.sampled_from(TEXTS), junk=st.text(min_size=1, max_size=40), at=st.integers(0, 10**6))
@example(base=TEXTS[-1], junk="{", at=0)  # a comment never closed
@example(base=TEXTS[-1], junk="\x00(\ufeff\u2028", at=10**6)  # control and separator characters at the end
@example(base=TEXTS[-1], junk="\nturn 1 Ann\n", at=len(TEXTS[-1]) // 2)  # a header out of order
def test_arbitrary_text_inserted_anywhere(base, junk, at):
    at %= len(base) + 1
    assert exercise(base[:at] + junk + base[at:], store=False) in ("ok", "rules", "notation")


def test_every_mutation_is_exercised_on_every_kind_of_record():
    rng = random.Random(14)
    for name in MUTATIONS:
        for base in (TEXTS[0], TEXTS[-1]):  # a rulebook position, a game
            text = MUTATIONS[name](base, rng, TEXTS[1])
            assert exercise(text) in ("ok", "rules", "notation"), name


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(base=st.sampled_from(TEXTS), flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)),
                                                   min_size=1, max_size=6))
@example(base=TEXTS[-1], flips=[(0, 0xFF)])  # not UTF-8 from the first byte
@example(base=TEXTS[-1], flips=[(10**6, 0xC3)])  # a multi-byte character cut short
def test_byte_flips_in_a_file_reach_check_and_fmt_as_located_problems(base, flips):
    data = bytearray(base.encode("utf-8"))
    for at, byte in flips:
        data[at % len(data)] = byte
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "flipped.gtr"
        path.write_bytes(bytes(data))
        report = check_files([path], workers=1)
        assert all(str(p).startswith(f"{path}:") for p in report.problems)
        formatted = format_files([path], check=True)
        assert formatted.status in (0, 1, 2)
        assert all(m.startswith(f"{path}:") for m in formatted.messages)
