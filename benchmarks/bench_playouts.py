"""Random playouts beside python-chess's, in one run: decisions per CPU-second, paired rounds.

    python -m pip install -e ".[bench]"     # python-chess, the anchor
    python benchmarks/bench_playouts.py [--rounds 5] [--games 4] [--configs republic:3,classic:3]
    python benchmarks/bench_playouts.py --from-source     # the same, the engine read from source
    python benchmarks/bench_playouts.py --split           # and where a drawn decision's time goes

A playout is what a search does thousands of times a second: from a new deal, push a uniformly
random legal decision until the game is over, measured two ways: every legal decision listed
and one chosen (``game.push(rng.choice(game.legal()))``, "listed"), and one drawn without
listing them all (``game.push(game.random_legal(rng))``, "drawn": the same games, since both
draw the same decision from the same generator). The
anchor is the same loop in python-chess (``board.push(rng.choice(list(board.legal_moves)))``
until the game is over or 200 plies), the loop a chess engine's playout is measured by.

The machines this runs on are shared and noisy: each round times both sides one right after the
other in CPU seconds of this process (``time.process_time``) and gives one ratio, gtr-replay's
decisions per CPU-second over python-chess's plies per CPU-second; the figure reported for each
configuration is the median ratio of the rounds with the lowest and highest round, and the load
average before and after says how quiet the machine was. ``--from-source`` runs the same in a
child process with ``GTR_PURE_PYTHON=1``, so one command gives both builds.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    import chess
except ImportError:  # pragma: no cover - a usage error, not a failure
    sys.exit("bench_playouts needs python-chess: python -m pip install chess")

from gtr_replay import _native  # noqa: E402
from gtr_replay.engine import Game  # noqa: E402
from gtr_replay.play.selfplay import NAMES  # noqa: E402

DEFAULT_CONFIGS = "republic:3,classic:3,imperium:3,republic:2,classic:2,imperium:2,republic:4,republic:5"


def gtr_playouts(ruleset: str, players: int, games: int, seed: str, drawn: bool = False) -> int:
    """``games`` random playouts from new deals; the decisions made. ``drawn``: each decision
    drawn with ``random_legal`` rather than chosen from ``legal()``."""
    decisions = 0
    for g in range(games):
        name = f"playout-{ruleset}-{players}p-{seed}-{g}"
        game = Game.new(ruleset, list(NAMES[:players]), seed=name)
        rng = random.Random(name)
        while not game.over:
            game.push(game.random_legal(rng) if drawn else rng.choice(game.legal()))
            decisions += 1
    return decisions


def split(ruleset: str, players: int, games: int) -> dict:
    """Where a drawn playout's decision goes: microseconds drawing it and pushing it (the push
    includes looking for forced actions, which counts the next decision's choices)."""
    drawing = pushing = 0.0
    decisions = 0
    clock = time.perf_counter
    for g in range(games):
        name = f"playout-{ruleset}-{players}p-split-{g}"
        game = Game.new(ruleset, list(NAMES[:players]), seed=name)
        rng = random.Random(name)
        while not game.over:
            start = clock()
            decision = game.random_legal(rng)
            drawn = clock()
            game.push(decision)
            drawing += drawn - start
            pushing += clock() - drawn
            decisions += 1
    return {"draw_us": round(drawing / decisions * 1e6, 1), "push_us": round(pushing / decisions * 1e6, 1)}


def chess_playouts(games: int, seed: str) -> int:
    """``games`` random chess games of at most 200 plies; the plies played."""
    plies = 0
    for g in range(games):
        board = chess.Board()
        rng = random.Random(f"chess-{seed}-{g}")
        while not board.is_game_over() and board.ply() < 200:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies


def timed(work, *args) -> tuple[float, int]:
    start = time.process_time()
    done = work(*args)
    return time.process_time() - start, done


