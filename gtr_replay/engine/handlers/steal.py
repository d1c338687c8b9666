"""Taking a structure from another player, when a power grants it (B-PRISON-1..4, BC-PRISON-1, AMB-19)."""

from __future__ import annotations

from gtr_replay.engine import rules
from gtr_replay.engine.decisions import Steal
from gtr_replay.engine.events import Event
from gtr_replay.engine.handlers.base import Handler, handles, problem
from gtr_replay.engine.handlers.roles import step_now, upon_completion
from gtr_replay.engine.steps import Theft
from gtr_replay.enums import Zone


class StealHandler(Handler):
    decision = Steal

    def candidates(self, state, i):
        thief = state.players[i]
        names = {b.foundation for b in thief.buildings}
        for j, other in enumerate(state.players):
            if j != i:
                for building in other.buildings:
                    if building.complete and building.foundation not in names:
                        yield Steal(thief.name, other.name, building.foundation)

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
        return None

    def perform(self, state, i, d, ev):
        step = state.answering
        state.answering = None
        j = state.index(d.victim)
        victim, thief = state.players[j], state.players[i]
        building = victim.building(d.building)
        victim.buildings.remove(building)
        building.stolen = True
        thief.buildings.append(building)
        if (j, d.building) in state.public:  # a public structure stays public (B-STAIRWAY-1)
            state.public[state.public.index((j, d.building))] = (i, d.building)
        ev.append(Event("move", d.player, d.building, Zone.BUILDING, Zone.BUILDING, text=f"taken from {d.victim}"))
        rules.fire(state, i, "on_steal", ev, j, building, powers=[rules.power_of(state, step.power)])
        upon_completion(state, i, building, ev)  # as if just completed (B-PRISON-1, AMB-19)


handles(StealHandler)
