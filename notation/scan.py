"""Cheap scanning of ``.gtr`` text: where records start, their tags, their lines.

Nothing here builds statements. The reader uses ``records`` and
``logical_lines`` to feed the grammar one line at a time; ``file_pieces`` cuts a
file into records a block at a time (``headers.iter_headers`` reads only their
tag lines).

A record starts at its first tag line (a line beginning with ``[`` in the
first column). The next record starts at a tag line that follows a body line
(anything but blank lines and comment lines), or at a second ``[Game`` tag.
A comment line between two tags belongs to the record (it is kept with the
standalone comments after the tags).

Everything here runs in time linear in the text, and refuses early what the
reader would choke on (``LIMITS``): a line longer than ``MAX_LINE``
characters, variations nested deeper than ``MAX_DEPTH``.
"""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field
from typing import Callable, Final, Iterator, Union

from .errors import NotationError

MAX_LINE: Final = 10_000
"""Characters in one line of a record; a longer line is refused where it starts."""
MAX_DEPTH: Final = 50
"""Variations nested inside each other; a deeper one is refused at its ``(``."""
MAX_DIGITS: Final = 9
"""Digits in a number (turn, deck, Jacks, sites, ``$N``); the reader refuses longer ones."""
LIMITS: Final = {"line": MAX_LINE, "depth": MAX_DEPTH, "digits": MAX_DIGITS}

# A tag line starts with "[" in the first column. Searching for the "[" and then looking
# behind it for the line end is twice as quick as searching for "\n[" (line ends are many).
_TAG_LINE: Final = re.compile(r"\[(?<=\n\[)[^\n]*")
_FIRST_TAG_LINE: Final = re.compile(r"\[[^\n]*")
_GAME: Final = re.compile(r"\[[ \t]*game\b", re.I)
_NONBLANK: Final = re.compile(r"\S")
# A line that is neither blank nor only comments (`; ...`, `{...}` closed on the line).
BODY_LINE: Final = re.compile(r"^(?![ \t]*(?:;|(?:\{[^}\n]*\}[ \t]*)+(?:;[^\n]*)?$))[ \t]*\S", re.M)
_ESCAPE: Final = re.compile(r"\\(.)")


BOM: Final = "\ufeff"
"""The byte-order mark: one at the start of a file is dropped; a second is refused where it stands."""


def strip_bom(text: str) -> str:
    """``text`` without its byte-order mark. Two at the start are both kept, so that reading
    the text again (a record cut out of a file is read on its own) never drops the second:
    the reader refuses it, at line 1, column 1, whoever reads the file."""
    if text.startswith(BOM) and not text.startswith(BOM, 1):
        return text[1:]
    return text


