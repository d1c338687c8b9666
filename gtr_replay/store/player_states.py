"""One row per decision and player: the numbers the common questions ask about, so they
need no Python (hand size, clientele, stockpile, vault, influence, points, buildings).

Rows are made at import from each snapshot; a database made before this table existed is
filled from its stored snapshots the first time it is opened for writing.
"""

from __future__ import annotations

import json
import sqlite3

from gtr_replay.engine.rules import material_value
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
    "player_states.points": "points after the statement, every card counted (as decisions.points)",
    "player_states.completed": "completed buildings",
    "player_states.foundations": "buildings begun and not completed",
}


def player_rows(game: str, seq: int, turn: int, ruleset: str, state: dict, points: dict[str, int]) -> list[tuple]:
    """The rows of one snapshot; ``state`` is a ``GameState.to_dict`` (full or compact)."""
    start = RULESETS[ruleset].starting_influence
    rows = []
    for seat, p in enumerate(state["players"]):
        buildings = p.get("buildings", ())
        done = sum(1 for b in buildings if b.get("complete"))
        influence = start + sum(material_value(Material(m)) for m in p.get("influence", ()))
        rows.append((game, seq, seat, p["name"], turn, len(p.get("hand", ())), len(p.get("clientele", ())),
                     len(p.get("stockpile", ())), len(p.get("vault", ())), influence, points.get(p["name"]),
                     done, len(buildings) - done))
    return rows


def backfill(conn: sqlite3.Connection) -> int:
    """Fill ``player_states`` for stored games that have no rows in it; the number of games."""
    from gtr_replay.store.db import load_state

    todo = [g for (g,) in conn.execute(
        "SELECT id FROM games WHERE NOT EXISTS (SELECT 1 FROM player_states s WHERE s.game = games.id)")]
    insert = f"INSERT INTO player_states VALUES ({', '.join('?' * len(PLAYER_STATE_COLUMNS))})"
    for game in todo:
        (ruleset,) = conn.execute("SELECT ruleset FROM games WHERE id = ?", [game]).fetchone()
        for seq, turn, points in conn.execute("SELECT seq, turn, points FROM decisions WHERE game = ? ORDER BY seq",
                                              [game]).fetchall():
            state = load_state(conn, game, seq).to_dict()
            conn.executemany(insert, player_rows(game, seq, turn, ruleset, state, json.loads(points or "{}")))
    return len(todo)
