"""The actions of the roles other than Legionary: Patron, Laborer, Architect, Craftsman,
Merchant, and declining (R-PATRON-*, R-LAB-*, R-ARCH-1, R-CRAFT-1, R-BUILD-*, R-MER-*, R-TURN-7)."""

from __future__ import annotations

from gtr_replay.enums import JACK, MATERIALS, Material, Role, Zone
from gtr_replay.engine import flow, rules
from gtr_replay.engine.decisions import Add, Gather, Hire, Lay, Pass, Sell
from gtr_replay.engine.events import Event
from gtr_replay.engine.handlers.base import Handler, handles, problem
from gtr_replay.engine.state import Building, GameState, Phase

def remaining(state: GameState, i: int) -> int:
    return rules.action_count(state, i) - state.actions_used


def use_actions(state: GameState, ev: list[Event], n: int = 1) -> None:
    state.actions_used += n
    flow.settle_actions(state, ev)


def _move(ev, player, card, source, target):
    ev.append(Event("move", player, card, source, target))


@handles
class HireHandler(Handler):
    decision = Hire

    def candidates(self, state, i):
        name = state.players[i].name
        for card in sorted(set(state.pool)):
            yield Hire(name, card)

    def problem(self, state, i, d):
        if d.source not in (None, Zone.POOL):
            return problem(f"a Patron hires from the pool, not the {d.source}", "R-PATRON-1")
        if d.card not in state.pool:
            return problem(f"no {d.card} in the pool", "R-PATRON-1", "R-TURN-10")
        limit = rules.clientele_limit(state, i)
        if len(state.players[i].clientele) >= limit:
            return problem(f"{d.player}'s clientele is full ({limit} clients, the limit)", "R-PATRON-2", "R-PATRON-3")
        return None

    def perform(self, state, i, d, ev):
        player = state.players[i]
        state.pool.remove(d.card)
        player.clientele.append(d.card)
        player.hired.append(d.card)
        _move(ev, d.player, d.card, Zone.POOL, Zone.CLIENTELE)
        use_actions(state, ev)


@handles
class GatherHandler(Handler):
    decision = Gather

    def candidates(self, state, i):
        name = state.players[i].name
        for card in sorted(set(state.pool)):
            yield Gather(name, card)

    def problem(self, state, i, d):
        if d.source not in (None, Zone.POOL):
            return problem(f"a Laborer gathers from the pool, not the {d.source}", "R-LAB-1")
        if d.card not in state.pool:
            return problem(f"no {d.card} in the pool", "R-LAB-1", "R-TURN-10")
        return None

    def perform(self, state, i, d, ev):
        state.pool.remove(d.card)
        state.players[i].stockpile.append(d.card)
        _move(ev, d.player, d.card, Zone.POOL, Zone.STOCKPILE)
        use_actions(state, ev)


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
    if state.sites_out_of_town[site] <= 0:
        return problem(f"no {site} Site left out of town", "R-BUILD-2")
    if not rules.out_of_town_open(state, site):
        return problem(f"{site} Sites remain in town; out of town opens once they are gone", "AMB-04")
    cost = rules.out_of_town_cost(state, i)
    if remaining(state, i) < cost:
        return problem(f"an out-of-town foundation takes {cost} actions; {state.players[i].name} has "
                       f"{remaining(state, i)} left", "R-BUILD-3", "AMB-05")
    return None


@handles
class LayHandler(Handler):
    """Lay a foundation from hand, for an Architect or a Craftsman (R-ARCH-1a, R-CRAFT-1a)."""

    decision = Lay

    def candidates(self, state, i):
        player = state.players[i]
        places = (False, True) if rules.spec(state).out_of_town_sites else (False,)
        for card in sorted(set(player.hand)):
            if card == JACK:
                continue
            own = rules.material_of(state, card)
            for site in sorted(rules.site_materials(state, i, card), key=MATERIALS.index):
                for oot in places:
                    yield Lay(player.name, card, None if site is own else site, oot)

    def problem(self, state, i, d):
        player = state.players[i]
        if d.card == JACK:
            return problem("a Jack can never be a foundation", "R-CARD-6", "R-JACK-3")
        if d.card not in player.hand:
            return problem(f"no {d.card} in {d.player}'s hand", "R-BUILD-1", "R-BUILD-7")
        if player.building(d.card) is not None:
            return problem(f"{d.player} already has a {d.card}", "R-BUILD-2")
        site = d.site or rules.material_of(state, d.card)
        return _site_problem(state, i, d.card, site, d.out_of_town)

    def perform(self, state, i, d, ev):
        player = state.players[i]
        site = Material(d.site) if d.site else rules.material_of(state, d.card)
        player.hand.remove(d.card)
        stack = state.sites_out_of_town if d.out_of_town else state.sites_in_town
        stack[site] -= 1
        player.buildings.append(Building(d.card, site, out_of_town=d.out_of_town))
        _move(ev, d.player, d.card, Zone.HAND, Zone.BUILDING)
        ev.append(Event("site", d.player, d.card, text=f"{site} {'out of town' if d.out_of_town else 'in town'}"))
        cost = rules.out_of_town_cost(state, i) if d.out_of_town else 1
        if not d.out_of_town and _last_site_claimed(state, site):
            state.actions_used += cost
            reason = "last-site" if rules.spec(state).sites_end_when == "last-in-town" else "all-sites"
            flow.end_game(state, ev, reason, by=d.player)  # R-END-1b, R-END-3b, AMB-02, AMB-29
            return
        use_actions(state, ev, cost)


