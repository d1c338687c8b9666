"""The games database: opening it for writing, adding a game, loading a snapshot.

Writing uses WAL and ``synchronous=NORMAL`` while an import runs: each game is one
transaction, so a crash or a kill loses at most the game being written, never half of one.
On ``close`` the database goes back to a rollback journal, so it is again one plain file that
a read-only connection can open.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlite_utils

from gtr_replay.game.events import Event
from gtr_replay.game.state import GameState
from gtr_replay.errors import StoreError
from gtr_replay.replay.files import file_text
from gtr_replay.store import schema
from gtr_replay.store.player_states import STORED_COLUMNS
from gtr_replay.store.schema import damaged, database_error
from gtr_replay.store.rows import DECISION_COLUMNS, WORD_COLUMNS, GameRows, content_hash
from gtr_replay.store.snapshots import dumps, expand

DEFAULT_DB = "games.db"
PAGE_SIZE = 4096
BUSY_TIMEOUT = 60.0
"""Seconds a write waits for another import into the same database to commit its game."""


def _insert_sql(table: str, columns: tuple[str, ...]) -> str:
    """Rows given without the game: the game's number (an int, never text) is written into the SQL."""
    columns = ("game",) + tuple(c for c in columns if c != "game")
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({{number}}, {', '.join('?' * (len(columns) - 1))})"


def _decisions_sql(number: int, filled: list[int]) -> str:
    """The INSERT of a game's statements, of the columns ``filled`` (indexes in
    ``DECISION_COLUMNS``, the key's first): the others are left NULL."""
    names = [DECISION_COLUMNS[i] for i in filled]
    return (f"INSERT INTO stored_decisions ({', '.join(names)}) "
            f"VALUES (({number} << {schema.SEQ_BITS}) + ?{', ?' * (len(names) - 1)})")


_PLAYER_STATES = _insert_sql("stored_player_states", STORED_COLUMNS)
_POINTS_BY_TURN = f"INSERT INTO stored_points_by_turn (key, points) VALUES (({{number}} << {schema.SEQ_BITS}) + ?, ?)"
_KEYED = {"stored_decisions": schema.SEQ_BITS, "stored_points_by_turn": schema.SEQ_BITS}
"""The tables keyed by one integer: the game's number shifted left by this many bits, and more."""
_GAME_TABLES = ("stored_points_by_turn", "stored_player_states", "stored_decisions")
JUDGED = "evaluations"
"""The table of ``gtr analyse --db``'s judgements (``evaluations``), made when first written."""
_WORDS = [DECISION_COLUMNS.index(c) for c in WORD_COLUMNS]
_EVENTS = DECISION_COLUMNS.index("events")
_EVENTS_KEPT = 200_000
"""At most this many events are kept written (``Store._events``, a few MB) between games."""


def _event(event: Event, seat_of: dict, code) -> str:
    """An event as stored (``rows.EVENT_FIELDS``): a JSON array of its words as codes (0: none)
    and its player's seat, without the values it does not have at its end."""
    out = [code(event.kind), seat_of.get(event.player, event.player), code(event.text) or 0, code(event.card) or 0,
           code(event.source) or 0, code(event.target) or 0, event.value]
    while len(out) > 1 and (out[-1] is None or (len(out) > 2 and out[-1] == 0 and len(out) < 7)):
        out.pop()
    # numbers, and a player without a seat by name: written as JSON without an encoder's setup
    return "[" + ",".join("null" if v is None else str(v) if type(v) is int else dumps(v) for v in out) + "]"


