"""What replaying one statement gives: a ``Snapshot`` of the statement, its decision, its
events, what it changed (``Annotation``) and the state after it."""

from __future__ import annotations

from dataclasses import dataclass, field

from gtr_replay.engine import Game
from gtr_replay.game.decisions import Decision
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import GameState
from gtr_replay.replay.diagnostics import Diagnostic


@dataclass
class Annotation:
    """What a statement changed: cards moved, influence, completions, points (the words a
    reader sees are ``render.narration``'s)."""

    moved: list[str] = field(default_factory=list)
    influence: dict[str, int] = field(default_factory=dict)
    completed: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    ended: str | None = None
    powers: list[str] = field(default_factory=list)
    """What building powers did or offered: a step granted, a structure taken or made public."""

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v}


UNANNOTATED = Annotation()
"""The annotation of every snapshot a visitor does not annotate (``replay.visitors``):
empty, and shared, so it is read, never changed."""


@dataclass(slots=True)
class Snapshot:
    """One replayed statement and the state after it."""

    seq: int
    index: int
    """Position of the statement in its line of play (a variation's first statement has the
    index of the statement it replaces)."""
    path: str
    """'' for the main line; 's.v' for variation v of the statement with seq s, nested with '/'."""
    turn: int
    """The turn the statement was made in (the state after it may be in the next turn)."""
    player: str
    kind: str
    text: str
    line: int
    column: int
    decision: Decision | None
    events: list[Event]
    annotation: Annotation
    """What the statement changed; empty (one shared object) in a replay that only checks."""
    comments: tuple[str, ...]
    glyphs: tuple[str, ...]
    state_dict: dict
    """The state after the statement, serialised (``GameState.to_dict``)."""
    forced: bool = False
    """The statement restates a decision the engine had already made (a forced action)."""
    diagnostic: Diagnostic | None = None
    made: tuple[Decision, ...] = ()
    """The decisions the engine then made by itself (each the only legal choice), in order."""
    live: GameState | None = None
    """With the ``LiveState`` visitor: the replay's own state, current only until the
    next snapshot is asked for (``state_dict`` is then left empty)."""

    @property
    def state(self) -> GameState:
        """The state after the statement, as a fresh object."""
        return GameState.from_dict(self.state_dict)


_SCORED_FROM = frozenset({"vault", "stockpile", "building"})
"""Zones a card leaving changes points: a vault's cards and a Wall's stockpile count, and a
structure taken (B-PRISON-1, BC-PRISON-1) or torn down (G-WATCHPOST-1) takes its power's
points from its owner, the Statue's and the Wall's (B-STATUE-4, B-WALL-1, BC-WALL-1)."""
_SCORED_TO = frozenset({"vault", "stockpile"})
"""Zones a card reaching changes points. A card added to a building changes them only by
completing it (a ``complete`` event): a building has no function before (R-BUILD-10), and
the foundations a Gate wakes (B-GATE-1) are Marble, whose one scoring power counts a
completed Statue alone (B-STATUE-4)."""
_SCORING = frozenset({EventKind.INFLUENCE, EventKind.COMPLETE, EventKind.PUBLIC, EventKind.GAME_END})
"""Kinds that change points whatever they name: influence, a completion, a structure made
public, whose scoring power then counts for every player (B-STAIRWAY-1), and the end."""
_MOVE = EventKind.MOVE


def changes_points(events: list[Event]) -> bool:
    """Whether the events can change anyone's points (R-SCORE-2: influence, the vaults and
    their merchant bonuses, the powers' points). Asked after every statement a visitor
    annotates, whose points are otherwise kept: the kinds are looked up in sets."""
    for e in events:
        kind = e.kind
        if kind == _MOVE:
            if e.source in _SCORED_FROM or e.target in _SCORED_TO:
                return True
        elif kind in _SCORING:
            return True
    return False


def points_now(game: Game) -> dict[str, int]:
    """Everyone's points now, by name (R-SCORE-2)."""
    return {s.player: s.total for s in game.scores()}


def annotate(events: list[Event], points: dict[str, int]) -> Annotation:
    """What the events did, in words, and everyone's points after them (``points_now``)."""
    note = Annotation(points=points)
    for e in events:
        if e.kind == EventKind.MOVE and e.source == e.target == "building":  # a structure changes owner
            note.powers.append(f"{e.player} takes {e.card} ({e.text})")
        elif e.kind == EventKind.MOVE:
            note.moved.append(f"{e.player}: {e.card} {e.source} -> {e.target}")
        elif e.kind == EventKind.INFLUENCE and e.player is not None:
            note.influence[e.player] = note.influence.get(e.player, 0) + (e.value or 0)
        elif e.kind == EventKind.COMPLETE:
            note.completed.append(f"{e.player}'s {e.card}")
        elif e.kind == EventKind.GAME_END:
            note.ended = e.text
        elif e.kind == EventKind.STEP:
            note.powers.append(f"{e.card}: {e.player} {e.text}")
        elif e.kind == EventKind.PUBLIC:
            note.powers.append(f"{e.player}'s {e.card} is public")
    return note
