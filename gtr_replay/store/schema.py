"""The tables, indexes and views of a games database, created with sqlite-utils.

One row in ``games`` per game, keyed by a hash of what defines it (``rows.game_id``) and
numbered in the database (``games.number``); ``players`` and the ``stored_*`` tables hang off
it, the latter by the number, a few bytes where the hex id takes seventeen: a statement with
its events and what its state needs in one row of ``stored_decisions`` (``changes``), player
states where they change, points by turn. Users read them through views under the public
names (``decisions``, ``events``, ``player_states``, ``points_by_turn``, ``snapshot_states``,
``snapshots``...), which show ``games.id`` as ``game``. Columns are described in ``COLUMNS`` so
``gtr query`` users (and tests) can read what each one means.
"""

from __future__ import annotations

import os
import sqlite3

import sqlite_utils

from gtr_replay.enums import Role
from gtr_replay.errors import StoreError
from gtr_replay.store import player_states, states, turn_points

VERSION = 6
"""Stored in ``PRAGMA user_version``; a database of another version is refused. (Version 6
stores a statement in one row of ``stored_decisions``: its text as a place in the game's
record, its events as a JSON array of word codes, and its state as what the events' card moves
do not say, with the values that change at every statement in columns (``changes``); the
``snapshot_states`` view rebuilds the states of the games a query names (``states``); a hand
size by seat at every statement and the other player values where they change; points by
turn as one row a turn; 4 KB pages. Version 5 keyed the rows under a game by its number and
stored snapshot deltas; version 4 dropped ``decisions.points``; version 3 adds
``games.warnings``; version 2 keys a game by what defines it, version 1 by its whole text.)"""

SEQ_BITS = 20
"""``stored_decisions.key`` and ``stored_points_by_turn.key`` are ``games.number`` shifted left
by this many bits, plus ``seq`` (or the turn)."""

MAX_SEQ = (1 << SEQ_BITS) - 1

WORDS = ("move", "hand", "pool", "deck", "camp", "actions", "think", "turn", "cleanup", "lead", "pass", "auto",
         "follow", "site", "glory", "demand", "influence", "complete", "step", "game-end", "public", "setup",
         "leader-draw", "power", "clientele", "stockpile", "vault", "building", "jack pile", "sites in town",
         "sites out of town", "gather", "lay", "add", "hire", "sell", "take", "give", "discard", "keep",
         "jack", "refill", "draw", "end", "over", *(str(role) for role in Role))
"""The first words of ``words``, numbered from 1 in this order in every database of this
version (any other word is numbered when first written)."""

CODES = {word: code for code, word in enumerate(WORDS, 1)}
COMPLETE = CODES["complete"]

TABLES: dict[str, dict] = {
    "games": dict(
        columns={
            "number": int, "id": str, "ruleset": str, "players": int, "player_names": str, "winners": str,
            "scores": str, "end_reason": str, "turns": int, "decisions": int, "statements": int, "source": str,
            "record_number": int, "line": int, "tags": str, "rulings": str, "expansions": str, "deck": str,
            "start": str,
            "record": str, "warnings": str,
        },
        pk="number", not_null={"id", "ruleset", "players", "player_names", "record"},
    ),
    "players": dict(
        columns={"game": str, "seat": int, "name": str, "score": int, "influence": int, "vault": int,
                 "bonuses": str, "powers": int, "winner": int},
        pk=("game", "seat"), foreign_keys=[("game", "games", "id")], not_null={"name"},
    ),
    "stored_decisions": dict(
        # key: the game's number shifted left by SEQ_BITS, plus seq (a rowid table filled in
        # key order packs its pages full). actor: a seat; verb, phase, led_role: words; at,
        # length: where the statement's text is in games.record (at: the text itself where the
        # record does not hold it as written); line: counted from games.line; the state's
        # columns and change: see gtr_replay.store.changes.
        columns={"key": int, "idx": int, "path": str, "turn": int, "actor": bytes, "verb": int, "at": bytes,
                 "length": int, "line": int, "col": int, "comment": str, "glyphs": str, "forced": int,
                 "clients": int, "events": str, "phase": int, "current": int, "leader": int, "state_turn": int,
                 "led_role": int, "actions": int, "played": int, "done": int, "hands": str, "change": str},
        pk="key", not_null={"path", "verb"},
    ),
    "words": dict(columns={"code": int, "word": str}, pk="code", not_null={"word"}),
    "stored_player_states": player_states.TABLE,
    "stored_points_by_turn": turn_points.TABLE,
}

