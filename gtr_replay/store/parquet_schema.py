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

import json
from pathlib import Path

from gtr_replay.errors import GtrError

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


MANIFEST = "_gtr_dataset.json"
"""Written last, into the dataset's folder, before the folder takes its name: the games and the
rows of each table, and every file. A dataset without it, or whose files are not those it
lists, is incomplete (an export killed, or failed, or still writing)."""

MANIFEST_FORMAT = "gtr-replay parquet dataset"


class IncompleteDataset(GtrError):
    """A folder that is not a whole dataset written by ``gtr export --parquet`` (exit status 1)."""


def manifest(games: int, rows: dict[str, int], parts: list[str]) -> dict:
    """What ``MANIFEST`` holds: ``parts`` are the files, relative to the dataset's folder."""
    return {"format": MANIFEST_FORMAT, "version": 1, "complete": True, "games": games,
            "rows": {table: rows.get(table, 0) for table in TABLES}, "files": sorted(parts)}


def check_complete(root: str | Path) -> dict:
    """The manifest of the dataset in ``root``; ``IncompleteDataset`` in words when ``root`` is not
    a whole dataset: no manifest (the export was killed, failed, or is still writing), or files
    missing or added since. Every reader of a dataset (``duckdb_views``) asks this first."""
    root = Path(root)
    again = "run gtr export --parquet again: it replaces an incomplete dataset"
    if not root.is_dir():
        raise IncompleteDataset(f"{root}: no such dataset (not a folder)", hint="give the folder gtr export wrote")
    try:
        found = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise IncompleteDataset(f"{root}: an incomplete dataset (no {MANIFEST}: the export did not finish)",
                                hint=again) from None
    except (OSError, ValueError) as error:
        raise IncompleteDataset(f"{root}: cannot read {MANIFEST} ({error})", hint=again) from None
    if not isinstance(found, dict) or found.get("format") != MANIFEST_FORMAT or not found.get("complete"):
        raise IncompleteDataset(f"{root}: {MANIFEST} is not the manifest of a whole dataset", hint=again)
    listed = set(found.get("files") or ())
    present = {path.relative_to(root).as_posix() for path in root.glob("*/*/*.parquet")}
    if listed != present:
        missing, extra = sorted(listed - present), sorted(present - listed)
        what = f"{len(missing)} file(s) missing, such as {missing[0]}" if missing else \
            f"{len(extra)} file(s) not of the export, such as {extra[0]}"
        raise IncompleteDataset(f"{root}: not the dataset the export wrote: {what}", hint=again)
    return found


def files(root: str | Path, table: str) -> str:
    """The glob of a table's files under ``root``."""
    return f"{Path(root).as_posix()}/{table}/*/*.parquet"


def duckdb_views(root: str | Path) -> list[str]:
    """SQL that makes ``root``'s dataset readable in DuckDB under the database's names: a view per
    table, and the derived views (final_scores, completions, first_structures, turn_points, leads,
    wins, end_reasons), so the saved queries of ``gtr query`` run unchanged. An incomplete
    dataset is refused (``check_complete``)."""
    check_complete(root)
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
        f"`DIR/{MANIFEST}` is written last: the games, the rows of each table and every file. The export",
        "writes into a hidden folder beside DIR (`.DIR.incomplete`) and gives it its name only when",
        "the manifest is written, so a killed or failed export leaves no DIR; `duckdb_views` and",
        "`check_complete` refuse a folder without the manifest, or whose files are not those it lists,",
        "and a new `gtr export` replaces an incomplete one.",
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
