"""Powers against the Legionary, and the Wall's points."""

from __future__ import annotations

from gtr_replay.powers.base import BLACK_BOX, CLASSIC, EVERY, Power
from gtr_replay.powers.registry import register


@register
class Palisade(Power):
    """You need not give cards to a Legionary; you may still give them (B-PALISADE-1,
    BC-PALISADE-1, R-LEG-11)."""

    building = "Palisade"
    rulesets = EVERY
    rule_ids = ("B-PALISADE-1", "BC-PALISADE-1")

    def immune_to_demand(self, ctx, owner, demander):
        return True


class _WallPoints(Power):
    building = "Wall"

    def score_bonus(self, ctx, owner):
        return len(ctx.state.players[owner].stockpile) // 2


@register
class Wall(_WallPoints):
    """Black Box: one point per two stockpile materials at the end, and you need not give
    cards to a Legionary, whoever demands (B-WALL-1, B-WALL-2, R-SCORE-2, R-LEG-11)."""

    rulesets = BLACK_BOX
    rule_ids = ("B-WALL-1", "B-WALL-2")

    def immune_to_demand(self, ctx, owner, demander):
        return True


@register
class ClassicWall(_WallPoints):
    """Classic: one point per two stockpile materials at the end; no protection (BC-WALL-1, R-SCORE-2)."""

    rulesets = CLASSIC
    rule_ids = ("BC-WALL-1",)
