"""The Legionary: one demand of all materials at once, the Pool, then the neighbours
(R-LEG-1..10, AMB-09, AMB-10, AMB-12)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from gtr_replay.enums import JACK, Material, Role, Zone
from gtr_replay.engine import flow, rules, spent
from gtr_replay.game.decisions import Demand, Give, TakeFromPool
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.piles import is_unseen
from gtr_replay.engine.handlers.base import Handler, missing, multisets, not_held, problem, take
from gtr_replay.engine.handlers.roles import remaining, spend, step_now
from gtr_replay.game.state import GameState, LegionaryDemand, Phase
from gtr_replay.game.steps import EarlyActions
from gtr_replay.powers.base import EVERY_OPPONENT, STOCKPILE
from gtr_replay.data.ruling_types import LegionaryGive, LegionaryPool, LegionaryPoolOptional


def neighbours(state: GameState, i: int) -> list[int]:
    """Left then right neighbour; in a two-player game the one opponent, once (R-LEG-3, R-LEG-5)."""
    left, right = state.left_of(i), state.right_of(i)
    return [left] if left == right else [left, right]


def victims_of(state: GameState, i: int, reach: frozenset[str]) -> list[int]:
    """Whom a demand reaches: the neighbours, or every opponent clockwise from the left when a
    power says so (R-LEG-3, B-BRIDGE-2)."""
    if EVERY_OPPONENT not in reach:
        return neighbours(state, i)
    found, j = [], state.left_of(i)
    while j != i:
        found.append(j)
        j = state.left_of(j)
    return found


def showable(state: GameState, i: int) -> list[str]:
    """The incomplete buildings player ``i`` may show for a demand, each once a turn, when a
    power lets buildings be shown (G-CASTRAPRAETORIA-2)."""
    if Zone.BUILDING not in rules.action_sources(state, i, Role.LEGIONARY):
        return []
    player = state.players[i]
    return [b.foundation for b in player.buildings
            if not b.complete and player.spent.get(spent.shown(b.foundation)) != state.turn]


class DemandHandler(Handler):
    decision = Demand

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for cards, shown in self._shows(state, i):
            yield Demand(name, cards, None, shown)

    def sample(self, state: GameState, i: int):
        """The demands counted, each built only when drawn."""
        name = state.players[i].name
        found = list(self._shows(state, i))
        return len(found), lambda k: Demand(name, found[k][0], None, found[k][1])

    def _shows(self, state: GameState, i: int):
        """What each candidate shows: (cards from hand, buildings), in the candidates' order."""
        player = state.players[i]
        orders = Counter(c for c in player.hand if c != JACK)
        most = _shown_at_most(state, i)
        buildings = showable(state, i) if state.players[i].buildings else []
        for b in range(min(most, len(buildings)) + 1):
            for shown in combinations(buildings, b):
                for k in range(0 if b else 1, min(most - b, sum(orders.values())) + 1):
                    for cards in multisets(orders, k):
                        yield cards, shown

    def legal(self, state: GameState, i: int):
        """The candidates: Order cards from hand and buildings that may be shown
        (``showable``), at least one, no more than the player's Legionary actions (R-LEG-1, R-LEG-6)."""
        return self.candidates(state, i)

    def problem(self, state: GameState, i: int, d):
        if not d.cards and not d.buildings:
            return problem("a demand shows at least one card", "R-LEG-1")
        if JACK in d.cards:
            return problem("a Jack can never be shown for a demand", "R-LEG-1", "R-CARD-6")
        lacking = not_held(state.players[i].hand, d.cards, f"{d.player}'s hand")
        if lacking:
            return problem(lacking, "R-LEG-1")
        if d.buildings:
            found = _buildings_problem(state, i, d)
            if found is not None:
                return found
        left = _shown_at_most(state, i)
        if len(d.cards) + len(d.buildings) > left:
            return problem(f"{d.player} has {left} Legionary actions, so can show at most {left} cards", "R-LEG-6")
        if d.materials is not None:
            return _material_problem(state, d)
        return None

    def perform(self, state, i, d, ev):
        demanded = [rules.material_of(state, c) for c in (*d.cards, *d.buildings)]
        for building in d.buildings:
            spent.note(state, i, spent.shown(building))  # once a Legionary round (G-CASTRAPRAETORIA-2)
        per_demand = state.rulings.legionary_pool is LegionaryPool.PER_DEMAND
        reach = rules.fold(state, i, "demand_reach")
        early = state.phase is not Phase.ACTIONS or state.current != i  # before the demander's place (BC-BRIDGE-1)
        step = rules.answering(state)
        state.legionary = LegionaryDemand(
            demander=i, shown=list(d.cards), demanded=demanded, pool_left=list(demanded),
            pool_budget=len(demanded) if per_demand else 1, victims=victims_of(state, i, reach),
            stockpile=STOCKPILE in reach, return_phase=state.phase if early else None,
            return_to=state.current if early else 0,
            by=step.kind if step is not None else "")
        if step is not None and not isinstance(step, EarlyActions):
            spend(state, 1, i)  # a step's one action (B-BATH-1); the player's own remain
        else:  # all at once (R-LEG-6, R-LEG-7)
            spend(state, step.actions if step is not None else rules.action_count(state, i) - state.actions_used, i)
            state.players[i].done = True
            spent.note(state, i, "demand")
        ev.append(Event(EventKind.DEMAND, d.player, text=", ".join(str(m) for m in demanded), value=len(demanded)))
        # the demand is answered at once: steps waiting (a burst under a new client's action) come after
        state.demand().held, state.steps[:] = state.steps[:], []
        state.current = i
        state.phase = Phase.POOL  # with nothing to take, passing is the one choice: a forced step


