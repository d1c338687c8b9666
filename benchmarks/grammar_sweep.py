"""The reader beside the grammar, the long sweep: every example line and many mutations of each,
read by the hand reader and by lark; every line they read differently is printed.

    python benchmarks/grammar_sweep.py                      # 40 mutations a line, seed 0
    python benchmarks/grammar_sweep.py --per-line 200 --seed 7

tests/notation/test_grammar_agrees.py runs a bounded sample of the same comparison in CI
(tests/notation/differential.py says what counts as reading a line differently). Exits 1 if
any line is read differently.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "notation")]

from differential import by_reader, compare, corpus  # noqa: E402


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--per-line", type=int, default=40, help="mutations of each example line")
    options.add_argument("--seed", type=int, default=0)
    options.add_argument("--show", type=int, default=50, help="lines read differently to print")
    args = options.parse_args()
    started = time.process_time()
    cases = corpus(args.per_line, args.seed)
    differ = []
    verdicts: Counter[str] = Counter()
    for case in cases:
        verdicts[by_reader(case).verdict] += 1
        why = compare(case)
        if why is not None:
            differ.append((case, why))
    seconds = time.process_time() - started
    print(f"{len(cases):,} lines ({dict(verdicts)}), {len(differ)} read differently, {seconds:.1f} s CPU")
    for case, why in differ[:args.show]:
        print(f"  {case.start}: {case.text!r}: {why}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
