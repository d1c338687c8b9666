"""bench_strength's samples add up across runs (``--tally``): each game counted once, by its
seed and number, and each setting of the search player a pairing of its own."""

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_strength.py"


def bench():
    spec = importlib.util.spec_from_file_location("bench_strength", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game(seed, number, won, *, budget=200, winners=None, opponent="random"):
    return json.dumps({"ruleset": "republic", "players": 2, "opponent": opponent, "seed": seed, "game": number,
                       "seat": number % 2, "budget": budget, "depth": 20, "policy": "prior", "won": won,
                       "winners": winners or (["Ann"] if won else ["Ben"]), "reason": "deck", "decisions": 180})


def test_games_add_up_across_runs_each_counted_once():
    lines = [
        json.dumps({"engine": "compiled", "budget": 200, "depth": 20, "policy": "prior", "games": 2, "seed": "1"}),
        game("1", 0, True), game("1", 1, False),
        json.dumps({"ruleset": "republic", "players": 2, "opponent": "random", "games": 2, "wins": 1}),
        game("2", 0, True, winners=["Ann", "Ben"]), game("2", 1, True),
        game("2", 1, True),  # the same game written twice
        "a line cut short {",
        game("3", 0, False, budget=50),
    ]
    rows = bench().tally(lines)
    assert [(r["budget"], r["games"], r["wins"], r["ties"], r["seeds"]) for r in rows] == [
        (50, 1, 0, 0, ["3"]), (200, 4, 3, 1, ["1", "2"])]
    full = rows[1]
    assert full["rate"] == 0.75
    low, high = full["interval"]
    assert low < 0.75 < high < 1.0


def test_the_command_tallies_files_and_says_when_there_is_nothing(tmp_path):
    runs = tmp_path / "strength.jsonl"
    runs.write_text("\n".join([game("1", 0, True), game("1", 1, True, opponent="greedy")]) + "\n", "utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--tally", str(runs)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "republic 2p vs greedy (200 playouts, depth 20, prior): won 1/1" in done.stdout
    assert "republic 2p vs random" in done.stdout
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", "utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--tally", str(empty)], capture_output=True, text=True)
    assert done.returncode == 1 and "no game lines" in done.stderr and "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, str(SCRIPT), "--tally", str(tmp_path / "missing.jsonl")],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "cannot read" in done.stderr and "Traceback" not in done.stderr
