"""Typed records: what a parsed ``.gtr`` record holds.

Every value is a frozen dataclass. Source positions (``span``) are kept for
error messages but take no part in equality, so a record written out and read
back compares equal to the original, wherever its lines ended up. The
``repr`` leaves spans out and evaluates back to an equal value.

Statements (one decision each) live in ``notation.statements``; the setup and
position block lines in ``notation.blocks``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple, Union

if TYPE_CHECKING:
    from .blocks import Position, Setup
    from .statements import Statement


class Span(NamedTuple):
    """Where something starts in the source: 1-based line and column."""

    line: int
    column: int

    def moved(self, lines: int) -> "Span":
        return Span(self.line + lines, self.column)


NOWHERE = Span(0, 0)


def made(cls: type, fields: dict) -> Any:
    """An instance of the frozen dataclass ``cls`` from ``fields``, every field given, made
    without its generated ``__init__`` (a third of the time: the reader makes one for
    nearly every line it reads)."""
    value = object.__new__(cls)
    object.__setattr__(value, "__dict__", fields)
    return value


def _span() -> Span:
    return field(default=NOWHERE, compare=False, repr=False, kw_only=True)


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
    span: Span = _span()

    @property
    def commands(self) -> tuple[Command, ...]:
        """Embedded commands, e.g. ``[%ruling NAME]``, ``[%source disputed]``, in order."""
        return tuple(Command(m[1], m[2].strip()) for m in _COMMAND.finditer(self.text))

    @property
    def remark(self) -> str:
        """The text with the embedded commands taken out."""
        return " ".join(_COMMAND.sub(" ", self.text).split())

    def moved(self, lines: int) -> "Comment":
        return Comment(self.text, self.kind, span=self.span.moved(lines))


@dataclass(frozen=True)
class Tag:
    """A header tag ``[Name "value"]`` with an optional trailing ``;`` comment."""

    name: str
    value: str
    comment: Comment | None = None
    span: Span = _span()

    def moved(self, lines: int) -> "Tag":
        comment = self.comment.moved(lines) if self.comment else None
        return Tag(self.name, self.value, comment, span=self.span.moved(lines))


@dataclass(frozen=True)
class Variation:
    """An alternative line replacing the statement it follows: steps and comments."""

    items: tuple[Union["Step", Comment], ...]
    span: Span = _span()

    @property
    def steps(self) -> tuple["Step", ...]:
        return tuple(i for i in self.items if isinstance(i, Step))

    def moved(self, lines: int) -> "Variation":
        return Variation(tuple(i.moved(lines) for i in self.items), span=self.span.moved(lines))


@dataclass(frozen=True, slots=True)
class Step:
    """One statement as recorded: its glyphs (``!?``, ``$3``), then comments and variations in order.

    Slotted: a record holds one step per statement, and a step without a ``__dict__`` is a
    third smaller and quicker to free."""

    statement: "Statement"
    glyphs: tuple[str, ...] = ()
    notes: tuple[Comment | Variation, ...] = ()
    span: Span = _span()

    @property
    def comments(self) -> tuple[Comment, ...]:
        return tuple(n for n in self.notes if isinstance(n, Comment))

    @property
    def variations(self) -> tuple[Variation, ...]:
        return tuple(n for n in self.notes if isinstance(n, Variation))

    def moved(self, lines: int) -> "Step":
        notes = tuple(n.moved(lines) for n in self.notes) if self.notes else ()
        return Step(self.statement, self.glyphs, notes, span=self.span.moved(lines))


class _PlacedStep:
    """A ``Step`` as the reader makes it: the same slots, set without the frozen ``__setattr__``
    and then made a ``Step`` (a quarter of the time of ``Step.__init__``, two thirds of that of
    setting the slots through their descriptors)."""

    __slots__ = Step.__slots__

    def __init__(self, statement: Any, span: Span) -> None:
        self.statement = statement
        self.glyphs = ()
        self.notes = ()
        self.span = span
        self.__class__ = Step  # type: ignore[assignment]


placed_step = _PlacedStep
"""``placed_step(statement, span)``: a ``Step`` without glyphs or notes."""


@dataclass(frozen=True)
class Turn:
    """``turn N Leader`` and what was recorded in it: steps and standalone comments."""

    number: int
    leader: str
    items: tuple[Step | Comment, ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        """The steps among the items, in order (worked out once: a turn never changes)."""
        return tuple(i for i in self.items if isinstance(i, Step))


def _turn_span(turn: Turn) -> Span:
    """Where the turn starts, made the first time it is asked for: the reader keeps only the
    line number of a turn header at the first column (a replay asks a turn for its span only
    to report a mistake; a step's, which a replay asks for at every statement, is made as the
    step is)."""
    fields = turn.__dict__
    at = fields["span"]
    if at.__class__ is int:
        at = fields["span"] = Span(at, 1)  # the same value from now on, made once
    return at


def _put_turn_span(turn: Turn, span: Span) -> None:
    turn.__dict__["span"] = span


Turn.span = property(_turn_span, _put_turn_span, doc=_turn_span.__doc__)  # type: ignore[assignment]


@dataclass(frozen=True)
class Record:
    """One game (or position) record: tags, an optional setup or position block, turns.

    ``comments`` are the standalone comments between the tags and the block.
    """

    tags: tuple[Tag, ...]
    start: Union["Setup", "Position", None] = None
    turns: tuple[Turn, ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()

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
        return tuple(chain.from_iterable(map(_STEPS, self.turns)))


_STEPS = attrgetter("steps")


def split_players(value: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in value.split(",") if name.strip())
