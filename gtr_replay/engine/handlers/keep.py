"""Decisions only a power makes possible: keeping played cards at the end of a turn,
discarding before a think, and taking the deck's top card into the hand (B-SEWER-1,
B-SENATE-1, B-LATRINE-1, B-VOMITORIUM-1, B-FOUNTAIN-1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gtr_replay.engine import flow, rules
from gtr_replay.engine.decisions import Discard, Keep, TakeFromDeck
from gtr_replay.engine.events import Event
from gtr_replay.engine.handlers.base import Handler, handles, missing, multisets, problem
from gtr_replay.engine.handlers.roles import _sources, _take, _zone_cards, acting_role, step_now, use_actions
from gtr_replay.engine.state import GameState
from gtr_replay.engine.steps import KeepPlayed, ThinkAfterDiscard
from gtr_replay.enums import JACK, Role, Zone


def _keepable(state: GameState, i: int, step: KeepPlayed) -> list[str]:
    """Opponents' Jacks played this turn (B-SENATE-1), or one's own Order cards played (B-SEWER-1)."""
    if step.jacks:
        return [JACK] * sum(p.camp.count(JACK) for j, p in enumerate(state.players) if j != i)
    return [card for card in state.players[i].camp if card != JACK]


class KeepHandler(Handler):
    """Keep some or all of the cards a step allows; passing keeps none (AMB-14)."""

    decision = Keep

    def candidates(self, state, i):
        step = step_now(state)
        if not isinstance(step, KeepPlayed):
            return
        counts = Counter(_keepable(state, i, step))
        for k in range(1, sum(counts.values()) + 1):
            for cards in multisets(counts, k):
                yield Keep(state.players[i].name, cards)

    def problem(self, state, i, d):
        step = step_now(state)
        if not isinstance(step, KeepPlayed):
            return problem(f"{d.player} has nothing to keep now", "B-SEWER-1", "B-SENATE-1")
        rule = "B-SENATE-1" if step.jacks else "B-SEWER-1"
        if not d.cards:
            return problem("keeping nothing is written as a pass", rule)
        lacking = missing(_keepable(state, i, step), d.cards)
        if lacking:
            what = "Jacks opponents played" if step.jacks else f"Order cards {d.player} played"
            return problem(f"{', '.join(lacking)}: not among the {what} this turn", rule)
        return None

    def perform(self, state, i, d, ev):
        step = state.answering
        state.answering = None
        player = state.players[i]
        if step.jacks:
            n = len(state.players)
            for _ in d.cards:
                j = next(j for s in range(n) if (j := (state.leader + s) % n) != i and JACK in state.players[j].camp)
                state.players[j].camp.remove(JACK)
                player.hand.append(JACK)
                ev.append(Event("move", player.name, JACK, Zone.CAMP, Zone.HAND, text=f"played by {state.players[j].name}"))
            return
        for card in d.cards:
            player.camp.remove(card)
            player.stockpile.append(card)
            ev.append(Event("move", player.name, card, Zone.CAMP, Zone.STOCKPILE))


def _ways(state: GameState, i: int) -> frozenset[str]:
    return rules.fold(state, i, "before_think")


class DiscardHandler(Handler):
    """Before a Thinker action, discard one Order card (B-LATRINE-1) or the whole hand
    (B-VOMITORIUM-1); the think must follow."""

    decision = Discard

    def candidates(self, state, i):
        ways = _ways(state, i)
        player = state.players[i]
        if "one" in ways:
            for card in sorted(set(player.hand)):
                if card != JACK:
                    yield Discard(player.name, (card,))
        if "hand" in ways and player.hand and (len(player.hand) > 1 or "one" not in ways or JACK in player.hand):
            yield Discard(player.name, tuple(sorted(player.hand)))

    def problem(self, state, i, d):
        ways = _ways(state, i)
        hand = state.players[i].hand
        if not ways:
            return problem(f"no power lets {d.player} discard before thinking", "B-LATRINE-1", "B-VOMITORIUM-1")
        lacking = missing(hand, d.cards)
        if lacking or not d.cards:
            return problem(f"{', '.join(lacking) or 'nothing'} is not in {d.player}'s hand", "R-THINK-1")
        if "hand" in ways and len(d.cards) == len(hand):
            return None
        if "one" in ways and len(d.cards) == 1 and d.cards[0] != JACK:
            return None
        if "one" in ways:
            return problem("the discard before a think is one Order card", "B-LATRINE-1")
        return problem("the discard before a think is the whole hand", "B-VOMITORIUM-1")

    def perform(self, state, i, d, ev):
        player = state.players[i]
        for card in d.cards:
            player.hand.remove(card)
            flow.put_back(state, player.name, card, Zone.HAND, ev)
        if state.steps:  # a step's think (B-ACADEMY-1, B-SCHOOL-1): it must now be taken
            state.steps[-1] = replace(state.steps[-1], discarded=True)
            return
        one = len(d.cards) == 1 and d.cards[0] != JACK and "one" in _ways(state, i)
        way = "one" if one else "hand"
        power = next(p.building for p in rules.active_powers(state, i, "before_think")
                     if way in p.before_think(rules.query_context(state), i))
        state.steps.append(ThinkAfterDiscard(power, i))


class TakeFromDeckHandler(Handler):
    """A Craftsman action that draws the deck's top card may put it into the hand (B-FOUNTAIN-1d);
    so does a card a power turned up and placed nowhere else (G-BACCHANALIA-1)."""

    decision = TakeFromDeck

    def _open(self, state, i) -> bool:
        """A Craftsman action a power lets draw (B-FOUNTAIN-1), or a card a power turned up
        going to the hand (G-BACCHANALIA-1: a gift that is no action)."""
        role = acting_role(state)
        return (role is Role.CRAFTSMAN or role is None) and Zone.DECK in _sources(state, i, Zone.HAND)

    def candidates(self, state, i):
        if self._open(state, i):
            for card in sorted(set(_zone_cards(state, i, Zone.DECK))):
                yield TakeFromDeck(state.players[i].name, card)

    def problem(self, state, i, d):
        if not self._open(state, i):
            return problem(f"no power lets {d.player}'s Craftsman action draw from the deck", "R-CRAFT-1",
                           "B-FOUNTAIN-1")
        if d.card not in _zone_cards(state, i, Zone.DECK):
            return problem(f"{d.card} is not the deck's top card", "B-FOUNTAIN-1")
        return None

    def perform(self, state, i, d, ev):
        _take(state, i, Zone.DECK, d.card, ev)
        state.players[i].hand.append(d.card)
        ev.append(Event("move", d.player, d.card, Zone.DECK, Zone.HAND))
        use_actions(state, ev, d, 1, i)


handles(KeepHandler, DiscardHandler, TakeFromDeckHandler)
