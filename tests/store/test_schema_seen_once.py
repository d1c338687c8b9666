"""Two imports into one new database: the one that checks the file while the other commits its
schema never judges it another program's. ``check_writable`` reads the schema version and the
schema's names as one snapshot; here the other import commits after each of its statements in
turn, deterministically, through a connection that lets it in after the n-th."""

from __future__ import annotations

import sqlite3

import pytest
import sqlite_utils

from gtr_replay.errors import StoreError
from gtr_replay.store import schema


class _Interrupted(sqlite3.Connection):
    """A connection after whose ``after``-th statement ``then`` runs (once): another import
    committing at that moment."""

    after: int | None = None
    then = None

    def execute(self, *args, **kwargs):
        cursor = super().execute(*args, **kwargs)
        if self.after is not None:
            self.after -= 1
            if self.after == 0:
                self.then()
        return cursor


def _other_import_commits_its_schema(path) -> None:
    other = sqlite_utils.Database(sqlite3.connect(path, timeout=0))
    schema.prepare(other)
    other.conn.commit()
    other.close()


def _checked_while_the_other_commits(path, after: int) -> bool:
    """Check a new file whose schema another import commits after the check's ``after``-th
    statement; whether it did commit during the check (False: the check had fewer statements)."""
    with sqlite3.connect(path) as first:  # a new file, in WAL as an import leaves it before its schema
        first.execute("PRAGMA journal_mode = WAL")
    conn = sqlite3.connect(path, factory=_Interrupted)
    db = sqlite_utils.Database(conn)
    committed = []
    conn.after, conn.then = after, lambda: committed.append(_other_import_commits_its_schema(path))
    try:
        schema.check_writable(db)  # empty, or our schema whole: both pass
    finally:
        db.close()
    return bool(committed)


def test_a_schema_committed_during_the_check_is_not_another_programs(tmp_path):
    after = 1
    while _checked_while_the_other_commits(tmp_path / f"games{after}.db", after):
        after += 1
    assert after > 2  # the check read the file in more than one statement, and each moment was tried


def test_another_programs_tables_are_still_refused(tmp_path):
    path = tmp_path / "app.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE users (id, name)")
    db = sqlite_utils.Database(sqlite3.connect(path))
    with pytest.raises(StoreError, match=r"another program's database: it holds tables of its own \(users\)"):
        schema.check_writable(db)
    db.close()
