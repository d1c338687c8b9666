"""Card names of every edition, so the notation can check names on its own.

Built from ../shared/rules/CARDS.md (names only; materials and copies are the
engine's card table). ``Vocabulary.default()`` reads these lists.
"""

from __future__ import annotations

JACK = "Jack"

# Buildings printed in both Black Box versions (republic and imperium).
_BLACK_BOX_COMMON = (
    "Bar", "Insula", "Latrine", "Road",
    "Dock", "Market", "Palisade",
    "Academy", "Archway", "Atrium", "Bath", "Foundry", "Gate", "School", "Shrine",
    "Amphitheatre", "Aqueduct", "Bridge", "Storeroom", "Tower", "Vomitorium", "Wall",
    "Catacomb", "Circus Maximus", "Garden", "Prison", "Scriptorium", "Sewer", "Villa",
    "Basilica", "Fountain", "Ludus Magna", "Palace", "Stairway", "Statue", "Temple",
)

EDITIONS: dict[str, tuple[str, ...]] = {
    "republic": _BLACK_BOX_COMMON + ("Crane", "Tribunal", "Domus Aurea", "Forum Romanum"),
    "imperium": _BLACK_BOX_COMMON + ("Circus", "Senate", "Colosseum", "Forum"),
    "classic": (
        "Bar", "Insula", "Latrine", "Road",
        "Circus", "Dock", "Market", "Palisade",
        "Academy", "Archway", "Atrium", "Bath", "Foundry", "Gate", "School", "Shrine",
        "Amphitheatre", "Aqueduct", "Bridge", "Senate", "Storeroom", "Tower", "Vomitorium", "Wall",
        "Catacomb", "Circus Maximus", "Coliseum", "Fountain", "Garden", "Prison", "Sewer", "Villa",
        "Basilica", "Forum", "Ludus Magna", "Palace", "Scriptorium", "Stairway", "Statue", "Temple",
    ),
}

# The unofficial Geek expansion (optional with republic and imperium).
GEEK = (
    "Domus", "Castra", "Castra Praetoria", "Watermill", "Solarium", "Aerarium",
    "Bacchanalia", "Watch Post", "Triclinium", "Plebian Council",
)

# Other spellings of the same card. The printed Black Box card says "Ludus
# Magnus"; the classic edition's "Coliseum" is the imperium "Colosseum". An
# alias only applies where its target is a card and the alias itself is not.
ALIASES: dict[str, str] = {
    "Ludus Magnus": "Ludus Magna",
    "Colosseum": "Coliseum",
    "Coliseum": "Colosseum",
}
