"""Powers that change what may be built where and when it is done: materials allowed, Sites,
out-of-town cost, early completion, foundations that already work."""

from __future__ import annotations

from gtr_replay.enums import Material, Role
from gtr_replay.powers.base import Power
from gtr_replay.powers.registry import register


def _material(state, card: str) -> Material:
    from gtr_replay.cards import cards_for
    return cards_for(state.ruleset).cards[card].material


@register
class Road(Power):
    """Any material may go into your Stone buildings, from the turn the Road is complete
    (B-ROAD-1, BC-ROAD-1, R-BUILD-5)."""

    building = "Road"
    editions = ("black-box", "classic")
    rule_ids = ("B-ROAD-1", "BC-ROAD-1")

    def material_fits(self, state, owner, building, material):
        return _material(state, building.foundation) is Material.STONE


class _RubbleAnywhere(Power):
    """Rubble may go into any of your buildings (B-TOWER-1, BC-TOWER-1)."""

    building = "Tower"

    def material_fits(self, state, owner, building, material):
        return material is Material.RUBBLE


@register
class Tower(_RubbleAnywhere):
    """Black Box: Rubble may go into any of your buildings, and an out-of-town foundation
    takes one action instead of two; both work the turn it is complete (B-TOWER-1..3, R-BUILD-3)."""

    editions = ("black-box",)
    rule_ids = ("B-TOWER-1", "B-TOWER-2", "B-TOWER-3")

    def out_of_town_cost(self, state, owner):
        return 1


@register
class ClassicTower(_RubbleAnywhere):
    """Classic: Rubble may go into any of your buildings, and any foundation may be laid on a
    Rubble Site while one is left; it still needs its own number of materials, and completes
    for the Site's one influence (BC-TOWER-1..3)."""

    editions = ("classic",)
    rule_ids = ("BC-TOWER-1", "BC-TOWER-2", "BC-TOWER-3")

    def site_materials(self, state, owner, card):
        return frozenset({Material.RUBBLE})


@register
class Villa(Power):
    """An Architect action that puts any material your Villa foundation accepts into it
    completes it at once (B-VILLA-1, BC-VILLA-1, R-BUILD-8)."""

    building = "Villa"
    editions = ("black-box", "classic")
    rule_ids = ("B-VILLA-1", "BC-VILLA-1")
    own_foundation = True

    def completes(self, state, owner, building, card, role):
        return building.foundation == self.building and role is Role.ARCHITECT


@register
class Scriptorium(Power):
    """Black Box: one Marble added by a Craftsman or Architect action completes any of your
    buildings, whatever its material (B-SCRIPTORIUM-1, R-BUILD-5, R-BUILD-8)."""

    building = "Scriptorium"
    editions = ("black-box",)
    rule_ids = ("B-SCRIPTORIUM-1",)

    def material_fits(self, state, owner, building, material):
        return material is Material.MARBLE

    def completes(self, state, owner, building, card, role):
        return _material(state, card) is Material.MARBLE and role in (Role.CRAFTSMAN, Role.ARCHITECT)


@register
class Gate(Power):
    """Your Marble buildings work as soon as their foundations are laid; they still give
    influence only when complete. A Stone building holding a Marble (by a Road) counts as
    Marble too (B-GATE-1, BC-GATE-1, C-GATE-ROAD-1, R-BUILD-10)."""

    building = "Gate"
    editions = ("black-box", "classic")
    rule_ids = ("B-GATE-1", "BC-GATE-1", "C-GATE-ROAD-1")

    def activates(self, state, owner, building):
        if _material(state, building.foundation) is Material.MARBLE:
            return True
        return any(_material(state, card) is Material.MARBLE for card in building.materials)
