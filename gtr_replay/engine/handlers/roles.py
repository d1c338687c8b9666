"""The actions of the roles other than Legionary: Patron, Laborer, Architect, Craftsman,
Merchant, and declining (R-PATRON-*, R-LAB-*, R-ARCH-1, R-CRAFT-1, R-BUILD-*, R-MER-*, R-TURN-7)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from gtr_replay.enums import JACK, MATERIALS, Material, Role, Zone
from gtr_replay.engine import flow, rules, spent
from gtr_replay.game.decisions import Add, Decision, Gather, Hire, Lay, Pass, Sell
from gtr_replay.game.events import TURNED_UP, Event, EventKind
from gtr_replay.engine.handlers.base import NONE_COUNTED, Handler, problem
from gtr_replay.game.piles import is_unseen
from gtr_replay.game.state import Building, GameState, Phase
from gtr_replay.game.steps import (
    ROLE_ACTIONS, USUAL, Actions, AlsoFrom, ClientAction, EarlyActions, FromUnder, PublicPlacement, Revealed,
    Step,
)
from gtr_replay.data.ruling_types import AlsoStep, AnySiteOutOfTown, DeckEnd, OutOfTownPair

def step_now(state: GameState) -> Step | None:
    """The step the current decision answers: being performed, or waiting on top. While a
    decision is performed, the steps its own effects grant (a completion's burst) are not
    what it answers: it stays the action it was (R-BUILD-9)."""
    ctx: rules.EngineContext = state.context or rules.query_context(state)
    if ctx.answering is not None:
        return ctx.answering
    if state.steps and not ctx.performing:
        return state.steps[-1]
    return None


def acting_role(state: GameState) -> Role | None:
    """The role of the action now: the role of the step answered (a new client's, B-BATH-1;
    a burst of actions, B-GARDEN-1), else the led role; None for a power's gift that is no
    action (G-BACCHANALIA-1, G-SOLARIUM-1)."""
    step = step_now(state)
    if step is not None:
        if step.role is not None:
            return step.role
        if not step.is_action:
            return None
    return state.led_role


def remaining(state: GameState, i: int) -> int:
    """Actions the player may spend now on one move, such as an out-of-town foundation: the
    actions of the turn's sequence from this one on while each is consecutive with it and of
    a role that pairs with its own (R-BUILD-3, AMB-05, AMB-27). A step gives its own (one, or
    the rest of a burst); then come the steps waiting under it, and last the player's own
    actions of the led role. Where each action came from makes no difference."""
    step = step_now(state)
    if step is None:
        return rules.action_count(state, i) - state.actions_used
    role = step.role
    total = step.actions
    for later in _steps_after(state, step):
        if not _whole_action(later) or later.player != i or not pairs(state, role, later.role):
            return total
        total += later.actions
    own = _own_left(state, i)
    return total + own if own and pairs(state, role, state.led_role) else total


def pairs(state: GameState, first: Role | None, then: Role | None) -> bool:
    """Whether an action of role ``then`` right after one of role ``first`` may be combined
    with it: the same role, or, under the ``out-of-town-pair`` ruling's other reading, an
    Architect and a Craftsman action in either order (R-BUILD-3, AMB-05)."""
    if first is None or then is None:
        return False
    if first is then:
        return True
    return state.rulings.out_of_town_pair is OutOfTownPair.ARCHITECT_OR_CRAFTSMAN and first in _BUILDERS and then in _BUILDERS


_BUILDERS: Final = (Role.ARCHITECT, Role.CRAFTSMAN)


def _whole_action(step: Step) -> bool:
    """Whether ``step`` is a whole action of its role (a new client's, a burst's), not a
    part added to one (an extra placement, one more card)."""
    return step.role is not None and step.answers() == ROLE_ACTIONS[step.role]


def _steps_after(state: GameState, step: Step) -> list[Step]:
    """The steps that come after ``step`` (answered now, or waiting on top), nearest first."""
    waiting = state.steps if rules.answering(state) is step else state.steps[:-1]
    return waiting[::-1]


def _own_left(state: GameState, i: int) -> int:
    """The player's own actions of the led role still to come this turn, once the steps are
    answered: only while it is that player's turn to act (R-TURN-6)."""
    if state.phase is not Phase.ACTIONS or state.current != i or state.players[i].done:
        return 0
    return max(rules.action_count(state, i) - state.actions_used, 0)


def use_actions(state: GameState, ev: list[Event], d: Decision, n: int = 1, i: int | None = None,
                since: int | None = None) -> None:
    """Spend ``n`` actions on ``d`` (a step pays for its own), grant the steps powers attach
    to it, then move the turn on (R-ACT-3, R-TURN-6). The player is the one the step answered
    names (a step may come after its player's actions, G-WATERMILL-1), else the current one.
    ``since``: how many steps waited when ``d`` began; those above were started by its own
    completion (a burst, B-FOUNDRY-1), and a step that is part of the action (``Step.also``)
    stays open until they are over too (``also_open``)."""
    role = acting_role(state)
    answered = _answered_by(state, d)
    if i is None:
        i = state.current if answered is None else answered.player
    actions = spend(state, n, i)
    if state.phase is Phase.OVER:  # the deck's last card was taken (R-END-1a)
        return
    granted = rules.fire(state, i, "after_action", ev, d, role, answered=answered, actions=actions)
    if flow.deck_spent(state):  # the action that took the deck's last card completes, and no more (AMB-01)
        granted = [s for s in granted if isinstance(s, AlsoFrom)]  # its one more card: a pass if none is left
        if granted or any(isinstance(s, AlsoFrom) and s.player == i and s.take_role is role for s in state.steps):
            rules.push_steps(state, ev, granted)
        else:
            flow.end_game(state, ev, "deck", by=state.players[i].name)
        return
    if granted and since is not None:
        granted = also_open(state, granted, len(state.steps) - since)
    rules.push_steps(state, ev, granted)
    flow.settle_actions(state, ev)


def _answered_by(state: GameState, d: Decision) -> Step | None:
    """The step ``d`` answers. The cards one action may take one from each of several places
    (``AlsoFrom``) wait as steps granted together, in no order a text sets: a card from the
    place of one beneath the step on top answers that one, and the one on top waits again
    (B-AQUEDUCT-2, B-BAR-1). One that closes the usual place drops the step for it (B-BAR-2)."""
    answered = rules.answering(state)
    if not isinstance(answered, AlsoFrom):
        return answered
    place = getattr(d, "source", None) or USUAL[answered.take_role]
    steps = state.steps
    if place is not answered.zone:
        for k, other in _siblings(state, answered):
            if other.zone is place:
                steps[k] = answered
                answered = rules.query_context(state).answering = other
                break
    if answered.closes_usual:
        usual = USUAL[answered.take_role]
        for k, other in reversed(_siblings(state, answered)):
            if other.zone is usual:
                del steps[k]
    return answered


def _siblings(state: GameState, step: AlsoFrom) -> list[tuple[int, AlsoFrom]]:
    """The ``AlsoFrom`` steps granted with ``step`` (the same player's, for the same action),
    with where they wait on the stack, from the top."""
    found = []
    for k in range(len(state.steps) - 1, -1, -1):
        other = state.steps[k]
        if not (isinstance(other, AlsoFrom) and other.player == step.player and other.take_role is step.take_role):
            break
        found.append((k, other))
    return found


def also_open(state: GameState, granted: list[Step], burst: int) -> list[Step]:
    """The steps an action's powers grant, where its completion started ``burst`` steps. Each
    that is part of the action (``Step.also``: "each time you execute an Architect action you
    may also", B-STAIRWAY-1) is offered at once; under the ``also-step`` ruling's default it
    carries the burst's size, so that, declined while the burst waits, it waits under it
    (``defer_also``) and is offered again once the burst is over."""
    if burst <= 0 or state.rulings.also_step is not AlsoStep.AFTER_BURST_TOO:
        return granted
    return [step.open_over(burst) for step in granted]


def defer_also(state: GameState, step: Step) -> None:
    """``step`` (part of an action, ``Step.also``) is declined while the steps the action's
    completion started still wait: it waits under them, offered again once they are over."""
    burst = getattr(step, "burst", 0)
    if step.also and burst > 0:
        state.steps.insert(max(len(state.steps) - burst, 0), step.open_over(0))


def spend(state: GameState, n: int = 1, i: int | None = None) -> tuple[Role | None, ...]:
    """Pay ``n`` actions of the role now (R-ACT-3), in the order they come (``remaining``):
    the step being answered first (what a burst has left waits on the stack again), then the
    action steps waiting under it, then the player's own actions. Actions taken early are the
    player's own: none is left for their place in the turn (AMB-36). The role of each action
    paid, in that order (a step's own role, else the one acting)."""
    step = rules.answering(state)
    if i is None:
        i = state.current if step is None else step.player
    role = acting_role(state)
    acted = state.players[i].acted
    if role is not None and role not in acted:
        acted.append(role)
    if step is None:
        state.actions_used += max(n, 0)
        return (role,) * n
    if isinstance(step, EarlyActions):
        state.players[i].done = True
    rules.take_answered(state)
    paid = min(n, step.actions)
    n -= paid
    roles = (step.role or role,) * paid
    if isinstance(step, Actions) and step.count > paid:
        state.steps.append(replace(step, count=step.count - paid))
        return roles
    while n > 0 and state.steps and _whole_action(later := state.steps[-1]) and later.player == i \
            and pairs(state, role, later.role):
        state.steps.pop()
        paid = min(n, later.actions)
        n -= paid
        roles += (later.role,) * paid
        if later.role is not None and later.role not in acted:
            acted.append(later.role)
        if isinstance(later, Actions) and later.count > paid:
            state.steps.append(replace(later, count=later.count - paid))
    if n > 0 and state.led_role is not None and state.led_role not in acted:
        acted.append(state.led_role)
    state.actions_used += max(n, 0)
    return roles + (state.led_role,) * n


def _move(ev, player, card, source, target):
    ev.append(Event(EventKind.MOVE, player, card, source, target))


def _sources(state: GameState, i: int, usual: Zone) -> frozenset[Zone]:
    """Where this action may take its card: the usual place, or others a power opens; for
    the card an action takes beside one from another place (``AlsoFrom``), of those only the
    places a power puts in the usual one's stead, none it takes one more card from."""
    step = step_now(state)
    if isinstance(step, AlsoFrom):  # the places of the steps granted with it too (``_answered_by``)
        places = {other.zone for _, other in _siblings(state, step)} | {step.zone}
        return frozenset(places - {usual}) | (_own_places(state, i, usual) if usual in places else frozenset())
    if step is not None and (only := step.sources(usual)) is not None:
        return only
    more = rules.action_sources(state, i, acting_role(state))
    return _ONLY[usual] | more if more else _ONLY[usual]


_ONLY: Final = {zone: frozenset((zone,)) for zone in Zone}
"""Each place as the only one an action takes from (the common answer of ``_sources``)."""


def _own_places(state: GameState, i: int, usual: Zone) -> frozenset[Zone]:
    """Where an action's own card may come from beside another card: the usual place, or one
    a power puts in its stead, none it takes one more card from (B-ATRIUM-1, BC-DOCK-2)."""
    role = acting_role(state)
    return frozenset({usual}) | (rules.action_sources(state, i, role) - rules.extra_places(state, i, role))


def _zone_cards(state: GameState, i: int, zone: Zone) -> list[str]:
    """The cards an action may take from ``zone``: "from deck", the cards a step turned up
    (G-BACCHANALIA-1), else of the deck only the top one, or any card while the deck's order
    is unknown (the record says which, B-BAR-1, B-ATRIUM-1); from a building, the materials
    under the one the step names (G-CASTRAPRAETORIA-1, G-SOLARIUM-1)."""
    if zone is Zone.POOL:
        return state.pool
    if zone is Zone.DECK:
        step = step_now(state)
        if step is not None and step.turned_up:
            return state.turned_up
        return state.deck if not state.deck_known else state.deck[:1]
    if zone is Zone.BUILDING:
        step = step_now(state)
        building = state.players[i].building(step.building) if isinstance(step, FromUnder) else None
        return building.materials if building is not None else []
    return getattr(state.players[i], _HELD[zone])


_HELD: Final = {zone: zone.value for zone in Zone}
"""A player's zone's field, by zone (``Zone`` names a player's zones by their fields)."""


def _take(state: GameState, i: int, zone: Zone, card: str, ev: list[Event], *, goes_on: bool = False) -> Zone:
    """Take ``card`` out of ``zone``; return the zone it left, which is the turned-up cards'
    for a card a step turned up "from deck" (G-BACCHANALIA-1). The deck's last card ends the
    game under the default reading (R-END-1a, AMB-01), once the action is done; a deck the
    turned-up cards emptied ends it with the last of them placed (G-BACCHANALIA-2). With
    ``goes_on``, the action may take one more card after this one: the end waits for it
    (``use_actions``; BC-FOUNDRY-1, B-BAR-1 with B-AQUEDUCT-2, B-ATRIUM-1 with B-BASILICA-1)."""
    if zone is not Zone.DECK:
        cards = _zone_cards(state, i, zone)
        cards.remove(_held(cards, card) or card if is_unseen(card) else card)
        return zone
    step = step_now(state)
    turned_up = step is not None and step.turned_up
    (state.turned_up if turned_up else state.deck).remove(card)
    if not goes_on and flow.deck_spent(state):
        flow.end_game(state, ev, "deck", by=state.players[i].name)
    return Zone.TURNED_UP if turned_up else zone


def _held(cards: list[str], card: str) -> str | None:
    """``card`` as ``cards`` hold it: itself, or for ``?`` (a card the record does not see, sold
    face down from a hand, B-BASILICA-1) any unseen card there, one a demand narrowed too."""
    if card in cards:
        return card
    if is_unseen(card):
        return next((c for c in cards if is_unseen(c)), None)
    return None


def _source_problem(state: GameState, i: int, d, usual: Zone, rule: str, action: str):
    """Whether ``d.card`` may come from ``d.source`` (or the usual place) for this action."""
    zone = d.source or usual
    step = step_now(state)
    restricted = step is not None and step.sources(usual) is not None
    if (zone is not usual or restricted) and zone not in (allowed := _sources(state, i, usual)):
        places = " or the ".join(sorted(z.value for z in allowed))
        return problem(f"{action} from the {places}, not the {zone}", rule)
    if d.card == JACK:
        return problem("a Jack is not an Order card", "R-CARD-6", "R-JACK-3")
    if step is not None and (why := step.allows(d)) is not None:
        return problem(why, *step.rules)
    if _held(_zone_cards(state, i, zone), d.card) is None:
        if zone is Zone.BUILDING and isinstance(step, FromUnder):  # the step that opens one (_zone_cards)
            return problem(f"no {d.card} under {d.player}'s {step.building}", *step.rules)
        owner = "the" if zone is Zone.POOL else f"{d.player}'s"
        return problem(f"no {d.card} in {owner} {zone}", rule, *(("R-TURN-10",) if zone is Zone.POOL else ()))
    return None


def _source_candidates(state: GameState, i: int, usual: Zone) -> list[tuple[str, Zone | None]]:
    """(card, source) pairs to offer: the usual place first, written without a source."""
    zones = _sources(state, i, usual)
    if len(zones) == 1 and usual in zones:
        return [(card, None) for card in sorted(set(_zone_cards(state, i, usual))) if card != JACK]
    found: list[tuple[str, Zone | None]] = []
    for zone in sorted(zones, key=lambda z: (z is not usual, z.value)):  # a stable order
        source = None if zone is usual else zone
        found.extend((card, source) for card in sorted(set(_zone_cards(state, i, zone))) if card != JACK)
    return found


def answering_step(state: GameState, decisions):
    """``decisions``, less those the step they answer turns down (``Step.allows``): for an
    action built from the places it may take from (``_source_candidates``), all
    ``_source_problem`` asks of it."""
    step = step_now(state)
    if step is None:
        return decisions
    return (d for d in decisions if step.allows(d) is None)


def _sampled(state: GameState, i: int, usual: Zone, kind):
    """The count of a Patron's, Laborer's or Merchant's choices answering no step, and how to
    build the k-th: each card of each place it may come from (``_source_candidates``; without a step,
    never from under a building)."""
    name = state.players[i].name
    offered = _source_candidates(state, i, usual)
    return len(offered), lambda k: kind(name, *offered[k])


def _under(state: GameState) -> str | None:
    """The building whose materials the step answered now gives (G-CASTRAPRAETORIA-1, G-SOLARIUM-1)."""
    step = step_now(state)
    return step.building if isinstance(step, FromUnder) else None


class HireHandler(Handler):
    """Hire a client (R-PATRON-1); where a power allows, in the place of one, who goes back to
    the Pool at once (BC-BATH-2)."""

    decision = Hire

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        under = _under(state)
        offered = _source_candidates(state, i, Zone.POOL)
        for card, source in offered:
            yield Hire(name, card, source, building=under if source is Zone.BUILDING else None)
        for client in _replaceable(state, i):
            for card, source in offered:
                if source is not Zone.BUILDING:
                    yield Hire(name, card, source, client)

    def none_legal(self, state: GameState, i: int):
        return len(state.players[i].clientele) >= rules.clientele_limit(state, i) and not _replaceable(state, i)

    def legal(self, state: GameState, i: int):
        """The candidates, less the plain hires of a full clientele (R-PATRON-2); a client is
        offered for replacing only where a power allows it (``_replaceable``)."""
        full = len(state.players[i].clientele) >= rules.clientele_limit(state, i)
        return answering_step(state, (d for d in self.candidates(state, i) if d.replacing is not None or not full))

    def sample(self, state: GameState, i: int):
        """Without a step or a client to replace, one hire for each card ``legal`` offers."""
        if self.none_legal(state, i):
            return NONE_COUNTED
        if step_now(state) is not None or _replaceable(state, i):
            return super().sample(state, i)
        return _sampled(state, i, Zone.POOL, Hire)

    def problem(self, state: GameState, i: int, d):
        found = _source_problem(state, i, d, Zone.POOL, "R-PATRON-1", "a Patron hires")
        if found:
            return found
        if d.replacing is not None:
            if not rules.fold(state, i, "replaces_client"):
                return problem(f"no power lets {d.player} replace a client", "BC-BATH-2", "R-PATRON-2")
            if d.replacing not in state.players[i].clientele:
                return problem(f"{d.replacing} is not one of {d.player}'s clients", "BC-BATH-2")
            return None  # one client for another: the clientele does not grow
        limit = rules.clientele_limit(state, i)
        if len(state.players[i].clientele) >= limit:
            return problem(f"{d.player}'s clientele is full ({limit} clients, the limit)", "R-PATRON-2", "R-PATRON-3")
        return None

    def perform(self, state: GameState, i: int, d, ev):
        player = state.players[i]
        zone = _take(state, i, d.source or Zone.POOL, d.card, ev, goes_on=True)
        if d.replacing is not None:  # the old client is in the Pool at once (BC-BATH-2)
            player.clientele.remove(d.replacing)
            if d.replacing in player.hired:
                player.hired.remove(d.replacing)
            flow.put_back(state, d.player, d.replacing, Zone.CLIENTELE, ev)
        player.clientele.append(d.card)
        player.hired.append(d.card)
        role = rules.role_of(state, d.card)
        if role is state.led_role:
            spent.note(state, i, "hired")  # it acts from a later turn (R-ACT-2)
        _move(ev, d.player, d.card, zone, Zone.CLIENTELE)
        waiting = len(state.steps)
        use_actions(state, ev, d)
        if any(s.player == i and s.role is role for s in state.steps[waiting:]):
            player.spent.pop("hired", None)  # a power lets it act at once: it did not wait (B-BATH-1)


def _replaceable(state: GameState, i: int) -> list[str]:
    """The clients a hire may put back in the Pool, where a power allows it (BC-BATH-2)."""
    clientele = state.players[i].clientele
    if not clientele or not rules.fold(state, i, "replaces_client"):
        return []
    return sorted(set(clientele))


class GatherHandler(Handler):
    decision = Gather

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        under = _under(state)
        for card, source in _source_candidates(state, i, Zone.POOL):
            yield Gather(name, card, source, under if source is Zone.BUILDING else None)

    def problem(self, state: GameState, i: int, d):
        return _source_problem(state, i, d, Zone.POOL, "R-LAB-1", "a Laborer gathers")

    def legal(self, state: GameState, i: int):
        return answering_step(state, self.candidates(state, i))

    def sample(self, state: GameState, i: int):
        if step_now(state) is not None:
            return super().sample(state, i)
        return _sampled(state, i, Zone.POOL, Gather)

    def perform(self, state: GameState, i: int, d, ev):
        zone = _take(state, i, d.source or Zone.POOL, d.card, ev, goes_on=True)
        state.players[i].stockpile.append(d.card)
        _move(ev, d.player, d.card, zone, Zone.STOCKPILE)
        use_actions(state, ev, d)


def _site_problem(state: GameState, i: int, card: str, site, out_of_town: bool):
    """Whether a foundation of ``card`` may take a Site of ``site`` (R-BUILD-1..4, AMB-04)."""
    allowed = rules.site_materials(state, i, card)
    if site not in allowed:
        return problem(f"{card} is a {rules.material_of(state, card)} building and cannot be laid on a {site} Site",
                       "R-BUILD-1")
    if not out_of_town:
        if state.sites_in_town[site] > 0:
            return None
        hint = None
        if rules.out_of_town_open(state, site):
            hint = f"lay it out of town with {rules.out_of_town_cost(state, i)} actions"
        return problem(f"no {site} Site left in town", "R-BUILD-2", hint=hint)
    if not rules.spec(state).out_of_town_sites:
        return problem("this ruleset has no out-of-town Sites", "R-BUILD-4")
    if site is not rules.material_of(state, card) and state.rulings.any_site_out_of_town is AnySiteOutOfTown.IN_TOWN_ONLY:
        return problem(f"{card} may take a {site} Site in town only, under this reading", "AMB-28", "B-STATUE-1")
    if state.sites_out_of_town[site] <= 0:
        return problem(f"no {site} Site left out of town", "R-BUILD-2")
    if not rules.out_of_town_open(state, site):
        return problem(f"{site} Sites remain in town; out of town opens once they are gone", "AMB-04")
    cost = rules.out_of_town_cost(state, i)
    if remaining(state, i) < cost:
        return problem(f"an out-of-town foundation takes {cost} actions; {state.players[i].name} has "
                       f"{remaining(state, i)} left", "R-BUILD-3", "AMB-05")
    return None


class LayHandler(Handler):
    """Lay a foundation from hand, for an Architect or a Craftsman (R-ARCH-1a, R-CRAFT-1a); a
    Craftsman may lay the deck's top card where a power allows (B-FOUNTAIN-1). Pool cards are
    never foundations (B-ARCHWAY-2)."""

    decision = Lay

    def _from_deck(self, state: GameState, i: int) -> bool:
        """A Craftsman action a power lets draw (B-FOUNTAIN-1), or a card a power turned up
        (G-BACCHANALIA-1: a gift that is no action)."""
        role = acting_role(state)
        return (role is Role.CRAFTSMAN or role is None) and Zone.DECK in _sources(state, i, Zone.HAND)

    def _offered(self, state: GameState, i: int) -> list[tuple[str, Zone | None]]:
        """The cards a foundation may come from: the hand, and the deck where a power allows."""
        offered: list[tuple[str, Zone | None]] = [(card, None) for card in sorted(set(state.players[i].hand))]
        if self._from_deck(state, i):
            offered += [(card, Zone.DECK) for card in sorted(set(_zone_cards(state, i, Zone.DECK)))]
        return offered

    def candidates(self, state: GameState, i: int):
        player = state.players[i]
        places = (False, True) if rules.spec(state).out_of_town_sites else (False,)
        for card, source in self._offered(state, i):
            own = rules.material_of(state, card)
            if own is None:  # a Jack, or a card not seen: no foundation to offer (engine.unseen)
                continue
            for site in sorted(rules.site_materials(state, i, card), key=MATERIALS.index):
                for oot in places:
                    if not oot or (state.sites_out_of_town[site] > 0 and rules.out_of_town_open(state, site)):
                        yield Lay(player.name, card, None if site is own else site, oot, source)

    def legal(self, state: GameState, i: int):
        """The candidates ``_site_problem`` accepts, each Site asked once: a card not yet
        built, on a Site of a material it may take, in town while one is left there, out of
        town where it is open, the ruling lets it take that Site, and enough actions remain
        (R-BUILD-1..4, AMB-04, AMB-05, AMB-28); the step answered may turn some down."""
        name = state.players[i].name
        return answering_step(state, (Lay(name, *values) for values in self._sited(state, i)))

    def sample(self, state: GameState, i: int):
        """Without a step to answer, the foundations ``legal`` offers counted, each built only
        when drawn."""
        if step_now(state) is not None:
            return super().sample(state, i)
        name = state.players[i].name
        found = list(self._sited(state, i))
        return len(found), lambda k: Lay(name, *found[k])

    def _sited(self, state: GameState, i: int):
        """The foundations ``legal`` offers before the step's filter, as their (card, Site,
        out of town, source) values."""
        player = state.players[i]
        far = rules.spec(state).out_of_town_sites
        own_site_only = state.rulings.any_site_out_of_town is AnySiteOutOfTown.IN_TOWN_ONLY
        reach = None  # whether the actions an out-of-town foundation takes remain: asked once
        for card, source in self._offered(state, i):
            own = rules.material_of(state, card)
            if own is None or player.building(card) is not None:
                continue
            for site in sorted(rules.site_materials(state, i, card), key=MATERIALS.index):
                written = None if site is own else site
                if state.sites_in_town[site] > 0:
                    yield card, written, False, source
                if not far or state.sites_out_of_town[site] <= 0 or (written is not None and own_site_only) \
                        or not rules.out_of_town_open(state, site):
                    continue
                if reach is None:
                    reach = remaining(state, i) >= rules.out_of_town_cost(state, i)
                if reach:
                    yield card, written, True, source

    def problem(self, state: GameState, i: int, d):
        player = state.players[i]
        if d.card == JACK:
            return problem("a Jack can never be a foundation", "R-CARD-6", "R-JACK-3")
        step = step_now(state)
        if step is not None and (why := step.allows(d)) is not None:
            return problem(why, *step.rules)
        if d.source is Zone.DECK:
            if not self._from_deck(state, i):
                return problem(f"{d.player} cannot lay a foundation from the deck", "R-CRAFT-1", "B-FOUNTAIN-1")
            if d.card not in _zone_cards(state, i, Zone.DECK):
                return problem(f"{d.card} is not the deck's top card", "B-FOUNTAIN-1")
        elif d.source not in (None, Zone.HAND):
            return problem(f"a foundation comes from the hand, not the {d.source}", "R-BUILD-1", "B-ARCHWAY-2")
        elif d.card not in player.hand:
            return problem(f"no {d.card} in {d.player}'s hand", "R-BUILD-1", "R-BUILD-7")
        if player.building(d.card) is not None:
            return problem(f"{d.player} already has a {d.card}", "R-BUILD-2")
        site = d.site or rules.material_of(state, d.card)
        return _site_problem(state, i, d.card, site, d.out_of_town)

    def perform(self, state, i, d, ev):
        player = state.players[i]
        site = Material(d.site) if d.site else rules.material_of(state, d.card)
        zone = _take(state, i, d.source or Zone.HAND, d.card, ev)
        stack = state.sites_out_of_town if d.out_of_town else state.sites_in_town
        stack[site] -= 1
        player.buildings.append(Building(d.card, site, out_of_town=d.out_of_town))
        rules.buildings_changed(state)
        _move(ev, d.player, d.card, zone, Zone.BUILDING)
        ev.append(Event(EventKind.SITE, d.player, d.card, text=f"{site} {'out of town' if d.out_of_town else 'in town'}"))
        if d.out_of_town:
            spent.note(state, i, "out-of-town")
        cost = rules.out_of_town_cost(state, i) if d.out_of_town else 1
        reason = None if d.out_of_town or state.phase is Phase.OVER else flow.sites_end(state, site)
        if reason is not None:
            spend(state, cost, i)
            flow.end_game(state, ev, reason, by=d.player)  # R-END-1b, R-END-3b, AMB-02, AMB-29
            return
        use_actions(state, ev, d, cost)


class AddHandler(Handler):
    """Add a material to a building: from the stockpile for an Architect, from hand for a
    Craftsman (R-ARCH-1b, R-CRAFT-1b, R-BUILD-5); a power may let an Architect instead
    put one into an opponent's structure, making it public (B-STAIRWAY-1, B-STAIRWAY-4)."""

    decision = Add

    def _usual(self, state: GameState) -> Zone:
        return Zone.STOCKPILE if acting_role(state) is Role.ARCHITECT else Zone.HAND

    def _public_open(self, state: GameState, i: int) -> bool:
        step = step_now(state)
        if step is not None and not isinstance(step, (ClientAction, Actions)):
            return isinstance(step, PublicPlacement)
        return acting_role(state) is Role.ARCHITECT and rules.public_placement(state, i)

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for card, building, source, owner in self._placements(state, i):
            yield Add(name, card, building, source, owner)

    def _placements(self, state: GameState, i: int):
        """The candidates' (card, building, source, owner) values, in their order."""
        player = state.players[i]
        step = step_now(state)
        own = [b for b in player.buildings if not b.complete] \
            if step is None or isinstance(step, (ClientAction, Actions, Revealed)) else []
        public = self._public_open(state, i)
        if not own and not public:  # nowhere to add a material: the cards need not be looked at
            return
        usual = self._usual(state)
        # only a shown card of a material the building takes (``problem`` asks both again): most
        # pairs of a hand and a camp's buildings do not fit, and are not offered to be refused
        material_of = rules.materials(state)
        offered = [(card, source, material) for card, source in _source_candidates(state, i, usual)
                   if (material := material_of.get(card)) is not None]
        for building in own:
            takes: dict[Material, bool] = {}  # each material asked once a building (rules.takes_material)
            for card, source, material in offered:
                fits = takes.get(material)
                if fits is None:
                    fits = takes[material] = rules.takes_material(state, i, building, material)
                if fits:
                    yield card, building.foundation, source, None
        if public:
            for j, other in enumerate(state.players):
                if j != i:
                    for building in other.buildings:
                        if building.complete:
                            material = rules.material_of(state, building.foundation)
                            for card, source, held in offered:
                                if held is material:
                                    yield card, building.foundation, source, other.name

    def sample(self, state: GameState, i: int):
        """Without a step to answer, the candidates counted, each built only when drawn."""
        if step_now(state) is not None:
            return super().sample(state, i)
        name = state.players[i].name
        found = list(self._placements(state, i))
        return len(found), lambda k: Add(name, *found[k])

    def legal(self, state: GameState, i: int):
        """The candidates: each is a shown card of a material its building takes, into an
        incomplete building of the player's own or, where placing is open, a completed
        structure of another's (``candidates``); the step answered may turn some down."""
        return answering_step(state, self.candidates(state, i))

    def problem(self, state: GameState, i: int, d):
        player = state.players[i]
        usual = self._usual(state)
        rule = "R-ARCH-1" if usual is Zone.STOCKPILE else "R-CRAFT-1"
        if d.card == JACK:
            return problem("a Jack can never be a material", "R-CARD-6", "R-JACK-3")
        found = _source_problem(state, i, d, usual, rule, "this action adds material")
        if found:
            return found
        if d.owner is not None and d.owner != d.player:
            return self._public_problem(state, i, d)
        step = step_now(state)
        if step is not None and (why := step.allows(d)) is not None:
            return problem(why, *(step.rules or ("B-STAIRWAY-1",)))
        building = player.building(d.building)
        if building is None:
            return problem(f"{d.player} has no {d.building} building", "R-BUILD-5")
        if building.complete:
            return problem(f"{d.player}'s {d.building} is already complete", "R-BUILD-8")
        if rules.material_of(state, d.card) is None:  # a card not seen (engine.unseen)
            return problem(f"a material added to a building is shown: {d.card} names no card", "R-BUILD-5")
        if not rules.material_fits(state, i, building, d.card):
            return problem(f"{d.building} is a {rules.material_of(state, d.building)} building; "
                           f"{d.card} is {rules.material_of(state, d.card)}", "R-BUILD-5")
        return None

    def _public_problem(self, state: GameState, i: int, d):
        if not self._public_open(state, i):
            return problem(f"{d.player} cannot add to another player's building", "R-BUILD-5", "B-STAIRWAY-1")
        try:
            building = state.player(d.owner).building(d.building)
        except KeyError:
            return problem(f"nobody called {d.owner} plays", "B-STAIRWAY-1")
        if building is None or not building.complete:
            return problem(f"{d.owner} has no completed {d.building}", "B-STAIRWAY-1")
        if rules.material_of(state, d.card) is not rules.material_of(state, d.building):
            return problem(f"{d.building} is a {rules.material_of(state, d.building)} structure; "
                           f"{d.card} is {rules.material_of(state, d.card)}", "B-STAIRWAY-1", "AMB-21")
        return None

    def perform(self, state, i, d, ev):
        player = state.players[i]
        zone = d.source or self._usual(state)
        role = acting_role(state)
        since = len(state.steps)
        zone = _take(state, i, zone, d.card, ev)
        if d.owner is not None and d.owner != d.player:
            j = state.index(d.owner)
            state.players[j].building(d.building).materials.append(d.card)
            _move(ev, d.player, d.card, zone, Zone.BUILDING)
            if (j, d.building) not in state.public:
                state.public.append((j, d.building))
            rules.buildings_changed(state)
            ev.append(Event(EventKind.PUBLIC, d.owner, d.building, text=f"made public by {d.player}"))
            use_actions(state, ev, d)  # without a step, the placement was the whole action (B-STAIRWAY-4)
            return
        building = player.building(d.building)
        completes = rules.completes_now(state, i, building, d.card, role)
        building.materials.append(d.card)
        rules.buildings_changed(state)
        _move(ev, d.player, d.card, zone, Zone.BUILDING)
        if len(building.materials) >= rules.materials_needed(state, i, building) or completes:
            complete(state, i, building, ev)
            if state.phase is Phase.OVER:  # the action that ended the game was still spent (R-END-2)
                spend(state, 1, i)
                return
        use_actions(state, ev, d, since=since)


def complete(state: GameState, i: int, building: Building, ev: list[Event]) -> None:
    """A building completes: its Site goes to influence and its function is active at once;
    upon-completion powers act now (R-BUILD-8, R-BUILD-9), unless the action that completed it
    ended the game (the deck's last card added, AMB-01): nothing more is done (R-END-2)."""
    player = state.players[i]
    building.complete = True
    rules.buildings_changed(state)
    player.influence.append(building.site)
    value = rules.material_value(building.site)
    ev.append(Event(EventKind.COMPLETE, player.name, building.foundation))
    ev.append(Event(EventKind.INFLUENCE, player.name, building.foundation, value=value))
    if state.phase is not Phase.OVER:
        upon_completion(state, i, building, ev)
    flow.check_wins(state, ev)


def upon_completion(state: GameState, i: int, building: Building, ev: list[Event],
                    answered: Step | None = None) -> None:
    """The building's own upon-completion effect, for whoever now owns it (R-BUILD-9,
    B-PRISON-1); ``answered``: the step whose answer triggered it again (G-AERARIUM-2)."""
    own = rules.powers_with(state, "on_complete").get(building.foundation)
    if own is not None and not rules.functions_ignored(state):
        rules.push_steps(state, ev, rules.fire(state, i, "on_complete", ev, building, powers=[own], answered=answered))


class SellHandler(Handler):
    decision = Sell

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for card, source in _source_candidates(state, i, Zone.STOCKPILE):
            yield Sell(name, card, source)

    def none_legal(self, state: GameState, i: int):
        return len(state.players[i].vault) >= rules.vault_limit(state, i)

    def legal(self, state: GameState, i: int):
        """The candidates: a full vault refuses them all (``none_legal``, asked first)."""
        return answering_step(state, self.candidates(state, i))

    def sample(self, state: GameState, i: int):
        if self.none_legal(state, i):
            return NONE_COUNTED
        if step_now(state) is not None:
            return super().sample(state, i)
        return _sampled(state, i, Zone.STOCKPILE, Sell)

    def problem(self, state: GameState, i: int, d):
        found = _source_problem(state, i, d, Zone.STOCKPILE, "R-MER-1", "a Merchant sells")
        if found:
            return found
        limit, held = rules.vault_limit(state, i), len(state.players[i].vault)
        if held >= limit:
            over = "" if held == limit else f", and it holds {held}"
            return problem(f"{d.player}'s vault is full (its limit is {limit} cards{over})", "R-VAULT-2")
        return None

    def perform(self, state: GameState, i: int, d, ev):
        zone = d.source or Zone.STOCKPILE
        step = rules.answering(state)
        if zone is Zone.CLIENTELE:
            _retire(state, i, d.card, getattr(step, "hired", False))
        else:
            zone = _take(state, i, zone, d.card, ev, goes_on=True)
        vault = state.players[i].vault
        vault.append(d.card)
        seen = TURNED_UP if step is not None and step.turned_up else None  # the table saw it (AMB-25)
        if zone is Zone.DECK:  # face down, unseen by its owner too (B-ATRIUM-1, AMB-25); a turned-up card was seen
            state.blind_vault.append((i, len(vault) - 1))
        ev.append(Event(EventKind.MOVE, d.player, d.card, zone, Zone.VAULT, text=seen))
        use_actions(state, ev, d)


def _retire(state: GameState, i: int, card: str, hired: bool) -> None:
    """A client that has acted leaves the clientele for the vault (G-TRICLINIUM-1): its action
    stays spent, so the actions its player has left do not change (R-ACT-3). ``hired``: it is
    a client hired this turn (B-BATH-1), so a client of the same name held from before stays
    one that acts this turn (R-ACT-2)."""
    player = state.players[i]
    counting = state.phase is Phase.ACTIONS and i == state.current and not player.done
    before = rules.action_count(state, i) if counting else 0
    player.clientele.remove(card)
    if (hired and card in player.hired) or player.hired.count(card) > player.clientele.count(card):
        player.hired.remove(card)  # the client was hired this turn
    if counting:
        state.actions_used = max(0, state.actions_used - (before - rules.action_count(state, i)))
