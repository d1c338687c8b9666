"""One seat's knowledge of a game, and the games it cannot tell apart (determinizations).

A player program must never peek: it decides from what its seat could know at that moment.
A determinization is one full game the seat cannot tell from the real one: every card the seat
has not seen is dealt again at random into the places the seat cannot see, each place keeping
its size, and every card the seat has seen stays where it is. A search plays many of them.

What a seat has not seen: every other player's hand but its Jacks (taken in the open,
R-THINK-1), every other player's vault, the whole deck and the cards set aside out of play (the
training game's half of the deck, R-TRAIN-2, face down); and in a game recorded from one
seat (cards written ``?``, ``GameState.unseen`` listing the cards whose whereabouts the record
has not shown), every ``?`` too, which is dealt one of the unseen cards, a ``?`` the record
narrowed (``?~Brick,Stone``: of neither material, after a Glory to Rome answer, R-LEG-3) only
a card it may be. The seat keeps its own hand and vault (but the cards sold into it from the
deck, which nobody saw, B-ATRIUM-1, AMB-25) and everything face up (the Pool,
camps, clienteles, stockpiles, buildings). A seat whose own hand the record does not show
cannot be judged.

This forgets what a seat could have remembered (a card another player took into hand in the
open, a card sold from a stockpile into a vault): the program plays with a little less than
the seat knew, never with more.

A decision that takes the deck's top card (a power's hire, lay, add or sale from the deck,
B-BAR-1, B-FOUNTAIN-1, B-ATRIUM-1; a take from the deck) names that card, which the seat
sees only once it has decided to take it. Before, such decisions are one choice (``blind``):
"hire the deck's top card", "sell" it; a Fountain's lay, add and keep are one, "take the deck's
top card", as the card is looked at before its use is chosen (B-FOUNTAIN-1). A program chooses
among the blind choices, and the card's use is settled once it is seen (``settle``): which
uses the card has cannot show in the choices. Cards a power turned up face up
(G-BACCHANALIA-1) are seen, and each use of each is a choice of its own (``deck_seen``).
"""

from __future__ import annotations

import random
from typing import Final

from gtr_replay.data.ruling_types import TrainingGame
from gtr_replay.engine import Game
from gtr_replay.enums import JACK, Zone
from gtr_replay.errors import UsageError
from gtr_replay.game.decisions import Add, Decision, Lay, TakeFromDeck
from gtr_replay.game.piles import is_unseen
from gtr_replay.game.state import GameState

_NOT: Final = "~"
"""The mark of a narrowed unseen card: ``?~Brick,Stone`` (``game.piles.UNSEEN``)."""

_ATTEMPTS: Final = 20
"""Shuffles tried for a deal that fits every narrowed ``?`` before giving up (a fitting deal
exists whenever the record is consistent; a shuffle almost always finds one at once)."""


def ruled_out(slot: str) -> frozenset[str]:
    """The materials an unseen card is known not to be (``?~Brick,Stone``)."""
    _, sep, rest = slot.partition(_NOT)
    return frozenset(rest.split(",")) if sep else frozenset()


def check_seat(game: Game, seat: str) -> None:
    """Refuse a seat the game cannot be judged from: a name not at the table, or a seat whose
    own hand the record does not show."""
    state = game.state
    try:
        me = state.players[state.index(seat)]
    except KeyError:
        raise UsageError(f"{seat} is not a player of this game",
                         hint=f"choose one of {', '.join(p.name for p in state.players)}") from None
    if state.unseen is not None and any(is_unseen(c) for c in me.hand):
        raise UsageError(f"the record does not show {seat}'s hand, so nothing can be judged from {seat}'s seat",
                         hint="judge the decisions of the player whose hand the record shows")


def _places(state: GameState, seat: str) -> tuple[list[tuple[list[str], int]], list[str]]:
    """The places the seat cannot see (zone, index) and the cards that may fill them: the
    other players' hands but their Jacks, their vaults, the seat's own vault cards nobody saw
    (``GameState.blind_vault``), the deck, the training game's cards set aside, and every ``?`` (a card the record did not see, one of ``GameState.unseen``). The
    cards a position leaves out of play are not in the game: none is dealt into it."""
    places: list[tuple[list[str], int]] = []
    for i, player in enumerate(state.players):
        if player.name != seat:
            places += [(player.hand, n) for n, card in enumerate(player.hand) if card != JACK]
            places += [(player.vault, n) for n in range(len(player.vault))]
        else:  # the cards sold into its vault from the deck, face down (B-ATRIUM-1, AMB-25); a '?' is below
            places += [(player.vault, n) for owner, n in state.blind_vault
                       if owner == i and not is_unseen(player.vault[n])]
    places += [(state.deck, n) for n in range(len(state.deck))]
    set_aside = state.rulings.training_game is TrainingGame.YES  # in the game, face down (R-TRAIN-2)
    if set_aside:
        places += [(state.removed, n) for n in range(len(state.removed))]
    cards = [zone[n] for zone, n in places if not is_unseen(zone[n])]
    if state.unseen is not None:
        zones = [] if set_aside else [state.removed]
        zones += [z for p in state.players for z in (p.stockpile, p.clientele)]
        zones += [p.vault for p in state.players if p.name == seat]
        for zone in zones:
            places += [(zone, n) for n, card in enumerate(zone) if is_unseen(card)]
        cards += state.unseen
    return places, cards


