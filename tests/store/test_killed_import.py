"""A killed import leaves whole games only: each game is one transaction."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import notation
from store_helpers import selfplay_records


def test_sigkill_mid_import_leaves_no_half_game(tmp_path):
    base = selfplay_records()
    # Copies that differ only in a tag: distinct games (distinct hashes) with the same play.
    records = [notation.Record(r.tags + (notation.Tag("Round", str(n)),), r.start, r.turns, r.comments)
               for n in range(15) for r in base]
    path = tmp_path / "many.gtr"
    path.write_text(notation.write(records), encoding="utf-8")
    db = tmp_path / "games.db"
    process = subprocess.Popen([sys.executable, "-m", "gtr_replay", "import", str(path), "--db", str(db)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    committed = 0
    deadline = time.monotonic() + 60
    try:
        while committed < 3 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
            try:
                with sqlite3.connect(db, timeout=0.1) as conn:
                    committed = conn.execute("SELECT count(*) FROM games").fetchone()[0]
            except sqlite3.OperationalError:  # not created yet, or busy
                pass
        assert process.poll() is None, "the import finished before it could be killed"
        os.kill(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    conn = sqlite3.connect(db)
    games = conn.execute("SELECT id, players, statements FROM games").fetchall()
    assert 3 <= len(games) < len(records)
    for gid, players, statements in games:
        assert conn.execute("SELECT count(*) FROM players WHERE game = ?", [gid]).fetchone()[0] == players
        assert conn.execute("SELECT count(*) FROM decisions WHERE game = ?", [gid]).fetchone()[0] == statements
        assert conn.execute("SELECT count(*) FROM snapshots WHERE game = ?", [gid]).fetchone()[0] == statements
        assert conn.execute("SELECT count(*) FROM events WHERE game = ?", [gid]).fetchone()[0] > 0
    for table in ("players", "decisions", "events", "snapshots"):
        orphans = conn.execute(f"SELECT count(*) FROM {table} WHERE game NOT IN (SELECT id FROM games)")
        assert orphans.fetchone()[0] == 0, table
    # events per game equal those of an untouched copy of the same play
    per_game = conn.execute("SELECT g.decisions, count(e.n) FROM games g JOIN events e ON e.game = g.id "
                            "GROUP BY g.id").fetchall()
    by_length: dict[int, set[int]] = {}
    for decisions, events in per_game:
        by_length.setdefault(decisions, set()).add(events)
    assert all(len(v) == 1 for v in by_length.values())
    conn.close()
    # the import can simply be run again: it adds the rest
    rerun = subprocess.run([sys.executable, "-m", "gtr_replay", "import", str(path), "--db", str(db), "--json"],
                           capture_output=True, text=True)
    assert rerun.returncode == 0
    report = json.loads(rerun.stdout)
    assert report["already"] == len(games) and report["added"] == len(records) - len(games)
