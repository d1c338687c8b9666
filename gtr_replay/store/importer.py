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

import json
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import notation

from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.files import (
    WINDOW, FileError, check_record_file, file_pieces, file_text, parse_piece, record_files, records_at_least,
)
from gtr_replay.replay.overrides import parse_rulings, with_rulings
from gtr_replay.replay.replayer import IllegalStatement
from gtr_replay.replay.workers import ordered_map, pool, worker_count
from gtr_replay.store.db import ADDED, ALREADY, Store, same_file_key
from gtr_replay.store.rows import DEFINING_TAGS, GameRows, TooLarge, content_hash, game_id, game_rows
from gtr_replay.vocabulary import card_vocabulary


@dataclass(frozen=True)
class Problem:
    """A record that was not imported: where it is and what is wrong with it."""

    source: str
    record_number: int
    message: str
    done: ClassVar[str] = "imported"
    """What the command did not do with the record, in its words (an export's says exported)."""

    def __str__(self) -> str:
        if not self.record_number:  # about the whole file, which the message names
            return self.message
        return f"record {self.record_number} of {self.source} not {self.done}: {self.message}"

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


@dataclass(frozen=True)
class Replaced:
    """A game that gave its place to another from the same file, record number and readings:
    the record's moves (or defining tags) were changed since it was stored."""

    old: str
    new: str
    source: str
    record_number: int
    change: str
    """Where the record changed first, in words (``first_change``)."""

    def __str__(self) -> str:
        return f"game {self.new} replaces game {self.old} (record {self.record_number} of {self.source}): {self.change}"

    def to_dict(self) -> dict:
        return {"old": self.old, "new": self.new, "file": self.source, "record": self.record_number,
                "change": self.change}


def first_change(old_text: str, moves: list[tuple[str, int]], tags: dict[str, str]) -> str:
    """Where a record differs first from the game stored before from it (``old_text``, its
    canonical text): the line of the first statement that changed, was added or is gone,
    or the defining tags that changed. ``moves``: (statement, line) of the main line now."""
    try:
        old = notation.parse(old_text, vocabulary=card_vocabulary())[0]
    except (notation.NotationError, IndexError):
        return "its moves changed"
    before = [str(step.statement) for step in old.steps]
    for n, (text, line) in enumerate(moves):
        if n == len(before):
            return f"line {line} and after are new ('{text}'); the game stored before ended there"
        if before[n] != text:
            return f"the moves differ from line {line} on: '{text}', stored before as '{before[n]}'"
    if len(before) > len(moves):
        where = f"after line {moves[-1][1]}" if moves else "before its first statement"
        return f"the record now ends {where}; the game stored before went on with '{before[len(moves)]}'"
    changed = [name for name in DEFINING_TAGS if old.tag(name) != tags.get(name)]
    return f"the same moves; its {', '.join(changed) or 'defining'} tag{'s' if len(changed) > 1 else ''} changed"


@dataclass
class ImportReport:
    files: int = 0
    added: list[Added] = field(default_factory=list)
    updated: list[Added] = field(default_factory=list)
    """Games stored before whose record changed in comments, glyphs or descriptive tags."""
    replaced: list[Replaced] = field(default_factory=list)
    """Games deleted because a record of the same file, number and readings changed its moves."""
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
                "replaced": len(self.replaced), "replaced_games": [r.to_dict() for r in self.replaced],
                "already": self.already,
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
                 replace: bool = True, rulings: str | None = None) -> ImportReport:
    """Import every record of the files and folders in ``paths`` into ``store``.

    A record whose moves were changed since it was stored takes the place of the game stored
    before from the same file, record number and readings (``replace``; with ``replace=False``
    both are kept), and the report says where the record changed first. With ``rulings``,
    each record is stored with those readings laid over its own (its tag says so, so it is a
    game of its own, beside the one under the record's own readings).
    """
    if rulings:
        parse_rulings(rulings)  # a wrong name is a usage error before any work
    files = record_files(paths) if files is None else files
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    report = ImportReport(files=len(files))
    unread: list[Problem] = []  # files without a record or that cannot be read, listed first
    tasks = _tasks(files, rulings, unread)
    known = store.known()
    names = store.sources_by_file()
    workers = worker_count(workers, lambda n: records_at_least(files, n))
    try:
        with _between_games() as asked:
            if workers > 1:
                with pool(workers, _start_worker, (known,)) as executor:
                    results = ordered_map(executor, _work, tasks, WINDOW * workers)
                    try:
                        _write_all(store, results, report, progress, replace, asked, names)
                    except BaseException:
                        executor.shutdown(wait=True, cancel_futures=True)
                        raise
            else:
                _start_worker(known)
                _write_all(store, map(_work, tasks), report, progress, replace, asked, names)
    except KeyboardInterrupt:
        report.interrupted = True
    report.problems[:0] = unread
    return report


