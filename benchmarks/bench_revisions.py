"""Two checkouts of gtr-replay timed on the same random playouts, paired round by round.

    git worktree add /tmp/base <commit>
    python benchmarks/bench_revisions.py /tmp/base [--head .] [--ruleset republic] [--rounds 8]
        [--games 20] [--listed] [--compiled] [--instructions]

A change to the engine is measured here against the checkout before it: each round runs one
child process per checkout, one right after the other and in alternating order, each playing
the same ``--games`` random playouts from the same deals (3 players, drawn with
``Game.random_legal`` or, with ``--listed``, chosen from ``Game.legal()``) and reporting its
CPU microseconds per decision. The figure is the median of the rounds' ratios (the base's time
over the head's: above 1, the head is faster) with the lowest and highest round. Both sides
run from source (``GTR_PURE_PYTHON=1``) unless ``--compiled``: a checkout then uses its own
compiled build where it has one that is current.

With ``--instructions`` (valgrind installed), each checkout instead plays ``--games`` playouts
once under callgrind and once with none, and the difference, the instructions its playouts
took, is divided by its decisions: a count that does not move with the machine's load, for a
change too small for paired rounds of CPU time to tell from the noise. Instructions are not
time (a cache miss costs more than an add), so a change it favours is timed as well.

With ``--import`` (and ``--instructions``), the work counted is an import's instead: the same
``--games`` self-play records (``bench_chess``'s corpus, written once by the head) read by each
checkout three ways under callgrind: into the store's rows (``game_rows``), replayed with the
``LiveState`` visitor alone, and parsed alone. Per statement, the replay is the second less the
third, and the store's side (its changes, seats and rows) the first less the second.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = """
import random, sys, time
sys.path.insert(0, {root!r})
from gtr_replay.engine import Game
from gtr_replay.play.selfplay import NAMES

def run(games):
    decisions = 0
    for g in range(games):
        name = f"revisions-{{g}}"
        game = Game.new({ruleset!r}, list(NAMES[:3]), seed=name)
        rng = random.Random(name)
        while not game.over:
            game.push(rng.choice(game.legal()) if {listed!r} else game.random_legal(rng))
            decisions += 1
    return decisions

if {counted!r}:
    print(run({games}))
else:
    run(1)
    start = time.process_time()
    decisions = run({games})
    print((time.process_time() - start) / decisions * 1e6)
"""


def _env(compiled: bool) -> dict[str, str]:
    """A child's environment: hashes seeded alike, and the engine from source unless ``compiled``."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("GTR_PURE_PYTHON", None)
    if not compiled:
        env["GTR_PURE_PYTHON"] = "1"
    return env


def _child(root: Path, ruleset: str, games: int, listed: bool, compiled: bool, counted: bool = False,
           under: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    code = _CHILD.format(root=str(root), ruleset=ruleset, games=games, listed=listed, counted=counted)
    done = subprocess.run([*under, sys.executable, "-c", code], cwd=root, env=_env(compiled), capture_output=True,
                          text=True)
    if done.returncode != 0:
        sys.exit(f"{root}: the playouts failed:\n{done.stderr.strip()}")
    return done


def timed(root: Path, ruleset: str, games: int, listed: bool, compiled: bool) -> float:
    """CPU microseconds per decision of one child process playing from ``root``."""
    return float(_child(root, ruleset, games, listed, compiled).stdout)


_CALLGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")


def _collected(done: subprocess.CompletedProcess, root: Path, what: str) -> int:
    """Callgrind's count of instructions in a child's run (its report is on standard error)."""
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"{root}: {what} gave no count:\n{done.stderr.strip()[-600:]}")
    return int(found.group(1))


def instructions(root: Path, ruleset: str, games: int, listed: bool, compiled: bool) -> tuple[int, float]:
    """The decisions of ``games`` playouts from ``root`` and the instructions each took (callgrind's
    count with the playouts less its count without them)."""
    _child(root, ruleset, 0, listed, compiled, counted=True)  # compiles what a checkout has not yet
    counts = []
    for played in (0, games):
        done = _child(root, ruleset, played, listed, compiled, counted=True, under=_CALLGRIND)
        counts.append((int(done.stdout), _collected(done, root, "the playouts under callgrind")))
    (_, alone), (decisions, total) = counts
    return decisions, (total - alone) / decisions


_IMPORT_CHILD = """
import sys
sys.path.insert(0, {root!r})
from gtr_replay.replay.files import parse_piece, record_pieces
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import LiveState
from gtr_replay.store.rows import game_rows
with open({corpus!r}, encoding="utf-8") as f:
    records = [r for _, line, piece in record_pieces(f.read()) for r in parse_piece("<corpus>", line, piece)]
game_rows(records[0], source="<corpus>", number=0)  # every module and cache loaded, as in a long import
statements = 0
for number, record in enumerate(records):
    if {work!r} == "rows":
        statements += len(game_rows(record, source="<corpus>", number=number).decisions)
    elif {work!r} == "replay":
        statements += sum(1 for _ in Replayer(record, LiveState()).run())
print(statements)
"""


