"""Powers that let a client act as another role (R-ACT-3, AMB-16): one role at a time, and
at once, so a client converted mid-turn adds its action that turn."""

from __future__ import annotations

from gtr_replay.powers.base import BLACK_BOX, CLASSIC, EVERY, ROLES, Power, Role
from gtr_replay.powers.registry import register

_EVERY_ROLE = frozenset(ROLES)
_LABORER = frozenset((Role.LABORER,))
_CRAFTSMAN = frozenset((Role.CRAFTSMAN,))


@register
class LudusMagna(Power):
    """Each of your Merchant clients counts as a client of every role; it works at once, so
    completing it mid-turn adds actions that turn; the classic card says the same
    (B-LUDUSMAGNA-1, BC-LUDUSMAGNA-1, AMB-16). Toward a Forum each counts as any one role
    (C-FORUM-LUDUS-1)."""

    building = "Ludus Magna"
    rulesets = EVERY
    rule_ids = ("B-LUDUSMAGNA-1", "BC-LUDUSMAGNA-1", "C-FORUM-LUDUS-1", "AMB-16")

    def client_roles(self, ctx, owner, card):
        return _EVERY_ROLE if ctx.card(card).role is Role.MERCHANT else frozenset()


@register
class Storeroom(Power):
    """Any of your clients may act as a Laborer client instead of its own role, never as both
    at once (B-STOREROOM-1, C-FORUM-STOREROOM-1)."""

    building = "Storeroom"
    rulesets = BLACK_BOX
    rule_ids = ("B-STOREROOM-1", "C-FORUM-STOREROOM-1")

    def client_roles(self, ctx, owner, card):
        return _LABORER


@register
class ClassicFountain(Power):
    """Classic: each of your clients also counts as a Craftsman client, besides its own role;
    it works at once, so completing it mid-turn adds Craftsman actions that turn (BC-FOUNTAIN-1,
    AMB-16). Toward a Forum a client counts as a Craftsman or as its own role, never both
    (C-FORUM-FOUNTAIN-1)."""

    building = "Fountain"
    rulesets = CLASSIC
    rule_ids = ("BC-FOUNTAIN-1", "C-FORUM-FOUNTAIN-1", "AMB-16")

    def client_roles(self, ctx, owner, card):
        return _CRAFTSMAN
