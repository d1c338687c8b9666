"""A replayed record laid out for reading: the main line statement by statement, the turn
each statement was made in, the vault cards seen this turn, and a narrated line for each.

Position ``n`` is the state after the n-th statement of the main line; position 0 is the
state before the first one. Variations are kept for narration but have no position.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from notation import Record
from rich.text import Text

from gtr_replay.engine.state import GameState
from gtr_replay.enums import Zone
from gtr_replay.render.view import VaultWatch
from gtr_replay.replay.replayer import Replayer, Snapshot


@dataclass(frozen=True)
class Moment:
    """One replayed statement as a reader follows it."""

    snapshot: Snapshot
    turn: int
    """The turn the statement was made in."""
    depth: int
    """0 on the main line, 1 inside a variation, 2 inside a variation of a variation..."""


def narrate(moment: Moment) -> Text:
    """'turn 3   Ben lays Archway !?  — completes Ben's Archway; Ben +1 influence  {a comment}'."""
    snap = moment.snapshot
    line = Text(f"turn {moment.turn:<3} ", style="dim")
    line.append("  " * moment.depth + ("( " if moment.depth else ""))
    line.append(snap.text, style="bold")
    for glyph in snap.glyphs:
        line.append(f" {glyph}", style="magenta")
    if moment.depth:
        line.append(" )")
    notes = []
    if snap.forced:
        notes.append("forced")
    notes.extend(_answers(snap))
    if str(snap.annotation):
        notes.append(str(snap.annotation))
    if snap.annotation.ended and snap.annotation.points:
        notes.append("points " + ", ".join(f"{p} {n}" for p, n in snap.annotation.points.items()))
    if notes:
        line.append("  — " + "; ".join(notes), style="cyan")
    for comment in snap.comments:
        line.append(f"  {{{comment}}}", style="green")
    return line


def _answers(snap: Snapshot) -> list[str]:
    """The answers to a Legionary demand that the engine made because each was the only
    legal one (R-LEG-3): 'Ben gives Dock', 'Cid: Glory to Rome'."""
    gives: dict[str, list[str]] = {}
    notes = []
    for event in snap.events:
        if event.kind == "glory":
            notes.append(f"{event.player}: Glory to Rome")
        elif (event.kind == "move" and event.player != snap.player and event.target == Zone.STOCKPILE
              and event.source in (Zone.HAND, Zone.STOCKPILE)):
            gives.setdefault(event.player, []).append(event.card)
    return [f"{who} gives {', '.join(cards)}" for who, cards in gives.items()] + notes


class Timeline:
    """Every statement of one record, replayed once (strictly: a refused statement raises
    ``IllegalStatement`` with its diagnostic)."""

    def __init__(self, start: GameState, snapshots: list[Snapshot]) -> None:
        self.start = start
        self.moments: list[Moment] = []
        """Every statement in replay order, variations included."""
        self.main: list[Moment] = []
        self._watches: list[VaultWatch] = [VaultWatch()]
        watch = VaultWatch()
        for snap in snapshots:
            moment = Moment(snap, snap.turn, snap.path.count("/") + 1 if snap.path else 0)
            self.moments.append(moment)
            if not snap.path:
                self.main.append(moment)
                watch.feed(snap.events)
                self._watches.append(watch.copy())

    @classmethod
    def replay(cls, record: Record, *, source: str = "<record>") -> Timeline:
        replayer = Replayer(record, source=source)
        snapshots = list(replayer.run())
        if replayer.start is None:  # the start could not be set up; strict replay has raised
            raise AssertionError("no start state")
        return cls(replayer.start, snapshots)

    def __len__(self) -> int:
        return len(self.main)

    def state(self, position: int) -> GameState:
        """The state after statement ``position`` of the main line (0: before the first)."""
        return self.start.copy() if position == 0 else self.main[position - 1].snapshot.state

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

    def narrated(self) -> Iterator[Text]:
        """A narrated line for every statement, variations indented under the main line."""
        for moment in self.moments:
            yield narrate(moment)
