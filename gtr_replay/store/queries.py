"""Reading a games database: SQL on a read-only connection, and the shipped queries."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from gtr_replay.errors import StoreError, UnknownNameError, UsageError
from gtr_replay.store.schema import check_readable, damaged, database_error, what_to_query


@dataclass(frozen=True)
class Saved:
    description: str
    sql: str


SAVED: dict[str, Saved] = {
    "final-scores": Saved(
        "every player's final points by source, with the winners marked",
        """SELECT game, source, record_number, seat, name, score, influence, vault, bonuses, powers, winner
           FROM final_scores ORDER BY source, record_number, seat"""),
    "first-structures": Saved(
        "each player's first completed structure in each game, and the turn it was completed",
        """SELECT f.game, g.source, g.record_number, f.player, f.structure, f.turn
           FROM first_structures f JOIN games g ON g.id = f.game
           ORDER BY g.source, g.record_number, f.seq, f.player"""),
    "points-by-turn": Saved(
        "each player's points at the end of every turn of the main line",
        """SELECT t.game, g.source, g.record_number, t.turn, t.player, t.points
           FROM turn_points t JOIN games g ON g.id = t.game
           ORDER BY g.source, g.record_number, t.turn, t.seat"""),
    "big-leads": Saved(
        "leads made with three or more of the leader's clients of the led role",
        """SELECT d.game, g.source, g.record_number, d.seq, d.turn, d.actor, d.role, d.clients, d.text
           FROM decisions d JOIN games g ON g.id = d.game
           WHERE d.verb = 'lead' AND d.clients >= 3
           ORDER BY g.source, g.record_number, d.seq"""),
}


ANALYSIS: dict[str, Saved] = {
    "costliest-decisions": Saved(
        "each player's decisions that cost most chance to win, the costliest first (a database where games were "
        "judged: gtr import --analyse)",
        """SELECT e.game, g.source, g.record_number, e.player, e.statement, e.turn, e.played,
                  e.chance_played, e.best, e.chance_best, e.difference, e.mark
           FROM evaluations e JOIN games g ON g.id = e.game
           WHERE e.difference > 0
           ORDER BY e.player, e.difference DESC, g.source, g.record_number, e.statement"""),
}
"""Shipped queries of the ``evaluations`` table, which only a database where games were judged
holds (``store.evaluations``); ``SAVED``'s answer every games database and its Parquet export."""


def saved_query(name: str) -> str:
    """The SQL of a shipped query, or an error listing them."""
    try:
        return SAVED[name].sql
    except KeyError:
        names = ", ".join(SAVED)
        raise UnknownNameError(f"unknown saved query {name!r}: the saved queries are {names}",
                               hint="list them with: gtr query --saved", choices=list(SAVED)) from None


@dataclass
class QueryResult:
    columns: list[str]
    rows: Iterable[tuple]
    """A list from ``run_query``; read once, as they come, from ``streamed_query``."""

    def dicts(self) -> list[dict]:
        return [dict(zip(self.columns, row)) for row in self.rows]


MAX_VALUE = 64 * 1024 * 1024
"""Bytes in one value a query may make or read (SQLite's ``SQLITE_LIMIT_LENGTH``): a game's
record is a few MB at most; a query doubling a string stops here, in words, long before memory
runs out, and no single step of it runs long enough to escape ``--time-limit``."""


@contextmanager
def database_errors(path: str | Path) -> Iterator[None]:
    """Any SQLite error of the block, on the database at ``path``, as ``database_error``."""
    try:
        yield
    except sqlite3.DatabaseError as error:
        raise database_error(path, error) from None


def not_a_database(path: str | Path) -> str:
    """What is said of a database path that names no file: a folder, something else (a pipe,
    a device), or nothing at all."""
    path = Path(path)
    if path.is_dir():
        return f"{path} is a folder, not a database file"
    if path.exists():
        return f"{path} is not a regular file, so not a database"
    return f"no database {path}: the file does not exist"


