"""From a record's lines to a ``Record``: the block, the turns, the headers.

The reader hands the assembler each line's value as it reads it (one pass: nothing is
listed first and placed after); the assembler puts it into the setup or position block or
into a turn.

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

Where the lines after a think must say which it is, the think and those lines are held back
until one of them does (``_decides``), then placed in order.

The number is one more than the turn before (the first turn is 1, or the
position's ``turn:``) and the leader is the player of its first statement.
Written headers are checked against the same facts.
"""

from __future__ import annotations

from typing import Any, Callable, Final

from . import blocks
from .errors import NotationError
from .lines import _BlockHeader, _CommentLine, _StepLine, _TurnHeader, _VariationLine
from .records import NOWHERE, Comment, Record, Span, Step, Tag, Turn
from .statements import ACTION, LEADING, PRELUDE, RESPONSE, THINKING

_SETUP_LINES: Final = (blocks.PoolDraw, blocks.Hand, blocks.Leader)


def _once(line: Any) -> tuple | None:
    """What a block line gives that no other line of its block may give again (a hand, the
    leader, the deck...); None for a line that may come again (a redeal, a building)."""
    kind = type(line)
    if kind is blocks.Building or (kind is blocks.PoolDraw and line.redeal) or kind is blocks.Comment:
        return None
    if kind is blocks.Leader:
        return (kind,)
    return (kind, getattr(line, "player", None), getattr(line, "zone", None), getattr(line, "out_of_town", None))
_POSITION_LINES: Final = (
    blocks.TurnNumber, blocks.Leader, blocks.Deck, blocks.Jacks, blocks.Pool, blocks.Sites,
    blocks.Hand, blocks.Cards, blocks.Influence, blocks.Building,
)


class _TurnDraft:
    """A turn while its lines are read: it may still go on. What the placing asks of it is
    kept as it goes (a turn of many statements costs no more per statement): whether it holds
    a step, whether the first is a lead, the answers to the lead so far while nothing else came."""

    __slots__ = ("number", "leader", "line", "column", "comments", "written", "items", "started", "leads",
                 "answers", "only_answers")

    def __init__(self, number: int, leader: str, line: int, column: int, comments: tuple = (),
                 written: bool = False):
        self.number, self.leader, self.line, self.column = number, leader, line, column
        self.comments = comments
        self.written = written
        self.items: list[Step | Comment] = []
        self.started = False
        self.leads = False
        self.answers = 0
        self.only_answers = True

    def add(self, step: Step, part: str) -> None:
        self.items.append(step)
        if not self.started:
            self.started = True
            self.leads = part == LEADING
        elif part == RESPONSE or part == THINKING:
            self.answers += 1
        elif part != PRELUDE:  # a discard goes with its think
            self.only_answers = False

    def answering(self, seats: int) -> bool:
        """Whether the players are still answering the lead (following or thinking)."""
        return answering(self.leads, self.only_answers, self.answers, seats)

    def last_step(self) -> Step:
        """The turn's last step (it has one)."""
        items = self.items
        index = len(items) - 1
        while type(items[index]) is not Step:
            index -= 1
        return items[index]  # type: ignore[return-value]

    def turn(self) -> Turn:
        return Turn(self.number, self.leader, tuple(self.items), self.comments, self.line, self.column, self.written)


def answering(leads: bool, only_answers: bool, answers: int, seats: int) -> bool:
    """Whether a turn's players are still answering its lead (following or thinking): it
    opened with a lead (``leads``), only answers came after it, and fewer than every other
    player (of ``seats``; 0: not known) have answered."""
    return leads and only_answers and (not seats or answers < seats - 1)


