"""A replayed record laid out for reading: the main line statement by statement, the turn
each statement was made in, the vault cards seen this turn, and the problems met.

Position ``n`` is the state after the n-th statement of the main line; position 0 is the
state before the first one. Variations are kept for narration but have no position.

The timeline is plain data (no rich): the terminal and the HTML views both read it. It sits
in ``render`` beside ``view``, because the vault cards a reader saw go in are a view's concern.

A lenient timeline keeps everything up to a statement the rules refuse: that statement is a
moment carrying its diagnostic (its state is the one before it), and ``problems`` holds every
diagnostic, the statements not replayed after it included.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from notation import Record

from gtr_replay.game.state import GameState
from gtr_replay.render.view import VaultWatch
from gtr_replay.replay.diagnostics import Diagnostic
from gtr_replay.replay.overrides import with_rulings
from gtr_replay.replay.replayer import IllegalStatement, Replayer, Snapshot
from gtr_replay.replay.visitors import KeepStates, Refusal


@dataclass(frozen=True)
class Moment:
    """One replayed statement as a reader follows it."""

    snapshot: Snapshot
    turn: int
    """The turn the statement was made in."""
    depth: int
    """0 on the main line, 1 inside a variation, 2 inside a variation of a variation..."""
    before: int
    """The seq of the snapshot whose state this statement was made in (0: the start)."""
    timeline: Timeline | None = field(default=None, repr=False, compare=False)

    @property
    def refused(self) -> bool:
        return self.snapshot.diagnostic is not None


class Timeline:
    """Every statement of one record, replayed once."""

    def __init__(self, start: GameState, snapshots: list[Snapshot],
                 problems: list[Diagnostic] | None = None) -> None:
        self.start = start
        self.problems: list[Diagnostic] = list(problems or ())
        """What the rules refused (lenient replay only; a strict replay raises instead)."""
        self.moments: list[Moment] = []
        """Every statement in replay order, variations and a refused statement included."""
        self.main: list[Moment] = []
        """The main line's statements that replayed, one per position."""
        self.refused: Moment | None = None
        """The main-line statement the rules refused, if any: the record stops being replayed there."""
        self._watches: list[VaultWatch] = [VaultWatch()]
        self._by_seq: dict[int, Snapshot] = {}
        last: dict[str, int] = {}  # line of play -> seq of its latest statement
        watch = VaultWatch()
        for snap in snapshots:
            before = last.get(snap.path)
            if before is None:  # a line's first statement: made where the statement it replaces was
                before = self._first_before(snap.path)
            moment = Moment(snap, snap.turn, snap.path.count("/") + 1 if snap.path else 0, before, self)
            self.moments.append(moment)
            self._by_seq[snap.seq] = snap
            if snap.diagnostic is not None:
                if not snap.path:
                    self.refused = moment
                continue
            last[snap.path] = snap.seq
            if not snap.path:
                self.main.append(moment)
                watch.feed(snap.events)
                self._watches.append(watch.copy())
        self._positions = {m.snapshot.seq: n for n, m in enumerate(self.main, 1)}
        self.numbers: dict[int, str] = self._numbered()
        """Each statement's number as the views show it, by seq (see ``number``)."""

    def _numbered(self) -> dict[int, str]:
        numbers: dict[int, str] = {}
        main = 0
        within: dict[str, int] = {}  # a statement's number -> how many variation statements numbered from it
        for moment in self.moments:
            snap = moment.snapshot
            if not snap.path:
                main += 1
                numbers[snap.seq] = str(main)
                continue
            replaced = int(snap.path.rsplit("/", 1)[-1].split(".")[0])
            base = numbers[replaced]
            within[base] = within.get(base, 0) + 1
            numbers[snap.seq] = f"{base}.{within[base]}"
        return numbers

    def number(self, moment: Moment) -> str:
        """The statement's number, the one every view shows and links to: its position on the
        main line ('120'; a refused one the position it would have had), and in a variation
        the number of the statement it replaces with its own count after a dot ('117.1',
        '117.2', ...; a nested variation: '117.2.1'), so that no two statements share one."""
        return self.numbers[moment.snapshot.seq]

    def _first_before(self, path: str) -> int:
        if not path:
            return 0
        replaced = int(path.rsplit("/", 1)[-1].split(".")[0])
        return next(m.before for m in self.moments if m.snapshot.seq == replaced)

    @classmethod
    def replay(cls, record: Record, *, source: str = "<record>", lenient: bool = False,
               rulings: str | None = None) -> Timeline:
        """Replay ``record`` (under ``rulings`` laid over its own tag). Strict: a refused
        statement raises ``IllegalStatement``. Lenient: it ends the timeline and is kept."""
        replayer = Replayer(with_rulings(record, rulings), KeepStates(Refusal.END_LINE if lenient else Refusal.STOP),
                            source=source)
        snapshots = list(replayer.run())
        if replayer.start is None:  # the start could not be set up: nothing to show
            raise IllegalStatement(replayer.diagnostics[0])
        return cls(replayer.start, snapshots, replayer.diagnostics)

    def __len__(self) -> int:
        return len(self.main)

    def state(self, position: int) -> GameState:
        """The state after statement ``position`` of the main line (0: before the first)."""
        return self.start.copy() if position == 0 else self.main[position - 1].snapshot.state

    def state_of(self, seq: int) -> GameState:
        """The state after the statement with ``seq`` (0: the start)."""
        return self.start.copy() if seq == 0 else self._by_seq[seq].state

    def watch(self, position: int) -> VaultWatch:
        """Vault cards seen going in during the turn under way at ``position`` (R-VAULT-1)."""
        return self._watches[position]

    def turn_at(self, position: int) -> int:
        return self.start.turn if position == 0 else self.main[position - 1].snapshot.state_dict["turn"]

    @property
    def turns(self) -> range:
        """The turns whose start is in the record."""
        return range(self.start.turn, self.turn_at(len(self)) + 1)

    def start_of_turn(self, turn: int) -> int:
        """The position where ``turn`` begins (before its leader's first statement)."""
        if turn not in self.turns:
            raise IndexError(turn)
        return next(n for n in range(len(self) + 1) if self.turn_at(n) >= turn)

    def position_of(self, moment: Moment) -> int | None:
        """The main-line position a moment leads to (``None`` inside a variation or refused)."""
        return self._positions.get(moment.snapshot.seq)

    def narrated(self) -> Iterator:
        """A narrated terminal line (rich ``Text``) for every statement, variations indented."""
        for moment in self.moments:
            yield narrate(moment)


def narrate(moment: Moment):
    """The narrated terminal line (rich ``Text``) of one moment (see ``render.narration``)."""
    from gtr_replay.render.lines import line_text
    from gtr_replay.render.narration import narrate as words

    return line_text(words(moment.timeline, moment))
