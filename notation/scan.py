"""Cheap scanning of ``.gtr`` text: where records start, their tags, their lines.

Nothing here builds statements. ``iter_headers`` reads only the tag lines of
a file, and the reader uses ``records`` and ``logical_lines`` to feed the
grammar one line at a time.

A record starts at its first tag line. The next record starts at a tag line
that follows anything but blank lines (a body), or at a second ``[Game`` tag.
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from typing import IO, Iterator, Union

_TAG_LINE = re.compile(r"^[ \t]*\[[^\n]*", re.M)
_TAG = re.compile(r'[ \t]*\[[ \t]*([^\W\d][\w-]*)[ \t]+"((?:[^"\\\n]|\\.)*)"[ \t]*\]')
_GAME = re.compile(r"[ \t]*\[[ \t]*game\b", re.I)
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


def records(text: str) -> Iterator[Chunk]:
    """Cut normalized text into records. Text before the first tag is a body without tags."""
    line, position = 1, 0
    chunk: Chunk | None = None
    has_game = False
    for match in _TAG_LINE.finditer(text):
        start = match.start()
        line += text.count("\n", position, start)
        body = _NONBLANK.search(text, position, start) is not None
        is_game = _GAME.match(match[0]) is not None
        if chunk is None or body or (is_game and has_game):
            if chunk is not None:
                _close(chunk, text[position:start])
                yield chunk
            elif body:
                yield Chunk(1, [], 1, text[:start].split("\n"))
            chunk = Chunk(line, [], line, [])
            has_game = False
        chunk.tags.append(match[0])
        has_game = has_game or is_game
        chunk.body_line = line + 1
        position = match.end()
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
    text = _read(source)
    line = 1
    position = 0
    tags: list[tuple[str, str]] = []
    first = 0
    has_game = False
    for match in _TAG_LINE.finditer(text):
        start = match.start()
        line += text.count("\n", position, start)
        is_game = _GAME.match(match[0]) is not None
        body = _NONBLANK.search(text, position, start) is not None
        if tags and (body or (is_game and has_game)):
            yield Header(first, tuple(tags))
            tags = []
            has_game = False
        if not tags:
            first = line
        tag = _TAG.match(match[0])
        if tag:
            tags.append((tag[1], unescape(tag[2])))
        has_game = has_game or is_game
        position = match.end()
    if tags:
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
