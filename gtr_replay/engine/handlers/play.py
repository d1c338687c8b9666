"""Leading, following and thinking (R-TURN-1, R-TURN-2, R-JACK-*, R-PET-*, R-THINK-*).

A lead or a follow is one play (a card of the role, a Jack, a petition, or what a power
allows: B-CRANE-1, B-CIRCUS-1) or, where a power allows it (B-PALACE-1), several plays at
once, each worth one action: cards of the role, Jacks and petitions, each a *unit* (AMB-26).
A record writes the units where the cards alone could be grouped in more than one way, a
petition's cards joined by ``+``; otherwise each card that may be played alone is one unit
and the other cards form petitions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gtr_replay.enums import JACK, ROLES, Role, Zone
from gtr_replay.engine import flow, rules, spent
from gtr_replay.game.decisions import Follow, Lead, Think
from gtr_replay.game.events import Event, EventKind
from gtr_replay.engine.handlers.base import Handler, Problem, multisets, not_held, problem, take
from gtr_replay.engine.handlers.roles import answering_step, step_now
from gtr_replay.game.state import GameState, Phase
from gtr_replay.game.steps import Actions, ThinkAfterDiscard
from gtr_replay.data.ruling_types import PalacePetitions, RefillSize, ShortRefill

Unit = tuple[str, ...]


def _play_problem(state: GameState, i: int, cards: tuple[str, ...], role, groups: tuple[int, ...] = ()) \
        -> Problem | None:
    """Whether ``cards`` from hand may be played as ``role`` (shared by lead and follow), as
    one play or, where a power allows it, several (B-PALACE-1, AMB-26)."""
    if not cards:
        return problem("no card played", "R-TURN-1")
    lacking = not_held(state.players[i].hand, cards, f"{state.players[i].name}'s hand")
    if lacking:
        return problem(lacking, "R-TURN-1", "R-TURN-2")
    if len(cards) == 1 and not groups:  # the common case: one card
        return _unit_problem(state, i, cards, role)
    units = play_units(state, i, cards, role, groups)
    if isinstance(units, Problem):
        return units
    if len(units) == 1:
        return _unit_problem(state, i, units[0], role)
    if not rules.several_plays(state, i, role):
        return problem(f"{len(units)} plays at once: one lead or follow is one play unless a power allows more",
                       "R-TURN-1", "R-TURN-2", "B-PALACE-1", hint="write one card, a Jack or one petition")
    for unit in units:
        found = _unit_problem(state, i, unit, role, several=True)
        if found is not None:
            return found
    return None


def _unit_problem(state: GameState, i: int, unit: Unit, role, several: bool = False) -> Problem | None:
    """Whether ``unit`` is one play as ``role``: a card of the role, a Jack, a petition of the
    ruleset's size, or what a power allows (B-CRANE-1, B-CIRCUS-1). Among several plays,
    under the ``palace-petitions`` ruling's other reading, only a petition of the ruleset's
    size (AMB-26)."""
    found = _plain_play_problem(state, i, unit, role)
    if found is None:
        return None
    if several and len(unit) > 1 and state.rulings.palace_petitions is PalacePetitions.RULESET_SIZE:
        if rules.allows_play(state, i, unit, role):
            return problem(f"{' + '.join(unit)}: among several plays only a petition of the ruleset's size counts "
                           "as one card, under this reading", "AMB-26", "B-PALACE-1")
        return found
    return None if rules.allows_play(state, i, unit, role) else found


def _plain_play_problem(state: GameState, i: int, cards: tuple[str, ...], role) -> Problem | None:
    """Whether ``cards`` (from hand) are one play as ``role`` without any power: one card of
    the role, a Jack, or a petition (R-TURN-1, R-JACK-1, R-PET-1..5)."""
    if len(cards) == 1:
        card = cards[0]
        if card == JACK or rules.role_of(state, card) == role:
            return None
        return problem(f"{card} is a {rules.role_of(state, card)} card, not {role}", "R-TURN-1", "R-TURN-2",
                       hint="play a card of the role, a Jack, or think")
    size = rules.spec(state).petition_size
    if size == 0:
        return problem(f"{len(cards)} cards played together: this ruleset has no petition", "R-PET-3")
    if JACK in cards:
        return problem("a Jack cannot be part of a petition", "R-PET-5", "R-PET-1")
    if len({rules.role_of(state, c) for c in cards}) != 1:  # first: a power's pair must be of one role too (B-CIRCUS-1)
        return problem("a petition's cards must all be of one role", "R-PET-1")
    if len(cards) != size:
        return problem(f"a petition takes {size} cards of one role, not {len(cards)}", "R-PET-1", "R-PET-2")
    return None


def play_units(state: GameState, i: int, cards: tuple[str, ...], role, groups: tuple[int, ...] = ()) \
        -> list[Unit] | Problem:
    """The units of a play: as written (``groups``), else read from the cards: one play
    without a power for several (B-PALACE-1); with one, each card that may be played alone is
    a unit and the others form petitions, which must come out the same way however they are
    formed (AMB-26)."""
    if groups:
        if sum(groups) != len(cards) or min(groups) < 1:
            return problem(f"{len(cards)} cards do not split into units of {', '.join(map(str, groups))}", "R-TURN-1")
        units, at = [], 0
        for n in groups:
            units.append(cards[at:at + n])
            at += n
        return units
    if len(cards) == 1 or not rules.several_plays(state, i, role):
        return [cards]
    singles = [(card,) for card in cards if _unit_problem(state, i, (card,), role, several=True) is None]
    by_role: dict = {}
    for card in cards:
        if (card,) not in singles:
            by_role.setdefault(rules.role_of(state, card), []).append(card)
    petitions: list[Unit] = []
    for group in by_role.values():
        ways = _petition_ways(state, i, tuple(sorted(group)), role)
        if not ways:
            return [cards]  # no petitions make these cards: checked as one play, and refused there
        if len({len(way) for way in ways}) > 1:
            counts = " or ".join(str(n) for n in sorted({len(way) for way in ways}))
            return problem(f"{', '.join(group)} make {counts} petitions: say which, joining each petition's "
                           "cards with '+'", "AMB-26", "B-PALACE-1",
                           hint=f"e.g. '{' + '.join(ways[0][0])}, ...'")
        petitions += ways[0]
    return [*singles, *petitions]


def _petition_ways(state: GameState, i: int, group: tuple[str, ...], role) -> list[list[Unit]]:
    """The ways the cards of one role (none of which may be played alone) split into
    petitions, one per number of petitions (R-PET-1, B-CIRCUS-1, AMB-26)."""
    sizes = [n for n in range(2, len(group) + 1)
             if _unit_problem(state, i, group[:n], role, several=True) is None]
    found: dict[int, list[Unit]] = {}

    def split(rest: tuple[str, ...], taken: list[Unit]) -> None:
        if not rest:
            found.setdefault(len(taken), list(taken))
            return
        for n in sizes:
            if n <= len(rest):
                split(rest[n:], [*taken, rest[:n]])

    split(group, [])
    return [found[n] for n in sorted(found)]


def played_as(state: GameState, i: int, role, units: list[Unit]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The cards and groups a play of ``units`` is written with: the plain cards where they
    read back as as many units, else the units themselves."""
    cards = tuple(card for unit in units for card in unit)
    if len(cards) == 1 or (len(units) == 1 and not rules.several_plays(state, i, role)):
        return cards, ()
    plain = tuple(sorted(cards))
    read = play_units(state, i, plain, role)
    if not isinstance(read, Problem) and len(read) == len(units):
        return plain, ()
    return cards, tuple(len(unit) for unit in units)