def _buildings_problem(state: GameState, i: int, d: Demand):
    """Whether the buildings a demand shows may be shown (G-CASTRAPRAETORIA-2)."""
    if Zone.BUILDING not in rules.action_sources(state, i, Role.LEGIONARY):
        return problem("a demand shows cards from hand; only a power lets it show buildings", "R-LEG-1",
                       "G-CASTRAPRAETORIA-2")
    player = state.players[i]
    for name in d.buildings:
        building = player.building(name)
        if building is None or building.complete:
            return problem(f"{d.player} has no incomplete {name} to show", "G-CASTRAPRAETORIA-2")
        if d.buildings.count(name) > 1 or player.spent.get(spent.shown(name)) == state.turn:
            return problem(f"{d.player}'s {name} is shown once a Legionary round", "G-CASTRAPRAETORIA-2")
    return None


def _material_problem(state: GameState, d: Demand):
    """The materials said must be the shown cards' materials: "turn over an Order card ...
    so that this Material is showing. Say 'Rome demands {name of Material}'" (R-LEG-1)."""
    said = d.materials or ()
    items = (*d.cards, *d.buildings)
    shown = [rules.material_of(state, c) for c in items]
    if len(said) != len(items):
        return problem(f"{len(said)} material(s) said for {len(d.cards)} card(s) shown; each shown card "
                       "demands its own material", "R-LEG-1", "R-LEG-6")
    seen = [m for m in shown if m is not None]  # a card not seen ('?') shows no material
    if len(seen) == len(shown) and sorted(said) == sorted(seen):  # the same materials, in any order
        return None
    wrong = [(m, c, s) for m, c, s in zip(said, items, shown) if m is not s] or \
        [(m, c, s) for m, c, s in zip(sorted(said), items, shown)]
    named, card, actual = wrong[0]
    return problem(f"{card} is {actual}, so showing it demands {actual}, not {named}", "R-LEG-1",
                   hint=f"write '{d.player} demands {', '.join(str(m) for m in shown)} showing {', '.join(d.cards)}'")


def _shown_at_most(state: GameState, i: int) -> int:
    """One card per Legionary action; a new client's action shows one (R-LEG-6, B-BATH-1), the
    player's own actions taken early all of theirs (BC-BRIDGE-1)."""
    step = step_now(state)
    if step is None:
        return remaining(state, i)
    return step.actions if isinstance(step, EarlyActions) else 1


