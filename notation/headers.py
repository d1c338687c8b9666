"""The tags of each record, read without reading anything else.

``iter_headers`` finds the runs of tag lines (a ``[`` in the first column) and
reads only those: a record's body is skipped by searching for the next tag
line, never read line by line. Records start where ``scan.records`` says
(after a body line, or at a second ``[Game`` tag), so the headers are those of
the records ``parse`` reads.

A header's line number is counted when it is first asked for: counting every
line of a large text is most of a scan's time, and many callers only count
records or look at tags. Asking in order costs one pass over the text.
"""

from __future__ import annotations

import os
import re
from typing import IO, Iterator, Union

from .scan import BODY_LINE, file_pieces, normalize, unescape

_FIRST_TAG_BLOCK = re.compile(r"\[[^\n]*(?:\n\[[^\n]*)*")
# A run of tag lines after the first line: found by its "[", then a look behind it for the
# line end (twice as quick as searching for "\n[": line ends are many).
_TAG_BLOCK = re.compile(r"\[(?<=\n\[)[^\n]*(?:\n\[[^\n]*)*")
_TAG_ITEM = re.compile(r'^\[[ \t]*([^\W\d][\w-]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]', re.M)


class _Lines:
    """Line numbers of places in a text, counted on demand from the last place asked."""

    __slots__ = ("text", "first", "offset", "line")

    def __init__(self, text: str, first: int):
        self.text, self.first = text, first
        self.offset, self.line = 0, first

    def at(self, offset: int) -> int:
        if offset < self.offset:  # asked out of order: count again from the start
            self.offset, self.line = 0, self.first
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line


class Header:
    """The tags of one record as (name, value) pairs, and the line of its first tag."""

    __slots__ = ("tags", "_line", "_lines", "_offset")

    def __init__(self, line: int | None, tags: tuple[tuple[str, str], ...], *,
                 lines: _Lines | None = None, offset: int = 0):
        self.tags = tags
        self._line, self._lines, self._offset = line, lines, offset

    @property
    def line(self) -> int:
        if self._line is None:
            self._line = self._lines.at(self._offset)  # type: ignore[union-attr]
            self._lines = None  # the text is not held any longer than needed
        return self._line

    def get(self, name: str, default: str | None = None) -> str | None:
        key = name.lower()
        return next((value for tag, value in self.tags if tag.lower() == key), default)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Header):
            return NotImplemented
        return (self.line, self.tags) == (other.line, other.tags)

    def __hash__(self) -> int:
        return hash((self.line, self.tags))

    def __repr__(self) -> str:
        return f"Header(line={self.line!r}, tags={self.tags!r})"


def iter_headers(source: Union[str, os.PathLike, IO[str]]) -> Iterator[Header]:
    """Each record's tags, without reading any statement.

    ``source`` is the text itself, a path, or an open text file. A path is read
    one record at a time (memory stays flat whatever the file's size). Malformed
    tag lines are skipped here; ``parse`` reports them.
    """
    if isinstance(source, os.PathLike):
        for line, piece in file_pieces(source):
            for header in _headers(piece, line):
                header.line  # counted now, within its record: the piece is not kept
                yield header
        return
    if not isinstance(source, str):
        source = source.read()
    yield from _headers(normalize(source), 1)


def _headers(text: str, first_line: int) -> Iterator[Header]:
    lines = _Lines(text, first_line)
    position = 0
    first, tags, games = 0, [], 0  # the record's first tag line (an offset), its tags, its Game tags
    # One match per run of tag lines: the work per record stays constant.
    for start, block, end in _tag_blocks(text):
        if tags and BODY_LINE.search(text, position, start) is not None:
            yield Header(None, tuple(tags), lines=lines, offset=first)
            tags, games = [], 0
        if not tags:
            first = start
        found = [(name, unescape(value)) for name, value in _TAG_ITEM.findall(block)]
        found_games = sum(name.lower() == "game" for name, _ in found)
        if games + found_games > 1:
            *done, (first, tags) = _split_games(block, start, first, tags)
            for at, record_tags in done:
                yield Header(None, tuple(record_tags), lines=lines, offset=at)
            games = sum(name.lower() == "game" for name, _ in tags)  # the last record's tags may go on
        else:
            tags += found
            games += found_games
        position = end
    if tags:
        yield Header(None, tuple(tags), lines=lines, offset=first)


def _tag_blocks(text: str) -> Iterator[tuple[int, str, int]]:
    """(start, text, end) of each run of tag lines."""
    at = 0
    first = _FIRST_TAG_BLOCK.match(text)
    if first:
        yield 0, first[0], first.end()
        at = first.end()
    for match in _TAG_BLOCK.finditer(text, at):
        yield match.start(), match[0], match.end()


def _split_games(block: str, start: int, first: int, tags: list) -> list[tuple[int, list]]:
    """A run of tag lines (at offset ``start``) holding a second [Game tag: (offset of the first
    tag line, tags) of each record it holds or goes on, the last unfinished."""
    records, tags = [], list(tags)
    for match in _TAG_ITEM.finditer(block):
        name = match[1]
        if name.lower() == "game" and any(n.lower() == "game" for n, _ in tags):
            records.append((first, tags))
            tags, first = [], start + match.start()
        tags.append((name, unescape(match[2])))
    records.append((first, tags))
    return records
