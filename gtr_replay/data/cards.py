"""Card facts as a table, read from ``data/cards.toml`` (R-CARD-*, R-COMP-*).

A card is identified by its printed building name; copies of a card are interchangeable,
so zones hold names. ``deck_for(ruleset)`` gives the manifest of Order cards a game uses.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.errors import UnknownNameError


@dataclass(frozen=True, slots=True)
class MaterialFacts:
    """What a material brings to every card of it (R-CARD-3, R-CARD-4)."""

    material: Material
    role: Role
    colour: str
    value: int


@dataclass(frozen=True, slots=True)
class Card:
    """One Order card type: its name, material, role, value and copies in the deck."""

    name: str
    material: Material
    role: Role
    value: int
    copies: int
    edition: str
    optional: bool = False
    assumed: bool = False


@dataclass(frozen=True, slots=True)
class CardSet:
    """The cards of one ruleset, with the lookups the engine and readers need."""

    ruleset: Ruleset
    edition: str
    cards: dict[str, Card]
    optional: dict[str, Card]
    aliases: dict[str, str]
    jacks: int
    sites_per_material: int

    def __contains__(self, name: str) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> Card:
        return self.cards[name]

    def find(self, name: str, *, optional: bool = False) -> Card:
        """The card called ``name`` (any case, alias accepted) or an error naming the closest."""
        pool = self.cards | self.optional if optional else self.cards
        for candidate in (name, self.aliases.get(name)):
            if candidate in pool:
                return pool[candidate]
        folded = {key.casefold(): key for key in pool}
        folded |= {alias.casefold(): target for alias, target in self.aliases.items() if target in pool}
        if name.casefold() in folded:
            return pool[folded[name.casefold()]]
        close = difflib.get_close_matches(name, list(pool), n=3, cutoff=0.6)
        raise UnknownNameError(
            f"unknown card {name!r} in the {self.ruleset} ruleset",
            hint=f"did you mean {close[0]!r}?" if close else "see `gtr cards`",
            choices=close,
        )

    def facts(self, name: str) -> Card:
        """The card called exactly ``name``, an optional one included; KeyError otherwise."""
        found = self.cards.get(name)
        return found if found is not None else self.optional[name]

    def in_game(self, name: str, expansions: tuple[str, ...] = ()) -> bool:
        """Whether a game of this card set with the optional cards ``expansions`` holds ``name``."""
        return name in self.cards or name in expansions

    def manifest(self, *, with_optional: tuple[str, ...] = ()) -> list[str]:
        """Every Order card of the deck, each copy once, in a fixed order (R-COMP-1/2)."""
        names: list[str] = []
        for card in self.cards.values():
            names.extend([card.name] * card.copies)
        for name in with_optional:
            card = self.find(name, optional=True)
            names.extend([card.name] * card.copies)
        return names


@cache
def _raw() -> dict:
    text = resources.files("gtr_replay.data").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache
def material_facts() -> dict[Material, MaterialFacts]:
    """Role, colour and value of each material, from the card data (R-CARD-3)."""
    return {
        Material(name): MaterialFacts(Material(name), Role(row["role"]), row["colour"], row["value"])
        for name, row in _raw()["materials"].items()
    }


def _card(name: str, material: str, edition: str, *, optional: bool = False, assumed: bool = False) -> Card:
    row = _raw()["materials"][material]
    return Card(name, Material(material), Role(row["role"]), row["value"], row["copies"],
                edition, optional, assumed)


@cache
def cards_for(ruleset: Ruleset | str) -> CardSet:
    """The card set of a ruleset (R-COMP-4, R-COMP-5, CARDS.md)."""
    ruleset = Ruleset(ruleset)
    raw = _raw()
    for edition, data in raw["editions"].items():
        if ruleset.value not in data["rulesets"]:
            continue
        rows = [(name, material) for material, names in data["cards"].items() for name in names]
        only = data.get("only", {}).get(ruleset.value, {})
        rows += [(name, material) for material, names in only.items() for name in names]
        cards = {name: _card(name, material, edition) for name, material in sorted(rows)}
        optional = {
            name: _card(name, row["material"], edition, optional=True, assumed=row.get("assumed", False))
            for name, row in data.get("geek", {}).items()
        }
        return CardSet(ruleset, edition, cards, optional, dict(raw["aliases"]),
                       data["jacks"], data["sites_per_material"])
    raise AssertionError(f"no edition lists ruleset {ruleset}")


def is_jack(name: str) -> bool:
    return name == JACK
