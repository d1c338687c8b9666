"""Hostile inputs for the reader and the commands behind it: pathological shapes grown to a
size, and mutations of real records (byte flips, swaps, truncation, unicode, line ends).

Used by the fuzzing test (a small sample) and by benchmarks/fuzz.py and
benchmarks/bench_hostile.py (the long runs and the timing table).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Callable

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

HEAD = ('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben, Cid"]\n'
        '[Deck "seed:hostile:fy-1"]\n\nturn 1 Cid\n  Cid leads Craftsman with Dock\n')
STATEMENT = "  Ann thinks: jack\n"


def _lines(n: int) -> str:
    return STATEMENT * n


SHAPES: dict[str, tuple[str, int, Callable[[int], str]]] = {
    # name: (what the size counts, size of the issue report, text of that size)
    "unclosed-brace": ("lines", 4_000, lambda n: HEAD + "  Ann thinks: jack {\n" + _lines(n)),
    "unclosed-paren": ("lines", 4_000, lambda n: HEAD + "  ( Ann thinks: jack\n" + _lines(n)),
    "closed-comment": ("lines", 16_000, lambda n: HEAD + "  {\n" + "  a remark\n" * n + "  }\n"),
    "statements": ("statements", 100_000, lambda n: HEAD + _lines(n)),
    "deep-variations": ("levels", 10_000, lambda n: HEAD + "  ( Cid thinks: jack\n" * n + "  )\n" * n),
    "long-line": ("bytes", 10_000_000, lambda n: HEAD + "  Ann thinks: jack {" + "x" * n + "}\n"),
    "card-list": ("bytes", 1_000_000, lambda n: HEAD + "  Ann thinks: draw [" + "Road, " * (n // 6) + "Road]\n"),
    "glyphs": ("bytes", 1_000_000, lambda n: HEAD + "  Ann thinks: jack" + " !?" * (n // 3) + "\n"),
    "digits": ("digits", 5_000, lambda n: HEAD.replace("turn 1 ", "turn " + "1" * n + " ")),
}
