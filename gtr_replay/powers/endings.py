"""Powers that end the game at once (R-END-1c, R-END-1d, R-END-2, R-END-3c)."""

from __future__ import annotations

from gtr_replay.enums import MATERIALS, ROLES
from gtr_replay.powers.base import Power
from gtr_replay.powers.registry import register


@register
class Catacomb(Power):
    """Completing a Catacomb ends the game at once; the rest of the turn is not played and
    the winner is decided by scoring (B-CATACOMB-1, BC-CATACOMB-1, R-END-1c, R-END-2, R-SCORE-6)."""

    building = "Catacomb"
    editions = ("black-box", "classic")
    rule_ids = ("B-CATACOMB-1", "BC-CATACOMB-1")

    def on_complete(self, state, owner, building):
        from gtr_replay.engine import flow
        events = []
        flow.end_game(state, events, "catacomb", by=state.players[owner].name)
        return events


@register
class ForumRomanum(Power):
    """Republic: you win at once when you have a client of every role and a material of
    every kind in your stockpile (B-FORUMROMANUM-1, R-END-1d, R-SCORE-1, AMB-15)."""

    building = "Forum Romanum"
    editions = ("black-box",)
    rule_ids = ("B-FORUMROMANUM-1",)

    def wins(self, state, owner):
        from gtr_replay.cards import cards_for
        cards = cards_for(state.ruleset).cards
        player = state.players[owner]
        return ({cards[c].role for c in player.clientele} >= set(ROLES)
                and {cards[c].material for c in player.stockpile} >= set(MATERIALS))
