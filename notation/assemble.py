"""From a record's lines to a ``Record``: the block, the turns, the headers.

Turn headers are optional on input. Where one is missing, a turn starts:

- at every ``leads``;
- at a ``thinks`` that answers no lead (it is the leader's whole turn), when
  it is made by the player who leads next (seating from the Players tag).
  A ``thinks`` right before the header of the next turn stays in its turn
  (an end-of-turn think, e.g. the Academy's), and so does one followed by an
  action or a response before the next ``leads`` (a turn that is a think holds
  only thinks and discards: this one was a power's, e.g. the School's), and so
  do the ``thinks`` that end a record after a turn with a written header (the
  next turn's header would have been written too).

The number is one more than the turn before (the first turn is 1, or the
position's ``turn:``) and the leader is the player of its first statement.
Written headers are checked against the same facts.
"""

from __future__ import annotations

from typing import Any, Callable

from . import blocks
from .errors import NotationError
from .lines import _BlockHeader, _CommentLine, _StepLine, _TurnHeader, _VariationLine
from .records import NOWHERE, Comment, Record, Span, Step, Tag, Turn
from .statements import ACTION, LEADING, PRELUDE, RESPONSE, THINKING

_SETUP_LINES = (blocks.PoolDraw, blocks.Hand, blocks.Leader)
_POSITION_LINES = (
    blocks.TurnNumber, blocks.Leader, blocks.Deck, blocks.Jacks, blocks.Pool, blocks.Sites,
    blocks.Hand, blocks.Cards, blocks.Influence, blocks.Building,
)


class _TurnDraft:
    """A turn while its lines are read: it may still go on."""

    __slots__ = ("number", "leader", "line", "column", "comments", "written", "items", "steps", "answers",
                 "only_answers")

    def __init__(self, number: int, leader: str, line: int, column: int, comments: tuple = (),
                 written: bool = False):
        self.number, self.leader, self.line, self.column = number, leader, line, column
        self.comments = comments
        self.written = written
        self.items: list[Step | Comment] = []
        self.steps: list[Step] = []
        self.answers = 0  # statements answering the lead so far, while nothing else came
        self.only_answers = True

    def add(self, step: Step) -> None:
        self.items.append(step)
        self.count(step)

    def count(self, step: Step) -> None:
        """Keep a step (already among the items) and the answers so far."""
        if self.steps:  # kept as it goes: a turn of many statements costs no more per statement
            part = step.statement.part
            if part == RESPONSE or part == THINKING:
                self.answers += 1
            elif part != PRELUDE:  # a discard goes with its think
                self.only_answers = False
        self.steps.append(step)

    def answering(self, seats: int) -> bool:
        """Whether the players are still answering the lead (following or thinking)."""
        steps = self.steps
        return bool(steps) and answering(steps[0].statement.part == LEADING, self.only_answers, self.answers, seats)

    def turn(self) -> Turn:
        return Turn(self.number, self.leader, tuple(self.items), self.comments, line=self.line, column=self.column)


def answering(leads: bool, only_answers: bool, answers: int, seats: int) -> bool:
    """Whether a turn's players are still answering its lead (following or thinking): it
    opened with a lead (``leads``), only answers came after it, and fewer than every other
    player (of ``seats``; 0: not known) have answered."""
    return leads and only_answers and (not seats or answers < seats - 1)


