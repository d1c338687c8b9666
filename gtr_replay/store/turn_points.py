"""Each player's points at the end of every turn of the main line, one row each, written at
import: ``points-by-turn`` and the ``turn_points`` view read it instead of searching every
decision's points for the last of its turn (16 s on 1,000 games, against milliseconds).

A database made before this table existed is filled from its decisions the first time it is
opened for writing.
"""

from __future__ import annotations

import sqlite3

TABLE = dict(
    columns={"game": str, "turn": int, "seat": int, "player": str, "points": int},
    pk=("game", "turn", "seat"), foreign_keys=[("game", "games", "id")], not_null={"player"},
    without_rowid=True,
)

COLUMNS = {
    "points_by_turn.turn": "a turn of the main line",
    "points_by_turn.seat": "the player's seat, from 0",
    "points_by_turn.points": "the player's points after the turn's last statement (as decisions.points)",
}

VIEW = "SELECT game, turn, seat, player, points FROM points_by_turn"
"""The ``turn_points`` view, over the table."""

FROM_DECISIONS = """
    SELECT t.game, t.turn, p.seat, j.key AS player, j.value AS points
    FROM (SELECT game, turn, points,
                 row_number() OVER (PARTITION BY game, turn ORDER BY seq DESC) AS k
          FROM decisions WHERE path = '') t
    JOIN json_each(t.points) j
    JOIN players p ON p.game = t.game AND p.name = j.key
    WHERE t.k = 1"""
"""The same rows computed from the decisions (to fill the table for games stored before it)."""


def turn_rows(game: str, seats: list[str], main_line: list[tuple[int, dict]]) -> list[tuple]:
    """The rows of one game; ``main_line``: (turn, points by player) of each main-line
    statement in order, ``seats`` the players' names in seating order."""
    last: dict[int, dict] = {}
    for turn, points in main_line:
        last[turn] = points  # the turn's last statement counts
    return [(game, turn, seat, name, points[name])
            for turn, points in last.items() if points
            for seat, name in enumerate(seats) if name in points]


def backfill(conn: sqlite3.Connection) -> None:
    """Fill the table for the stored games that have no rows in it."""
    conn.execute(f"INSERT INTO points_by_turn SELECT * FROM ({FROM_DECISIONS}) "
                 "WHERE game NOT IN (SELECT DISTINCT game FROM points_by_turn)")
