"""Powers around a Thinker action: a discard before it, a Jack after it."""

from __future__ import annotations

from gtr_replay.powers.base import CLASSIC, EVERY, ExtraJack, Power, Ruleset, ThinkAfterDiscard, ThinkTwice
from gtr_replay.powers.families import DiscardsBeforeThinking
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import SchoolThinks


@register
class Latrine(DiscardsBeforeThinking):
    """Before a Thinker action, you may discard one Order card from your hand into the Pool;
    the classic card says the same (B-LATRINE-1, BC-LATRINE-1)."""

    building = "Latrine"
    rulesets = EVERY
    rule_ids = ("B-LATRINE-1", "BC-LATRINE-1")
    how = "one"


@register
class Vomitorium(DiscardsBeforeThinking):
    """Before a Thinker action, you may discard your whole hand: Order cards to the Pool,
    Jacks to the Jack pile; the classic card says the same (B-VOMITORIUM-1, BC-VOMITORIUM-1)."""

    building = "Vomitorium"
    rulesets = EVERY
    rule_ids = ("B-VOMITORIUM-1", "BC-VOMITORIUM-1")
    how = "hand"


@register
class Tribunal(Power):
    """Republic: whenever you think, you may take one more Jack after the Thinker action,
    while the Jack pile has one (B-TRIBUNAL-1, AMB-22)."""

    building = "Tribunal"
    rulesets = (Ruleset.REPUBLIC,)
    rule_ids = ("B-TRIBUNAL-1", "AMB-22")
    grants = (ExtraJack,)

    def after_think(self, ctx, owner, decision):
        if ctx.state.jack_pile > 0:
            ctx.grant(ExtraJack(self.building, owner))


@register
class ClassicSchool(Power):
    """Classic: whenever you think, you think twice: the second Thinker action follows at once
    and is not doubled again; by the ``school-thinks`` ruling's default every think is doubled,
    other powers' included (BC-SCHOOL-1, AMB-37)."""

    building = "School"
    rulesets = CLASSIC
    rule_ids = ("BC-SCHOOL-1", "AMB-37")
    grants = (ThinkTwice,)

    def after_think(self, ctx, owner, decision):
        answered = ctx.answered
        if isinstance(answered, ThinkTwice):
            return  # not circular
        if (answered is not None and not isinstance(answered, ThinkAfterDiscard)
                and ctx.state.rulings.school_thinks is SchoolThinks.OWN_THINK):
            return
        ctx.grant(ThinkTwice(self.building, owner))