def determinize(game: Game, seat: str, rng: random.Random) -> Game:
    """A full game ``seat`` cannot tell from ``game``: every card it has not seen dealt again
    at random (see the module's text); ``game`` is left as it is."""
    state = game.state.copy()
    places, cards = _places(state, seat)
    cards.sort()  # where the cards were must not show through the shuffle: it starts from their names alone
    narrowed = [(zone, n, ruled_out(zone[n])) for zone, n in places if is_unseen(zone[n]) and _NOT in zone[n]]
    for _ in range(_ATTEMPTS):
        rng.shuffle(cards)
        if _deal(game, places, narrowed, list(cards)):
            break
    else:
        raise UsageError("no deal of the unseen cards fits what the record tells of them",
                         hint="check the record's Glory to Rome answers (R-LEG-3)")
    state.unseen = None
    state.deck_known = True
    return Game(state)


def _deal(game: Game, places, narrowed, cards: list[str]) -> bool:
    """Deal ``cards`` (shuffled) into ``places``: the narrowed ones first, each the first card
    it may be; False when one finds none."""
    skip = {(id(zone), n) for zone, n, _ in narrowed}
    for zone, n, materials in narrowed:
        for k, card in enumerate(cards):
            if str(game.card(card).material) not in materials:
                zone[n] = cards.pop(k)
                break
        else:
            return False
    for zone, n in places:
        if (id(zone), n) not in skip:
            zone[n] = cards.pop()
    return True


def unseen_by(game: Game, seat: str) -> list[str]:
    """The cards ``seat`` has not seen, sorted (what a determinization deals again)."""
    return sorted(_places(game.state.copy(), seat)[1])


DeckChoice = tuple[str, str, str]
"""A decision that takes the deck's top card, as the seat can choose it before seeing the card:
(decision type, player, "deck")."""


_LOOKED_AT_FIRST: Final = (Lay, Add, TakeFromDeck)
"""The uses of a card drawn to be looked at before it is used: laid, added or kept (B-FOUNTAIN-1)."""


def blind(decision: Decision, seen: bool = False) -> Decision | DeckChoice:
    """The choice ``decision`` is for a seat that cannot see the deck (see the module's text);
    ``seen``: the deck's cards at stake are turned up (``deck_seen``), each use its own choice."""
    if not seen and (type(decision) is TakeFromDeck or getattr(decision, "source", None) is Zone.DECK):
        kind = TakeFromDeck if type(decision) in _LOOKED_AT_FIRST else type(decision)
        return (kind.__name__, decision.player, "deck")
    return decision


def deck_seen(game: Game) -> bool:
    """Whether the cards a decision takes "from deck" now are face up: turned up by a power for
    the table to see (G-BACCHANALIA-1), rather than the deck's unseen top card."""
    return bool(game.state.turned_up)


def choices(legal: list[Decision], seen: bool = False) -> dict[Decision | DeckChoice, list[Decision]]:
    """The legal decisions grouped by the choice they are to the seat (``blind``): the seat's
    own decisions in order, then the choices to take from the deck in one order whatever card
    is on top (where the legal decisions first use that card depends on which it is)."""
    found: dict[Decision | DeckChoice, list[Decision]] = {}
    from_deck: dict[Decision | DeckChoice, list[Decision]] = {}
    for decision in legal:
        choice = blind(decision, seen)
        (from_deck if isinstance(choice, tuple) else found).setdefault(choice, []).append(decision)
    for choice in sorted(from_deck):  # type: ignore[type-var]  # the choices from the deck are tuples of words
        found[choice] = from_deck[choice]
    return found


def settle(choice: Decision | DeckChoice, legal: list[Decision], rng: random.Random) -> Decision | None:
    """The decision of ``legal`` that makes ``choice``: itself, or for a choice to take from the
    deck, one of the ways to use the card now on top, drawn at random; None if none is legal."""
    if not isinstance(choice, tuple):
        return choice if choice in legal else None
    found = [d for d in legal if blind(d) == choice]
    return rng.choice(found) if found else None
