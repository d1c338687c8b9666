"""``extract``: read record files one record at a time, keep those a selection asks for, drop
duplicate games, and write them out, as they were written or canonically.

Only what a selection needs is done to a record: its tags are read without parsing a
statement; it is parsed only to be written canonically or keyed as a game (``--dedupe``);
it is replayed only for a test of what happened in it. Memory stays flat whatever the size of
the files: one record is held at a time (a few in the workers' queues), and ``--dedupe`` keeps
the key of each game written (about a hundred bytes each).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import notation
from notation import scan
from notation.fmt import canonical_text

from gtr_replay.counted import counted
from gtr_replay.errors import UsageError
from gtr_replay.extract.happened import examine
from gtr_replay.extract.select import Selection
from gtr_replay.replay.files import NO_RECORD, WINDOW, not_utf8, parse_piece, record_files, records_at_least
from gtr_replay.replay.workers import ordered_map, pool, worker_count
from gtr_replay.store.rows import game_id
from gtr_replay.vocabulary import card_vocabulary


@dataclass
class ExtractReport:
    files: int = 0
    records: int = 0
    """Records read."""
    selected: int = 0
    """Records that passed every test of the selection."""
    duplicates: int = 0
    """Selected records left out as a game written before (``dedupe``)."""
    written: int = 0
    replayed: int = 0
    """Records replayed through the rules (for a test of what happened in them)."""
    outputs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Files that could not be read, and records left out because they could not be parsed
    where the output needed them parsed (canonical text, ``dedupe``)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "files": self.files, "records": self.records, "selected": self.selected,
                "duplicates": self.duplicates, "written": self.written, "replayed": self.replayed,
                "outputs": self.outputs, "problems": self.problems}

    def summary(self) -> str:
        parts = [f"{self.written:,} of {counted(self.records, 'record')} written"]
        if self.duplicates:
            parts.append(f"{counted(self.duplicates, 'duplicate')} left out")
        if self.problems:
            parts.append(counted(len(self.problems), "problem"))
        where = f" to {self.outputs[0]}" if len(self.outputs) == 1 else (
            f" to {len(self.outputs)} files, {self.outputs[0]} to {self.outputs[-1]}" if self.outputs else "")
        return ", ".join(parts) + where


@dataclass(frozen=True)
class _Task:
    source: str
    line: int
    piece: str


@dataclass(frozen=True)
class _Judged:
    """A record that passed the tag tests, looked at as far as the output needs."""

    source: str
    line: int
    keep: bool
    text: str
    """What to write: the record as written, or its canonical text."""
    key: str | None = None
    """The game's key (``store.rows.game_id``), when ``dedupe`` asks for it."""
    problem: str | None = None
    replayed: bool = False


def extract(paths, selection: Selection, sink, *, dedupe: bool = False, canonical: bool = False,
            workers: int | None = None, progress: Callable[[int], None] | None = None) -> ExtractReport:
    """Write to ``sink`` (``output.Stream`` or ``output.Split``) every record of the files and
    folders in ``paths`` that ``selection`` keeps, in the order read; with ``dedupe``, only the
    first record of each game (keyed as the store keys it); with ``canonical``, in the
    canonical notation, else as written. ``progress`` is called with the records just read."""
    files = record_files(paths)
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    report = ExtractReport(files=len(files))
    seen: set[int] = set()
    tasks = _selected_by_tags(files, selection, report, progress)
    judge = _Judge(selection, dedupe, canonical)
    count = worker_count(workers, lambda n: records_at_least(files, n)) if selection.needs_replay else 1
    try:
        if count > 1:
            with pool(count) as executor:
                _write_all(ordered_map(executor, judge, tasks, WINDOW * count), sink, seen, report)
        else:
            _write_all(map(judge, tasks), sink, seen, report)
    except BaseException:
        sink.abort()  # nothing unfinished is left under the name asked for
        raise
    sink.close()
    report.outputs = list(sink.outputs)
    return report


def _selected_by_tags(files: list[Path], selection: Selection, report: ExtractReport,
                      progress: Callable[[int], None] | None) -> Iterator[_Task]:
    """The records whose tags pass the selection, one file in memory at a time (a record at a
    time: ``scan.file_pieces``); only the tag lines of each are read."""
    for path in files:
        source = str(path)
        try:
            scan.check_decodes(path)
        except UnicodeDecodeError as error:  # said as every command says it: where, and what to do
            report.problems.append(not_utf8(source, error))
            continue
        except OSError as error:
            report.problems.append(f"{source}: cannot read the file: {error.strerror or error}")
            continue
        found = False
        for line, piece in scan.file_pieces(path):
            found = True
            report.records += 1
            if progress is not None:
                progress(1)
            header = next(notation.iter_headers(piece), None)
            if header is None:  # no tag line: text that is no record (notes, a page), never copied as one
                report.problems.append(f"{source}:{line}: a record starts with its tags; this text has none, so "
                                       "it is left out (expected a tag such as [Game \"Glory to Rome\"])")
                continue
            if selection.reads_tags and not selection.header_matches(header.tags):
                continue
            yield _Task(source, line, piece)
        if not found:
            report.problems.append(f"{source}: {NO_RECORD}")


class _Judge:
    """Judges a record that passed the tag tests (in a worker when it is replayed)."""

    def __init__(self, selection: Selection, dedupe: bool, canonical: bool) -> None:
        self.selection, self.dedupe, self.canonical = selection, dedupe, canonical

    def __call__(self, task: _Task) -> _Judged:
        selection = self.selection
        as_written = task.piece.rstrip() + "\n"
        if selection.needs_replay:
            records, outcome = examine(task.source, task.line, task.piece, selection.rulings)
            if not selection.outcome_matches(outcome):
                return _Judged(task.source, task.line, False, "", replayed=True)
            if not records:  # kept as refused, and not read: written as it is, not keyed
                return _Judged(task.source, task.line, True, as_written, replayed=True)
            return self._out(task, records, as_written, replayed=True)
        if not (self.dedupe or self.canonical):
            return _Judged(task.source, task.line, True, as_written)
        try:
            records = parse_piece(task.source, task.line, task.piece)
        except notation.NotationError as error:
            return _Judged(task.source, task.line, False, "", problem=f"{error} (left out: the record could not "
                           "be read, so it could not be " + ("keyed" if self.dedupe else "written canonically") + ")")
        return self._out(task, records, as_written)

    def _out(self, task: _Task, records: list, as_written: str, replayed: bool = False) -> _Judged:
        if len(records) != 1:
            return _Judged(task.source, task.line, False, "", problem=f"{task.source}:{task.line}: expected one "
                           f"record here, found {len(records)}", replayed=replayed)
        record = records[0]
        text = as_written
        if self.canonical:
            try:  # written only when it reads back as the same record
                text = canonical_text([record], source=task.source, vocabulary=card_vocabulary())
            except notation.NotationError as error:
                return _Judged(task.source, task.line, False, "", problem=f"{error} (left out: written "
                               "canonically it would not read back as it is)", replayed=replayed)
        return _Judged(task.source, task.line, True, text, game_id(record) if self.dedupe else None,
                       replayed=replayed)


def _write_all(judged, sink, seen: set[int], report: ExtractReport) -> None:
    for item in judged:
        report.replayed += item.replayed
        if item.problem is not None:
            report.problems.append(item.problem)
            continue
        if not item.keep:
            continue
        report.selected += 1
        if item.key is not None:
            key = int(item.key, 16)  # the 64-bit key as an int: a quarter of the memory of its text
            if key in seen:
                report.duplicates += 1
                continue
            seen.add(key)
        sink.write(item.text)
        report.written += 1