COLUMNS = {
    "games.number": "the game's number in this database: the key the rows under it are stored by (the "
                    "views show games.id instead)",
    "games.id": "first 16 hex digits of the SHA-256 of what defines the game: the tags Ruleset, Players, "
                "Expansion, Rulings, Deck and Start, the setup or position block, the main line's statements",
    "games.players": "number of players",
    "games.player_names": "names in seating order, comma separated",
    "games.winners": "winner(s), comma separated (NULL when the record stops before the end)",
    "games.scores": "final points as in a Result tag: 'Ann 24, Ben 19'",
    "games.turns": "turns played on the main line",
    "games.decisions": "statements on the main line",
    "games.statements": "statements including variations",
    "games.source": "the file the record was first imported from",
    "games.record_number": "its place in that file, from 1",
    "games.line": "the line of that file the record starts at",
    "games.tags": "every header tag as a JSON object",
    "games.rulings": "every ruling's reading (JSON object)",
    "games.deck": "the deck after setup, top first (JSON); states count what is left of it",
    "games.start": "the state before the first statement, as snapshot_states writes states (JSON)",
    "games.record": "the canonical text of the record",
    "games.warnings": "what may make the replay wrong, one per line: a completed building whose power is "
                      "not written yet (NULL when nothing)",
    "players.vault": "points from vault cards",
    "players.bonuses": "materials of the Merchant bonuses won, comma separated",
    "players.powers": "points from building powers",
    "players.winner": "1 for a winner",
    "decisions.seq": "replay order, from 1, over the main line and variations",
    "decisions.idx": "position in its line of play",
    "decisions.path": "'' on the main line; 's.v' for variation v of statement s",
    "decisions.turn": "the turn the statement was made in",
    "decisions.verb": "lead, follow, think, hire, gather, lay, add, demand, take, give, glory, sell, pass, "
                      "surrender",
    "decisions.forced": "1 when the statement restates an action the engine had already made",
    "decisions.role": "for a lead or a follow, the role led",
    "decisions.clients": "for a lead, the leader's clients of the led role at that moment",
    "events.n": "order within the statement, from 1",
    "snapshot_states.state": "the whole state after the statement (JSON), rebuilt in SQL: every value but "
                             "ruleset, rulings and expansions (in games); deck is the number of cards left of "
                             "games.deck when it is that deck's tail, else an object of each card's count left "
                             "when they are in games.deck's order; empty values may be left out, but for each "
                             "player's hand, camp, clientele, stockpile and vault and the Pool",
    "snapshots.base": "the statement whose state this one is rebuilt from (NULL: the game's start, or the "
                      "first statement of a variation, stored whole)",
    "snapshots.state": "as snapshot_states.state",
    "words.word": "a word the stored rows keep as a number: an event kind, a zone, a card, an event's text, "
                  "a verb, a role, a phase",
    **player_states.COLUMNS,
    **turn_points.COLUMNS,
}

INDEXES = [
    ("games", ["id"], True),
    ("words", ["word"], True),
    ("games", ["ruleset", "players"], False),
    ("games", ["source", "record_number"], False),
    ("players", ["name"], False),
]

_COMPLETED = f"instr(events, '[{COMPLETE},') > 0"
"""Whether a statement's events hold a completion (each event is an array starting with its kind)."""

