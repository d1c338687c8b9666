"""Powers that let an action take its card from one more place, or one more card from there
(the ``TakesAlsoFrom`` family; the Aqueduct, which also doubles the clientele, is in ``actions``)."""

from __future__ import annotations

from gtr_replay.powers.base import BLACK_BOX, CLASSIC, Role, Zone
from gtr_replay.powers.families import ActsEarly, TakesAlsoFrom
from gtr_replay.powers.registry import register


@register
class Bar(TakesAlsoFrom):
    """Black Box: each Patron action may also take the top card of the deck as a client, after
    one from the Pool or alone; once it has drawn, that action takes nothing from the Pool. The
    clientele limit applies (B-BAR-1, B-BAR-2, B-BAR-3)."""

    building = "Bar"
    rulesets = BLACK_BOX
    rule_ids = ("B-BAR-1", "B-BAR-2", "B-BAR-3")
    role = Role.PATRON
    zone = Zone.DECK
    either_order = False


@register
class Dock(TakesAlsoFrom):
    """Black Box: each Laborer action may also move one card from your hand into your
    stockpile, with or without one from the Pool (B-DOCK-1)."""

    building = "Dock"
    rulesets = BLACK_BOX
    rule_ids = ("B-DOCK-1",)
    role = Role.LABORER
    zone = Zone.HAND


@register
class Basilica(TakesAlsoFrom):
    """Black Box: each Merchant action may also move one card from your hand into your vault,
    unrevealed, with or without one from the stockpile; the vault limit applies (B-BASILICA-1,
    AMB-25)."""

    building = "Basilica"
    rulesets = BLACK_BOX
    rule_ids = ("B-BASILICA-1", "AMB-25")
    role = Role.MERCHANT
    zone = Zone.HAND


@register
class Atrium(TakesAlsoFrom):
    """Black Box: a Merchant action may take the top card of the deck into your vault, unseen,
    instead of a stockpile material; several actions may mix the two (B-ATRIUM-1, AMB-25)."""

    building = "Atrium"
    rulesets = BLACK_BOX
    rule_ids = ("B-ATRIUM-1", "AMB-25")
    role = Role.MERCHANT
    zone = Zone.DECK
    also = False
    grants = ()


@register
class Fountain(TakesAlsoFrom):
    """Black Box: a Craftsman action may take the top card of the deck instead of a card from
    hand and, having looked at it, lay it (out of town for a second action), add it to a
    matching foundation, or put it into the hand; it works from the turn it is complete
    (B-FOUNTAIN-1, B-FOUNTAIN-2)."""

    building = "Fountain"
    rulesets = BLACK_BOX
    rule_ids = ("B-FOUNTAIN-1", "B-FOUNTAIN-2")
    role = Role.CRAFTSMAN
    zone = Zone.DECK
    also = False
    grants = ()


@register
class ClassicAtrium(TakesAlsoFrom):
    """Classic: a Merchant action may take an Order card from your hand into your vault,
    unshown, instead of a stockpile material; several actions may mix the two (BC-ATRIUM-1,
    AMB-25)."""

    building = "Atrium"
    rulesets = CLASSIC
    rule_ids = ("BC-ATRIUM-1", "AMB-25")
    role = Role.MERCHANT
    zone = Zone.HAND
    also = False
    grants = ()


@register
class ClassicFoundry(TakesAlsoFrom):
    """Classic: each Laborer action may also take the top card of the deck into your
    stockpile, before the one from the Pool, or alone when the Pool has none to give
    (BC-FOUNDRY-1)."""

    building = "Foundry"
    rulesets = CLASSIC
    rule_ids = ("BC-FOUNDRY-1",)
    role = Role.LABORER
    zone = Zone.DECK
    zone_first = True


@register
class ClassicBar(ActsEarly, TakesAlsoFrom):
    """Classic: your Patron actions may come as you lead, follow or think, before the players
    after you; and a Patron action may take its client from your hand instead of the Pool,
    several actions mixing the two. The clientele limit applies (BC-BAR-1, BC-BAR-2, AMB-36)."""

    building = "Bar"
    rulesets = CLASSIC
    rule_ids = ("BC-BAR-1", "BC-BAR-2", "AMB-36")
    role = early_role = Role.PATRON
    zone = Zone.HAND
    also = False
    grants = ActsEarly.grants


@register
class ClassicDock(ActsEarly, TakesAlsoFrom):
    """Classic: your Laborer actions may come as you lead, follow or think, before the players
    after you; and a Laborer action may take its card from your hand instead of the Pool,
    several actions mixing the two (BC-DOCK-1, BC-DOCK-2, AMB-36)."""

    building = "Dock"
    rulesets = CLASSIC
    rule_ids = ("BC-DOCK-1", "BC-DOCK-2", "AMB-36")
    role = early_role = Role.LABORER
    zone = Zone.HAND
    also = False
    grants = ActsEarly.grants
