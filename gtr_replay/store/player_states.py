"""One row per decision and player: the numbers the common questions ask about, so they
need no Python (hand size, clientele, stockpile, vault, influence, points, buildings).

The hand changes at almost every statement, the rest seldom. So each statement keeps every
seat's hand size in ``stored_decisions.hands`` (a JSON array by seat), and
``stored_player_states`` keeps a seat's other values only where they changed from the
previous statement of the same line (every seat at a line's first statement); the
``player_states`` view gives every decision and seat, each from the latest row at or before
it in its line.
"""

from __future__ import annotations

from gtr_replay.data.cards import material_facts
from gtr_replay.game.state import GameState

PLAYER_STATE_COLUMNS = ("game", "seq", "seat", "name", "turn", "hand", "clientele", "stockpile", "vault",
                        "influence", "points", "completed", "foundations")
"""The columns of the ``player_states`` view."""

STORED_COLUMNS = ("game", "path", "seat", "seq", "clientele", "stockpile", "vault", "influence", "points",
                  "completed", "foundations")

TABLE = dict(
    columns={"game": int, "path": str, "seat": int, "seq": int, "clientele": int, "stockpile": int, "vault": int,
             "influence": int, "points": int, "completed": int, "foundations": int},
    pk=("game", "path", "seat", "seq"), foreign_keys=[("game", "games", "number")],
    not_null={"path"}, without_rowid=True,
)

VIEW = """
    SELECT g.id AS game, CAST(d.key & {mask} AS INTEGER) AS seq, p.seat, p.name, d.turn,
           CAST(d.hands ->> p.seat AS INTEGER) AS hand, s.clientele,
           s.stockpile, s.vault, s.influence, s.points, s.completed, s.foundations
    FROM games g CROSS JOIN stored_decisions d CROSS JOIN players p CROSS JOIN stored_player_states s
    WHERE d.key BETWEEN g.number << {bits} AND (g.number << {bits}) | {mask} AND p.game = g.id
      AND s.game = g.number AND s.path = d.path AND s.seat = p.seat
      AND s.seq = (SELECT max(l.seq) FROM stored_player_states l
                   WHERE l.game = g.number AND l.path = d.path AND l.seat = p.seat AND l.seq <= d.key & {mask})"""
"""Every decision and seat: the hand from the decision, the rest from the latest stored row
of the seat at or before the decision in its line (the key (game, path, seat, seq) finds it
in one step); ``bits`` and ``mask`` are ``schema.SEQ_BITS`` and ``schema.MAX_SEQ``. The joins
go in this order (CROSS JOIN): left to itself, SQLite would read every stored row of a game
against every decision of it."""

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

_VALUES = {m: facts.value for m, facts in material_facts().items()}

COUNTED = frozenset({"clientele", "stockpile", "vault", "influence", "buildings"})
"""The zones (``changes.ZONES``) whose change can change a stored row: the others (the hand,
the camp) are counted elsewhere or not at all."""


def seat_values(influence: int, state: GameState, points: dict[str, int]) -> list[tuple]:
    """Each seat's stored values after a statement, in the order of ``STORED_COLUMNS`` from
    ``clientele``; ``influence`` is the ruleset's starting influence."""
    rows = []
    for p in state.players:
        buildings = p.buildings
        done = sum(1 for b in buildings if b.complete)
        rows.append((len(p.clientele), len(p.stockpile), len(p.vault),
                     influence + sum(_VALUES[m] for m in p.influence), points.get(p.name), done,
                     len(buildings) - done))
    return rows


def changed_rows(path: str, seq: int, values: list[tuple], before: list[tuple] | None) -> list[tuple]:
    """The stored rows of one statement, without the game: the seats whose values differ from
    ``before`` (the line's previous statement; None at a line's first, where every seat counts)."""
    return [(path, seat, seq, *v) for seat, v in enumerate(values) if before is None or before[seat] != v]