def open_read_only(path: str | Path) -> sqlite3.Connection:
    """A connection that cannot change the database (SQLite ``mode=ro``)."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(not_a_database(path), hint=f"create it with: gtr import examples/ --db {path}")
    conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE)
    conn.execute("PRAGMA query_only = ON")
    conn.set_authorizer(_no_other_file)
    return conn


def _no_other_file(action: int, *_) -> int:
    """Refuse ATTACH: ``mode=ro`` covers only the main database, and ATTACH (also run inside
    ``VACUUM INTO``) would create the file it names."""
    return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_ATTACH else sqlite3.SQLITE_OK


def run_query(path: str | Path, sql: str, params: dict | None = None, *,
              time_limit: float | None = None) -> QueryResult:
    """Run one SQL statement on a read-only connection; a write is refused."""
    with streamed_query(path, sql, params, time_limit=time_limit) as result:
        return QueryResult(result.columns, list(result.rows))


class QueryTooLong(UsageError):
    """A query stopped by its time limit (``gtr query --time-limit``)."""


_CHECK_EVERY = 1000
"""SQLite instructions between two looks at the clock (a few microseconds)."""


@contextmanager
def streamed_query(path: str | Path, sql: str, params: dict | None = None, *,
                   time_limit: float | None = None) -> Iterator[QueryResult]:
    """``run_query`` whose rows come as they are read, a thousand at a time: the first rows of
    a long answer are out at once, and memory does not grow with it. The connection closes
    when the block ends. With ``time_limit`` (seconds, as Datasette's ``sql_time_limit_ms``),
    a query still running that long after it started is stopped: ``QueryTooLong``."""
    conn = open_read_only(path)
    limit = None
    if time_limit is not None:
        deadline = time.monotonic() + time_limit
        conn.set_progress_handler(lambda: time.monotonic() > deadline, _CHECK_EVERY)
        limit = time_limit
    try:
        with _sql_errors(path, limit, conn):
            cursor = conn.execute(sql, params or {})
        yield QueryResult([d[0] for d in cursor.description or ()], _rows(cursor, path, limit))
    finally:
        conn.close()


def _refuse_other_layout(conn: sqlite3.Connection, path: str | Path, text: str) -> None:
    """Raise ``StoreError`` for a query that failed on a missing name (``text``) when the file
    is no games database of this version: the version, not the SQL, is what to fix."""
    try:
        check_readable(conn, path)
    except StoreError as other:
        raise StoreError(f"the query failed: {text}, because {other.message}", hint=other.hint) from None


def _rows(cursor: sqlite3.Cursor, path: str | Path, limit: float | None) -> Iterator[tuple]:
    while True:
        with _sql_errors(path, limit):
            batch = cursor.fetchmany(1000)
        if not batch:
            return
        yield from batch


@contextmanager
def _sql_errors(path: str | Path, limit: float | None = None,
                conn: sqlite3.Connection | None = None) -> Iterator[None]:
    """SQLite's errors as the product's: what went wrong with the query, and what to do. A
    table or column missing from a database of another version, or of no games, says so
    (``conn``: the connection to ask)."""
    try:
        yield
    except sqlite3.OperationalError as error:
        text = str(error)
        if conn is not None and text.startswith(("no such table", "no such column")):
            _refuse_other_layout(conn, path, text)
        if text == "interrupted" and limit is not None:
            raise QueryTooLong(f"the query was stopped after {limit:g} s, its time limit (--time-limit)",
                               hint="give it more time with a larger --time-limit, or ask for less: a WHERE, "
                                    "a LIMIT, or an index the query can use") from None
        if "readonly" in text or "query_only" in text or "read-only" in text:
            raise UsageError(f"the query would change the database: {text} ({path} is opened read-only)",
                             hint="gtr query only reads; use SELECT") from None
        if damaged(error):
            raise database_error(path, error) from None
        raise UsageError(f"the query failed: {text}", hint=what_to_query()) from None
    except sqlite3.DatabaseError as error:
        text = str(error)
        if "not authorized" in text or "authorization denied" in text:
            raise UsageError(f"the query would open or create another database file: {text} ({path} is "
                             "opened read-only; ATTACH and VACUUM INTO are refused)",
                             hint="gtr query only reads; copy the database with cp or sqlite3 .backup") from None
        if "too big" in text:
            raise UsageError(f"the query made a value longer than {MAX_VALUE // (1024 * 1024)} MB, the longest a "
                             f"value may be: {text}",
                             hint="ask for less: a substr(), a length(), a LIMIT") from None
        if "one statement" in text:
            raise UsageError(f"the query holds several statements: {text}", hint="run one at a time") from None
        if "file is not a database" in text:  # not SQLite: the file is wrong, as for every command reading games
            raise StoreError(f"{path} is not a games database: {text}", hint="give a database written by gtr import") \
                from None
        if damaged(error):
            raise database_error(path, error) from None
        raise UsageError(f"the query failed: {text} ({path})") from None
