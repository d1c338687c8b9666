"""Questions the flow asks about a player, and every fold of the powers' hooks.

The ruleset is resolved once into one object (``Resolved``: its numbers, cards and powers by
hook). Each answer starts from the ruleset's numbers and folds the hooks of the player's
active powers as ``powers.base.HOOK_SPECS`` declares: ``fold`` for answers, ``fire`` for
effects (steps granted, the game ended), through the context powers receive
(``EngineContext``). No building is named here.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gtr_replay.data.cards import Card, CardSet, cards_for, material_facts
from gtr_replay.enums import JACK, Material, Role, Ruleset, Zone
from gtr_replay.engine.endgame import end_game
from gtr_replay.engine import unseen
from gtr_replay.engine.spent import LOST
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import Building, GameState
from gtr_replay.game.steps import Step
from gtr_replay.powers import SPECS, Power, table
from gtr_replay.powers.context import Context
from gtr_replay.powers.base import IDENTITY, Fold
from gtr_replay.data.rulesets import RULESETS, RulesetSpec
from gtr_replay.data.ruling_types import OutOfTown, OutOfTownCost, PublicCopy, ThinkHand, TrainingGame


@dataclass(frozen=True)
class Resolved:
    """A ruleset resolved once: its numbers, its cards, and its powers by hook."""

    spec: RulesetSpec
    card_set: CardSet
    cards: dict[str, Card]
    site_values: dict[Material, int]
    powers: dict[str, Power]
    by_hook: dict[str, dict[str, Power]]
    hooks: dict[str, tuple[str, ...]]
    """The hooks each building's power implements, by building name."""
    materials: dict[str, Material]
    """Each card's material, by card name: asked of whole piles at a time (``material_of``)."""
    roles: dict[str, Role]
    """Each card's role, by card name (``role_of``)."""


class _Resolutions(dict[Ruleset, Resolved]):
    """Each ruleset resolved when first asked: ``_RESOLVED[ruleset]`` is one lookup, asked
    many times a decision."""

    def __missing__(self, ruleset: Ruleset) -> Resolved:
        found = self[ruleset] = _resolved(ruleset)
        return found


_RESOLVED: Final = _Resolutions()


def forget_resolved() -> None:
    """Resolve every ruleset again when next asked (after the power registry changed)."""
    _RESOLVED.clear()


def _resolved(ruleset: Ruleset) -> Resolved:
    card_set = cards_for(ruleset)
    powers = table(ruleset)
    hooks = {name: p.hooks() for name, p in powers.items()}  # each in the order of SPECS
    by_hook = {hook: {n: p for n, p in powers.items() if hook in hooks[n]} for hook in SPECS}
    values = {m: f.value for m, f in material_facts().items()}
    cards = {**card_set.optional, **card_set.cards}
    return Resolved(RULESETS[ruleset], card_set, cards, values, powers, by_hook, hooks,
                    {name: card.material for name, card in cards.items()},
                    {name: card.role for name, card in cards.items()})


def resolved(state: GameState) -> Resolved:
    return _RESOLVED[state.ruleset]


def spec(state: GameState) -> RulesetSpec:
    return RULESETS[state.ruleset]


def card_set(state: GameState) -> CardSet:
    return _RESOLVED[state.ruleset].card_set


def query_context(state: GameState) -> EngineContext:
    """The context query hooks receive (one per state; effects get their own, ``fire``), made
    when first asked for. A state's context is its own: a new or copied state starts without
    one, and none is ever handed to another (``GameState.context``), so the engine's hottest
    questions read ``state.context or query_context(state)`` (typed: the state's field is
    ``Any``, the game's layer knowing nothing of the engine)."""
    ctx = state.context
    if ctx is None:
        ctx = state.context = EngineContext(state, _RESOLVED[state.ruleset])
        ctx.active = _every_working(state)
    return ctx


