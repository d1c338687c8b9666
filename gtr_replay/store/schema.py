"""The tables, indexes and views of a games database, created with sqlite-utils.

One row in ``games`` per game, keyed by a hash of what defines it (``rows.game_id``) and
numbered in the database (``games.number``); ``players`` and the ``stored_*`` tables
(decisions, events, snapshots, player states, points by turn) hang off it, the latter by the
number, a few bytes where the hex id takes seventeen in each of some ten rows a statement.
Users read them through views under the public names (``decisions``, ``events``...), which
show ``games.id`` as ``game``. Columns are described in ``COLUMNS`` so ``gtr query`` users
(and tests) can read what each one means.
"""

from __future__ import annotations

import sqlite_utils

from gtr_replay.store import player_states, turn_points

VERSION = 5
"""Stored in ``PRAGMA user_version``; a database of another version is refused. (Version 5
stores less than half the bytes a statement: the rows under a game keyed by its
``games.number`` instead of its hex id (decisions, events and snapshots by one integer), read
through views under the public names; ``player_states`` rows only for the seats that
changed; event kinds and zones as ``event_words`` numbers, players as seats; snapshot deltas
that write a deck drawn by name as counts and a list by what changed in it; 8 KB pages.
Version 4 dropped ``decisions.points`` and stored snapshot buildings without empty values;
version 3 adds ``games.warnings``; version 2 keys a game by what defines it, version 1 by its
whole text.)"""

SEQ_BITS = 20
"""``stored_decisions.key`` and ``stored_snapshots.key`` are ``games.number`` shifted left by this
many bits, plus ``seq``."""

MAX_SEQ = (1 << SEQ_BITS) - 1

N_BITS = 10
"""``stored_events.key`` is a snapshot's key shifted left by this many bits, plus ``n``."""

MAX_N = (1 << N_BITS) - 1

WORDS = ("move", "hand", "pool", "deck", "camp", "actions", "think", "turn", "cleanup", "lead", "pass", "auto",
         "follow", "site", "glory", "demand", "influence", "complete", "step", "game-end", "public", "setup",
         "leader-draw", "power", "clientele", "stockpile", "vault", "building", "jack pile", "sites in town",
         "sites out of town")
"""The first words of ``event_words``, numbered from 1 in this order in every database of this
version (an event kind or zone not listed is numbered when first written)."""

COMPLETE = WORDS.index("complete") + 1

