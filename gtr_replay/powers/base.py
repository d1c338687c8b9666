"""The closed list of hooks a building power may implement.

Flow code asks the active powers of a player through these hooks (see ``engine.rules``) and
folds the answers; it never names a building. A power is a small class that overrides only
the hooks it needs and cites its rule IDs. Every hook receives the state and the index of the
player who owns (or benefits from) the power.

Hook             fold                         where the engine asks          rule
---------------- ---------------------------- ------------------------------ -----------
refill_bonus     sum                          Thinker refill size            R-THINK-3
clientele_bonus  sum, then clientele_factor   clientele limit                R-PATRON-2
clientele_factor product                      clientele limit                R-PATRON-2
vault_bonus      sum, then vault_factor       vault limit                    R-VAULT-2
vault_factor     product                      vault limit                    R-VAULT-2
extra_actions    sum                          actions of the led role        R-ACT-3, R-ACT-4
material_fits    any                          adding a material              R-BUILD-5
materials_needed first answer                 completion threshold           R-BUILD-8
site_materials   union                        Sites a foundation may take    R-BUILD-1
out_of_town_cost min                          actions for out of town        R-BUILD-3
on_complete      the building's own power     a building completes           R-BUILD-9
end_of_turn      each, players from leader    before cleanup                 R-TURN-8, AMB-14
immune_to_demand any                          a neighbour answers a demand   R-LEG-11
score_bonus      sum                          final scoring                  R-SCORE-2
wins             any                          after every decision           R-END-1d, R-END-3d
activates        any                          an incomplete building works   R-BUILD-10
completes        any, and the building's own  a placement completes early    R-BUILD-8
action_sources   union                        other places an action's card  R-PATRON-1, R-ARCH-1
                                              may come from
after_action     riders, pushed               an action is done              R-ACT-1, R-TURN-7
public_placement any                          an Architect action may place  R-ARCH-1
                                              in an opponent's structure
play_options     concatenated                 more ways to lead or follow    R-TURN-1, R-TURN-2
allows_play      any                          a play of several cards        R-TURN-1, R-TURN-2
on_steal         the granting power           a structure is taken           R-INF-3

Hooks ask a player's *active* powers (``engine.rules.active_powers``): completed structures,
foundations an ``activates`` power wakes early, and other players' public structures. Only
``completes`` also asks the building's own power about itself while it is a foundation, and
only a power whose text speaks of its own foundation (``own_foundation``, the Villa): any
other building has no function before it is complete (R-BUILD-10).

A *rider* (``engine.state.Rider``) is an extra step granted on top of an action and taken
before anything else: a new client's action, a second card from hand, a public placement, a
theft. ``after_action`` grants riders after an action; ``on_complete`` may push one too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from collections.abc import Iterable

    from gtr_replay.engine.decisions import Decision
    from gtr_replay.engine.events import Event
    from gtr_replay.engine.state import Building, GameState, Rider
    from gtr_replay.enums import Material, Role, Zone

HOOKS: tuple[str, ...] = (
    "refill_bonus", "clientele_bonus", "clientele_factor", "vault_bonus", "vault_factor", "extra_actions",
    "material_fits", "materials_needed", "site_materials", "out_of_town_cost", "on_complete", "end_of_turn",
    "immune_to_demand", "score_bonus", "wins", "activates", "completes", "action_sources", "after_action",
    "public_placement", "play_options", "allows_play", "on_steal",
)


class Power:
    """A building function. Subclasses set ``building``, ``editions`` and ``rule_ids``."""

    building: ClassVar[str]
    editions: ClassVar[tuple[str, ...]]
    rule_ids: ClassVar[tuple[str, ...]]
    own_foundation: ClassVar[bool] = False
    """Its text applies to its own foundation before completion (B-VILLA-1), so ``completes``
    is asked of it about that foundation even though the power is not active yet."""

    def refill_bonus(self, state: GameState, owner: int) -> int:
        return 0

    def clientele_bonus(self, state: GameState, owner: int) -> int:
        return 0

    def clientele_factor(self, state: GameState, owner: int) -> int:
        return 1

    def vault_bonus(self, state: GameState, owner: int) -> int:
        return 0

    def vault_factor(self, state: GameState, owner: int) -> int:
        return 1

    def extra_actions(self, state: GameState, owner: int, role: Role) -> int:
        return 0

    def material_fits(self, state: GameState, owner: int, building: Building, material: Material) -> bool:
        return False

    def materials_needed(self, state: GameState, owner: int, building: Building) -> int | None:
        return None

    def site_materials(self, state: GameState, owner: int, card: str) -> frozenset[Material]:
        return frozenset()

    def out_of_town_cost(self, state: GameState, owner: int) -> int | None:
        return None

    def on_complete(self, state: GameState, owner: int, building: Building) -> list[Event]:
        return []

    def end_of_turn(self, state: GameState, owner: int) -> list[Event]:
        return []

    def immune_to_demand(self, state: GameState, owner: int, demander: int) -> bool:
        return False

    def score_bonus(self, state: GameState, owner: int) -> int:
        return 0

    def wins(self, state: GameState, owner: int) -> bool:
        return False

    def activates(self, state: GameState, owner: int, building: Building) -> bool:
        """Whether the owner's incomplete ``building`` already has its function."""
        return False

    def completes(self, state: GameState, owner: int, building: Building, card: str, role: Role) -> bool:
        """Whether adding ``card`` (just placed, by an action of ``role``) completes ``building`` now."""
        return False

    def action_sources(self, state: GameState, owner: int, role: Role) -> frozenset[Zone]:
        """Places an action of ``role`` may also take its card from."""
        return frozenset()

    def after_action(self, state: GameState, owner: int, decision: Decision, role: Role) -> list[Rider]:
        """Riders granted once ``decision``, an action of ``role``, is done."""
        return []

    def public_placement(self, state: GameState, owner: int) -> bool:
        """Whether an Architect action may put a material into an opponent's structure."""
        return False

    def play_options(self, state: GameState, owner: int, role: Role | None) -> Iterable[tuple[Role, tuple[str, ...]]]:
        """More (role, cards) plays to lead (``role`` None) or follow ``role`` with."""
        return ()

    def allows_play(self, state: GameState, owner: int, cards: tuple[str, ...], role: Role) -> bool:
        """Whether playing ``cards`` together as ``role`` is allowed (what they give is ``extra_actions``)."""
        return False

    def on_steal(self, state: GameState, owner: int, victim: int, building: Building) -> list[Event]:
        """What taking ``building`` from ``victim`` costs the owner of this power."""
        return []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} power of {self.building} ({', '.join(self.rule_ids)})>"

    @classmethod
    def hooks(cls) -> tuple[str, ...]:
        """The hooks this power overrides."""
        return tuple(h for h in HOOKS if getattr(cls, h) is not getattr(Power, h))