_AS_ROLES: dict[Role | None, tuple[Role, ...]] = {None: ROLES, **{r: (r,) for r in ROLES}}
"""The roles a play may be made as: any for a lead (None), the led one for a follow."""


def _play_options(state: GameState, i: int, role=None):
    """(role, cards, groups) a player may play; ``role`` fixes the role when following."""
    if not rules.active_powers(state, i, "several_plays"):  # the common case: one play
        for r, unit in _unit_options(state, i, role):
            yield r, unit, ()
        return
    seen = set()
    for r, unit in _unit_options(state, i, role):
        option = (r, *played_as(state, i, r, [unit]))
        if option not in seen:
            seen.add(option)
            yield option
    for r in _AS_ROLES[role]:
        if rules.several_plays(state, i, r):
            for units in _several(state, i, r):
                option = (r, *played_as(state, i, r, units))
                if option not in seen:
                    seen.add(option)
                    yield option


def _unit_options(state: GameState, i: int, role=None):
    """(role, unit) pairs: every single play, without a power or by one."""
    seen = set()
    for option in _plain_play_options(state, i, role):
        seen.add(option)
        yield option
    for option in rules.fold(state, i, "play_options", role):
        if option not in seen:
            seen.add(option)
            yield option


def _several(state: GameState, i: int, role: Role):
    """Every play of two units or more as ``role`` the hand allows, each multiset of units
    once (B-PALACE-1, AMB-26)."""
    units = sorted({unit for r, unit in _unit_options(state, i, role)
                    if r is role and _unit_problem(state, i, unit, role, several=True) is None})
    hand = Counter(state.players[i].hand)
    found: set[tuple[Unit, ...]] = set()

    def extend(start: int, taken: list[Unit], left: Counter) -> None:
        if len(taken) >= 2:
            found.add(tuple(taken))
        for k in range(start, len(units)):
            need = Counter(units[k])
            if all(left[card] >= n for card, n in need.items()):
                extend(k, [*taken, units[k]], left - need)

    extend(0, [], hand)
    by_cards: dict = {}
    for play in sorted(found):
        by_cards.setdefault((tuple(sorted(c for u in play for c in u)), len(play)), play)
    for play in by_cards.values():
        yield list(play)