def pool_takes(state: GameState) -> list[str]:
    """Pool cards the demander may still take (R-LEG-2, AMB-09)."""
    demand = state.demand()
    if demand.pool_budget <= 0:
        return []
    wanted = set(demand.pool_left)
    material_of = rules.materials(state)
    return sorted(c for c in set(state.pool) if material_of.get(c) in wanted)


def pool_take_required(state: GameState) -> bool:
    """Whether the wording in force obliges the demander to take a matching Pool card (AMB-12)."""
    return (state.rulings.legionary_pool_optional is LegionaryPoolOptional.AS_WORDED
            and rules.spec(state).pool_take_required and bool(pool_takes(state)))


def end_pool_stage(state: GameState, ev: list[Event]) -> None:
    state.phase = Phase.GIVE
    next_victim(state, ev)


def next_victim(state: GameState, ev: list[Event]) -> None:
    """Move on to the next neighbour, or back to the actions when all have answered."""
    demand = state.demand()
    if demand.victims:
        state.current = demand.victims[0]
        return
    if demand.return_phase is not None:  # made early: the turn goes back where it was (BC-BRIDGE-1)
        state.phase, state.current = demand.return_phase, demand.return_to
    else:
        state.current = demand.demander
        state.phase = Phase.ACTIONS
    spoils = _spoils(state, ev)
    state.steps[:0] = demand.held  # what waited comes back, under what the demand's spoils grant
    state.legionary = None
    rules.push_steps(state, ev, spoils)
    flow.settle_actions(state, ev)


def _spoils(state: GameState, ev: list[Event]) -> list:
    """Once every victim has answered, the demander's powers may take more from the players
    the demand reached that no power protects (B-COLOSSEUM-1, B-COLOSSEUM-4, B-DOMUSAUREA-1,
    AMB-20): the steps they grant."""
    demand = state.demand()
    i = demand.demander
    if not rules.active_powers(state, i, "after_demand"):
        return []
    reach = rules.fold(state, i, "demand_reach")
    victims = tuple(v for v in victims_of(state, i, reach) if not immune(state, v))
    return rules.fire(state, i, "after_demand", ev, victims, tuple(demand.demanded))


class TakeFromPoolHandler(Handler):
    decision = TakeFromPool

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for card in pool_takes(state):
            yield TakeFromPool(name, card)

    def legal(self, state: GameState, i: int):
        """The Pool cards of a material still demanded while the budget lasts (``pool_takes``)."""
        return self.candidates(state, i)

    def sample(self, state: GameState, i: int):
        """The Pool cards ``legal`` offers counted, each take built only when drawn."""
        name = state.players[i].name
        cards = pool_takes(state)
        return len(cards), lambda k: TakeFromPool(name, cards[k])

    def problem(self, state: GameState, i: int, d):
        demand = state.demand()
        if d.card not in state.pool:
            return problem(f"no {d.card} in the pool", "R-LEG-2")
        if demand.pool_budget <= 0:
            return problem("no more cards may be taken from the pool for this demand", "R-LEG-2", "AMB-09")
        if rules.material_of(state, d.card) not in demand.pool_left:
            return problem(f"{d.card} is {rules.material_of(state, d.card)}, which is not demanded "
                           "(or already taken)", "R-LEG-2", "AMB-09")
        return None

    def perform(self, state, i, d, ev):
        demand = state.demand()
        state.pool.remove(d.card)
        state.players[i].stockpile.append(d.card)
        demand.pool_left.remove(rules.material_of(state, d.card))
        demand.pool_budget -= 1
        spent.note(state, i, "pool")
        ev.append(Event(EventKind.MOVE, d.player, d.card, Zone.POOL, Zone.STOCKPILE))