def active_powers(state: GameState, i: int, hook: str | None = None) -> list[Power]:
    """Powers working for a player (with ``hook``, only those that implement it): those of
    their completed structures (R-BUILD-9, R-BUILD-10), of foundations a power activates
    early (B-GATE-1), and of other players' public structures whose name the player does
    not own (B-STAIRWAY-1, B-STAIRWAY-2; a woken foundation counts as owned under the
    ``public-copy`` ruling's default). Asked most of all: every player's powers are found for
    every hook when the state's context is made, and again whenever a building changes
    (``buildings_changed``). The list is shared: never change it."""
    ctx: EngineContext = state.context or query_context(state)
    return ctx.active[i].get(hook, _NONE)


_NONE: Final[list[Power]] = []
"""The answer of ``active_powers`` for a hook no working power implements (shared, empty)."""


def _every_working(state: GameState) -> list[dict[str | None, list[Power]]]:
    """Each player's active powers by hook (``_working``), by seat; none in a training game."""
    if functions_ignored(state):
        return [{None: _NONE} for _ in state.players]
    return [_working(state, i) for i in range(len(state.players))]


def functions_ignored(state: GameState) -> bool:
    """Whether building functions are ignored: the training game, where a completed building
    still gives its Influence (R-TRAIN-1, R-TRAIN-3)."""
    return state.rulings.training_game is TrainingGame.YES


def _working(state: GameState, i: int) -> dict[str | None, list[Power]]:
    """Player ``i``'s active powers, all of them (under None) and by each hook they implement,
    in the order ``_active_powers`` finds them: one pass over the buildings for every hook."""
    found = _active_powers(state, i, None)
    working: dict[str | None, list[Power]] = {None: found}
    hooks = _RESOLVED[state.ruleset].hooks
    for power in found:
        for hook in hooks[power.building]:
            listed = working.get(hook)
            if listed is None:
                working[hook] = [power]
            else:
                listed.append(power)
    return working


def answering(state: GameState) -> Step | None:
    """While a decision is performed: the step it answers (``core`` takes it off the stack
    first); None between decisions, and once the decision has answered it (``take_answered``)."""
    ctx: EngineContext = state.context or query_context(state)
    return ctx.answering


def take_answered(state: GameState) -> Step | None:
    """The step the decision being performed answers, taken: a decision answers it once, and
    what it does next is the flow's (``core._perform`` resumes it)."""
    ctx: EngineContext = state.context or query_context(state)
    step, ctx.answering = ctx.answering, None
    return step


def buildings_changed(state: GameState) -> None:
    """Find the active powers again (``active_powers``) and forget those in play (``in_play``):
    a foundation was laid, a material added, a building completed, torn down, taken or made
    public. What makes a power work is only where the buildings stand (R-BUILD-9, R-BUILD-10,
    B-GATE-1, B-STAIRWAY-1), so every place that changes a building says so here;
    ``invariants`` holds the kept answers equal to fresh ones after every decision."""
    ctx = state.context
    if ctx is not None:
        ctx.active = _every_working(state)
        if ctx.in_play:
            ctx.in_play = {}


def unkept_powers(state: GameState) -> list[str]:
    """The kept active powers that differ from the powers working now: each a place that
    changed a building without ``buildings_changed`` (the invariants' check)."""
    ctx = state.context
    if ctx is None:
        return []
    if ctx.state is not state:  # read without a check by the hottest questions (query_context)
        return ["the state holds another state's context"]
    found = [f"player {i}'s powers for {hook or 'every hook'}: kept {[p.building for p in working.get(hook, [])]}, "
             f"working {[p.building for p in now]}"
             for i, working in enumerate(ctx.active) for hook in _asked(state, i, working)
             if (now := _active_powers(state, i, hook)) != working.get(hook, [])]
    found.extend(f"a building whose power answers {hook}: kept {kept}, now {not kept}"
                 for hook, kept in ctx.in_play.items() if _in_play(state, hook) != kept)
    return found


def _asked(state: GameState, i: int, working: dict[str | None, list[Power]]) -> list[str | None]:
    """The hooks whose kept answer for player ``i`` may differ from a fresh one: those kept, and
    those a power working now implements (as the power itself says); for any other hook both
    answers are empty."""
    hooks = dict.fromkeys(working)
    for power in _active_powers(state, i, None):
        hooks.update(dict.fromkeys(power.hooks()))
    return [None, *(hook for hook in hooks if hook is not None)]


