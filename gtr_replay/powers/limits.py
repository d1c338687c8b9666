"""Powers that raise a limit: hand refill size, clientele and vault."""

from __future__ import annotations

from gtr_replay.powers.base import CLASSIC, EVERY, Power
from gtr_replay.powers.registry import register

@register
class Shrine(Power):
    """Your hand refill size is two cards larger (B-SHRINE-1, BC-SHRINE-1, R-THINK-3)."""

    building = "Shrine"
    rulesets = EVERY
    rule_ids = ("B-SHRINE-1", "BC-SHRINE-1")

    def refill_bonus(self, ctx, owner):
        return 2


@register
class Temple(Power):
    """Your hand refill size is four cards larger; it stacks with a Shrine (B-TEMPLE-1, BC-TEMPLE-1, R-THINK-3)."""

    building = "Temple"
    rulesets = EVERY
    rule_ids = ("B-TEMPLE-1", "BC-TEMPLE-1")

    def refill_bonus(self, ctx, owner):
        return 4


@register
class Market(Power):
    """Your vault holds two more cards, added before any doubling (B-MARKET-1, BC-MARKET-1, R-VAULT-2)."""

    building = "Market"
    rulesets = EVERY
    rule_ids = ("B-MARKET-1", "BC-MARKET-1")

    def vault_bonus(self, ctx, owner):
        return 2


@register
class Insula(Power):
    """Your clientele holds two more clients, added before any doubling (B-INSULA-1, BC-INSULA-1, R-PATRON-2)."""

    building = "Insula"
    rulesets = EVERY
    rule_ids = ("B-INSULA-1", "BC-INSULA-1")

    def clientele_bonus(self, ctx, owner):
        return 2


@register
class ClassicAqueduct(Power):
    """Classic: your clientele holds four more clients (BC-AQUEDUCT-1, R-PATRON-2)."""

    building = "Aqueduct"
    rulesets = CLASSIC
    rule_ids = ("BC-AQUEDUCT-1",)

    def clientele_bonus(self, ctx, owner):
        return 4


@register
class ClassicBasilica(Power):
    """Classic: your vault limit is doubled, after the Market's two and counting the
    Basilica's own influence (BC-BASILICA-1, R-VAULT-2)."""

    building = "Basilica"
    rulesets = CLASSIC
    rule_ids = ("BC-BASILICA-1",)

    def vault_factor(self, ctx, owner):
        return 2
