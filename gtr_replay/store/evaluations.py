"""The ``evaluations`` table: the judgements of ``gtr analyse --db`` beside the games.

One row per decision judged: the game (``games.id``), the statement (its number in the main
line, and its ``seq`` as the ``decisions`` view gives it), the player who made it, the chance
that player wins after the decision played and after the best decision found, that decision,
the difference and its mark (``play.analysis.MARKS``), and the budget and seed that gave them.
Judging a game again replaces its rows. The table is made when first written, so a database
no game of which was judged has none.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from gtr_replay.play.analysis import Judgement
from gtr_replay.store.db import JUDGED, Store
from gtr_replay.store.queries import ANALYSIS, not_a_database, open_read_only
from gtr_replay.store.schema import damaged, database_error

TABLE: Final = JUDGED

COLUMNS: Final = {
    "game": str, "statement": int, "seq": int, "turn": int, "player": str, "played": str, "choices": int,
    "chance_played": float, "best": str, "chance_best": float, "difference": float, "mark": str,
    "playouts": int, "budget": int, "seed": str,
}


def ensure_table(store: Store) -> None:
    """Make the table (and its index by player) when missing."""
    db = store.db
    if TABLE not in db.table_names():
        db[TABLE].create(COLUMNS, pk=("game", "statement"), foreign_keys=[("game", "games", "id")],
                         not_null={"player", "played"})
        db[TABLE].create_index(["player"], if_not_exists=True)


def rows(game: str, judgements: Iterable[Judgement]) -> list[dict]:
    """The table's rows for one game's judgements (a judged statement only: one legal choice
    is not searched, so it has no chance to store)."""
    found = []
    for j in judgements:
        if j.chance_played is None:
            continue
        data = j.to_dict()
        found.append({"game": game, "statement": j.index, **{c: data[c] for c in COLUMNS if c in data
                                                              and c not in ("game", "statement")}})
    return found


def write(store: Store, game: str, judgements: Iterable[Judgement], *, budget: int, seed: str) -> int:
    """Store the judgements of ``game`` made at ``budget`` and ``seed``: each takes the place
    of its statement's; the game's judgements made at another budget or seed go (a game's
    stored judgements are of one search), the others of this one stay (a statement is judged
    alone, from its own seed: judging a game's statements in parts gives what judging them
    together does). The rows written."""
    ensure_table(store)
    found = rows(game, judgements)
    names = list(COLUMNS)
    insert = f"INSERT OR REPLACE INTO {TABLE} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    with store._write() as conn:  # one transaction, as a game's import is
        conn.execute(f"DELETE FROM {TABLE} WHERE game = ? AND NOT (budget = ? AND seed = ?)", [game, budget, seed])
        conn.executemany(insert, [[row.get(c) for c in names] for row in found])
    return len(found)


def judged(store: Store, game: str, budget: int, seed: str) -> set[int]:
    """The statements of ``game`` judged at ``budget`` and ``seed`` (their numbers)."""
    if TABLE not in store.db.table_names():
        return set()
    return {row[0] for row in store.db.execute(f"SELECT statement FROM {TABLE} WHERE game = ? AND budget = ? AND "
                                               "seed = ?", [game, budget, seed])}


def has_table(conn) -> bool:
    """Whether the database ``conn`` reads holds the table (a game was judged there)."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [TABLE]).fetchone() is not None


def stored(path, game: str) -> list[Judgement]:
    """The judgements of ``game`` stored in the database at ``path`` (read only), in the order
    of its statements; [] when none was judged there. ``UsageError`` when ``path`` is no
    database."""
    import sqlite3
    from contextlib import closing
    from pathlib import Path

    from gtr_replay.errors import UsageError

    if not Path(path).is_file():
        raise UsageError(not_a_database(path), hint="gtr import --analyse or gtr analyse --db makes one")
    try:
        with closing(open_read_only(path)) as conn:
            if not has_table(conn):
                return []
            rows = conn.execute(f"SELECT statement, seq, turn, player, played, choices, chance_played, best, "
                                f"chance_best, playouts, budget, seed FROM {TABLE} WHERE game = ? ORDER BY statement",
                                [game]).fetchall()
    except sqlite3.DatabaseError as error:
        if damaged(error):
            raise database_error(path, error) from None
        raise UsageError(f"{path} is not a games database ({error})", hint="give the file gtr import wrote") from None
    return [Judgement(index, seq, turn, 0, player, played, choices, chance_played, best, chance_best, playouts,
                      budget, seed)
            for index, seq, turn, player, played, choices, chance_played, best, chance_best, playouts, budget, seed
            in rows]


COSTLIEST: Final = ANALYSIS["costliest-decisions"].sql
"""Each player's decisions that cost most chance to win, the costliest first:
``gtr query --saved costliest-decisions`` (``store.queries.ANALYSIS``)."""