def _active_powers(state: GameState, i: int, hook: str | None) -> list[Power]:
    rules = _RESOLVED[state.ruleset]
    powers = rules.powers if hook is None else rules.by_hook[hook]
    if not powers:
        return []
    waking = rules.by_hook["activates"]
    found = []
    activators = None
    waiting = False
    for b in state.players[i].buildings:
        if b.complete:
            name = b.foundation
            if name in powers:
                found.append(powers[name])
            if name in waking:
                activators = [waking[name]] if activators is None else [*activators, waking[name]]
        else:
            waiting = True
    if not state.public and (activators is None or not waiting):
        return found
    return _public_and_woken(state, i, powers, waking, found, activators or [])


def _public_and_woken(state, i, powers, waking, found, activators) -> list[Power]:
    """``active_powers`` with other players' public structures and foundations a power wakes."""
    buildings = state.players[i].buildings
    public = []
    if state.public:
        own = {b.foundation for b in buildings if b.complete}
        public = [name for owner, name in state.public if owner != i and name not in own]
        activators = activators + [waking[name] for name in public if name in waking]
    waiting = [b for b in buildings if not b.complete]
    if waiting and activators:
        woken = _woken(state, i, waiting, activators)
        found.extend(powers[name] for name in woken if name in powers)
        if woken and state.rulings.public_copy is PublicCopy.ONE_COPY:
            public = [name for name in public if name not in woken]
    found.extend(powers[name] for name in public if name in powers)
    return found


def _woken(state: GameState, i: int, waiting: list[Building], activators: list[Power]) -> list[str]:
    ctx = query_context(state)
    return [b.foundation for b in waiting if any(a.activates(ctx, i, b) for a in activators)]


def woken_foundations(state: GameState, i: int) -> list[str]:
    """The names of player ``i``'s foundations whose function works before they are complete:
    woken by a power of their own structures or of a public one (B-GATE-1, B-STAIRWAY-1)."""
    waking = _RESOLVED[state.ruleset].by_hook["activates"]
    buildings = state.players[i].buildings
    waiting = [b for b in buildings if not b.complete]
    if not waiting or not waking:
        return []
    own = {b.foundation for b in buildings if b.complete}
    names = [*own, *(name for owner, name in state.public if owner != i and name not in own)]
    activators = [waking[name] for name in names if name in waking]
    return _woken(state, i, waiting, activators) if activators else []


def powers_with(state: GameState, hook: str) -> dict[str, Power]:
    """The ruleset's powers that implement ``hook``, by building name."""
    return _RESOLVED[state.ruleset].by_hook[hook]


def in_play(state: GameState, hook: str) -> bool:
    """Whether any player has a building, complete or not, whose power implements ``hook``:
    when none has, no player has such a power working (public structures and woken
    foundations are players' buildings too), and the engine need not ask them one by one.
    Kept with the state until a building changes, as the active powers are."""
    ctx: EngineContext = state.context or query_context(state)
    kept = ctx.in_play
    found = kept.get(hook)
    if found is None:
        found = kept[hook] = _in_play(state, hook)
    return found


def _in_play(state: GameState, hook: str) -> bool:
    names = _RESOLVED[state.ruleset].by_hook[hook]
    if names and not functions_ignored(state):
        for player in state.players:
            for b in player.buildings:
                if b.foundation in names:
                    return True
    return False


def power_of(state: GameState, building: str) -> Power | None:
    """The power a building has in this ruleset, active or not."""
    return _RESOLVED[state.ruleset].powers.get(building)


def _first(answers):
    return next((a for a in answers if a is not None), None)


def _least(answers):
    found = [a for a in answers if a is not None]
    return min(found) if found else None


def _concat(answers):
    return [item for answer in answers for item in answer]


_FOLDS: Final[dict[Fold, Callable[..., object]]] = {
    Fold.SUM: sum, Fold.PRODUCT: math.prod, Fold.ANY: any, Fold.MIN: _least,
    Fold.UNION: lambda answers: frozenset().union(*answers), Fold.FIRST: _first, Fold.CONCAT: _concat}


