"""How long ``gtr analyse`` takes on a whole three-player game of about 400 decisions.

    python benchmarks/bench_analyse.py [--workers 2] [--budget 200] [--decisions 400] [--from-source]

The game is the first random self-play game of republic for three players (seeds
``analyse-1``, ``analyse-2``, ...) whose record has at least ``--decisions`` statements; it is
written to a temporary file and judged by the command line itself (``gtr analyse FILE
--workers N``), every decision of its main line at the default budget, so the time is the
one a user waits. Reported: the statements, the positions searched, the wall seconds, and the
CPU seconds of the command and its worker processes. ``--from-source`` runs the same with
``GTR_PURE_PYTHON=1``: the engine read from its sources, as an install without a compiler runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import notation  # noqa: E402

from gtr_replay.play.search import DEFAULT_PLAYOUTS  # noqa: E402
from gtr_replay.play.selfplay import selfplay  # noqa: E402


def long_game(statements: int) -> tuple[str, int]:
    """The record of the first self-play game with at least ``statements`` statements."""
    for seed in range(1, 200):
        game = next(selfplay("republic", 3, f"analyse-{seed}", 1))
        record = game.record(event=f"bench_analyse, seed analyse-{seed}")
        if len(record.steps) >= statements:
            return notation.write([record]), len(record.steps)
    raise SystemExit(f"no game of {statements} statements among 200 seeds")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--budget", type=int, default=DEFAULT_PLAYOUTS)
    parser.add_argument("--decisions", type=int, default=400, help="the least statements of the game judged")
    parser.add_argument("--from-source", action="store_true", help="run the engine from its sources")
    args = parser.parse_args()
    text, statements = long_game(args.decisions)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.gtr"
        path.write_text(text, encoding="utf-8")
        env = {**os.environ, **({"GTR_PURE_PYTHON": "1"} if args.from_source else {})}
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "gtr_replay", "analyse", str(path), "--workers",
                               str(args.workers), "--budget", str(args.budget), "--json"],
                              capture_output=True, text=True, env=env, cwd=ROOT)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(done.stderr or done.stdout)
    judged = json.loads(done.stdout)["judgements"]
    searched = sum(1 for j in judged if j["chance_played"] is not None)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    engine = "from source" if args.from_source else "as installed"
    print(f"republic 3p, {statements} statements, {searched} positions searched at {args.budget} playouts, "
          f"{args.workers} worker(s), engine {engine}: {wall:.1f} s wall, {cpu:.1f} CPU s "
          f"(load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
