"""The closed sets of the game: roles, materials, rulesets, zones (StrEnum, rulebook words).

``Role`` and ``Material`` are the notation's (``notation.words``), written once: the notation
is the floor under the engine, and a statement's role is the decision's role, with no table
between them. What only the engine needs is written here: the rulesets and the engine's zones
(a superset of the places a statement names).
"""

from enum import StrEnum
from typing import Final

from notation.words import Material, Role

__all__ = ["JACK", "MATERIALS", "ROLES", "Material", "Role", "Ruleset", "Zone"]


class _Named(StrEnum):
    """A StrEnum whose ``repr`` reads back as Python (``Role.PATRON``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self._name_}"


class Ruleset(_Named):
    """Which rules a game follows: the 2005 rules or one of the two Black Box versions."""

    CLASSIC = "classic"
    REPUBLIC = "republic"
    IMPERIUM = "imperium"


class Zone(_Named):
    """Where a card can be. Events name zones with these words."""

    DECK = "deck"
    POOL = "pool"
    HAND = "hand"
    CAMP = "camp"
    CLIENTELE = "clientele"
    STOCKPILE = "stockpile"
    VAULT = "vault"
    BUILDING = "building"
    JACK_PILE = "jack pile"
    SITES_IN_TOWN = "sites in town"
    SITES_OUT_OF_TOWN = "sites out of town"
    INFLUENCE = "influence"
    TURNED_UP = "turned up"
    """Cards a power turned up from the deck, face up, until each is placed (G-BACCHANALIA-1)."""


ROLES: Final[tuple[Role, ...]] = tuple(Role)
MATERIALS: Final[tuple[Material, ...]] = tuple(Material)

JACK: Final = "Jack"
"""The name of a Jack card, as it appears in hands and camps."""
