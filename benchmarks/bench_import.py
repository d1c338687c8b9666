"""Import throughput and size: self-play games replayed and stored with snapshots in SQLite.

    python benchmarks/bench_import.py [--games 1008] [--workers N] [--check]
    python benchmarks/bench_import.py --records FOLDER_OR_FILE ... [--keep games.db]

Without ``--records`` the games are played first (not timed): as many of every ruleset and
player count, half written with a ``Deck`` tag, half with every drawn card listed (a deck of
unknown order). ``gtr_replay.store.import_files`` then parses, replays and stores them in a
new database, timed in wall and CPU seconds (this process and its workers apart, so the cost
of the workers shows); the report gives decisions per CPU-second, the bytes the database takes
per decision, table by table, and what 10,000 games would take at that rate. A second import of
the same records must add no rows. ``--check`` also compares the state that every statement's
card moves and change build with the whole state (``store.changes.check_line``), and the points
kept with the points counted afresh, in one process.
ARCHITECTURE.md budget: 10,000 games with snapshots in under five minutes on two cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import notation  # noqa: E402
from notation import scan  # noqa: E402

from gtr_replay.replay.files import parse_piece, record_files  # noqa: E402
from gtr_replay.replay.replayer import IllegalStatement  # noqa: E402
from gtr_replay.play.selfplay import selfplay  # noqa: E402
from gtr_replay.store import Store, import_files  # noqa: E402
from gtr_replay.store.rows import game_rows  # noqa: E402

CONFIGS = [(r, n) for r in ("classic", "republic", "imperium") for n in (2, 3, 4, 5)]
TABLES = ("games", "players", "decisions", "events", "player_states", "points_by_turn")


def corpus(games: int, seed: str, path: Path) -> None:
    per = max(1, games // len(CONFIGS))
    records = []
    for ruleset, players in CONFIGS:
        for n, game in enumerate(selfplay(ruleset, players, seed, per)):
            records.append(game.record(draws=n % 2 == 1))
    path.write_text(notation.write(records), encoding="utf-8")


def cpu() -> tuple[float, float]:
    """CPU seconds of this process, and of its finished children (the workers)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, children.ru_utime + children.ru_stime


def table_bytes(db: Path) -> dict[str, int]:
    """Bytes of each table with its indexes (SQLite's dbstat), where the build has it."""
    with sqlite3.connect(db) as conn:
        try:
            pages = conn.execute("SELECT name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')")
            owner = {name: table for name, table in pages}
            out: dict[str, int] = {}
            for name, size in conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name"):
                table = owner.get(name, name)
                out[table] = out.get(table, 0) + size
            return out
        except sqlite3.OperationalError:
            return {}


def rows(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return sum(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES)


def check_changes(files: list[Path]) -> int:
    checked = 0
    for path in files:
        for number, (line, piece) in enumerate(scan.file_pieces(path), 1):
            try:
                checked += len(game_rows(parse_piece(str(path), line, piece)[0], source=str(path), number=number,
                                         check=True).decisions)
            except IllegalStatement:
                continue
    return checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1008, help="games to play (spread over the 12 set-ups)")
    parser.add_argument("--seed", default="bench-import")
    parser.add_argument("--records", nargs="+", type=Path, help="import these files or folders instead")
    parser.add_argument("--workers", type=int, default=None, help="as gtr import --workers (default: its own)")
    parser.add_argument("--keep", type=Path, help="write the database here instead of a temporary file")
    parser.add_argument("--check", action="store_true", help="also check every state built against the whole state, and the points kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sources = args.records
        if not sources:
            sources = [Path(folder) / "games.gtr"]
            started = time.perf_counter()
            corpus(args.games, args.seed, sources[0])
            print(f"played and wrote {args.games} games in {time.perf_counter() - started:.1f} s (not timed)")
        db = args.keep or Path(folder) / "games.db"
        if db.exists():
            sys.exit(f"{db} exists: give a new file")

        load = os.getloadavg()[0]
        started, (own, workers) = time.perf_counter(), cpu()
        with Store(db) as store:
            report = import_files(store, sources, workers=args.workers)
        wall = time.perf_counter() - started
        own, workers = cpu()[0] - own, cpu()[1] - workers
        total = own + workers
        decisions = sum(a.decisions for a in report.added)
        games = len(report.added)
        size = db.stat().st_size
        print(f"import: {games} games, {decisions:,} decisions, {len(report.problems)} problem(s)")
        print(f"  wall {wall:.1f} s (load average {load:.1f} before), CPU {total:.1f} s "
              f"(this process {own:.1f}, workers {workers:.1f}): {decisions / total:,.0f} decisions/CPU-s")
        print(f"  10,000 games at this rate: {10000 * total / games / 60:.1f} CPU-min, "
              f"{10000 * wall / games / 60:.1f} min of wall time")
        print(f"  database {size / 2**20:.1f} MiB: {size / decisions:.0f} bytes per decision")
        for table, n in sorted(table_bytes(db).items(), key=lambda item: -item[1]):
            print(f"    {table:22} {n / decisions:7.1f} bytes per decision (indexes included)")
        before = rows(db)
        started = time.perf_counter()
        with Store(db) as store:
            again = import_files(store, sources, workers=args.workers)
        print(f"second import: {len(again.added)} games added, {again.already} already there, "
              f"{rows(db) - before} rows added, in {time.perf_counter() - started:.1f} s")
        if args.check:
            print(f"changes: {check_changes(record_files(sources)):,} states built equal to the whole states, their points to those counted afresh")


if __name__ == "__main__":
    main()
