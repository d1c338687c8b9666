"""Powers that end the game at once (R-END-1c, R-END-1d, R-END-2, R-END-3c)."""

from __future__ import annotations

from gtr_replay.powers.base import EVERY, MATERIALS, ROLES, Power, Ruleset
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import ForumFoundation, PublicCopy


@register
class Catacomb(Power):
    """Completing a Catacomb ends the game at once; the rest of the turn is not played and
    the winner is decided by scoring (B-CATACOMB-1, BC-CATACOMB-1, R-END-1c, R-END-2, R-SCORE-6)."""

    building = "Catacomb"
    rulesets = EVERY
    rule_ids = ("B-CATACOMB-1", "BC-CATACOMB-1")

    def on_complete(self, ctx, owner, building):
        ctx.end_game("catacomb", by=owner)

    def ended_game(self, ctx, owner):
        building = ctx.state.players[owner].building(self.building)  # a foundation a power woke ended nothing
        return "catacomb" if building is not None and building.complete else None


def every_role_covered(ctx, owner) -> bool:
    """Whether the owner's clients cover the six roles, each client counted as one role it
    may act as: its own, any for a Merchant under a Ludus Magna, a Laborer under a Storeroom,
    a Craftsman under a classic Fountain, never two at once (C-FORUM-LUDUS-1,
    C-FORUM-STOREROOM-1, C-FORUM-FOUNTAIN-1). A matching of roles to clients."""
    options = [ctx.client_roles(owner, c) for c in ctx.state.players[owner].clientele]
    if len(options) < len(ROLES) or not {r for o in options for r in o} >= set(ROLES):
        return False
    taken: dict = {}  # role -> index of the client counted as it

    def place(k: int, seen: set) -> bool:
        for role in options[k]:
            if role not in seen:
                seen.add(role)
                if role not in taken or place(taken[role], seen):
                    taken[role] = k
                    return True
        return False

    for k in range(len(options)):
        place(k, set())
    return len(taken) == len(ROLES)


def counts_for_win(ctx, owner, name: str) -> bool:
    """Whether the owner's Forum of ``name`` may win: complete, or woken early by a power
    when the ``forum-foundation`` ruling's default says a woken one counts (AMB-15), or
    another player's made public, complete, which a foundation of one's own does not stop
    (a foundation is no Structure, B-STAIRWAY-2), unless the Gate wakes it and the
    ``public-copy`` ruling's default makes it the one copy the owner has."""
    state = ctx.state
    if state.rulings.forum_foundation is ForumFoundation.COUNTS:
        return True
    own = [b for b in state.players[owner].buildings if b.foundation == name]
    if any(b.complete for b in own):
        return True
    if not any(public == name and o != owner for o, public in state.public):
        return False
    return not own or state.rulings.public_copy is PublicCopy.TWO_COPIES or name not in ctx.woken(owner)


@register
class ForumRomanum(Power):
    """Republic: you win at once when you have a client of every role and a material of
    every kind in your stockpile (B-FORUMROMANUM-1, R-END-1d, R-SCORE-1, AMB-15,
    C-FORUM-LUDUS-1, C-FORUM-STOREROOM-1)."""

    building = "Forum Romanum"
    rulesets = (Ruleset.REPUBLIC,)
    rule_ids = ("B-FORUMROMANUM-1", "C-FORUM-LUDUS-1", "C-FORUM-STOREROOM-1")

    def wins(self, ctx, owner):
        stockpile = ctx.state.players[owner].stockpile
        return ({ctx.card(c).material for c in stockpile} >= set(MATERIALS) and every_role_covered(ctx, owner)
                and counts_for_win(ctx, owner, self.building))


@register
class Forum(Power):
    """You win at once whenever you have a client of every role; the Imperium's card and the
    classic one say the same; checked after every step that could make it true (B-FORUM-1,
    BC-FORUM-1, R-END-1d, AMB-15, C-FORUM-LUDUS-1, C-FORUM-STOREROOM-1, C-FORUM-FOUNTAIN-1,
    C-FORUM-STAIRWAY-1)."""

    building = "Forum"
    rulesets = (Ruleset.IMPERIUM, Ruleset.CLASSIC)
    rule_ids = ("B-FORUM-1", "BC-FORUM-1", "AMB-15", "C-FORUM-LUDUS-1", "C-FORUM-STOREROOM-1", "C-FORUM-FOUNTAIN-1")

    def wins(self, ctx, owner):
        return every_role_covered(ctx, owner) and counts_for_win(ctx, owner, self.building)
