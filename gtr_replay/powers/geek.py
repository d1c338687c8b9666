"""The ten optional buildings of the Black Box rulebook's unofficial Geek expansion (G-*,
000§Appendix III). Each works with republic and imperium; a game holds those its Expansion
tag names (R-VER-2). The Prison's part in C-AERARIUM-PRISON-1 is with the Prison
(``powers.public``)."""

from __future__ import annotations

from collections import Counter

from gtr_replay.powers.base import (
    BLACK_BOX, Actions, Add, ClientAction, ClientActions, ExtraThink, FromUnder, Hire, Power, Retire, Retrigger,
    Revealed, Role, Zone,
)
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import AerariumChecks, BacchanaliaWays, PlebianCouncilCheck, PlebianCouncilClients


@register
class Domus(Power):
    """Upon completion you may perform one Patron action at once; a client it brings whose
    role is the one led this turn acts this turn, an exception to R-ACT-2 (G-DOMUS-1, AMB-16).
    With a Bath that client also acts at once (B-BATH-1): the two texts give an action each."""

    building = "Domus"
    rulesets = BLACK_BOX
    rule_ids = ("G-DOMUS-1", "AMB-16")
    grants = (Actions,)

    def on_complete(self, ctx, owner, building):
        ctx.grant(Actions(self.building, owner, Role.PATRON, 1))

    def after_action(self, ctx, owner, decision, role):
        answered = ctx.answered
        if type(decision) is not Hire or not isinstance(answered, Actions) or answered.power != self.building:
            return
        player, led = ctx.state.players[owner], ctx.state.led_role
        if led is not None and led in ctx.client_roles(owner, decision.card) and decision.card in player.hired:
            player.hired.remove(decision.card)  # no longer new: it gives an action of the led role now


@register
class Castra(Power):
    """If an opponent's Legionary took cards from your hand this turn, you may perform one
    Thinker action at the end of the turn, after every Legionary action, with the other
    end-of-turn Thinker actions (G-CASTRA-1, AMB-14)."""

    building = "Castra"
    rulesets = BLACK_BOX
    rule_ids = ("G-CASTRA-1", "AMB-14")
    grants = (ExtraThink,)

    def end_of_turn(self, ctx, owner):
        if ctx.lost_to_legionary(owner):
            ctx.grant(ExtraThink(self.building, owner))


@register
class CastraPraetoria(Power):
    """Upon completion you may add any or all of the materials under it to your clientele, as
    clients of their roles, within the clientele limit; like any new client they do not act
    this turn (G-CASTRAPRAETORIA-1, AMB-16). While you own it, a Legionary demand may show
    your incomplete buildings besides or instead of cards from hand, each once a Legionary
    round: each demands its material and stays where it is (G-CASTRAPRAETORIA-2)."""

    building = "Castra Praetoria"
    rulesets = BLACK_BOX
    rule_ids = ("G-CASTRAPRAETORIA-1", "G-CASTRAPRAETORIA-2", "AMB-16")
    grants = (FromUnder,)

    def on_complete(self, ctx, owner, building):
        if building.materials:
            ctx.grant(FromUnder(self.building, owner, building.foundation, Zone.CLIENTELE, len(building.materials)))

    def after_action(self, ctx, owner, decision, role):
        answered = ctx.answered
        if isinstance(answered, FromUnder) and answered.power == self.building:
            _again(ctx, owner, answered, decision)

    def action_sources(self, ctx, owner, role):
        return frozenset({Zone.BUILDING}) if role is Role.LEGIONARY else frozenset()


def _again(ctx, owner, step: FromUnder, decision) -> None:
    """The material step again, while it allows more and the building has some left."""
    following = step.after(decision)
    building = ctx.state.players[owner].building(step.building)
    if following is not None and building is not None and building.materials:
        ctx.grant(following)


@register
class Watermill(Power):
    """If you led or followed Laborer, at the end of your own actions, before the next player
    acts, you may use any or all of your Architect clients, one Architect action each; a
    client hired this turn does not act (G-WATERMILL-1, R-ACT-2)."""

    building = "Watermill"
    rulesets = BLACK_BOX
    rule_ids = ("G-WATERMILL-1",)
    grants = (ClientActions,)

    def actions_end(self, ctx, owner):
        state = ctx.state
        if not state.players[owner].played or state.led_role is not Role.LABORER:
            return
        count = len(_acted(ctx, owner, Role.ARCHITECT, new=False))
        if count:
            ctx.grant(ClientActions(self.building, owner, Role.ARCHITECT, count))


