"""Validation throughput: decisions per second when replaying recorded games through the
engine (each decision checked, performed, and the forced actions after it made).

    python benchmarks/bench_validate.py [--games 20] [--cpu]

The games come from self-play; their decisions are recorded first, then replayed and
timed, so choosing a decision is not counted. This is the engine's share of
parse + validate (ARCHITECTURE.md budget: 36,000-50,000 decisions/s, goal twice that).
``--cpu`` counts this process's CPU seconds instead of wall time: on a shared, busy machine
that is the figure to compare between two checkouts run one after the other.
"""

from __future__ import annotations

import argparse
import time

from gtr_replay.engine import Game
from gtr_replay.play.selfplay import selfplay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per ruleset and player count")
    parser.add_argument("--seed", default="validate")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds of this process, not wall time")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    games = [g for ruleset in ("classic", "republic", "imperium") for players in (2, 3, 4, 5)
             for g in selfplay(ruleset, players, args.seed, args.games)]
    best = 0.0
    for _ in range(3):
        decisions = 0
        started = clock()
        for game in games:
            Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings).push_all(game.decisions)
            decisions += len(game.decisions)
        best = max(best, decisions / (clock() - started))
    unit = "CPU-s" if args.cpu else "s"
    print(f"{len(games)} games, {decisions} decisions: {best:,.0f} decisions/{unit} validated (best of 3)")


if __name__ == "__main__":
    main()
