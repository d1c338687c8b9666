"""Powers against the Legionary, and the Wall's points."""

from __future__ import annotations

from gtr_replay.powers.base import (
    BLACK_BOX, CLASSIC, EVERY, EVERY_OPPONENT, STOCKPILE, THROUGH_PALISADE, Power, Role,
)
from gtr_replay.powers.families import ActsEarly
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import BridgeStockpile, ColosseumPalisade


@register
class Palisade(Power):
    """You need not give cards to a Legionary; you may still give them; a Bridge's demands
    pass it (B-PALISADE-1, BC-PALISADE-1, R-LEG-11, B-BRIDGE-1), and take an opponent's
    Colosseum past it too, unless the ``colosseum-palisade`` ruling says it guards the clients
    whatever reaches them (B-COLOSSEUM-4, BC-COLISEUM-1)."""

    building = "Palisade"
    rulesets = EVERY
    rule_ids = ("B-PALISADE-1", "BC-PALISADE-1", "B-BRIDGE-1", "BC-BRIDGE-2", "B-COLOSSEUM-4")

    def immune_to_demand(self, ctx, owner, demander):
        return THROUGH_PALISADE not in ctx.reach(demander)

    def guards_clients(self, ctx, owner, demander):
        return ctx.state.rulings.colosseum_palisade is ColosseumPalisade.PALISADE_GUARDS


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


@register
class Bridge(Power):
    """Black Box: your Legionary demands pass a Palisade (not a Wall), reach every opponent in
    a four- or five-player game, and take a matching material from each victim's stockpile as
    well as from the hand (B-BRIDGE-1..4; at every player count by the ``bridge-stockpile``
    ruling's default, AMB-13)."""

    building = "Bridge"
    rulesets = BLACK_BOX
    rule_ids = ("B-BRIDGE-1", "B-BRIDGE-2", "B-BRIDGE-3", "B-BRIDGE-4", "AMB-13")

    def demand_reach(self, ctx, owner):
        many = len(ctx.state.players) >= 4
        reach = {THROUGH_PALISADE, EVERY_OPPONENT} if many else {THROUGH_PALISADE}
        if many or ctx.state.rulings.bridge_stockpile is BridgeStockpile.EVERY_COUNT:
            reach.add(STOCKPILE)
        return frozenset(reach)


_EVERY_HAND = frozenset({EVERY_OPPONENT, THROUGH_PALISADE})


@register
class ClassicBridge(ActsEarly):
    """Classic: your Legionary demand may come as you lead, follow or think, before the players
    after you; it reaches every opponent's hand, at any number of players, Palisade or not, and
    no stockpile (BC-BRIDGE-1, BC-BRIDGE-2, BC-PALISADE-1, AMB-36)."""

    building = "Bridge"
    rulesets = CLASSIC
    rule_ids = ("BC-BRIDGE-1", "BC-BRIDGE-2", "AMB-36")
    early_role = Role.LEGIONARY

    def demand_reach(self, ctx, owner):
        return _EVERY_HAND