TABLES: dict[str, dict] = {
    "games": dict(
        columns={
            "number": int, "id": str, "ruleset": str, "players": int, "player_names": str, "winners": str,
            "scores": str, "end_reason": str, "turns": int, "decisions": int, "statements": int, "source": str,
            "record_number": int, "tags": str, "rulings": str, "expansions": str, "deck": str, "start": str,
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
        # key order packs its pages full; a WITHOUT ROWID one leaves a tenth of them empty)
        columns={"key": int, "idx": int, "path": str, "turn": int, "actor": str, "verb": str, "text": str,
                 "line": int, "col": int, "comment": str, "glyphs": str, "forced": int, "role": str,
                 "clients": int},
        pk="key", not_null={"verb", "text"},
    ),
    "event_words": dict(columns={"code": int, "word": str}, pk="code", not_null={"word"}),
    "stored_events": dict(
        # kind, source and target hold an event_words code, player a seat (a word or name
        # without one is kept as text): BLOB columns, which SQLite keeps each value in as given
        columns={"key": int, "kind": bytes, "player": bytes, "card": str, "source": bytes, "target": bytes,
                 "value": int, "text": str},
        pk="key", not_null={"kind"},
    ),
    "stored_snapshots": dict(
        # rows of a few hundred bytes to 2 KB: a rowid table, keyed by one integer (no index)
        columns={"key": int, "base": int, "state": str},
        pk="key", not_null={"state"},
    ),
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
    "games.tags": "every header tag as a JSON object",
    "games.rulings": "every ruling's reading (JSON object)",
    "games.deck": "the deck after setup, top first (JSON); snapshots count what is left of it",
    "games.start": "the compact state before the first statement (JSON)",
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
    "snapshots.base": "NULL for a whole state; else the seq of the snapshot this delta applies to",
    "snapshots.state": "compact state JSON, or the change from base (see gtr_replay.store.snapshots)",
    "event_words.word": "an event kind or zone; stored_events keeps its code (the events view shows the word)",
    **player_states.COLUMNS,
    **turn_points.COLUMNS,
    "snapshot_states.state": "the whole compact state after the statement, rebuilt from the key snapshot and "
                             "its deltas in SQL: every value but ruleset, rulings and expansions (in games); "
                             "deck is the number of cards left of games.deck when it is that deck's tail, "
                             "else an object of each card's count left when they are in games.deck's order",
}

INDEXES = [
    ("games", ["id"], True),
    ("event_words", ["word"], True),
    ("games", ["ruleset", "players"], False),
    ("games", ["source", "record_number"], False),
    ("players", ["name"], False),
]

PARTIAL_INDEXES = {
    # Only a few events per game are completions; an index of every event's kind would be a
    # tenth of the database for the sake of one query.
    "idx_events_complete": f"ON stored_events (key) WHERE kind = {COMPLETE}",
    "idx_decisions_lead_clients": "ON stored_decisions (clients) WHERE verb = 'lead'",
}

_SEQ = f"& {MAX_SEQ}"
"""``stored_snapshots.key`` to its ``seq``."""

_IN_GAME = f"ON {{0}}.key BETWEEN g.number << {SEQ_BITS} AND (g.number << {SEQ_BITS}) | {MAX_SEQ}"
"""The join of a table keyed like ``stored_snapshots`` to its game's rows."""

_VALUE = """CASE type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null'
                 ELSE value END"""


def _element(alias: str) -> str:
    """SQL for the JSON text of a ``json_each`` row's value."""
    return (f"CASE {alias}.type WHEN 'text' THEN json_quote({alias}.value) WHEN 'true' THEN 'true' "
            f"WHEN 'false' THEN 'false' WHEN 'null' THEN 'null' ELSE {alias}.value END")


def _list_change(before: str, change: str) -> str:
    """SQL for a list after a ``snapshots.list_change``: the values of ``before`` not at the
    positions in "-" (each replaced by the one in "=" at its position), then those in "+"."""
    return f"""(SELECT json('[' || coalesce(group_concat(e, ','), '') || ']') FROM (
        SELECT coalesce((SELECT {_element("r")} FROM json_each({change}, '$."="') r
                         WHERE r.key = CAST(o.key AS TEXT)), {_element("o")}) AS e, o.key AS i
        FROM json_each({before}) o WHERE o.key NOT IN (SELECT value FROM json_each({change}, '$."-"'))
        UNION ALL SELECT {_element("a")}, a.key + {MAX_SEQ + 1} FROM json_each({change}, '$."+"') a
        ORDER BY i))"""


SNAPSHOT_STATES = f"""
    WITH RECURSIVE built(key, state) AS (
        SELECT key, state FROM stored_snapshots WHERE base IS NULL
        UNION ALL
        SELECT s.key, (
            SELECT json_group_object(k, CASE WHEN t IN ('object', 'array', 'true', 'false', 'null')
                                             THEN json(v) ELSE v END)
            FROM (
                SELECT key AS k, type AS t, {_VALUE} AS v
                FROM json_each(b.state)
                WHERE key <> 'players' AND key NOT IN (SELECT key FROM json_each(s.state))
                UNION ALL
                SELECT x.key, x.type, CASE
                    WHEN x.key = 'deck' AND x.type = 'object' THEN json_patch(json_extract(b.state, '$.deck'), x.value)
                    WHEN x.type = 'object' AND json_type(b.state, '$.' || x.key) = 'array'
                    THEN {_list_change("json_extract(b.state, '$.' || x.key)", "x.value")}
                    ELSE {_VALUE.replace("type", "x.type").replace("value", "x.value")} END
                FROM json_each(s.state) x WHERE x.key <> 'players'
                UNION ALL
                SELECT 'players', 'array', (
                    SELECT json_group_array(json(json_patch(p.value, (
                        SELECT json_group_object(c.key, json(CASE c.type
                            WHEN 'object' THEN {_list_change("json_extract(p.value, '$.' || c.key)", "c.value")}
                            WHEN 'text' THEN json_quote(c.value) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false'
                            WHEN 'null' THEN 'null' ELSE c.value END))
                        FROM json_each(s.state, '$.players."' || p.key || '"') c))))
                    FROM (SELECT key, value FROM json_each(b.state, '$.players') ORDER BY key) p)))
        FROM built b JOIN stored_snapshots s
          ON s.key > b.key AND s.key <= (b.key | {MAX_SEQ}) AND s.base = (b.key {_SEQ})
    )
    SELECT g.id AS game, b.key {_SEQ} AS seq, b.state FROM built b JOIN games g ON g.number = b.key >> {SEQ_BITS}"""
"""Every snapshot as a whole state, in plain SQL: a key snapshot as stored, a delta laid over
the state it follows (its top-level values replace, a deck of counts is merged, a list change
is applied, each changed player's keys replace or apply their list changes; see
``gtr_replay.store.snapshots``). Works in sqlite3 and Datasette alike."""

VIEWS = {
    # The rows under a game, as users read them: keyed by games.id. A query naming a game
    # (WHERE game = '...') finds its number by the unique index on games.id, then its rows by
    # their key.
    "decisions": f"""
        SELECT g.id AS game, d.key {_SEQ} AS seq, d.idx, d.path, d.turn, d.actor, d.verb, d.text, d.line, d.col,
               d.comment, d.glyphs, d.forced, d.role, d.clients
        FROM games g JOIN stored_decisions d {_IN_GAME.format("d")}""",
    "events": f"""
        SELECT g.id AS game, (e.key >> {N_BITS}) {_SEQ} AS seq, e.key & {MAX_N} AS n,
               coalesce(k.word, e.kind) AS kind, coalesce(p.name, e.player) AS player, e.card,
               coalesce(s.word, e.source) AS source, coalesce(t.word, e.target) AS target, e.value, e.text
        FROM games g JOIN stored_events e
          ON e.key BETWEEN g.number << {SEQ_BITS + N_BITS} AND ((g.number + 1) << {SEQ_BITS + N_BITS}) - 1
        LEFT JOIN event_words k ON k.code = e.kind LEFT JOIN players p ON p.game = g.id AND p.seat = e.player
        LEFT JOIN event_words s ON s.code = e.source LEFT JOIN event_words t ON t.code = e.target""",
    "snapshots": f"""
        SELECT g.id AS game, s.key {_SEQ} AS seq, s.base, s.state
        FROM games g JOIN stored_snapshots s {_IN_GAME.format("s")}""",
    "player_states": player_states.VIEW.format(bits=SEQ_BITS, mask=MAX_SEQ),
    "points_by_turn": turn_points.TABLE_VIEW,
    "final_scores": """
        SELECT g.id AS game, g.source, g.record_number, g.ruleset, g.end_reason, p.seat, p.name, p.score,
               p.influence, p.vault, p.bonuses, p.powers, p.winner
        FROM players p JOIN games g ON g.id = p.game""",
    "completions": f"""
        SELECT g.id AS game, d.key {_SEQ} AS seq, e.key & {MAX_N} AS n, d.turn, coalesce(p.name, e.player) AS player,
               e.card AS structure
        FROM stored_events e JOIN stored_decisions d ON d.key = e.key >> {N_BITS}
        JOIN games g ON g.number = d.key >> {SEQ_BITS} LEFT JOIN players p ON p.game = g.id AND p.seat = e.player
        WHERE e.kind = {COMPLETE} AND d.path = ''""",
    "first_structures": """
        SELECT game, player, structure, turn, seq FROM (
            SELECT *, row_number() OVER (PARTITION BY game, player ORDER BY seq, n) AS k FROM completions)
        WHERE k = 1""",
    "turn_points": turn_points.VIEW,
    "leads": """
        SELECT game, seq, path, turn, actor, role, clients, text FROM decisions WHERE verb = 'lead'""",
    "wins": """
        SELECT name, count(*) AS games, sum(winner) AS wins, round(avg(score), 2) AS average_score
        FROM players GROUP BY name""",
    "end_reasons": """
        SELECT ruleset, players, end_reason, count(*) AS games FROM games
        GROUP BY ruleset, players, end_reason""",
    "snapshot_states": SNAPSHOT_STATES,
}


def prepare(db: sqlite_utils.Database) -> None:
    """Create whatever is missing: tables, indexes, views; set the version."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version not in (0, VERSION):
        from gtr_replay.errors import StoreError
        raise StoreError(f"database schema version {version}: this gtr writes version {VERSION}",
                         hint="import into a new database file")
    existing = set(db.table_names())
    if version == VERSION and set(TABLES) <= existing and set(VIEWS) <= set(db.view_names()):
        return
    with db.atomic():
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
        db.conn.executemany("INSERT OR IGNORE INTO event_words (code, word) VALUES (?, ?)",
                            list(enumerate(WORDS, 1)))
        for name, sql in PARTIAL_INDEXES.items():
            db.execute(f"CREATE INDEX IF NOT EXISTS {name} {sql}")
        for name, sql in VIEWS.items():
            db.create_view(name, " ".join(sql.split()), ignore=True)
        db.execute(f"PRAGMA user_version = {VERSION}")
