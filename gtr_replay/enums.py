"""The closed sets of the game: roles, materials, rulesets, zones (StrEnum, rulebook words)."""

from enum import StrEnum
from typing import Final


class _Named(StrEnum):
    """A StrEnum whose ``repr`` reads back as Python (``Role.PATRON``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self._name_}"


class Role(_Named):
    """The six roles a card can be led, followed or hired as (R-CARD-2). Thinker is not a role."""

    PATRON = "Patron"
    LABORER = "Laborer"
    ARCHITECT = "Architect"
    CRAFTSMAN = "Craftsman"
    LEGIONARY = "Legionary"
    MERCHANT = "Merchant"


class Material(_Named):
    """The six materials (R-CARD-2), in the order of their value."""

    RUBBLE = "Rubble"
    WOOD = "Wood"
    BRICK = "Brick"
    CONCRETE = "Concrete"
    STONE = "Stone"
    MARBLE = "Marble"


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
