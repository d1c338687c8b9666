"""The SQLite store: games, players, decisions, events and snapshots (ARCHITECTURE.md).

>>> from gtr_replay.store import Store, import_files      # doctest: +SKIP
>>> with Store("games.db") as store:                      # doctest: +SKIP
...     report = import_files(store, ["examples/"])
"""

from gtr_replay.store.db import DEFAULT_DB, Store, load_state
from gtr_replay.store.importer import ImportReport, Problem, count_records, import_files
from gtr_replay.store.queries import SAVED, QueryResult, open_read_only, run_query, saved_query, streamed_query

__all__ = ["DEFAULT_DB", "Store", "load_state", "ImportReport", "Problem", "count_records", "import_files",
           "SAVED", "QueryResult", "open_read_only", "run_query", "saved_query", "streamed_query"]
