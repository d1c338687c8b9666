"""The notation's card vocabulary, taken from the card data (``data/cards.toml``)."""

from __future__ import annotations

from functools import cache

from notation import Vocabulary

from gtr_replay.data.cards import cards_for
from gtr_replay.enums import Ruleset


@cache
def card_vocabulary(ruleset: Ruleset | str | None = None) -> Vocabulary:
    """Every card name of one ruleset (with the optional Geek cards), or of all rulesets."""
    rulesets = [Ruleset(ruleset)] if ruleset else list(Ruleset)
    names: set[str] = set()
    aliases: dict[str, str] = {}
    for r in rulesets:
        card_set = cards_for(r)
        names |= set(card_set.cards) | set(card_set.optional)
        aliases |= {a: t for a, t in card_set.aliases.items() if t in card_set.cards}
    return Vocabulary(sorted(names), aliases)