def _acted(ctx, owner: int, role: Role, *, new: bool) -> list[str]:
    """The owner's clients that may act as ``role``: those hired this turn (``new``), or the others."""
    player = ctx.state.players[owner]
    hired = Counter(player.hired)
    found = []
    for card in player.clientele:
        if role in ctx.client_roles(owner, card):
            if hired[card]:
                hired[card] -= 1
                if new:
                    found.append(card)
            elif not new:
                found.append(card)
    return found


@register
class Solarium(Power):
    """Whenever you complete a building with an Architect action, the Solarium itself included,
    you may move one material from under it into your stockpile (G-SOLARIUM-1)."""

    building = "Solarium"
    rulesets = BLACK_BOX
    rule_ids = ("G-SOLARIUM-1",)
    grants = (FromUnder,)

    def after_action(self, ctx, owner, decision, role):
        if role is not Role.ARCHITECT or type(decision) is not Add or decision.owner is not None:
            return
        building = ctx.state.players[owner].building(decision.building)
        if building is not None and building.complete and building.materials:
            ctx.grant(FromUnder(self.building, owner, building.foundation, Zone.STOCKPILE, 1))


@register
class Aerarium(Power):
    """Whenever you check your Influence, you use the highest Influence of all players: for
    your clientele and vault limits and for actions or cards per point of Influence; final
    scoring counts your own (G-AERARIUM-1, AMB-42). Upon completion you may give its Site to
    any player, yourself included, to trigger at once, for them, the upon-completion effect of
    one of their completed buildings (not when a Prison took it: its Site stayed behind); a
    Prison so triggered takes its structure for Sites worth 3 or more (G-AERARIUM-2,
    C-AERARIUM-PRISON-1, AMB-19)."""

    building = "Aerarium"
    rulesets = BLACK_BOX
    rule_ids = ("G-AERARIUM-1", "G-AERARIUM-2", "C-AERARIUM-PRISON-1", "AMB-42")
    grants = (Retrigger,)

    def influence_checked(self, ctx, owner, use):
        return max(ctx.influence(j) for j in range(len(ctx.state.players)))

    def on_complete(self, ctx, owner, building):
        """The trigger is had for the Site given: an Aerarium a Prison took left its Site with
        the player it was taken from (AMB-19), so its thief has none to give and triggers nothing."""
        if not building.stolen:
            ctx.grant(Retrigger(self.building, owner, str(building.site)))


@register
class Bacchanalia(Power):
    """Upon completion, its Site in your influence, you count your Influence I and turn up the
    top I cards of the deck, which leave it at once, face up; if I is more than the deck holds,
    the game ends at once without the bonus. One at a time, each card goes into your stockpile, clientele or vault, begins a
    building on an in-town Site, is added to a building in progress, or goes to your hand;
    each of the first five ways once (G-BACCHANALIA-1, G-BACCHANALIA-2; the bacchanalia-ways
    ruling; I as the aerarium-checks ruling counts it, AMB-42)."""

    building = "Bacchanalia"
    rulesets = BLACK_BOX
    rule_ids = ("G-BACCHANALIA-1", "G-BACCHANALIA-2", "AMB-42")
    grants = (Revealed,)

    def on_complete(self, ctx, owner, building):
        state = ctx.state
        own = state.rulings.aerarium_checks is AerariumChecks.BACCHANALIA_OWN
        count = ctx.influence(owner) if own else ctx.checked_influence(owner)
        if count > len(state.deck):
            ctx.end_game("bacchanalia", by=owner)  # no bonus (G-BACCHANALIA-2)
            return
        ctx.turn_up(owner, count)
        ctx.grant(Revealed(self.building, owner, count, (), state.rulings.bacchanalia_ways is BacchanaliaWays.EACH_ONCE))

    def after_action(self, ctx, owner, decision, role):
        answered = ctx.answered
        if isinstance(answered, Revealed) and answered.power == self.building:
            following = answered.after(decision)
            if following is not None:
                ctx.grant(following)


@register
class WatchPost(Power):
    """A Craftsman action may tear down one of your completed structures instead of its usual
    effect: the foundation back into your hand, its materials into your stockpile; built
    again, it completes again, with its upon-completion effect (G-WATCHPOST-1; its Site by the
    watch-post-site ruling, AMB-31)."""

    building = "Watch Post"
    rulesets = BLACK_BOX
    rule_ids = ("G-WATCHPOST-1", "AMB-31")

    def tears_down(self, ctx, owner, role):
        return role is Role.CRAFTSMAN


