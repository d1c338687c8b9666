"""A games database ready for Datasette: metadata (what each table, view and column holds, and
the saved queries as canned queries) and a full-text index on the comments.

The index is SQLite FTS5 on ``stored_decisions.comment``, made with sqlite-utils'
``enable_fts`` and kept current by its triggers (a later import or ``gtr delete`` updates it).
The ``comments`` view shows the commented statements under the game's id; Datasette searches
it through the index (``fts_table``/``fts_pk`` in the metadata), and the canned query
``search-comments`` takes words or an FTS5 query: ``disputed``, ``"not in the pool"``, ``Ben*``.
"""

from __future__ import annotations

import json
from pathlib import Path

from gtr_replay.store.describe import TABLES, column_text
from gtr_replay.store.queries import ANALYSIS, SAVED
from gtr_replay.store.schema import MAX_SEQ, SEQ_BITS, TEXT

FTS_TABLE = "stored_decisions_fts"

COMMENTS = f"""
    SELECT d.key, g.id AS game, CAST(d.key & {MAX_SEQ} AS INTEGER) AS seq, d.turn,
           CAST(coalesce(a.name, d.actor) AS TEXT) AS actor, CAST({TEXT.format("d", "g")} AS TEXT) AS text, d.comment
    FROM stored_decisions d JOIN games g ON g.number = d.key >> {SEQ_BITS}
    LEFT JOIN players a ON a.game = g.id AND a.seat = d.actor
    WHERE d.comment IS NOT NULL"""
"""The ``comments`` view: each commented statement, with its stored key (the index's rowid)."""

SEARCH = f"""SELECT game, seq, turn, actor, text, comment FROM comments
WHERE key IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH :words)
ORDER BY game, seq"""


def make_searchable(db) -> bool:
    """Give a database (``sqlite_utils.Database``, open for writing) the full-text index on
    comments and the ``comments`` view; False when it had them already."""
    made = False
    if db["stored_decisions"].detect_fts() is None:
        db["stored_decisions"].enable_fts(["comment"], fts_version="FTS5", create_triggers=True)
        made = True
    sql = " ".join(COMMENTS.split())
    found = db.execute("SELECT sql FROM sqlite_master WHERE type = 'view' AND name = 'comments'").fetchone()
    if found is None or sql not in found[0]:  # missing, or as an earlier gtr defined it
        db.create_view("comments", sql, replace=True)
        made = True
    return made


def metadata(db, name: str) -> dict:
    """Datasette metadata for the database ``db`` (``sqlite_utils.Database``) served as ``name``
    (its file name without ``.db``): a description of every table, view and column users read,
    the internal tables hidden, and the saved queries with a search of the comments."""
    tables: dict[str, dict] = {}
    for table in [*db.table_names(), *db.view_names()]:
        entry: dict = {}
        if table.startswith("stored_") or table == "words":  # read through the views; words still described
            entry["hidden"] = True
        if table in TABLES:
            entry["description"] = TABLES[table]
        columns = {c.name: column_text(table, c.name) for c in db[table].columns}
        columns = {c: text for c, text in columns.items() if text}
        if columns:
            entry["columns"] = columns
        if table == "comments":
            entry.update(fts_table=FTS_TABLE, fts_pk="key", searchmode="raw")
        tables[table] = entry
    queries = {n: {"title": n, "description": q.description, "sql": " ".join(q.sql.split())} for n, q in SAVED.items()}
    if "evaluations" in db.table_names():  # games were judged here (gtr import --analyse)
        queries.update({n: {"title": n, "description": q.description, "sql": " ".join(q.sql.split())}
                        for n, q in ANALYSIS.items()})
    if "comments" in db.view_names():
        queries["search-comments"] = {"title": "search-comments", "sql": SEARCH,
                                      "description": "statements whose comment holds these words (an FTS5 query: "
                                                     "disputed, \"not in the pool\", Ben*)"}
    return {"title": "Glory to Rome games", "description": "Games recorded, checked and stored by gtr-replay",
            "databases": {name: {"tables": tables, "queries": queries}}}


def metadata_problem(path: Path) -> str | None:
    """Why ``path`` cannot take the metadata, said before anything is stored, or None: its
    folder does not exist, or a file is there that is not metadata written before (a file
    the metadata would replace is one written by an earlier import)."""
    if not path.parent.is_dir():
        return f"the folder {path.parent} does not exist"
    if not path.exists():
        return None
    if not path.is_file():
        return f"{path} is not a file"
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        found = None
    if not isinstance(found, dict) or "databases" not in found:
        return f"{path} is there and holds no Datasette metadata: it would be replaced"
    return None


def write_metadata(db, path: Path | str, name: str) -> dict:
    """Write ``metadata(db, name)`` as JSON to ``path`` (replacing the file) and return it."""
    found = metadata(db, name)
    Path(path).write_text(json.dumps(found, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return found