PARTIAL_INDEXES = {
    # Only a few statements complete a building: an index of them finds every completion
    # without reading every statement's events.
    "idx_decisions_completing": f"ON stored_decisions (key) WHERE {_COMPLETED}",
}

_SEQ = f"& {MAX_SEQ}"
"""A key to its ``seq``."""

_IN_GAME = f"ON {{0}}.key BETWEEN g.number << {SEQ_BITS} AND (g.number << {SEQ_BITS}) | {MAX_SEQ}"
"""The join of a table keyed like ``stored_decisions`` to its game's rows."""

_PLAYER = "coalesce({0}.name, {1})"
"""A seat shown as the player's name (a player without a seat is stored by name)."""

_INTEGER = "CAST({0} AS INTEGER)"
_TEXT = "CAST({0} AS TEXT)"
"""A view's column computed by an expression has no type of its own: SQLite compares it with
a value as it comes, so the text ``'120'`` a filter sends (Datasette's do) never equals the
number 120. A column cast to the type it holds takes that type's affinity, and the text is
converted before it is compared. Every computed column of a view is so cast (a column read
as it is from a table keeps the table's type)."""

TEXT = ("CASE typeof({0}.at) WHEN 'text' THEN {0}.at "
        "ELSE CAST(substr(CAST({1}.record AS BLOB), {0}.at, {0}.length) AS TEXT) END")
"""A statement's text, from its row of ``stored_decisions`` (``{0}``) and its game's (``{1}``)."""

VIEWS = {
    # The rows under a game, as users read them: keyed by games.id. A query naming a game
    # (WHERE game = '...') finds its number by the unique index on games.id, then its rows by
    # their key.
    "decisions": f"""
        SELECT g.id AS game, {_INTEGER.format(f"d.key {_SEQ}")} AS seq,
               {_INTEGER.format(f"coalesce(d.idx, d.key {_SEQ})")} AS idx, d.path, d.turn,
               {_TEXT.format(_PLAYER.format("a", "d.actor"))} AS actor, v.word AS verb,
               {_TEXT.format(TEXT.format("d", "g"))} AS text,
               {_INTEGER.format("g.line + d.line")} AS line, d.col, d.comment, d.glyphs, d.forced,
               {_TEXT.format(f"CASE WHEN d.verb IN ({CODES['lead']}, {CODES['follow']}) THEN r.word END")} AS role,
               d.clients
        FROM games g JOIN stored_decisions d {_IN_GAME.format("d")}
        LEFT JOIN players a ON a.game = g.id AND a.seat = d.actor
        LEFT JOIN words v ON v.code = d.verb LEFT JOIN words r ON r.code = d.led_role""",
    "events": f"""
        SELECT g.id AS game, {_INTEGER.format(f"d.key {_SEQ}")} AS seq, {_INTEGER.format("e.key + 1")} AS n,
               k.word AS kind, {_TEXT.format(_PLAYER.format("p", "e.value ->> 1"))} AS player, c.word AS card,
               s.word AS source, t.word AS target, {_INTEGER.format("e.value ->> 6")} AS value, x.word AS text
        FROM games g JOIN stored_decisions d {_IN_GAME.format("d")} JOIN json_each(d.events) e
        LEFT JOIN words k ON k.code = e.value ->> 0 LEFT JOIN players p ON p.game = g.id AND p.seat = e.value ->> 1
        LEFT JOIN words x ON x.code = e.value ->> 2 LEFT JOIN words c ON c.code = e.value ->> 3
        LEFT JOIN words s ON s.code = e.value ->> 4 LEFT JOIN words t ON t.code = e.value ->> 5""",
    "snapshots": states.games_view(SEQ_BITS, MAX_SEQ, CODES),
    "snapshot_states": states.each_view(SEQ_BITS, MAX_SEQ, CODES),
    "player_states": player_states.VIEW.format(bits=SEQ_BITS, mask=MAX_SEQ),
    "points_by_turn": turn_points.TABLE_VIEW.format(bits=SEQ_BITS, mask=MAX_SEQ),
    "final_scores": """
        SELECT g.id AS game, g.source, g.record_number, g.ruleset, g.end_reason, p.seat, p.name, p.score,
               p.influence, p.vault, p.bonuses, p.powers, p.winner
        FROM players p JOIN games g ON g.id = p.game""",
    "completions": f"""
        SELECT g.id AS game, {_INTEGER.format(f"d.key {_SEQ}")} AS seq, {_INTEGER.format("e.key + 1")} AS n, d.turn,
               {_TEXT.format(_PLAYER.format("p", "e.value ->> 1"))} AS player, c.word AS structure
        FROM stored_decisions d JOIN json_each(d.events) e JOIN games g ON g.number = d.key >> {SEQ_BITS}
        LEFT JOIN players p ON p.game = g.id AND p.seat = e.value ->> 1 LEFT JOIN words c ON c.code = e.value ->> 3
        WHERE {_COMPLETED.replace("events", "d.events")} AND e.value ->> 0 = {COMPLETE} AND d.path = ''""",
    "first_structures": """
        SELECT game, player, structure, turn, seq FROM (
            SELECT *, row_number() OVER (PARTITION BY game, player ORDER BY seq, n) AS k FROM completions)
        WHERE k = 1""",
    "turn_points": turn_points.VIEW,
    "leads": """
        SELECT game, seq, path, turn, actor, role, clients, text FROM decisions WHERE verb = 'lead'""",
    "wins": """
        SELECT name, CAST(count(*) AS INTEGER) AS games, CAST(sum(winner) AS INTEGER) AS wins,
               CAST(round(avg(score), 2) AS REAL) AS average_score
        FROM players GROUP BY name""",
    "end_reasons": """
        SELECT ruleset, players, end_reason, CAST(count(*) AS INTEGER) AS games FROM games
        GROUP BY ruleset, players, end_reason""",
}


