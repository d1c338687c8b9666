"""Decisions on one's completed structures that only a power makes possible: tearing one down
with a Craftsman action (G-WATCHPOST-1, AMB-31) and triggering a completed building's
upon-completion effect again for a Site given away (G-AERARIUM-2, C-AERARIUM-PRISON-1)."""

from __future__ import annotations

from gtr_replay.engine import rules
from gtr_replay.game.decisions import Demolish, Trigger
from gtr_replay.game.events import Event, EventKind
from gtr_replay.engine.handlers.base import Handler, problem
from gtr_replay.engine.handlers.roles import acting_role, step_now, upon_completion, use_actions
from gtr_replay.game.state import Building, GameState
from gtr_replay.game.steps import Retrigger
from gtr_replay.enums import Material, Zone
from gtr_replay.data.ruling_types import WatchPostSite


def may_tear_down(state: GameState, i: int) -> bool:
    """Whether player ``i``'s action now may tear down a structure (G-WATCHPOST-1)."""
    return bool(rules.fold(state, i, "tears_down", acting_role(state)))


class DemolishHandler(Handler):
    """Tear down one's own completed structure instead of a Craftsman action's usual effect: the
    foundation into the hand, the materials into the stockpile; its Site goes back where it
    was taken from and its influence is lost, or stays, by the watch-post-site ruling (AMB-31)."""

    decision = Demolish

    def none_legal(self, state, i):
        return not may_tear_down(state, i)

    def candidates(self, state, i):
        player = state.players[i]
        for building in player.buildings:
            if building.complete:
                yield Demolish(player.name, building.foundation)

    def problem(self, state, i, d):
        if not may_tear_down(state, i):
            return problem(f"no power lets {d.player}'s {acting_role(state)} action tear down a structure",
                           "R-CRAFT-1", "G-WATCHPOST-1")
        building = state.players[i].building(d.building)
        if building is None:
            return problem(f"{d.player} has no {d.building}", "G-WATCHPOST-1")
        if not building.complete:
            return problem(f"{d.player}'s {d.building} is not complete; only a completed building is torn down",
                           "G-WATCHPOST-1")
        return None

    def perform(self, state, i, d, ev):
        player = state.players[i]
        building = player.building(d.building)
        player.buildings.remove(building)
        rules.buildings_changed(state)
        player.hand.append(building.foundation)
        ev.append(Event(EventKind.MOVE, d.player, building.foundation, Zone.BUILDING, Zone.HAND, text="torn down"))
        for card in building.materials:
            player.stockpile.append(card)
            ev.append(Event(EventKind.MOVE, d.player, card, Zone.BUILDING, Zone.STOCKPILE, text=f"from the {d.building}"))
        if (i, d.building) in state.public:
            state.public.remove((i, d.building))
        if not building.stolen and state.rulings.watch_post_site is not WatchPostSite.KEEPS:
            _return_site(state, i, building, ev)
        use_actions(state, ev, d)


def _return_site(state: GameState, i: int, building: Building, ev: list[Event]) -> None:
    """The torn-down building's Site leaves the influence for the supply in town (the
    watch-post-site ruling's default, AMB-31), or for the stack it was claimed from under its
    ``returns-where-claimed`` reading. A Site given away before (in exchange for a structure
    taken, B-PRISON-2; to trigger a building, G-AERARIUM-2) is not the owner's to return:
    nothing moves, and the Sites of the owner's other buildings stay. Sites of one material are
    alike: where the influence holds none of it (Sites paid for a structure taken,
    C-AERARIUM-PRISON-1), nothing moves either."""
    player = state.players[i]
    if building.site_given or building.site not in player.influence:
        return
    player.influence.remove(building.site)
    out = building.out_of_town and state.rulings.watch_post_site is WatchPostSite.RETURNS_WHERE_CLAIMED
    (state.sites_out_of_town if out else state.sites_in_town)[building.site] += 1
    where = "out of town" if out else "in town"
    ev.append(Event(EventKind.INFLUENCE, player.name, building.foundation, value=-rules.material_value(building.site),
                    text=f"{building.site} Site back {where}"))


def _triggerable(state: GameState, step: Retrigger, building: Building) -> bool:
    """Whether ``building`` has an upon-completion effect the step may trigger: a completed
    building whose power acts on completion, and not one that triggers again in turn (two
    such would give Sites round for ever)."""
    if not building.complete:
        return False
    power = rules.powers_with(state, "on_complete").get(building.foundation)
    return power is not None and type(step) not in power.grants


class TriggerHandler(Handler):
    """Give the power's Site to a player, oneself included, and trigger at once the
    upon-completion effect of one of their completed buildings, for them (G-AERARIUM-2)."""

    decision = Trigger

    def candidates(self, state, i):
        step = step_now(state)
        if not isinstance(step, Retrigger):
            return
        name = state.players[i].name
        for j, owner in enumerate(state.players):
            for building in owner.buildings:
                if _triggerable(state, step, building):
                    yield Trigger(name, building.foundation, None if j == i else owner.name)

    def problem(self, state, i, d):
        step = step_now(state)
        if not isinstance(step, Retrigger):
            return problem(f"{d.player} has no upon-completion effect to trigger now", "G-AERARIUM-2")
        try:
            j = state.index(d.owner) if d.owner is not None else i
        except KeyError:
            return problem(f"nobody called {d.owner} plays", "G-AERARIUM-2")
        owner = state.players[j]
        building = owner.building(d.building)
        if building is None or not building.complete:
            return problem(f"{owner.name} has no completed {d.building}", "G-AERARIUM-2")
        if not _triggerable(state, step, building):
            return problem(f"{owner.name}'s {d.building} has no upon-completion effect the {step.power} may "
                           "trigger", "G-AERARIUM-2")
        return None

    def perform(self, state, i, d, ev):
        step = rules.take_answered(state)
        j = state.index(d.owner) if d.owner is not None else i
        giver, owner = state.players[i], state.players[j]
        if j != i and step.site in giver.influence:
            site = Material(step.site)
            giver.influence.remove(site)
            owner.influence.append(site)
            given = giver.building(step.power)
            if given is not None:
                given.site_given = True
            value = rules.material_value(site)
            text = f"Site of {step.power}"
            ev.append(Event(EventKind.INFLUENCE, giver.name, step.power, value=-value, text=text))
            ev.append(Event(EventKind.INFLUENCE, owner.name, step.power, value=value, text=text))
        ev.append(Event(EventKind.POWER, giver.name, step.power, text=f"triggers {owner.name}'s {d.building}"))
        upon_completion(state, j, owner.building(d.building), ev, answered=step)
