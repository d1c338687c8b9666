"""Cards whose building power is not written yet, listed explicitly per edition.

Every card of every ruleset either has a power class (``registry``) or is named here; a test
keeps the two lists complete and disjoint, and ``gtr cards --missing`` prints this one.
Cards that have no function at all would be listed apart; every Glory to Rome building has one.
"""

from __future__ import annotations

NO_POWER_YET: dict[str, tuple[str, ...]] = {
    "black-box": (
        "Academy", "Amphitheatre", "Aqueduct", "Archway", "Atrium", "Bar", "Basilica", "Bath", "Bridge",
        "Catacomb", "Circus", "Circus Maximus", "Colosseum", "Crane", "Dock", "Domus Aurea", "Forum",
        "Forum Romanum", "Foundry", "Fountain", "Garden", "Gate", "Insula", "Latrine", "Ludus Magna", "Palace",
        "Palisade", "Prison", "Road", "School", "Scriptorium", "Senate", "Sewer", "Stairway", "Statue",
        "Storeroom", "Tower", "Tribunal", "Villa", "Vomitorium", "Wall",
        # the optional Geek cards
        "Aerarium", "Bacchanalia", "Castra", "Castra Praetoria", "Domus", "Plebian Council", "Solarium",
        "Triclinium", "Watch Post", "Watermill",
    ),
    "classic": (
        "Academy", "Amphitheatre", "Aqueduct", "Archway", "Atrium", "Bar", "Basilica", "Bath", "Bridge",
        "Catacomb", "Circus", "Circus Maximus", "Coliseum", "Dock", "Forum", "Foundry", "Fountain", "Garden",
        "Gate", "Insula", "Latrine", "Ludus Magna", "Palace", "Palisade", "Prison", "Road", "School",
        "Scriptorium", "Senate", "Sewer", "Stairway", "Statue", "Storeroom", "Tower", "Villa", "Vomitorium",
        "Wall",
    ),
}


def missing(edition: str) -> tuple[str, ...]:
    return NO_POWER_YET.get(edition, ())