_COMBINE: Final = {name: _FOLDS[spec.fold] for name, spec in SPECS.items() if spec.fold in _FOLDS}
_EMPTY: Final = {name: IDENTITY[spec.fold] for name, spec in SPECS.items() if spec.fold in IDENTITY}
_ONCE: Final = frozenset(name for name, spec in SPECS.items() if spec.once)


def fold(state: GameState, i: int, hook: str, *args, own: str | None = None):
    """The answers of player ``i``'s active powers to ``hook``, combined as its spec says (the
    identity when none answers). ``own`` names a building whose own power is asked too, first,
    when its text speaks of its own foundation (hooks declared ``own``, ``Power.own_foundation``;
    otherwise a building has no function before it is complete, R-BUILD-10)."""
    ctx: EngineContext = state.context or query_context(state)
    found = ctx.active[i].get(hook, _NONE)  # active_powers
    if own is not None and not functions_ignored(state):
        mine = _RESOLVED[state.ruleset].by_hook[hook].get(own)
        if mine is not None and mine.own_foundation and mine not in found:
            found = [mine, *found]
    if not found:
        return _EMPTY[hook]
    if hook in _ONCE and len(found) > 1:
        found = list(dict.fromkeys(found))
    return _COMBINE[hook]([getattr(p, hook)(ctx, i, *args) for p in found])


def fire(state: GameState, i: int, hook: str, ev: list[Event], *args, powers: list[Power] | None = None,
         answered: Step | None = None, actions: tuple[Role | None, ...] = ()) -> list[Step]:
    """Let player ``i``'s active powers (or ``powers``) act on ``hook``: their events go to
    ``ev``; the steps they grant are returned, to be pushed (``push_steps``). ``answered`` is
    the step the decision acted on answered; ``actions`` the role of each action it took."""
    if powers is None:
        kept: EngineContext = state.context or query_context(state)
        powers = kept.active[i].get(hook, _NONE)  # active_powers
    if not powers:
        return []
    ctx = EngineContext(state, _RESOLVED[state.ruleset], ev)
    ctx.answered = answered
    ctx.actions = actions
    for p in powers:
        getattr(p, hook)(ctx, i, *args)
    return ctx.granted


def winning_power(state: GameState, i: int) -> Power | None:
    """The first of player ``i``'s active powers that says the player wins now (R-END-1d)."""
    ctx = query_context(state)
    return next((p for p in active_powers(state, i, "wins") if p.wins(ctx, i)), None)


def early_power(state: GameState, i: int, role: Role) -> Power | None:
    """The first of player ``i``'s active powers that lets the actions of ``role`` come as the
    player leads, follows or thinks (BC-BAR-1, BC-DOCK-1, BC-BRIDGE-1); the common answer,
    none, without asking."""
    if not in_play(state, "acts_early"):
        return None
    ctx = query_context(state)
    return next((p for p in active_powers(state, i, "acts_early") if p.acts_early(ctx, i, role)), None)


def push_steps(state: GameState, ev: list[Event], steps: list[Step]) -> None:
    """Put granted steps on the stack and announce them; a step that must come first (a new
    client's action, B-BATH-2) goes on top. Most calls grant nothing."""
    if not steps:
        return
    for step in sorted(steps, key=lambda s: s.priority):
        state.steps.append(step)
        ev.append(Event(EventKind.STEP, state.players[step.player].name, step.power, text=step.granted()))


def material_value(material: Material) -> int:
    """The value of a material: its Site's influence, the materials a building of it needs (R-CARD-4)."""
    return _RESOLVED[Ruleset.REPUBLIC].site_values[material]


def influence(state: GameState, i: int) -> int:
    """Starting influence plus the value of every Site in the influence zone (R-INF-1, R-INF-3)."""
    rules = _RESOLVED[state.ruleset]
    values = rules.site_values
    return rules.spec.starting_influence + sum(values[m] for m in state.players[i].influence)


def checked_influence(state: GameState, i: int, use: str) -> int:
    """Player ``i``'s influence as a ``limit`` or a ``count`` checks it: their own, unless a
    power says to check another (G-AERARIUM-1, AMB-42); final scoring counts their own."""
    own = influence(state, i)
    if not active_powers(state, i, "influence_checked"):
        return own
    found = fold(state, i, "influence_checked", use)
    return own if found is None else found


