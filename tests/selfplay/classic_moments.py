"""What each classic building power visibly does in a game, found by replaying its decisions:
one detector per building, named by it, so that a self-play test can ask that every classic
power comes into play (001 Appendix, BC-*)."""

from __future__ import annotations

from collections import Counter

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import (
    Add, Demand, Discard, Follow, Gather, Give, Hire, Lay, Lead, Pass, Sell, Slay, Steal, Think,
)
from gtr_replay.game.state import GameState
from gtr_replay.enums import JACK, Material, Role, Zone


def _complete(state: GameState, i: int, name: str) -> bool:
    building = state.players[i].building(name)
    return building is not None and building.complete


def _limits(state: GameState, seen: Counter) -> None:
    """Limits a power raised beyond what Influence gives, in use (BC-INSULA-1, BC-AQUEDUCT-1,
    BC-MARKET-1, BC-BASILICA-1)."""
    for i, p in enumerate(state.players):
        influence = rules.influence(state, i)
        insula = 2 if _complete(state, i, "Insula") else 0
        if len(p.clientele) > influence + insula and _complete(state, i, "Aqueduct"):
            seen["Aqueduct"] += 1
        elif len(p.clientele) > influence and insula:
            seen["Insula"] += 1
        market = 2 if _complete(state, i, "Market") else 0
        if len(p.vault) > influence + market and _complete(state, i, "Basilica"):
            seen["Basilica"] += 1
        elif len(p.vault) > influence and market:
            seen["Market"] += 1
        if any(not b.complete and rules.material_of(state, b.foundation) is Material.MARBLE for b in p.buildings) \
                and _complete(state, i, "Gate"):
            seen["Gate"] += 1  # a Marble foundation working (BC-GATE-1)


def _decision(before: GameState, after: GameState, d, events, seen: Counter) -> None:
    kind = type(d)
    i = before.index(d.player)
    top = before.steps[-1] if before.steps else None
    if top is not None and kind is not Pass and kind is not Discard and top.player == i:
        seen[top.power] += 1  # a step a power granted, taken (Academy, Bar, Bath, Bridge, Dock, ...)
    if kind is Steal:
        seen["Prison"] += 1
    if kind is Slay:
        seen["Coliseum"] += 1
    if kind is Sell and d.source is Zone.HAND:
        seen["Atrium"] += 1
    if kind is Add and d.source is Zone.POOL:
        seen["Archway"] += 1
    if kind is Gather and d.source is Zone.DECK:
        seen["Foundry"] += 1
    if kind in (Lead, Follow):
        role = d.role if kind is Lead else before.led_role
        cards = [c for c in d.cards if c != JACK]
        if len(d.cards) == 2 and len(cards) == 2 and rules.role_of(before, cards[0]) is rules.role_of(before, cards[1]) \
                and rules.role_of(before, cards[0]) is not role:
            seen["Circus"] += 1
        elif len(d.cards) == 1 and cards and rules.role_of(before, cards[0]) is not role:
            seen["Circus Maximus"] += 1
        elif len(d.cards) > 1:
            seen["Palace"] += 1
    if kind is Lay and d.site is not None:
        if d.card == "Statue":
            seen["Statue"] += 1
        elif d.site is Material.RUBBLE and _complete(before, i, "Tower"):
            seen["Tower"] += 1
        else:
            seen["Scriptorium"] += 1
    if kind is Add and d.owner is None:
        building = before.players[i].building(d.building)
        material = rules.material_of(before, d.card)
        own = rules.material_of(before, building.foundation)
        if material is not own and material is not building.site:
            if material is Material.RUBBLE and _complete(before, i, "Tower"):
                seen["Tower"] += 1
            elif own is Material.STONE and _complete(before, i, "Road"):
                seen["Road"] += 1
        done = after.players[i].building(d.building)
        if done is not None and done.complete and len(done.materials) < rules.materials_needed(before, i, building):
            seen["Villa" if d.building == "Villa" else "Stairway"] += 1
    if kind is Demand:
        reach = rules.fold(before, i, "demand_reach")
        if "every opponent" in reach and len(before.players) > 3:
            seen["Bridge"] += 1
    for e in events:
        if e.kind == "actions":
            j = after.index(e.player)
            for client in after.players[j].clientele:
                own = rules.role_of(after, client)
                if own is not after.led_role and after.led_role in rules.client_roles(after, j, client):
                    seen["Ludus Magna" if own is Role.MERCHANT else "Fountain"] += 1
        elif e.kind == "complete" and e.card == "Forum":
            seen["Forum"] += 1
    if kind is Think and d.option == "refill" and len(after.players[i].hand) > 5:
        seen["Temple" if rules.refill_size(after, i) >= 9 else "Shrine"] += 1  # a refill past five
    if kind is Hire and d.replacing is not None:
        seen["Bath"] += 1
    if kind is Hire and d.source is Zone.HAND or kind is Gather and d.source is Zone.HAND:
        seen["Bar" if kind is Hire else "Dock"] += 1


def _kept(before: GameState, d, forced, seen: Counter) -> None:
    """A Palisade owner keeping a matching card from a demand: the engine answers for them,
    giving nothing (BC-PALISADE-1)."""
    demanded = set(before.legionary.demanded) if before.legionary is not None else set()
    if type(d) is Demand:
        demanded |= {rules.material_of(before, c) for c in d.cards}
    for step in forced:
        give = step.decision
        if type(give) is Give and not give.cards and _complete(before, before.index(give.player), "Palisade"):
            hand = before.players[before.index(give.player)].hand
            if any(c != JACK and rules.material_of(before, c) in demanded for c in hand):
                seen["Palisade"] += 1


def classic_moments(game) -> Counter:
    """What the classic powers of one self-play game did, by building name."""
    seen: Counter = Counter()
    table = Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings)
    state = table.state
    for decision in game.decisions:
        before = state.copy()
        applied = table.push(decision)
        _decision(before, state, decision, applied.events, seen)
        _kept(before, decision, applied.forced, seen)
        _limits(state, seen)
    if state.end_reason == "catacomb":
        seen["Catacomb"] += 1
    for i, p in enumerate(state.players):
        if len(p.stockpile) >= 2 and _complete(state, i, "Wall"):
            seen["Wall"] += 1  # points at the end (BC-WALL-1)
    return seen
