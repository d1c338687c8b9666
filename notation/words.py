"""The closed word sets of the notation: roles, materials, zones, think kinds.

Each set is a ``StrEnum`` whose value is the canonical spelling. Reading is
lenient (any case, documented synonyms, unique prefixes); writing always uses
the value. ``lookup`` does the lenient reading for every set and reports
near misses, so every error about a word reads the same way.
"""

from __future__ import annotations

import difflib
from enum import StrEnum
from typing import Iterable, Mapping


class _Word(StrEnum):
    """A StrEnum whose repr evaluates back to the member (``Role.PATRON``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Role(_Word):
    """The six roles a card can be led, followed or hired as (R-CARD-2). Thinker is not a role.
    The engine's too (``gtr_replay.enums`` re-exports it)."""

    PATRON = "Patron"
    LABORER = "Laborer"
    ARCHITECT = "Architect"
    CRAFTSMAN = "Craftsman"
    LEGIONARY = "Legionary"
    MERCHANT = "Merchant"


class Material(_Word):
    """The six materials (R-CARD-2), in the order of their value and of the site supply. The
    engine's too (``gtr_replay.enums`` re-exports it)."""

    RUBBLE = "Rubble"
    WOOD = "Wood"
    BRICK = "Brick"
    CONCRETE = "Concrete"
    STONE = "Stone"
    MARBLE = "Marble"


class Zone(_Word):
    """Where a card is taken from or kept (written in lower case)."""

    HAND = "hand"
    POOL = "pool"
    DECK = "deck"
    STOCKPILE = "stockpile"
    VAULT = "vault"
    CLIENTELE = "clientele"


class ThinkKind(_Word):
    """The three Thinker actions: take a Jack, refill the hand, draw one card."""

    JACK = "jack"
    REFILL = "refill"
    DRAW = "draw"


# Synonyms accepted on input besides the canonical word and its unique
# prefixes. Keys are lower case.
ROLE_SYNONYMS: Mapping[str, Role] = {
    "labourer": Role.LABORER,
    "craftsperson": Role.CRAFTSMAN,
    "lg": Role.LEGIONARY,
}
MATERIAL_SYNONYMS: Mapping[str, Material] = {
    "cement": Material.CONCRETE,
}


class WordError(LookupError):
    """A word that names nothing in its set; ``suggestions`` are near misses."""

    def __init__(self, word: str, kind: str, suggestions: tuple[str, ...], ambiguous: bool = False):
        super().__init__(word)
        self.word = word
        self.kind = kind
        self.suggestions = suggestions
        self.ambiguous = ambiguous

    @property
    def message(self) -> str:
        if self.ambiguous:
            return f"ambiguous {self.kind} {self.word!r}"
        return f"unknown {self.kind} {self.word!r}"

    @property
    def hint(self) -> str | None:
        return did_you_mean(self.suggestions)


def did_you_mean(names: Iterable[str]) -> str | None:
    names = list(names)
    if not names:
        return None
    if len(names) == 1:
        return f"did you mean {names[0]!r}?"
    return "did you mean " + ", ".join(repr(n) for n in names[:-1]) + f" or {names[-1]!r}?"


def near(word: str, names: Iterable[str], n: int = 3) -> tuple[str, ...]:
    """The closest names to ``word``, compared without case."""
    by_lower = {name.lower(): name for name in names}
    close = difflib.get_close_matches(word.lower(), list(by_lower), n=n, cutoff=0.6)
    return tuple(by_lower[c] for c in close)


def lookup(word: str, members: Iterable[_Word], kind: str, synonyms: Mapping[str, _Word] = {}) -> _Word:
    """Read ``word`` as one of ``members``: exact (any case), synonym, or unique prefix."""
    members = tuple(members)
    key = word.lower()
    for member in members:
        if member.value.lower() == key:
            return member
    if key in synonyms:
        return synonyms[key]
    starting = [m for m in members if m.value.lower().startswith(key)]
    if len(starting) == 1:
        return starting[0]
    if starting:
        raise WordError(word, kind, tuple(m.value for m in starting), ambiguous=True)
    raise WordError(word, kind, near(word, [m.value for m in members]))


def role(word: str) -> Role:
    return lookup(word, Role, "role", ROLE_SYNONYMS)


def material(word: str) -> Material:
    return lookup(word, Material, "material", MATERIAL_SYNONYMS)


def zone(word: str) -> Zone:
    return lookup(word, Zone, "zone")


def think_kind(word: str) -> ThinkKind:
    return lookup(word, ThinkKind, "Thinker action")
