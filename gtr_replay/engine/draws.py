"""Telling the engine which cards a draw takes when the deck's order is not known.

A record that starts from its setup block (no ``Deck`` tag) lists the cards each Thinker
draws; before such a draw the replayer puts those cards on top of the deck. With a known
order the listed cards are checked against the top of the deck instead.
"""

from __future__ import annotations

from gtr_replay.data.cards import cards_for
from gtr_replay.data.expansions import geek_hint, left_out, not_in_game
from gtr_replay.engine import unseen
from gtr_replay.game.piles import UNSEEN
from gtr_replay.game.state import GameState
from gtr_replay.errors import RulesError



def check_or_stack(state: GameState, cards: tuple[str, ...], who: str) -> None:
    """Make the next ``len(cards)`` draws take ``cards`` (unknown order), or check that they
    would (known order). ``?`` is a card the recorder did not see."""
    if state.deck_known:
        top = state.deck[:len(cards)]
        for listed, actual in zip(cards, top):
            if listed != UNSEEN and listed != actual:
                raise RulesError(f"{who} draws {', '.join(top)} from the deck the Deck tag gives, "
                                 f"not {', '.join(cards)}", rule_ids=("R-THINK-1",),
                                 hint="remove the listed cards or correct the Deck tag")
        return
    if state.unseen is not None or UNSEEN in cards:
        unseen.hide(state)  # a card drawn unseen: from now on the deck's cards are unseen
        unseen.stack_draw(state, cards, who)
        return
    rest, lacking = _without(state.deck, cards)
    if lacking and state.removed_unseen:
        _swap_unseen(state, cards, lacking)
        rest, lacking = _without(state.deck, cards)
    if lacking:
        geek = left_out(state.ruleset, lacking, state.expansions)
        if geek:  # no copy is in this game at all (R-VER-2)
            raise RulesError(f"{', '.join(geek)} cannot be drawn: {not_in_game(geek)}", rule_ids=("R-VER-2",),
                             hint=geek_hint(geek, state.expansions))
        card_set = cards_for(state.ruleset)
        strange = [c for c in lacking if c not in card_set.cards]
        if strange:  # no copy in any deck of this ruleset: not a copy too many (R-COMP-4)
            what = "is not a card" if len(strange) == 1 else "are not cards"
            names = ", ".join(strange)
            raise RulesError(f"{names} cannot be drawn: {names} {what} of the {state.ruleset} ruleset",
                             rule_ids=("R-COMP-4",), hint=f"gtr cards --ruleset {state.ruleset} lists its cards")
        raise RulesError(f"{', '.join(lacking)} cannot be drawn: no such card is left in the deck",
                         rule_ids=("R-COMP-6",), hint="every copy of it is already elsewhere")
    state.deck[:] = [*cards, *rest]


def _without(deck: list[str], cards: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The deck less ``cards`` (counting copies), and the cards it lacks, sorted."""
    rest, lacking = deck[:], []
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            lacking.append(card)
    return rest, sorted(lacking)


def _swap_unseen(state: GameState, cards: tuple[str, ...], lacking: list[str]) -> None:
    """The deck holds some N of the unplaced cards, which ones unknown (``removed_unseen``):
    a card drawn that the sorted stand-in deck lacks was in the deck after all, and a card
    not being drawn goes to the unseen pile in its place."""
    spare = list(state.deck)
    for card in cards:
        if card in spare:
            spare.remove(card)
    for card in lacking:
        if card not in state.removed or not spare:
            continue
        out = spare.pop()
        state.removed.remove(card)
        state.removed.append(out)
        state.deck.remove(out)
        state.deck.append(card)
    state.deck.sort()


def unknown_order(state: GameState) -> None:
    """Forget the deck's order: hold it sorted, so draws must be told (``check_or_stack``)."""
    state.deck.sort()
    state.deck_known = False