def _last_site_claimed(state: GameState, site) -> bool:
    """Whether that lay took the Site that ends the game (R-END-1b, R-END-3b, AMB-02)."""
    if rules.spec(state).sites_end_when == "last-in-town" and state.rulings["last-site"] == "any-material":
        return state.sites_in_town[site] == 0
    return not any(state.sites_in_town.values())


@handles
class AddHandler(Handler):
    """Add a material to one's own building: from the stockpile for an Architect, from hand for
    a Craftsman (R-ARCH-1b, R-CRAFT-1b, R-BUILD-5)."""

    decision = Add

    def _zone(self, state, i) -> tuple[Zone, list[str]]:
        player = state.players[i]
        if state.led_role is Role.ARCHITECT:
            return Zone.STOCKPILE, player.stockpile
        return Zone.HAND, player.hand

    def candidates(self, state, i):
        player = state.players[i]
        _, cards = self._zone(state, i)
        for building in player.buildings:
            if not building.complete:
                for card in sorted(set(cards)):
                    if card != JACK:
                        yield Add(player.name, card, building.foundation)

    def problem(self, state, i, d):
        player = state.players[i]
        zone, cards = self._zone(state, i)
        rule = "R-ARCH-1" if zone is Zone.STOCKPILE else "R-CRAFT-1"
        if d.source is not None and d.source != zone:
            return problem(f"this action adds material from the {zone}, not the {d.source}", rule)
        if d.card == JACK:
            return problem("a Jack can never be a material", "R-CARD-6", "R-JACK-3")
        building = player.building(d.building)
        if building is None:
            return problem(f"{d.player} has no {d.building} building", "R-BUILD-5")
        if building.complete:
            return problem(f"{d.player}'s {d.building} is already complete", "R-BUILD-8")
        if d.card not in cards:
            return problem(f"no {d.card} in {d.player}'s {zone}", rule)
        if not rules.material_fits(state, i, building, d.card):
            return problem(f"{d.building} is a {rules.material_of(state, d.building)} building; "
                           f"{d.card} is {rules.material_of(state, d.card)}", "R-BUILD-5")
        return None

    def perform(self, state, i, d, ev):
        player = state.players[i]
        zone, cards = self._zone(state, i)
        building = player.building(d.building)
        cards.remove(d.card)
        building.materials.append(d.card)
        _move(ev, d.player, d.card, zone, Zone.BUILDING)
        if len(building.materials) >= rules.materials_needed(state, i, building):
            complete(state, i, building, ev)
            if state.phase is Phase.OVER:
                return
        use_actions(state, ev)


def complete(state: GameState, i: int, building: Building, ev: list[Event]) -> None:
    """A building completes: its Site goes to influence and its function is active at once;
    upon-completion powers act now (R-BUILD-8, R-BUILD-9)."""
    player = state.players[i]
    building.complete = True
    player.influence.append(building.site)
    value = rules.material_value(building.site)
    ev.append(Event("complete", player.name, building.foundation))
    ev.append(Event("influence", player.name, building.foundation, value=value))
    for power in rules.active_powers(state, i, "on_complete"):
        if power.building == building.foundation:
            ev.extend(power.on_complete(state, i, building))
    flow.check_wins(state, ev)


@handles
class SellHandler(Handler):
    decision = Sell

    def candidates(self, state, i):
        player = state.players[i]
        for card in sorted(set(player.stockpile)):
            yield Sell(player.name, card)

    def problem(self, state, i, d):
        player = state.players[i]
        if d.source not in (None, Zone.STOCKPILE):
            return problem(f"a Merchant sells from the stockpile, not the {d.source}", "R-MER-1")
        if d.card not in player.stockpile:
            return problem(f"no {d.card} in {d.player}'s stockpile", "R-MER-1")
        limit = rules.vault_limit(state, i)
        if len(player.vault) >= limit:
            return problem(f"{d.player}'s vault is full ({limit} cards, the limit)", "R-VAULT-2")
        return None

    def perform(self, state, i, d, ev):
        player = state.players[i]
        player.stockpile.remove(d.card)
        player.vault.append(d.card)
        _move(ev, d.player, d.card, Zone.STOCKPILE, Zone.VAULT)
        use_actions(state, ev)


@handles
class PassHandler(Handler):
    """Decline the rest of one's actions (R-TURN-7); in a demand, stop taking from the pool."""

    decision = Pass

    def candidates(self, state, i):
        if self.problem(state, i, None) is None:
            yield Pass(state.players[i].name)

    def problem(self, state, i, d):
        if state.phase is Phase.POOL:
            from gtr_replay.engine.handlers.legionary import pool_take_required
            if pool_take_required(state):
                return problem("a matching card in the pool must be taken", "R-LEG-2", "AMB-12")
        return None

    def perform(self, state, i, d, ev):
        ev.append(Event("pass", d.player))
        if state.phase is Phase.POOL:
            from gtr_replay.engine.handlers.legionary import end_pool_stage
            end_pool_stage(state, ev)
            return
        state.players[i].done = True
        flow.settle_actions(state, ev)
