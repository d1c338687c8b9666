"""Powers that change the actions of a turn: how many, from where, and what comes on top."""

from __future__ import annotations

from collections import Counter

from gtr_replay.powers.base import (
    BLACK_BOX, CLASSIC, EVERY, JACK, ROLES, ClientAction, Hire, Power, Role, Zone, multisets,
)
from gtr_replay.powers.families import TakesAlsoFrom
from gtr_replay.powers.registry import register


@register
class Aqueduct(TakesAlsoFrom):
    """Black Box: your clientele limit is doubled, after the Insula's two and counting the
    Aqueduct's own influence; each Patron action may also take one client from your hand,
    before or after one from the Pool, or alone (B-AQUEDUCT-1, B-AQUEDUCT-2, R-PATRON-2,
    R-PATRON-3)."""

    building = "Aqueduct"
    rulesets = BLACK_BOX
    rule_ids = ("B-AQUEDUCT-1", "B-AQUEDUCT-2")
    role = Role.PATRON
    zone = Zone.HAND

    def clientele_factor(self, ctx, owner):
        return 2


@register
class Bath(Power):
    """Black Box: whenever you gain a client, you may at once perform one action of its role;
    it finishes before the next client is hired (B-BATH-1, B-BATH-2, R-ACT-2, AMB-27)."""

    building = "Bath"
    rulesets = BLACK_BOX
    rule_ids = ("B-BATH-1", "B-BATH-2", "B-BATH-3")
    grants = (ClientAction,)

    def after_action(self, ctx, owner, decision, role):
        if type(decision) is Hire:
            ctx.grant(ClientAction(self.building, owner, ctx.card(decision.card).role))


@register
class ClassicBath(Bath):
    """Classic: whenever you gain a client, you perform one action of its role at once,
    before the next client is hired; and a Patron action may hire in the place of one of your
    clients, who goes back to the Pool at once, where a later action may take it (BC-BATH-1,
    BC-BATH-2, R-ACT-2)."""

    rulesets = CLASSIC
    rule_ids = ("BC-BATH-1", "BC-BATH-2")

    def replaces_client(self, ctx, owner):
        return True


@register
class CircusMaximus(Power):
    """Black Box: when you lead or follow, each of your clients of the role gives one more
    action; a player who thought gets nothing extra (B-CIRCUSMAXIMUS-1, R-ACT-4)."""

    building = "Circus Maximus"
    rulesets = BLACK_BOX
    rule_ids = ("B-CIRCUSMAXIMUS-1",)

    def extra_actions(self, ctx, owner, role):
        player = ctx.state.players[owner]
        if not player.played:
            return 0
        clients = sum(1 for c in player.clientele if role in ctx.client_roles(owner, c))
        return clients - sum(1 for c in player.hired if role in ctx.client_roles(owner, c))


@register
class Palace(Power):
    """Lead or follow with any number of cards of the role, Jacks included: each is a play of
    its own, worth one action; a petition among them counts as one card, a Circus's pair too
    under the ``palace-petitions`` ruling's default (B-PALACE-1, BC-PALACE-1, AMB-26, R-ACT-4)."""

    building = "Palace"
    rulesets = EVERY
    rule_ids = ("B-PALACE-1", "BC-PALACE-1", "AMB-26")

    def several_plays(self, ctx, owner, role):
        return True


@register
class Archway(Power):
    """An Architect action may take its material from the Pool instead of the stockpile
    (B-ARCHWAY-1, BC-ARCHWAY-1, R-ARCH-1); Pool cards never become foundations (B-ARCHWAY-2)."""

    building = "Archway"
    rulesets = EVERY
    rule_ids = ("B-ARCHWAY-1", "B-ARCHWAY-2", "BC-ARCHWAY-1")

    def action_sources(self, ctx, owner, role):
        return frozenset({Zone.POOL}) if role is Role.ARCHITECT else frozenset()