def measure(configs: list[tuple[str, int]], rounds: int, games: int, chess_games: int) -> dict:
    load_before = os.getloadavg()[0]
    rows = {}
    for ruleset, players in configs:
        ratios, ours, theirs, drawn_ratios, drawn = [], [], [], [], []
        for r in range(rounds):
            seconds, decisions = timed(gtr_playouts, ruleset, players, games, f"r{r}")
            drawn_seconds, same = timed(gtr_playouts, ruleset, players, games, f"r{r}", True)
            chess_seconds, plies = timed(chess_playouts, chess_games, f"r{r}")
            if same != decisions:
                sys.exit(f"{ruleset} {players}p: drawn playouts made {same} decisions, listed ones {decisions}")
            ours.append(decisions / seconds)
            drawn.append(decisions / drawn_seconds)
            theirs.append(plies / chess_seconds)
            ratios.append(ours[-1] / theirs[-1])
            drawn_ratios.append(drawn[-1] / theirs[-1])
        rows[f"{ruleset} {players}p"] = {
            "decisions_per_cpu_s": round(statistics.median(ours)),
            "drawn_per_cpu_s": round(statistics.median(drawn)),
            "chess_plies_per_cpu_s": round(statistics.median(theirs)),
            "ratio": round(statistics.median(ratios), 2),
            "lowest": round(min(ratios), 2),
            "highest": round(max(ratios), 2),
            "drawn_ratio": round(statistics.median(drawn_ratios), 2),
            "drawn_lowest": round(min(drawn_ratios), 2),
            "drawn_highest": round(max(drawn_ratios), 2),
        }
    return {"engine": _native.STATE, "rounds": rounds, "games": games, "chess_games": chess_games,
            "load": [round(load_before, 2), round(os.getloadavg()[0], 2)], "configs": rows}


def show(result: dict) -> None:
    print(f"engine: {result['engine']}; {result['rounds']} rounds of {result['games']} playouts "
          f"(python-chess: {result['chess_games']}); load {result['load'][0]} -> {result['load'][1]}")
    print(f"{'configuration':14} {'listed/CPU-s':>13} {'drawn/CPU-s':>12} {'chess plies/CPU-s':>18} "
          f"{'listed ratio':>20} {'drawn ratio':>20}")
    for name, row in result["configs"].items():
        print(f"{name:14} {row['decisions_per_cpu_s']:>13,} {row['drawn_per_cpu_s']:>12,} "
              f"{row['chess_plies_per_cpu_s']:>18,} {row['ratio']:>6.2f} ({row['lowest']:.2f}-{row['highest']:.2f})"
              f" {row['drawn_ratio']:>8.2f} ({row['drawn_lowest']:.2f}-{row['drawn_highest']:.2f})")


def parse_configs(text: str) -> list[tuple[str, int]]:
    configs = []
    for item in text.split(","):
        ruleset, _, players = item.strip().partition(":")
        if not players.isdigit() or not 2 <= int(players) <= 5:
            sys.exit(f"--configs: {item!r} is not RULESET:PLAYERS with 2 to 5 players (e.g. republic:3)")
        configs.append((ruleset, int(players)))
    return configs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="gtr-replay playouts per round and configuration")
    parser.add_argument("--chess-games", type=int, default=20, help="python-chess playouts per round")
    parser.add_argument("--configs", default=DEFAULT_CONFIGS, help="RULESET:PLAYERS, comma-separated")
    parser.add_argument("--from-source", action="store_true",
                        help="also run the engine from source (a child process with GTR_PURE_PYTHON=1)")
    parser.add_argument("--json", action="store_true", help="one JSON line per build")
    parser.add_argument("--split", action="store_true",
                        help="also say how a drawn decision's time splits between drawing and pushing it")
    args = parser.parse_args()
    if args.rounds < 1 or args.games < 1 or args.chess_games < 1:
        sys.exit("--rounds, --games and --chess-games must be at least 1")
    result = measure(parse_configs(args.configs), args.rounds, args.games, args.chess_games)
    if args.split:
        result["split"] = {f"{r} {p}p": split(r, p, args.games) for r, p in parse_configs(args.configs)}
    print(json.dumps(result)) if args.json else show(result)
    if args.split and not args.json:
        for name, parts in result["split"].items():
            print(f"{name}: a drawn decision {parts['draw_us'] + parts['push_us']:.1f} µs: drawing it "
                  f"{parts['draw_us']} µs, pushing it {parts['push_us']} µs (forced actions and the next "
                  "choices counted included)")
    if args.from_source and _native.STATE == "compiled":
        argv = [sys.executable, __file__, "--rounds", str(args.rounds), "--games", str(args.games),
                "--chess-games", str(args.chess_games), "--configs", args.configs] + (["--json"] if args.json else []) \
            + (["--split"] if args.split else [])
        if not args.json:
            print()
        subprocess.run(argv, env={**os.environ, "GTR_PURE_PYTHON": "1"}, check=True)


if __name__ == "__main__":
    main()