class Store:
    """A games database open for writing (created with its schema when missing)."""

    def __init__(self, path: str | Path = DEFAULT_DB, *, create: bool = True) -> None:
        """Open ``path`` for writing. With ``create`` (an import) a new or empty file gets the
        schema; without (``delete``), only a games database of this version is opened, and any
        other file, a 0-byte one too, is refused before a byte of it changes."""
        self.path = Path(path)
        self._codes: dict[str, int] | None = None
        self._events: dict[tuple[str, ...], dict[Event, str]] = {}
        """Each event as written (``_event``), by the players' names in seating order: games
        of the same players repeat most of each other's events, so each is written once."""
        if not create:
            from gtr_replay.store.queries import open_read_only

            conn = open_read_only(self.path)
            try:
                schema.check_readable(conn, self.path)
            finally:
                conn.close()
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            conn = None
            try:
                conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT)
                self.db = sqlite_utils.Database(conn)
                self._prepare()
                return
            except StoreError:
                conn.close()
                raise
            except sqlite3.DatabaseError as error:
                if conn is not None:
                    conn.close()
                # Two imports opening a new database at once: the switch to WAL or the schema
                # of one can find the other's lock without waiting for it; try again.
                if "locked" in str(error) and time.monotonic() < deadline:
                    time.sleep(0.05)
                    continue
                if damaged(error):
                    raise database_error(self.path, error) from None
                raise _open_error(self.path, error) from None

    def _prepare(self) -> None:
        schema.check_writable(self.db)  # a file this gtr must not write to is left as it is
        # A new file: pages of 4 KB (a no-op on a database already made)
        self.db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        self.db.enable_wal()
        self.db.execute("PRAGMA synchronous = NORMAL")
        self.db.execute("PRAGMA foreign_keys = ON")
        schema.prepare(self.db)

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        try:
            self.db.execute("PRAGMA busy_timeout = 100")
            self.db.disable_wal()
        except sqlite3.DatabaseError:  # another connection still uses it: leave WAL on; the last closes it
            pass
        self.db.close()

    def known(self) -> dict[str, str]:
        """Every stored game's id, with the hash of its stored text (``content_hash``)."""
        return {gid: content_hash(text) for gid, text in self.db.execute("SELECT id, record FROM games")}

    def add(self, rows: GameRows) -> str:
        """Write one game and everything under it in a single transaction, and say what it did:
        ``added``; ``already`` (the same text was stored); ``updated`` (the same game, stored
        before with other comments, glyphs or descriptive tags, now replaced by this one: its
        moves are the same, so its judgements stay, each with its statement)."""
        if not rows.states:
            raise ValueError("rows made without their statements' changes (game_rows(snapshots=False)) "
                             "cannot be stored: no state could be rebuilt from them")
        with self._write() as conn:
            stored = conn.execute("SELECT record FROM games WHERE id = ?", [rows.id]).fetchone()
            if stored is not None and stored[0] == rows.game["record"]:
                return ALREADY
            judged = _judgements(conn, rows.id) if stored is not None else []
            if stored is not None:
                _delete(conn, rows.id)
            self._insert(rows)
            if judged:
                _restore_judgements(conn, judged, rows.main_line_seqs())
        return ADDED if stored is None else UPDATED

    def place(self, game: str, number: int, sources: list[str]) -> bool:
        """A record read again as ``game``, stored before: where it was stored from this file
        (one of ``sources``, the names it was imported under), it is now its record
        ``number`` (a record inserted above it moves it). False when ``game`` is no longer
        stored (it gave its place to an earlier record of the same import)."""
        with self._write() as conn:
            found = conn.execute("SELECT source, record_number FROM games WHERE id = ?", [game]).fetchone()
            if found is None:
                return False
            if found[0] in sources and found[1] != number:
                conn.execute("UPDATE games SET record_number = ? WHERE id = ?", [number, game])
        return True

    def replace_at(self, sources: list[str], number: int, rulings: str, keep: set[str]) -> list[tuple[str, str]]:
        """Delete the games stored from this file (one of ``sources``), record ``number`` under
        ``rulings``, but those in ``keep``: a record changed since gives their place to the game
        it is now. Their ids and stored texts."""
        with self._write() as conn:
            others = conn.execute("SELECT id, record FROM games WHERE source IN (SELECT value FROM json_each(?)) "
                                  "AND record_number = ? AND rulings = ? ORDER BY rowid",
                                  [json.dumps(sources), number, rulings]).fetchall()
            others = [(gid, text) for gid, text in others if gid not in keep]
            for gid, _ in others:
                _delete(conn, gid)
        return others

    def sources_by_file(self) -> dict[str, list[str]]:
        """The names games were imported under, by the file each names from here (``x.gtr``,
        ``./x.gtr`` and its absolute path are one file)."""
        found: dict[str, list[str]] = {}
        for (source,) in self.db.execute("SELECT DISTINCT source FROM games WHERE source IS NOT NULL"):
            found.setdefault(same_file_key(source), []).append(source)
        return found

    def delete(self, games: list[str] | None = None, sources: list[str] | None = None) -> tuple[list[str], list[str]]:
        """Delete the games named and every game imported from one of ``sources``, all or none:
        (the ids deleted, the ids named that are not stored). Where one named is not stored, or
        ``sources`` are given and no game came from them, nothing is deleted."""
        named = list(dict.fromkeys(games or []))
        with self._write() as conn:
            stored = {r[0] for r in conn.execute("SELECT id FROM games WHERE id IN (SELECT value FROM json_each(?))",
                                                 [json.dumps(named)])}
            missing = [g for g in named if g not in stored]
            imported = conn.execute("SELECT count(*) FROM games WHERE source IN (SELECT value FROM json_each(?))",
                                    [json.dumps(sources or [])]).fetchone()[0]
            if missing or (sources is not None and not imported):
                return [], missing
            found = [r[0] for r in conn.execute(
                "SELECT id FROM games WHERE id IN (SELECT value FROM json_each(?)) "
                "OR source IN (SELECT value FROM json_each(?)) ORDER BY rowid",
                [json.dumps(named), json.dumps(sources or [])])]
            for gid in found:
                _delete(conn, gid)
        return found, []

    def _insert(self, rows: GameRows) -> None:
        db = self.db
        number = int(db["games"].insert(rows.game).last_rowid)
        db["players"].insert_all(rows.players)
        conn = db.conn
        code = self._words()
        seat_of = {name: seat for seat, name in enumerate(rows.seats)}
        if sum(map(len, self._events.values())) > _EVENTS_KEPT:
            self._events.clear()
        written = self._events.setdefault(tuple(rows.seats), {})

        def event(e: Event) -> str:
            found = written.get(e)
            if found is None:
                found = written[e] = _event(e, seat_of, code)
            return found

        decisions = []
        for row in rows.decisions:
            row = list(row)
            for i in _WORDS:
                row[i] = code(row[i])
            events = row[_EVENTS]
            row[_EVENTS] = "[" + ",".join(map(event, events)) + "]" if events else None
            decisions.append(row)
        if decisions:  # a record of its start alone has none
            # a column no statement of the game fills (comments, glyphs...) is left out: NULL without binding it
            columns = list(zip(*decisions))
            filled = [i for i, values in enumerate(columns) if i == 0 or values.count(None) < len(values)]
            conn.executemany(_decisions_sql(number, filled), zip(*(columns[i] for i in filled)))
        # in key order, so that the rows fill their pages instead of splitting them
        conn.executemany(_PLAYER_STATES.format(number=number), sorted(rows.player_states))
        conn.executemany(_POINTS_BY_TURN.format(number=number), rows.points_by_turn)

    def _words(self):
        """A function from a word to its ``words`` code (a new word is numbered in the
        transaction under way); None stays None."""
        words = self._codes
        if words is None:
            words = self._codes = {w: c for c, w in self.db.execute("SELECT code, word FROM words")}
        conn = self.db.conn

        def code(word):
            found = words.get(word)
            if found is None and word is not None:
                conn.execute("INSERT OR IGNORE INTO words (word) VALUES (?)", [word])
                found = words[word] = conn.execute("SELECT code FROM words WHERE word = ?",
                                                   [word]).fetchone()[0]
            return found
        return code

    def _forget_words(self) -> None:
        """The words numbered in a transaction rolled back are gone with it, and so are the
        events written with their codes."""
        self._codes = None
        self._events.clear()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (BEGIN IMMEDIATE) so that two imports into the
        same database wait for each other instead of failing; a full disk becomes a StoreError
        and leaves the database as it was before the transaction."""
        conn = self.db.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                self._forget_words()
                raise
            conn.commit()
        except sqlite3.DatabaseError as error:  # a full disk, a lock held, a damaged file
            self._forget_words()
            if conn.in_transaction:
                conn.rollback()
            raise _write_error(self.path, error) from None

    def state(self, game: str, seq: int) -> GameState:
        return load_state(self.db.conn, game, seq)


ADDED, ALREADY, UPDATED = "added", "already", "updated"


def same_file_key(source: str) -> str:
    """The file a source names, resolved from here, as ``files.file_text`` writes names."""
    return file_text(Path(source).expanduser().resolve())


def _judgements(conn: sqlite3.Connection, game: str) -> list[dict]:
    """The game's judgements (``JUDGED``), as rows by column; [] where none is stored."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [JUDGED]).fetchone():
        return []
    cursor = conn.execute(f"SELECT * FROM {JUDGED} WHERE game = ?", [game])
    names = [c[0] for c in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


def _restore_judgements(conn: sqlite3.Connection, judged: list[dict], seqs: list[int]) -> None:
    """Write a game's judgements back once it is stored again with the same moves: each with
    its statement of the main line, whose number in the replay (``seq``) a variation added or
    taken out before it changes."""
    names = list(judged[0])
    for row in judged:
        if 1 <= row["statement"] <= len(seqs):
            row["seq"] = seqs[row["statement"] - 1]
    conn.executemany(f"INSERT INTO {JUDGED} ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                     [[row[n] for n in names] for row in judged])


def _delete(conn: sqlite3.Connection, game: str) -> None:
    (number,) = conn.execute("SELECT number FROM games WHERE id = ?", [game]).fetchone()
    for table in _GAME_TABLES:
        if table in _KEYED:
            bits = _KEYED[table]
            conn.execute(f"DELETE FROM {table} WHERE key BETWEEN ? AND ?", [number << bits, ((number + 1) << bits) - 1])
        else:
            conn.execute(f"DELETE FROM {table} WHERE game = ?", [number])
    conn.execute("DELETE FROM players WHERE game = ?", [game])
    if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [JUDGED]).fetchone():
        conn.execute(f"DELETE FROM {JUDGED} WHERE game = ?", [game])  # the game's judgements go with it
    conn.execute("DELETE FROM games WHERE number = ?", [number])


def _open_error(path: Path, error: sqlite3.DatabaseError) -> StoreError:
    """What is said of a database that cannot be opened: a folder, a file or folder that cannot
    be written (a read-only file system, no permission), or a file of another kind."""
    text = str(error)
    if path.is_dir():
        return StoreError(f"{path} is a folder, not a database file", hint="give a file name, e.g. --db games.db")
    if not path.parent.is_dir():
        return StoreError(f"cannot make {path}: the folder {path.parent} does not exist",
                          hint="make the folder first, or give a database in a folder that exists")
    if "readonly" in text or "read-only" in text or ("unable to open" in text and not os.access(path.parent, os.W_OK)):
        return StoreError(f"cannot write to {path}: {text} (the file or its folder is read-only)",
                          hint="give a database in a folder you can write to, or copy it there")
    return StoreError(f"cannot open {path} as a games database: {text}",
                      hint="give a new file name or a database written by gtr import")


def _write_error(path: Path, error: sqlite3.DatabaseError) -> StoreError:
    text = str(error)
    if damaged(error):
        return database_error(path, error)
    if "full" in text or "disk I/O" in text:
        return StoreError(f"cannot write to {path}: {text} (is the disk full?); the games stored before "
                          "are kept, whole",
                          hint="free some disk space and run the same import again: it adds the rest")
    if "locked" in text or "busy" in text:
        return StoreError(f"cannot write to {path}: {text} (another program holds it)",
                          hint="wait for it to finish, then run the import again")
    return StoreError(f"cannot write to {path}: {text}")


def load_state(conn: sqlite3.Connection, game: str, seq: int) -> GameState:
    """The state after statement ``seq`` of ``game``, as the ``snapshot_states`` view rebuilds it."""
    row = conn.execute("SELECT ruleset, rulings, expansions, deck FROM games WHERE id = ?", [game]).fetchone()
    if row is None:
        raise StoreError(f"no game {game!r} in the database", hint="list them with: gtr query 'select id from games'")
    found = conn.execute("SELECT state FROM snapshot_states WHERE game = ? AND seq = ?", [game, seq]).fetchone()
    if found is None:
        raise StoreError(f"game {game} has no snapshot {seq}", hint="seq counts the game's statements from 1")
    constants = dict(zip(("ruleset", "rulings", "expansions", "deck"), row))
    return GameState.from_dict(expand(json.loads(found[0]), constants))
