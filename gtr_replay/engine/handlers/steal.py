"""Taking a structure from another player, when a power grants it (B-PRISON-1..4, BC-PRISON-1,
AMB-19), for a price in Sites when the power asks one (C-AERARIUM-PRISON-1)."""

from __future__ import annotations

from collections import Counter

from gtr_replay.engine import rules
from gtr_replay.game.decisions import Steal
from gtr_replay.game.events import Event, EventKind
from gtr_replay.engine.handlers.base import Handler, missing, multisets, problem
from gtr_replay.engine.handlers.roles import step_now, upon_completion
from gtr_replay.game.state import GameState
from gtr_replay.game.steps import PaidTheft, Theft
from gtr_replay.powers.base import takeable
from gtr_replay.enums import Material, Zone


def payments(state: GameState, i: int, step: PaidTheft) -> list[tuple[Material, ...]]:
    """The sets of Sites in player ``i``'s influence that pay ``step``'s price: worth that much
    or more and, unless ``step.spare``, none of them could be kept back (C-AERARIUM-PRISON-1).
    The starting influence has no card, so it is never given."""
    held = Counter(state.players[i].influence)
    found = []
    for k in range(1, sum(held.values()) + 1):
        for sites in multisets(held, k):  # type: ignore[arg-type]  # materials count like cards
            values = [rules.material_value(m) for m in sites]  # type: ignore[arg-type]
            if sum(values) >= step.price and (step.spare or sum(values) - min(values) < step.price):
                found.append(tuple(Material(m) for m in sites))
    return found


def _payment_problem(state: GameState, i: int, d: Steal, step: Theft):
    """Whether the Sites the theft gives are the price the step asks (C-AERARIUM-PRISON-1)."""
    if not isinstance(step, PaidTheft):
        if d.sites:
            return problem("this structure is taken without giving Sites for it", "B-PRISON-2")
        return None
    if not d.sites:
        return problem(f"{d.player} must give {d.victim} Sites worth {step.price} or more for it",
                       "C-AERARIUM-PRISON-1", hint=f"write '{d.player} steals {d.victim}'s {d.building} giving ...'")
    lacking = missing([str(m) for m in state.players[i].influence], tuple(str(m) for m in d.sites))
    if lacking:
        return problem(f"{d.player}'s influence holds no {', '.join(lacking)} Site to give", "C-AERARIUM-PRISON-1")
    values = [rules.material_value(m) for m in d.sites]
    if sum(values) < step.price:
        return problem(f"the Sites given are worth {sum(values)}, less than {step.price}", "C-AERARIUM-PRISON-1")
    if not step.spare and sum(values) - min(values) >= step.price:
        return problem("a Site given could be kept back and the rest still be worth "
                       f"{step.price}; under this reading no more is given than needed", "C-AERARIUM-PRISON-1")
    return None


class StealHandler(Handler):
    decision = Steal

    def candidates(self, state, i):
        name = state.players[i].name
        step = step_now(state)
        prices = payments(state, i, step) if isinstance(step, PaidTheft) else [()]
        for j, building in takeable(state, i):
            for sites in prices:
                yield Steal(name, state.players[j].name, building.foundation, sites)

    def problem(self, state, i, d):
        if not isinstance(step_now(state), Theft):
            return problem(f"{d.player} has no structure to take now", "B-PRISON-1", "BC-PRISON-1")
        if d.victim == d.player:
            return problem("a structure is taken from an opponent", "B-PRISON-1")
        try:
            victim = state.player(d.victim)
        except KeyError:
            return problem(f"nobody called {d.victim} plays", "B-PRISON-1")
        building = victim.building(d.building)
        if building is None or not building.complete:
            return problem(f"{d.victim} has no completed {d.building}", "B-PRISON-1")
        if state.players[i].building(d.building) is not None:
            return problem(f"{d.player} already has a {d.building}", "B-PRISON-4", "R-BUILD-2", "AMB-19")
        return _payment_problem(state, i, d, step_now(state))

    def perform(self, state, i, d, ev):
        step = rules.take_answered(state)
        j = state.index(d.victim)
        victim, thief = state.players[j], state.players[i]
        building = victim.building(d.building)
        victim.buildings.remove(building)
        building.stolen = True
        thief.buildings.append(building)
        if (j, d.building) in state.public:  # a public structure stays public (B-STAIRWAY-1)
            state.public[state.public.index((j, d.building))] = (i, d.building)
        rules.buildings_changed(state)
        ev.append(Event(EventKind.MOVE, d.player, d.building, Zone.BUILDING, Zone.BUILDING, text=f"taken from {d.victim}"))
        for site in d.sites:  # the price asked (C-AERARIUM-PRISON-1)
            thief.influence.remove(site)
            victim.influence.append(site)
            value = rules.material_value(site)
            ev.append(Event(EventKind.INFLUENCE, thief.name, d.building, value=-value, text=f"{site} Site to {d.victim}"))
            ev.append(Event(EventKind.INFLUENCE, victim.name, d.building, value=value, text=f"{site} Site from {d.player}"))
        rules.fire(state, i, "on_steal", ev, j, building, powers=[rules.power_of(state, step.power)], answered=step)
        upon_completion(state, i, building, ev)  # as if just completed (B-PRISON-1, AMB-19)
