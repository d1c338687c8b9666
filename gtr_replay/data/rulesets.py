"""The three rulesets as data: constants that differ between them, found by name or alias.

Flow code reads these fields; it never branches on a ruleset's name (ARCHITECTURE.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from gtr_replay.enums import Ruleset
from gtr_replay.errors import UnknownNameError


@dataclass(frozen=True, slots=True)
class RulesetSpec:
    """What a ruleset fixes before any building power is counted."""

    ruleset: Ruleset
    starting_orders: int
    """Order cards dealt to each player (R-SETUP-2, R-SETUP-3, R-SETUP-9)."""
    starting_jacks: int
    """Jacks dealt to each player with the hand (R-SETUP-3, R-SETUP-9)."""
    spare_jacks_to_pile: bool
    """Whether undealt Jacks form the Jack pile (R-JACK-4); otherwise they leave play."""
    petition_size: int
    """Order cards of one role that may stand in for a Jack; 0 means no petition (R-PET-1..3)."""
    out_of_town_sites: bool
    """Whether Sites beyond the in-town stacks go out of town (R-SETUP-4) or leave the game (R-SETUP-10)."""
    leader_draw_first: bool
    """Whether the leader draw is dealt before the hands (R-SETUP-7, R-SETUP-8)."""
    sites_end_when: str
    """'last-in-town' (R-END-1b, scope by AMB-02) or 'all-claimed' (R-END-3b)."""
    pool_take_required: bool = False
    """Whether the rulebook's wording makes a Legionary's Pool take compulsory (R-LEG-2, AMB-12)."""
    protected_may_give: bool = True
    """Whether a player a power protects from a Legionary's demand may give the cards anyway
    (B-PALISADE-1, B-WALL-2); the 2005 text gives no such choice: "you do not lose cards"
    (BC-PALISADE-1)."""
    refill_size: int = 5
    """Hand refill size before powers (R-THINK-1, R-THINK-3)."""
    starting_influence: int = 2
    """Influence with no Site card (R-SETUP-11)."""
    merchant_bonus: int = 3
    """Victory points of each Merchant bonus (R-MER-2, R-COMP-8)."""


RULESETS: dict[Ruleset, RulesetSpec] = {
    Ruleset.CLASSIC: RulesetSpec(
        Ruleset.CLASSIC, starting_orders=4, starting_jacks=1, spare_jacks_to_pile=False,
        petition_size=0, out_of_town_sites=False, leader_draw_first=True, sites_end_when="all-claimed",
        pool_take_required=True, protected_may_give=False),
    Ruleset.REPUBLIC: RulesetSpec(
        Ruleset.REPUBLIC, starting_orders=5, starting_jacks=0, spare_jacks_to_pile=True,
        petition_size=2, out_of_town_sites=True, leader_draw_first=False, sites_end_when="last-in-town"),
    Ruleset.IMPERIUM: RulesetSpec(
        Ruleset.IMPERIUM, starting_orders=4, starting_jacks=1, spare_jacks_to_pile=True,
        petition_size=3, out_of_town_sites=True, leader_draw_first=False, sites_end_when="last-in-town"),
}

ALIASES = {
    "2005": Ruleset.CLASSIC, "original": Ruleset.CLASSIC,
    "rep": Ruleset.REPUBLIC, "black-box": Ruleset.REPUBLIC, "bb": Ruleset.REPUBLIC,
    "imp": Ruleset.IMPERIUM,
}


def find_ruleset(name: str | Ruleset) -> RulesetSpec:
    """The ruleset called ``name`` (any case, or an alias such as '2005' or 'bb')."""
    key = str(name).strip().casefold()
    for ruleset in Ruleset:
        if ruleset.value == key:
            return RULESETS[ruleset]
    if key in ALIASES:
        return RULESETS[ALIASES[key]]
    names = ", ".join(r.value for r in Ruleset)
    raise UnknownNameError(f"unknown ruleset {name!r}", hint=f"use one of: {names}",
                           choices=[r.value for r in Ruleset])
