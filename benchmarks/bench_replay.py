"""Parse + validate throughput of whole records: statements per second when the example games
(examples/games, no unseen cards) are parsed and replayed strictly, as ``gtr check`` does.

    python benchmarks/bench_replay.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: use the engine of this checkout
    sys.path.insert(0, str(ROOT))

import notation  # noqa: E402

from gtr_replay.replay.replayer import Replayer  # noqa: E402
from gtr_replay.replay.visitors import Statements  # noqa: E402
from gtr_replay.vocabulary import card_vocabulary  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="times every example game is read")
    args = parser.parse_args()
    texts = [p.read_text() for p in sorted((ROOT / "examples" / "games").glob("*.gtr"))]
    vocabulary = card_vocabulary()
    best = 0.0
    for _ in range(3):
        statements = 0
        started = time.perf_counter()
        for _ in range(args.repeat):
            for text in texts:
                for record in notation.parse(text, vocabulary=vocabulary):
                    statements += sum(1 for _ in Replayer(record, Statements()).run())
        best = max(best, statements / (time.perf_counter() - started))
    print(f"{len(texts)} records x {args.repeat}, {statements} statements: {best:,.0f} statements/s "
          "parsed and validated (best of 3)")


if __name__ == "__main__":
    main()
