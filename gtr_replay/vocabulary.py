"""The notation's card vocabulary, taken from the card data (``data/cards.toml``)."""

from __future__ import annotations

from functools import cache

from notation import Vocabulary

from gtr_replay.data.cards import cards_for
from gtr_replay.enums import Ruleset


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
    card_set = cards_for(ruleset)
    own = set(card_set.cards) | set(card_set.optional)
    renamed = {a: t for a, t in card_set.aliases.items() if t in own and a not in own and a in names}
    if not renamed:
        return Vocabulary(sorted(names), aliases)
    return Vocabulary(sorted(names - set(renamed)), {**aliases, **renamed})