def refill_size(state: GameState, i: int) -> int:
    """Hand refill size: 5, plus what powers add (R-THINK-1, R-THINK-3)."""
    return spec(state).refill_size + fold(state, i, "refill_bonus")


def _limit(state: GameState, i: int, bonus: str, factor: str) -> int:
    """Influence plus the ``bonus`` hook's sum, times the ``factor`` hook's product."""
    found = active_powers(state, i)
    limit = influence(state, i)
    if not found:
        return limit
    rules = _RESOLVED[state.ruleset]
    checks = rules.by_hook["influence_checked"]
    if checks and any(checks.get(p.building) is p for p in found):
        limit = checked_influence(state, i, "limit")  # G-AERARIUM-1
    adds, times = rules.by_hook[bonus], rules.by_hook[factor]
    ctx = query_context(state)
    limit += sum(getattr(p, bonus)(ctx, i) for p in found if adds.get(p.building) is p)
    return limit * math.prod(getattr(p, factor)(ctx, i) for p in found if times.get(p.building) is p)


def clientele_limit(state: GameState, i: int) -> int:
    """Influence plus additions, then any doubling (R-PATRON-2)."""
    return _limit(state, i, "clientele_bonus", "clientele_factor")


def vault_limit(state: GameState, i: int) -> int:
    """Influence plus additions, then any doubling (R-VAULT-2)."""
    return _limit(state, i, "vault_bonus", "vault_factor")


def think_draws(state: GameState, i: int, option: str) -> int:
    """Cards a Thinker action draws before the deck runs short: one, or up to the refill
    size (R-THINK-1, R-THINK-2); none for a Jack."""
    if option == "jack":
        return 0
    return 1 if option == "draw" else refill_size(state, i) - hand_count_for_think(state, i)


def hand_count_for_think(state: GameState, i: int) -> int:
    """Cards in hand as the Thinker compares them with the refill size (AMB-22)."""
    hand = state.players[i].hand
    return len(hand) if state.rulings.think_hand is ThinkHand.ALL_CARDS else len(hand) - hand.count(JACK)


def role_of(state: GameState, card: str) -> Role | None:
    """The card's role; None for a card the recorder did not see (``engine.unseen``)."""
    return _RESOLVED[state.ruleset].roles.get(card)


def roles(state: GameState) -> dict[str, Role]:
    """Every card's role by name (``role_of`` for a whole hand; a card the recorder did not
    see, ``?``, is not in it). Shared: never change it."""
    return _RESOLVED[state.ruleset].roles


def material_of(state: GameState, card: str) -> Material | None:
    """The card's material; None for a card the recorder did not see (``engine.unseen``)."""
    return _RESOLVED[state.ruleset].materials.get(card)


def materials(state: GameState) -> dict[str, Material]:
    """Every card's material by name (``material_of`` for a whole pile; a card the recorder
    did not see, ``?``, is not in it). Shared: never change it."""
    return _RESOLVED[state.ruleset].materials


def client_roles(state: GameState, i: int, card: str) -> frozenset[Role]:
    """The roles player ``i``'s client ``card`` may act as: its own, and what powers add
    (R-ACT-3, B-LUDUSMAGNA-1, B-STOREROOM-1); a client acts as one of them at a time."""
    own = frozenset((_RESOLVED[state.ruleset].cards[card].role,))
    return own | fold(state, i, "client_roles", card) if active_powers(state, i, "client_roles") else own


def clients_of(state: GameState, i: int, role: Role | None) -> int:
    """Player ``i``'s clients that give an action of ``role`` now: those that may act as it,
    less those hired this turn (R-ACT-2, R-ACT-3, AMB-16)."""
    player = state.players[i]
    if not player.clientele and not player.hired:
        return 0
    if active_powers(state, i, "client_roles"):
        return (sum(1 for c in player.clientele if role in client_roles(state, i, c))
                - sum(1 for c in player.hired if role in client_roles(state, i, c)))
    cards = _RESOLVED[state.ruleset].cards
    count = 0
    for c in player.clientele:
        if cards[c].role is role:
            count += 1
    for c in player.hired:
        if cards[c].role is role:
            count -= 1
    return count


