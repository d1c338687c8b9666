"""The store under faults: an import killed at random moments, two imports at once, a full
disk, and a killed parent whose workers must end with it.

Each case runs the real command in a subprocess and compares the database with a clean
import of the same records: only whole games, an intact file, nothing stored twice."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import notation
import pytest
from processes import LINUX, alive, children, kill_all, wait_gone
from store_helpers import ORPHANS

from gtr_replay.play.selfplay import selfplay
from gtr_replay.store import Store, import_files

TABLES = ("games", "players", "decisions", "events", "snapshots")
pytestmark = pytest.mark.skipif(not LINUX, reason="the fault tests watch processes through /proc")


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    """32 distinct short games (run with --workers 2, so that there are workers to kill)."""
    games = list(selfplay("classic", 2, "faults", 32))
    path = tmp_path_factory.mktemp("faults") / "many.gtr"
    path.write_text(notation.write([g.record(event=f"fault test {n}") for n, g in enumerate(games, 1)]),
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def clean(many, tmp_path_factory):
    """Every row of a clean import of ``many``."""
    db = tmp_path_factory.mktemp("clean") / "games.db"
    with Store(db) as store:
        assert import_files(store, [many], workers=1).ok
    return rows(db)


def rows(db) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db)
    try:
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr) for t in TABLES}
    finally:
        conn.close()


def stored_games(db) -> int:
    try:
        with sqlite3.connect(db, timeout=0.1) as conn:
            return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # not made yet, or busy
        return -1


def gtr(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gtr_replay", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def assert_intact(db) -> int:
    """Integrity check ok, no orphan row, every stored game whole; the number of games."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        if not tables:  # killed before the schema was made: it is made in one transaction
            return 0
        assert set(TABLES) <= tables
        games = conn.execute("SELECT id, players, statements FROM games").fetchall()
        for gid, players, statements in games:
            assert conn.execute("SELECT count(*) FROM players WHERE game = ?", [gid]).fetchone()[0] == players
            for table in ("decisions", "snapshots"):
                count = conn.execute(f"SELECT count(*) FROM {table} WHERE game = ?", [gid]).fetchone()[0]
                assert count == statements, (gid, table)
        for table, sql in ORPHANS.items():
            assert conn.execute(sql).fetchone()[0] == 0, table
        return len(games)
    finally:
        conn.close()


def kill_with_workers(process: subprocess.Popen) -> list[int]:
    """SIGKILL the command; its workers (as they were just before) must end with it."""
    workers = children(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    process.communicate()
    left = wait_gone(workers)
    kill_all(left)  # leave nothing behind even when the check fails
    assert not left, f"workers outlived their killed parent: {left}"
    return workers


def test_sigkill_at_random_moments_keeps_whole_games_and_a_rerun_completes(many, clean, tmp_path):
    db = tmp_path / "games.db"
    rng = random.Random(14)
    stored = []
    for _ in range(4):
        # a moment: once some number of games is stored (0: maybe before the schema), plus a little
        # (in the first half, so that a fast import is still running when the moment comes)
        target, extra = rng.randrange(0, len(clean["games"]) // 2), rng.uniform(0, 0.05)
        process = gtr("import", str(many), "--db", str(db), "--workers", "2")
        while stored_games(db) < target and process.poll() is None:
            time.sleep(0.01)
        time.sleep(extra)
        assert process.poll() is None, "the import finished before it could be killed"
        kill_with_workers(process)
        stored.append(assert_intact(db))
    rerun = gtr("import", str(many), "--db", str(db), "--json")
    output, errors = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, errors
    report = json.loads(output)
    assert report["added"] + report["already"] == len(clean["games"]) and report["already"] == stored[-1]
    assert rows(db) == clean


def test_a_killed_import_leaves_no_worker(many, tmp_path):
    process = gtr("import", str(many), "--db", str(tmp_path / "games.db"), "--workers", "2")
    deadline = time.monotonic() + 30
    while len(children(process.pid)) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    assert process.poll() is None and children(process.pid), "the import ran no workers to kill"
    workers = kill_with_workers(process)
    assert workers and not any(alive(pid) for pid in workers)


def test_a_killed_check_leaves_no_worker(many):
    process = gtr("check", str(many), str(many), "--workers", "2")
    deadline = time.monotonic() + 30
    while len(children(process.pid)) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    assert process.poll() is None and children(process.pid), "the check ran no workers to kill"
    assert kill_with_workers(process)


def test_two_imports_at_once_store_each_game_once(many, clean, tmp_path):
    db = tmp_path / "games.db"
    first, second = (gtr("import", str(many), "--db", str(db), "--json") for _ in range(2))
    reports = []
    for process in (first, second):
        output, errors = process.communicate(timeout=120)
        assert process.returncode == 0, errors
        reports.append(json.loads(output))
    assert sum(r["added"] for r in reports) == len(clean["games"])
    assert all(r["added"] + r["already"] == len(clean["games"]) for r in reports)
    assert_intact(db)
    assert rows(db) == clean


def _limit_file_size(limit: int):
    def limit_it():
        import resource
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # the write fails instead of killing the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return limit_it


def test_a_full_disk_is_a_clear_error_and_the_database_stays_intact(many, clean, tmp_path):
    db = tmp_path / "games.db"
    process = gtr("import", str(many), "--db", str(db), preexec_fn=_limit_file_size(1_500_000))
    output, errors = process.communicate(timeout=120)
    assert process.returncode == 1
    assert "cannot write to" in errors and "run the same import again" in errors
    assert "Traceback" not in errors + output
    stored = assert_intact(db)
    assert 0 < stored < len(clean["games"])
    rerun = gtr("import", str(many), "--db", str(db), "--json")
    output, errors = rerun.communicate(timeout=120)
    assert rerun.returncode == 0, errors
    assert rows(db) == clean
