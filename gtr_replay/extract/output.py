"""Where extracted records go: one stream (a file or standard output), or a folder of files of
N records each. Records are written one after the other with a blank line between them, as
``notation.write`` separates them, and no file is ever written over.

A file is written under a hidden name beside it and given its name only when it is whole
(``Stream.close``): a killed extract leaves no file under the name asked for, a failed one
(a full disk, said in words) removes what it wrote of the file under way (``Stream.abort``)."""

from __future__ import annotations

import contextlib
import errno
import os
from pathlib import Path
from typing import TextIO

from gtr_replay.errors import GtrError, UsageError

NAME_DIGITS = 6
"""``000001.gtr``: names that sort in the order the files were written (``record_files`` sorts)."""


class CannotWrite(GtrError):
    """An output file that could not be written (a full disk): exit status 1, nothing left of it."""


def cannot_write(path, error: OSError) -> CannotWrite:
    full = error.errno == errno.ENOSPC
    return CannotWrite(f"cannot write {path}: " + ("the disk is full" if full else (error.strerror or str(error))),
                       hint="the file was not written; " + ("make room on the disk" if full else "fix that")
                       + " and run it again")


class Stream:
    """Every record into one text stream: standard output, or a new file (``to_file``) written
    under the hidden name ``hidden`` until it is whole."""

    def __init__(self, handle: TextIO, name: str, hidden: Path | None = None) -> None:
        self.handle, self.name, self.hidden = handle, name, hidden
        self.outputs = [name]
        self._first = True

    def write(self, text: str) -> None:
        try:
            if not self._first:
                self.handle.write("\n")
            self.handle.write(text)
        except OSError as error:
            if self.hidden is None:
                raise
            self.abort()
            raise cannot_write(self.name, error) from None
        self._first = False

    def close(self) -> None:
        """Flush; a file is given its name now (never over a file that came meanwhile)."""
        try:
            self.handle.flush()
            if self.hidden is not None:
                os.fsync(self.handle.fileno())
                self.handle.close()
                _name(self.hidden, Path(self.name))
                self.hidden = None
        except FileExistsError:
            self.abort()
            raise UsageError(f"{self.name} already exists: extract never writes over a file",
                             hint="give a new name, or move the old file away first") from None
        except OSError as error:
            if self.hidden is None:
                raise
            self.abort()
            raise cannot_write(self.name, error) from None

    def abort(self) -> None:
        """Take away the unfinished file (standard output is left as it is)."""
        if self.hidden is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
            with contextlib.suppress(OSError):
                os.unlink(self.hidden)
            self.hidden = None


def _name(hidden: Path, path: Path) -> None:
    """Give the whole file ``hidden`` its name ``path``, never over a file that came meanwhile
    (``FileExistsError``): a hard link, as ``open(mode="x")``; a rename where links are not made."""
    try:
        os.link(hidden, path)
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "exists", str(path)) from None
        os.rename(hidden, path)
        return
    os.unlink(hidden)


def new_file(path: Path) -> tuple[TextIO, Path]:
    """A new file opened for writing under a hidden name beside ``path``, and that name; a
    ``path`` that exists is refused, never written over."""
    path = Path(path)
    if os.path.lexists(path):
        raise UsageError(f"{path} already exists: extract never writes over a file",
                         hint="give a new name, or move the old file away first")
    hidden = path.with_name(f".{path.name}.incomplete")
    try:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(hidden)  # what a killed extract left
        return open(hidden, "x", encoding="utf-8", newline="\n"), hidden
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}", hint="check the folder exists") from None


def to_file(path: Path) -> Stream:
    handle, hidden = new_file(path)
    return Stream(handle, str(path), hidden)


class Split:
    """``per_file`` records in each file of ``folder``, named ``000001.gtr``, ``000002.gtr``...
    The folder is made when missing; a file already there with one of those names is refused."""

    def __init__(self, folder: Path, per_file: int) -> None:
        if per_file < 1:
            raise UsageError(f"--split {per_file}: a file holds at least one record")
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"{folder} is a file: --split writes into a folder", hint="give a folder name")
        self.folder, self.per_file = folder, per_file
        self.outputs: list[str] = []
        self._stream: Stream | None = None
        self._count = 0

    def write(self, text: str) -> None:
        if self._stream is None or self._count == self.per_file:
            self._next()
        self._stream.write(text)  # type: ignore[union-attr]
        self._count += 1

    def _next(self) -> None:
        self.close()
        os.makedirs(self.folder, exist_ok=True)
        path = self.folder / f"{len(self.outputs) + 1:0{NAME_DIGITS}d}.gtr"
        self._stream = to_file(path)
        self.outputs.append(str(path))
        self._count = 0

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()
            self._stream = None

    def abort(self) -> None:
        """Take away the file under way (those before it are whole)."""
        if self._stream is not None:
            self._stream.abort()
            self._stream = None
