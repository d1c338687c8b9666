"""The spoils of a demand, when a power grants them once every victim has answered: a
victim's client of a demanded material into the demander's vault (B-COLOSSEUM-1..3, AMB-11),
or a victim's empty foundation of a demanded material torn down (B-DOMUSAUREA-1, AMB-20).

The step (``engine.steps.Spoils``) names the victims and the demanded materials and counts
what was taken; after each taking it waits again while something more may be taken.
"""

from __future__ import annotations

from gtr_replay.engine import rules
from gtr_replay.engine.decisions import Slay, TearDown
from gtr_replay.engine.events import Event
from gtr_replay.engine.handlers.base import Handler, handles, problem
from gtr_replay.engine.handlers.roles import step_now
from gtr_replay.engine.state import Building, GameState
from gtr_replay.engine.steps import Razing, Slaying, Spoils
from gtr_replay.enums import Zone


def _material(state: GameState, card: str) -> str | None:
    material = rules.material_of(state, card)
    return None if material is None else str(material)


def _vault_room(state: GameState, i: int) -> bool:
    """Clients are taken only while the vault has room (B-COLOSSEUM-2, R-VAULT-2)."""
    return len(state.players[i].vault) < rules.vault_limit(state, i)


def _clients(state: GameState, i: int, step: Slaying):
    if not _vault_room(state, i):
        return
    name = state.players[i].name
    for j in step.victims:
        victim = state.players[j]
        for card in sorted(set(victim.clientele)):
            if step.room(j, _material(state, card)):
                yield Slay(name, victim.name, card)


def _empty(building: Building) -> bool:
    """An incomplete building with no material under it (B-DOMUSAUREA-1)."""
    return not building.complete and not building.materials


def _foundations(state: GameState, i: int, step: Razing):
    name = state.players[i].name
    for j in step.victims:
        victim = state.players[j]
        for building in victim.buildings:
            if _empty(building) and step.room(j, _material(state, building.foundation)):
                yield TearDown(name, victim.name, building.foundation)


def _again(state: GameState, i: int, step: Spoils, ev: list[Event]) -> None:
    """The step waits again while something more may be taken; otherwise it is over."""
    more = _clients(state, i, step) if isinstance(step, Slaying) else _foundations(state, i, step)
    if next(more, None) is not None:
        state.steps.append(step)


def _victim_problem(state: GameState, i: int, d, kind: type[Spoils], rule: str):
    """What is wrong with the victim a spoils decision names, before its card is looked at."""
    step = step_now(state)
    if not isinstance(step, kind):
        return None, problem(f"{d.player} has no {d.verb} to make now: it follows one's own demand, "
                             "when a power grants it", rule)
    try:
        j = state.index(d.victim)
    except KeyError:
        return None, problem(f"nobody called {d.victim} plays", rule)
    if j not in step.victims:
        why = "is one's own player" if j == i else "was not demanded from, or a power protects them"
        return None, problem(f"{d.victim} {why}", rule, "R-LEG-11")
    return (step, j), None


@handles
class SlayHandler(Handler):
    decision = Slay

    def candidates(self, state, i):
        step = step_now(state)
        if isinstance(step, Slaying):
            yield from _clients(state, i, step)

    def problem(self, state, i, d):
        found, wrong = _victim_problem(state, i, d, Slaying, "B-COLOSSEUM-1")
        if wrong is not None:
            return wrong
        step, j = found
        if d.card not in state.players[j].clientele:
            return problem(f"no {d.card} in {d.victim}'s clientele", "B-COLOSSEUM-1")
        material = _material(state, d.card)
        if material not in step.demanded:
            return problem(f"{d.card} is {material}, which was not demanded; only matching clients are taken",
                           "B-COLOSSEUM-1")
        if not step.room(j, material):
            return problem(f"one {material} client per {material} demanded is taken from each victim, and "
                           f"{d.victim} has given as many", "B-COLOSSEUM-1", "AMB-11")
        if not _vault_room(state, i):
            return problem(f"{d.player}'s vault is full, so the clients survive", "B-COLOSSEUM-2", "R-VAULT-2")
        return None

    def perform(self, state, i, d, ev):
        step = state.answering
        state.answering = None
        j = state.index(d.victim)
        victim = state.players[j]
        victim.clientele.remove(d.card)
        if victim.hired.count(d.card) > victim.clientele.count(d.card):
            victim.hired.remove(d.card)  # the client slain was one hired this turn
        state.players[i].vault.append(d.card)
        ev.append(Event("move", d.victim, d.card, Zone.CLIENTELE, Zone.VAULT, text=f"slain, into {d.player}'s vault"))
        _again(state, i, step.after(j, _material(state, d.card)), ev)


@handles
class TearDownHandler(Handler):
    decision = TearDown

    def candidates(self, state, i):
        step = step_now(state)
        if isinstance(step, Razing):
            yield from _foundations(state, i, step)

    def problem(self, state, i, d):
        found, wrong = _victim_problem(state, i, d, Razing, "B-DOMUSAUREA-1")
        if wrong is not None:
            return wrong
        step, j = found
        building = state.players[j].building(d.building)
        if building is None:
            return problem(f"{d.victim} has no {d.building} to tear down", "B-DOMUSAUREA-1")
        if not _empty(building):
            what = "is complete" if building.complete else "has materials under it"
            return problem(f"{d.victim}'s {d.building} {what}; only an incomplete building with no material "
                           "is torn down", "B-DOMUSAUREA-1")
        material = _material(state, d.building)
        if material not in step.demanded:
            return problem(f"{d.building} is {material}, which was not demanded; the building must match the "
                           "demanded colour", "B-DOMUSAUREA-1")
        if not step.room(j, material):
            return problem(f"no more buildings are torn down from {d.victim} for this demand", "B-DOMUSAUREA-1",
                           "AMB-20")
        return None

    def perform(self, state, i, d, ev):
        step = state.answering
        state.answering = None
        j = state.index(d.victim)
        victim, me = state.players[j], state.players[i]
        building = victim.building(d.building)
        victim.buildings.remove(building)
        me.stockpile.append(building.foundation)
        me.influence.append(building.site)  # the Site, not the foundation card (CONFLICT-BB-1, AMB-20)
        ev.append(Event("move", d.victim, d.building, Zone.BUILDING, Zone.STOCKPILE,
                        text=f"torn down, into {d.player}'s stockpile"))
        ev.append(Event("influence", d.player, d.building, value=rules.material_value(building.site),
                        text=f"{building.site} Site from {d.victim}"))
        _again(state, i, step.after(j, _material(state, d.building)), ev)