_JACK_PLAYS = {role: tuple((r, (JACK,)) for r in roles) for role, roles in _AS_ROLES.items()}
"""A Jack's plays, as any role it may be played as (R-JACK-1)."""


def _plain_play_options(state: GameState, i: int, role=None) -> list:
    """(role, unit) pairs a hand plays without a power: each card as its role, a Jack as
    any role, a petition of the ruleset's size of cards of one role as any role (R-TURN-1,
    R-JACK-1, R-PET-1); ``role`` fixes the role when following."""
    hand = state.players[i].hand
    counts: dict[str, int] = {}
    jacks = 0
    for card in hand:
        if card == JACK:
            jacks += 1
        else:
            counts[card] = counts.get(card, 0) + 1
    role_of = rules.roles(state)  # '?' has no role (engine.unseen)
    options: list[tuple[Role | None, tuple[str, ...]]]
    if role is None:
        options = [(role_of.get(card), (card,)) for card in sorted(counts)]
    else:
        options = [(role, (card,)) for card in sorted(counts) if role_of.get(card) is role]
    if jacks:
        options.extend(_JACK_PLAYS[role])
    size = rules.spec(state).petition_size
    if size and len(hand) - jacks >= size:
        as_roles = _AS_ROLES[role]
        by_role: dict[Role | None, dict[str, int]] = {}
        for card, n in counts.items():
            by_role.setdefault(role_of.get(card), {})[card] = n
        for group in by_role.values():
            if sum(group.values()) >= size:
                for cards in multisets(group, size):
                    options.extend([(r, cards) for r in as_roles])
    return options


def _put_in_camp(state: GameState, i: int, cards: tuple[str, ...], role, ev: list[Event],
                 groups: tuple[int, ...] = ()) -> None:
    player = state.players[i]
    units = play_units(state, i, cards, role, groups)
    count = 1 if isinstance(units, Problem) else len(units)
    if count == 1 and len(cards) > 1 and not rules.allows_play(state, i, cards, role):
        spent.note(state, i, "petition")  # one play, one action (R-PET-4)
    take(player.hand, cards)
    player.camp.extend(cards)
    player.played = True
    player.plays = count if count > 1 else 0  # each unit one action (B-PALACE-1)
    for card in cards:
        ev.append(Event(EventKind.MOVE, player.name, card, Zone.HAND, Zone.CAMP))


def _plain_or_checked(state: GameState, i: int, role, make, check):
    """The plays ``make`` builds from ``_play_options``, legal: without a power for several
    plays, a card of the role, a Jack or a petition from a hand of cards seen is a play by
    construction (R-TURN-1, R-JACK-1, R-PET-1), and only what a power adds is checked
    (``check``). A card not seen (``?``, engine.unseen) has no role to build a play from."""
    if state.unseen is not None or rules.active_powers(state, i, "several_plays"):
        for option in _play_options(state, i, role):
            d = make(*option)
            if check(d) is None:
                yield d
        return
    seen = set()
    for option in _plain_play_options(state, i, role):
        seen.add(option)
        yield make(*option, ())
    for option in rules.fold(state, i, "play_options", role):
        if option not in seen:
            seen.add(option)
            d = make(*option, ())
            if check(d) is None:
                yield d


