"""Importing record files: parse, replay strictly, and write each game in one transaction.

A game is keyed by the hash of its canonical text, so importing the same record again (from
the same file or another) adds nothing and costs no replay. A record that does not parse or
that the rules refuse is reported with where it is, and the import goes on with the next.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import notation

from gtr_replay.errors import UsageError
from gtr_replay.replay.files import parse_piece, record_files, record_pieces
from gtr_replay.replay.overrides import parse_rulings, with_rulings
from gtr_replay.replay.replayer import IllegalStatement
from gtr_replay.store.db import Store
from gtr_replay.store.rows import game_id, game_rows


@dataclass(frozen=True)
class Problem:
    """A record that was not imported: where it is and what is wrong with it."""

    source: str
    record_number: int
    message: str

    def __str__(self) -> str:
        return f"record {self.record_number} of {self.source} not imported: {self.message}"

    def to_dict(self) -> dict:
        return {"file": self.source, "record": self.record_number, "message": self.message}


@dataclass(frozen=True)
class Added:
    """A summary of one game added."""

    id: str
    ruleset: str
    players: int
    winners: str | None
    decisions: int


@dataclass
class ImportReport:
    files: int = 0
    added: list[Added] = field(default_factory=list)
    already: int = 0
    """Records whose game the database already held."""
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"files": self.files, "added": len(self.added), "already": self.already,
                "decisions": sum(a.decisions for a in self.added),
                "games": [a.__dict__ for a in self.added], "problems": [p.to_dict() for p in self.problems]}


Progress = Callable[[int], None]
"""Called with the number of records just handled."""


def count_records(files: list[Path]) -> int:
    """How many records the files hold, from their headers alone (fast)."""
    return sum(1 for path in files for _ in notation.iter_headers(path))


PARALLEL_FROM = 16
"""Records from which an import replays in worker processes (one per core) while this
process writes; below it, starting workers costs more than it saves."""


def import_files(store: Store, paths, *, progress: Progress | None = None,
                 files: list[Path] | None = None, workers: int | None = None,
                 rulings: str | None = None) -> ImportReport:
    """Import every record of the files and folders in ``paths`` into ``store``; with
    ``rulings``, each record is stored with those readings laid over its own (its tag says so,
    so it is a game of its own)."""
    if rulings:
        parse_rulings(rulings)  # a wrong name is a usage error before any work
    files = record_files(paths) if files is None else files
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    report = ImportReport(files=len(files))
    tasks: list[tuple[str, int, int, str, str | None]] = []
    for path in files:
        source = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            report.problems.append(Problem(source, 0, f"cannot read the file: "
                                                      f"{getattr(error, 'strerror', None) or error}"))
            continue
        tasks.extend((source, number, line, piece, rulings) for number, line, piece in record_pieces(text))
    workers = workers or (os.cpu_count() or 1)
    if workers > 1 and len(tasks) >= PARALLEL_FROM:
        with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(store.ids(),)) as pool:
            _write_all(store, pool.map(_work, tasks, chunksize=4), report, progress)
    else:
        _start_worker(store.ids())
        _write_all(store, map(_work, tasks), report, progress)
    return report


def _write_all(store: Store, results, report: ImportReport, progress: Progress | None) -> None:
    """Write each replayed game in its own transaction, in the order of the files."""
    for source, number, outcome in results:
        if isinstance(outcome, str):
            report.problems.append(Problem(source, number, outcome))
        elif isinstance(outcome, tuple) or store.has(outcome.id):  # stored before, or twice in this import
            report.already += 1
        else:
            store.add(outcome)
            game = outcome.game
            report.added.append(Added(game["id"], game["ruleset"], game["players"], game["winners"],
                                      game["decisions"]))
        if progress is not None:
            progress(1)


_KNOWN: frozenset[str] = frozenset()


def _start_worker(known: frozenset[str]) -> None:
    global _KNOWN
    _KNOWN = known


def _work(task: tuple[str, int, int, str, str | None]):
    """Parse, hash and replay one record (in a worker): its rows, ('already', id), or a problem."""
    source, number, line, piece, rulings = task
    try:
        records = parse_piece(source, line, piece)
    except notation.NotationError as error:
        return source, number, str(error)
    if len(records) != 1:
        return source, number, f"{source}:{line}: expected one record here, found {len(records)}"
    record = with_rulings(records[0], rulings)
    canonical = notation.write(record)
    gid = game_id(canonical)
    if gid in _KNOWN:
        return source, number, ("already", gid)
    try:
        return source, number, game_rows(record, source=source, number=number, canonical=canonical)
    except IllegalStatement as error:
        return source, number, str(error.diagnostic)
