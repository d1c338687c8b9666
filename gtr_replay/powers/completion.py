"""Powers whose completion gives up to I actions at once (the ``CompletionActions`` family)."""

from __future__ import annotations

from gtr_replay.powers.base import BLACK_BOX, CLASSIC, EVERY, Role
from gtr_replay.powers.families import CompletionActions
from gtr_replay.powers.registry import register


@register
class Amphitheatre(CompletionActions):
    """Upon completion, once, up to I Craftsman actions at once, I being your Influence with
    the Amphitheatre's; unused ones are lost; the classic card says the same
    (B-AMPHITHEATRE-1, BC-AMPHITHEATRE-1)."""

    building = "Amphitheatre"
    rulesets = EVERY
    rule_ids = ("B-AMPHITHEATRE-1", "BC-AMPHITHEATRE-1")
    role = Role.CRAFTSMAN


@register
class Foundry(CompletionActions):
    """Black Box: upon completion, once, up to I Laborer actions (B-FOUNDRY-1)."""

    building = "Foundry"
    rulesets = BLACK_BOX
    rule_ids = ("B-FOUNDRY-1",)
    role = Role.LABORER


@register
class Garden(CompletionActions):
    """Upon completion, once, up to I Patron actions; the clients gained give no actions this
    turn, unless a Bath lets each act at once; the classic card says the same (B-GARDEN-1,
    B-GARDEN-2, BC-GARDEN-1, C-BATH-GARDEN-1, R-ACT-2)."""

    building = "Garden"
    rulesets = EVERY
    rule_ids = ("B-GARDEN-1", "B-GARDEN-2", "BC-GARDEN-1", "C-BATH-GARDEN-1")
    role = Role.PATRON


@register
class School(CompletionActions):
    """Black Box: upon completion, once, up to I Thinker actions (B-SCHOOL-1, AMB-22)."""

    building = "School"
    rulesets = BLACK_BOX
    rule_ids = ("B-SCHOOL-1", "AMB-22")
    role = None


@register
class ClassicStoreroom(CompletionActions):
    """Classic: upon completion, once, up to I Laborer actions, I including the Storeroom's
    influence (the Black Box Foundry's text under another name, BC-STOREROOM-1)."""

    building = "Storeroom"
    rulesets = CLASSIC
    rule_ids = ("BC-STOREROOM-1",)
    role = Role.LABORER
