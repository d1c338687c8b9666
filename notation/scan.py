"""Cheap scanning of ``.gtr`` text: where records start, their tags, their lines.

Nothing here builds statements. ``iter_headers`` reads only the tag lines of
a file, and the reader uses ``records`` and ``logical_lines`` to feed the
grammar one line at a time.

A record starts at its first tag line (a line beginning with ``[`` in the
first column). The next record starts at a tag line
that follows anything but blank lines (a body), or at a second ``[Game`` tag.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from typing import IO, Iterator, Union

# A tag line starts with "[" in the first column; "\n[" is quick to search for.
_TAG_LINE = re.compile(r"\n(\[[^\n]*)")
_FIRST_TAG_LINE = re.compile(r"\[[^\n]*")
_TAG_BLOCK = re.compile(r"\n(\[[^\n]*(?:\n\[[^\n]*)*)")
_TAG_ITEM = re.compile(r'^\[[ \t]*([^\W\d][\w-]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]', re.M)
_GAME = re.compile(r"\[[ \t]*game\b", re.I)
_NONBLANK = re.compile(r"\S")
_ESCAPE = re.compile(r"\\(.)")


def normalize(text: str) -> str:
    """LF line ends, no byte-order mark."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def unescape(value: str) -> str:
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value


@dataclass
class Chunk:
    """One record's text: its tag lines and body lines, with the line each starts on."""

    line: int  # line of the first tag
    tags: list[str]
    body_line: int  # line of the first body line
    body: list[str]


def _tag_lines(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, text) of every line that starts with ``[``."""
    first = _FIRST_TAG_LINE.match(text)
    if first:
        yield 0, first.end(), first[0]
    for match in _TAG_LINE.finditer(text):
        yield match.start(1), match.end(), match[1]


def records(text: str) -> Iterator[Chunk]:
    """Cut normalized text into records. Text before the first tag is a body without tags."""
    line, position = 1, 0
    chunk: Chunk | None = None
    has_game = False
    for start, end, tag_line in _tag_lines(text):
        line += text.count("\n", position, start)
        body = _NONBLANK.search(text, position, start) is not None
        is_game = _GAME.match(tag_line) is not None
        if chunk is None or body or (is_game and has_game):
            if chunk is not None:
                _close(chunk, text[position:start])
                yield chunk
            elif body:
                yield Chunk(1, [], 1, text[:start].split("\n"))
            chunk = Chunk(line, [], line, [])
            has_game = False
        chunk.tags.append(tag_line)
        has_game = has_game or is_game
        chunk.body_line = line + 1
        position = end
    if chunk is None:
        if text.strip():
            yield Chunk(1, [], 1, text.split("\n"))
        return
    _close(chunk, text[position:])
    yield chunk


def _close(chunk: Chunk, body: str) -> None:
    # ``body`` starts with the newline ending the last tag line.
    chunk.body = body[1:].split("\n") if body.startswith("\n") else body.split("\n")


@dataclass(frozen=True)
class Header:
    """The tags of one record as (name, value) pairs, and the line of its first tag."""

    line: int
    tags: tuple[tuple[str, str], ...]

    def get(self, name: str, default: str | None = None) -> str | None:
        key = name.lower()
        return next((value for tag, value in self.tags if tag.lower() == key), default)


def iter_headers(source: Union[str, os.PathLike, IO[str]]) -> Iterator[Header]:
    """Each record's tags, without reading any statement.

    ``source`` is the text itself, a path, or an open text file. Malformed tag
    lines are skipped here; ``parse`` reports them.
    """
    text = "\n" + _read(source)  # every line now starts after a newline
    line, counted, position = 0, 0, 0
    first, tags = 0, []
    # One match per run of tag lines: the work per record stays constant.
    for match in _TAG_BLOCK.finditer(text):
        start = match.start(1)
        line += text.count("\n", counted, start)
        counted = start
        if tags and _NONBLANK.search(text, position, start) is not None:
            yield Header(first, tuple(tags))
            tags = []
        if not tags:
            first = line
        found = [(name, unescape(value)) for name, value in _TAG_ITEM.findall(match[1])]
        if sum(name.lower() == "game" for name, _ in tags + found) > 1:
            *done, last = _split_games(match[1], line, first, tags)
            yield from done
            first, tags = last.line, list(last.tags)  # the last record's tags may go on
        else:
            tags += found
        position = match.end(1)
    if tags:
        yield Header(first, tuple(tags))


def _split_games(block: str, line: int, first: int, tags: list) -> Iterator[Header]:
    """A run of tag lines holding a second [Game tag: one header per Game (the last unfinished)."""
    tags = list(tags)
    for match in _TAG_ITEM.finditer(block):
        name = match[1]
        if name.lower() == "game" and any(n.lower() == "game" for n, _ in tags):
            yield Header(first, tuple(tags))
            tags, first = [], line + block.count("\n", 0, match.start())
        tags.append((name, unescape(match[2])))
    yield Header(first, tuple(tags))


def _read(source: Union[str, os.PathLike, IO[str]]) -> str:
    if isinstance(source, io.TextIOBase) or hasattr(source, "read"):
        return normalize(source.read())  # type: ignore[union-attr]
    if isinstance(source, os.PathLike):
        with open(source, encoding="utf-8-sig") as handle:
            return normalize(handle.read())
    return normalize(source)


# Logical lines: a line, plus the following ones while a `{` comment or a `(`
# variation opened on it is still open.

_OPENERS = re.compile(r"[{(]")
_MARKS = re.compile(r"[{}();]")


def logical_lines(lines: list[str], first: int, join: re.Pattern[str]) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for each non-blank logical line; ``join`` is the `;` joiner."""
    index, count = 0, len(lines)
    while index < count:
        text = lines[index]
        number = first + index
        index += 1
        if not text or text.isspace():
            continue
        if _OPENERS.search(text):
            while index < count and _still_open(text, join):
                text += "\n" + lines[index]
                index += 1
        yield number, text


def _still_open(text: str, join: re.Pattern[str]) -> bool:
    depth = 0
    in_comment = False
    end = len(text)
    position = 0
    while True:
        mark = _MARKS.search(text, position, end)
        if mark is None:
            return in_comment or depth > 0
        char = mark[0]
        position = mark.end()
        if in_comment:
            in_comment = char != "}"
        elif char == "{":
            in_comment = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == ";" and not join.match(text, mark.start()):
            newline = text.find("\n", position)
            if newline < 0:
                return depth > 0
            position = newline
