"""The rules a refusal cites, as the ruleset in play numbers them.

A card's rules are numbered per edition: the Black Box card's ``B-*`` (and the Geek cards'
``G-*``), the 2005 card's ``BC-*`` (RULES.md §0.2). Refusals are written once for every
ruleset and may name one edition's rule (``B-LATRINE-1``); in a game of the other edition
the refusal cites instead the rules of that card's power in the ruleset in play
(``BC-LATRINE-1``), so a classic game never sends its reader to the Black Box text. A rule
of a card the ruleset has no power for stays as written; core rules (``R-*``), rulings
(``AMB-*``), combinations and conflicts are shared and stay too.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from gtr_replay.data.cards import cards_for
from gtr_replay.enums import Ruleset
from gtr_replay.powers import table

CARD_RULES: Final[dict[str, frozenset[str]]] = {"black-box": frozenset({"B", "G"}), "classic": frozenset({"BC"})}
"""The families of card rules each edition's cards are numbered in (RULES.md §0.2)."""

_CARD_FAMILIES: Final = frozenset().union(*CARD_RULES.values())


def card_of(rule: str) -> str | None:
    """The card a card rule is about, as its ID spells it (``B-CIRCUSMAXIMUS-1``:
    ``CIRCUSMAXIMUS``); None for a rule of no one card (``R-*``, ``AMB-*``, ``C-*``)."""
    family, _, rest = rule.partition("-")
    if family not in _CARD_FAMILIES:
        return None
    card, _, _number = rest.rpartition("-")
    return card or None


def _spelt(name: str) -> str:
    """A card's name as rule IDs spell it: capitals, no spaces (``B-CIRCUSMAXIMUS-1``)."""
    return name.replace(" ", "").upper()


@cache
def _own_rules(ruleset: Ruleset) -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """The card rule families of the ruleset's edition, and for each card it has a power for
    (under its name, and the other edition's name for it, ``cards.toml``'s aliases) the rules of
    that power about that card in those families."""
    card_set = cards_for(ruleset)
    own = CARD_RULES[card_set.edition]
    powers = table(ruleset)
    names = {alias: target for alias, target in card_set.aliases.items() if target in powers}
    names.update({name: name for name in powers})
    found: dict[str, tuple[str, ...]] = {}
    for name, target in names.items():
        rules = tuple(r for r in powers[target].rule_ids
                      if r.partition("-")[0] in own and card_of(r) == _spelt(target))
        if rules:
            found[_spelt(name)] = rules
    return own, found


def cited(ruleset: Ruleset, rule_ids: tuple[str, ...]) -> tuple[str, ...]:
    """``rule_ids`` as a refusal in a game of ``ruleset`` cites them: a card rule of another
    edition gives way to the rules of that card's power in this ruleset, in order, once each."""
    own, by_card = _own_rules(Ruleset(ruleset))
    found: dict[str, None] = {}
    for rule in rule_ids:
        card = card_of(rule)
        if card is not None and rule.partition("-")[0] not in own and card in by_card:
            found.update(dict.fromkeys(by_card[card]))
        else:
            found[rule] = None
    return tuple(found)
