"""The Parquet dataset ``gtr export --parquet`` writes: its tables, columns and types, its
layout, and the SQL that opens it in DuckDB under the names ``gtr query`` knows.

Plain data, no pyarrow: the docs (``docs/PARQUET.md``, ``python -m gtr_replay.store.parquet_schema``)
and the DuckDB views are made without it.

Layout: ``DIR/<table>/ruleset=<ruleset>/part-<n>.parquet``, a Hive-partitioned dataset per table.
The ``ruleset`` column is in the folder names, not in the files: DuckDB (``hive_partitioning``),
Spark, Polars and pyarrow (pandas) read it from there. The columns and values are those of the
database's views of the same name (``gtr query``), so a query runs on either.
"""

from __future__ import annotations

from pathlib import Path

from gtr_replay.store.describe import TABLES as TABLE_TEXTS, column_text
from gtr_replay.store.schema import VIEWS

PARTITION = "ruleset"

COMPRESSION = "zstd"
"""Read by DuckDB, Polars, pyarrow (pandas) and Spark 3."""

TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    "games": (("id", "string"), ("players", "int32"), ("player_names", "string"), ("winners", "string"),
              ("scores", "string"), ("end_reason", "string"), ("turns", "int32"), ("decisions", "int32"),
              ("statements", "int32"), ("source", "string"), ("record_number", "int32"), ("line", "int32"),
              ("tags", "string"), ("rulings", "string"), ("expansions", "string"), ("deck", "string"),
              ("start", "string"), ("record", "string"), ("warnings", "string")),
    "players": (("game", "string"), ("seat", "int32"), ("name", "string"), ("score", "int32"),
                ("influence", "int32"), ("vault", "int32"), ("bonuses", "string"), ("powers", "int32"),
                ("winner", "int32")),
    "decisions": (("game", "string"), ("seq", "int32"), ("idx", "int32"), ("path", "string"), ("turn", "int32"),
                  ("actor", "string"), ("verb", "string"), ("text", "string"), ("line", "int32"), ("col", "int32"),
                  ("comment", "string"), ("glyphs", "string"), ("forced", "int32"), ("role", "string"),
                  ("clients", "int32")),
    "events": (("game", "string"), ("seq", "int32"), ("n", "int32"), ("kind", "string"), ("player", "string"),
               ("card", "string"), ("source", "string"), ("target", "string"), ("value", "int32"),
               ("text", "string")),
    "player_states": (("game", "string"), ("seq", "int32"), ("seat", "int32"), ("name", "string"),
                      ("turn", "int32"), ("hand", "int32"), ("clientele", "int32"), ("stockpile", "int32"),
                      ("vault", "int32"), ("influence", "int32"), ("points", "int32"), ("completed", "int32"),
                      ("foundations", "int32")),
    "points_by_turn": (("game", "string"), ("turn", "int32"), ("seat", "int32"), ("player", "string"),
                       ("points", "int32")),
}
"""Each table's columns in order, with their Parquet types (``string`` is UTF-8 text; every
column may be null, as in SQLite). ``ruleset`` comes from the partition."""

COLUMNS = {table: tuple(name for name, _ in columns) for table, columns in TABLES.items()}

PORTABLE_COMPLETIONS = """
    SELECT e.game, e.seq, e.n, d.turn, e.player, e.card AS structure
    FROM events e JOIN decisions d ON d.game = e.game AND d.seq = e.seq
    WHERE e.kind = 'complete' AND d.path = ''"""
"""The ``completions`` view over the public tables (the database's own reads the stored rows)."""

DERIVED = ("final_scores", "completions", "first_structures", "turn_points", "leads", "wins", "end_reasons")
"""The database's views that read only the public tables (``completions`` in its portable form)."""


def files(root: str | Path, table: str) -> str:
    """The glob of a table's files under ``root``."""
    return f"{Path(root).as_posix()}/{table}/*/*.parquet"


def duckdb_views(root: str | Path) -> list[str]:
    """SQL that makes ``root``'s dataset readable in DuckDB under the database's names: a view per
    table, and the derived views (final_scores, completions, first_structures, turn_points, leads,
    wins, end_reasons), so the saved queries of ``gtr query`` run unchanged."""
    quoted = str(root).replace("'", "''")
    statements = [f"CREATE OR REPLACE VIEW {table} AS SELECT * FROM read_parquet('{files(quoted, table)}', "
                  "hive_partitioning = true)" for table in TABLES]
    for name in DERIVED:
        sql = PORTABLE_COMPLETIONS if name == "completions" else VIEWS[name]
        statements.append(f"CREATE OR REPLACE VIEW {name} AS {' '.join(sql.split())}")
    return statements


def markdown() -> str:
    """docs/PARQUET.md: the layout, how to read it, and every table and column."""
    lines = [
        "# The Parquet dataset",
        "",
        "<!-- Made by `python -m gtr_replay.store.parquet_schema > docs/PARQUET.md`; a test keeps it current. -->",
        "",
        "`gtr export --parquet DIR` writes the games of a database (`--db`) or of record files (`PATH...`) as",
        "one Parquet dataset per table, partitioned by ruleset the way Hive, Spark and DuckDB expect:",
        "",
        "```",
        "DIR/games/ruleset=classic/part-000000.parquet",
        "DIR/games/ruleset=imperium/part-000000.parquet",
        "DIR/decisions/ruleset=classic/part-000000.parquet",
        "...",
        "```",
        "",
        "The `ruleset` column is in the folder names, not in the files; every reader below adds it.",
        "The columns and their values are those of the database's views of the same name, so a query",
        "written for `gtr query` runs on the dataset (the store's `stored_*` tables, snapshots and",
        "`games.number` are not exported). Integers are 32-bit, text is UTF-8, any column may be null;",
        f"the files are compressed with {COMPRESSION}.",
        "",
        "## Reading it",
        "",
        "```python",
        "import duckdb                          # every table and view of `gtr query`, saved queries too",
        "from gtr_replay.store.parquet_schema import duckdb_views",
        "con = duckdb.connect()",
        "for sql in duckdb_views(\"DIR\"):",
        "    con.execute(sql)",
        "con.sql(\"SELECT name, count(*) FROM players WHERE winner = 1 GROUP BY name\").show()",
        "",
        "duckdb.sql(\"SELECT * FROM read_parquet('DIR/games/*/*.parquet', hive_partitioning = true)\")",
        "polars.scan_parquet(\"DIR/decisions/**/*.parquet\", hive_partitioning=True)",
        "pandas.read_parquet(\"DIR/players\")              # pyarrow engine; ruleset as a category",
        "spark.read.parquet(\"DIR/events\")                # Spark finds ruleset=... by itself",
        "```",
        "",
        "A game is keyed by `games.id`, the same key as in the database (what defines the game: the",
        "defining tags, the start and the main line's statements); a game written twice in the record",
        "files is exported once, as `gtr import` would store it.",
        "",
    ]
    for table, columns in TABLES.items():
        lines += [f"## {table}", "", TABLE_TEXTS[table][0].upper() + TABLE_TEXTS[table][1:] + ".", "",
                  "| column | type | what it holds |", "|---|---|---|",
                  f"| `{PARTITION}` | string (partition) | classic, republic or imperium (the folder name) |"]
        for name, kind in columns:
            text = column_text(table, name)
            if text is None:
                raise KeyError(f"{table}.{name} has no description in gtr_replay.store.describe")
            lines.append(f"| `{name}` | {kind} | {text.replace('|', '/')} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    sys.stdout.write(markdown())
