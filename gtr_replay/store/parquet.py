"""Writing games as a Parquet dataset with pyarrow (the layout and columns are
``parquet_schema``'s). pyarrow is an optional dependency: only ``gtr export`` imports this.

Rows come from the same place as the database's: a stored game is read through the views
``gtr query`` reads; a record is replayed into the rows ``gtr import`` would store
(``rows.game_rows``) and laid out as those views show them.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections import defaultdict
from pathlib import Path

try:
    import pyarrow as pa
    import pyarrow.parquet as pq
except ImportError as error:  # pragma: no cover - the message is the point
    from gtr_replay.errors import UsageError

    raise UsageError(f"writing Parquet needs pyarrow, which is not installed ({error})",
                     hint='install it with: python -m pip install "gtr-replay[parquet]"') from None

from gtr_replay.store.parquet_schema import COLUMNS, COMPRESSION, PARTITION, TABLES
from gtr_replay.store.rows import GameRows

ROW_GROUP = 65_536
"""Rows of one table and ruleset written as one row group, at most."""

BUFFERED = 131_072
"""Rows held for all tables of a part before the largest buffers are written: memory stays
bounded (some tens of MB) however many games a part holds."""

_TYPES = {"string": pa.string(), "int32": pa.int32()}
SCHEMAS = {table: pa.schema([(name, _TYPES[kind]) for name, kind in columns]) for table, columns in TABLES.items()}

Tables = dict[str, list[tuple]]
"""Rows of each table, in the columns of ``parquet_schema.TABLES``."""


def record_tables(rows: GameRows) -> tuple[str, Tables]:
    """A replayed record's rows (``rows.game_rows``) as the views show them: (ruleset, tables)."""
    game = rows.game
    tables: Tables = {
        "games": [tuple(game.get(c) for c in COLUMNS["games"])],
        "players": [tuple(p.get(c) for c in COLUMNS["players"]) for p in rows.players],
        **rows.view_rows(),
    }
    return game["ruleset"], tables


QUERIES = {
    "games": f"SELECT {PARTITION}, {', '.join(COLUMNS['games'])} FROM games WHERE id = ?",
    "players": f"SELECT {', '.join(COLUMNS['players'])} FROM players WHERE game = ? ORDER BY seat",
    "decisions": f"SELECT {', '.join(COLUMNS['decisions'])} FROM decisions WHERE game = ? ORDER BY seq",
    "events": f"SELECT {', '.join(COLUMNS['events'])} FROM events WHERE game = ? ORDER BY seq, n",
    "player_states": f"SELECT {', '.join(COLUMNS['player_states'])} FROM player_states WHERE game = ? "
                     "ORDER BY seq, seat",
    "points_by_turn": f"SELECT {', '.join(COLUMNS['points_by_turn'])} FROM points_by_turn WHERE game = ? "
                      "ORDER BY turn, seat",
}
"""One stored game's rows, read through the views ``gtr query`` reads."""


def stored_tables(conn, gid: str) -> tuple[str, Tables]:
    """A stored game's rows: (ruleset, tables)."""
    (ruleset, *game), = conn.execute(QUERIES["games"], [gid]).fetchall()
    tables: Tables = {"games": [tuple(game)]}
    for table, sql in QUERIES.items():
        if table != "games":
            tables[table] = conn.execute(sql, [gid]).fetchall()
    return ruleset, tables


class Part:
    """One part of the dataset: a file per table and ruleset that has rows, named
    ``part-<name>.parquet``. Written under a hidden name and renamed when closed, so a part is
    whole or absent (a part written again, by a retried task, replaces the old one)."""

    def __init__(self, root: Path, name: str) -> None:
        self.root, self.name = Path(root), name
        self._buffers: dict[tuple[str, str], list[tuple]] = defaultdict(list)
        self._writers: dict[tuple[str, str], tuple[pq.ParquetWriter, Path, Path]] = {}
        self.rows: dict[str, int] = defaultdict(int)
        self.files: list[str] = []
        self._held = 0

    def add(self, ruleset: str, tables: Tables) -> None:
        for table, rows in tables.items():
            if not rows:
                continue
            buffer = self._buffers[(table, ruleset)]
            buffer.extend(rows)
            self.rows[table] += len(rows)
            self._held += len(rows)
            if len(buffer) >= ROW_GROUP:
                self._flush(table, ruleset)
        while self._held > BUFFERED:
            self._flush(*max(self._buffers, key=lambda k: len(self._buffers[k])))

    def _flush(self, table: str, ruleset: str) -> None:
        rows = self._buffers.pop((table, ruleset), None)
        if not rows:
            return
        self._held -= len(rows)
        if (table, ruleset) not in self._writers:
            folder = self.root / table / f"{PARTITION}={ruleset}"
            # never the dataset's own folder: once an export failed and removed it, a task
            # still running on a worker must fail here, not leave a half dataset behind
            folder.parent.mkdir(exist_ok=True)
            folder.mkdir(exist_ok=True)
            final = folder / f"part-{self.name}.parquet"
            hidden = folder / f".part-{self.name}.{uuid.uuid4().hex}.tmp"
            writer = pq.ParquetWriter(hidden, SCHEMAS[table], compression=COMPRESSION)
            self._writers[(table, ruleset)] = (writer, hidden, final)
        writer = self._writers[(table, ruleset)][0]
        writer.write_table(arrow_table(table, rows), row_group_size=ROW_GROUP)

    def close(self) -> None:
        for table, ruleset in list(self._buffers):
            self._flush(table, ruleset)
        for writer, hidden, final in self._writers.values():
            writer.close()
            os.replace(hidden, final)
            self.files.append(str(final))
        self._writers.clear()

    def abort(self) -> None:
        for writer, hidden, _ in self._writers.values():
            with contextlib.suppress(OSError):  # a full disk fails the close too: the part goes anyway
                writer.close()
            hidden.unlink(missing_ok=True)
        self._writers.clear()


def arrow_table(table: str, rows: list[tuple]) -> pa.Table:
    schema = SCHEMAS[table]
    columns = list(zip(*rows)) if rows else [[] for _ in schema]
    return pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(columns, schema)], schema=schema)


def fill_empty(root: Path, ruleset: str) -> list[str]:
    """Give every table without a file an empty part (its columns, no rows), under ``ruleset``:
    a reader then finds each table's schema even when no game had rows of it."""
    made = []
    for table in TABLES:
        folder = Path(root) / table
        if folder.is_dir() and any(folder.glob("*/*.parquet")):
            continue
        target = folder / f"{PARTITION}={ruleset}"
        target.mkdir(parents=True, exist_ok=True)
        path = target / "part-empty.parquet"
        pq.write_table(arrow_table(table, []), path, compression=COMPRESSION)
        made.append(str(path))
    return made