def _plain_sample(state: GameState, i: int, role, make):
    """``sample`` for a lead or a follow: where no power adds a play, the plain plays
    (``_plain_or_checked``) counted as pairs and built one at a time; None otherwise."""
    if state.unseen is not None or rules.active_powers(state, i, "several_plays") \
            or rules.active_powers(state, i, "play_options"):
        return None
    options = _plain_play_options(state, i, role)
    return len(options), lambda k: make(*options[k], ())


class LeadHandler(Handler):
    decision = Lead

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for role, cards, groups in _play_options(state, i):
            yield Lead(name, role, cards, groups)

    def legal(self, state: GameState, i: int):
        name = state.players[i].name
        return _plain_or_checked(state, i, None, lambda role, cards, groups: Lead(name, role, cards, groups),
                                 lambda d: self.problem(state, i, d))

    def sample(self, state: GameState, i: int):
        name = state.players[i].name
        return _plain_sample(state, i, None, lambda role, cards, groups: Lead(name, role, cards, groups)) \
            or super().sample(state, i)

    def problem(self, state: GameState, i: int, d):
        if d.role not in ROLES:
            return problem(f"{d.role} is not a role a card can be led as", "R-JACK-1", "R-CARD-2",
                           hint="Thinker is chosen by thinking, never led")
        return _play_problem(state, i, d.cards, d.role, d.groups)

    def perform(self, state: GameState, i: int, d, ev):
        _put_in_camp(state, i, d.cards, d.role, ev, d.groups)
        state.led_role = Role(d.role)  # a role read from text arrives as a plain string
        ev.append(Event(EventKind.LEAD, d.player, text=str(d.role)))
        flow.act_early(state, i, ev)
        flow.next_follower(state, ev)


class FollowHandler(Handler):
    decision = Follow

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for _, cards, groups in _play_options(state, i, state.led_role):
            yield Follow(name, cards, groups)

    def legal(self, state: GameState, i: int):
        name = state.players[i].name
        return _plain_or_checked(state, i, state.led_role, lambda _, cards, groups: Follow(name, cards, groups),
                                 lambda d: self.problem(state, i, d))

    def sample(self, state: GameState, i: int):
        name = state.players[i].name
        return _plain_sample(state, i, state.led_role, lambda _, cards, groups: Follow(name, cards, groups)) \
            or super().sample(state, i)

    def problem(self, state: GameState, i: int, d):
        return _play_problem(state, i, d.cards, state.led_role, d.groups)

    def perform(self, state: GameState, i: int, d, ev):
        _put_in_camp(state, i, d.cards, state.led_role, ev, d.groups)
        ev.append(Event(EventKind.FOLLOW, d.player, text=str(state.led_role)))
        flow.act_early(state, i, ev)
        flow.next_follower(state, ev)


def think_options(state: GameState, i: int) -> list[str]:
    """The Thinker actions open to a player (R-THINK-1, AMB-03, AMB-22, AMB-23). Under the
    ``refill-size=maximum`` reading a player above the refill size may take only a Jack; with
    the Jack pile empty, one who could do nothing else (a follower with no card to follow
    with) draws one card, so that the game goes on."""
    options = []
    if state.jack_pile > 0:
        options.append("jack")
    held = rules.hand_count_for_think(state, i)
    size = rules.refill_size(state, i)
    short = state.rulings.short_refill is ShortRefill.FORBIDDEN and len(state.deck) < size - held
    if held < size and not short:
        options.append("refill")
    may_draw = held >= size and (state.rulings.refill_size is RefillSize.REFILL_ONLY or held == size)
    if may_draw or (short and held < size) or (not options and _nothing_else(state, i)):
        options.append("draw")
    return options


def _nothing_else(state: GameState, i: int) -> bool:
    """Whether a player asked to lead or follow has nothing to play: a follower with no card of
    the led role, Jack or petition; never a leader, who may lead any card (R-TURN-3): with no
    role led yet, the search finds every card."""
    if step_now(state) is not None:
        return False
    return next(iter(FollowHandler().legal(state, i)), None) is None


