"""Powers that widen what may be played to lead or follow (R-TURN-1, R-TURN-2, R-PET-1)."""

from __future__ import annotations

from collections import Counter

from gtr_replay.powers.base import JACK, ROLES, Power, Role, Ruleset, multisets
from gtr_replay.powers.registry import register


@register
class Crane(Power):
    """Republic: any one card from your hand may lead or follow Architect, as if it were an
    Architect card; it gives one action, as such a card would (B-CRANE-1)."""

    building = "Crane"
    rulesets = (Ruleset.REPUBLIC,)
    rule_ids = ("B-CRANE-1",)

    def allows_play(self, ctx, owner, cards, role):
        return role is Role.ARCHITECT and len(cards) == 1

    def play_options(self, ctx, owner, role):
        if role not in (None, Role.ARCHITECT):
            return
        for card in sorted(set(ctx.state.players[owner].hand) - {JACK}):
            if ctx.card(card).role is not Role.ARCHITECT:
                yield Role.ARCHITECT, (card,)


@register
class Circus(Power):
    """Two cards of one role, neither a Jack, may be played together as a Jack, to lead or
    follow any role: one play, one action. In the Imperium it is a petition of two instead of
    three; in classic, which has no petition, the only one (B-CIRCUS-1, BC-CIRCUS-1, R-PET-1,
    R-PET-3, R-PET-4)."""

    building = "Circus"
    rulesets = (Ruleset.IMPERIUM, Ruleset.CLASSIC)
    rule_ids = ("B-CIRCUS-1", "BC-CIRCUS-1")

    def allows_play(self, ctx, owner, cards, role):
        return len(cards) == 2 and JACK not in cards and ctx.card(cards[0]).role is ctx.card(cards[1]).role

    def play_options(self, ctx, owner, role):
        hand = ctx.state.players[owner].hand
        by_role: dict[Role, Counter] = {}
        for card in hand:
            if card != JACK:
                by_role.setdefault(ctx.card(card).role, Counter())[card] += 1
        for group in by_role.values():
            for cards in multisets(group, 2):
                for r in ROLES if role is None else (role,):
                    yield r, cards


@register
class ClassicCircusMaximus(Power):
    """Classic: as leader you may lead any one card as a Jack, declaring any role but
    Thinker; it gives one action, as a Jack would. It never helps to follow (BC-CIRCUSMAXIMUS-1,
    R-JACK-1, AMB-38)."""

    building = "Circus Maximus"
    rulesets = (Ruleset.CLASSIC,)
    rule_ids = ("BC-CIRCUSMAXIMUS-1", "AMB-38")

    def allows_play(self, ctx, owner, cards, role):
        state = ctx.state
        return len(cards) == 1 and owner == state.leader and state.led_role is None

    def play_options(self, ctx, owner, role):
        """As the leader before a role is led: each card as any other role (``role``: as that
        one, the role a Palace's several plays are led as, B-PALACE-1)."""
        state = ctx.state
        if owner != state.leader or state.led_role is not None:
            return
        for card in sorted(set(state.players[owner].hand) - {JACK}):
            own = ctx.card(card).role
            for r in ROLES if role is None else (role,):
                if r is not own:
                    yield r, (card,)
