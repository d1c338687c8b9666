"""Questions the flow asks about a player: limits, action counts, what may be built where.

Each answer starts from the ruleset's numbers and folds the hooks of the player's active
powers (``powers.base``). No building is named here.
"""

from __future__ import annotations

from functools import cache

from gtr_replay.cards import CardSet, cards_for
from gtr_replay.enums import JACK, Material, Role, Zone
from gtr_replay.engine.state import Building, GameState
from gtr_replay.powers import Power, table
from gtr_replay.rulesets import RULESETS, RulesetSpec


@cache
def _powers_table(edition: str, hook: str | None) -> dict[str, Power]:
    """Registered powers of an edition, keeping only those that implement ``hook``."""
    powers = table(edition)
    if hook is None:
        return powers
    return {name: p for name, p in powers.items() if hook in p.hooks()}


def spec(state: GameState) -> RulesetSpec:
    return RULESETS[state.ruleset]


def card_set(state: GameState) -> CardSet:
    return cards_for(state.ruleset)


def active_powers(state: GameState, i: int, hook: str | None = None) -> list[Power]:
    """Powers working for a player (with ``hook``, only those that implement it): those of
    their completed structures (R-BUILD-9, R-BUILD-10), of foundations a power activates
    early (B-GATE-1), and of other players' public structures whose name the player does
    not own (B-STAIRWAY-1, B-STAIRWAY-2; a woken foundation counts as owned under the
    ``public-copy`` ruling's default)."""
    edition = RULESETS[state.ruleset].edition
    powers = _powers_table(edition, hook)
    if not powers:
        return []
    waking = _powers_table(edition, "activates")
    found = []
    activators = []
    waiting = []
    buildings = state.players[i].buildings
    for b in buildings:
        name = b.foundation
        if b.complete:
            if name in powers:
                found.append(powers[name])
            if name in waking:
                activators.append(waking[name])
        else:
            waiting.append(b)
    public = []
    if state.public:
        own = {b.foundation for b in buildings if b.complete}
        public = [name for owner, name in state.public if owner != i and name not in own]
        activators.extend(waking[name] for name in public if name in waking)
    woken = set()
    if waiting and activators:
        woken = {b.foundation for b in waiting if any(a.activates(state, i, b) for a in activators)}
        found.extend(powers[name] for name in woken if name in powers)
        if woken and state.rulings["public-copy"] == "one-copy":
            public = [name for name in public if name not in woken]
    found.extend(powers[name] for name in public if name in powers)
    return found


def powers_with(state: GameState, hook: str) -> dict[str, Power]:
    """The ruleset's powers that implement ``hook``, by building name."""
    return _powers_table(RULESETS[state.ruleset].edition, hook)


def power_of(state: GameState, building: str) -> Power | None:
    """The power a building has in this ruleset, active or not."""
    return _powers_table(RULESETS[state.ruleset].edition, None).get(building)


@cache
def _site_values() -> dict[Material, int]:
    from gtr_replay.cards import material_facts
    return {m: f.value for m, f in material_facts().items()}


def material_value(material: Material) -> int:
    """The value of a material: its Site's influence, the materials a building of it needs (R-CARD-4)."""
    return _site_values()[material]


def influence(state: GameState, i: int) -> int:
    """Starting influence plus the value of every Site in the influence zone (R-INF-1, R-INF-3)."""
    values = _site_values()
    return RULESETS[state.ruleset].starting_influence + sum(values[m] for m in state.players[i].influence)


def refill_size(state: GameState, i: int) -> int:
    """Hand refill size: 5, plus what powers add (R-THINK-1, R-THINK-3)."""
    return RULESETS[state.ruleset].refill_size + sum(p.refill_bonus(state, i) for p in active_powers(state, i, "refill_bonus"))


def clientele_limit(state: GameState, i: int) -> int:
    """Influence plus additions, then any doubling (R-PATRON-2)."""
    powers = active_powers(state, i)
    limit = influence(state, i) + sum(p.clientele_bonus(state, i) for p in powers)
    for p in powers:
        limit *= p.clientele_factor(state, i)
    return limit


def vault_limit(state: GameState, i: int) -> int:
    """Influence plus additions, then any doubling (R-VAULT-2)."""
    powers = active_powers(state, i)
    limit = influence(state, i) + sum(p.vault_bonus(state, i) for p in powers)
    for p in powers:
        limit *= p.vault_factor(state, i)
    return limit


def think_draws(state: GameState, i: int, option: str) -> int:
    """Cards a Thinker action draws before the deck runs short: one, or up to the refill
    size (R-THINK-1, R-THINK-2); none for a Jack."""
    if option == "jack":
        return 0
    return 1 if option == "draw" else refill_size(state, i) - hand_count_for_think(state, i)


def hand_count_for_think(state: GameState, i: int) -> int:
    """Cards in hand as the Thinker compares them with the refill size (AMB-22)."""
    hand = state.players[i].hand
    return len(hand) if state.rulings["think-hand"] == "all-cards" else sum(1 for c in hand if c != JACK)


