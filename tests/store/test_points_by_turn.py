"""The points table written at import answers as player_states does."""

from __future__ import annotations

import sqlite3

from gtr_replay.store.turn_points import FROM_PLAYER_STATES

ORDER = " ORDER BY game, turn, seat"


def test_the_table_holds_what_the_decisions_say(examples_db):
    conn = sqlite3.connect(examples_db)
    table = conn.execute("SELECT game, turn, seat, player, points FROM points_by_turn" + ORDER).fetchall()
    assert table and table == conn.execute(f"SELECT * FROM ({FROM_PLAYER_STATES})" + ORDER).fetchall()
    assert conn.execute("SELECT * FROM turn_points" + ORDER).fetchall() == table
