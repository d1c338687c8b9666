"""Import throughput: self-play games replayed and stored with snapshots in SQLite.

    python benchmarks/bench_import.py [--games 1000] [--players 3] [--ruleset republic]

The games are played first and written as records to a temporary file (not timed); then
``gtr_replay.store.import_files`` parses, replays and stores them in a temporary database
(timed), and a second import of the same file must add no rows. ARCHITECTURE.md budget:
10,000 games with snapshots in under five minutes.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path

import notation

from gtr_replay.selfplay import selfplay
from gtr_replay.store import Store, import_files

TABLES = ("games", "players", "decisions", "events", "snapshots")


def rows(db: Path) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--ruleset", default="republic")
    parser.add_argument("--seed", default="bench-import")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        records = Path(folder) / "games.gtr"
        db = Path(folder) / "games.db"
        started = time.perf_counter()
        games = [g.record() for g in selfplay(args.ruleset, args.players, args.seed, args.games)]
        records.write_text(notation.write(games), encoding="utf-8")
        print(f"played and wrote {len(games)} games in {time.perf_counter() - started:.1f} s (not timed)")

        started = time.perf_counter()
        with Store(db) as store:
            report = import_files(store, [records])
        seconds = time.perf_counter() - started
        decisions = sum(a.decisions for a in report.added)
        counts = rows(db)
        size = db.stat().st_size
        print(f"import: {len(report.added)} games, {decisions} decisions in {seconds:.1f} s: "
              f"{decisions / seconds:,.0f} decisions/s, {len(report.added) / seconds:.1f} games/s; "
              f"{len(report.problems)} problem(s)")
        print("rows: " + ", ".join(f"{t} {n:,}" for t, n in counts.items()))
        print(f"database: {size / 2**20:.1f} MiB ({size / max(len(report.added), 1) / 1024:.0f} KiB per game)")
        print(f"at this rate 10,000 games take {10000 / (len(report.added) / seconds) / 60:.1f} min")

        started = time.perf_counter()
        with Store(db) as store:
            again = import_files(store, [records])
        added = sum(rows(db).values()) - sum(counts.values())
        print(f"second import: {len(again.added)} games added, {again.already} already there, "
              f"{added} rows added, in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
