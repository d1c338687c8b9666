"""What applying a decision did: card moves, influence, completions, the game's end.

Events feed annotations, the events table and narrated views; they carry names, not objects.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Event(NamedTuple):
    """One thing that happened. ``kind`` is one of the words in ``KINDS``. A named tuple: a
    value, made several times per decision, at a third of a frozen dataclass's cost."""

    kind: str
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
        if self.kind == "move":
            return f"{who}{self.card}: {self.source} -> {self.target}"
        parts = [p for p in (self.card, self.text, None if self.value is None else str(self.value)) if p]
        return f"{self.kind}: {who}{' '.join(parts)}".rstrip()


TURNED_UP: Final = "turned up"
"""The text of a move from the deck whose card the table saw (G-BACCHANALIA-1, AMB-25)."""

KINDS: Final = {
    "setup": "the game is set up (text: ruleset and players)",
    "leader-draw": "a card dealt into the Pool to find the first leader (value: the round, 2+ are redeals)",
    "turn": "a turn begins (player: the leader, value: the turn number)",
    "lead": "the leader leads a role (text: the role)",
    "follow": "a player follows",
    "think": "a player thinks (text: jack, refill or draw)",
    "actions": "a player begins their actions (value: how many)",
    "move": "a card moves from one zone to another (building to building: a structure changes owner)",
    "site": "a Site is claimed for a foundation (text: material, in town or out of town)",
    "influence": "a player's influence changes (value: the change; a Site given away is negative)",
    "complete": "a building is completed (card: its foundation)",
    "demand": "Rome demands materials (text: the materials)",
    "glory": "a neighbour has nothing to give: 'Glory to Rome!'",
    "pass": "a player declines their remaining actions",
    "auto": "the engine made the only legal decision (text: the decision)",
    "power": "a building power acted (card: the building, text: what it did)",
    "step": "a power grants a player an extra step (card: the building, text: the step)",
    "public": "a structure is made public (player: its owner, card: the structure, text: by whom)",
    "cleanup": "the turn's played cards return (R-TURN-8)",
    "game-end": "the game ends (text: the reason)",
}