@register
class Triclinium(Power):
    """If you led or followed this turn, whenever one of your clients acts you may put it into
    your vault after its action, within the vault limit: a new client after the action a Bath
    gives it, each client a Watermill uses, a Legionary client for each card demanded beyond
    the actions of the cards played (a client whose action was lost for want of a card to show
    did not act, R-LEG-7), one client after each action of the led role (G-TRICLINIUM-1,
    R-VAULT-2)."""

    building = "Triclinium"
    rulesets = BLACK_BOX
    rule_ids = ("G-TRICLINIUM-1",)
    grants = (Retire,)

    def after_action(self, ctx, owner, decision, role):
        answered = ctx.answered
        if isinstance(answered, Retire):
            following = answered.after(decision) if answered.power == self.building else None
            if following is not None:
                self._offer(ctx, owner, following.clients, following.count, hired=following.hired)
            return
        if not ctx.state.players[owner].played:
            return
        if isinstance(answered, ClientAction):
            self._offer(ctx, owner, _acted(ctx, owner, answered.client_role, new=True), 1, hired=True)
        elif isinstance(answered, ClientActions):
            self._offer(ctx, owner, _acted(ctx, owner, answered.role, new=False), 1)
        elif answered is None and role is not None and role is ctx.state.led_role:
            self._offer(ctx, owner, _acted(ctx, owner, role, new=False), 1)

    def after_demand(self, ctx, owner, victims, demanded):
        demand = ctx.state.legionary
        if not ctx.state.players[owner].played or demand is None:
            return
        if demand.by == ClientAction.kind:  # a new client's one demand (B-BATH-1)
            self._offer(ctx, owner, _acted(ctx, owner, Role.LEGIONARY, new=True), 1, hired=True)
        elif not demand.by:  # every Legionary action at once (R-LEG-6): a card demanded per action
            player = ctx.state.players[owner]
            own = player.plays or 1  # the actions of the cards played come first
            self._offer(ctx, owner, _acted(ctx, owner, Role.LEGIONARY, new=False), max(0, len(demanded) - own))

    def _offer(self, ctx, owner, clients, count: int, *, hired: bool = False) -> None:
        vault = ctx.state.players[owner].vault
        if clients and count and len(vault) < ctx.vault_limit(owner):
            ctx.grant(Retire(self.building, owner, tuple(sorted(clients)), min(count, len(clients)), hired))


@register
class PlebianCouncil(Power):
    """Once it is complete you win at once when the Laborer clients of all players outnumber
    their Legionary clients and you have strictly more Laborer clients than any other player;
    checked whenever that could become true (G-PLEBIANCOUNCIL-1; the plebian-council-check
    ruling, AMB-33). A client a power lets act as a Laborer counts as one, and as its own role
    too (the example's count, CONFLICT-GK-4; the plebian-council-clients ruling, AMB-17)."""

    building = "Plebian Council"
    rulesets = BLACK_BOX
    rule_ids = ("G-PLEBIANCOUNCIL-1", "AMB-33", "AMB-17", "CONFLICT-GK-4")

    def wins(self, ctx, owner):
        return ctx.state.rulings.plebian_council_check is PlebianCouncilCheck.CONTINUOUS and self.holds(ctx, owner)

    def on_complete(self, ctx, owner, building):
        if ctx.state.rulings.plebian_council_check is PlebianCouncilCheck.ON_COMPLETION and self.holds(ctx, owner):
            ctx.end_game(f"win:{self.building}", owner, wins=True)

    def holds(self, ctx, owner) -> bool:
        """Whether both conditions are met for ``owner``."""
        both = ctx.state.rulings.plebian_council_clients is PlebianCouncilClients.BOTH_ROLES
        laborers, legionaries = [], []
        for j, player in enumerate(ctx.state.players):
            roles = [ctx.client_roles(j, card) for card in player.clientele]
            laborers.append(sum(1 for r in roles if Role.LABORER in r))
            legionaries.append(sum(1 for r in roles if Role.LEGIONARY in r and (both or Role.LABORER not in r)))
        mine = laborers[owner]
        return sum(laborers) > sum(legionaries) and all(n < mine for j, n in enumerate(laborers) if j != owner)