def giving_from(state: GameState, victim: int) -> Zone:
    """The zone the victim's answer now takes from: the hand, then the stockpile (B-BRIDGE-3)."""
    return Zone.STOCKPILE if victim in state.demand().stockpile_due else Zone.HAND


def _zone_cards(state: GameState, victim: int, zone: Zone) -> list[str]:
    player = state.players[victim]
    return player.stockpile if zone is Zone.STOCKPILE else player.hand


def owed(state: GameState, victim: int, zone: Zone = Zone.HAND) -> dict[Material, int]:
    """How many cards of each material the victim must give from ``zone``: one per demanded
    card, as far as it holds them (R-LEG-3, R-LEG-6, AMB-10, B-BRIDGE-3). Materials owed
    nothing are left out."""
    wanted: dict[Material, int] = {}
    for m in state.demand().demanded:
        wanted[m] = wanted.get(m, 0) + 1
    have = dict.fromkeys(wanted, 0)
    material_of = rules.materials(state)
    for c in _zone_cards(state, victim, zone):
        if c != JACK and (held := material_of.get(c)) in have:
            have[held] += 1
    return {m: min(n, have[m]) for m, n in wanted.items() if have[m]}


def immune(state: GameState, victim: int) -> bool:
    """Whether a power protects the victim from the demand being answered (R-LEG-11)."""
    demander = state.demand().demander
    return rules.fold(state, victim, "immune_to_demand", demander)


def give_options(state: GameState, victim: int) -> list[tuple[str, ...]]:
    """Every set of cards the victim may hand over (R-LEG-3). An immune victim may give any
    part of what is demanded, nothing included: "you may still choose to give up cards if
    you wish" (B-PALISADE-1, B-WALL-2, R-LEG-11); in classic it gives nothing (BC-PALISADE-1)."""
    zone = giving_from(state, victim)
    due = owed(state, victim, zone)
    if not due:
        return [()]
    protected = immune(state, victim)
    if protected and not rules.spec(state).protected_may_give:
        return [()]
    groups: dict[Material, dict[str, int]] = {m: {} for m in due}
    material_of = rules.materials(state)
    for c in _zone_cards(state, victim, zone):
        if c != JACK and (group := groups.get(material_of.get(c))) is not None:  # type: ignore[arg-type]
            group[c] = group.get(c, 0) + 1
    combos: list[tuple[str, ...]] = [()]
    choices: list[tuple[str, ...]]
    for material, n in sorted(due.items()):
        group = groups[material]
        if n == 1 and not protected:  # the common case: one card of the material, any copy alike
            choices = [(name,) for name in sorted(group)]
        else:
            choices = [cards for k in (range(n + 1) if protected else (n,)) for cards in multisets(group, k)]
        combos = [tuple(sorted(a + b)) for a in combos for b in choices]
    if protected:
        combos.sort(key=len, reverse=True)  # all that is due first, as without immunity
    return combos


def _one_of_options(state: GameState, victim: int, zone: Zone, cards: tuple[str, ...]) -> bool:
    """Whether cards the victim holds are one of ``give_options``, without listing them:
    of each material due exactly as many cards as due (an immune victim: at most that many)
    and nothing else (R-LEG-3, R-LEG-6, B-PALISADE-1)."""
    if JACK in cards:
        return False
    due = owed(state, victim, zone)
    given: dict[Material, int] = {}
    for c in cards:
        m = rules.material_of(state, c)
        if m not in due:
            return False
        given[m] = given.get(m, 0) + 1
    if due and immune(state, victim):
        return all(n <= due[m] for m, n in given.items()) and (rules.spec(state).protected_may_give or not given)
    return given == due


def _answering(state: GameState, d: Give) -> int:
    """The neighbour a give answers for: the one named, if still to answer (the rulebooks set
    no order between the left and the right neighbour, R-LEG-3), else the next one."""
    victims = state.demand().victims
    for victim in victims:
        if state.players[victim].name == d.player:
            return victim
    return victims[0]


