"""``gtr export``: games to a Parquet dataset, from a database or straight from record files.

From record files the work goes in two passes over chunks of records, each chunk a task that
can run here, in worker processes, or on a Dask cluster (``run``):

1. each record is parsed and keyed (``rows.game_id``, and the hash of its canonical text), so
   that a game written twice is exported once, the record ``gtr import`` would keep: the
   first, or a later one whose notes (comments, descriptive tags) were edited;
2. each chunk replays the records it keeps (``rows.game_rows``, as an import does) and writes
   its own part of every table (``parquet.Part``).

A chunk's part is named after the chunk, so a task run again (a worker lost) writes the same
files again, whole, in place of any it left.

The dataset is written into a hidden folder beside the one asked for (``staging``), its manifest
(``parquet_schema.MANIFEST``) last, and renamed only then: a killed or failed export leaves no
dataset under the name asked for, and a folder without the manifest is refused by every reader
(``parquet_schema.check_complete``). A new export replaces what a killed one left.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

import notation
from notation import scan

from gtr_replay.counted import counted
from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.files import file_text, no_record, not_utf8, parse_piece, record_files, records_at_least
from gtr_replay.replay.overrides import parse_rulings, with_rulings
from gtr_replay.replay.replayer import IllegalStatement
from gtr_replay.store import schema
from gtr_replay.store.importer import Problem
from gtr_replay.store.parquet_schema import MANIFEST, TABLES, manifest
from gtr_replay.store.queries import database_errors, open_read_only
from gtr_replay.store.rows import TooLarge, content_hash, game_id, game_rows

PER_PART = 1000
"""Records in a chunk, hence games in a part file of each table (at most)."""

@dataclass(frozen=True)
class NotExported(Problem):
    """A record that was not exported: where it is and what is wrong with it."""

    done: ClassVar[str] = "exported"


class _NothingExported(Exception):
    """Every record failed: the dataset begun is dropped (``export_records``)."""


Run = Callable[[Callable, Iterable], Iterator]
"""``run(work, tasks)``: ``work(task)`` for every task, the results in the order of the tasks."""


@dataclass
class ExportReport:
    files: int = 0
    records: int = 0
    games: int = 0
    already: int = 0
    """Records of a game exported from another record (as ``gtr import`` counts them)."""
    rows: dict[str, int] = field(default_factory=dict)
    parts: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "files": self.files, "records": self.records, "games": self.games,
                "already": self.already, "rows": dict(self.rows), "parts": len(self.parts),
                "problems": [p.to_dict() for p in self.problems]}

    def summary(self, root: Path | str) -> str:
        rows = ", ".join(f"{table} {n:,}" for table, n in self.rows.items())
        more = f", {counted(self.already, 'record')} of a game already exported" if self.already else ""
        problems = f"; {counted(len(self.problems), 'record')} not exported" if self.problems else ""
        if self.problems and not self.games:  # export_records leaves no dataset of no game
            return f"no game exported, so {root} was not written{more}{problems}"
        return f"{counted(self.games, 'game')} exported to {root} ({rows}){more}{problems}"


class CannotWrite(GtrError):
    """The dataset could not be written (a full disk, a folder not writable): exit status 1,
    and nothing of it is left."""


def staging(root: Path) -> Path:
    """The hidden folder beside ``root`` an export writes into; it takes ``root``'s name only
    when the export is whole (``MANIFEST`` written)."""
    root = Path(root)
    return root.parent / f".{root.name}.incomplete"


def _looks_exported(root: Path) -> bool:
    """Whether ``root`` holds only what an export writes (table folders), without a manifest:
    a dataset an earlier export left incomplete, which a new export may replace."""
    names = {entry.name for entry in root.iterdir()}
    return bool(names) and names <= set(TABLES) and not (root / MANIFEST).exists()


@contextmanager
def new_dataset(root: Path | str) -> Iterator[Path]:
    """The folder to write a new dataset for ``root`` into (``staging``): ``root`` must be new,
    empty, or a dataset an export left incomplete (replaced). An incomplete hidden folder left by
    a killed export is replaced. When the block ends well the caller has written ``MANIFEST``
    and the folder is renamed to ``root``; when it fails the folder is removed, and a failed
    write (a full disk) is ``CannotWrite`` in words."""
    root = Path(root)
    if root.exists() and not root.is_dir():
        raise UsageError(f"{root} already exists and is not a folder: export writes a new dataset",
                         hint="give a new folder name")
    replace = root.is_dir() and any(root.iterdir())
    if replace and not _looks_exported(root):
        raise UsageError(f"{root} already exists and is not an empty folder: export writes a new dataset",
                         hint="give a new folder name, or remove the old dataset first")
    stage = staging(root)
    try:
        root.parent.mkdir(parents=True, exist_ok=True)
        lock = _lock(stage)
    except OSError as error:
        raise _cannot_write(root, error) from None
    try:
        yield stage
        os.unlink(stage / LOCK)
        if replace:
            shutil.rmtree(root)
        os.replace(stage, root)
    except OSError as error:
        shutil.rmtree(stage, ignore_errors=True)
        raise _cannot_write(root, error) from None
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)  # no half dataset left behind
        raise
    finally:
        lock.close()


LOCK = ".lock"
"""Held by the export writing a hidden folder: a second export into it is refused."""


def _lock(stage: Path):
    """Take the hidden folder (made anew if one left by a killed export is there), locked."""
    if stage.exists():
        try:
            held = open(stage / LOCK, "a")
        except OSError:
            held = None
        if held is not None and not _try_lock(held):
            held.close()
            raise UsageError(f"another export is writing {stage} now", hint="wait for it to finish")
        if held is not None:
            held.close()
        shutil.rmtree(stage)  # a killed export's: replaced
    stage.mkdir()
    held = open(stage / LOCK, "a")
    _try_lock(held)
    return held


def _try_lock(handle) -> bool:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX: no lock
        return True
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _cannot_write(root: Path, error: OSError) -> CannotWrite:
    full = error.errno == errno.ENOSPC or "No space left on device" in str(error)
    reason = "the disk is full" if full else (error.strerror or str(error))
    return CannotWrite(f"cannot write {root}: {reason}",
                       hint="nothing was exported; " + ("make room on the disk" if full else "fix that")
                       + " and run the export again")


def write_manifest(stage: Path, report: "ExportReport") -> None:
    """Write ``MANIFEST`` into the finished dataset's folder: the last file written."""
    parts = [Path(part).resolve().relative_to(stage.resolve()).as_posix() for part in report.parts]
    text = json.dumps(manifest(report.games, report.rows, parts), indent=1)
    with open(stage / MANIFEST, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    report.parts = [str(stage.parent / stage.name.removeprefix(".").removesuffix(".incomplete") / part)
                    for part in parts]


def export_database(db: Path | str, root: Path | str, *, progress: Callable[[int], None] | None = None) -> ExportReport:
    """Write every game of the database ``db`` to a new dataset in ``root``: one part per table
    and ruleset, the rows read through the views ``gtr query`` reads."""
    from gtr_replay.store import parquet

    conn = open_read_only(db)
    try:
        schema.check_readable(conn, db)
        report = ExportReport(files=1)
        with new_dataset(root) as stage, database_errors(db):  # a damaged database: words, no dataset left
            part = parquet.Part(stage, "000000")
            try:
                ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY number")]
                for gid in ids:
                    ruleset, tables = parquet.stored_tables(conn, gid)
                    part.add(ruleset, tables)
                    report.games += 1
                    if progress is not None:
                        progress(1)
                part.close()
            except BaseException:
                part.abort()
                raise
            report.records = report.games
            _finish(stage, part.files, dict(part.rows), report)
    finally:
        conn.close()
    return report


def _finish(root: Path, files: list[str], rows: dict[str, int], report: ExportReport) -> None:
    from gtr_replay.store import parquet

    report.rows = {table: rows.get(table, 0) for table in TABLES}
    report.parts = sorted(files)
    if report.games:
        first = min(Path(f).parent.name.partition("=")[2] for f in files)
        report.parts += parquet.fill_empty(root, first)
    write_manifest(root, report)


@dataclass(frozen=True)
class Chunk:
    """Records to export together: (source, record number, first line, text) each."""

    index: int
    records: tuple[tuple[str, int, int, str], ...]


def chunks(files: list[Path], per_part: int, unread: list[Problem] | None = None) -> Iterator[Chunk]:
    """The records of the files in chunks of ``per_part``, one record in memory at a time (and
    the chunk being made); files that cannot be read, or hold no record, go into ``unread``."""
    batch: list[tuple[str, int, int, str]] = []
    index = 0
    for path in files:
        source = file_text(path)
        try:
            scan.check_decodes(path)
        except UnicodeDecodeError as error:  # said as every command says it: where, and what to do
            if unread is not None:
                unread.append(NotExported(source, 0, not_utf8(source, error)))
            continue
        except OSError as error:
            if unread is not None:
                unread.append(NotExported(source, 0, f"{source}: cannot read the file: {error.strerror or error}"))
            continue
        found = False
        for number, (line, piece) in enumerate(scan.file_pieces(path), 1):
            found = True
            batch.append((source, number, line, piece))
            if len(batch) == per_part:
                yield Chunk(index, tuple(batch))
                index, batch = index + 1, []
        if not found and unread is not None:
            unread.append(NotExported(source, 0, str(no_record(source))))
    if batch:
        yield Chunk(index, tuple(batch))


def _read(source: str, number: int, line: int, piece: str, rulings: str | None):
    """One record, parsed, with the readings asked for: the record, or a problem's text."""
    try:
        records = parse_piece(source, line, piece)
    except notation.NotationError as error:
        return str(error)
    if len(records) != 1:
        return f"{source}:{line}: expected one record here, found {len(records)}"
    return with_rulings(records[0], rulings)


def chunk_keys(task: tuple[Chunk, str | None]) -> list[tuple[str, str] | str]:
    """The first pass over a chunk: (game key, text hash) of each record, or why it cannot be read."""
    chunk, rulings = task
    keys: list[tuple[str, str] | str] = []
    for source, number, line, piece in chunk.records:
        record = _read(source, number, line, piece, rulings)
        keys.append(record if isinstance(record, str) else (game_id(record), content_hash(notation.write(record))))
    return keys


@dataclass
class ChunkReport:
    index: int
    games: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    problems: list[tuple[str, int, str]] = field(default_factory=list)


def write_chunk(task: tuple[Chunk, frozenset[int], str, str | None]) -> ChunkReport:
    """The second pass over a chunk: replay the records kept (by their place in the chunk) and
    write the chunk's part of every table."""
    from gtr_replay.store import parquet

    chunk, keep, root, rulings = task
    report = ChunkReport(chunk.index)
    part = parquet.Part(Path(root), f"{chunk.index:06d}")
    try:
        for place, (source, number, line, piece) in enumerate(chunk.records):
            if place not in keep:
                continue
            record = _read(source, number, line, piece, rulings)
            if isinstance(record, str):
                report.problems.append((source, number, record))
                continue
            try:
                rows = game_rows(record, source=source, number=number, snapshots=False)
            except IllegalStatement as error:
                report.problems.append((source, number, str(error.diagnostic)))
                continue
            except TooLarge as error:
                report.problems.append((source, number, str(error)))
                continue
            part.add(*parquet.record_tables(rows))
            report.games += 1
        part.close()
    except BaseException:
        part.abort()
        raise
    report.rows, report.files = dict(part.rows), part.files
    return report


def export_records(paths, root: Path | str, *, rulings: str | None = None, per_part: int = PER_PART,
                   workers: int | None = None, run: Run | None = None,
                   progress: Callable[[int], None] | None = None) -> ExportReport:
    """Write every game of the record files and folders in ``paths`` to a new dataset in ``root``
    (see the module's docstring). ``run`` maps the chunk tasks (default: here, or in worker
    processes on a large input as ``gtr import`` does); ``progress`` is called with the records
    of each chunk written."""
    if rulings:
        parse_rulings(rulings)
    if per_part < 1:
        raise UsageError(f"{per_part} records per part: a part holds at least one")
    files = record_files(paths)
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    report = ExportReport(files=len(files))
    try:
        with new_dataset(root) as stage:
            if run is not None:
                _two_passes(files, stage, rulings, per_part, run, report, progress)
            else:
                from gtr_replay.replay.workers import ordered_map, pool, worker_count

                count = worker_count(workers, lambda n: records_at_least(files, n))
                if count > 1:
                    with pool(count) as executor:
                        _two_passes(files, stage, rulings, per_part,
                                    lambda work, tasks: ordered_map(executor, work, tasks, 2 * count), report,
                                    progress)
                else:
                    _two_passes(files, stage, rulings, per_part, map, report, progress)
            if report.problems and not report.games:
                raise _NothingExported
    except _NothingExported:
        pass  # no dataset of no game: the export run again once the records are fixed writes the same folder
    return report


def _two_passes(files, root: Path, rulings, per_part: int, run: Run, report: ExportReport, progress) -> None:
    unread: list[Problem] = []
    kept: dict[str, tuple[str, int, int]] = {}  # game key -> (text hash, chunk, place in it)
    handed: deque[Chunk] = deque()  # the chunks whose keys are being found, in order

    def first_pass() -> Iterator[tuple[Chunk, str | None]]:
        for chunk in chunks(files, per_part, unread):
            handed.append(chunk)
            yield chunk, rulings

    for keys in run(chunk_keys, first_pass()):
        chunk = handed.popleft()
        for place, (key, (source, number, _, _)) in enumerate(zip(keys, chunk.records)):
            report.records += 1
            if isinstance(key, str):
                report.problems.append(NotExported(source, number, key))
                continue
            gid, text_hash = key
            if gid in kept:
                report.already += 1
                if kept[gid][0] == text_hash:
                    continue  # the same text: the first record stands, as import keeps it
            kept[gid] = (text_hash, chunk.index, place)
    by_chunk: dict[int, set[int]] = {}
    for _, index, place in kept.values():
        by_chunk.setdefault(index, set()).add(place)
    del kept
    tasks = ((c, frozenset(by_chunk[c.index]), str(root), rulings) for c in chunks(files, per_part)
             if c.index in by_chunk)
    files_written: list[str] = []
    rows: dict[str, int] = {}
    for done in run(write_chunk, tasks):
        report.games += done.games
        files_written += done.files
        for table, n in done.rows.items():
            rows[table] = rows.get(table, 0) + n
        report.problems += [NotExported(*p) for p in done.problems]
        if progress is not None:
            progress(len(by_chunk[done.index]))
    order = {file_text(path): n for n, path in enumerate(files)}
    report.problems = unread + sorted(report.problems, key=lambda p: (order.get(p.source, -1), p.record_number))
    _finish(root, files_written, rows, report)
