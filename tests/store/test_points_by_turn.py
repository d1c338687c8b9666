"""The points table written at import answers as player_states does, and a database without
the table gets it filled from player_states."""

from __future__ import annotations

import shutil
import sqlite3

from gtr_replay.store import Store
from gtr_replay.store.turn_points import FROM_PLAYER_STATES

ORDER = " ORDER BY game, turn, seat"


def test_the_table_holds_what_the_decisions_say(examples_db):
    conn = sqlite3.connect(examples_db)
    table = conn.execute("SELECT game, turn, seat, player, points FROM points_by_turn" + ORDER).fetchall()
    assert table and table == conn.execute(f"SELECT * FROM ({FROM_PLAYER_STATES})" + ORDER).fetchall()
    assert conn.execute("SELECT * FROM turn_points" + ORDER).fetchall() == table


def test_a_database_made_before_the_table_is_filled_when_opened(examples_db, tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(examples_db, db)
    with sqlite3.connect(db) as conn:
        want = conn.execute("SELECT * FROM points_by_turn" + ORDER).fetchall()
        conn.execute("DROP VIEW turn_points")
        conn.execute("DROP TABLE points_by_turn")
        conn.execute(f"CREATE VIEW turn_points AS {FROM_PLAYER_STATES}")
    with Store(db):
        pass
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT * FROM points_by_turn" + ORDER).fetchall() == want
    assert conn.execute("SELECT * FROM turn_points" + ORDER).fetchall() == want
    assert "points_by_turn" in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'turn_points'").fetchone()[0]