def action_count(state: GameState, i: int) -> int:
    """Actions of the led role: one for leading or following (one per play, where a power let
    several be played at once, B-PALACE-1), one per client of the role not hired this turn,
    plus power additions (R-TURN-3, R-TURN-4, R-ACT-1..4)."""
    role = state.led_role
    player = state.players[i]
    own = (player.plays or 1) if player.played else 0
    return own + clients_of(state, i, role) + fold(state, i, "extra_actions", role)


def materials_needed(state: GameState, i: int, building: Building) -> int:
    """Materials that complete a building: the foundation's value unless a power says
    otherwise, its own power first (R-BUILD-8, B-STATUE-2)."""
    needed = fold(state, i, "materials_needed", building, own=building.foundation)
    return needed if needed is not None else _RESOLVED[state.ruleset].cards[building.foundation].value


def material_fits(state: GameState, i: int, building: Building, card: str) -> bool:
    """Whether ``card`` may be added to ``building``: same material as the foundation or, for
    a foundation a power let stand on a Site of another material, as the Site, even once that
    power is gone; otherwise only if a power allows it (R-BUILD-5, BC-TOWER-4,
    BC-SCRIPTORIUM-1, BC-STATUE-1, B-STATUE-2)."""
    return takes_material(state, i, building, _RESOLVED[state.ruleset].cards[card].material)


def takes_material(state: GameState, i: int, building: Building, material: Material) -> bool:
    """``material_fits`` for any card of ``material`` (it asks nothing else of the card)."""
    if material is _RESOLVED[state.ruleset].cards[building.foundation].material or material is building.site:
        return True
    return fold(state, i, "material_fits", building, material, own=building.foundation)


def completes_now(state: GameState, i: int, building: Building, card: str, role: Role | None) -> bool:
    """Whether the card being added completes the building before it holds enough materials:
    asked of the player's powers working as the action is taken and of the building's own
    (R-BUILD-8). A power the card itself wakes (a Marble that makes a foundation work,
    C-GATE-ROAD-1) works from the next action on: a building gives nothing before it works
    (R-BUILD-10)."""
    return fold(state, i, "completes", building, card, role, own=building.foundation)


def action_sources(state: GameState, i: int, role: Role | None) -> frozenset[Zone]:
    """Places besides the usual one an action of ``role`` may take its card from
    (R-PATRON-1, R-ARCH-1, B-AQUEDUCT-2, B-ARCHWAY-1)."""
    return fold(state, i, "action_sources", role)


def extra_places(state: GameState, i: int, role: Role | None) -> frozenset[Zone]:
    """Of ``action_sources``, the places an action of ``role`` takes one more card from, beside
    its own card (B-AQUEDUCT-2, B-BAR-1, B-BASILICA-1, B-DOCK-1, BC-FOUNDRY-1)."""
    return fold(state, i, "extra_places", role)


def public_placement(state: GameState, i: int) -> bool:
    """Whether the player's Architect actions may place into opponents' structures (B-STAIRWAY-1)."""
    return fold(state, i, "public_placement")


def allows_play(state: GameState, i: int, cards: tuple[str, ...], role: Role) -> bool:
    """Whether a power lets ``cards`` be played together as ``role``, as one play (B-CRANE-1,
    B-CIRCUS-1)."""
    return fold(state, i, "allows_play", cards, role)


def several_plays(state: GameState, i: int, role: Role) -> bool:
    """Whether a power lets the player lead or follow ``role`` with several plays at once,
    each worth one action (B-PALACE-1, AMB-26)."""
    return fold(state, i, "several_plays", role)


def site_materials(state: GameState, i: int, card: str) -> frozenset[Material]:
    """Materials of the Sites a foundation may be laid on: its own, or more by a power (R-BUILD-1)."""
    return frozenset((_RESOLVED[state.ruleset].cards[card].material,)) | fold(state, i, "site_materials", card,
                                                                                own=card)


def out_of_town_cost(state: GameState, i: int) -> int:
    """Actions an out-of-town foundation takes: two (R-BUILD-3, AMB-05), or fewer by a power."""
    base = 1 if state.rulings.out_of_town_cost is OutOfTownCost.ONE_ACTION else 2
    cost = fold(state, i, "out_of_town_cost")
    return base if cost is None else min(base, cost)