def role_of(state: GameState, card: str) -> Role | None:
    """The card's role; None for a card the recorder did not see (``engine.unseen``)."""
    try:
        return cards_for(state.ruleset).cards[card].role
    except KeyError:
        return None


def material_of(state: GameState, card: str) -> Material | None:
    """The card's material; None for a card the recorder did not see (``engine.unseen``)."""
    try:
        return cards_for(state.ruleset).cards[card].material
    except KeyError:
        return None


def action_count(state: GameState, i: int) -> int:
    """Actions of the led role: one for leading or following, one per client of the role
    not hired this turn, plus power additions (R-TURN-3, R-TURN-4, R-ACT-1..4)."""
    role = state.led_role
    player = state.players[i]
    cards = cards_for(state.ruleset).cards
    clients = sum(1 for c in player.clientele if cards[c].role is role)
    for card in player.hired:
        if cards[card].role is role:
            clients -= 1
    extra = sum(p.extra_actions(state, i, role) for p in active_powers(state, i, "extra_actions"))
    return (1 if player.played else 0) + clients + extra


def materials_needed(state: GameState, i: int, building: Building) -> int:
    """Materials that complete a building: the foundation's value unless a power says otherwise (R-BUILD-8)."""
    for p in active_powers(state, i, "materials_needed"):
        needed = p.materials_needed(state, i, building)
        if needed is not None:
            return needed
    return cards_for(state.ruleset).cards[building.foundation].value


def material_fits(state: GameState, i: int, building: Building, card: str) -> bool:
    """Whether ``card`` may be added to ``building``: same material as the foundation or, for
    a foundation a power let stand on a Site of another material, as the Site, even once that
    power is gone; otherwise only if a power allows it (R-BUILD-5, BC-TOWER-4,
    BC-SCRIPTORIUM-1, BC-STATUE-1, B-STATUE-2)."""
    cards = cards_for(state.ruleset).cards
    material = cards[card].material
    if material is cards[building.foundation].material or material is building.site:
        return True
    return any(p.material_fits(state, i, building, material) for p in active_powers(state, i, "material_fits"))


def completes_now(state: GameState, i: int, building: Building, card: str, role: Role) -> bool:
    """Whether the card just added completes the building before it holds enough materials:
    asked of the player's active powers, and of the building's own power only when its text
    speaks of its own foundation (``Power.own_foundation``); otherwise a building has no function before it
    is complete (R-BUILD-8, R-BUILD-10)."""
    own = power_of(state, building.foundation)
    if own is not None and own.own_foundation and own.completes(state, i, building, card, role):
        return True
    return any(p.completes(state, i, building, card, role) for p in active_powers(state, i, "completes"))


def action_sources(state: GameState, i: int, role: Role) -> frozenset[Zone]:
    """Places besides the usual one an action of ``role`` may take its card from
    (R-PATRON-1, R-ARCH-1, B-AQUEDUCT-2, B-ARCHWAY-1)."""
    found: frozenset[Zone] = frozenset()
    for p in active_powers(state, i, "action_sources"):
        found |= p.action_sources(state, i, role)
    return found


def public_placement(state: GameState, i: int) -> bool:
    """Whether the player's Architect actions may place into opponents' structures (B-STAIRWAY-1)."""
    return any(p.public_placement(state, i) for p in active_powers(state, i, "public_placement"))


def allows_play(state: GameState, i: int, cards: tuple[str, ...], role: Role) -> bool:
    """Whether a power lets ``cards`` be played together as ``role`` (B-PALACE-1)."""
    return any(p.allows_play(state, i, cards, role) for p in active_powers(state, i, "allows_play"))


def site_materials(state: GameState, i: int, card: str) -> frozenset[Material]:
    """Materials of the Sites a foundation may be laid on: its own, or more by a power (R-BUILD-1)."""
    own = frozenset((cards_for(state.ruleset).cards[card].material,))
    for p in active_powers(state, i, "site_materials"):
        own |= p.site_materials(state, i, card)
    return own


def out_of_town_cost(state: GameState, i: int) -> int:
    """Actions an out-of-town foundation takes: two (R-BUILD-3, AMB-05), or fewer by a power."""
    base = 1 if state.rulings["out-of-town-cost"] == "one-action" else 2
    costs = [c for p in active_powers(state, i, "out_of_town_cost") if (c := p.out_of_town_cost(state, i)) is not None]
    return min([base, *costs])


def out_of_town_open(state: GameState, material: Material) -> bool:
    """Whether an out-of-town Site of ``material`` may be claimed now (R-BUILD-3, AMB-04)."""
    if state.sites_out_of_town[material] <= 0:
        return False
    return state.rulings["out-of-town"] == "any-time" or state.sites_in_town[material] == 0


def hand_orders(hand: list[str]) -> int:
    return sum(1 for c in hand if c != JACK)
