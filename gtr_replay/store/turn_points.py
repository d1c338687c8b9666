"""Each player's points at the end of every turn of the main line, one row each, written at
import: ``points-by-turn`` and the ``turn_points`` view read it instead of searching every
decision's points for the last of its turn (16 s on 1,000 games, against milliseconds).
Stored by game number in ``stored_points_by_turn``; the ``points_by_turn`` view shows the id.
"""

from __future__ import annotations

TABLE = dict(
    columns={"game": int, "turn": int, "seat": int, "player": str, "points": int},
    pk=("game", "turn", "seat"), foreign_keys=[("game", "games", "number")], not_null={"player"},
    without_rowid=True,
)

TABLE_VIEW = """
    SELECT g.id AS game, t.turn, t.seat, t.player, t.points
    FROM stored_points_by_turn t JOIN games g ON g.number = t.game"""
"""The ``points_by_turn`` view: the stored rows, with the game's id."""

COLUMNS = {
    "points_by_turn.turn": "a turn of the main line",
    "points_by_turn.seat": "the player's seat, from 0",
    "points_by_turn.points": "the player's points after the turn's last statement (as player_states.points)",
}

VIEW = "SELECT game, turn, seat, player, points FROM points_by_turn"
"""The ``turn_points`` view, over the table."""

FROM_PLAYER_STATES = """
    SELECT s.game, s.turn, s.seat, s.name AS player, s.points
    FROM (SELECT game, max(seq) AS seq FROM decisions WHERE path = '' GROUP BY game, turn) t
    JOIN player_states s ON s.game = t.game AND s.seq = t.seq
    WHERE s.points IS NOT NULL"""
"""The same rows computed from ``player_states``."""


def turn_rows(seats: list[str], main_line: list[tuple[int, dict]]) -> list[tuple]:
    """The rows of one game, without the game; ``main_line``: (turn, points by player) of each main-line
    statement in order, ``seats`` the players' names in seating order."""
    last: dict[int, dict] = {}
    for turn, points in main_line:
        last[turn] = points  # the turn's last statement counts
    return [(turn, seat, name, points[name])
            for turn, points in last.items() if points
            for seat, name in enumerate(seats) if name in points]
