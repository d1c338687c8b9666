"""The Legionary: one demand of all materials at once, the Pool, then the neighbours
(R-LEG-1..10, AMB-09, AMB-10, AMB-12)."""

from __future__ import annotations

from collections import Counter

from gtr_replay.enums import JACK, Zone
from gtr_replay.engine import flow, rules, spent
from gtr_replay.engine.decisions import Demand, Give, TakeFromPool
from gtr_replay.engine.events import Event
from gtr_replay.engine.handlers.base import Handler, handles, missing, multisets, problem, take
from gtr_replay.engine.handlers.roles import remaining, rider_now
from gtr_replay.engine.state import GameState, LegionaryDemand, Phase


def neighbours(state: GameState, i: int) -> list[int]:
    """Left then right neighbour; in a two-player game the one opponent, once (R-LEG-3, R-LEG-5)."""
    left, right = state.left_of(i), state.right_of(i)
    return [left] if left == right else [left, right]


@handles
class DemandHandler(Handler):
    decision = Demand

    def candidates(self, state, i):
        player = state.players[i]
        orders = Counter(c for c in player.hand if c != JACK)
        for k in range(1, min(_shown_at_most(state, i), sum(orders.values())) + 1):
            for cards in multisets(orders, k):
                yield Demand(player.name, cards)

    def problem(self, state, i, d):
        if not d.cards:
            return problem("a demand shows at least one card", "R-LEG-1")
        if JACK in d.cards:
            return problem("a Jack can never be shown for a demand", "R-LEG-1", "R-CARD-6")
        lacking = missing(state.players[i].hand, d.cards)
        if lacking:
            return problem(f"{', '.join(lacking)} not in {d.player}'s hand", "R-LEG-1")
        left = _shown_at_most(state, i)
        if len(d.cards) > left:
            return problem(f"{d.player} has {left} Legionary actions, so can show at most {left} cards", "R-LEG-6")
        if d.materials is not None:
            return _material_problem(state, d)
        return None

    def perform(self, state, i, d, ev):
        demanded = [rules.material_of(state, c) for c in d.cards]
        per_demand = state.rulings["legionary-pool"] == "per-demand"
        state.legionary = LegionaryDemand(
            demander=i, shown=list(d.cards), demanded=demanded, pool_left=list(demanded),
            pool_budget=len(demanded) if per_demand else 1, victims=neighbours(state, i))
        if state.acting is not None:
            state.acting = None  # a new client's one action (B-BATH-1); the player's own remain
        else:
            state.actions_used = rules.action_count(state, i)  # every action is spent at once (R-LEG-6, R-LEG-7)
            state.players[i].done = True
            spent.note(state, i, "demand")
        ev.append(Event("demand", d.player, text=", ".join(str(m) for m in demanded), value=len(demanded)))
        state.phase = Phase.POOL
        if not pool_takes(state):
            end_pool_stage(state, ev)


def _material_problem(state: GameState, d: Demand):
    """The materials said must be the shown cards' materials: "turn over an Order card ...
    so that this Material is showing. Say 'Rome demands {name of Material}'" (R-LEG-1)."""
    shown = [rules.material_of(state, c) for c in d.cards]
    if len(d.materials) != len(d.cards):
        return problem(f"{len(d.materials)} material(s) said for {len(d.cards)} card(s) shown; each shown card "
                       "demands its own material", "R-LEG-1", "R-LEG-6")
    if Counter(d.materials) == Counter(shown):
        return None
    wrong = [(m, c, s) for m, c, s in zip(d.materials, d.cards, shown) if m is not s] or \
        [(m, c, s) for m, c, s in zip(sorted(d.materials), d.cards, shown)]
    said, card, actual = wrong[0]
    return problem(f"{card} is {actual}, so showing it demands {actual}, not {said}", "R-LEG-1",
                   hint=f"write '{d.player} demands {', '.join(str(m) for m in shown)} showing {', '.join(d.cards)}'")


def _shown_at_most(state: GameState, i: int) -> int:
    """One card per Legionary action; a new client's action shows one (R-LEG-6, B-BATH-1)."""
    return 1 if rider_now(state) is not None else remaining(state, i)


def pool_takes(state: GameState) -> list[str]:
    """Pool cards the demander may still take (R-LEG-2, AMB-09)."""
    demand = state.legionary
    if demand.pool_budget <= 0:
        return []
    wanted = set(demand.pool_left)
    return sorted({c for c in state.pool if rules.material_of(state, c) in wanted})


def pool_take_required(state: GameState) -> bool:
    """Whether the wording in force obliges the demander to take a matching Pool card (AMB-12)."""
    return (state.rulings["legionary-pool-optional"] == "as-worded"
            and rules.spec(state).pool_take_required and bool(pool_takes(state)))


def end_pool_stage(state: GameState, ev: list[Event]) -> None:
    state.phase = Phase.GIVE
    next_victim(state, ev)


def next_victim(state: GameState, ev: list[Event]) -> None:
    """Move on to the next neighbour, or back to the actions when all have answered."""
    demand = state.legionary
    if demand.victims:
        state.current = demand.victims[0]
        return
    state.current = demand.demander
    state.legionary = None
    state.phase = Phase.ACTIONS
    flow.settle_actions(state, ev)


