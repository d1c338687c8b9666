"""What applying a decision did: card moves, influence, completions, the game's end.

Events feed annotations, the events table and narrated views; they carry names, not objects.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple


class EventKind(StrEnum):
    """What an event records; ``KINDS`` says what each kind's fields hold. A power's own events
    take one of these kinds too (``power``, ``step``, ``influence``...)."""

    SETUP = "setup"
    LEADER_DRAW = "leader-draw"
    TURN = "turn"
    LEAD = "lead"
    FOLLOW = "follow"
    THINK = "think"
    ACTIONS = "actions"
    MOVE = "move"
    SITE = "site"
    INFLUENCE = "influence"
    COMPLETE = "complete"
    DEMAND = "demand"
    GLORY = "glory"
    PASS = "pass"
    AUTO = "auto"
    POWER = "power"
    STEP = "step"
    PUBLIC = "public"
    CLEANUP = "cleanup"
    GAME_END = "game-end"


class Event(NamedTuple):
    """One thing that happened, of one of the kinds ``EventKind`` names. A named tuple: a
    value, made several times per decision, at a third of a frozen dataclass's cost."""

    kind: EventKind
    player: str | None = None
    card: str | None = None
    source: str | None = None
    target: str | None = None
    value: int | None = None
    text: str | None = None

    def to_dict(self) -> dict:
        return {k: v for k, v in self._asdict().items() if v is not None}

    def __str__(self) -> str:
        who = f"{self.player} " if self.player else ""
        if self.kind == EventKind.MOVE:
            return f"{who}{self.card}: {self.source} -> {self.target}"
        parts = [p for p in (self.card, self.text, None if self.value is None else str(self.value)) if p]
        return f"{self.kind}: {who}{' '.join(parts)}".rstrip()


TURNED_UP: Final = "turned up"
"""The text of a move from the deck whose card the table saw (G-BACCHANALIA-1, AMB-25)."""

KINDS: Final = {
    EventKind.SETUP: "the game is set up (text: ruleset and players)",
    EventKind.LEADER_DRAW: "a card dealt into the Pool to find the first leader (value: the round, 2+ are redeals)",
    EventKind.TURN: "a turn begins (player: the leader, value: the turn number)",
    EventKind.LEAD: "the leader leads a role (text: the role)",
    EventKind.FOLLOW: "a player follows",
    EventKind.THINK: "a player thinks (text: jack, refill or draw)",
    EventKind.ACTIONS: "a player begins their actions (value: how many)",
    EventKind.MOVE: "a card moves from one zone to another (building to building: a structure changes owner)",
    EventKind.SITE: "a Site is claimed for a foundation (text: material, in town or out of town)",
    EventKind.INFLUENCE: "a player's influence changes (value: the change; a Site given away is negative)",
    EventKind.COMPLETE: "a building is completed (card: its foundation)",
    EventKind.DEMAND: "Rome demands materials (text: the materials)",
    EventKind.GLORY: "a neighbour has nothing to give: 'Glory to Rome!'",
    EventKind.PASS: "a player declines their remaining actions",
    EventKind.AUTO: "the engine made the only legal decision (text: the decision)",
    EventKind.POWER: "a building power acted (card: the building, text: what it did)",
    EventKind.STEP: "a power grants a player an extra step (card: the building, text: 'may …' or 'must …')",
    EventKind.PUBLIC: "a structure is made public (player: its owner, card: the structure, text: by whom)",
    EventKind.CLEANUP: "the turn's played cards return (R-TURN-8)",
    EventKind.GAME_END: "the game ends (text: the reason)",
}
