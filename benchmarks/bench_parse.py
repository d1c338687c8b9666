"""Parse-only benchmark of the notation: statements/s, MB/s, and header scan records/s.

    python benchmarks/bench_parse.py            # a synthetic 1,000-game file
    python benchmarks/bench_parse.py FILE.gtr   # a file of your own
    python benchmarks/bench_parse.py --games 200 --seed 7

The synthetic games follow the turn structure (lead, answers, actions; the
leader passes clockwise) with random cards, so lines repeat about as often
as in real games. "cold" parses with an empty line cache; "warm" parses the
same text again. Times are CPU seconds of this process, the median of
``--rounds`` runs, and include the garbage collector's walks of what parsing
made (``parse`` pauses the collector while it reads each record and lets it run
between records; a young-generation collection afterwards walks what is left). The
header scan is the median of the same number of runs.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from notation import Vocabulary, iter_headers, parse  # noqa: E402
from notation import reader  # noqa: E402
from notation.cards import EDITIONS  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cid", "Dee", "Eve"]
ROLES = ["Patron", "Laborer", "Architect", "Craftsman", "Legionary", "Merchant"]
MATERIALS = ["Rubble", "Wood", "Brick", "Concrete", "Stone", "Marble"]


def game(rng: random.Random, number: int) -> str:
    seats = PLAYERS[: rng.randint(2, 5)]
    cards = EDITIONS["republic"]
    pick = lambda: rng.choice(cards)  # noqa: E731
    lines = [
        '[Game "Glory to Rome"]', f'[Event "Benchmark {number}"]', '[Date "2026.11.19"]',
        '[Ruleset "republic"]', f'[Players "{", ".join(seats)}"]', f'[Result "{seats[0]} 20"]', "",
        "setup", "  pool: " + ", ".join(f"{p} {pick()}" for p in seats),
    ]
    lines += [f"  hand {p}: " + ", ".join(pick() for _ in range(5)) for p in seats]
    for turn in range(1, rng.randint(40, 60)):
        leader = seats[(turn - 1) % len(seats)]
        lines += ["", f"turn {turn} {leader}"]
        if rng.random() < 0.2:
            lines.append(f"  {leader} thinks: {rng.choice(['jack', 'refill', 'draw'])}")
            continue
        role = rng.choice(ROLES)
        lines.append(f"  {leader} leads {role} with {pick()}")
        others = seats[seats.index(leader) + 1:] + seats[: seats.index(leader)]
        actors = [leader]
        for player in others:
            if rng.random() < 0.6:
                lines.append(f"  {player} follows with {pick()}")
                actors.append(player)
            else:
                lines.append(f"  {player} thinks: draw [{pick()}]")
        for player in actors:
            lines.append("  " + action(rng, role, player, pick))
    return "\n".join(lines) + "\n"


def action(rng: random.Random, role: str, player: str, pick) -> str:
    if role == "Patron":
        return f"{player} hires {pick()}"
    if role == "Laborer":
        return f"{player} gathers {pick()}"
    if role == "Merchant":
        return f"{player} sells {pick()}"
    if role == "Legionary":
        return f"{player} demands {rng.choice(MATERIALS)} showing {pick()}"
    if rng.random() < 0.5:
        return f"{player} lays {pick()}"
    return f"{player} adds {pick()} to {pick()}"


def timed(work) -> tuple[float, object]:
    gc.collect()  # a collection of earlier garbage must not land in the timing
    start = time.process_time()
    value = work()
    gc.collect(0)  # the walk of what the work made, which the next allocations would make
    return time.process_time() - start, value


def median(work, rounds: int) -> tuple[float, object]:
    runs = [timed(work) for _ in range(rounds)]
    return statistics.median(seconds for seconds, _ in runs), runs[-1][1]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("file", nargs="?", help="a .gtr file (default: synthetic games)")
    options.add_argument("--games", type=int, default=1000)
    options.add_argument("--seed", type=int, default=2026)
    options.add_argument("--rounds", type=int, default=3)
    args = options.parse_args()
    if args.file:
        text = Path(args.file).read_text(encoding="utf-8")
    else:
        rng = random.Random(args.seed)
        text = "\n".join(game(rng, n) for n in range(args.games))
    megabytes = len(text.encode()) / 1e6
    vocabulary = Vocabulary.default()

    def cold() -> list:
        reader._caches.clear()
        return parse(text, vocabulary=vocabulary)

    seconds, records = median(cold, args.rounds)
    statements = sum(len(r.steps) for r in records)
    print(f"{len(records)} records, {statements} statements, {megabytes:.1f} MB; CPU seconds, median of {args.rounds}")
    print(f"parse (cold cache): {statements / seconds:10,.0f} statements/s {megabytes / seconds:6.2f} MB/s")
    seconds, _ = median(lambda: parse(text, vocabulary=vocabulary), args.rounds)
    print(f"parse (warm cache): {statements / seconds:10,.0f} statements/s {megabytes / seconds:6.2f} MB/s")
    seconds, headers = median(lambda: list(iter_headers(text)), args.rounds)
    print(f"iter_headers:       {len(headers) / seconds:10,.0f} records/s    {megabytes / seconds:6.1f} MB/s")


if __name__ == "__main__":
    main()
