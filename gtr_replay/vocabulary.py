"""The notation's card vocabulary, taken from the card data (``data/cards.toml``)."""

from __future__ import annotations

from functools import cache, lru_cache

from notation import Vocabulary

from gtr_replay.data.cards import cards_for
from gtr_replay.data.expansions import expansion_cards
from gtr_replay.enums import Ruleset
from gtr_replay.errors import GtrError


@cache
def card_vocabulary(ruleset: Ruleset | str | None = None) -> Vocabulary:
    """Every card name of one ruleset (with the optional Geek cards), or of all rulesets; the
    latter read, in a record of one ruleset, a name another ruleset prints for one of its
    cards as that card (``Vocabulary.in_ruleset``: ``Colosseum`` in a classic record is its
    ``Coliseum``)."""
    rulesets = [Ruleset(ruleset)] if ruleset else list(Ruleset)
    names: set[str] = set()
    aliases: dict[str, str] = {}
    for r in rulesets:
        card_set = cards_for(r)
        names |= set(card_set.cards) | set(card_set.optional)
        aliases |= {a: t for a, t in card_set.aliases.items() if t in card_set.cards}
    vocabulary = Vocabulary(sorted(names), aliases)
    if ruleset is None:
        vocabulary.rulesets = {r.value: _read_in(r, names, aliases) for r in Ruleset}
    return vocabulary


def _read_in(ruleset: Ruleset, names: set[str], aliases: dict[str, str]) -> Vocabulary:
    """The vocabulary of every ruleset as a record of ``ruleset`` reads it: its names for
    other rulesets' cards, and prefixes that stand for its own cards first; the Geek cards
    only where the record's Expansion tag deals them (``Vocabulary.in_game``)."""
    card_set = cards_for(ruleset)
    own = set(card_set.cards) | set(card_set.optional)
    renamed = {a: t for a, t in card_set.aliases.items() if t in own and a not in own and a in names}
    known, read = sorted(names - set(renamed)), {**aliases, **renamed}
    vocabulary = Vocabulary(known, read, shortened=own)
    if card_set.optional:
        @lru_cache(maxsize=64)
        def in_game(expansion: str | None) -> Vocabulary:
            return Vocabulary(known, read, shortened=set(card_set.cards) | set(_dealt(expansion, ruleset)))
        vocabulary.expansions = in_game
    return vocabulary


def _dealt(expansion: str | None, ruleset: Ruleset) -> tuple[str, ...]:
    """The optional cards an Expansion tag's value deals; every one where the value cannot be
    read (the replay reports the tag; meanwhile a prefix may mean any of them)."""
    try:
        return expansion_cards(expansion, ruleset)
    except GtrError:
        return tuple(cards_for(ruleset).optional)
