"""Errors of the notation: one class, located, readable without a traceback.

``str(error)`` reads::

    game.gtr:12:7: unknown card 'Vomitorum'
      Ann lays Vomitorum
               ^^^^^^^^^
    expected a card name
    did you mean 'Vomitorium'?
"""

from __future__ import annotations

import unicodedata

EXCERPT = 100
"""Characters of the source line an error shows at most: the part around the column, so
that a line of any length gives a report a terminal can show."""
MESSAGE = 240
"""Characters of a message at most (one quoting a very long word is cut)."""


def excerpt(text: str, column: int, width: int) -> tuple[str, int, int]:
    """The part of ``text`` an error shows: ``text`` itself when short, else about
    ``EXCERPT`` characters around ``column``, with ``…`` where it was cut. Returns the
    excerpt and the column and width of the caret line in it."""
    if len(text) <= EXCERPT:
        return text, column, width
    start = max(0, min(column - 1 - EXCERPT // 3, len(text) - EXCERPT))
    end = start + EXCERPT
    shown = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
    caret = column - start + (1 if start else 0)
    return shown, caret, max(1, min(width, end - column + 1))


def cells(text: str) -> int:
    """The terminal columns ``text`` takes: two for a wide character (East Asian wide or full
    width, as most emoji are), none for a combining mark, one for any other; a caret under a
    line that holds wide characters is placed by them, not by characters."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def shortened(message: str) -> str:
    """``message``, cut after ``MESSAGE`` characters with a note of how much was left out."""
    if len(message) <= MESSAGE:
        return message
    return f"{message[:MESSAGE]}… ({len(message) - MESSAGE:,} more characters)"


class NotationError(Exception):
    """A record that cannot be read: where, what, what was expected, and a hint.

    ``line`` and ``column`` are 1-based; ``width`` is how many characters the
    caret line underlines; ``text`` is the source line (filled in by the reader).
    """

    def __init__(
        self,
        message: str,
        *,
        line: int = 0,
        column: int = 0,
        width: int = 1,
        expected: str | None = None,
        hint: str | None = None,
        source: str | None = None,
        text: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.width = max(1, width)
        self.expected = expected
        self.hint = hint
        self.source = source
        self.text = text

    def moved(self, lines: int) -> "NotationError":
        """The same error ``lines`` further down (errors found in a piece of a file)."""
        self.line += lines
        return self

    def locate(self, source: str | None, lines: list[str] | None, first_line: int = 1) -> "NotationError":
        """Name the file and fetch the source line, once the error reaches the reader
        (``lines`` start at line ``first_line``)."""
        if self.source is None:
            self.source = source
        index = self.line - first_line
        if self.text is None and lines is not None and 0 <= index < len(lines):
            self.text = lines[index]
        return self

    @property
    def where(self) -> str:
        return f"{self.source or '<text>'}:{self.line}:{self.column}"

    def __str__(self) -> str:
        parts = [f"{self.where}: {shortened(self.message)}"]
        if self.text is not None:
            text = self.text.rstrip("\n").expandtabs(1)
            width = min(self.width, max(1, len(text) - self.column + 1))
            text, column, width = excerpt(text, self.column, width)
            parts.append("  " + text)
            marked = cells(text[column - 1:column - 1 + width])
            parts.append("  " + " " * cells(text[:column - 1]) + "^" * max(1, marked))
        if self.expected:
            parts.append(f"expected {shortened(self.expected)}")
        if self.hint:
            parts.append(shortened(self.hint))
        return "\n".join(parts)

    def __repr__(self) -> str:
        return f"NotationError({self.message!r}, line={self.line}, column={self.column})"

    def __reduce__(self):
        return (_rebuild, (self.message, self.__dict__))


def _rebuild(message: str, state: dict) -> NotationError:
    error = NotationError(message)
    error.__dict__.update(state)
    return error
