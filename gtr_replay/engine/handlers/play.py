"""Leading, following and thinking (R-TURN-1, R-TURN-2, R-JACK-*, R-PET-*, R-THINK-*)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gtr_replay.enums import JACK, ROLES, Role, Zone
from gtr_replay.engine import flow, rules, spent
from gtr_replay.engine.decisions import Follow, Lead, Think
from gtr_replay.engine.events import Event
from gtr_replay.engine.handlers.base import Handler, Problem, handles, missing, multisets, problem, take
from gtr_replay.engine.handlers.roles import step_now
from gtr_replay.engine.state import GameState, Phase
from gtr_replay.engine.steps import Actions, ThinkAfterDiscard


def _play_problem(state: GameState, i: int, cards: tuple[str, ...], role) -> Problem | None:
    """Whether ``cards`` from hand may be played as ``role`` (shared by lead and follow): one
    card, a Jack, a petition, or what a power allows (B-PALACE-1, B-CRANE-1, B-CIRCUS-1)."""
    found = _plain_play_problem(state, i, cards, role)
    if found is not None and cards and not missing(state.players[i].hand, cards) \
            and rules.allows_play(state, i, cards, role):
        return None
    return found


def _plain_play_problem(state: GameState, i: int, cards: tuple[str, ...], role) -> Problem | None:
    hand = state.players[i].hand
    if not cards:
        return problem("no card played", "R-TURN-1")
    lacking = missing(hand, cards)
    if lacking:
        return problem(f"{', '.join(lacking)} not in {state.players[i].name}'s hand", "R-TURN-1", "R-TURN-2")
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
    if len(cards) != size:
        return problem(f"a petition takes {size} cards of one role, not {len(cards)}", "R-PET-1", "R-PET-2")
    if len({rules.role_of(state, c) for c in cards}) != 1:
        return problem("a petition's cards must all be of one role", "R-PET-1")
    return None


def _play_options(state: GameState, i: int, role=None):
    """(role, cards) pairs a player may play; ``role`` fixes the role when following."""
    seen = set()
    for option in _plain_play_options(state, i, role):
        seen.add(option)
        yield option
    for option in rules.fold(state, i, "play_options", role):
        if option not in seen:
            seen.add(option)
            yield option


def _plain_play_options(state: GameState, i: int, role=None):
    hand = state.players[i].hand
    orders = Counter(c for c in hand if c != JACK)
    for card in sorted(orders):
        card_role = rules.role_of(state, card)
        if role is None or card_role is role:
            yield card_role, (card,)
    if JACK in hand:
        for r in ROLES if role is None else (role,):
            yield r, (JACK,)
    size = rules.spec(state).petition_size
    if size:
        by_role: dict = {}
        for card, n in orders.items():
            by_role.setdefault(rules.role_of(state, card), Counter())[card] = n
        for group in by_role.values():
            if sum(group.values()) >= size:
                for cards in multisets(group, size):
                    for r in ROLES if role is None else (role,):
                        yield r, cards


def _put_in_camp(state: GameState, i: int, cards: tuple[str, ...], role, ev: list[Event]) -> None:
    player = state.players[i]
    if len(cards) > 1 and not rules.allows_play(state, i, cards, role):
        spent.note(state, i, "petition")  # one play, one action (R-PET-4)
    take(player.hand, cards)
    player.camp.extend(cards)
    player.played = True
    for card in cards:
        ev.append(Event("move", player.name, card, Zone.HAND, Zone.CAMP))


class LeadHandler(Handler):
    decision = Lead

    def candidates(self, state, i):
        name = state.players[i].name
        for role, cards in _play_options(state, i):
            yield Lead(name, role, cards)

    def problem(self, state, i, d):
        if d.role not in ROLES:
            return problem(f"{d.role} is not a role a card can be led as", "R-JACK-1", "R-CARD-2",
                           hint="Thinker is chosen by thinking, never led")
        return _play_problem(state, i, d.cards, d.role)

    def perform(self, state, i, d, ev):
        _put_in_camp(state, i, d.cards, d.role, ev)
        state.led_role = Role(d.role)  # a role read from text arrives as a plain string
        ev.append(Event("lead", d.player, text=str(d.role)))
        flow.act_early(state, i, ev)
        flow.next_follower(state, ev)


class FollowHandler(Handler):
    decision = Follow

    def candidates(self, state, i):
        name = state.players[i].name
        for _, cards in _play_options(state, i, state.led_role):
            yield Follow(name, cards)

    def problem(self, state, i, d):
        return _play_problem(state, i, d.cards, state.led_role)

    def perform(self, state, i, d, ev):
        _put_in_camp(state, i, d.cards, state.led_role, ev)
        ev.append(Event("follow", d.player, text=str(state.led_role)))
        flow.act_early(state, i, ev)
        flow.next_follower(state, ev)


def think_options(state: GameState, i: int) -> list[str]:
    """The Thinker actions open to a player (R-THINK-1, AMB-03, AMB-22, AMB-23)."""
    options = []
    if state.jack_pile > 0:
        options.append("jack")
    held = rules.hand_count_for_think(state, i)
    size = rules.refill_size(state, i)
    short = state.rulings["short-refill"] == "forbidden" and len(state.deck) < size - held
    if held < size and not short:
        options.append("refill")
    may_draw = held >= size and (state.rulings["refill-size"] == "refill-only" or held == size)
    if may_draw or (short and held < size) or not options:
        options.append("draw")
    return options


class ThinkHandler(Handler):
    decision = Think

    def candidates(self, state, i):
        name = state.players[i].name
        for option in think_options(state, i):
            yield Think(name, option)

    def problem(self, state, i, d):
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
                return problem(f"{d.player} holds {held} cards, not fewer than the refill size {size}",
                               "R-THINK-1", hint="draw one card instead")
            return problem(f"the deck holds {len(state.deck)} cards, too few to refill", "R-THINK-2", "AMB-03")
        if d.option == "draw":
            held, size = rules.hand_count_for_think(state, i), rules.refill_size(state, i)
            if held > size:  # only under refill-size=maximum: the refill size is a hand limit
                return problem(f"{d.player} holds {held} cards, more than the refill size {size}",
                               "R-THINK-3", "AMB-23", hint="take a Jack instead")
            return problem(f"{d.player} holds fewer cards than the refill size {size}",
                           "R-THINK-1", "AMB-23", hint="refill instead")
        return problem(f"unknown Thinker action {d.option!r}", "R-THINK-1")

    def perform(self, state, i, d, ev):
        """A Thinker action: of a lead or follow, it moves the turn on (R-THINK-4); answering a
        step, it is that step's, and a burst keeps what it has left (B-SCHOOL-1). Powers
        that follow a Thinker action act after it (B-TRIBUNAL-1)."""
        step = state.answering
        state.answering = None
        player = state.players[i]
        ev.append(Event("think", d.player, text=d.option))
        if d.option == "jack":
            state.jack_pile -= 1
            player.hand.append(JACK)
            ev.append(Event("move", d.player, JACK, Zone.JACK_PILE, Zone.HAND))
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


handles(LeadHandler, FollowHandler, ThinkHandler)
