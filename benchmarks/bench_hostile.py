"""Pathological inputs timed at 1x, 2x, 4x and 8x their size: each must grow linearly (or be
refused early) in the library paths behind `gtr check`, `gtr fmt` and `gtr import`.

    python benchmarks/bench_hostile.py                    # every shape, a markdown table
    python benchmarks/bench_hostile.py --shapes glyphs digits --factors 1 2

The shapes (tests/notation/hostile.py) are those a fuzzing run found slow or crashing: a `{`
or `(` left open before N lines, a comment of N lines, N statements, N nested variations, a
line of N bytes, a card list or glyphs of N bytes, a number of N digits, N records in a file.
"check" parses and replays each record strictly, "fmt" formats the text, "import" parses,
keys and replays each record into rows (nothing written). "8x/1x" is the growth of the
slowest path from 1x to 8x: about 8 is linear; a fast refusal stays near 1.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "notation")]

import notation  # noqa: E402
from hostile import SHAPES  # noqa: E402

from gtr_replay.replay.files import _check_piece, record_pieces  # noqa: E402
from gtr_replay.store import importer  # noqa: E402
from gtr_replay.vocabulary import card_vocabulary  # noqa: E402


def check(text: str) -> str:
    problems = [p for _, line, piece in record_pieces(text) for p in _check_piece(("x.gtr", line, piece, False, None))[3]]
    return _first(problems[0]) if problems else "all legal"


def fmt(text: str) -> str:
    try:
        notation.format_text(text, source="x.gtr", vocabulary=card_vocabulary())
    except notation.NotationError as error:
        return error.message
    return "formatted"


def import_(text: str) -> str:
    importer._start_worker({})
    outcomes = [importer._work(("x.gtr", n, line, piece, None))[2] for n, line, piece in record_pieces(text)]
    bad = [o for o in outcomes if isinstance(o, str)]
    return _first(bad[0]) if bad else f"{len(outcomes)} game(s) of rows"


def _first(problem) -> str:
    text = str(problem).split("\n")[0]
    return text.split(": ", 1)[1] if ": " in text else text


PATHS = {"check": check, "fmt": fmt, "import": import_}


def timed(path, text: str) -> tuple[float, str]:
    gc.collect()
    started = time.perf_counter()
    outcome = path(text)
    return time.perf_counter() - started, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shapes", nargs="*", default=list(SHAPES), choices=list(SHAPES))
    parser.add_argument("--factors", nargs="*", type=int, default=[1, 2, 4, 8])
    args = parser.parse_args()
    print("| shape | size | MB | check s | fmt s | import s | outcome (fmt) |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for name in args.shapes:
        unit, base, make = SHAPES[name]
        slowest = []
        for factor in args.factors:
            text = make(base * factor)
            times = {}
            for label, path in PATHS.items():
                times[label], outcome = timed(path, text)
                if label == "fmt":
                    shown = outcome[:60]
            slowest.append(max(times.values()))
            print(f"| {name} | {base * factor:,} {unit} | {len(text) / 1e6:.1f} | {times['check']:.2f} | "
                  f"{times['fmt']:.2f} | {times['import']:.2f} | {shown} |", flush=True)
        if len(slowest) > 1:
            print(f"| {name} | {args.factors[-1]}x/{args.factors[0]}x = {slowest[-1] / slowest[0]:.1f} | | | | | |")


if __name__ == "__main__":
    main()
