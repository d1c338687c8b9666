"""What a power's hook may ask and do: the one door from a power into the game.

Every hook receives a ``Context`` (``ctx``) and the index of the player who owns (or benefits
from) the power. Through it a power reads the state and card facts, the ruleset's numbers,
and performs effects: grant a step, end the game, tell what it did. The engine implements
it (``engine.rules.EngineContext``); powers import only ``powers.base`` and the game's values
(``gtr_replay.game``), never the engine, so the two never import each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gtr_replay.data.cards import Card
    from gtr_replay.game.events import EventKind
    from gtr_replay.game.state import GameState
    from gtr_replay.game.steps import Step
    from gtr_replay.enums import Material, Role
    from gtr_replay.data.rulesets import RulesetSpec


class Context:
    """The game as a power sees it (implemented by ``engine.rules.EngineContext``)."""

    state: GameState
    """The state itself, to read players' zones and buildings; effects go through the methods."""
    spec: RulesetSpec
    """The ruleset's numbers (petition size, refill size, ...)."""
    answered: Step | None
    """For ``after_action`` and ``after_think``: the step the action or think answered, if it
    answered one."""
    actions: tuple[Role | None, ...]
    """For ``after_action``: the role of each action the decision took, in the order they were
    paid (an out-of-town foundation takes two, R-BUILD-3, AMB-05; a placement a step pays for,
    none)."""

    def card(self, name: str) -> Card:
        """The facts of an Order card of this ruleset: material, role, value."""
        raise NotImplementedError

    def influence(self, i: int) -> int:
        """Player ``i``'s influence (R-INF-1)."""
        raise NotImplementedError

    def checked_influence(self, i: int) -> int:
        """Player ``i``'s influence as a count per point of Influence checks it: their own, or
        what a power says (G-AERARIUM-1, AMB-42)."""
        raise NotImplementedError

    def vault_limit(self, i: int) -> int:
        """Player ``i``'s vault limit (R-VAULT-2)."""
        raise NotImplementedError

    def material_value(self, material: Material) -> int:
        """A material's value: its Site's influence, the materials a building of it needs (R-CARD-4)."""
        raise NotImplementedError

    def client_roles(self, i: int, card: str) -> frozenset:
        """The roles player ``i``'s client ``card`` may act as: its own, and what powers add
        (B-LUDUSMAGNA-1, B-STOREROOM-1); one of them at a time."""
        raise NotImplementedError

    def lost_to_legionary(self, i: int) -> bool:
        """Whether player ``i`` gave cards from hand to an opponent's Legionary this turn (G-CASTRA-1)."""
        raise NotImplementedError

    def reach(self, i: int) -> frozenset:
        """How far player ``i``'s Legionary demands reach (``powers.base.REACH``, B-BRIDGE-1..3)."""
        raise NotImplementedError

    def extra_places(self, i: int, role: Role) -> frozenset:
        """The places player ``i``'s actions of ``role`` take one more card from (B-AQUEDUCT-2,
        B-BAR-1, B-BASILICA-1, B-DOCK-1, BC-FOUNDRY-1)."""
        raise NotImplementedError

    def woken(self, i: int) -> list[str]:
        """The names of player ``i``'s foundations whose function works before they are
        complete (B-GATE-1)."""
        raise NotImplementedError

    def guards_clients(self, i: int, demander: int) -> bool:
        """Whether a power keeps player ``i``'s clients from ``demander``'s Colosseum (B-COLOSSEUM-4)."""
        raise NotImplementedError

    def grant(self, step: Step) -> None:
        """Give ``step.player`` an extra step; the engine orders and announces what is granted."""
        raise NotImplementedError

    def turn_up(self, by: int, count: int) -> None:
        """Turn up the top ``count`` cards of the deck, by player ``by``'s power: they leave the
        deck at once for the turned-up zone, face up, to be placed one at a time (G-BACCHANALIA-1)."""
        raise NotImplementedError

    def end_game(self, reason: str, by: int, *, wins: bool = False) -> None:
        """End the game at once (R-END-2), by player ``by``'s doing; with ``wins``, ``by`` wins
        it without scoring (R-SCORE-1)."""
        raise NotImplementedError

    def emit(self, kind: EventKind, player: int, card: str | None = None, *, text: str | None = None,
             value: int | None = None) -> None:
        """Tell what the power did, as an event of ``kind`` (``game.events.KINDS`` says what each holds)."""
        raise NotImplementedError
