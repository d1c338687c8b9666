"""What asking the rules and playing a decision give back: the decision awaited (``Prompt``),
why a decision is refused (``Problem``), and what playing one did (``Applied``, with the
``ForcedStep``s the engine then made by itself). Values only; the engine makes them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from gtr_replay.game.decisions import Decision
from gtr_replay.game.events import Event
from gtr_replay.game.state import GameState


class Prompt(NamedTuple):
    """The decision the engine waits for: what kind, from whom (name and index), and which
    decision types answer it. A named tuple: asked for once or twice per decision."""

    kind: str
    player: str
    decisions: tuple[type[Decision], ...]
    index: int = 0  # type: ignore[assignment]  # a field, not tuple.index


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a decision is illegal: a short message, the rule IDs it breaks, and a hint."""

    message: str
    rule_ids: tuple[str, ...]
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class ForcedStep:
    """A decision the engine made by itself because it was the only legal choice."""

    decision: Decision
    turn: int
    """The turn it was made in (before any cleanup it led to)."""
    before: GameState | None = None
    """For a pass or a give, with ``made_after``: the state it was made in, which explains why a
    later statement by that player had nothing legal left, or why it had to give. It is the
    state the first such step of the decision's forced steps was made in, shared by the steps
    after it; ``made_after`` are the forced decisions made on it before this one
    (``core.made_in`` makes them again on a copy). None where the decision pushed next, known
    (``Game.push``'s ``then``), shows that none can ask."""
    made_after: tuple[Decision, ...] = ()


@dataclass(slots=True)
class Applied:
    """What playing a decision did: its events (forced steps included), the steps the engine
    then made by itself, in order, and the unseen cards the decision revealed (``Game.push``)."""

    events: list[Event]
    forced: list[ForcedStep]
    revealed: list[str] = field(default_factory=list)
    then_legal: bool = False
    """Whether the decision said to come next (``advance``'s ``then``) was found legal where
    the engine stopped: nothing has changed the state since."""
    turn: int = 0
    """The turn the decision was made in, after the optional steps it passed over were
    declined (``Game.push``; 0 where none says)."""

    @staticmethod
    def joined(declined: Sequence[Applied], then: Applied | None = None) -> Applied:
        """The optional steps passed over (``declined``, each pushed as a pass of its own,
        R-TURN-7) and then the decision ``then``, as what one statement did: their events and
        forced steps in order, and ``then``'s revealed cards and look-ahead."""
        events = [e for a in declined for e in a.events]
        forced = [f for a in declined for f in a.forced]
        if then is None:
            return Applied(events, forced)
        return Applied(events + then.events, forced + then.forced, then.revealed, then_legal=then.then_legal,
                       turn=then.turn)
