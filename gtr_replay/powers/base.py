"""The closed list of hooks a building power may implement, declared once in ``HOOK_SPECS``.

Flow code asks the active powers of a player through these hooks and folds the answers in
one engine module (``engine.rules``: ``fold`` for answers, ``fire`` for effects); it never
names a building. Each ``HookSpec`` says how answers combine, where the engine asks and
which rules it serves; ``HOOKS``, the ``Power`` defaults' check and ``docs/POWERS.md`` are
made from it. A power is a small class that overrides only the hooks it needs, cites its
rule IDs, and says in which rulesets it works (``BLACK_BOX``, ``CLASSIC``, ...).

Hooks ask a player's *active* powers: completed structures, foundations an ``activates``
power wakes early, and other players' public structures. A hook marked *own* also asks the
building's own power about itself, complete or not, since a power may speak about its own
foundation while it is laid and filled, and only a power whose text does so
(``own_foundation``: the Villa, the Statue): any other building has no function before it
is complete (R-BUILD-10).

Every hook receives a ``Context`` (``powers.context``) and the index of the player who owns
(or benefits from) the power. Effects (a step granted, the game ended, an event) go through
the context. Power modules import this module only (it re-exports the value types they use).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from gtr_replay.game.decisions import Add, Decision, Gather, Hire, Lay, Sell, Think  # value types
from gtr_replay.game.events import EventKind  # what a power tells it did
from gtr_replay.game.piles import multisets  # counting cards
from gtr_replay.game.steps import (  # value types
    TAKES, USUAL, Actions, AlsoFrom, ClientAction, EarlyActions, ExtraJack, ExtraThink, KeepPlayed, PublicPlacement,
    Razing, Slaying, Step, Theft, ThinkAfterDiscard, ThinkTwice,
)
from gtr_replay.game.steps import (  # value types
    ClientActions, FromUnder, PaidTheft, RequiredTheft, Retire, Retrigger, Revealed,
)
from gtr_replay.enums import JACK, MATERIALS, ROLES, Material, Role, Ruleset, Zone
from gtr_replay.powers.context import Context
from gtr_replay.data.ruling_types import *  # noqa: F403  every ruling's readings, as types (READINGS)
from gtr_replay.data.ruling_types import READINGS

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from gtr_replay.game.state import Building, GameState

BLACK_BOX: tuple[Ruleset, ...] = (Ruleset.REPUBLIC, Ruleset.IMPERIUM)

EVERY_OPPONENT = "every opponent"
THROUGH_PALISADE = "through a Palisade"
STOCKPILE = "stockpile"
REACH: tuple[str, ...] = (EVERY_OPPONENT, THROUGH_PALISADE, STOCKPILE)
"""What ``demand_reach`` may answer: demand from every opponent, not only the neighbours;
past a Palisade; from the stockpile as well as the hand (B-BRIDGE-1..3)."""
CLASSIC: tuple[Ruleset, ...] = (Ruleset.CLASSIC,)
EVERY: tuple[Ruleset, ...] = BLACK_BOX + CLASSIC


class Fold(StrEnum):
    """How the answers of several powers to one hook combine."""

    SUM = "sum"
    PRODUCT = "product"
    ANY = "any"
    MIN = "min"
    UNION = "union"
    FIRST = "first answer"
    CONCAT = "concatenated"
    EACH = "each acts, players from the leader"
    OWN = "the building's own power acts"
    GRANTER = "the power that granted the step acts"


IDENTITY: dict[Fold, Any] = {Fold.SUM: 0, Fold.PRODUCT: 1, Fold.ANY: False, Fold.MIN: None,
                             Fold.UNION: frozenset(), Fold.FIRST: None, Fold.CONCAT: ()}
"""What a fold gives when no power answers."""


@dataclass(frozen=True, slots=True)
class HookSpec:
    """One hook: its name (the ``Power`` method), how answers combine, where the engine asks."""

    name: str
    fold: Fold
    asked_in: str
    rules: tuple[str, ...]
    own: bool = False
    """Also asked of the building's own power about itself, complete or not."""
    once: bool = False
    """Asked once of a power however many copies of its function work (a woken foundation and
    another player's public structure of the same name, the ``public-copy`` ruling's
    ``two-copies``): the power's answer is already the player's whole (B-STAIRWAY-2)."""


