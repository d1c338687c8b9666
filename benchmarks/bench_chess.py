"""gtr-replay beside python-chess, in one run: CPU seconds, interleaved rounds, ratios.

    python -m pip install chess          # the benchmark's one extra dependency
    python benchmarks/bench_chess.py [--games 1008] [--chess-games 1000] [--rounds 3]

The machines this runs on are shared and noisy, so absolute rates mean little: each measure
is taken for both libraries in the same round, one right after the other, in CPU seconds of
this process (``time.process_time``). Each round gives one ratio gtr-replay / python-chess;
the figure reported is the median of the rounds' ratios with their lowest and highest, and
the load average before and after the run says how quiet the machine was. A ratio of two
sides' best rounds taken apart is never used: a run whose load drifts would pair one side's
quiet round with the other's busy one. The corpora are made first (not timed):

- gtr-replay: self-play records of every ruleset and player count, half starting from a
  ``Deck`` tag, half from a setup block with every drawn card listed;
- python-chess: random legal games (seeded), written as PGN.

Measures: parse + validate in one process (decisions vs plies per CPU-second: ``gtr check``'s
work without workers, a record at a time, against ``chess.pgn.read_game``, a game at a
time), parse only with a cold line cache (statements/s, a record at a time as the commands
parse, against a token + SAN-regex read of the movetext), header scan (records/s:
``notation.iter_headers`` against ``chess.pgn.read_headers``), import with snapshots into
SQLite (decisions/s and bytes per decision, against each ply's SAN and FEN written as the game
is read, in one pass: a ``chess.pgn`` visitor, no game tree, no second legal-move generation
per ply for the SAN), and peak memory of a
parse + validate reading one record (one game) at a time (a fresh process each).

What the two sides do differs where the libraries differ, and it is said here rather than
evened out. Parse only: gtr-replay builds the typed records (steps, turns, statements; the
line cache is cleared first, so every distinct line is read again) and frees them again
inside the measure, python-chess matches tokens and builds nothing. Header scan: gtr-replay
reads every record's tags and leaves a header's line number to be counted when it is asked
for (the measure does not ask; ``read_headers`` gives no line at all); reading every
header's ``line`` as well costs about as much again, all of it counting line ends.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

try:
    import chess
    import chess.pgn
except ImportError:  # pragma: no cover - a usage error, not a failure
    sys.exit("bench_chess needs python-chess: python -m pip install chess")

import notation  # noqa: E402
from notation import reader  # noqa: E402

from gtr_replay import _native  # noqa: E402
from gtr_replay.replay.files import check_piece, parse_piece, record_pieces  # noqa: E402
from gtr_replay.play.selfplay import selfplay  # noqa: E402
from gtr_replay.store import Store, import_files  # noqa: E402

CONFIGS = [(r, n) for r in ("classic", "republic", "imperium") for n in (2, 3, 4, 5)]


# -- corpora ---------------------------------------------------------------------------------

def gtr_corpus(games: int, seed: str) -> str:
    per = max(1, games // len(CONFIGS))
    records = []
    for ruleset, players in CONFIGS:
        for n, game in enumerate(selfplay(ruleset, players, seed, per)):
            records.append(game.record(draws=n % 2 == 1))
    return notation.write(records)


def chess_corpus(games: int, seed: int) -> str:
    rng = random.Random(seed)
    out = []
    for g in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 200:
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Random {g}"
        out.append(str(game))
    return "\n\n".join(out) + "\n"


# -- the measures, one function per library and measure ------------------------------------

def gtr_validate(text: str) -> int:
    """What ``gtr check`` does for each record in turn without workers (``check_piece``: the
    record's text cut out, parsed and replayed), as ``read_game`` reads one game at a time."""
    decisions = 0
    for _, line, piece in record_pieces(text):
        _, _, replayed, problems, _ = check_piece(("<benchmark>", line, piece, False, None))
        if problems:
            raise SystemExit(f"a benchmark record does not replay: {problems[0]}")
        decisions += replayed
    return decisions


def chess_validate(text: str) -> int:
    plies = 0
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        if game.errors:
            raise SystemExit(f"a benchmark game does not replay: {game.errors[0]}")
        plies += sum(1 for _ in game.mainline_moves())
    return plies


def gtr_parse(text: str) -> int:
    """The records parsed as ``gtr check`` and ``gtr import`` parse them, one at a time
    (``parse_piece``), each freed before the next."""
    reader._caches.clear()  # cold: every distinct line parsed again
    return sum(len(record.steps) for _, line, piece in record_pieces(text)
               for record in parse_piece("<benchmark>", line, piece))


def chess_parse(text: str) -> int:
    """The movetext read as ``chess.pgn`` tokenises it, each move token matched by the SAN
    regex: python-chess's syntax check without the board."""
    moves = 0
    for line in text.splitlines():
        if not line or line.startswith("["):
            continue
        for match in chess.pgn.MOVETEXT_REGEX.finditer(line):
            token = match.group(0)
            if token[0] not in "{;%(\n)$!?*" and not token[0].isdigit() and chess.SAN_REGEX.match(token):
                moves += 1
    return moves


def gtr_headers(text: str) -> int:
    return sum(1 for _ in notation.iter_headers(text))


def chess_headers(text: str) -> int:
    stream = io.StringIO(text)
    count = 0
    while chess.pgn.read_headers(stream) is not None:
        count += 1
    return count


def gtr_import(text: str) -> tuple[int, int]:
    with tempfile.TemporaryDirectory() as folder:
        path, db = Path(folder) / "games.gtr", Path(folder) / "games.db"
        path.write_text(text, encoding="utf-8")
        with Store(db) as store:
            report = import_files(store, [path], workers=1)
        return sum(a.decisions for a in report.added), db.stat().st_size


class _PliesAsRead(chess.pgn.BaseVisitor):
    """One pass over a game: each ply's SAN as written and the FEN after it, as the reader
    reads them (the SAN is parsed once, by the reader; no game tree is built)."""

    def begin_game(self) -> None:
        self.rows: list[tuple[str, str]] = []
        self.san: str | None = None

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        self.san = san
        return board.parse_san(san)

    def visit_board(self, board: chess.Board) -> None:
        if self.san is not None:
            self.rows.append((self.san, board.fen()))
            self.san = None

    def result(self) -> list[tuple[str, str]]:
        return self.rows


def chess_import(text: str) -> tuple[int, int]:
    """Every ply's SAN and FEN into SQLite, read in one pass (``_PliesAsRead``)."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.db"
        conn = sqlite3.connect(db)
        conn.execute("CREATE TABLE plies (game INTEGER, ply INTEGER, san TEXT, fen TEXT, PRIMARY KEY (game, ply))")
        stream = io.StringIO(text)
        plies = 0
        number = 0
        while (read := chess.pgn.read_game(stream, Visitor=_PliesAsRead)) is not None:
            number += 1
            rows = [(number, ply, san, fen) for ply, (san, fen) in enumerate(read, 1)]
            with conn:
                conn.executemany("INSERT INTO plies VALUES (?, ?, ?, ?)", rows)
            plies += len(rows)
        conn.close()
        return plies, db.stat().st_size


def timed(work, text):
    gc.collect()
    start = time.process_time()
    value = work(text)
    return time.process_time() - start, value


_PEAK = {
    "gtr": """
import sys
sys.path.insert(0, {root!r})
import notation
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import CheckOnly
from gtr_replay.vocabulary import card_vocabulary
for record in notation.read_records({path!r}, vocabulary=card_vocabulary()):  # one at a time, as gtr check
    Replayer(record, CheckOnly()).check()
print(next(l.split()[1] for l in open("/proc/self/status") if l.startswith("VmHWM")))
""",
    "chess": """
import chess.pgn
stream = open({path!r}, encoding="utf-8")
while (game := chess.pgn.read_game(stream)) is not None:
    pass
print(next(l.split()[1] for l in open("/proc/self/status") if l.startswith("VmHWM")))
""",
}


def peak_mib(side: str, path: Path) -> float:
    """Peak memory (MiB) of a fresh process that parses and validates the file (its VmHWM:
    ``ru_maxrss`` would carry the parent's peak across the exec)."""
    code = _PEAK[side].format(root=str(ROOT), path=str(path))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return int(out.split()[-1]) / 1024


# -- the run ---------------------------------------------------------------------------------

MEASURES = [
    ("parse + validate, one process", gtr_validate, chess_validate, "decisions", "plies"),
    ("parse only, cold line cache", gtr_parse, chess_parse, "statements", "SAN tokens"),
    ("header scan", gtr_headers, chess_headers, "records", "games"),
]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--games", type=int, default=1008, help="gtr-replay records (spread over 12 configurations)")
    options.add_argument("--chess-games", type=int, default=1000)
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--seed", default="bench-chess")
    options.add_argument("--no-import", action="store_true", help="skip the SQLite import measure")
    options.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = options.parse_args()

    gtr_text = gtr_corpus(args.games, args.seed)
    chess_text = chess_corpus(args.chess_games, 2026)
    measures = list(MEASURES)
    if not args.no_import:
        measures.append(("import with snapshots", lambda t: gtr_import(t)[0], lambda t: chess_import(t)[0],
                         "decisions", "plies"))
    load_before = os.getloadavg()[0]
    ratios: dict[str, list[float]] = {name: [] for name, *_ in measures}
    rates: dict[str, list[tuple[float, float]]] = {name: [] for name, *_ in measures}
    for _ in range(args.rounds):
        for name, ours, theirs, *_ in measures:  # paired: both sides in every round, back to back
            pair = []
            for work, text in ((ours, gtr_text), (theirs, chess_text)):
                seconds, count = timed(work, text)
                pair.append(count / max(seconds, 1e-9))
            rates[name].append((pair[0], pair[1]))
            ratios[name].append(pair[0] / pair[1])
    rows = []
    for name, _, _, ours_unit, theirs_unit in measures:
        ours = statistics.median(r[0] for r in rates[name])
        theirs = statistics.median(r[1] for r in rates[name])
        rows.append({"measure": name, "gtr": round(ours), "gtr_unit": f"{ours_unit}/CPU-s",
                     "chess": round(theirs), "chess_unit": f"{theirs_unit}/CPU-s",
                     "ratio": round(statistics.median(ratios[name]), 2),
                     "low": round(min(ratios[name]), 2), "high": round(max(ratios[name]), 2)})
    with tempfile.TemporaryDirectory() as folder:
        gtr_path, chess_path = Path(folder) / "g.gtr", Path(folder) / "c.pgn"
        gtr_path.write_text(gtr_text, encoding="utf-8")
        chess_path.write_text(chess_text, encoding="utf-8")
        ours, theirs = peak_mib("gtr", gtr_path), peak_mib("chess", chess_path)
        rows.append({"measure": "peak memory, parse + validate", "gtr": round(ours, 1), "gtr_unit": "MiB",
                     "chess": round(theirs, 1), "chess_unit": "MiB", "ratio": round(ours / theirs, 2),
                     "low": None, "high": None})
        if not args.no_import:
            decisions, size = gtr_import(gtr_text)
            plies, chess_size = chess_import(chess_text)
            rows.append({"measure": "database bytes per decision", "gtr": round(size / decisions),
                         "gtr_unit": "bytes", "chess": round(chess_size / plies), "chess_unit": "bytes",
                         "ratio": round((size / decisions) / (chess_size / plies), 2), "low": None, "high": None})
    load = (round(load_before, 2), round(os.getloadavg()[0], 2))
    if args.json:
        print(json.dumps({"gtr_bytes": len(gtr_text.encode()), "chess_bytes": len(chess_text.encode()),
                          "engine": _native.STATE, "reader": _native.NOTATION.state, "rounds": args.rounds,
                          "load": load, "rows": rows}, indent=2))
        return
    print(f"corpora: {args.games} gtr-replay records ({len(gtr_text.encode()) / 1e6:.1f} MB), "
          f"{args.chess_games} chess games ({len(chess_text.encode()) / 1e6:.1f} MB); {args.rounds} paired "
          f"rounds, CPU seconds; load average {load[0]} before, {load[1]} after; gtr-replay's engine: {_native.STATE}, "
          f"notation reader: {_native.NOTATION.state}")
    print(f"{'measure':34} {'gtr-replay (median)':>24} {'python-chess (median)':>26} {'ratio':>6}  lowest-highest")
    for r in rows:
        spread = f"{r['low']:.2f}-{r['high']:.2f}" if r["low"] is not None else ""
        print(f"{r['measure']:34} {r['gtr']:>10,} {r['gtr_unit']:<13} {r['chess']:>10,} {r['chess_unit']:<15} "
              f"{r['ratio']:>6.2f}  {spread}")


if __name__ == "__main__":
    main()
