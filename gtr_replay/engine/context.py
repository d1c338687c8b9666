"""The engine's side of ``powers.context.Context``: what a power's hook may ask and do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gtr_replay.cards import Card
from gtr_replay.engine.endgame import end_game
from gtr_replay.engine.events import Event
from gtr_replay.engine.spent import LOST
from gtr_replay.engine.state import GameState
from gtr_replay.engine.steps import Step
from gtr_replay.enums import Material
from gtr_replay.powers.context import Context

if TYPE_CHECKING:
    from gtr_replay.engine.rules import Resolved


class EngineContext(Context):
    """Bound to one state; effects append to ``events`` and steps to ``granted``, which the
    engine orders, pushes and announces (``engine.rules.fire``)."""

    __slots__ = ("state", "spec", "_cards", "_values", "events", "granted", "answered")

    def __init__(self, state: GameState, resolved: Resolved, events: list[Event] | None = None) -> None:
        self.state = state
        self.spec = resolved.spec
        self._cards = resolved.cards
        self._values = resolved.site_values
        self.events = events if events is not None else []
        self.granted: list[Step] = []
        self.answered: Step | None = None

    def card(self, name: str) -> Card:
        return self._cards[name]

    def influence(self, i: int) -> int:
        return self.spec.starting_influence + sum(self._values[m] for m in self.state.players[i].influence)

    def checked_influence(self, i: int) -> int:
        from gtr_replay.engine.rules import checked_influence  # rules builds contexts
        return checked_influence(self.state, i, "count")

    def vault_limit(self, i: int) -> int:
        from gtr_replay.engine.rules import vault_limit  # rules builds contexts
        return vault_limit(self.state, i)

    def material_value(self, material: Material) -> int:
        return self._values[material]

    def client_roles(self, i: int, card: str) -> frozenset:
        from gtr_replay.engine.rules import client_roles  # rules builds contexts
        return client_roles(self.state, i, card)

    def lost_to_legionary(self, i: int) -> bool:
        return self.state.players[i].spent.get(LOST) == self.state.turn

    def reach(self, i: int) -> frozenset:
        from gtr_replay.engine.rules import fold  # rules builds contexts
        return fold(self.state, i, "demand_reach")

    def grant(self, step: Step) -> None:
        self.granted.append(step)

    def end_game(self, reason: str, by: int, *, wins: bool = False) -> None:
        name = self.state.players[by].name
        end_game(self.state, self.events, reason, by=name, winner=name if wins else None)

    def emit(self, kind, player, card=None, *, text=None, value=None) -> None:
        self.events.append(Event(kind, self.state.players[player].name, card, text=text, value=value))