HOOK_SPECS: tuple[HookSpec, ...] = (
    HookSpec("refill_bonus", Fold.SUM, "Thinker refill size", ("R-THINK-3",)),
    HookSpec("clientele_bonus", Fold.SUM, "clientele limit, before clientele_factor", ("R-PATRON-2",)),
    HookSpec("clientele_factor", Fold.PRODUCT, "clientele limit", ("R-PATRON-2",)),
    HookSpec("vault_bonus", Fold.SUM, "vault limit, before vault_factor", ("R-VAULT-2",)),
    HookSpec("vault_factor", Fold.PRODUCT, "vault limit", ("R-VAULT-2",)),
    HookSpec("extra_actions", Fold.SUM, "actions of the led role", ("R-ACT-3", "R-ACT-4")),
    HookSpec("client_roles", Fold.UNION, "roles a client may act as besides its own", ("R-ACT-3", "AMB-16")),
    HookSpec("material_fits", Fold.ANY, "adding a material", ("R-BUILD-5",), own=True),
    HookSpec("materials_needed", Fold.FIRST, "completion threshold", ("R-BUILD-8",), own=True),
    HookSpec("site_materials", Fold.UNION, "Sites a foundation may take", ("R-BUILD-1",), own=True),
    HookSpec("out_of_town_cost", Fold.MIN, "actions for out of town", ("R-BUILD-3",)),
    HookSpec("completes", Fold.ANY, "a placement completes early", ("R-BUILD-8",), own=True),
    HookSpec("activates", Fold.ANY, "an incomplete building works", ("R-BUILD-10",)),
    HookSpec("on_complete", Fold.OWN, "a building completes", ("R-BUILD-9",)),
    HookSpec("after_action", Fold.EACH, "an action is done: steps granted", ("R-ACT-1", "R-TURN-7")),
    HookSpec("action_sources", Fold.UNION, "other places an action's card may come from",
             ("R-PATRON-1", "R-LAB-1", "R-MER-1", "R-ARCH-1", "R-CRAFT-1")),
    HookSpec("extra_places", Fold.UNION, "places an action may take one more card from, beside its own card",
             ("R-PATRON-1", "R-LAB-1", "R-MER-1")),
    HookSpec("public_placement", Fold.ANY, "an Architect action may place in an opponent's structure",
             ("R-ARCH-1",)),
    HookSpec("before_think", Fold.UNION, "ways to discard before a Thinker action", ("R-THINK-1",)),
    HookSpec("after_think", Fold.EACH, "a Thinker action is done: steps granted", ("R-THINK-1",)),
    HookSpec("actions_end", Fold.EACH, "a player's actions of the turn end: steps granted", ("R-TURN-6", "AMB-14")),
    HookSpec("end_of_turn", Fold.EACH, "before cleanup: steps granted", ("R-TURN-8", "AMB-14")),
    HookSpec("demand_reach", Fold.UNION, "a Legionary demand: whom it reaches, what it takes", ("R-LEG-3", "R-LEG-11")),
    HookSpec("immune_to_demand", Fold.ANY, "a neighbour answers a demand", ("R-LEG-11",)),
    HookSpec("after_demand", Fold.EACH, "a demand is answered: steps granted against its victims",
             ("R-LEG-11", "B-COLOSSEUM-1", "B-DOMUSAUREA-1")),
    HookSpec("guards_clients", Fold.ANY, "a demander's Colosseum would take a victim's clients",
             ("B-COLOSSEUM-4", "BC-COLISEUM-1")),
    HookSpec("score_bonus", Fold.SUM, "final scoring", ("R-SCORE-2",), once=True),
    HookSpec("wins", Fold.ANY, "after a decision that could make a win", ("R-END-1d", "R-END-3d")),
    HookSpec("ended_game", Fold.FIRST, "a position: the end its completion made, had the game been played to it",
             ("R-END-2",)),
    HookSpec("play_options", Fold.CONCAT, "more ways to lead or follow", ("R-TURN-1", "R-TURN-2")),
    HookSpec("allows_play", Fold.ANY, "a play of several cards", ("R-TURN-1", "R-TURN-2")),
    HookSpec("several_plays", Fold.ANY, "a lead or follow of several plays at once", ("R-TURN-1", "R-TURN-2",
                                                                                     "AMB-26")),
    HookSpec("on_steal", Fold.GRANTER, "a structure is taken", ("R-INF-3",)),
    HookSpec("acts_early", Fold.ANY, "a player leads, follows or thinks: the led role's actions may come at once",
             ("R-TURN-3", "R-TURN-6", "AMB-36")),
    HookSpec("replaces_client", Fold.ANY, "a Patron action may hire in the place of a client", ("R-PATRON-2",)),
    HookSpec("influence_checked", Fold.FIRST, "influence as a limit or a count checks it, never in final scoring",
             ("R-INF-1", "G-AERARIUM-1", "AMB-42")),
    HookSpec("tears_down", Fold.ANY, "an action may tear down one's own structure instead of its usual effect",
             ("R-CRAFT-1", "G-WATCHPOST-1")),
)

