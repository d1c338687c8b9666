"""The search player's strength: win rates against the uniform random and the greedy player.

    python benchmarks/bench_strength.py [--games 200] [--budget 200] [--depth 20] [--policy prior]
        [--configs republic:2,classic:2,imperium:2,republic:3,classic:3,imperium:3]
        [--opponents random,greedy] [--seed 1] [--json]

For each configuration and opponent, ``--games`` games are played from the shuffles named
``strength-RULESET-Np-OPPONENT-SEED-g``: the search player (``gtr_replay.play.SearchPlayer``,
``--budget`` playouts a decision, each at most ``--depth`` decisions deep, ``--policy``)
sits in seat ``g mod N``, every other seat is the opponent program (``random``: uniform among
the legal decisions; ``greedy``: ``GreedyPlayer``, one decision ahead by its own points;
``bot:B:D:POLICY``: another search player, to compare settings). A game counts as won when
the search player is among the winners (a shared win counts; ties are reported). The interval
is Wilson's 95% score interval of the win rate. Each game is printed as it ends (``--json``:
one JSON line a game, then one a pairing), so a run cut short still says what it measured.

Samples add up across runs: each run with another ``--seed`` plays other games, and
``--tally FILE...`` reads the game lines of any number of ``--json`` runs (a game counted once,
by its seed and number) and gives each pairing's total with its interval, one pairing for each
setting of budget, depth and policy:

    python benchmarks/bench_strength.py --json --games 10 --seed 7 --configs classic:2 >> strength.jsonl
    python benchmarks/bench_strength.py --tally strength.jsonl

The CPU seconds per decision of the search player are printed beside each pairing: how much
search the figure was bought with on this machine.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gtr_replay import _native  # noqa: E402
from gtr_replay.play import GreedyPlayer, RandomPlayer, SearchPlayer  # noqa: E402
from gtr_replay.play.search import DEFAULT_DEPTH, DEFAULT_PLAYOUTS  # noqa: E402
from gtr_replay.play.selfplay import NAMES, play_one  # noqa: E402

DEFAULT_CONFIGS = "republic:2,classic:2,imperium:2,republic:3,classic:3,imperium:3"


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval of a win rate (95% with the default ``z``)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A player program whose CPU seconds and decisions are counted."""

    def __init__(self, player) -> None:
        self.player = player
        self.name = player.name
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, game, seat, rng):
        start = time.process_time()
        decision = self.player.choose(game, seat, rng)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return decision


def opponent(text: str):
    if text == "random":
        return RandomPlayer()
    if text == "greedy":
        return GreedyPlayer()
    kind, _, rest = text.partition(":")
    if kind == "bot":
        parts = rest.split(":") if rest else []
        budget, depth, policy = [*parts, "", "", ""][:3]
        return SearchPlayer(int(budget or DEFAULT_PLAYOUTS), depth=int(depth or DEFAULT_DEPTH), policy=policy or "prior")
    sys.exit(f"--opponents: {text!r} is not random, greedy or bot:BUDGET:DEPTH:POLICY")


def tally(lines) -> list[dict]:
    """Each pairing's games in the ``--json`` game lines given (other lines are skipped), a
    game counted once by its seed and number: wins, ties and Wilson's interval, by ruleset,
    players, opponent and the search player's settings."""
    games: dict[tuple, dict[tuple, dict]] = {}
    for text in lines:
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if not isinstance(line, dict) or "won" not in line or "seed" not in line:
            continue
        key = (line["ruleset"], line["players"], line["opponent"], line["budget"], line["depth"], line["policy"])
        games.setdefault(key, {})[(line["seed"], line["game"])] = line
    rows = []
    for (ruleset, players, against, budget, depth, policy), played in sorted(games.items()):
        wins = sum(1 for g in played.values() if g["won"])
        ties = sum(1 for g in played.values() if g["won"] and len(g["winners"]) > 1)
        low, high = wilson(wins, len(played))
        rows.append({"ruleset": ruleset, "players": players, "opponent": against, "budget": budget, "depth": depth,
                     "policy": policy, "games": len(played), "wins": wins, "ties": ties,
                     "rate": round(wins / len(played), 3), "interval": [round(low, 3), round(high, 3)],
                     "seeds": sorted({str(seed) for seed, _ in played})})
    return rows


