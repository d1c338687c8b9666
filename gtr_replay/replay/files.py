"""Reading record files and folders, and checking every record in them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
import errno
import os
import stat
from pathlib import Path

import notation
import notation.fmt
from notation import scan

from gtr_replay.counted import counted
from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.overrides import parse_rulings, with_rulings
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.visitors import CheckOnly, Refusal
from gtr_replay.replay.workers import ordered_map, pool, worker_count
from gtr_replay.vocabulary import card_vocabulary


MAX_FILE_BYTES = 1 << 30
"""Bytes in one record file (1 GiB, some 150,000 games): a larger file is refused before any
of it is read, so that a file that never ends (a link to ``/dev/zero``) cannot fill memory."""

_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _kind(mode: int) -> str:
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


@dataclass(frozen=True)
class Skipped:
    """A ``.gtr`` entry of a folder that is not a regular file, left out of a folder scan."""

    path: Path
    kind: str

    def __str__(self) -> str:
        return f"skipped {self.path}: {self.kind}, not a regular file"


def file_text(path) -> str:
    """A file's name as text to store, print or write into a file: each byte of the name that
    is not UTF-8 (held as a lone surrogate, which no encoder writes) as ``\\xff``, so that two
    names differing in such a byte stay two sources."""
    return os.fsencode(path).decode("utf-8", errors="backslashreplace")


def record_files(paths, *, skipped: list[Skipped] | None = None) -> list[Path]:
    """The .gtr files named, with folders searched recursively, in a stable order.

    A folder's entries that are not regular files (a named pipe, a link to a device) are
    left out, never opened, and added to ``skipped``; one named on its own is a
    ``UsageError``, as is a name that does not exist."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            for entry in sorted(path.rglob("*.gtr")):
                try:
                    mode = entry.stat().st_mode
                except OSError as error:  # a dangling link, or one that loops
                    mode = 0
                    kind = "a link that loops (to itself, or round other links)" \
                        if error.errno == errno.ELOOP else "a link to nothing"
                else:
                    kind = _kind(mode)
                if stat.S_ISREG(mode):
                    found.append(entry)
                elif not stat.S_ISDIR(mode) and skipped is not None:
                    skipped.append(Skipped(entry, kind))
        else:
            check_record_file(path)
            found.append(path)
    return found


class FileError(GtrError):
    """A record file whose text cannot be used (not UTF-8, too large, no record): a bad
    record, exit status 1."""


def not_utf8(path, error: UnicodeDecodeError) -> str:
    """What is said of a file that is not UTF-8 text: where the first bad byte is (its line
    and offset, as ``scan.check_decodes`` or ``read_record_file`` found them) and what to do."""
    return (f"{path}:{getattr(error, 'line', 1)}: not UTF-8 text: {error.reason} at byte "
            f"{getattr(error, 'offset', error.start)}; save the file as UTF-8")


def too_large(path, size: int) -> FileError:
    return FileError(f"{path}: {size:,} bytes: a record file holds at most {MAX_FILE_BYTES:,} bytes",
                     hint="split it into several files")


def no_record(path) -> FileError:
    return FileError(f"{path}: {NO_RECORD}")


def cannot_read(path, error: OSError) -> UsageError:
    """The usage error for a record file that cannot be opened or read."""
    if isinstance(error, FileNotFoundError):
        if str(path) == "-":  # as other tools read it: standard input, which no command reads records from
            return UsageError("-: no such file; records are read from files, not from standard input",
                              hint="save the record into a .gtr file and give its name")
        return UsageError(f"{path}: no such file or folder", hint="give .gtr record files or folders holding them")
    if isinstance(error, IsADirectoryError):
        return UsageError(f"{path} is a folder", hint="give one .gtr record file")
    return UsageError(f"{path}: cannot read: {error.strerror or error}")


def check_record_file(path) -> os.stat_result:
    """What every command asks of a record file before opening it, with the same words and
    status everywhere: it exists (``UsageError``), it is a regular file and not a pipe or
    a device, which would never end (``UsageError``), and it is not larger than
    ``MAX_FILE_BYTES`` (``FileError``). Nothing is opened here."""
    try:
        found = os.stat(path)
    except OSError as error:
        raise cannot_read(path, error) from None
    if stat.S_ISDIR(found.st_mode):
        raise cannot_read(path, IsADirectoryError(path))
    if not stat.S_ISREG(found.st_mode):
        raise UsageError(f"{path} is {_kind(found.st_mode)}, not a regular file",
                         hint="give a .gtr record file; save what the pipe or device gives into one first")
    if found.st_size > MAX_FILE_BYTES:
        raise too_large(path, found.st_size)
    return found