def _holds(state: GameState, i: int, held: int) -> str:
    """The hand a think is measured by, in words: its Order cards alone where the reading in
    force leaves the Jacks held out (AMB-22)."""
    player = state.players[i]
    if held == len(player.hand):
        return f"{player.name} holds {held} cards"
    return f"{player.name} holds {held} Order cards (the Jacks held do not count)"


def _counted_by(state: GameState, i: int) -> tuple[str, ...]:
    """The ruling that left Jacks out of the count, where it did (AMB-22)."""
    return () if rules.hand_count_for_think(state, i) == len(state.players[i].hand) else ("AMB-22",)


class ThinkHandler(Handler):
    decision = Think

    def candidates(self, state: GameState, i: int):
        name = state.players[i].name
        for option in think_options(state, i):
            yield Think(name, option)

    def legal(self, state: GameState, i: int):
        """The options open (``think_options``) that the step answered allows (B-TRIBUNAL-1)."""
        return answering_step(state, self.candidates(state, i))

    def sample(self, state: GameState, i: int):
        """The options open, counted; with no step to answer, no decision is built to count them."""
        if step_now(state) is not None:
            return super().sample(state, i)
        name = state.players[i].name
        options = think_options(state, i)
        return len(options), lambda k: Think(name, options[k])

    def problem(self, state: GameState, i: int, d):
        step = step_now(state)
        if step is not None and (why := step.allows(d)) is not None:
            return problem(why, "B-TRIBUNAL-1")
        options = think_options(state, i)
        if d.option in options:
            return None
        if d.option == "jack":
            return problem("the Jack pile is empty", "R-THINK-1", "AMB-22")
        if d.option == "refill":
            held, size = rules.hand_count_for_think(state, i), rules.refill_size(state, i)
            if held >= size:
                return problem(f"{_holds(state, i, held)}, not fewer than the refill size {size}",
                               "R-THINK-1", *_counted_by(state, i), hint="draw one card instead")
            return problem(f"the deck holds {len(state.deck)} cards, too few to refill", "R-THINK-2", "AMB-03")
        if d.option == "draw":
            held, size = rules.hand_count_for_think(state, i), rules.refill_size(state, i)
            if held > size:  # only under refill-size=maximum: the refill size is a hand limit
                return problem(f"{_holds(state, i, held)}, more than the refill size {size}",
                               "R-THINK-3", "AMB-23", *_counted_by(state, i), hint="take a Jack instead")
            return problem(f"{_holds(state, i, held)}, fewer than the refill size {size}",
                           "R-THINK-1", *_counted_by(state, i), hint="refill instead")
        return problem(f"unknown Thinker action {d.option!r}", "R-THINK-1")

    def perform(self, state: GameState, i: int, d, ev):
        """A Thinker action: of a lead or follow, it moves the turn on (R-THINK-4); answering a
        step, it is that step's, and a burst keeps what it has left (B-SCHOOL-1). Powers
        that follow a Thinker action act after it (B-TRIBUNAL-1)."""
        step = rules.take_answered(state)
        player = state.players[i]
        ev.append(Event(EventKind.THINK, d.player, text=d.option))
        if d.option == "jack":
            state.jack_pile -= 1
            player.hand.append(JACK)
            ev.append(Event(EventKind.MOVE, d.player, JACK, Zone.JACK_PILE, Zone.HAND))
        else:
            want = rules.think_draws(state, i, d.option)
            if not state.deck:  # only reachable when the deck may lie empty (AMB-01 'empty-draw')
                flow.end_game(state, ev, "deck", by=d.player)
                return
            flow.draw(state, ev, i, want)
            if state.phase is Phase.OVER:
                return
        if isinstance(step, Actions) and step.count > 1:
            state.steps.append(replace(step, count=step.count - 1, discarded=False))
        if state.phase is Phase.FOLLOW and (step is None or isinstance(step, ThinkAfterDiscard)):
            flow.act_early(state, i, ev)  # a thinker's clients too (BC-BAR-1, BC-DOCK-1), after the think
        if step is None or step.thinker_action:
            rules.push_steps(state, ev, rules.fire(state, i, "after_think", ev, d, answered=step))
        if step is not None and not isinstance(step, ThinkAfterDiscard):
            return  # the flow resumes once the steps are answered (core._perform)
        if state.phase is Phase.LEAD:
            flow.end_turn(state, ev)  # a leader who thinks ends the turn (R-THINK-4)
        else:
            flow.next_follower(state, ev)
