"""Powers that end the game at once (R-END-1c, R-END-1d, R-END-2, R-END-3c)."""

from __future__ import annotations

from gtr_replay.powers.base import EVERY, MATERIALS, ROLES, Power, Ruleset
from gtr_replay.powers.registry import register


@register
class Catacomb(Power):
    """Completing a Catacomb ends the game at once; the rest of the turn is not played and
    the winner is decided by scoring (B-CATACOMB-1, BC-CATACOMB-1, R-END-1c, R-END-2, R-SCORE-6)."""

    building = "Catacomb"
    rulesets = EVERY
    rule_ids = ("B-CATACOMB-1", "BC-CATACOMB-1")

    def on_complete(self, ctx, owner, building):
        ctx.end_game("catacomb", by=owner)


@register
class ForumRomanum(Power):
    """Republic: you win at once when you have a client of every role and a material of
    every kind in your stockpile (B-FORUMROMANUM-1, R-END-1d, R-SCORE-1, AMB-15)."""

    building = "Forum Romanum"
    rulesets = (Ruleset.REPUBLIC,)
    rule_ids = ("B-FORUMROMANUM-1",)

    def wins(self, ctx, owner):
        player = ctx.state.players[owner]
        return ({ctx.card(c).role for c in player.clientele} >= set(ROLES)
                and {ctx.card(c).material for c in player.stockpile} >= set(MATERIALS))