FIRST_READ = ("final_scores", "player_states", "points_by_turn", "snapshot_states", "decisions", "events")
"""The views a first question of a games database reads, named where a query fails."""


def what_to_query() -> str:
    """The hint of a query that failed: the tables and the views most questions read."""
    return (f"check the SQL; the tables are games and players, the views most questions read "
            f"{', '.join(FIRST_READ)}; gtr query --help lists them all")


def check_writable(db: sqlite_utils.Database) -> None:
    """Refuse, before anything in it is changed, a database this gtr must not write to: one
    of another version, another program's (any table, view or index of its own), one missing
    some of ours (``StoreError``, in words). A new or empty file (0 bytes, or no tables) passes."""
    version, named = _schema_seen(db)
    if version not in (0, VERSION):
        raise StoreError(f"database schema version {version}: this gtr writes version {VERSION}",
                         hint="import into a new database file")
    if version == 0 and (own := sorted(named)):
        shown = ", ".join(own[:5]) + (f" and {len(own) - 5} more" if len(own) > 5 else "")
        raise StoreError(f"the file is another program's database: it holds tables of its own ({shown}); "
                         "gtr writes only into a new file, an empty one or a games database",
                         hint="import into a new database file")
    existing = {name for name, kind in named.items() if kind in ("table", "view")}
    if version == VERSION and (missing := sorted(set(TABLES) - existing)):  # all are made at once
        raise StoreError(f"tables of a games database are missing ({', '.join(missing)})",
                         hint="import into a new database file")


def _schema_seen(db: sqlite_utils.Database) -> tuple[int, dict[str, str]]:
    """The schema version and the kind of each name in the schema (but SQLite's own), read in
    one read transaction: another import into the same new file may commit its schema at any
    moment, and a version read before it with names read after it would judge our own games
    database another program's."""
    conn = db.conn
    began = not conn.in_transaction
    if began:
        conn.execute("BEGIN")
    try:
        named = dict(conn.execute("SELECT name, type FROM sqlite_master "
                                  "WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'").fetchall())
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        if began:
            conn.execute("COMMIT")
    return version, named