def pairing(ruleset: str, players: int, against: str, games: int, seed: str, bot: SearchPlayer,
            as_json: bool) -> dict:
    timed = Timed(bot)
    wins = ties = 0
    names = list(NAMES[:players])
    for g in range(games):
        seat = g % players
        seats = [timed if n == seat else opponent(against) for n in range(players)]
        played = play_one(ruleset, names, f"strength-{ruleset}-{players}p-{against}-{seed}-{g}", seats=seats)
        winners = played.result.winners
        won = names[seat] in winners
        wins += won
        ties += won and len(winners) > 1
        line = {"ruleset": ruleset, "players": players, "opponent": against, "seed": seed, "game": g, "seat": seat,
                "budget": bot.playouts, "depth": bot.depth, "policy": bot.policy,
                "won": won, "winners": list(winners), "reason": played.result.reason,
                "decisions": len(played.decisions)}
        print(json.dumps(line) if as_json else f"  game {g}: seat {seat}, {'won' if won else 'lost'} "
              f"({played.result.reason}, {len(played.decisions)} decisions)", flush=True)
    low, high = wilson(wins, games)
    return {"ruleset": ruleset, "players": players, "opponent": against, "games": games, "wins": wins,
            "ties": ties, "rate": round(wins / games, 3) if games else None, "interval": [round(low, 3), round(high, 3)],
            "cpu_s_per_decision": round(timed.seconds / timed.decisions, 3) if timed.decisions else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--budget", type=int, default=DEFAULT_PLAYOUTS, help="the search player's playouts a decision")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH, help="decisions a playout plays (0: to the end)")
    parser.add_argument("--policy", default="prior", help="playout policy: prior or uniform")
    parser.add_argument("--configs", default=DEFAULT_CONFIGS, help="RULESET:PLAYERS, comma-separated")
    parser.add_argument("--opponents", default="random,greedy", help="random, greedy, bot:BUDGET:DEPTH:POLICY")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--json", action="store_true", help="JSON lines")
    parser.add_argument("--tally", nargs="+", metavar="FILE", help="add up the games of earlier --json runs, play none")
    args = parser.parse_args()
    if args.tally:
        show_tally(args.tally, args.json)
        return
    if args.games < 1 or args.budget < 1:
        sys.exit("--games and --budget must be at least 1")
    bot = SearchPlayer(args.budget, depth=args.depth, policy=args.policy)
    header = {"engine": _native.STATE, "budget": args.budget, "depth": args.depth, "policy": args.policy,
              "games": args.games, "seed": args.seed}
    print(json.dumps(header) if args.json else f"search player: {args.budget} playouts, depth {args.depth}, "
          f"policy {args.policy}; engine {_native.STATE}; {args.games} games a pairing", flush=True)
    for item in args.configs.split(","):
        ruleset, _, players = item.strip().partition(":")
        for against in args.opponents.split(","):
            if not args.json:
                print(f"{ruleset} {players}p against {against.strip()}:", flush=True)
            row = pairing(ruleset, int(players), against.strip(), args.games, args.seed, bot, args.json)
            print(json.dumps(row) if args.json else
                  f"{ruleset} {players}p vs {row['opponent']}: won {row['wins']}/{row['games']} = {row['rate']:.0%} "
                  f"(95% CI {row['interval'][0]:.0%}-{row['interval'][1]:.0%}; ties {row['ties']}); "
                  f"{row['cpu_s_per_decision']} CPU-s a decision", flush=True)


def show_tally(paths: list[str], as_json: bool) -> None:
    lines = []
    for path in paths:
        try:
            lines += Path(path).read_text("utf-8").splitlines()
        except OSError as error:
            sys.exit(f"--tally: cannot read {path}: {error.strerror}")
    rows = tally(lines)
    if not rows:
        sys.exit(f"--tally: no game lines in {', '.join(paths)} (they come from runs with --json)")
    for row in rows:
        print(json.dumps(row) if as_json else
              f"{row['ruleset']} {row['players']}p vs {row['opponent']} ({row['budget']} playouts, depth "
              f"{row['depth']}, {row['policy']}): won {row['wins']}/{row['games']} = {row['rate']:.0%} "
              f"(95% CI {row['interval'][0]:.0%}-{row['interval'][1]:.0%}; ties {row['ties']}; "
              f"seeds {', '.join(row['seeds'])})")


if __name__ == "__main__":
    main()
