"""Each player's points at the end of every turn of the main line, written at import:
``points-by-turn`` and the ``turn_points`` view read it instead of searching every decision's
points for the last of its turn (16 s on 1,000 games, against milliseconds).

``stored_points_by_turn`` keeps one row a turn, keyed like the decisions (the game's number
shifted left by ``schema.SEQ_BITS``, plus the turn), with the points as a JSON array by
seat; the ``points_by_turn`` view gives one row a turn and player.
"""

from __future__ import annotations

from gtr_replay.store.snapshots import dumps

TABLE = dict(columns={"key": int, "points": str}, pk="key", not_null={"points"})

TABLE_VIEW = """
    SELECT g.id AS game, CAST(t.key & {mask} AS INTEGER) AS turn, CAST(s.key AS INTEGER) AS seat, p.name AS player,
           CAST(s.value AS INTEGER) AS points
    FROM stored_points_by_turn t JOIN games g ON g.number = t.key >> {bits}
    JOIN json_each(t.points) s JOIN players p ON p.game = g.id AND p.seat = s.key
    WHERE s.value IS NOT NULL"""
"""The ``points_by_turn`` view; ``bits`` and ``mask`` are ``schema.SEQ_BITS`` and ``schema.MAX_SEQ``."""

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
    """The rows of one game, without the game: (turn, points JSON); ``main_line``: (turn,
    points by player) of each main-line statement in order, ``seats`` the players' names in
    seating order."""
    last: dict[int, dict] = {}
    for turn, points in main_line:
        last[turn] = points  # the turn's last statement counts
    return [(turn, dumps([points.get(name) for name in seats])) for turn, points in last.items() if points]