def prepare(db: sqlite_utils.Database) -> None:
    """Create whatever is missing: tables, indexes, views; set the version (once
    ``check_writable`` passed)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    existing = set(db.table_names())
    stale = stale_views(db)
    if version == VERSION and set(TABLES) <= existing and not stale:
        return
    with db.atomic():
        for name in stale:  # a view as an earlier gtr defined it: the stored rows read the same
            db.execute(f"DROP VIEW IF EXISTS [{name}]")
        for name, spec in TABLES.items():
            sql = db.create_table_sql(name, spec["columns"], pk=spec["pk"], foreign_keys=spec.get("foreign_keys"),
                                      not_null=spec.get("not_null"), if_not_exists=True)
            if spec.get("without_rowid"):
                # The rows of these tables are found by their key (game, seq[, n]); without a
                # rowid the key is stored once instead of in the table and again in an index.
                sql = sql.rstrip().rstrip(";") + " WITHOUT ROWID"
            db.execute(sql)
        for table, columns, unique in INDEXES:
            db[table].create_index(columns, unique=unique, if_not_exists=True)
        db.conn.executemany("INSERT OR IGNORE INTO words (code, word) VALUES (?, ?)",
                            list(enumerate(WORDS, 1)))
        for name, sql in PARTIAL_INDEXES.items():
            db.execute(f"CREATE INDEX IF NOT EXISTS {name} {sql}")
        for name, sql in VIEWS.items():
            db.create_view(name, view_sql(name), ignore=True)
        db.execute(f"PRAGMA user_version = {VERSION}")


def view_sql(name: str) -> str:
    """The SQL a view is created with (``VIEWS``, on one line)."""
    return " ".join(VIEWS[name].split())


def stale_views(db: sqlite_utils.Database) -> list[str]:
    """The views of ``VIEWS`` missing from ``db`` or defined otherwise there (written by an earlier
    gtr: the stored tables are the same, only how the views read them differs), in the order of
    ``VIEWS`` (a view reading another comes after it)."""
    found = dict(db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'view'").fetchall())
    return [name for name in VIEWS if name not in found or view_sql(name) not in found[name]]


def damaged(error: sqlite3.DatabaseError) -> bool:
    """Whether SQLite says the database's pages do not read (``SQLITE_CORRUPT``: "database disk
    image is malformed", "malformed database schema"); a file that is no database at all, or
    another program's, is told apart."""
    return "malformed" in str(error)


def database_error(path: str | os.PathLike, error: sqlite3.DatabaseError) -> StoreError:
    """An error SQLite gave on the database at ``path`` as the product's, in words: a damaged
    file says so and what to do (every command that opens a games database says it alike)."""
    text = str(error)
    if damaged(error):
        return StoreError(f"{path} is damaged: {text}",
                          hint="restore it from a copy, or import its records again into a new database: "
                               "gtr import RECORDS --db NEW.db")
    return StoreError(f"cannot use {path}: {text}")


def check_readable(conn, path) -> None:
    """Refuse a file to read games from that is not a games database of this version: not
    SQLite, another program's, or of an older version (``StoreError``, in words)."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as error:
        if damaged(error):
            raise database_error(path, error) from None
        raise StoreError(f"{path} is not a games database: {error}",
                         hint="give a database written by gtr import") from None
    if version != VERSION:
        raise StoreError(f"{path}: database schema version {version}, not {VERSION}" if version else
                         f"{path} holds no games written by gtr import",
                         hint="import the records into a new database file with gtr import")
    if not set(TABLES) <= names:
        raise StoreError(f"{path}: tables of a games database are missing ({', '.join(sorted(set(TABLES) - names))})",
                         hint="import the records into a new database file with gtr import")
