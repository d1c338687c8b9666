"""One row per decision and player: the numbers the common questions ask about, so they
need no Python (hand size, clientele, stockpile, vault, influence, points, buildings).

Rows are made at import from each snapshot; a database made before this table existed is
filled from its stored snapshots the first time it is opened for writing.
"""

from __future__ import annotations

import sqlite3

from gtr_replay.engine.rules import material_value
from gtr_replay.engine.state import GameState
from gtr_replay.enums import Material
from gtr_replay.rulesets import RULESETS

PLAYER_STATE_COLUMNS = ("game", "seq", "seat", "name", "turn", "hand", "clientele", "stockpile", "vault",
                        "influence", "points", "completed", "foundations")

TABLE = dict(
    columns={"game": str, "seq": int, "seat": int, "name": str, "turn": int, "hand": int, "clientele": int,
             "stockpile": int, "vault": int, "influence": int, "points": int, "completed": int,
             "foundations": int},
    pk=("game", "seq", "seat"), foreign_keys=[(("game", "seq"), "decisions", ("game", "seq"))],
    not_null={"name"}, without_rowid=True,
)

COLUMNS = {
    "player_states.seq": "the statement (decisions.seq) after which the row holds",
    "player_states.turn": "the turn the statement was made in",
    "player_states.hand": "cards in hand, Jacks included",
    "player_states.clientele": "clients",
    "player_states.stockpile": "cards in the stockpile",
    "player_states.vault": "cards in the vault (face down: a count)",
    "player_states.influence": "influence: the starting influence and the Sites gained (R-INF-1, R-INF-3)",
    "player_states.points": "points after the statement, every card counted",
    "player_states.completed": "completed buildings",
    "player_states.foundations": "buildings begun and not completed",
}


_VALUES = {m: material_value(m) for m in Material}


def player_rows(game: str, seq: int, turn: int, influence: int, state: GameState,
                points: dict[str, int]) -> list[tuple]:
    """The rows of one snapshot; ``influence`` is the ruleset's starting influence."""
    rows = []
    for seat, p in enumerate(state.players):
        buildings = p.buildings
        done = sum(1 for b in buildings if b.complete)
        rows.append((game, seq, seat, p.name, turn, len(p.hand), len(p.clientele), len(p.stockpile),
                     len(p.vault), influence + sum(_VALUES[m] for m in p.influence), points.get(p.name),
                     done, len(buildings) - done))
    return rows


def backfill(conn: sqlite3.Connection) -> int:
    """Fill ``player_states`` for stored games that have no rows in it; the number of games."""
    from gtr_replay.engine.scoring import scores
    from gtr_replay.store.db import load_state

    todo = [g for (g,) in conn.execute(
        "SELECT id FROM games WHERE NOT EXISTS (SELECT 1 FROM player_states s WHERE s.game = games.id)")]
    insert = f"INSERT INTO player_states VALUES ({', '.join('?' * len(PLAYER_STATE_COLUMNS))})"
    for game in todo:
        (ruleset,) = conn.execute("SELECT ruleset FROM games WHERE id = ?", [game]).fetchone()
        influence = RULESETS[ruleset].starting_influence
        for seq, turn in conn.execute("SELECT seq, turn FROM decisions WHERE game = ? ORDER BY seq",
                                      [game]).fetchall():
            state = load_state(conn, game, seq)
            points = {s.player: s.total for s in scores(state)}
            conn.executemany(insert, player_rows(game, seq, turn, influence, state, points))
    return len(todo)
