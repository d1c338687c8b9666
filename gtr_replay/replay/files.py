"""Reading record files and folders, and checking every record in them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import notation

from gtr_replay.errors import UsageError
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.replayer import IllegalStatement, Replayer
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


@dataclass
class FileReport:
    path: str
    records: int = 0
    decisions: int = 0
    errors: int = 0

    def to_dict(self) -> dict:
        return {"file": self.path, "records": self.records, "decisions": self.decisions, "errors": self.errors}


@dataclass
class CheckReport:
    files: list[FileReport] = field(default_factory=list)
    problems: list = field(default_factory=list)
    """Diagnostics of the replay, and notation errors (a record that does not parse)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict:
        return {"ok": self.ok, "files": [f.to_dict() for f in self.files],
                "problems": [p.to_dict() if isinstance(p, Diagnostic) else {"message": str(p)}
                             for p in self.problems]}

    def summary(self) -> str:
        records = sum(f.records for f in self.files)
        decisions = sum(f.decisions for f in self.files)
        errors = sum(f.errors for f in self.files)
        verdict = "all legal" if self.ok else f"{errors} problem(s)"
        return f"{len(self.files)} file(s), {records} record(s), {decisions} statement(s): {verdict}"


def check_files(paths, *, lenient: bool = False) -> CheckReport:
    """Parse and replay every record of every file (strict: one problem per record at most)."""
    report = CheckReport()
    files = record_files(paths)
    if not files:
        raise UsageError("no .gtr files found", hint="give .gtr files or folders holding them")
    for path in files:
        file_report = FileReport(str(path))
        report.files.append(file_report)
        try:
            records = notation.parse(path.read_text(encoding="utf-8"), source=str(path),
                                     vocabulary=card_vocabulary())
        except notation.NotationError as error:
            file_report.errors += 1
            report.problems.append(error)
            continue
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"{path}: cannot read: {getattr(error, 'strerror', None) or error}") from None
        for record in records:
            file_report.records += 1
            replayer = Replayer(record, source=str(path), lenient=lenient, keep_states=False)
            try:
                for _ in replayer.run():
                    file_report.decisions += 1
            except IllegalStatement:
                pass
            file_report.errors += len(replayer.diagnostics)
            report.problems.extend(replayer.diagnostics)
    return report