def read_record_file(path: Path) -> str:
    """The text of one record file, as it is (line ends and a byte-order mark kept): the one
    way every command reads a whole file. ``UsageError`` when it cannot be read (missing, a
    folder, a pipe or device, not allowed), ``FileError`` when it is too large (at most
    ``MAX_FILE_BYTES`` are ever read) or not UTF-8, worded as ``check`` words them."""
    check_record_file(path)
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise cannot_read(path, error) from None
    if len(data) > MAX_FILE_BYTES:  # it grew since: still refused before it is decoded
        raise too_large(path, len(data))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        error.line = data[:error.start].count(b"\n") + 1  # type: ignore[attr-defined]
        raise FileError(not_utf8(path, error)) from None


NO_RECORD = notation.fmt.NO_RECORD
"""What a file without records is told: nothing in it was checked or imported."""


def record_pieces(text: str) -> Iterator[tuple[int, int, str]]:
    """(number, first line, text) of each record of a file, found from the tag lines alone,
    so that each record can be parsed on its own (and one that does not parse spares the rest)."""
    for number, (line, piece) in enumerate(scan.pieces(scan.normalize(text)), 1):
        yield number, line, piece


def parse_piece(source: str, line: int, piece: str) -> list:
    """Parse one record's text, keeping the file's line numbers in spans and errors."""
    return notation.parse(piece, source=source, vocabulary=card_vocabulary(), first_line=line)


@dataclass(frozen=True)
class NotationProblem:
    """A record that does not parse (kept as text: it crosses process boundaries), or a file
    that cannot be read; ``where`` and ``parts``, the file, line and column and the error's
    own words, where a notation error gives them (``--json`` lists them by name, with the
    whole text as ``text``)."""

    text: str
    where: tuple[str, int, int] | None = None
    parts: tuple[str, str | None, str | None] | None = None
    """The message, what was expected and the hint."""

    @classmethod
    def of(cls, error: notation.NotationError, source: str, text: str | None = None) -> NotationProblem:
        return cls(str(error) if text is None else text, (error.source or source, error.line, error.column),
                   (error.message, error.expected, error.hint))

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        if self.where is None or self.parts is None:
            return {"message": self.text}
        (file, line, column), (message, expected, hint) = self.where, self.parts
        return {"file": file, "line": line, "column": column, "message": message, "expected": expected,
                "hint": hint, "text": self.text}


@dataclass
class FileReport:
    path: str
    records: int = 0
    decisions: int = 0
    errors: int = 0
    warnings: int = 0

    def to_dict(self) -> dict:
        return {"file": self.path, "records": self.records, "decisions": self.decisions, "errors": self.errors,
                "warnings": self.warnings}