def _import_counts(root: Path, corpus: Path, compiled: bool) -> dict[str, tuple[int, int]]:
    """Each way of reading the corpus from ``root``: the statements it read and callgrind's count."""
    found = {}
    for work in ("read", "replay", "rows"):
        code = _IMPORT_CHILD.format(root=str(root), corpus=str(corpus), work=work)
        done = subprocess.run([*_CALLGRIND, sys.executable, "-c", code], cwd=root, env=_env(compiled),
                              capture_output=True, text=True)
        count = _collected(done, root, f"reading the corpus ({work})")
        found[work] = (int(done.stdout), count)
    return found


_CORPUS = """
import sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {root!r} + "/benchmarks")
import bench_chess
with open({out!r}, "w", encoding="utf-8") as f:
    f.write(bench_chess.gtr_corpus({games}, "revisions-import"))
"""


def compare_import(args: argparse.Namespace) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("--import needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "corpus.gtr"
        made = subprocess.run([sys.executable, "-c", _CORPUS.format(root=str(args.head), games=args.games,
                                                                    out=str(corpus))],
                              cwd=args.head, env={**os.environ, "GTR_PURE_PYTHON": "1"}, capture_output=True,
                              text=True)
        if made.returncode != 0:
            sys.exit(f"{args.head}: making the corpus failed:\n{made.stderr.strip()[-600:]}")
        parts = {}
        for root in (args.base, args.head):
            found = _import_counts(root, corpus, args.compiled)
            statements = found["rows"][0]
            parts[root] = ((found["replay"][1] - found["read"][1]) / statements,
                           (found["rows"][1] - found["replay"][1]) / statements, statements)
    (replay, store, n), (replay2, store2, _) = parts[args.base], parts[args.head]
    print(f"import of {args.games} records ({n:,} statements), instructions a statement: replay base {replay:,.0f}, "
          f"head {replay2:,.0f} ({replay2 / replay:.3f}); the store's side base {store:,.0f}, head {store2:,.0f} "
          f"({store2 / store:.3f})")


def compare_instructions(args: argparse.Namespace) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (apt-get install valgrind)")
    found = {root: instructions(root, args.ruleset, args.games, args.listed, args.compiled)
             for root in (args.base, args.head)}
    (decisions, base), (played, head) = found[args.base], found[args.head]
    if decisions != played:
        print(f"the checkouts played different games ({decisions} and {played} decisions): the counts are "
              "a decision's on average, not on the same decisions")
    print(f"{args.ruleset}, {'listed' if args.listed else 'drawn'}, {args.games} playouts: base {base:,.0f}, head "
          f"{head:,.0f} instructions a decision; head/base {head / base:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path, help="the checkout to compare against (a git worktree)")
    parser.add_argument("--head", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--ruleset", default="republic", choices=("classic", "republic", "imperium"))
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--games", type=int, default=20, help="playouts per process")
    parser.add_argument("--listed", action="store_true", help="choose from game.legal() rather than draw")
    parser.add_argument("--compiled", action="store_true", help="let each checkout use its compiled build")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions a decision under callgrind instead of timing rounds")
    parser.add_argument("--import", dest="import_", action="store_true",
                        help="with --instructions: count an import's replay and store instead of playouts "
                             "(--games records)")
    args = parser.parse_args()
    for root in (args.base, args.head):
        if not (root / "gtr_replay" / "engine" / "game.py").is_file():
            sys.exit(f"{root} is not a gtr-replay checkout (no gtr_replay/engine/game.py)")
    if args.rounds < 1 or args.games < 1:
        sys.exit("--rounds and --games must be at least 1")
    if args.import_ and not args.instructions:
        sys.exit("--import counts instructions: give --instructions too")
    if args.instructions:
        compare_import(args) if args.import_ else compare_instructions(args)
        return
    ratios = []
    for n in range(args.rounds):
        order = (args.base, args.head) if n % 2 == 0 else (args.head, args.base)
        took = {root: timed(root, args.ruleset, args.games, args.listed, args.compiled) for root in order}
        ratios.append(took[args.base] / took[args.head])
        print(f"round {n + 1}: base {took[args.base]:.1f} µs, head {took[args.head]:.1f} µs a decision, "
              f"ratio {ratios[-1]:.3f}", flush=True)
    print(f"{args.ruleset}, {'listed' if args.listed else 'drawn'}: the head is {statistics.median(ratios):.2f} times "
          f"as fast as the base (median of {args.rounds} rounds; lowest {min(ratios):.2f}, highest {max(ratios):.2f})")


if __name__ == "__main__":
    main()
