"""Setting up a game from a deck order (R-SETUP-*, AMB-06, AMB-07).

Hands are dealt in seat order, each player's cards in one block from the top of the deck.
The leader draw deals one card per player into the Pool, in seat order; ties redeal by the
``leader-tie`` ruling. Classic deals the leader draw before the hands (R-SETUP-7/8).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import core, flow, rules
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import GameState, PlayerState
from gtr_replay.enums import JACK, MATERIALS, Zone
from gtr_replay.errors import UsageError
from gtr_replay.data.expansions import expansion_cards
from gtr_replay.data.rulesets import RulesetSpec, find_ruleset
from gtr_replay.data.rulings import resolve
from gtr_replay.data.ruling_types import LeaderDraw, LeaderTie, Rulings, TrainingGame

SHUFFLE_ALGORITHM: Final = "fy-1"
"""Fisher-Yates over the card manifest, driven by Python's ``random.Random(name)``."""


def deck_tag(name: str) -> str:
    """The ``Deck`` tag value that names the shuffle ``name``: ``seed:NAME:ALGORITHM``."""
    return f"seed:{name}:{SHUFFLE_ALGORITHM}"


def shuffled_deck(ruleset: str, name: str, expansions: tuple[str, ...] = ()) -> list[str]:
    """The deck order named ``name`` (a reproducible shuffle of the ruleset's manifest, with
    the optional cards ``expansions``, R-VER-2)."""
    deck = cards_for(find_ruleset(ruleset).ruleset).manifest(with_optional=expansions)
    # Fisher-Yates from the last card down, each card swapped with one drawn by randrange(i + 1):
    # the standard library's shuffle is that loop, without calling randrange for each card
    random.Random(name).shuffle(deck)
    return deck


def _check_deck(ruleset, deck: list[str], expansions: tuple[str, ...] = ()) -> None:
    cards = cards_for(ruleset).manifest(with_optional=expansions)
    if sorted(deck) != sorted(cards):  # every copy once, in any order
        manifest, given = Counter(cards), Counter(deck)
        extra = sorted((given - manifest).elements())
        lacking = sorted((manifest - given).elements())
        parts = []
        if extra:
            parts.append(f"not in the {ruleset} deck: {', '.join(extra[:5])}")
        if lacking:
            parts.append(f"missing: {', '.join(lacking[:5])}{' ...' if len(lacking) > 5 else ''}")
        raise UsageError(f"the deck order is not the {ruleset} deck ({'; '.join(parts)})",
                         hint="list every Order card of the ruleset once per copy (R-COMP-6)")


def _draw_key(state: GameState, card: str) -> str:
    """What the leader draw compares (AMB-06): the building name, space before letters."""
    if state.rulings.leader_draw is LeaderDraw.ROLE_NAME:
        return cards_for(state.ruleset).facts(card).role.value.casefold()
    return card.casefold()


def _leader_draw(state: GameState, ev: list[Event]) -> int:
    """Deal into the Pool until one player's card comes first in the alphabet (R-SETUP-5, R-SETUP-8)."""
    contenders = list(range(len(state.players)))
    dealt_to = contenders
    round_ = 0
    while True:
        round_ += 1
        cards = {}
        for i in dealt_to:
            card = state.deck.pop(0)
            state.pool.append(card)
            cards[i] = card
            ev.append(Event(EventKind.LEADER_DRAW, state.players[i].name, card, Zone.DECK, Zone.POOL, value=round_))
        best = min(_draw_key(state, c) for i, c in cards.items() if i in contenders)
        contenders = [i for i in contenders if i in cards and _draw_key(state, cards[i]) == best]
        if len(contenders) == 1:
            return contenders[0]
        if state.rulings.leader_tie is LeaderTie.ALL_PLAYERS:
            contenders = list(range(len(state.players)))
        dealt_to = contenders


TRAINING_SITES: Final = 3
"""At most three Sites of each material in town in the training game (R-SETUP-13)."""


