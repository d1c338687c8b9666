"""The games database: opening it for writing, adding a game, loading a snapshot.

Writing uses WAL and ``synchronous=NORMAL`` while an import runs: each game is one
transaction, so a crash or a kill loses at most the game being written, never half of one.
On ``close`` the database goes back to a rollback journal, so it is again one plain file that
a read-only connection can open.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from gtr_replay.engine.state import GameState
from gtr_replay.errors import StoreError
from gtr_replay.store import schema
from gtr_replay.store.player_states import PLAYER_STATE_COLUMNS
from gtr_replay.store.rows import DECISION_COLUMNS, EVENT_COLUMNS, SNAPSHOT_COLUMNS, GameRows
from gtr_replay.store.snapshots import to_state

DEFAULT_DB = "games.db"


def _insert_sql(table: str, columns: tuple[str, ...]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


_DECISIONS = _insert_sql("decisions", DECISION_COLUMNS)
_EVENTS = _insert_sql("events", EVENT_COLUMNS)
_SNAPSHOTS = _insert_sql("snapshots", SNAPSHOT_COLUMNS)
_PLAYER_STATES = _insert_sql("player_states", PLAYER_STATE_COLUMNS)

_CHAIN = """
WITH RECURSIVE chain(seq, base, state, depth) AS (
    SELECT seq, base, state, 0 FROM snapshots WHERE game = :game AND seq = :seq
    UNION ALL
    SELECT s.seq, s.base, s.state, c.depth + 1 FROM snapshots s JOIN chain c ON s.game = :game AND s.seq = c.base
)
SELECT state FROM chain ORDER BY depth DESC
"""


class Store:
    """A games database open for writing (created with its schema when missing)."""

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite_utils.Database(self.path)
            self.db.enable_wal()
            self.db.execute("PRAGMA synchronous = NORMAL")
            self.db.execute("PRAGMA foreign_keys = ON")
            schema.prepare(self.db)
        except sqlite3.DatabaseError as error:
            raise StoreError(f"cannot open {self.path} as a games database: {error}",
                             hint="give a new file name or a database written by gtr import") from None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.db.disable_wal()
        except sqlite3.DatabaseError:  # another connection still reads it: leave WAL on
            pass
        self.db.close()

    def ids(self) -> frozenset[str]:
        """Every stored game's id."""
        return frozenset(row[0] for row in self.db.execute("SELECT id FROM games").fetchall())

    def has(self, game: str) -> bool:
        return self.db.execute("SELECT 1 FROM games WHERE id = ?", [game]).fetchone() is not None

    def add(self, rows: GameRows) -> None:
        """Write one game and everything under it in a single transaction."""
        db = self.db
        with db.atomic():
            db["games"].insert(rows.game)
            db["players"].insert_all(rows.players)
            db.conn.executemany(_DECISIONS, rows.decisions)
            db.conn.executemany(_EVENTS, rows.events)
            db.conn.executemany(_SNAPSHOTS, rows.snapshots)
            db.conn.executemany(_PLAYER_STATES, rows.player_states)

    def state(self, game: str, seq: int) -> GameState:
        return load_state(self.db.conn, game, seq)


def load_state(conn: sqlite3.Connection, game: str, seq: int) -> GameState:
    """The state after statement ``seq`` of ``game``, rebuilt from its stored snapshot."""
    row = conn.execute("SELECT ruleset, rulings, expansions, deck FROM games WHERE id = ?", [game]).fetchone()
    if row is None:
        raise StoreError(f"no game {game!r} in the database", hint="list them with: gtr query 'select id from games'")
    chain = [r[0] for r in conn.execute(_CHAIN, {"game": game, "seq": seq})]
    if not chain:
        raise StoreError(f"game {game} has no snapshot {seq}", hint="seq counts the game's statements from 1")
    constants = dict(zip(("ruleset", "rulings", "expansions", "deck"), row))
    return to_state(chain, constants)
