"""Powers that take more from a demand's victims once they have answered: clients into the
vault (the Colosseum) and empty foundations torn down (the Domus Aurea)."""

from __future__ import annotations

from gtr_replay.powers.base import CLASSIC, Power, Razing, Ruleset, Slaying
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import ColosseumClients, DomusAureaCount


def _material(ctx, card: str) -> str | None:
    """A card's material, None for a card the record did not show."""
    try:
        return str(ctx.card(card).material)
    except KeyError:
        return None


def _unguarded(ctx, owner: int, victims: tuple[int, ...]) -> tuple[int, ...]:
    """The victims whose clients no power of theirs guards from the owner's Colosseum
    (B-COLOSSEUM-4, BC-COLISEUM-1: a Palisade, by the ``colosseum-palisade`` ruling)."""
    return tuple(v for v in victims if not ctx.guards_clients(v, owner))


@register
class Colosseum(Power):
    """Imperium: when you demand, you may also take your victims' clients of a demanded
    material into your vault, while it has room; a slain Legionary client gives its owner no
    action this turn; a Palisade or a Wall protects, a Bridge reaches further, past a Palisade
    too by the colosseum-palisade ruling's default (B-COLOSSEUM-1..4; one client per demanded
    card from each victim by the colosseum-clients ruling's default, AMB-11)."""

    building = "Colosseum"
    rulesets = (Ruleset.IMPERIUM,)
    rule_ids = ("B-COLOSSEUM-1", "B-COLOSSEUM-2", "B-COLOSSEUM-3", "B-COLOSSEUM-4", "AMB-11")
    grants = (Slaying,)

    def after_demand(self, ctx, owner, victims, demanded):
        if len(ctx.state.players[owner].vault) >= ctx.vault_limit(owner):
            return  # no room: the clients survive (B-COLOSSEUM-2)
        wanted = {str(m) for m in demanded}
        found = tuple(v for v in _unguarded(ctx, owner, victims)
                      if any(_material(ctx, c) in wanted for c in ctx.state.players[v].clientele))
        if found:
            limit = "all" if ctx.state.rulings.colosseum_clients is ColosseumClients.ALL_MATCHING else "each-card"
            ctx.grant(Slaying(self.building, owner, found, tuple(str(m) for m in demanded), limit))


@register
class Coliseum(Colosseum):
    """Classic: when you demand, you may also take clients of a demanded material from the
    opponents you demand from into your vault, while it has room; a slain Legionary client gives
    its owner no action this turn; a Palisade protects, a Bridge reaches further, past a Palisade
    too by the colosseum-palisade ruling's default (BC-COLISEUM-1, BC-BRIDGE-2; the classic
    text does not say "matching": the colosseum-clients ruling's default reads it so, its
    any-client reading as printed, AMB-11)."""

    building = "Coliseum"
    rulesets = CLASSIC
    rule_ids = ("BC-COLISEUM-1", "AMB-11")

    def after_demand(self, ctx, owner, victims, demanded):
        if ctx.state.rulings.colosseum_clients is not ColosseumClients.ANY_CLIENT:
            super().after_demand(ctx, owner, victims, demanded)
            return
        if len(ctx.state.players[owner].vault) >= ctx.vault_limit(owner):
            return  # no room: the clients survive (BC-COLISEUM-1)
        found = tuple(v for v in _unguarded(ctx, owner, victims) if ctx.state.players[v].clientele)
        if found:
            ctx.grant(Slaying(self.building, owner, found, tuple(str(m) for m in demanded), "any"))


@register
class DomusAurea(Power):
    """Republic: when you demand, you may also tear down an incomplete building of a demanded
    material with no material under it from each victim: its card goes into your stockpile,
    its Site into your influence (B-DOMUSAUREA-1; the Site, as the function says, not the
    example's foundation card, CONFLICT-BB-1; one building per demanded card from each victim
    not protected from the demand, by the domus-aurea-count ruling's default, AMB-20)."""

    building = "Domus Aurea"
    rulesets = (Ruleset.REPUBLIC,)
    rule_ids = ("B-DOMUSAUREA-1", "CONFLICT-BB-1", "AMB-20")
    grants = (Razing,)

    def after_demand(self, ctx, owner, victims, demanded):
        wanted = {str(m) for m in demanded}
        found = tuple(v for v in victims
                      if any(not b.complete and not b.materials and _material(ctx, b.foundation) in wanted
                             for b in ctx.state.players[v].buildings))
        if found:
            limit = "each-card" if ctx.state.rulings.domus_aurea_count is DomusAureaCount.PER_DEMAND else "one"
            ctx.grant(Razing(self.building, owner, found, tuple(str(m) for m in demanded), limit))
