"""Self-play throughput: decisions per second of random legal play, per ruleset.

    python benchmarks/bench_selfplay.py [--games 30] [--players 2 3 4 5]

Each decision includes enumerating every legal choice (to pick one) and applying it, which
checks it and makes the forced decisions that follow. Invariant checks are off.
"""

from __future__ import annotations

import argparse
import time

from gtr_replay.play.selfplay import selfplay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per ruleset and player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    grand_decisions, grand_seconds = 0, 0.0
    print(f"{'ruleset':<10}{'players':>8}{'games':>7}{'decisions':>11}{'seconds':>9}{'dec/s':>9}")
    for ruleset in ("classic", "republic", "imperium"):
        for players in args.players:
            started = time.perf_counter()
            decisions = sum(len(g.decisions) for g in selfplay(ruleset, players, args.seed, args.games))
            seconds = time.perf_counter() - started
            grand_decisions += decisions
            grand_seconds += seconds
            print(f"{ruleset:<10}{players:>8}{args.games:>7}{decisions:>11}{seconds:>9.2f}{decisions / seconds:>9.0f}")
    print(f"total: {grand_decisions} decisions in {grand_seconds:.2f} s = {grand_decisions / grand_seconds:.0f} decisions/s")


if __name__ == "__main__":
    main()
