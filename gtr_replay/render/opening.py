"""Opening one record of a file for a view: read, parse, replay, keeping what can be shown.

The views (``show``, ``replay``, ``view``, ``legal``, ``diff``) are lenient by default: a
statement the rules refuse ends the replay there, and everything before it is still shown
with the problem marked; a statement that does not even parse cuts the record before its
line, the same way. Only a record whose start cannot be set up has nothing to show.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import notation
from notation import scan

from gtr_replay.errors import ReplayError, UsageError
from gtr_replay.render.timeline import Timeline
from gtr_replay.replay.files import no_record, parse_piece, read_record_file, record_pieces


@dataclass
class Opened:
    """A record replayed for a view, and every problem met on the way (as text)."""

    path: Path
    number: int
    record: notation.Record
    """The record as read (cut before a line that does not parse)."""
    timeline: Timeline
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def seen_by(self, viewer: str | None) -> Opened:
        """The same, its problems as ``viewer`` may read them (``Diagnostic.seen_by``): another
        player's hand and choices are not told in a player's view."""
        if viewer is None:
            return self
        diagnostics = self.timeline.problems
        read = self.problems[:len(self.problems) - len(diagnostics)]  # the record's text: nothing hidden
        return replace(self, problems=read + [str(d.seen_by(viewer)) for d in diagnostics])

    @property
    def stop(self) -> str | None:
        """'✗ replay stopped: file:line:col: why' for the first problem, to mark it in a view."""
        return f"✗ replay stopped: {self.problems[0].splitlines()[0]}" if self.problems else None


def open_record(path: Path, number: int = 1, *, rulings: str | None = None, lenient: bool = True) -> Opened:
    """Record ``number`` (from 1) of ``path``, replayed under ``rulings`` laid over its own tag.

    Raises ``UsageError`` for a missing file or record, ``notation.NotationError`` when the
    record cannot be read at all (or at all when not ``lenient``), ``ReplayError`` when its start
    cannot be set up, and with ``lenient=False`` ``IllegalStatement`` at a refused statement.
    """
    pieces = list(record_pieces(read_record_file(path)))
    if not pieces:
        raise no_record(path)
    if not 1 <= number <= len(pieces):
        raise UsageError(f"{path} has {len(pieces)} record(s); there is no record {number}",
                         hint=f"choose --record 1 to {len(pieces)}" if pieces else "write a record first")
    _, first, piece = pieces[number - 1]
    problems: list[str] = []
    try:
        records = parse_piece(str(path), first, piece)
    except notation.NotationError as error:
        if not lenient or error.line <= _last_tag_line(piece, first):
            raise  # nothing of the record can be shown without its tags
        problems.append(f"{error}\n  shown: the record up to line {error.line - 1}; the rest was not read")
        kept = "\n".join(piece.split("\n")[:error.line - first])  # the lines before the bad one
        try:
            records = parse_piece(str(path), first, kept)
        except notation.NotationError:
            raise error from None
    if len(records) != 1:
        raise ReplayError(f"{path}:{first}: expected one record here, found {len(records)}")
    timeline = Timeline.replay(records[0], source=str(path), lenient=lenient, rulings=rulings)
    problems.extend(str(d) for d in timeline.problems)
    return Opened(path, number, records[0], timeline, problems)


def _last_tag_line(piece: str, first: int) -> int:
    """The line of the record's last tag (the piece starts at line ``first``)."""
    chunk = next(scan.records(piece, first), None)
    return chunk.tags[-1][0] if chunk is not None and chunk.tags else first
