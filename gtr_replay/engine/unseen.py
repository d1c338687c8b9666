"""Cards the recorder did not see (ARCHITECTURE.md §Hidden information, NOTATION.md principle 4).

An unseen card sits in its zone as ``?``: a card in another player's hand, a card drawn face
down, the deck of a game whose order nobody knows. ``GameState.unseen`` then lists the cards
whose whereabouts are unknown (the card manifest less every card seen): each ``?`` is one of
them, and so is every card of the deck. Nothing else is assumed about a ``?``.

A ``?`` is *bound* when the record reveals it (played, shown to a Legionary, laid, added,
given): it becomes that card and the card leaves ``unseen``, which is refused when every copy
is already placed (R-COMP-6). A decision that tells something about unseen cards without
naming them (Glory to Rome when a card of a demanded material would have to be given,
R-LEG-3) constrains them: ``?~Brick,Stone`` is an unseen card of neither material. A record
is consistent while some assignment of ``unseen`` to the ``?`` cards meets every constraint
(checked by Hall's condition over the six materials).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from itertools import combinations

from gtr_replay.data.cards import cards_for
from gtr_replay.game.decisions import Decision, Sell, TakeFromDeck
from gtr_replay.game.piles import NARROWED, UNSEEN, excluded, is_unseen
from gtr_replay.game.state import GameState
from gtr_replay.enums import JACK, MATERIALS, Material, Zone
from gtr_replay.errors import RulesError


class AllPlaced(RulesError):
    """A card revealed where every copy is already placed (R-COMP-6); ``card`` names it, so a
    replayer can add the lines that placed the copies."""

    def __init__(self, message: str, card: str, *, rule_ids=("R-COMP-6",), hint: str | None = None) -> None:
        super().__init__(message, rule_ids=rule_ids, hint=hint)
        self.card = card


def _slot(excluding) -> str:
    return UNSEEN + (NARROWED + ",".join(sorted(excluding)) if excluding else "")


def hidden(state: GameState) -> bool:
    """Whether the state holds unseen cards (records without any never pay for them)."""
    return state.unseen is not None


def unseen_cards(state: GameState) -> list[str]:
    """The cards whose whereabouts a state that holds unseen cards has not shown (``hidden``);
    asked of a state whose every card is known, it is a gap in the rules engine."""
    if state.unseen is None:
        raise AssertionError("every card of this state is known")
    return state.unseen


def hide(state: GameState) -> None:
    """From now on, the deck's cards are unseen: the deck becomes ``?`` cards (and so do the
    cards out of play, when a position left them unseen)."""
    if state.unseen is not None:
        return
    pool = list(state.deck)
    state.deck[:] = [UNSEEN] * len(pool)
    if state.removed_unseen:
        pool += state.removed
        state.removed[:] = [UNSEEN] * len(state.removed)
    state.unseen = sorted(pool)
    state.deck_known = False


def slots(state: GameState) -> list[str]:
    """Every ``?`` card of the state, wherever it is."""
    found = [c for c in (*state.deck, *state.removed, *state.turned_up) if is_unseen(c)]
    for player in state.players:
        for zone in (player.hand, player.vault, player.stockpile, player.clientele):
            found.extend(c for c in zone if is_unseen(c))
    return found


def _material(state: GameState, card: str) -> str:
    return str(cards_for(state.ruleset).facts(card).material)


def _take(state: GameState, card: str, where: str) -> None:
    """Take ``card`` out of the unseen cards, or refuse: every copy is placed (R-COMP-6)."""
    card_set = cards_for(state.ruleset)
    if not card_set.in_game(card, state.expansions):
        if card in card_set.optional:
            raise RulesError(f"{card} is a Geek card, which this game does not use", rule_ids=("R-VER-2",),
                             hint=f'add [Expansion "geek: {card}"] to the tags, or "geek" for all ten')
        raise RulesError(f"{card} is not a card of the {state.ruleset} ruleset", rule_ids=("R-COMP-4",))
    try:
        unseen_cards(state).remove(card)
    except ValueError:
        copies = card_set.facts(card).copies
        raise AllPlaced(f"{card} cannot be {where}: all {copies} copies of {card} are already placed",
                        card, hint="a card the record reveals must be one not yet seen elsewhere") from None


def bind(state: GameState, zone: list[str], card: str, owner: str) -> None:
    """One ``?`` of ``zone`` (``owner``'s) is ``card``: reveal it."""
    material = _material(state, card) if cards_for(state.ruleset).in_game(card, state.expansions) else ""
    fitting = [c for c in zone if is_unseen(c) and material not in excluded(c)]
    if not fitting:
        if not any(is_unseen(c) for c in zone):
            raise RulesError(f"{card} is not among {owner}'s cards", rule_ids=("R-COMP-6",))
        raise RulesError(f"{card} cannot be one of {owner}'s unseen cards: {owner} answered a demand for "
                         f"{material} while holding them, giving fewer {material} cards than it asked for "
                         "(Glory to Rome gives none)", rule_ids=("R-LEG-3", "R-LEG-6"),
                         hint="a neighbour gives as many demanded cards as the hand holds, so an answer that gives "
                              "fewer rules that material out for the unseen cards then in the hand")
    _take(state, card, f"one of {owner}'s unseen cards")
    chosen = max(fitting, key=lambda c: len(excluded(c)))  # the most constrained that fits
    zone[zone.index(chosen)] = card
    _check_feasible(state)


def stack_draw(state: GameState, cards: tuple[str, ...], who: str) -> None:
    """Put the listed cards on top of the unseen deck, ``?`` where the recorder did not see."""
    if len(cards) > len(state.deck):
        raise RulesError(f"{who} draws {len(cards)} cards from a deck of {len(state.deck)}", rule_ids=("R-THINK-1",))
    for n, card in enumerate(cards):
        if is_unseen(card):
            continue
        if is_unseen(state.deck[n]):
            _take(state, card, f"drawn by {who}")
            state.deck[n] = card
        elif state.deck[n] != card:
            raise RulesError(f"{who} draws {state.deck[n]} here, not {card}", rule_ids=("R-THINK-1",))
    _check_feasible(state)


def rule_out(state: GameState, zone: list[str], materials) -> None:
    """No ``?`` of ``zone`` is of ``materials`` (a player's answer to a demand gave fewer cards
    of them than demanded: Glory to Rome gives none, R-LEG-3, R-LEG-6)."""
    wanted = frozenset(str(m) for m in materials)
    for n, card in enumerate(zone):
        if is_unseen(card):
            zone[n] = _slot(excluded(card) | wanted)
    _check_feasible(state)


def _check_feasible(state: GameState) -> None:
    """Some assignment of the unseen cards to the ``?`` cards meets every constraint: for
    every set of materials, the unseen cards of those materials fit in the ``?`` cards that
    may be one of them (Hall's condition)."""
    constrained = [excluded(c) for c in slots(state)]
    if not any(constrained):
        return
    have = Counter(_material(state, c) for c in unseen_cards(state))
    names = [str(m) for m in MATERIALS]
    for size in range(1, len(names) + 1):
        for group in combinations(names, size):
            need = sum(have[m] for m in group)
            room = sum(1 for ex in constrained if not ex.issuperset(group))
            if need > room:
                raise RulesError(f"no way to deal the unseen cards any more: {need} unseen "
                                 f"{'/'.join(group)} card(s) but only {room} unseen card(s) may be one",
                                 rule_ids=("R-COMP-6", "R-LEG-3"),
                                 hint="an earlier Glory to Rome answer ruled those materials out")


def named_cards(decision: Decision) -> list[str]:
    """The Order cards a decision names (its ``card`` and ``cards`` fields)."""
    found: list[str] = []
    for f in fields(decision):
        if f.name == "card":
            found.append(getattr(decision, f.name))
        elif f.name == "cards":
            found.extend(getattr(decision, f.name))
    return [c for c in found if c != JACK]


def face_down_from_deck(decision: Decision) -> bool:
    """Whether ``decision`` takes an unseen card from the deck into a face-down zone: a
    Merchant sale of the deck's top card into the vault (B-ATRIUM-1, AMB-25)."""
    return (type(decision) is Sell and decision.source is Zone.DECK and is_unseen(decision.card))


def named_from_deck(decision: Decision) -> str | None:
    """The card ``decision`` names taking it from the deck face up (B-BAR-1, B-FOUNTAIN-1,
    G-BACCHANALIA-1), if any."""
    if type(decision) is not TakeFromDeck and getattr(decision, "source", None) is not Zone.DECK:
        return None
    card = getattr(decision, "card", None)
    return card if isinstance(card, str) and card and not is_unseen(card) else None


def take_from_deck(state: GameState, card: str) -> None:
    """``card``, taken face up from a deck of unknown order, is one of its unseen cards (and
    the deck's cards are unseen from then on), or one of the cards a power turned up from it
    while they wait to be placed (G-BACCHANALIA-1): raises ``AllPlaced`` when every copy is placed."""
    if state.unseen is None:
        hide(state)
    if any(is_unseen(c) for c in state.turned_up):
        bind(state, state.turned_up, card, "the cards turned up")
        return
    bind(state, state.deck, card, "the deck")


def names_unseen(decision: Decision) -> bool:
    return any(is_unseen(c) for c in named_cards(decision))


def reveal_for(state: GameState, decision: Decision) -> list[str]:
    """The cards ``decision`` names that its player's hand lacks but could be among its ``?``
    cards: what must be revealed for the decision to stand."""
    hand = state.player(decision.player).hand
    if not any(is_unseen(c) for c in hand):
        return []
    lacking = Counter(c for c in named_cards(decision) if not is_unseen(c)) - Counter(hand)
    return sorted(lacking.elements())


def reveal(state: GameState, decision: Decision, cards: list[str]) -> None:
    """Bind ``?`` cards of the decision's player's hand to ``cards``."""
    hand = state.player(decision.player).hand
    for card in cards:
        bind(state, hand, card, decision.player)


def holds_unseen(state: GameState, i: int) -> bool:
    """Whether player ``i`` holds unseen cards in hand (then no choice of theirs is forced)."""
    return state.unseen is not None and any(is_unseen(c) for c in state.players[i].hand)


def unseen_vault(state: GameState) -> dict[str, int]:
    """Unseen vault cards by player (for scores that depend on them)."""
    return {p.name: n for p in state.players if (n := sum(1 for c in p.vault if is_unseen(c)))}


def value_range(state: GameState) -> tuple[int, int]:
    """The lowest and highest value an unseen card may have (R-CARD-4)."""
    card_set = cards_for(state.ruleset)
    values = [card_set.facts(c).value for c in (state.unseen or ())] or [0]
    return min(values), max(values)


def materials_of(state: GameState, names) -> list[Material]:
    return [cards_for(state.ruleset).facts(c).material for c in names]
