"""Powers that move structures between players or share them (B-PRISON-*, B-STAIRWAY-*, R-INF-3)."""

from __future__ import annotations

from gtr_replay.powers.base import (
    BLACK_BOX, CLASSIC, Add, EventKind, Lay, PaidTheft, Power, PublicPlacement, RequiredTheft, Retrigger, Role,
    Theft, takeable,
)
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import AerariumPrisonSites, PrisonTheft
from gtr_replay.powers.base import ClassicStairway as StairwayReading  # the name is the power's here


class _Prison(Power):
    building = "Prison"
    grants = (Theft,)

    def on_complete(self, ctx, owner, building):
        ctx.grant(Theft(self.building, owner))


@register
class Prison(_Prison):
    """Black Box: on completion you may take an opponent's completed structure onto your
    Prison, gaining its function as if just completed (its upon-completion effect too); you
    must give them the Prison's Site in exchange. They keep the Site of what was taken
    (B-PRISON-1..4, R-INF-3, AMB-19). Triggered again by an Aerarium, it takes a structure for
    any Sites of your influence worth 3 or more instead, given to the player it is taken from
    (C-AERARIUM-PRISON-1; which sets, by the aerarium-prison-sites ruling)."""

    rulesets = BLACK_BOX
    rule_ids = ("B-PRISON-1", "B-PRISON-2", "B-PRISON-3", "B-PRISON-4", "AMB-19", "C-AERARIUM-PRISON-1")
    grants = (Theft, PaidTheft)

    def on_complete(self, ctx, owner, building):
        if isinstance(ctx.answered, Retrigger):
            spare = ctx.state.rulings.aerarium_prison_sites is AerariumPrisonSites.ANY_SET
            ctx.grant(PaidTheft(self.building, owner, 3, spare))
            return
        super().on_complete(ctx, owner, building)

    def on_steal(self, ctx, owner, victim, building):
        if isinstance(ctx.answered, PaidTheft):
            return  # the Sites given were the price (C-AERARIUM-PRISON-1)
        players = ctx.state.players
        prison = players[owner].building(self.building)
        if prison.stolen:  # a Prison taken from someone left its Site with them: none to give
            return
        players[owner].influence.remove(prison.site)
        players[victim].influence.append(prison.site)
        prison.site_given = True
        value = ctx.material_value(prison.site)  # each event's value is the change: the Site's value
        text = f"Site of {self.building}"
        ctx.emit(EventKind.INFLUENCE, owner, self.building, text=text, value=-value)
        ctx.emit(EventKind.INFLUENCE, victim, self.building, text=text, value=value)


@register
class ClassicPrison(_Prison):
    """Classic: on completion you take an opponent's completed structure onto your Prison,
    with its function; nobody's influence changes (BC-PRISON-1, AMB-19). As printed, no pass
    is taken while some structure may be; the prison-theft ruling's ``may-decline`` lets the
    owner decline it, as the Black Box Prison's may."""

    rulesets = CLASSIC
    rule_ids = ("BC-PRISON-1", "AMB-19")
    grants = (Theft, RequiredTheft)

    def on_complete(self, ctx, owner, building):
        if ctx.state.rulings.prison_theft is PrisonTheft.AS_PRINTED and next(takeable(ctx.state, owner), None):
            ctx.grant(RequiredTheft(self.building, owner))
            return
        super().on_complete(ctx, owner, building)


@register
class Stairway(Power):
    """Black Box: each Architect action may also put a material into an opponent's completed
    structure of that material, even when the action itself is not used; the structure is
    public from then on: its function works for every player who owns none of that name,
    without its upon-completion effect again (B-STAIRWAY-1..4, AMB-21)."""

    building = "Stairway"
    rulesets = BLACK_BOX
    rule_ids = ("B-STAIRWAY-1", "B-STAIRWAY-2", "B-STAIRWAY-3", "B-STAIRWAY-4", "AMB-21")
    grants = (PublicPlacement,)

    def public_placement(self, ctx, owner):
        return True

    def after_action(self, ctx, owner, decision, role):
        """One placement for each Architect action the decision took: an out-of-town
        foundation's two actions are two, and one of a Craftsman action paired with an
        Architect action is one (B-STAIRWAY-1 "each time", R-BUILD-3, AMB-05)."""
        if type(decision) in (Add, Lay) and getattr(decision, "owner", None) is None:
            for _ in range(ctx.actions.count(Role.ARCHITECT)):
                ctx.grant(PublicPlacement(self.building, owner))


@register
class ClassicStairway(Stairway):
    """Classic: an Architect action that puts a material into one of your buildings completes
    it, from the turn the Stairway is complete, as printed; the ``classic-stairway`` ruling's
    other reading plays the example, the Black Box card's public structures (BC-STAIRWAY-1,
    CONFLICT-CL-2, AMB-35, R-BUILD-8)."""

    rulesets = CLASSIC
    rule_ids = ("BC-STAIRWAY-1", "CONFLICT-CL-2", "AMB-35")

    def completes(self, ctx, owner, building, card, role):
        return role is Role.ARCHITECT and ctx.state.rulings.classic_stairway is StairwayReading.AS_PRINTED

    def public_placement(self, ctx, owner):
        return ctx.state.rulings.classic_stairway is StairwayReading.PUBLIC_STRUCTURES

    def after_action(self, ctx, owner, decision, role):
        if ctx.state.rulings.classic_stairway is StairwayReading.PUBLIC_STRUCTURES:
            super().after_action(ctx, owner, decision, role)
