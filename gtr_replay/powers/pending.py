"""Cards whose building power is not written yet, listed explicitly per edition.

Every card of every ruleset either has a power class (``registry``) or is named here; a test
keeps the two lists complete and disjoint, and ``gtr cards --missing`` prints this one.
Cards that have no function at all would be listed apart; every Glory to Rome building has one.
"""

from __future__ import annotations

NO_POWER_YET: dict[str, tuple[str, ...]] = {
    "black-box": (
        "Academy", "Amphitheatre", "Atrium", "Bar", "Basilica", "Bridge", "Circus", "Colosseum", "Crane",
        "Dock", "Domus Aurea", "Forum", "Foundry", "Fountain", "Garden", "Latrine", "Ludus Magna", "School",
        "Senate", "Sewer", "Storeroom", "Tribunal", "Vomitorium",
        # the optional Geek cards
        "Aerarium", "Bacchanalia", "Castra", "Castra Praetoria", "Domus", "Plebian Council", "Solarium",
        "Triclinium", "Watch Post", "Watermill",
    ),
    "classic": (
        "Academy", "Amphitheatre", "Atrium", "Bar", "Basilica", "Bath", "Bridge", "Circus", "Circus Maximus",
        "Coliseum", "Dock", "Forum", "Foundry", "Fountain", "Garden", "Latrine", "Ludus Magna", "School",
        "Scriptorium", "Senate", "Sewer", "Stairway", "Storeroom", "Vomitorium",
    ),
}


def missing(edition: str) -> tuple[str, ...]:
    return NO_POWER_YET.get(edition, ())
