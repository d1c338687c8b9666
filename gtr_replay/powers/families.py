"""Parameterised bases for powers that share one shape: a new power of a family is a class
that sets the family's parameters (and its building, rulesets and rule IDs)."""

from __future__ import annotations

from typing import ClassVar

from gtr_replay.powers.base import (
    JACK, TAKES, USUAL, Actions, AlsoFrom, EarlyActions, KeepPlayed, Power, Role, ThinkAfterDiscard, Zone,
)


class TakesAlsoFrom(Power):
    """An action of ``role`` may take its card from ``zone`` instead of the usual place and,
    when ``also``, the same action may take one card from each: the usual place first, or
    (``either_order``) ``zone`` first as well, where the text sets no order, or (``zone_first``)
    ``zone`` first only (B-AQUEDUCT-2, B-BAR-1, B-BAR-2, B-BASILICA-1, B-DOCK-1, B-ATRIUM-1,
    BC-FOUNDRY-1). The usual place stands for any place another power lets the action's own
    card come from instead (a Basilica's card from hand beside an Atrium's from the deck,
    B-ATRIUM-1, BC-DOCK-2). The first card of the action offers the others, one from each
    place, to be taken in any order but what a text forbids (``either_order``: no card from
    the usual place after this power's, B-BAR-2). The limits still apply (B-BAR-3)."""

    role: ClassVar[Role]
    zone: ClassVar[Zone]
    also: ClassVar[bool] = True
    either_order: ClassVar[bool] = True
    zone_first: ClassVar[bool] = False
    grants = (AlsoFrom,)

    def action_sources(self, ctx, owner, role):
        return frozenset({self.zone}) if role is self.role else frozenset()

    def extra_places(self, ctx, owner, role):
        return frozenset({self.zone}) if self.also and role is self.role else frozenset()

    def after_action(self, ctx, owner, decision, role):
        if not self.also or role is not self.role or type(decision) is not TAKES[role]:
            return
        answered = ctx.answered
        if isinstance(answered, AlsoFrom) and answered.take_role is role:
            return  # a further card of the action: what it may take was offered with its first
        usual = USUAL[role]
        source = decision.source or usual
        if source is self.zone:
            if self.either_order:
                ctx.grant(AlsoFrom(self.building, owner, role, usual))
        elif not self.zone_first:
            # the first card from elsewhere: the action's own card (from the usual place or one a power
            # puts in its stead, B-ATRIUM-1), or another power's one more card, which needs none (B-BAR-1)
            ctx.grant(AlsoFrom(self.building, owner, role, self.zone, closes_usual=not self.either_order))


class CompletionActions(Power):
    """Upon completion, once, up to I actions of ``role`` (Thinker actions when None), I being
    the owner's Influence with this building's, as they check it (an Aerarium's highest,
    G-AERARIUM-1); unused ones are lost (B-AMPHITHEATRE-1, B-FOUNDRY-1, B-GARDEN-1, B-SCHOOL-1)."""

    role: ClassVar[Role | None]
    grants = (Actions,)

    def on_complete(self, ctx, owner, building):
        ctx.grant(Actions(self.building, owner, self.role, ctx.checked_influence(owner)))


class KeepsPlayed(Power):
    """At the end of each turn, may keep cards played that turn: one's own Order cards into
    the Stockpile, or (``jacks``) the Jacks opponents played into the hand (B-SEWER-1,
    B-SENATE-1, AMB-14)."""

    jacks: ClassVar[bool] = False
    grants = (KeepPlayed,)

    def end_of_turn(self, ctx, owner):
        state = ctx.state
        if self.jacks:
            found = any(JACK in p.camp for j, p in enumerate(state.players) if j != owner)
        else:
            found = any(card != JACK for card in state.players[owner].camp)
        if found:
            ctx.grant(KeepPlayed(self.building, owner, self.jacks))


class DiscardsBeforeThinking(Power):
    """Before a Thinker action, may discard ``how`` (``one`` card or the whole ``hand``): Order
    cards to the Pool, Jacks to the Jack pile (B-LATRINE-1, B-VOMITORIUM-1)."""

    how: ClassVar[str]
    grants = (ThinkAfterDiscard,)

    def before_think(self, ctx, owner):
        return frozenset({self.how})


class ActsEarly(Power):
    """The owner's actions of ``early_role`` may come as they lead or follow, or as they think
    when clients give them some, instead of at their place in the turn; the engine offers them
    as one step, which a pass declines to wait (BC-BAR-1, BC-DOCK-1, BC-BRIDGE-1, AMB-36)."""

    early_role: ClassVar[Role]
    grants = (EarlyActions,)

    def acts_early(self, ctx, owner, role):
        return role is self.early_role
