"""Where extracted records go: one stream (a file or standard output), or a folder of files of
N records each. Records are written one after the other with a blank line between them, as
``notation.write`` separates them, and no file is ever written over."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TextIO

from gtr_replay.errors import UsageError

NAME_DIGITS = 6
"""``000001.gtr``: names that sort in the order the files were written (``record_files`` sorts)."""


class Stream:
    """Every record into one text stream."""

    def __init__(self, handle: TextIO, name: str) -> None:
        self.handle, self.name = handle, name
        self.outputs = [name]
        self._first = True

    def write(self, text: str) -> None:
        if not self._first:
            self.handle.write("\n")
        self.handle.write(text)
        self._first = False

    def close(self) -> None:
        self.handle.flush()


def new_file(path: Path) -> TextIO:
    """A new file opened for writing; an existing one is refused, never written over."""
    try:
        return open(path, "x", encoding="utf-8", newline="\n")
    except FileExistsError:
        raise UsageError(f"{path} already exists: extract never writes over a file",
                         hint="give a new name, or move the old file away first") from None
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}", hint="check the folder exists") from None


def to_file(path: Path) -> Stream:
    return Stream(new_file(path), str(path))


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
            self._stream.handle.close()
            self._stream = None