class Assembler:
    """Collects the lines of one record in order and builds the ``Record``."""

    def __init__(self, tags: tuple[Tag, ...], players: tuple[str, ...]):
        self.tags = tags
        self.players = players
        self.start_tag = next((t.value for t in tags if t.name == "Start"), None)
        self.comments: list[Comment] = []
        self.block: Any = None  # (header, lines)
        self.turns: list[_TurnDraft] = []
        self._items: list = []
        self._index = 0

    def build(self, items: list, span: Span = NOWHERE) -> Record:
        """``items``: the lines in order, a line holding one plain statement as its ``Step``;
        ``span``: where the record starts."""
        self._items = items
        place, other = _PLACE, Assembler._block_line
        turns = self.turns
        seats = len(self.players)
        turn = None  # the turn steps go into while they neither open a turn nor are its first
        for index, item in enumerate(items):
            if type(item) is Step:
                part = item.statement.part
                if turn is None:
                    opened = turns[-1] if turns else None
                    if (part == LEADING and opened is not None and opened.written and not opened.steps
                            and item.statement.actor == opened.leader):  # the lead its header announced
                        opened.items.append(item)
                        opened.steps.append(item)
                        turn = opened
                        continue
                # a response, an action, or a think answering the lead: into the turn as it goes
                elif part == ACTION:
                    turn.items.append(item)
                    turn.steps.append(item)
                    turn.only_answers = False
                    continue
                elif part == RESPONSE or (part == THINKING and turn.answering(seats)):
                    turn.items.append(item)
                    turn.steps.append(item)
                    turn.answers += 1
                    continue
            elif type(item) is _TurnHeader and turns and item.number == turns[-1].number + 1:
                # the header of the next turn, as expected: a new turn
                turns.append(_TurnDraft(item.number, item.leader, item.line, item.column, item.comments, True))
                turn = None
                continue
            self._index = index
            place.get(type(item), other)(self, item)
            turn = turns[-1] if turns and turns[-1].steps else None
        turns_made = tuple([draft.turn() for draft in turns])
        return Record(self.tags, self._start(), turns_made, tuple(self.comments), span=span)

    def _start(self) -> blocks.Setup | blocks.Position | None:
        if self.block is None:
            return None
        header, lines = self.block
        kind = blocks.Setup if header.word == "setup" else blocks.Position
        return kind(tuple(lines), header.comments, span=header.span)

    # One method per kind of line

    def _comment_line(self, line: _CommentLine) -> None:
        self._comments(line.comments)

    def _comments(self, comments: tuple[Comment, ...]) -> None:
        if self.turns:
            self.turns[-1].items.extend(comments)
        elif self.block is not None:
            self.block[1].extend(comments)
        else:
            self.comments.extend(comments)

    def _block_header(self, header: _BlockHeader) -> None:
        if self.block is not None or self.turns:
            raise _error(header.span, len(header.word), f"a second block: '{header.word}' comes "
                         "once, before the first turn", expected="a statement or a turn header")
        wants_position = self.start_tag == "position"
        if (header.word == "position") != wants_position:
            hint = ('add the tag [Start "position"]' if header.word == "position"
                    else 'the tag [Start "position"] asks for a position block')
            raise _error(header.span, len(header.word), f"a {header.word} block in a record "
                         f"that starts from {'a position' if wants_position else 'the setup'}", hint=hint)
        self.block = (header, [])

    def _block_line(self, line: Any) -> None:
        if self.block is None or self.turns:
            raise _error(line.span, len(line.text().split()[0]), "this line belongs in the setup or "
                         "position block, before the first turn", expected="a statement or a turn header")
        allowed = _SETUP_LINES if self.block[0].word == "setup" else _POSITION_LINES
        if not isinstance(line, allowed):
            raise _error(line.span, len(line.text().split(":")[0]), f"no such line in a "
                         f"{self.block[0].word} block", expected=f"a line of the {self.block[0].word} block")
        self.block[1].append(line)

    def _turn_header(self, header: _TurnHeader) -> None:
        expected = self._next_number()
        last = self.turns[-1] if self.turns else None
        if (header.number == expected - 1 and last is not None and not last.written and len(self.turns) > 1
                and header.leader == last.leader):
            # the think that seemed to open this turn was a power's, in the turn before (School, Academy)
            self._back_into_turn_before()
            expected = self._next_number()
        if header.number != expected:
            column = header.column + len("turn ")
            raise _error(Span(header.line, column), len(str(header.number)),
                         f"turn {header.number} out of order", expected=f"turn {expected}")
        self.turns.append(_TurnDraft(header.number, header.leader, header.line, header.column, header.comments, True))

    def _back_into_turn_before(self) -> None:
        """The last turn, opened by a think, was the turn before's: its steps go back there."""
        last = self.turns.pop()
        self.turns[-1].items.extend(last.items)
        for step in last.steps:
            self.turns[-1].count(step)

    def _step_line(self, line: _StepLine) -> None:
        self._comments(line.comments)
        last = len(line.steps) - 1
        for index, step in enumerate(line.steps):
            self._step(step, index == last)

    def _plain_step(self, step: Step) -> None:
        self._step(step, True)

    def _variation_line(self, line: _VariationLine) -> None:
        turn = self.turns[-1] if self.turns else None
        if turn is None or not turn.steps:
            raise _error(line.span, 1, "a variation must follow the statement it replaces")
        old = turn.steps[-1]
        new = Step(old.statement, old.glyphs, old.notes + line.notes, line=old.line, column=old.column)
        turn.steps[-1] = new
        turn.items[_last_index(turn.items, old)] = new

    # Turns

    def _next_number(self) -> int:
        if self.turns:
            return self.turns[-1].number + 1
        if self.block is not None:
            header, lines = self.block
            numbers = [line.number for line in lines if isinstance(line, blocks.TurnNumber)]
            if numbers:
                return numbers[0]
        return 1

    def _step(self, step: Step, ends_line: bool) -> None:
        """Place one step; ``ends_line``: the last statement of its line."""
        statement = step.statement
        turn = self.turns[-1] if self.turns else None
        if turn is None or self._opens_turn(turn, statement, ends_line):
            turn = _TurnDraft(self._next_number(), statement.actor, step.line, step.column)
            self.turns.append(turn)
        elif turn.written and not turn.steps and statement.part in (LEADING, THINKING):
            if statement.actor != turn.leader:
                raise _error(step.span, len(statement.actor), f"turn {turn.number} is "
                             f"{turn.leader}'s to lead, not {statement.actor}'s",
                             expected=f"a statement by {turn.leader}",
                             hint="fix the turn header or the statement")
        turn.add(step)

    def _opens_turn(self, turn: _TurnDraft, statement: Any, ends_line: bool) -> bool:
        if not turn.steps:
            return False
        part = statement.part
        if part == LEADING:
            return True
        if part not in (THINKING, PRELUDE) or turn.answering(len(self.players)):
            return False
        before = turn.steps[-1].statement
        if before.actor == statement.actor and before.part in (THINKING, PRELUDE):
            return False  # a think after one's own discard or think (a power's extra Jack) is the same turn
        if self.players and statement.actor != self._next_leader(turn.leader):
            return False
        if not ends_line:
            return True
        return self._a_whole_turn(turn)

    def _a_whole_turn(self, turn: _TurnDraft) -> bool:
        """Whether the think on the current line, by the player who leads next, is that
        player's whole turn rather than a power's in ``turn`` (a School's, an Academy's): the
        lines after it say. A turn that is a think holds nothing but thinks and discards, so an
        action or a response before the next lead keeps the think in ``turn``, and so does the
        next turn's header; a record that ends on thinks keeps them in a turn with a written
        header (the next one's would have been written too)."""
        items = self._items
        for index in range(self._index + 1, len(items)):
            item = items[index]
            kind = type(item)
            if kind is _TurnHeader:
                return item.number != turn.number + 1
            steps = (item,) if kind is Step else item.steps if kind is _StepLine else ()
            for step in steps:
                part = step.statement.part
                if part == LEADING:
                    return True
                if part == ACTION or part == RESPONSE:
                    return False
        return not turn.written

    def _next_leader(self, leader: str) -> str | None:
        if leader not in self.players:
            return None
        return self.players[(self.players.index(leader) + 1) % len(self.players)]


# Where each kind of line goes: plain functions, not methods bound to the assembler (those
# would make each assembler a reference cycle, holding every step of its record until the
# cyclic collector next walked the oldest generation).
_PLACE: dict[type, Callable[[Assembler, Any], None]] = {
    Step: Assembler._plain_step,
    _CommentLine: Assembler._comment_line,
    _BlockHeader: Assembler._block_header,
    _TurnHeader: Assembler._turn_header,
    _StepLine: Assembler._step_line,
    _VariationLine: Assembler._variation_line,
}


def _last_index(items: list, item: Any) -> int:
    for index in range(len(items) - 1, -1, -1):
        if items[index] is item:
            return index
    raise ValueError(item)  # pragma: no cover


def _error(span: Span, width: int, message: str, **kw: Any) -> NotationError:
    return NotationError(message, line=span.line, column=span.column, width=width, **kw)
