"""Typed records: what a parsed ``.gtr`` record holds.

Every value is a dataclass, never changed once made: frozen, but for the two a
record holds many of (``Step``, one per statement; ``Turn``), which are plain
slotted dataclasses, quicker to make, equal and hashed by what they hold. Source
positions (``span``) are kept for error messages but take no part in equality,
so a record written out and read back compares equal to the original, wherever
its lines ended up. The ``repr`` leaves positions out and evaluates back to an
equal value.

Statements (one decision each) live in ``notation.statements``; the setup and
position block lines in ``notation.blocks``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple, Union

if TYPE_CHECKING:
    from .blocks import Position, Setup
    from .statements import Statement


class Span(NamedTuple):
    """Where something starts in the source: 1-based line and column."""

    line: int
    column: int


NOWHERE = Span(0, 0)


_COMMAND = re.compile(r"\[%(\w[\w-]*)\s*([^\]]*)\]")


class Command(NamedTuple):
    """An embedded command in a comment: ``{[%clock 0:12:03]}`` is ``Command('clock', '0:12:03')``."""

    name: str
    value: str


BRACE = "brace"
LINE = "line"


@dataclass(frozen=True)
class Comment:
    """A comment: ``{text}`` (kind ``brace``) or ``; text`` to the end of the line (kind ``line``)."""

    text: str
    kind: str = BRACE
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)

    @property
    def commands(self) -> tuple[Command, ...]:
        """Embedded commands, e.g. ``[%ruling NAME]``, ``[%source disputed]``, in order."""
        return tuple(Command(m[1], m[2].strip()) for m in _COMMAND.finditer(self.text))

    @property
    def remark(self) -> str:
        """The text with the embedded commands taken out."""
        return " ".join(_COMMAND.sub(" ", self.text).split())


@dataclass(frozen=True)
class Tag:
    """A header tag ``[Name "value"]`` with an optional trailing ``;`` comment."""

    name: str
    value: str
    comment: Comment | None = None
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Variation:
    """An alternative line replacing the statement it follows: steps and comments."""

    items: tuple[Union["Step", Comment], ...]
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)

    @property
    def steps(self) -> tuple["Step", ...]:
        return tuple(i for i in self.items if isinstance(i, Step))


@dataclass(slots=True, unsafe_hash=True)
class Step:
    """One statement as recorded: its glyphs (``!?``, ``$3``), then comments and variations in order.

    A record holds one step per statement, so a step is small and quick to make: slotted, its
    place kept as two numbers, ``line`` and ``column`` (``span`` makes the ``Span`` when asked),
    and a plain dataclass rather than a frozen one (as python-chess's ``Move``): a value, equal
    and hashed by what it holds, never changed once made (``dataclasses.replace`` makes another)."""

    statement: "Statement"
    glyphs: tuple[str, ...] = ()
    notes: tuple[Comment | Variation, ...] = ()
    line: int = field(default=0, compare=False, repr=False)
    column: int = field(default=0, compare=False, repr=False)

    @property
    def span(self) -> Span:
        """Where the statement starts (``NOWHERE`` for a step not read from a text)."""
        return Span(self.line, self.column)

    @property
    def comments(self) -> tuple[Comment, ...]:
        return tuple(n for n in self.notes if isinstance(n, Comment))

    @property
    def variations(self) -> tuple[Variation, ...]:
        return tuple(n for n in self.notes if isinstance(n, Variation))


@dataclass(slots=True, unsafe_hash=True)
class Turn:
    """``turn N Leader`` and what was recorded in it: steps and standalone comments.

    Made as a step is (a plain slotted dataclass, a value never changed once made), its place
    kept as ``line`` and ``column`` (``span`` makes the ``Span``)."""

    number: int
    leader: str
    items: tuple[Step | Comment, ...] = ()
    comments: tuple[Comment, ...] = ()
    line: int = field(default=0, compare=False, repr=False)
    column: int = field(default=0, compare=False, repr=False)
    written: bool = field(default=True, compare=False, repr=False)
    """Whether the record wrote the turn's header; a turn whose header it left out was placed by
    the statements alone (``assemble``), its number and leader a reading the game may correct."""

    @property
    def span(self) -> Span:
        """Where the turn starts: its header, or its first statement when none was written."""
        return Span(self.line, self.column)

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps among the items, in order."""
        return tuple([i for i in self.items if isinstance(i, Step)])


@dataclass(frozen=True)
class Record:
    """One game (or position) record: tags, an optional setup or position block, turns.

    ``comments`` are the standalone comments between the tags and the block.
    """

    tags: tuple[Tag, ...]
    start: Union["Setup", "Position", None] = None
    turns: tuple[Turn, ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called ``name`` (any case)."""
        key = name.lower()
        for tag in self.tags:
            if tag.name.lower() == key:
                return tag.value
        return default

    @property
    def players(self) -> tuple[str, ...]:
        """The seating order from the Players tag (empty without one)."""
        return split_players(self.tag("Players") or "")

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """Every step of the main line, in order (worked out once: a record never changes)."""
        return tuple([item for turn in self.turns for item in turn.items if type(item) is Step])


def split_players(value: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in value.split(",") if name.strip())