def normalize(text: str) -> str:
    """LF line ends, no byte-order mark (``strip_bom``: a second one is kept, to be refused)."""
    text = strip_bom(text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def unescape(value: str) -> str:
    return _ESCAPE.sub(r"\1", value) if "\\" in value else value


@dataclass
class Chunk:
    """One record's text: its tag lines and body lines, with the line each starts on.

    ``tags`` holds ``(line, text)`` for each tag line; ``notes`` the comment lines
    found between them, and, for a file's first record, the comment lines before its first
    tag (a file may open with a comment: it belongs to the record that follows).
    """

    line: int  # line of the first tag
    tags: list[tuple[int, str]]
    body_line: int  # line of the first body line
    body: list[str]
    notes: list[tuple[int, str]] = field(default_factory=list)
    offset: int = 0  # where the record starts in the text (its first tag line, or the comments before it)
    start_line: int = 0  # the line ``offset`` is on (0: ``line``)


def _tag_lines(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, text) of every line that starts with ``[``."""
    first = _FIRST_TAG_LINE.match(text)
    if first:
        yield 0, first.end(), first[0]
    for match in _TAG_LINE.finditer(text):
        yield match.start(), match.end(), match[0]


def records(text: str, first_line: int = 1) -> Iterator[Chunk]:
    """Cut normalized text into records. Text before the first tag is a body without tags.

    ``first_line`` is the line number of the text's first line (a piece of a file).
    """
    line, position = first_line, 0
    chunk: Chunk | None = None
    has_game = False
    for start, end, tag_line in _tag_lines(text):
        gap = line
        line += text.count("\n", position, start)
        body = BODY_LINE.search(text, position, start) is not None
        is_game = _GAME.match(tag_line) is not None
        if chunk is None or body or (is_game and has_game):
            if chunk is not None:
                _close(chunk, text[position:start])
                yield chunk
            elif body:
                yield Chunk(first_line, [], first_line, text[:start].split("\n"))
            chunk = Chunk(line, [], line, [], offset=start)
            if position == 0 and not body and _NONBLANK.search(text, 0, start):  # comments open the text
                chunk.notes = [(first_line + i, note) for i, note in enumerate(text[:start].split("\n"))
                               if note.strip()]
                chunk.offset, chunk.start_line = 0, first_line
            has_game = False
        elif _NONBLANK.search(text, position, start):  # comment lines between two tags
            between = text[position:start].split("\n")
            chunk.notes += [(gap + i, note) for i, note in enumerate(between) if note.strip()]
        chunk.tags.append((line, tag_line))
        has_game = has_game or is_game
        chunk.body_line = line + 1
        position = end
    if chunk is None:
        if text.strip():
            yield Chunk(first_line, [], first_line, text.split("\n"))
        return
    _close(chunk, text[position:])
    yield chunk


def pieces(text: str, first_line: int = 1) -> Iterator[tuple[int, str]]:
    """(first line, text) of each record of normalized ``text``, one at a time: what
    ``records`` would read, cut out so that each record can be read on its own."""
    for line, start, end in _spans(text, first_line):
        yield line, text[start:end]


def _spans(text: str, first_line: int) -> Iterator[tuple[int, int, int]]:
    chunks = records(text, first_line)
    chunk = next(chunks, None)
    while chunk is not None:
        after = next(chunks, None)
        yield chunk.start_line or chunk.line, chunk.offset, after.offset - 1 if after is not None else len(text)
        chunk = after


BLOCK: Final = 1 << 20
"""Characters read from a file at a time by ``file_pieces``."""


def file_pieces(path: Union[str, os.PathLike], block: int = BLOCK) -> Iterator[tuple[int, str]]:
    """``pieces`` of a file, read a block at a time: memory stays flat whatever the file's
    size (a record is held whole, a file never). Raises ``OSError`` or ``UnicodeDecodeError``
    where reading fails, after the records before it."""
    with open(path, encoding="utf-8", newline=None) as handle:  # newlines normalized as read
        carry, line, first_block = "", 1, True
        while True:
            if first_block:  # as ``normalize``: a second mark is left for the reader to refuse
                data, first_block = strip_bom(handle.read(max(block, 2))), False
            else:
                data = handle.read(block)
            if not data:
                if carry:
                    yield from pieces(carry, line)
                return
            text = carry + data
            cut = text.rfind("\n") + 1  # whole lines only: a record start is decided by its line
            if cut == 0:
                carry = text
                continue
            spans = list(_spans(text[:cut], line))
            if not spans:  # nothing but blank lines so far
                carry = text
                continue
            for first, start, end in spans[:-1]:  # the last record may go on in the next block
                yield first, text[start:end]
            line, start, _ = spans[-1]
            carry = text[start:]


def check_decodes(path: Union[str, os.PathLike], block: int = BLOCK) -> None:
    """Raise ``UnicodeDecodeError`` (or ``OSError``) now if the file is not readable UTF-8,
    without holding it: a file that cannot be read is refused before any of it is used."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines, offset = 1, 0
    with open(path, "rb") as handle:
        while True:
            data = handle.read(block)
            try:
                decoder.decode(data, final=not data)
            except UnicodeDecodeError as error:  # say where in the file, not in the block
                at = max(error.start, 0)
                error.line = lines + data[:at].count(b"\n")  # type: ignore[attr-defined]
                error.offset = offset + at  # type: ignore[attr-defined]
                raise
            if not data:
                return
            lines += data.count(b"\n")
            offset += len(data)


def _close(chunk: Chunk, body: str) -> None:
    # ``body`` starts with the newline ending the last tag line.
    chunk.body = body[1:].split("\n") if body.startswith("\n") else body.split("\n")


# Logical lines: a line, plus the following ones while a `{` comment or a `(`
# variation opened on it is still open. One pass over the marks of each line keeps
# the state (in a comment, how deep), so a comment or variation that stays open to
# the end of the record costs no more than reading it once.

_OPENERS: Final = re.compile(r"[{(]")
_MARKS: Final = re.compile(r"[{}();]")


class _Marks:
    """The brackets seen so far in one logical line: an open comment, open variations."""

    __slots__ = ("join", "in_comment", "opened", "comment_at")

    def __init__(self, join: re.Pattern[str] | None):
        self.join = join  # None: a `;` always starts a comment
        self.in_comment = False
        self.opened: list[int] = []  # column of each open `(`
        self.comment_at = (0, 0)  # line and column of the open comment's `{`

    @property
    def open(self) -> bool:
        return self.in_comment or bool(self.opened)

    def feed(self, text: str, number: int) -> None:
        """Read the marks of one physical line (line ``number``)."""
        position = 0
        search = _MARKS.search
        while (mark := search(text, position)) is not None:
            char = mark[0]
            position = mark.end()
            if self.in_comment:
                if char == "{":  # comments do not nest: the one open lacks its `}`
                    line, column = self.comment_at
                    raise NotationError(f"the comment opened at line {line}, column {column} is not closed before "
                                        f"another '{{' at line {number}, column {position}", line=line, column=column,
                                        expected="'}' to close the comment",
                                        hint="close the comment where it ends: a comment holds no '{'")
                self.in_comment = char != "}"
            elif char == "{":
                self.in_comment = True
                self.comment_at = (number, position)
            elif char == "(":
                self.opened.append(position)
                if len(self.opened) > MAX_DEPTH:
                    raise NotationError(
                        f"variations nested more than {MAX_DEPTH} deep", line=number, column=position,
                        expected=f"at most {MAX_DEPTH} variations inside each other",
                        hint="close some variations, or split the line of play into separate records")
            elif char == ")":
                if self.opened:
                    self.opened.pop()
            elif char == ";" and (self.join is None or not self.join.match(text, mark.start())):
                return  # a comment to the end of the line


def check_length(text: str, number: int) -> None:
    if len(text) > MAX_LINE:
        raise NotationError(
            f"line of {len(text):,} characters: a line holds at most {MAX_LINE:,}", line=number,
            column=MAX_LINE + 1, expected="a shorter line",
            hint="break long comments and variations over several lines")


def logical_lines(lines: list[str], first: int, join: re.Pattern[str]) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` for each non-blank logical line; ``join`` is the `;` joiner."""
    index, count = 0, len(lines)
    while index < count:
        text = lines[index]
        check_length(text, first + index)
        if not text or text.isspace():
            index += 1
            continue
        number = first + index
        text, index = logical_line(lines, index, first, join)
        yield number, text


def logical_line(lines: list[str], index: int, first: int, join: re.Pattern[str]) -> tuple[str, int]:
    """The logical line starting at ``lines[index]`` (not blank; its length already
    checked), and the index of the line after it.

    A ``;`` joins statements (``join``) only on a line of statements: on a turn header or a
    block line (``leader: Ann ; Cid leads {``) it starts a comment to the end of the line, as
    the reader reads it, so a bracket in that comment opens nothing. A comment or variation
    still open at the end of the record takes in no blank line after it: the last line reads
    the same with or without its line end."""
    text = lines[index]
    number = first + index
    index += 1
    if _OPENERS.search(text):
        marks = _Marks(None if _NO_JOIN.match(text) else join)
        marks.feed(text, number)
        if marks.open:
            parts = [text]
            count = len(lines)
            while index < count and marks.open:
                more = lines[index]
                check_length(more, first + index)
                marks.feed(more, first + index)
                parts.append(more)
                index += 1
            while marks.open and len(parts) > 1 and (not parts[-1] or parts[-1].isspace()):
                parts.pop()  # blank lines at the end of the record: not part of what stays open
            text = "\n".join(parts)
    return text, index


def _line_starts() -> re.Pattern[str]:
    """The start of a line that holds no statement (``turn``, ``setup``, ``leader:``...): the
    keywords the reader reads such a line by (``lines.LINE_STARTS``)."""
    from .lines import _LINE_STARTS  # the reader's own table (it reads this module)
    from .terminals import KEYWORDS

    words = "|".join(f"(?:{KEYWORDS[name].pattern})" for name in _LINE_STARTS)
    return re.compile(f"[ \t]*(?:{words})(?![\\w-])", re.I)


class _LazyPattern:
    """A pattern made when first used (the reader's tables are read after this module)."""

    def __init__(self, make: Callable[[], re.Pattern[str]]) -> None:
        self._make = make
        self._pattern: re.Pattern[str] | None = None

    def match(self, text: str) -> re.Match[str] | None:
        pattern = self._pattern
        if pattern is None:
            pattern = self._pattern = self._make()
        return pattern.match(text)


_NO_JOIN: Final = _LazyPattern(_line_starts)
