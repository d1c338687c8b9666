"""The spoils of a demand, when a power grants them once every victim has answered: a
victim's client of a demanded material into the demander's vault (B-COLOSSEUM-1..3, AMB-11),
or a victim's empty foundation of a demanded material torn down (B-DOMUSAUREA-1, AMB-20).

The step (``engine.steps.Spoils``) names the victims and the demanded materials and counts
what was taken; after each taking it waits again while something more may be taken.
"""

from __future__ import annotations

from typing import ClassVar

from gtr_replay.engine import rules, spent
from gtr_replay.game.decisions import Slay, TearDown
from gtr_replay.game.events import Event, EventKind
from gtr_replay.engine.handlers.base import Handler, problem
from gtr_replay.engine.handlers.roles import step_now
from gtr_replay.game.state import Building, GameState
from gtr_replay.game.steps import Razing, Slaying, Spoils
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


class _SpoilsHandler(Handler):
    """A decision taking one spoil of a demand: the step's victims, the demanded materials and
    how many per victim are checked here; what may be taken and how, in the subclasses."""

    step_kind: ClassVar[type[Spoils]]
    rule: ClassVar[str]
    amb: ClassVar[str]
    what: ClassVar[str]
    """What is taken, in the plural, for errors."""
    taken_all: ClassVar[str]
    """The note that everything the demand allows is taken (``spent.REASONS``)."""

    def found(self, state: GameState, i: int, step: Spoils):
        raise NotImplementedError

    def taken(self, d) -> str:
        """The card the decision takes."""
        raise NotImplementedError

    def held_problem(self, state: GameState, i: int, d, j: int):
        """Whether the victim holds what is named, as it may be taken."""
        raise NotImplementedError

    def room_problem(self, state: GameState, i: int, d):
        return None

    def take(self, state: GameState, i: int, j: int, d, ev: list[Event]) -> None:
        raise NotImplementedError

    def candidates(self, state, i):
        step = step_now(state)
        if isinstance(step, self.step_kind):
            yield from self.found(state, i, step)

    def problem(self, state, i, d):
        found, wrong = _victim_problem(state, i, d, self.step_kind, self.rule)
        if wrong is not None:
            return wrong
        step, j = found
        wrong = self.held_problem(state, i, d, j)
        if wrong is not None:
            return wrong
        card = self.taken(d)
        material = _material(state, card)
        if material not in step.demanded and step.limit != "any":
            return problem(f"{card} is {material}, which was not demanded; only {self.what} matching a demanded "
                           "material are taken", self.rule)
        if not step.room(j, material):
            return problem(f"no more {material} {self.what} are taken from {d.victim} for this demand", self.rule,
                           self.amb)
        return self.room_problem(state, i, d)

    def perform(self, state, i, d, ev):
        step = rules.take_answered(state)
        j = state.index(d.victim)
        self.take(state, i, j, d, ev)
        step = step.after(j, _material(state, self.taken(d)))
        if next(iter(self.found(state, i, step)), None) is not None:
            state.steps.append(step)  # it waits again while something more may be taken
        else:
            spent.note(state, i, self.taken_all)  # a later one is refused for this


class SlayHandler(_SpoilsHandler):
    decision = Slay
    step_kind = Slaying
    rule = "B-COLOSSEUM-1"
    amb = "AMB-11"
    what = "clients"
    taken_all = "slain"

    def found(self, state, i, step):
        return _clients(state, i, step)

    def taken(self, d):
        return d.card

    def held_problem(self, state, i, d, j):
        if d.card not in state.players[j].clientele:
            return problem(f"no {d.card} in {d.victim}'s clientele", self.rule)
        return None

    def room_problem(self, state, i, d):
        if not _vault_room(state, i):
            return problem(f"{d.player}'s vault is full, so the clients survive", "B-COLOSSEUM-2", "R-VAULT-2")
        return None

    def take(self, state, i, j, d, ev):
        victim = state.players[j]
        victim.clientele.remove(d.card)
        if victim.hired.count(d.card) > victim.clientele.count(d.card):
            victim.hired.remove(d.card)  # the client slain was one hired this turn
        state.players[i].vault.append(d.card)
        ev.append(Event(EventKind.MOVE, d.victim, d.card, Zone.CLIENTELE, Zone.VAULT, text=f"slain, into {d.player}'s vault"))


class TearDownHandler(_SpoilsHandler):
    decision = TearDown
    step_kind = Razing
    rule = "B-DOMUSAUREA-1"
    amb = "AMB-20"
    what = "buildings"
    taken_all = "razed"

    def found(self, state, i, step):
        return _foundations(state, i, step)

    def taken(self, d):
        return d.building

    def held_problem(self, state, i, d, j):
        building = state.players[j].building(d.building)
        if building is None:
            return problem(f"{d.victim} has no {d.building} to tear down", self.rule)
        if not _empty(building):
            what = "is complete" if building.complete else "has materials under it"
            return problem(f"{d.victim}'s {d.building} {what}; only an incomplete building with no material "
                           "is torn down", self.rule)
        return None

    def take(self, state, i, j, d, ev):
        victim, me = state.players[j], state.players[i]
        building = victim.building(d.building)
        victim.buildings.remove(building)
        rules.buildings_changed(state)
        me.stockpile.append(building.foundation)
        me.influence.append(building.site)  # the Site, not the foundation card (CONFLICT-BB-1, AMB-20)
        ev.append(Event(EventKind.MOVE, d.victim, d.building, Zone.BUILDING, Zone.STOCKPILE,
                        text=f"torn down, into {d.player}'s stockpile"))
        ev.append(Event(EventKind.INFLUENCE, d.player, d.building, value=rules.material_value(building.site),
                        text=f"{building.site} Site from {d.victim}"))
