"""Powers that change what may be built where and when it is done: materials allowed, Sites,
out-of-town cost, early completion, foundations that already work."""

from __future__ import annotations

from gtr_replay.powers.base import BLACK_BOX, CLASSIC, EVERY, Material, Power, Role
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import PublicCopy, PublicStatue


@register
class Road(Power):
    """Any material may go into your Stone buildings, from the turn the Road is complete
    (B-ROAD-1, BC-ROAD-1, R-BUILD-5)."""

    building = "Road"
    rulesets = EVERY
    rule_ids = ("B-ROAD-1", "BC-ROAD-1")

    def material_fits(self, ctx, owner, building, material):
        return ctx.card(building.foundation).material is Material.STONE


class _RubbleAnywhere(Power):
    """Rubble may go into any of your buildings (B-TOWER-1, BC-TOWER-1)."""

    building = "Tower"

    def material_fits(self, ctx, owner, building, material):
        return material is Material.RUBBLE


@register
class Tower(_RubbleAnywhere):
    """Black Box: Rubble may go into any of your buildings, and an out-of-town foundation
    takes one action instead of two; both work the turn it is complete (B-TOWER-1..3, R-BUILD-3)."""

    rulesets = BLACK_BOX
    rule_ids = ("B-TOWER-1", "B-TOWER-2", "B-TOWER-3")

    def out_of_town_cost(self, ctx, owner):
        return 1


@register
class ClassicTower(_RubbleAnywhere):
    """Classic: Rubble may go into any of your buildings, and any foundation may be laid on a
    Rubble Site while one is left; it still needs its own number of materials, and completes
    for the Site's one influence (BC-TOWER-1..3)."""

    rulesets = CLASSIC
    rule_ids = ("BC-TOWER-1", "BC-TOWER-2", "BC-TOWER-3")

    def site_materials(self, ctx, owner, card):
        return frozenset({Material.RUBBLE})


@register
class Villa(Power):
    """An Architect action that puts any material your Villa foundation accepts into it
    completes it at once (B-VILLA-1, BC-VILLA-1, R-BUILD-8)."""

    building = "Villa"
    rulesets = EVERY
    rule_ids = ("B-VILLA-1", "BC-VILLA-1")
    own_foundation = True

    def completes(self, ctx, owner, building, card, role):
        return building.foundation == self.building and role is Role.ARCHITECT


@register
class Scriptorium(Power):
    """Black Box: one Marble added by a Craftsman or Architect action completes any of your
    buildings, whatever its material (B-SCRIPTORIUM-1, R-BUILD-5, R-BUILD-8)."""

    building = "Scriptorium"
    rulesets = BLACK_BOX
    rule_ids = ("B-SCRIPTORIUM-1",)

    def material_fits(self, ctx, owner, building, material):
        return material is Material.MARBLE

    def completes(self, ctx, owner, building, card, role):
        return ctx.card(card).material is Material.MARBLE and role in (Role.CRAFTSMAN, Role.ARCHITECT)


_EVERY_SITE = frozenset(Material)


@register
class ClassicScriptorium(Power):
    """Classic: any foundation may be laid on any Site; one on a Site of another material is
    completed with materials matching the Site or the foundation, as many as the foundation
    is worth, even once the Scriptorium is gone, and gives the Site's influence
    (BC-SCRIPTORIUM-1, R-BUILD-1, R-BUILD-5)."""

    building = "Scriptorium"
    rulesets = CLASSIC
    rule_ids = ("BC-SCRIPTORIUM-1",)

    def site_materials(self, ctx, owner, card):
        return _EVERY_SITE


@register
class ClassicGate(Power):
    """Your Marble buildings work as soon as their foundations are laid; they still give
    influence only when complete (BC-GATE-1, R-BUILD-10). A Marble building is one whose
    foundation is a Marble card: what was added to it does not change what it is."""

    building = "Gate"
    rulesets = CLASSIC
    rule_ids = ("BC-GATE-1",)

    def activates(self, ctx, owner, building):
        return ctx.card(building.foundation).material is Material.MARBLE


@register
class Gate(ClassicGate):
    """Your Marble buildings work as soon as their foundations are laid; they still give
    influence only when complete. A Stone building holding a Marble (a Road lets any material
    go into a Stone building) counts as Stone or Marble at once, so it works too (B-GATE-1,
    C-GATE-ROAD-1, R-BUILD-10); a building of another material holding a Marble (a
    Scriptorium's) stays what it is."""

    rulesets = BLACK_BOX
    rule_ids = ("B-GATE-1", "C-GATE-ROAD-1")

    def activates(self, ctx, owner, building):
        material = ctx.card(building.foundation).material
        if material is Material.MARBLE:
            return True
        return material is Material.STONE and any(ctx.card(card).material is Material.MARBLE
                                                  for card in building.materials)


class _Statue(Power):
    """A Statue foundation may be laid on any Site, and its materials may match that Site or
    Marble; a completed Statue is worth 3 more points. Asked about its own foundation while
    it is laid and filled, as the Villa is (B-STATUE-1, B-STATUE-2, B-STATUE-4, BC-STATUE-1)."""

    building = "Statue"
    own_foundation = True

    def site_materials(self, ctx, owner, card):
        return frozenset(Material) if card == self.building else frozenset()

    def material_fits(self, ctx, owner, building, material):
        return building.foundation == self.building and material is building.site

    def score_bonus(self, ctx, owner):
        """3 points for a completed Statue: one's own, not a foundation a Gate wakes; an
        opponent's made public only under the ``public-statue`` ruling's other reading, for a
        player who owns no Statue: a foundation is none, unless the Gate wakes it and the
        ``public-copy`` ruling's default makes it the one copy the player has (B-STATUE-4,
        BC-STATUE-1, B-STAIRWAY-1, B-STAIRWAY-2)."""
        state = ctx.state
        own = state.players[owner].building(self.building)
        if own is not None and own.complete:
            return 3
        if state.rulings.public_statue is not PublicStatue.EVERY_PLAYER \
                or not any(name == self.building and o != owner for o, name in state.public):
            return 0
        if own is None or state.rulings.public_copy is PublicCopy.TWO_COPIES:
            return 3
        return 0 if self.building in ctx.woken(owner) else 3


@register
class Statue(_Statue):
    """Black Box: a Statue foundation may go on any Site, in town or out of town (AMB-28);
    its materials match the Site or Marble, and as many are needed as the Site is worth; it
    gives the Site's Influence, and 3 points at the end (B-STATUE-1..4, R-BUILD-8)."""

    rulesets = BLACK_BOX
    rule_ids = ("B-STATUE-1", "B-STATUE-2", "B-STATUE-3", "B-STATUE-4", "AMB-28")

    def materials_needed(self, ctx, owner, building):
        if building.foundation != self.building:
            return None
        return ctx.material_value(building.site)


@register
class ClassicStatue(_Statue):
    """Classic: a Statue foundation may go on any Site; three materials complete it, each
    matching the Site or Marble; it gives the Site's Influence, and 3 points at the end
    (BC-STATUE-1)."""

    rulesets = CLASSIC
    rule_ids = ("BC-STATUE-1",)
