"""Decisions only a power makes possible: keeping played cards at the end of a turn,
discarding before a think, and taking the deck's top card into the hand (B-SEWER-1,
B-SENATE-1, B-LATRINE-1, B-VOMITORIUM-1, B-FOUNTAIN-1)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gtr_replay.engine import flow, rules
from gtr_replay.game.decisions import Discard, Keep, TakeFromDeck
from gtr_replay.game.events import Event, EventKind
from gtr_replay.engine.handlers.base import Handler, Problem, missing, multisets, problem
from gtr_replay.engine.handlers.roles import _sources, _take, _zone_cards, acting_role, step_now, use_actions
from gtr_replay.game.state import GameState
from gtr_replay.game.steps import KeepPlayed, ThinkAfterDiscard
from gtr_replay.enums import JACK, Role, Zone


def _keepable(state: GameState, i: int, step: KeepPlayed) -> list[str]:
    """Opponents' Jacks played this turn (B-SENATE-1), or one's own Order cards played (B-SEWER-1)."""
    if step.jacks:
        return [JACK] * sum(_jacks_by_player(state, i).values())
    return [card for card in state.players[i].camp if card != JACK]


def _jacks_by_player(state: GameState, i: int) -> dict[int, int]:
    """The Jacks each opponent of player ``i`` played this turn and still has on the camp, in
    play order from the leader (B-SENATE-1, B-SENATE-3)."""
    n = len(state.players)
    found = {}
    for seat in range(n):
        j = (state.leader + seat) % n
        if j != i and (count := state.players[j].camp.count(JACK)):
            found[j] = count
    return found


def _another_keeps_jacks(state: GameState, i: int) -> bool:
    """Whether another player is still to keep opponents' Jacks this turn (B-SENATE-3): only
    then does whose Jacks player ``i`` keeps change what is left to choose from."""
    return any(isinstance(s, KeepPlayed) and s.jacks and s.player != i for s in state.steps)


def _kept_from(state: GameState, i: int, d: Keep) -> list[int] | Problem:
    """Whose camp each kept Jack comes from: the opponent named, or, unnamed, the first in
    play order. Where another player keeps Jacks after, and the Jacks could be of either of
    two opponents, the record must say whose (B-SENATE-1, B-SENATE-3)."""
    left = _jacks_by_player(state, i)
    owners = d.owners or ("",) * len(d.cards)
    if len(owners) != len(d.cards):
        return problem("say whose each kept Jack was, or nobody's", "B-SENATE-1")
    found: list[int | None] = []
    for owner, card in zip(owners, d.cards):
        if card != JACK:
            return problem(f"{card}: only Jacks opponents played are kept here", "B-SENATE-1")
        if not owner:
            found.append(None)
            continue
        try:
            j = state.index(owner)
        except KeyError:
            return problem(f"nobody called {owner} plays", "B-SENATE-1")
        if j == i:
            return problem(f"{owner}'s own Jack is not an opponent's", "B-SENATE-1")
        if left.get(j, 0) == 0:
            return problem(f"{owner} has no Jack played this turn left to keep", "B-SENATE-1")
        left[j] -= 1
        found.append(j)
    unnamed = found.count(None)
    if unnamed:
        players = [j for j, n in left.items() if n]
        there = sum(left.values())
        if unnamed > there:
            played = sum(_jacks_by_player(state, i).values())
            return problem(f"{d.player} keeps {len(d.cards)} Jacks: opponents played {played} this turn",
                           "B-SENATE-1")
        if len(players) > 1 and unnamed < there and _another_keeps_jacks(state, i):
            names = " and ".join(state.players[j].name for j in players)
            return problem(f"{names} played Jacks: say whose {d.player} keeps", "B-SENATE-1",
                           hint=f"write '{d.player} keeps {state.players[players[0]].name}'s Jack'")
        pool = [j for j, n in left.items() for _ in range(n)]
        found = [j if j is not None else pool.pop(0) for j in found]
    return [j for j in found if j is not None]


class KeepHandler(Handler):
    """Keep some or all of the cards a step allows; passing keeps none (AMB-14). A keep of
    opponents' Jacks says whose it takes where they could be either of two opponents' and
    another player keeps Jacks after (B-SENATE-1, B-SENATE-3)."""

    decision = Keep

    def candidates(self, state, i):
        step = step_now(state)
        if not isinstance(step, KeepPlayed):
            return
        name = state.players[i].name
        if step.jacks and len(by := _jacks_by_player(state, i)) > 1 and _another_keeps_jacks(state, i):
            yield from _named_keeps(state, name, by)
            return
        counts = Counter(_keepable(state, i, step))
        for k in range(1, sum(counts.values()) + 1):
            for cards in multisets(counts, k):
                yield Keep(name, cards)

    def problem(self, state, i, d):
        step = step_now(state)
        if not isinstance(step, KeepPlayed):
            return problem(f"{d.player} has nothing to keep now", "B-SEWER-1", "B-SENATE-1")
        rule = "B-SENATE-1" if step.jacks else "B-SEWER-1"
        if not d.cards:
            return problem("keeping nothing is written as a pass", rule)
        if step.jacks:
            found = _kept_from(state, i, d)
            return found if isinstance(found, Problem) else None
        if any(owner not in ("", d.player) for owner in d.owners):
            return problem(f"{d.player} keeps only the cards {d.player} played", rule)
        lacking = missing(_keepable(state, i, step), d.cards)
        if lacking:
            if JACK in lacking:
                return problem("a Jack is not an Order card: a played Jack goes back to the Jack pile", rule,
                               "R-JACK-2", "R-CARD-6")
            return problem(f"{', '.join(lacking)}: not among the Order cards {d.player} played this turn", rule)
        return None

    def perform(self, state, i, d, ev):
        step = rules.take_answered(state)
        player = state.players[i]
        if step.jacks:
            kept = _kept_from(state, i, d)
            for j in kept if isinstance(kept, list) else ():  # checked before: a list
                state.players[j].camp.remove(JACK)
                player.hand.append(JACK)
                ev.append(Event(EventKind.MOVE, player.name, JACK, Zone.CAMP, Zone.HAND, text=f"played by {state.players[j].name}"))
            return
        for card in d.cards:
            player.camp.remove(card)
            player.stockpile.append(card)
            ev.append(Event(EventKind.MOVE, player.name, card, Zone.CAMP, Zone.STOCKPILE))


def _named_keeps(state: GameState, name: str, by: dict[int, int]):
    """Every keep of Jacks from two opponents or more: whose each is, unless all are kept."""
    total = sum(by.values())
    players = list(by)

    def counts(k: int) -> list[list[int]]:
        if k == len(players):
            return [[]]
        return [[n, *rest] for n in range(by[players[k]] + 1) for rest in counts(k + 1)]

    for taken in counts(0):
        kept = sum(taken)
        if kept == total:
            yield Keep(name, (JACK,) * kept)
        elif kept:
            owners = tuple(state.players[j].name for j, n in zip(players, taken) for _ in range(n))
            yield Keep(name, (JACK,) * kept, owners)


def _ways(state: GameState, i: int) -> frozenset[str]:
    return rules.fold(state, i, "before_think")


def _discard_rules(state: GameState, i: int, way: str | None = None) -> tuple[str, ...]:
    """The rules of the powers that let player ``i`` discard ``way`` before a think (every way
    when None), or, where none does, of every power of the ruleset that could: a refusal
    cites the card that gives the discard, by its own rule (BC-SEWER-1 prints BC-VOMITORIUM-1's
    text, CONFLICT-CL-1), not another card of the same text."""
    ctx = rules.query_context(state)
    powers = [p for p in rules.active_powers(state, i, "before_think")
              if way is None or way in p.before_think(ctx, i)]
    if not powers:
        powers = list(rules.powers_with(state, "before_think").values())
    return tuple(dict.fromkeys(r for p in powers for r in p.rule_ids))


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
            return problem(f"no power lets {d.player} discard before thinking", *_discard_rules(state, i))
        lacking = missing(hand, d.cards)
        if lacking or not d.cards:
            return problem(f"{', '.join(lacking) or 'nothing'} is not in {d.player}'s hand", "R-THINK-1")
        if "hand" in ways and len(d.cards) == len(hand):
            return None
        if "one" in ways and len(d.cards) == 1 and d.cards[0] != JACK:
            return None
        if "one" in ways:
            return problem("the discard before a think is one Order card", *_discard_rules(state, i, "one"))
        return problem("the discard before a think is the whole hand", *_discard_rules(state, i, "hand"))

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
        zone = _take(state, i, Zone.DECK, d.card, ev)
        state.players[i].hand.append(d.card)
        ev.append(Event(EventKind.MOVE, d.player, d.card, zone, Zone.HAND))
        use_actions(state, ev, d, 1, i)
