"""Reading record files and folders, and checking every record in them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import notation
from notation import scan

from gtr_replay.errors import GtrError, UsageError
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.overrides import parse_rulings, with_rulings
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.workers import ordered_map, pool, worker_count
from gtr_replay.vocabulary import card_vocabulary


def record_files(paths) -> list[Path]:
    """The .gtr files named, with folders searched recursively, in a stable order."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(path.rglob("*.gtr")))
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"{path}: no such file or folder", hint="give .gtr files or folders holding them")
    return found


class FileError(GtrError):
    """A record file whose text cannot be used (not UTF-8): a bad record, exit status 1."""


def not_utf8(path, error: UnicodeDecodeError) -> str:
    """What is said of a file that is not UTF-8 text: where the first bad byte is (its line
    and offset, as ``scan.check_decodes`` or ``read_record_file`` found them) and what to do."""
    return (f"{path}:{getattr(error, 'line', 1)}: not UTF-8 text: {error.reason} at byte "
            f"{getattr(error, 'offset', error.start)}; save the file as UTF-8")


def cannot_read(path, error: OSError) -> UsageError:
    """The usage error for a record file that cannot be opened or read."""
    if isinstance(error, FileNotFoundError):
        return UsageError(f"{path}: no such file", hint="give a .gtr record file")
    if isinstance(error, IsADirectoryError):
        return UsageError(f"{path} is a folder", hint="give one .gtr record file")
    return UsageError(f"{path}: cannot read: {error.strerror or error}")


def read_record_file(path: Path) -> str:
    """The text of one record file, as it is (line ends and a byte-order mark kept), read
    as ``check`` reads files: ``UsageError`` when it cannot be read (missing, a folder, not
    allowed), ``FileError`` when it is not UTF-8, worded as ``check`` words them."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise cannot_read(path, error) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        error.line = data[:error.start].count(b"\n") + 1  # type: ignore[attr-defined]
        raise FileError(not_utf8(path, error)) from None


NO_RECORD = 'no record in the file (a record starts with its tags, such as [Game "Glory to Rome"])'
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
    """A record that does not parse (kept as text: it crosses process boundaries)."""

    text: str

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        return {"message": self.text}


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

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "files": [f.to_dict() for f in self.files],
                "problems": [p.to_dict() if isinstance(p, Diagnostic) else {"message": str(p)}
                             for p in self.problems],
                "warnings": [w.to_dict() for w in self.warnings]}

    def summary(self) -> str:
        records = sum(f.records for f in self.files)
        decisions = sum(f.decisions for f in self.files)
        errors = sum(f.errors for f in self.files)
        verdict = "all legal" if self.ok else f"{errors} problem(s)"
        if self.warnings:
            verdict += f", {len(self.warnings)} warning(s)"
        return f"{len(self.files)} file(s), {records} record(s), {decisions} statement(s): {verdict}"


def check_files(paths, *, lenient: bool = False, workers: int | None = None, rulings: str | None = None,
                progress: Callable[[int], None] | None = None) -> CheckReport:
    """Parse and replay every record of every file (strict: one problem per record at most),
    under ``rulings`` laid over each record's own; ``progress`` is called with the number of
    records just checked."""
    if rulings:
        parse_rulings(rulings)  # a wrong name is a usage error before any work
    report = CheckReport()
    files = record_files(paths)
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    by_source: dict[str, FileReport] = {}
    for path in files:
        file_report = by_source[str(path)] = FileReport(str(path))
        report.files.append(file_report)
    empty: list[NotationProblem] = []
    tasks = _tasks(files, lenient, rulings, empty, by_source)
    workers = worker_count(workers, lambda n: records_at_least(files, n))
    if workers > 1:
        with pool(workers) as executor:
            outcomes = list(_counted(ordered_map(executor, _check_piece, tasks, WINDOW * workers), progress))
    else:
        outcomes = _counted(map(_check_piece, tasks), progress)
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


def _tasks(files: list[Path], lenient: bool, rulings: str | None, empty: list, by_source: dict) -> Iterator[tuple]:
    """The records to check, one file in memory at a time."""
    for path in files:
        try:
            scan.check_decodes(path)
            found = False
            for line, piece in scan.file_pieces(path):
                found = True
                yield str(path), line, piece, lenient, rulings
        except UnicodeDecodeError as error:  # a bad file among good ones: report it, check the rest
            by_source[str(path)].errors += 1
            empty.append(NotationProblem(not_utf8(path, error)))
            continue
        except OSError as error:
            raise cannot_read(path, error) from None
        if not found:
            by_source[str(path)].errors += 1
            empty.append(NotationProblem(f"{path}: {NO_RECORD}"))


def records_at_least(files: list[Path], count: int) -> bool:
    """Whether the files hold at least ``count`` records (from their headers, stopping there)."""
    seen = 0
    for path in files:
        try:
            for _ in notation.iter_headers(path):
                seen += 1
                if seen >= count:
                    return True
        except (OSError, UnicodeDecodeError):
            return False  # reported when the file is read
    return False


def _counted(outcomes, progress) -> list:
    done = []
    for outcome in outcomes:
        done.append(outcome)
        if progress is not None:
            progress(outcome[1])
    return done


def _check_piece(task) -> tuple[str, int, int, list, list]:
    """Check one record: (source, records, statements replayed, problems, warnings)."""
    source, line, piece, lenient, rulings = task
    try:
        records = parse_piece(source, line, piece)
    except notation.NotationError as error:
        return source, 0, 0, [NotationProblem(str(error))], []
    decisions = 0
    problems: list = []
    warnings: list = []
    for record in records:
        replayer = Replayer(with_rulings(record, rulings), source=source, lenient=lenient, keep_states=False)
        try:
            for _ in replayer.run():
                decisions += 1
        except IllegalStatement:
            pass
        problems.extend(replayer.diagnostics)
        warnings.extend(replayer.warnings)
    return source, len(records), decisions, problems, warnings
