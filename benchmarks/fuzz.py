"""Fuzzing: mutated records through the library paths behind `gtr check`, `gtr fmt` and
`gtr import`; every input must end in a result or a located error, in time.

    python benchmarks/fuzz.py                      # 100,000 inputs, one worker per core
    python benchmarks/fuzz.py --inputs 5000 --seed 3 --workers 1
    python benchmarks/fuzz.py --replay findings/crash-3-1234.gtr

The inputs are the rulebook's position records and the example games, each mutated one to
three times (byte flips, token swaps between records, truncation, unicode, CRLF/BOM/NUL,
huge and deep inputs up to about 1 MB: see tests/notation/hostile.py; benchmarks/bench_hostile.py
times bigger ones). An input is a crash when anything but a located error escapes, a hang when
it takes longer than --hang seconds (5) for each of the three commands, and as long again per
MB of input (a linear budget), twice in a row. Each finding is
written to --findings as the input that caused it. The same seed gives the same inputs.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import signal
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "notation")]

from exercise import exercise  # noqa: E402
from hostile import corpus, mutate  # noqa: E402


COMMANDS = 3
"""check, fmt and import: each input goes through the three."""


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def run_one(job: tuple[int, int, float]) -> tuple[int, str, float, int, str]:
    """(index, outcome, seconds, size, detail) of input ``index`` of the run seeded ``seed``."""
    seed, index, hang = job
    text, names = make_input(seed, index)
    signal.signal(signal.SIGALRM, _alarm)
    budget = COMMANDS * hang * (1 + len(text) / 1e6)  # per command, and as long again per MB
    for attempt in range(2):  # over budget twice: a hang (once may be a busy machine)
        signal.setitimer(signal.ITIMER_REAL, budget)
        started = time.perf_counter()
        try:
            outcome, detail = exercise(text), ""
            break
        except Hang:
            outcome, detail = "hang", "+".join(names)
        except BaseException as error:  # noqa: BLE001  (a crash is what we are looking for)
            outcome = "crash"
            detail = "+".join(names) + ": " + "".join(traceback.format_exception_only(error)).strip()[:500]
            break
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return index, outcome, time.perf_counter() - started, len(text.encode("utf-8", "surrogatepass")), detail


_TEXTS: list[str] = []


def make_input(seed: int, index: int) -> tuple[str, list[str]]:
    if not _TEXTS:
        _TEXTS.extend(corpus())
    rng = random.Random(f"{seed}-{index}")
    return mutate(rng.choice(_TEXTS), rng, _TEXTS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--hang", type=float, default=5.0,
                        help="seconds per command (as long again per MB of input) after which an "
                             "input is a hang")
    parser.add_argument("--findings", type=Path, default=Path("fuzz-findings"))
    parser.add_argument("--replay", type=Path, help="run one saved input and show what happens")
    args = parser.parse_args()
    if args.replay:
        text = args.replay.read_text(encoding="utf-8")
        started = time.perf_counter()
        outcome = exercise(text)
        print(f"{outcome} in {time.perf_counter() - started:.2f} s ({len(text) / 1e6:.2f} MB)")
        return
    jobs = ((args.seed, i, args.hang) for i in range(args.inputs))
    outcomes: Counter[str] = Counter()
    slowest: list[tuple[float, int, int]] = []
    total_bytes = 0
    started = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        for done, (index, outcome, seconds, size, detail) in enumerate(pool.imap_unordered(run_one, jobs, 16), 1):
            outcomes[outcome] += 1
            total_bytes += size
            slowest = sorted(slowest + [(seconds, size, index)], reverse=True)[:5]
            if outcome in ("crash", "hang"):
                args.findings.mkdir(exist_ok=True)
                path = args.findings / f"{outcome}-{args.seed}-{index}.gtr"
                path.write_text(make_input(args.seed, index)[0], encoding="utf-8")
                print(f"{outcome}: input {index} ({path}): {detail}", flush=True)
            if done % 10_000 == 0:
                print(f"{done:,} inputs, {time.perf_counter() - started:.0f} s: {dict(outcomes)}", flush=True)
    seconds = time.perf_counter() - started
    memory = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"{args.inputs:,} inputs ({total_bytes / 1e6:.0f} MB) in {seconds:.0f} s with {args.workers} worker(s): "
          f"{args.inputs / seconds:.0f} inputs/s")
    print(f"crashes {outcomes['crash']}, hangs (> {args.hang:g} s per command + as much per MB) {outcomes['hang']}; results: "
          f"all legal {outcomes['ok']}, rules refused {outcomes['rules']}, notation errors {outcomes['notation']}")
    print("slowest: " + ", ".join(f"input {i} {s:.2f} s ({b / 1e6:.1f} MB)" for s, b, i in slowest))
    print(f"largest worker memory: {memory:.0f} MB")
    sys.exit(1 if outcomes["crash"] or outcomes["hang"] else 0)


if __name__ == "__main__":
    main()