@handles
class TakeFromPoolHandler(Handler):
    decision = TakeFromPool

    def candidates(self, state, i):
        name = state.players[i].name
        for card in pool_takes(state):
            yield TakeFromPool(name, card)

    def problem(self, state, i, d):
        demand = state.legionary
        if d.card not in state.pool:
            return problem(f"no {d.card} in the pool", "R-LEG-2")
        if demand.pool_budget <= 0:
            return problem("no more cards may be taken from the pool for this demand", "R-LEG-2", "AMB-09")
        if rules.material_of(state, d.card) not in demand.pool_left:
            return problem(f"{d.card} is {rules.material_of(state, d.card)}, which is not demanded "
                           "(or already taken)", "R-LEG-2", "AMB-09")
        return None

    def perform(self, state, i, d, ev):
        demand = state.legionary
        state.pool.remove(d.card)
        state.players[i].stockpile.append(d.card)
        demand.pool_left.remove(rules.material_of(state, d.card))
        demand.pool_budget -= 1
        spent.note(state, i, "pool")
        ev.append(Event("move", d.player, d.card, Zone.POOL, Zone.STOCKPILE))
        if not pool_takes(state):
            end_pool_stage(state, ev)


def owed(state: GameState, victim: int) -> Counter:
    """How many cards of each material the victim must give: one per demanded card, as far as
    the hand holds them (R-LEG-3, R-LEG-6, AMB-10)."""
    demand = state.legionary
    wanted = Counter(demand.demanded)
    have = Counter(rules.material_of(state, c) for c in state.players[victim].hand if c != JACK)
    return Counter({m: min(n, have[m]) for m, n in wanted.items() if have[m]})


def _immune(state: GameState, victim: int) -> bool:
    demander = state.legionary.demander
    return any(p.immune_to_demand(state, victim, demander) for p in rules.active_powers(state, victim))


def give_options(state: GameState, victim: int) -> list[tuple[str, ...]]:
    """Every set of cards the victim may hand over (R-LEG-3). An immune victim may give any
    part of what is demanded, nothing included: "you may still choose to give up cards if
    you wish" (B-PALISADE-1, B-WALL-2, R-LEG-11)."""
    due = owed(state, victim)
    hand = state.players[victim].hand
    immune = bool(due) and _immune(state, victim)
    per_material = []
    for material, n in sorted(due.items()):
        group = Counter(c for c in hand if c != JACK and rules.material_of(state, c) is material)
        sizes = range(n + 1) if immune else (n,)
        per_material.append([cards for k in sizes for cards in multisets(group, k)])
    combos: list[tuple[str, ...]] = [()]
    for choices in per_material:
        combos = [tuple(sorted(a + b)) for a in combos for b in choices]
    if immune:
        combos.sort(key=len, reverse=True)  # all that is due first, as without immunity
    return combos


def _answering(state: GameState, d: Give) -> int:
    """The neighbour a give answers for: the one named, if still to answer (the rulebooks set
    no order between the left and the right neighbour, R-LEG-3), else the next one."""
    victims = state.legionary.victims
    for victim in victims:
        if state.players[victim].name == d.player:
            return victim
    return victims[0]


@handles
class GiveHandler(Handler):
    decision = Give

    def decider(self, state, d):
        return d.player if state.rulings["legionary-give"] == "giver-chooses" else d.to

    def waits_for(self, state, d, expected):
        """Any neighbour still to answer may answer now (R-LEG-3)."""
        if state.legionary is not None and _answering(state, d) != state.legionary.victims[0]:
            return self.decider(state, d)
        return expected

    def candidates(self, state, i):
        demand = state.legionary
        victim = demand.victims[0]
        for cards in give_options(state, victim):
            yield Give(state.players[victim].name, cards, state.players[demand.demander].name)

    def problem(self, state, i, d):
        demand = state.legionary
        answering = _answering(state, d)
        victim = state.players[answering]
        demander = state.players[demand.demander]
        if d.player != victim.name or d.to != demander.name:
            return problem(f"{victim.name} answers {demander.name}'s demand now", "R-LEG-3")
        lacking = missing(victim.hand, d.cards)
        if lacking:
            return problem(f"{', '.join(lacking)} not in {victim.name}'s hand", "R-LEG-3")
        if tuple(sorted(d.cards)) in give_options(state, answering):
            return None
        due = owed(state, answering)
        wanted = ", ".join(f"{n} {m}" for m, n in sorted(due.items())) or "nothing"
        return problem(f"{victim.name} must give {wanted} from hand", "R-LEG-3", "R-LEG-6", "AMB-10")

    def perform(self, state, i, d, ev):
        demand = state.legionary
        answering = _answering(state, d)
        demand.victims.remove(answering)
        spent.note(state, answering, "answered")
        victim = state.players[answering]
        demander = state.players[demand.demander]
        take(victim.hand, d.cards)
        demander.stockpile.extend(d.cards)
        for card in d.cards:
            ev.append(Event("move", victim.name, card, Zone.HAND, Zone.STOCKPILE, text=f"to {demander.name}"))
        if not d.cards:
            ev.append(Event("glory", victim.name))
        next_victim(state, ev)