def out_of_town_open(state: GameState, material: Material) -> bool:
    """Whether an out-of-town Site of ``material`` may be claimed now (R-BUILD-3, AMB-04)."""
    if state.sites_out_of_town[material] <= 0:
        return False
    return state.rulings.out_of_town is OutOfTown.ANY_TIME or state.sites_in_town[material] == 0


def hand_orders(hand: list[str]) -> int:
    return len(hand) - hand.count(JACK)


class EngineContext(Context):
    """The engine's side of ``powers.context.Context``, bound to one state: what a power's
    hook may ask and do. Effects append to ``events`` and steps to ``granted``, which the
    engine orders, pushes and announces (``fire``)."""

    __slots__ = ("state", "spec", "_cards", "_values", "events", "granted", "answered", "actions", "active",
                 "in_play", "answering", "performing")

    def __init__(self, state: GameState, resolved: Resolved, events: list[Event] | None = None) -> None:
        self.state = state
        self.spec = resolved.spec
        self._cards = resolved.cards
        self._values = resolved.site_values
        self.events = events if events is not None else []
        self.granted: list[Step] = []
        self.answered: Step | None = None
        self.actions: tuple[Role | None, ...] = ()
        self.active: list[dict[str | None, list[Power]]] = []
        """Each player's active powers by hook (all of them under None), by seat, as found when
        the state's context was made or a building last changed (``query_context``,
        ``buildings_changed``; ``active_powers``). Empty in the contexts effects get (``fire``)."""
        self.in_play: dict[str, bool] = {}
        """Whether some building's power answers a hook, by hook, kept as ``active`` is (``in_play``)."""
        self.answering: Step | None = None
        """While a decision is performed: the step it answers (``answering``). Always None
        between decisions."""
        self.performing = False
        """Whether a decision is being performed: its action keeps the role it started with,
        whatever steps its effects grant (a completion's burst does not change it, R-BUILD-9)."""

    def __reduce__(self) -> tuple:
        """Never sent along with its state (a game pickled to another process): it is made
        again there when first needed (``query_context``)."""
        return _made_again, ()

    def card(self, name: str) -> Card:
        return self._cards[name]

    def influence(self, i: int) -> int:
        return influence(self.state, i)

    def checked_influence(self, i: int) -> int:
        return checked_influence(self.state, i, "count")

    def vault_limit(self, i: int) -> int:
        return vault_limit(self.state, i)

    def material_value(self, material: Material) -> int:
        return self._values[material]

    def client_roles(self, i: int, card: str) -> frozenset:
        return client_roles(self.state, i, card)

    def lost_to_legionary(self, i: int) -> bool:
        return self.state.players[i].spent.get(LOST) == self.state.turn

    def reach(self, i: int) -> frozenset:
        return fold(self.state, i, "demand_reach")

    def woken(self, i: int) -> list[str]:
        return woken_foundations(self.state, i)

    def guards_clients(self, i: int, demander: int) -> bool:
        return fold(self.state, i, "guards_clients", demander)

    def extra_places(self, i: int, role: Role) -> frozenset:
        return extra_places(self.state, i, role)

    def grant(self, step: Step) -> None:
        self.granted.append(step)

    def turn_up(self, by: int, count: int) -> None:
        state = self.state
        if not state.deck_known:  # which cards are on top is told by their placements (engine.unseen)
            unseen.hide(state)
        name = state.players[by].name
        for card in state.deck[:count]:
            self.events.append(Event(EventKind.MOVE, name, card, Zone.DECK, Zone.TURNED_UP))
        state.turned_up.extend(state.deck[:count])
        del state.deck[:count]

    def end_game(self, reason: str, by: int, *, wins: bool = False) -> None:
        name = self.state.players[by].name
        end_game(self.state, self.events, reason, by=name, winner=name if wins else None)

    def emit(self, kind, player, card=None, *, text=None, value=None) -> None:
        self.events.append(Event(kind, self.state.players[player].name, card, text=text, value=value))


def _made_again() -> None:
    """What an ``EngineContext`` unpickles as: none, until ``query_context`` makes one."""
    return None