def _reached(state: GameState, name: str) -> bool:
    """Whether the demand being answered reaches player ``name`` (R-LEG-3, B-BRIDGE-2)."""
    demand = state.legionary
    if demand is None:
        return True
    try:
        j = state.index(name)
    except KeyError:
        return True  # not a player: refused for its name elsewhere
    return j in victims_of(state, demand.demander, rules.fold(state, demand.demander, "demand_reach"))


def _reach_rules(state: GameState) -> tuple[str, ...]:
    """The rules of the powers that widen the demander's reach, if any (B-BRIDGE-2)."""
    demander = state.demand().demander
    return tuple(r for p in rules.active_powers(state, demander, "demand_reach") for r in p.rule_ids[:1])


def _protection_passed(state: GameState, victim: int) -> tuple[str, tuple[str, ...]] | None:
    """When a victim owns a power that protects from demands but the demander's power passes
    it: what happened, in words, and the rule both powers cite for it (B-BRIDGE-1)."""
    guards = rules.active_powers(state, victim, "immune_to_demand")
    if not guards or immune(state, victim):
        return None
    demander = state.demand().demander
    reach = rules.active_powers(state, demander, "demand_reach")
    shared = tuple(r for g in guards for r in g.rule_ids if any(r in p.rule_ids for p in reach))
    cited = tuple(dict.fromkeys(shared or tuple(r for p in reach for r in p.rule_ids[:1])))
    names = state.players[victim].name, state.players[demander].name
    guard = " or ".join(g.building for g in guards)
    reacher = " or ".join(p.building for p in reach) or "demand"
    return f"{names[0]}'s {guard} does not protect against {names[1]}'s {reacher}", cited