SPECS: dict[str, HookSpec] = {spec.name: spec for spec in HOOK_SPECS}
HOOKS: tuple[str, ...] = tuple(SPECS)


def takeable(state: GameState, i: int) -> Iterator[tuple[int, Building]]:
    """The structures player ``i``'s Prison may take, with their owners' indexes: opponents'
    completed structures, stolen ones too, but none of a name ``i`` has a building of
    (B-PRISON-1, B-PRISON-4, BC-PRISON-1, AMB-19)."""
    names = {b.foundation for b in state.players[i].buildings}
    for j, other in enumerate(state.players):
        if j != i:
            for building in other.buildings:
                if building.complete and building.foundation not in names:
                    yield j, building


class Power:
    """A building function. Subclasses set ``building``, ``rulesets`` and ``rule_ids``."""

    building: ClassVar[str]
    rulesets: ClassVar[tuple[Ruleset, ...]]
    rule_ids: ClassVar[tuple[str, ...]]
    grants: ClassVar[tuple[type[Step], ...]] = ()
    """The kinds of steps this power grants (``game.steps``), for the docs and their tests."""
    own_foundation: ClassVar[bool] = False
    """Its text applies to its own foundation before completion (B-VILLA-1, B-STATUE-1), so the
    hooks declared ``own`` ask it about that foundation even though it is not active yet."""

    def refill_bonus(self, ctx: Context, owner: int) -> int:
        return 0

    def clientele_bonus(self, ctx: Context, owner: int) -> int:
        return 0

    def clientele_factor(self, ctx: Context, owner: int) -> int:
        return 1

    def vault_bonus(self, ctx: Context, owner: int) -> int:
        return 0

    def vault_factor(self, ctx: Context, owner: int) -> int:
        return 1

    def extra_actions(self, ctx: Context, owner: int, role: Role) -> int:
        return 0

    def client_roles(self, ctx: Context, owner: int, card: str) -> frozenset[Role]:
        """Roles the owner's client ``card`` may act as besides its own; one role per use."""
        return frozenset()

    def material_fits(self, ctx: Context, owner: int, building: Building, material: Material) -> bool:
        return False

    def materials_needed(self, ctx: Context, owner: int, building: Building) -> int | None:
        return None

    def site_materials(self, ctx: Context, owner: int, card: str) -> frozenset[Material]:
        return frozenset()

    def out_of_town_cost(self, ctx: Context, owner: int) -> int | None:
        return None

    def completes(self, ctx: Context, owner: int, building: Building, card: str, role: Role | None) -> bool:
        """Whether adding ``card`` (just placed, by an action of ``role``; None for a power's gift
        that is no action, G-BACCHANALIA-1) completes ``building`` now."""
        return False

    def activates(self, ctx: Context, owner: int, building: Building) -> bool:
        """Whether the owner's incomplete ``building`` already has its function."""
        return False

    def on_complete(self, ctx: Context, owner: int, building: Building) -> None:
        """The building's upon-completion effect, for ``owner`` (also when taken, B-PRISON-1)."""

    def after_action(self, ctx: Context, owner: int, decision: Decision, role: Role) -> None:
        """``decision``, an action of ``role``, is done: grant steps (``ctx.grant``)."""

    def action_sources(self, ctx: Context, owner: int, role: Role) -> frozenset[Zone]:
        """Places an action of ``role`` may also take its card from."""
        return frozenset()

    def extra_places(self, ctx: Context, owner: int, role: Role) -> frozenset[Zone]:
        """Of those, the places an action of ``role`` takes one more card from, beside its own
        card, rather than its card instead of the usual place."""
        return frozenset()

    def public_placement(self, ctx: Context, owner: int) -> bool:
        """Whether an Architect action may put a material into an opponent's structure."""
        return False

    def before_think(self, ctx: Context, owner: int) -> frozenset[str]:
        """Ways to discard before a Thinker action: ``one`` card, or the whole ``hand``."""
        return frozenset()

    def after_think(self, ctx: Context, owner: int, decision: Think) -> None:
        """A Thinker action is done: grant steps (``ctx.grant``); ``ctx.answered`` is the step
        it answered, None for a think instead of leading or following."""

    def actions_end(self, ctx: Context, owner: int) -> None:
        """The owner's actions of the turn are over: grant steps (``ctx.grant``)."""

    def end_of_turn(self, ctx: Context, owner: int) -> None:
        """The turn's actions are over, before cleanup: grant steps (``ctx.grant``)."""

    def demand_reach(self, ctx: Context, owner: int) -> frozenset[str]:
        """How far the owner's demands reach (``REACH``): every opponent, through a Palisade,
        into the stockpile."""
        return frozenset()

    def immune_to_demand(self, ctx: Context, owner: int, demander: int) -> bool:
        return False

    def after_demand(self, ctx: Context, owner: int, victims: tuple[int, ...], demanded: tuple[Material, ...]) -> None:
        """The owner's demand of ``demanded`` (one material per card shown) is answered;
        ``victims`` are the players it reached that no power protects: grant steps."""

    def guards_clients(self, ctx: Context, owner: int, demander: int) -> bool:
        """Whether the owner's clients are safe from ``demander``'s Colosseum, even where the
        demand reached the owner."""
        return False

    def score_bonus(self, ctx: Context, owner: int) -> int:
        return 0

    def wins(self, ctx: Context, owner: int) -> bool:
        return False

    def ended_game(self, ctx: Context, owner: int) -> str | None:
        """The end reason of a game in which this structure stands complete: a position that
        shows it describes a game already over."""
        return None

    def play_options(self, ctx: Context, owner: int, role: Role | None) -> Iterable[tuple[Role, tuple[str, ...]]]:
        """More (role, cards) plays to lead (``role`` None) or follow ``role`` with."""
        return ()

    def allows_play(self, ctx: Context, owner: int, cards: tuple[str, ...], role: Role) -> bool:
        """Whether playing ``cards`` together as ``role`` is allowed, as one play (one action)."""
        return False

    def several_plays(self, ctx: Context, owner: int, role: Role) -> bool:
        """Whether the owner may lead or follow ``role`` with several plays at once (cards of
        the role, Jacks, petitions), each worth one action."""
        return False

    def on_steal(self, ctx: Context, owner: int, victim: int, building: Building) -> None:
        """What taking ``building`` from ``victim`` costs the owner of this power."""

    def acts_early(self, ctx: Context, owner: int, role: Role) -> bool:
        """Whether the owner's actions of ``role`` may come as they lead, follow or think,
        before the players after them decide (an ``EarlyActions`` step the engine offers)."""
        return False

    def replaces_client(self, ctx: Context, owner: int) -> bool:
        """Whether the owner's Patron action may put one of their clients back in the Pool to
        hire the new one in its place."""
        return False

    def influence_checked(self, ctx: Context, owner: int, use: str) -> int | None:
        """The influence the owner checks instead of their own, for a ``limit`` (clientele,
        vault) or a ``count`` (actions or cards per Influence); None: their own."""
        return None

    def tears_down(self, ctx: Context, owner: int, role: Role | None) -> bool:
        """Whether the owner's action of ``role`` may tear down one of their completed structures."""
        return False

    def __repr__(self) -> str:
        return f"<{type(self).__name__} power of {self.building} ({', '.join(self.rule_ids)})>"

    @classmethod
    def hooks(cls) -> tuple[str, ...]:
        """The hooks this power overrides."""
        return tuple(h for h in HOOKS if getattr(cls, h) is not getattr(Power, h))


__all__ = [
    "Actions", "Add", "AlsoFrom", "BLACK_BOX", "CLASSIC", "ClientAction", "Context", "Decision", "EarlyActions", "EVERY",
    "EVERY_OPPONENT", "EventKind", "REACH", "STOCKPILE", "THROUGH_PALISADE",
    "ClientActions", "FromUnder", "PaidTheft", "RequiredTheft", "Retire", "Retrigger", "Revealed",
    "ExtraJack", "ExtraThink", "Fold", "Gather", "HOOKS", "HOOK_SPECS", "HookSpec", "Hire", "JACK", "KeepPlayed",
    "Lay", "MATERIALS", "Material", "Power", "PublicPlacement", "ROLES", "Razing", "Role", "Ruleset", "SPECS", "Sell",
    "Slaying", "Step",
    "TAKES", "Theft", "Think", "ThinkAfterDiscard", "ThinkTwice", "USUAL", "Zone", "multisets", "takeable",
    *READINGS,
]