def _tasks(files: list[Path], rulings: str | None, unread: list[Problem]) -> Iterator[tuple]:
    """The records to import, one file in memory at a time."""
    for path in files:
        source = file_text(path)
        try:
            for number, (line, piece) in enumerate(file_pieces(path), 1):
                yield source, number, line, piece, rulings
        except FileError as error:  # reported as check reports it; the other files are imported
            unread.append(Problem(source, 0, str(error)))


def _write_all(store: Store, results, report: ImportReport, progress: Progress | None, replace: bool,
               asked: list[int], names: dict[str, list[str]]) -> None:
    """Write each replayed game in its own transaction, in the order of the files, a file's
    records at a time (``_File``); stop between two games once Ctrl-C was pressed (``asked``:
    the games a file's changed records replace are then kept too, nothing lost)."""
    file: _File | None = None
    for source, number, outcome in results:
        if file is None or file.source != source:
            if file is not None:
                file.settle()
            file = _File(store, source, report, replace, names)
        file.take(number, outcome)
        if progress is not None:
            progress(1)
        if asked:
            raise KeyboardInterrupt
    if file is not None:
        file.settle()


class _File:
    """One file's records as an import writes them. A record read as a game stored before
    keeps it (now its record number, where one was inserted above it) and deletes nothing:
    importing the same record again changes nothing. A record written anew (its moves or its
    notes changed) takes the place of the games stored from the same file, record number and
    readings; those are deleted once the whole file is read, but the games its other records
    are (records moved, not changed: none is lost)."""

    def __init__(self, store: Store, source: str, report: ImportReport, replace: bool,
                 names: dict[str, list[str]]) -> None:
        self.store, self.source, self.report, self.replace = store, source, report, replace
        self.names = list(dict.fromkeys([source, *names.get(same_file_key(source), [])]))
        """The names the file's games were imported under (``x.gtr``, ``./x.gtr``, its absolute path)."""
        self.read: set[str] = set()
        """The games the file's records are, as read so far."""
        self.written: list[tuple[int, str, str, list[tuple[str, int]], dict]] = []
        """The records written anew (number, game, readings, main line, tags): whose place they
        take is settled at the end."""

    def take(self, number: int, outcome) -> None:
        if isinstance(outcome, str):
            self.report.problems.append(Problem(self.source, number, outcome))
        elif isinstance(outcome, tuple):  # stored before, as written
            _, gid, task = outcome
            if gid in self.read or self.store.place(gid, number, self.names):
                self.read.add(gid)
                self.report.already += 1
                return
            _, _, outcome = _work(task, known=False)  # it gave its place to a record read before: stored again
            self.take(number, outcome)
        else:
            self._write(number, outcome)

    def _write(self, number: int, rows: GameRows) -> None:
        game = rows.game
        done = self.store.add(rows)
        self.read.add(rows.id)
        if done == ALREADY:  # twice in this import, or stored meanwhile by another import
            self.report.already += 1
            return
        summary = Added(game["id"], game["ruleset"], game["players"], game["winners"], game["decisions"],
                        game["warnings"])
        (self.report.added if done == ADDED else self.report.updated).append(summary)
        if self.replace:
            self.written.append((number, rows.id, game["rulings"], rows.main_line(), json.loads(game["tags"])))

    def settle(self) -> None:
        """The games the records written anew replace: those stored from the file at their
        number and readings that no record of the file is now."""
        for number, gid, rulings, moves, tags in self.written:
            self.report.replaced += [Replaced(old, gid, self.source, number, first_change(text, moves, tags))
                                     for old, text in self.store.replace_at(self.names, number, rulings, self.read)]


@contextmanager
def _between_games() -> Iterator[list[int]]:
    """Ctrl-C is taken between two games: the game being replayed and written is stored and
    counted (or not stored at all) first, so that the report says exactly what the database
    kept. An interrupt raised anywhere else could be lost: Python drops an exception raised
    while an object is finalized (a search's generator closed early, say). An import started
    with the interrupt ignored (a job in the background of a script) keeps ignoring it."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield []
        return
    asked: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: asked.append(number))
    try:
        yield asked
    finally:
        signal.signal(signal.SIGINT, previous)


_KNOWN: dict[str, str] = {}


def _start_worker(known: dict[str, str]) -> None:
    global _KNOWN
    _KNOWN = known


def _work(task: tuple[str, int, int, str, str | None], known: bool = True):
    """Parse, key and replay one record (in a worker): its rows, ('already', id, task) when
    ``known`` and the database holds it as written, or a problem."""
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
    if known and _KNOWN.get(gid) == content_hash(canonical):
        return source, number, ("already", gid, task)
    try:
        return source, number, game_rows(record, source=source, number=number, canonical=canonical, gid=gid)
    except IllegalStatement as error:
        return source, number, str(error.diagnostic)
    except TooLarge as error:
        return source, number, str(error)
