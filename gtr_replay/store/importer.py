"""Importing record files: parse, replay strictly, and write each game in one transaction.

A game is keyed by what defines it (``rows.game_id``: the defining tags, the start and the
moves), so importing the same record again (from the same file or another) adds nothing and
costs no replay, and a record corrected in its comments, glyphs, variations or descriptive
tags updates the stored game. A record that does not parse or that the rules refuse is
reported with where it is, and the import goes on with the next.

On a large input the replay runs in worker processes that end with this one
(``replay.workers.worker_count`` says when they pay). Ctrl-C
stops the import between two games: the report says how many were stored, all whole.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import notation

from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.files import (
    WINDOW, FileError, check_record_file, file_pieces, parse_piece, record_files, records_at_least,
)
from gtr_replay.replay.overrides import parse_rulings, with_rulings
from gtr_replay.replay.replayer import IllegalStatement
from gtr_replay.replay.workers import ordered_map, pool, worker_count
from gtr_replay.store.db import ADDED, ALREADY, Store
from gtr_replay.store.rows import TooLarge, content_hash, game_id, game_rows


@dataclass(frozen=True)
class Problem:
    """A record that was not imported: where it is and what is wrong with it."""

    source: str
    record_number: int
    message: str

    def __str__(self) -> str:
        if not self.record_number:  # about the whole file, which the message names
            return self.message
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
    warnings: str | None = None
    """What may make the replay wrong (``games.warnings``)."""


@dataclass
class ImportReport:
    files: int = 0
    added: list[Added] = field(default_factory=list)
    updated: list[Added] = field(default_factory=list)
    """Games stored before whose record changed in comments, glyphs or descriptive tags."""
    replaced: list[str] = field(default_factory=list)
    """Ids of games deleted by ``replace`` (their record's moves changed)."""
    already: int = 0
    """Records whose game the database already held, as written."""
    problems: list[Problem] = field(default_factory=list)
    interrupted: bool = False
    """Ctrl-C stopped the import; every game counted above is stored, whole."""

    @property
    def ok(self) -> bool:
        return not self.problems and not self.interrupted

    def to_dict(self) -> dict:
        return {"files": self.files, "added": len(self.added), "updated": len(self.updated),
                "replaced": len(self.replaced), "already": self.already,
                "decisions": sum(a.decisions for a in self.added + self.updated),
                "games": [a.__dict__ for a in self.added], "updated_games": [a.__dict__ for a in self.updated],
                "problems": [p.to_dict() for p in self.problems], "interrupted": self.interrupted}


Progress = Callable[[int], None]
"""Called with the number of records just handled."""


def count_records(files: list[Path]) -> int:
    """How many records the files hold, from their headers alone (fast), for a progress bar;
    a file that cannot be read counts none here (reading it reports the problem)."""
    total = 0
    for path in files:
        try:
            check_record_file(path)
            total += sum(1 for _ in notation.iter_headers(path))
        except (GtrError, OSError, UnicodeDecodeError):
            continue
    return total


def import_files(store: Store, paths, *, progress: Progress | None = None,
                 files: list[Path] | None = None, workers: int | None = None,
                 replace: bool = False, rulings: str | None = None) -> ImportReport:
    """Import every record of the files and folders in ``paths`` into ``store``.

    With ``replace``, a record stored before from the same file and record number as another
    game (its moves were changed since) takes that game's place. With ``rulings``, each record
    is stored with those readings laid over its own (its tag says so, so it is a game of its
    own).
    """
    if rulings:
        parse_rulings(rulings)  # a wrong name is a usage error before any work
    files = record_files(paths) if files is None else files
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    report = ImportReport(files=len(files))
    unread: list[Problem] = []  # files without a record or that cannot be read, listed first
    tasks = _tasks(files, rulings, unread)
    known = {} if replace else store.known()
    workers = worker_count(workers, lambda n: records_at_least(files, n))
    try:
        if workers > 1:
            with pool(workers, _start_worker, (known,)) as executor:
                results = ordered_map(executor, _work, tasks, WINDOW * workers)
                try:
                    _write_all(store, results, report, progress, replace)
                except BaseException:
                    executor.shutdown(wait=True, cancel_futures=True)
                    raise
        else:
            _start_worker(known)
            _write_all(store, map(_work, tasks), report, progress, replace)
    except KeyboardInterrupt:
        report.interrupted = True
    report.problems[:0] = unread
    return report


def _tasks(files: list[Path], rulings: str | None, unread: list[Problem]) -> Iterator[tuple]:
    """The records to import, one file in memory at a time."""
    for path in files:
        source = str(path)
        try:
            for number, (line, piece) in enumerate(file_pieces(path), 1):
                yield source, number, line, piece, rulings
        except FileError as error:  # reported as check reports it; the other files are imported
            unread.append(Problem(source, 0, str(error)))


def _write_all(store: Store, results, report: ImportReport, progress: Progress | None, replace: bool) -> None:
    """Write each replayed game in its own transaction, in the order of the files."""
    for source, number, outcome in results:
        if isinstance(outcome, str):
            report.problems.append(Problem(source, number, outcome))
        elif isinstance(outcome, tuple):  # stored before, as written
            report.already += 1
        else:
            with _counted():
                done, replaced = store.add(outcome, replace=replace)
                report.replaced += replaced
                if done == ALREADY:  # twice in this import, or stored meanwhile by another import
                    report.already += 1
                else:
                    game = outcome.game
                    summary = Added(game["id"], game["ruleset"], game["players"], game["winners"],
                                    game["decisions"], game["warnings"])
                    (report.added if done == ADDED else report.updated).append(summary)
        if progress is not None:
            progress(1)


@contextmanager
def _counted() -> Iterator[None]:
    """Ctrl-C waits until the game being written is stored and counted (or not stored at all),
    so that the report says exactly what the database kept."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


_KNOWN: dict[str, str] = {}


def _start_worker(known: dict[str, str]) -> None:
    global _KNOWN
    _KNOWN = known


def _work(task: tuple[str, int, int, str, str | None]):
    """Parse, key and replay one record (in a worker): its rows, ('already', id), or a problem."""
    source, number, line, piece, rulings = task
    try:
        records = parse_piece(source, line, piece)
    except notation.NotationError as error:
        return source, number, str(error)
    if len(records) != 1:
        return source, number, f"{source}:{line}: expected one record here, found {len(records)}"
    record = with_rulings(records[0], rulings)
    canonical = notation.write(record)
    gid = game_id(record)
    if _KNOWN.get(gid) == content_hash(canonical):
        return source, number, ("already", gid)
    try:
        return source, number, game_rows(record, source=source, number=number, canonical=canonical)
    except IllegalStatement as error:
        return source, number, str(error.diagnostic)
    except TooLarge as error:
        return source, number, str(error)