@dataclass
class CheckReport:
    files: list[FileReport] = field(default_factory=list)
    problems: list = field(default_factory=list)
    """Diagnostics of the replay, and notation errors (a record that does not parse)."""
    warnings: list[Diagnostic] = field(default_factory=list)
    """What may make a legal replay wrong: a completed building whose power is not written yet."""
    skipped: list[Skipped] = field(default_factory=list)
    """Entries of the folders searched that are not regular files (never opened)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "files": [f.to_dict() for f in self.files],
                "skipped": [{"file": str(s.path), "kind": s.kind} for s in self.skipped],
                "problems": [p.to_dict() if isinstance(p, (Diagnostic, NotationProblem)) else {"message": str(p)}
                             for p in self.problems],
                "warnings": [w.to_dict() for w in self.warnings]}

    def summary(self) -> str:
        records = sum(f.records for f in self.files)
        decisions = sum(f.decisions for f in self.files)
        errors = sum(f.errors for f in self.files)
        verdict = "all legal" if self.ok else counted(errors, "problem")
        following = sum(1 for p in self.problems if getattr(p, "follows", None) is not None)
        if following:
            verdict += f", {following} of which may follow from an earlier one"
        if self.warnings:
            verdict += f", {counted(len(self.warnings), 'warning')}"
        return (f"{counted(len(self.files), 'file')}, {counted(records, 'record')}, "
                f"{counted(decisions, 'statement')}: {verdict}")


def check_files(paths, *, lenient: bool = False, workers: int | None = None, rulings: str | None = None,
                progress: Callable[[int], None] | None = None, run: Callable | None = None) -> CheckReport:
    """Parse and replay every record of every file (strict: one problem per record at most;
    ``lenient``: a refused statement is skipped and the replay goes on, each later problem
    marked when it may follow from an earlier one), under ``rulings`` laid over each record's
    own; ``progress`` is called with the number of records just checked. ``run(check_piece,
    tasks)``, when given, checks the records elsewhere (on a cluster: ``gtr_replay.distributed``)
    and gives the outcomes in the order of the tasks."""
    if rulings:
        parse_rulings(rulings)  # a wrong name is a usage error before any work
    report = CheckReport()
    files = record_files(paths, skipped=report.skipped)
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    by_source: dict[str, FileReport] = {}
    for path in files:
        file_report = by_source[str(path)] = FileReport(str(path))
        report.files.append(file_report)
    empty: list[NotationProblem] = []
    tasks = _tasks(files, lenient, rulings, empty, by_source)
    workers = worker_count(workers, lambda n: records_at_least(files, n)) if run is None else 1
    if run is not None:
        outcomes = _counted(run(check_piece, tasks), progress)
    elif workers > 1:
        with pool(workers) as executor:
            outcomes = list(_counted(ordered_map(executor, check_piece, tasks, WINDOW * workers), progress))
    else:
        outcomes = _counted(map(check_piece, tasks), progress)
    for source, records, decisions, problems, warnings in outcomes:
        file_report = by_source[source]
        file_report.records += records
        file_report.decisions += decisions
        file_report.errors += len(problems)
        file_report.warnings += len(warnings)
        report.problems.extend(problems)
        report.warnings.extend(warnings)
    report.problems[:0] = empty  # the files without a record or not UTF-8 first, as they were found
    return report


WINDOW = 16
"""Records handed to each worker ahead of the results: enough to keep it busy."""


def file_pieces(path: Path) -> Iterator[tuple[int, str]]:
    """(first line, text) of each record of a file, read a block at a time (memory stays flat),
    after the checks of ``check_record_file``. Raises ``FileError`` for a file that is not
    UTF-8 (before any record is given) or holds no record, ``UsageError`` for one that
    cannot be read: what ``check`` and ``import`` report of a file, in the same words."""
    check_record_file(path)
    try:
        scan.check_decodes(path)
        found = False
        for line, piece in scan.file_pieces(path):
            found = True
            yield line, piece
    except UnicodeDecodeError as error:
        raise FileError(not_utf8(path, error)) from None
    except OSError as error:
        raise cannot_read(path, error) from None
    if not found:
        raise no_record(path)


def _tasks(files: list[Path], lenient: bool, rulings: str | None, empty: list, by_source: dict) -> Iterator[tuple]:
    """The records to check, one file in memory at a time."""
    for path in files:
        try:
            for line, piece in file_pieces(path):
                yield str(path), line, piece, lenient, rulings
        except FileError as error:  # a bad file among good ones: report it, check the rest
            by_source[str(path)].errors += 1
            empty.append(NotationProblem(str(error)))


def records_at_least(files: list[Path], count: int) -> bool:
    """Whether the files hold at least ``count`` records (from their headers, stopping there)."""
    seen = 0
    for path in files:
        try:
            check_record_file(path)
            for _ in notation.iter_headers(path):
                seen += 1
                if seen >= count:
                    return True
        except (GtrError, OSError, UnicodeDecodeError):
            return False  # reported when the file is read
    return False


def _counted(outcomes, progress) -> list:
    done = []
    for outcome in outcomes:
        done.append(outcome)
        if progress is not None:
            progress(outcome[1])
    return done


def check_piece(task) -> tuple[str, int, int, list, list]:
    """Check one record: (source, records, statements replayed, problems, warnings). ``task`` is
    (source, first line, the record's text, lenient, rulings)."""
    source, line, piece, lenient, rulings = task
    problems: list = []
    skipped: int | None = None  # the first line left out as unreadable (lenient)
    while True:
        try:
            records = parse_piece(source, line, piece)
            break
        except notation.NotationError as error:
            shorter = _without_line(piece, error.line - line) if lenient else None
            if shorter is None:
                return source, 0, 0, [*problems, NotationProblem.of(error, source)], []
            problems.append(NotationProblem.of(error, source,
                                               f"{error}\n  skipped (--lenient): the replay goes on without this line"))
            skipped = error.line if skipped is None else skipped
            piece = shorter
    decisions = 0
    warnings: list = []
    for record in records:
        replayer = Replayer(with_rulings(record, rulings), CheckOnly(Refusal.GO_ON if lenient else Refusal.STOP),
                            source=source)
        try:
            replayer.check()
        except IllegalStatement:
            pass
        decisions += replayer.seq  # every statement replayed, the refused one included
        problems.extend(_following(d, skipped) for d in replayer.diagnostics)
        warnings.extend(replayer.warnings)
    return source, len(records), decisions, problems, warnings


def _without_line(piece: str, index: int) -> str | None:
    """``piece`` with its line ``index`` (from 0) left blank, when that is a line of a block
    (indented: a statement, a setup line) that holds something; else None (a tag or a turn's
    header that does not read stops the record)."""
    lines = piece.split("\n")
    if not 0 <= index < len(lines) or not lines[index][:1].isspace() or not lines[index].strip():
        return None
    lines[index] = ""
    return "\n".join(lines)


def _following(diagnostic, skipped: int | None):
    """A problem found after a line left out as unreadable: marked as one that may follow from it."""
    if skipped is None or diagnostic.follows is not None or diagnostic.line < skipped:
        return diagnostic
    return replace(diagnostic, follows=skipped)


_check_piece = check_piece  # the name it had before clusters ran it
