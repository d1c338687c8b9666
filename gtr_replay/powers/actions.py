"""Powers that change the actions of a turn: how many, from where, and what comes on top."""

from __future__ import annotations

from collections import Counter

from gtr_replay.engine.decisions import Hire
from gtr_replay.engine.state import Rider
from gtr_replay.enums import JACK, ROLES, Role, Zone
from gtr_replay.powers.base import Power
from gtr_replay.powers.registry import register


def _role(state, card: str) -> Role:
    from gtr_replay.cards import cards_for
    return cards_for(state.ruleset).cards[card].role


@register
class Aqueduct(Power):
    """Black Box: your clientele limit is doubled, after the Insula's two and counting the
    Aqueduct's own influence; each Patron action may also take one client from your hand,
    before or after one from the Pool, or alone (B-AQUEDUCT-1, B-AQUEDUCT-2, R-PATRON-2,
    R-PATRON-3)."""

    building = "Aqueduct"
    editions = ("black-box",)
    rule_ids = ("B-AQUEDUCT-1", "B-AQUEDUCT-2")

    def clientele_factor(self, state, owner):
        return 2

    def action_sources(self, state, owner, role):
        return frozenset({Zone.HAND}) if role is Role.PATRON else frozenset()

    def after_action(self, state, owner, decision, role):
        """The other half of the action: the text sets no order between the two clients."""
        answering = state.acting
        if role is not Role.PATRON or type(decision) is not Hire or (
                answering is not None and answering.power == self.building):
            return []
        from_hand = decision.source is Zone.HAND
        return [Rider("hire-from-pool" if from_hand else "hire-from-hand", Role.PATRON, self.building)]


@register
class Bath(Power):
    """Black Box: whenever you gain a client, you may at once perform one action of its role;
    it finishes before the next client is hired (B-BATH-1, B-BATH-2, R-ACT-2, AMB-27)."""

    building = "Bath"
    editions = ("black-box",)
    rule_ids = ("B-BATH-1", "B-BATH-2", "B-BATH-3")

    def after_action(self, state, owner, decision, role):
        if type(decision) is Hire:
            return [Rider("client", _role(state, decision.card), self.building)]
        return []


@register
class CircusMaximus(Power):
    """Black Box: when you lead or follow, each of your clients of the role gives one more
    action; a player who thought gets nothing extra (B-CIRCUSMAXIMUS-1, R-ACT-4)."""

    building = "Circus Maximus"
    editions = ("black-box",)
    rule_ids = ("B-CIRCUSMAXIMUS-1",)

    def extra_actions(self, state, owner, role):
        player = state.players[owner]
        if not player.played:
            return 0
        clients = Counter(_role(state, c) for c in player.clientele)[role]
        return clients - sum(1 for c in player.hired if _role(state, c) is role)


@register
class Palace(Power):
    """Lead or follow with any number of cards of the role, Jacks included; each gives one
    action. A petition among them counts as one card (B-PALACE-1, BC-PALACE-1, AMB-26, R-ACT-4)."""

    building = "Palace"
    editions = ("black-box", "classic")
    rule_ids = ("B-PALACE-1", "BC-PALACE-1", "AMB-26")

    def _units(self, state, cards, role) -> int | None:
        """Actions the cards give as ``role``: one per card of the role or Jack, one per
        petition; None if some cards form no petition."""
        from gtr_replay.engine.rules import spec
        size = spec(state).petition_size
        units = 0
        others: Counter = Counter()
        for card in cards:
            if card == JACK or _role(state, card) is role:
                units += 1
            else:
                others[_role(state, card)] += 1
        for n in others.values():
            if not size or n % size:
                return None
            units += n // size
        return units

    def allows_play(self, state, owner, cards, role):
        return self._units(state, cards, role) is not None

    def extra_actions(self, state, owner, role):
        player = state.players[owner]
        if not player.played:
            return 0
        return max((self._units(state, tuple(player.camp), role) or 1) - 1, 0)

    def play_options(self, state, owner, role):
        """Every multiple of the role's cards and Jacks (two cards or more); petitions mixed
        in are accepted when written but not listed."""
        from gtr_replay.engine.handlers.base import multisets
        hand = state.players[owner].hand
        jacks = hand.count(JACK)
        for r in ROLES if role is None else (role,):
            group = Counter(c for c in hand if c != JACK and _role(state, c) is r)
            for k in range(0, sum(group.values()) + 1):
                for cards in multisets(group, k):
                    for j in range(0, jacks + 1):
                        if k + j >= 2:
                            yield r, tuple(sorted(cards + (JACK,) * j))


@register
class Archway(Power):
    """An Architect action may take its material from the Pool instead of the stockpile
    (B-ARCHWAY-1, BC-ARCHWAY-1, R-ARCH-1); Pool cards never become foundations (B-ARCHWAY-2)."""

    building = "Archway"
    editions = ("black-box", "classic")
    rule_ids = ("B-ARCHWAY-1", "B-ARCHWAY-2", "BC-ARCHWAY-1")

    def action_sources(self, state, owner, role):
        return frozenset({Zone.POOL}) if role is Role.ARCHITECT else frozenset()