def check_training(spec: RulesetSpec, rulings: Rulings) -> None:
    """The training game is the Black Box rules' alone (R-TRAIN-4)."""
    if rulings.training_game is TrainingGame.YES and not spec.out_of_town_sites:
        raise UsageError("the 2005 rules have no training game (R-TRAIN-4)",
                         hint="play the training game under the republic or imperium rules, or leave out "
                              "training-game=yes")


def new_game(ruleset: str, players: list[str], *, deck: list[str] | None = None, seed: str | None = None,
             rulings: dict[str, str] | str | None = None,
             expansion: str | tuple[str, ...] | list[str] | None = None) -> tuple[GameState, list[Event]]:
    """A game at its first decision: deal from ``deck`` (top first) or from the shuffle named
    ``seed``. ``expansion`` adds optional cards to the deck: ``"geek"`` (all ten Geek cards),
    ``"geek: NAME, NAME"`` or the names (R-VER-2, ``gtr_replay.data.expansions``). Returns the
    state and the setup events."""
    spec = find_ruleset(ruleset)
    if not 2 <= len(players) <= 5:
        raise UsageError(f"{len(players)} players: Glory to Rome is played by 2 to 5", hint="R-COMP-3")
    if len(set(players)) != len(players):
        raise UsageError("two players have the same name", hint="give each player a distinct name")
    card_set = cards_for(spec.ruleset)
    expansions = expansion_cards(expansion, spec.ruleset)
    chosen = resolve(rulings)
    check_training(spec, chosen)
    if deck is None:
        if seed is None:
            raise UsageError("give a deck order or a shuffle seed")
        deck = shuffled_deck(spec.ruleset, seed, expansions)
    else:
        _check_deck(spec.ruleset, deck, expansions)
    n = len(players)
    state = GameState(spec.ruleset, [PlayerState(name) for name in players], chosen, deck=list(deck),
                      expansions=expansions)
    ev = [Event(EventKind.SETUP, text=f"{spec.ruleset} {', '.join(players)}")]

    def deal_hands() -> None:  # R-SETUP-2, R-SETUP-3, R-SETUP-9
        for player in state.players:
            for _ in range(spec.starting_orders):
                card = state.deck.pop(0)
                player.hand.append(card)
                ev.append(Event(EventKind.MOVE, player.name, card, Zone.DECK, Zone.HAND))
            for _ in range(spec.starting_jacks):
                player.hand.append(JACK)
                ev.append(Event(EventKind.MOVE, player.name, JACK, Zone.JACK_PILE, Zone.HAND))

    if spec.leader_draw_first:
        state.leader = _leader_draw(state, ev)
        deal_hands()
    else:
        deal_hands()
        state.leader = _leader_draw(state, ev)
    spare = card_set.jacks - n * spec.starting_jacks
    state.jack_pile = spare if spec.spare_jacks_to_pile else 0  # R-JACK-4
    state.jacks_out = spare - state.jack_pile
    training = rules.functions_ignored(state)
    in_town = min(n, TRAINING_SITES) if training else n  # R-TRAIN-2, AMB-30: the in-town stacks capped
    for material in MATERIALS:  # R-SETUP-4, R-SETUP-10
        state.sites_in_town[material] = in_town
        rest = card_set.sites_per_material - in_town
        if spec.out_of_town_sites:
            state.sites_out_of_town[material] = rest
        else:
            state.sites_out_of_game[material] = rest
    if training:  # half the draw pile leaves play, unseen (R-SETUP-13, R-TRAIN-2, AMB-30: rounded down)
        half = len(state.deck) // 2
        state.removed.extend(state.deck[len(state.deck) - half:])
        del state.deck[len(state.deck) - half:]
        ev.append(Event(EventKind.SETUP, value=half, text=f"training game: {half} cards of the draw pile set aside"))
    flow.start_turn(state, ev)
    ev.extend(core.settle(state))
    return state, ev
