"""Which card names a record may use, and how loosely they may be written."""

from __future__ import annotations

import bisect
from functools import cache
from typing import Callable, Iterable, Mapping

from . import cards as card_lists
from .terminals import keyword_in
from .words import WordError, near

UNSEEN = "?"


class Vocabulary:
    """A set of card names with aliases; reads names leniently, writes them exactly.

    Reading order: the exact name (any case), then an alias, then a unique
    prefix of one name (so "Circus" is always the Circus, and "Circus M" is
    the Circus Maximus). The Jack and the unseen card ``?`` always belong.
    With ``shortened``, a prefix stands for one of those names first (the cards
    of the game a record plays: ``Tri`` is the Tribunal where no Triclinium is
    dealt), and for any other name only where it starts none of them.
    """

    def __init__(self, cards: Iterable[str], aliases: Mapping[str, str] | None = None, *,
                 shortened: Iterable[str] | None = None):
        names = {" ".join(c.split()) for c in cards} | {card_lists.JACK}
        for name in names:
            if (word := keyword_in(name)) is not None:
                raise ValueError(f"the card name {name!r} holds {word!r}, a word that ends a card's name "
                                 "in the notation ('on', 'to', 'from', 'giving', 'replacing', 'out of town')")
        self.cards: frozenset[str] = frozenset(names)
        self._exact = {name.lower(): name for name in names}
        self._aliases = {
            alias.lower(): target
            for alias, target in (aliases or {}).items()
            if target in names and alias.lower() not in self._exact
        }
        self._sorted = sorted(self._exact)
        self._shortened = self._sorted if shortened is None else sorted(
            {key for key in (" ".join(n.split()).lower() for n in shortened) if key in self._exact})
        self.rulesets: Mapping[str, Vocabulary] = {}
        """This vocabulary as each ruleset's records read it, by the Ruleset tag's value folded
        (``in_ruleset``); empty when they all read it alike."""
        self.expansions: Callable[[str | None], Vocabulary] | None = None
        """This vocabulary as a record reads it given its Expansion tag's value (None: no tag),
        where the tag decides which optional cards a prefix may stand for; None when none do."""

    def in_ruleset(self, ruleset: str | None) -> Vocabulary:
        """The vocabulary a record of ``ruleset`` (its Ruleset tag) reads its cards in: a name
        another ruleset prints for one of this ruleset's cards reads as that card (``Colosseum``
        is the classic ``Coliseum``)."""
        if not self.rulesets or ruleset is None:
            return self
        return self.rulesets.get(ruleset.strip().casefold(), self)

    def in_game(self, ruleset: str | None, expansion: str | None) -> Vocabulary:
        """The vocabulary a record reads its cards in, from its Ruleset and Expansion tags'
        values (``in_ruleset``, then the optional cards the Expansion tag deals)."""
        read = self.in_ruleset(ruleset)
        return read if read.expansions is None else read.expansions(expansion)

    def __repr__(self) -> str:
        return f"Vocabulary({len(self.cards)} cards)"

    def card(self, name: str) -> str:
        """The canonical spelling of ``name``; ``WordError`` when it names no card."""
        key = " ".join(name.split()).lower()
        found = self._exact.get(key) or self._aliases.get(key)
        if found:
            return found
        if key == UNSEEN:
            return UNSEEN
        starting = self._starting(key, self._shortened)
        if not starting and self._shortened is not self._sorted:
            starting = self._starting(key, self._sorted)
        if len(starting) == 1:
            return starting[0]
        if starting:
            raise WordError(name, "card", tuple(starting), ambiguous=True)
        raise WordError(name, "card", near(name, list(self.cards) + list(self._aliases_display())))

    def _starting(self, key: str, folded: list[str]) -> list[str]:
        """The names among ``folded`` (sorted, lower case) that start with ``key``."""
        starting = []
        for candidate in folded[bisect.bisect_left(folded, key):]:
            if not candidate.startswith(key):
                break
            starting.append(self._exact[candidate])
        return starting

    def _aliases_display(self) -> Iterable[str]:
        return (alias.title() for alias in self._aliases)

    @classmethod
    def for_ruleset(cls, ruleset: str, *, geek: bool = False) -> "Vocabulary":
        """The cards of one ruleset (``classic``, ``republic``, ``imperium``)."""
        names = card_lists.EDITIONS[ruleset] + (card_lists.GEEK if geek else ())
        return cls(names, card_lists.ALIASES)

    @staticmethod
    @cache
    def default() -> "Vocabulary":
        """Every card of every edition and the Geek expansion."""
        names = [n for edition in card_lists.EDITIONS.values() for n in edition]
        return Vocabulary(names + list(card_lists.GEEK), card_lists.ALIASES)