class Assembler:
    """Places the lines of one record as they are read, and makes the ``Record``."""

    def __init__(self, tags: tuple[Tag, ...], players: tuple[str, ...]):
        self.tags = tags
        self.players = players
        self.seats = len(players)
        self.start_tag = next((t.value for t in tags if t.name == "Start"), None)
        self.comments: list[Comment] = []
        self.block: Any = None  # (header, lines)
        self.turns: list[_TurnDraft] = []
        self.taking: _TurnDraft | None = None  # the turn taking steps as they come: it has one, none held
        self.held: list | None = None  # a think (step, part, turn) whose line, and the lines after it, wait
        self.ahead: Any = None  # while they are placed: the line that decided it

    def record(self, span: Span = NOWHERE) -> Record:
        """The record, once every line is placed; ``span``: where it starts."""
        if self.held is not None:  # the record ends on thinks: they stay where a header was written
            self._release(not self.held[0][2].written, _END)
        turns = tuple([draft.turn() for draft in self.turns])
        return Record(self.tags, self._start(), turns, tuple(self.comments), span=span)

    def _start(self) -> blocks.Setup | blocks.Position | None:
        if self.block is None:
            return None
        header, lines = self.block
        kind = blocks.Setup if header.word == "setup" else blocks.Position
        return kind(tuple(lines), header.comments, span=header.span)

    # One method per kind of line: a step (``part``: its statement's), a turn header, any other

    def step(self, step: Step, part: str) -> None:
        """A line holding one statement."""
        turn = self.taking
        if turn is not None:  # a response, an action, or a think answering the lead: into the turn
            if part == ACTION:
                turn.items.append(step)
                turn.only_answers = False
                return
            if part == RESPONSE or (part == THINKING and turn.leads and turn.only_answers
                                    and (not self.seats or turn.answers < self.seats - 1)):
                turn.items.append(step)
                turn.answers += 1
                return
        elif part == LEADING and self.held is None and self.turns:  # the lead a header announced
            turn = self.turns[-1]
            if turn.written and not turn.started and step.statement.actor == turn.leader:
                turn.items.append(step)
                turn.started = turn.leads = True
                self.taking = turn
                return
        if self.held is not None:
            self._hold(step)
        else:
            self._place(step, part, True)

    def header(self, number: int, leader: str, line: int, column: int, comments: tuple[Comment, ...] = ()) -> None:
        """A turn header."""
        turns = self.turns
        if self.held is None and turns and number == turns[-1].number + 1:  # the next turn, as expected
            turns.append(_TurnDraft(number, leader, line, column, comments, True))
            self.taking = None
        else:
            self.line(_TurnHeader(number, leader, comments, line, column))

    def line(self, value: Any) -> None:
        """Any line's value (``lines.read``'s)."""
        if self.held is not None:
            self._hold(value)
        else:
            _PLACE.get(type(value), Assembler._block_line)(self, value)

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
        head = line.text().split(":")[0]
        if not isinstance(line, allowed):
            raise _error(line.span, len(head), f"no such line in a {self.block[0].word} block",
                         expected=f"a line of the {self.block[0].word} block")
        key = _once(line)
        if key is not None:
            first = next((other for other in self.block[1] if _once(other) == key), None)
            if first is not None:
                raise _error(line.span, len(head), f"a second '{head}:' line: the {self.block[0].word} block "
                             f"gives it at line {first.span.line}", hint="give it once, as it is at the table")
        self.block[1].append(line)

    def _turn_header(self, header: _TurnHeader) -> None:
        turns = self.turns
        expected = self._next_number()
        last = turns[-1] if turns else None
        if (header.number == expected - 1 and last is not None and not last.written and len(turns) > 1
                and header.leader == last.leader):
            # the think that seemed to open this turn was a power's, in the turn before (School, Academy)
            self._back_into_turn_before()
            expected = self._next_number()
        while header.number < expected and self._merge_a_think_turn():
            expected = self._next_number()
        if header.number > expected and self._placed_since_written(header.number):
            expected = header.number  # the turns placed since the last header were a reading: the header says
        if header.number != expected:
            column = header.column + len("turn ")
            raise _error(Span(header.line, column), len(str(header.number)),
                         f"turn {header.number} out of order", expected=f"turn {expected}")
        turns.append(_TurnDraft(header.number, header.leader, header.line, header.column, header.comments, True))
        self.taking = None

    def _back_into_turn_before(self) -> None:
        """The last turn, opened by a think, was the turn before's: its steps go back there."""
        self._merge_back(len(self.turns) - 1)

    def _merge_back(self, k: int) -> None:
        """Turn ``k`` (placed by its statements) was the turn before's: its steps go back there,
        and the turns placed after it move one number down."""
        gone = self.turns.pop(k)
        before = self.turns[k - 1]
        for item in gone.items:
            if type(item) is Step:
                before.add(item, item.statement.part)
            else:
                before.items.append(item)
        for later in self.turns[k:]:
            later.number -= 1
        self._taking()

    def _placed_since_written(self, number: int) -> bool:
        """Whether a written header numbered ``number``, beyond the turns placed so far, is taken
        as it stands: the turns between had their headers left out, and enough thinks or leads
        since the last header written could have opened them (one each). The replay checks it
        against the game, which places the turns left out."""
        written = [turn.number for turn in self.turns if turn.written]
        if written and number <= written[-1]:
            return False
        last = max((k for k, turn in enumerate(self.turns) if turn.written), default=-1)
        since = [step for turn in self.turns[max(last, 0):] for step in turn.items[1:] if isinstance(step, Step)]
        return sum(1 for step in since if step.statement.part in (THINKING, LEADING)) >= number - self._next_number()

    def _merge_a_think_turn(self) -> bool:
        """A written header numbers fewer turns than the statements placed since the last one:
        the latest of those turns that holds only thinks was a late answer to the lead before
        it, or a power's think (a record may write a think after the leader's actions); it goes
        back into the turn before. False when no such turn is left to merge."""
        turns = self.turns
        written = max((k for k, turn in enumerate(turns) if turn.written), default=0)
        for k in range(len(turns) - 1, written, -1):
            if not turns[k].written and all(not isinstance(item, Step) or item.statement.part in (THINKING, PRELUDE)
                                            for item in turns[k].items):
                self._merge_back(k)
                return True
        return False

    def _step_line(self, line: _StepLine) -> None:
        self._comments(line.comments)
        last = len(line.steps) - 1
        for index, step in enumerate(line.steps):
            self._place(step, step.statement.part, index == last)

    def _plain_step(self, step: Step) -> None:
        self.step(step, step.statement.part)

    def _variation_line(self, line: _VariationLine) -> None:
        turn = self.turns[-1] if self.turns else None
        if turn is None or not turn.started:
            raise _error(line.span, 1, "a variation must follow the statement it replaces")
        old = turn.last_step()
        new = Step(old.statement, old.glyphs, old.notes + line.notes, old.line, old.column)
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

    def _taking(self) -> None:
        turns = self.turns
        self.taking = turns[-1] if turns and turns[-1].started and self.held is None else None

    def _place(self, step: Step, part: str, ends_line: bool) -> None:
        """Place one step; ``ends_line``: the last statement of its line."""
        statement = step.statement
        last = self.turns[-1] if self.turns else None
        opens: bool | None = True
        if last is not None:
            opens = self._opens_turn(last, statement, part, ends_line)
            if opens is None:  # the lines after it say
                if self.ahead is None:
                    self.held = [(step, part, last)]
                    self.taking = None
                    return
                opens = _decides(self.ahead, last)  # the line that decided a think before this one decides it
        if opens or last is None:
            turn = _TurnDraft(self._next_number(), statement.actor, step.line, step.column)
            self.turns.append(turn)
        else:
            turn = last
            if turn.written and not turn.started and part in (LEADING, THINKING) and statement.actor != turn.leader:
                raise _error(step.span, len(statement.actor), f"the header of turn {turn.number} (line {turn.line}) "
                             f"names {turn.leader} as its leader, but {statement.actor} decides first",
                             expected=f"a statement by {turn.leader}",
                             hint=f"fix the turn header ('turn {turn.number} {statement.actor}') or the statement")
        turn.add(step, part)
        self.taking = turn

    def _opens_turn(self, turn: _TurnDraft, statement: Any, part: str, ends_line: bool) -> bool | None:
        """Whether the statement opens a turn after ``turn``; None when the lines after it say."""
        if not turn.started:
            return False
        if part == LEADING:
            return True
        if part not in (THINKING, PRELUDE) or turn.answering(self.seats):
            return False
        before = turn.last_step().statement
        if before.actor == statement.actor and before.part in (THINKING, PRELUDE):
            return False  # a think after one's own discard or think (a power's extra Jack) is the same turn
        if self.players and statement.actor != self._next_leader(turn.leader):
            return False
        if not ends_line:
            return True
        return None

    # A think the lines after it place

    def _hold(self, value: Any) -> None:
        """Keep ``value`` back with the think waiting, and place them all once it says whether
        that think, by the player who leads next, is that player's whole turn rather than a
        power's in the turn before it (a School's, an Academy's). A turn that is a think holds
        nothing but thinks and discards, so an action or a response before the next lead keeps
        the think in the turn before, and so does the next turn's header."""
        held = self.held
        held.append(value)  # type: ignore[union-attr]
        opens = _decides(value, held[0][2])  # type: ignore[index]
        if opens is not None:
            self._release(opens, value)

    def _release(self, opens: bool, decider: Any) -> None:
        """Place the think held (it opens a turn if ``opens``) and the lines after it, up to
        ``decider``, the first that said (``_END``: the end of the record). A think among those
        lines is decided by the same line, the first after it to say: it is not held again
        (holding it would read the lines up to the decider once more for every such think)."""
        held, self.held = self.held, None
        (step, part, turn), *after = held  # type: ignore[misc]
        if opens:
            turn = _TurnDraft(self._next_number(), step.statement.actor, step.line, step.column)
            self.turns.append(turn)
        turn.add(step, part)
        self._taking()
        if decider is not _END:  # the decider last: a think on its own line looks past it
            after, last = after[:-1], after[-1:]
        else:
            last = []
        self.ahead = decider
        try:
            for value in after:
                self.line(value)
        finally:
            self.ahead = None
        for value in last:
            self.line(value)

    def _next_leader(self, leader: str) -> str | None:
        if leader not in self.players:
            return None
        return self.players[(self.players.index(leader) + 1) % len(self.players)]


_END: Final = object()
"""The end of a record, where it decides a think: the think opens a turn after one whose
header was not written."""


def _decides(value: Any, turn: _TurnDraft) -> bool | None:
    """Whether the line ``value``, after a think waiting, says that think opens a turn after
    ``turn`` (a lead: yes; an action or a response: no; the next turn's header: no; the end
    of the record: yes after a turn whose header was not written); None if it says nothing."""
    if value is _END:
        return not turn.written
    kind = type(value)
    if kind is _TurnHeader:
        return value.number != turn.number + 1
    for step in (value,) if kind is Step else value.steps if kind is _StepLine else ():
        part = step.statement.part
        if part == LEADING:
            return True
        if part == ACTION or part == RESPONSE:
            return False
    return None


# Where each kind of line goes: plain functions, not methods bound to the assembler (those
# would make each assembler a reference cycle, holding every step of its record until the
# cyclic collector next walked the oldest generation).
_PLACE: Final[dict[type, Callable[[Assembler, Any], None]]] = {
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