class GiveHandler(Handler):
    decision = Give

    def decider(self, state, d):
        return d.player if state.rulings.legionary_give is LegionaryGive.GIVER_CHOOSES else d.to

    def waits_for(self, state, d, expected):
        """Any neighbour still to answer may answer now (R-LEG-3); a player the demand does
        not reach is refused for that (``problem``), not for the turn order."""
        demand = state.legionary
        if demand is None:
            return expected
        if any(state.players[v].name == d.player for v in demand.victims):
            return expected if _answering(state, d) == demand.victims[0] else self.decider(state, d)
        if d.player != state.players[demand.demander].name and not _reached(state, d.player):
            return self.decider(state, d)
        return expected

    def candidates(self, state: GameState, i: int):
        options, build = self._gives(state)
        for k in range(len(options)):
            yield build(k)

    def legal(self, state: GameState, i: int):
        """The candidates: each is one of ``give_options``, of the cards the victim holds in
        the zone it now gives from, to the demander, so each is legal as built (R-LEG-3)."""
        return self.candidates(state, i)

    def sample(self, state: GameState, i: int):
        """``give_options`` counted, each give built only when drawn."""
        options, build = self._gives(state)
        return len(options), build

    def _gives(self, state):
        """What the neighbour answering now may give (``give_options``), and how to build the
        k-th as a give."""
        demand = state.demand()
        victim = demand.victims[0]
        name, to = state.players[victim].name, state.players[demand.demander].name
        source = Zone.STOCKPILE if giving_from(state, victim) is Zone.STOCKPILE else None
        options = give_options(state, victim)  # 'Glory to Rome' answers either part
        return options, lambda k: Give(name, options[k], to, source if options[k] else None)

    def problem(self, state: GameState, i: int, d):
        demand = state.demand()
        answering = _answering(state, d)
        victim = state.players[answering]
        demander = state.players[demand.demander]
        if not _reached(state, d.player) and d.player != demander.name:
            return problem(f"{d.player} is not {demander.name}'s neighbour: a demand asks only the players to "
                           "the demander's left and right", "R-LEG-3", *_reach_rules(state))
        if d.player != victim.name or d.to != demander.name:
            return problem(f"{victim.name} answers {demander.name}'s demand now", "R-LEG-3")
        zone = giving_from(state, answering)
        if (d.source or Zone.HAND) is not zone and d.cards:
            if zone is Zone.STOCKPILE:
                return problem(f"{victim.name} now gives from the stockpile", "B-BRIDGE-3",
                               hint=f"write '{victim.name} gives ... from stockpile to {demander.name}'")
            if demand.stockpile:
                return problem(f"{victim.name} answers from the hand first; the stockpile's card the demand "
                               "also takes comes after it", "B-BRIDGE-3", "R-LEG-3",
                               hint=f"write {victim.name}'s answer from the hand before the one from the stockpile")
            return problem(f"{victim.name} gives from the hand; a demand takes from the stockpile only "
                           "when a power says so, after the hand", "R-LEG-3", "B-BRIDGE-3")
        lacking = missing(_zone_cards(state, answering, zone), d.cards)
        if lacking:
            return problem(f"{', '.join(lacking)} not in {victim.name}'s {zone}", "R-LEG-3")
        if _one_of_options(state, answering, zone, d.cards):
            return None
        other = next((c for c in d.cards if not is_unseen(c) and rules.material_of(state, c) not in demand.demanded),
                     None)
        if other == JACK:
            return problem("a Jack is never a material, so it is never given to a demand", "R-CARD-6", "R-LEG-3")
        if other is not None:  # a card of no material demanded: what is wrong, whatever else the hand holds
            asked = ", ".join(sorted({str(m) for m in demand.demanded}))
            return problem(f"{other} is {rules.material_of(state, other)}, not a material demanded ({asked})", "R-LEG-3")
        due = owed(state, answering, zone)
        if due and not rules.spec(state).protected_may_give and immune(state, answering):  # the 2005 text
            return problem(f"{victim.name} loses no cards to {demander.name}'s demand: a power protects them, and "
                           "they give nothing", "BC-PALISADE-1", "R-LEG-11")
        wanted = ", ".join(f"{n} {m}" for m, n in sorted(due.items())) or "nothing"
        alone = len(d.cards) > sum(due.values()) and len(state.players) == 2
        first = ["R-LEG-5"] if alone else []
        why = f": in a two-player game {victim.name} is the one neighbour and gives one card per demanded card" \
            if alone else ""
        passed = _protection_passed(state, answering)
        if passed is not None:
            why += f": {passed[0]}"
            first += passed[1]
        return problem(f"{victim.name} must give {wanted} from {zone}{why}", *first,
                       *(r for r in ("R-LEG-3", "R-LEG-6", "AMB-10") if r not in first),
                       *(("B-BRIDGE-3",) if zone is Zone.STOCKPILE and "B-BRIDGE-3" not in first else ()))

    def perform(self, state: GameState, i: int, d, ev):
        demand = state.demand()
        answering = _answering(state, d)
        zone = giving_from(state, answering)
        owed_here = bool(owed(state, answering, zone))
        demand.victims.remove(answering)
        victim = state.players[answering]
        demander = state.players[demand.demander]
        take(_zone_cards(state, answering, zone), d.cards)
        demander.stockpile.extend(d.cards)
        for card in d.cards:
            ev.append(Event(EventKind.MOVE, victim.name, card, zone, Zone.STOCKPILE, text=f"to {demander.name}"))
        if zone is Zone.STOCKPILE:
            demand.stockpile_due.remove(answering)
        elif demand.stockpile and owed(state, answering, Zone.STOCKPILE) and (
                d.cards or not owed_here or not immune(state, answering)):
            # the stockpile part comes next (B-BRIDGE-3), for a protected victim too unless
            # it refused the hand's part: one who gives anyway gives as any victim (B-WALL-2)
            demand.stockpile_due.append(answering)
            demand.victims.insert(0, answering)
        if answering not in demand.victims:
            spent.note(state, answering, "answered")
        if d.cards and zone is Zone.HAND and rules.active_powers(state, answering, "end_of_turn"):
            spent.note(state, answering, spent.LOST)  # for a power acting at the turn's end (G-CASTRA-1)
        if not d.cards:
            ev.append(Event(EventKind.GLORY, victim.name))
        next_victim(state, ev)
