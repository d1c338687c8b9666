"""Powers that act at the end of a turn, before cleanup: keeps first, then thinks, each in
play order from the leader (AMB-14)."""

from __future__ import annotations

from gtr_replay.powers.base import BLACK_BOX, CLASSIC, EVERY, ExtraThink, Power, Role, Ruleset, ThinkAfterDiscard
from gtr_replay.powers.families import DiscardsBeforeThinking
from gtr_replay.powers.families import KeepsPlayed
from gtr_replay.powers.registry import register
from gtr_replay.powers.base import AcademyTiming, SenateThink
from gtr_replay.powers.base import ClassicSewer as SewerReading  # the name is the power's here


@register
class Sewer(KeepsPlayed):
    """Black Box: at the end of each turn, you may put the Order cards you played to lead or
    follow into your stockpile instead of the Pool; Jacks are not Order cards (B-SEWER-1)."""

    building = "Sewer"
    rulesets = BLACK_BOX
    rule_ids = ("B-SEWER-1", "AMB-14")


@register
class ClassicSewer(Sewer, DiscardsBeforeThinking):
    """Classic: before a Thinker action you may discard your whole hand, Order cards to the
    Pool, Jacks to the Jack pile, as printed (the Vomitorium's text); the ``classic-sewer``
    ruling's other reading plays the Black Box card, a keep at the end of the turn (BC-SEWER-1,
    CONFLICT-CL-1, AMB-34)."""

    rulesets = CLASSIC
    rule_ids = ("BC-SEWER-1", "CONFLICT-CL-1", "AMB-34")
    how = "hand"
    grants = (ThinkAfterDiscard, *Sewer.grants)

    def before_think(self, ctx, owner):
        if ctx.state.rulings.classic_sewer is SewerReading.AS_PRINTED:
            return super().before_think(ctx, owner)
        return frozenset()

    def end_of_turn(self, ctx, owner):
        if ctx.state.rulings.classic_sewer is SewerReading.BLACK_BOX:
            super().end_of_turn(ctx, owner)


@register
class Senate(KeepsPlayed):
    """Imperium: at the end of each turn, you may take into your hand any or all of the Jacks
    opponents played that turn; several Senates act in play order (B-SENATE-1..3, AMB-14)."""

    building = "Senate"
    rulesets = (Ruleset.IMPERIUM,)
    rule_ids = ("B-SENATE-1", "B-SENATE-2", "B-SENATE-3", "AMB-14")
    jacks = True


@register
class Academy(Power):
    """After a turn in which you performed a Craftsman action (a client's counts), you may
    perform one Thinker action, after the keeps of the end of the turn; it works the turn it
    is complete; the classic card says the same (B-ACADEMY-1, B-ACADEMY-2, BC-ACADEMY-1, AMB-14)."""

    building = "Academy"
    rulesets = EVERY
    rule_ids = ("B-ACADEMY-1", "B-ACADEMY-2", "BC-ACADEMY-1", "AMB-14")
    grants = (ExtraThink,)

    def end_of_turn(self, ctx, owner):
        if ctx.state.rulings.academy_timing is AcademyTiming.END_OF_TURN:
            self._think(ctx, owner)

    def actions_end(self, ctx, owner):
        """The ``after-own-actions`` reading of AMB-14: the think comes before the next player acts."""
        if ctx.state.rulings.academy_timing is AcademyTiming.AFTER_OWN_ACTIONS:
            self._think(ctx, owner)

    def _think(self, ctx, owner):
        if Role.CRAFTSMAN in ctx.state.players[owner].acted:
            ctx.grant(ExtraThink(self.building, owner))


@register
class ClassicSenate(Power):
    """Classic: on a turn you lead, once all your actions are done, you may perform one Thinker
    action, before the next player acts; it works the turn it is complete. By the
    ``senate-think`` ruling's default only a turn on which you led a card counts (BC-SENATE-1,
    AMB-14)."""

    building = "Senate"
    rulesets = CLASSIC
    rule_ids = ("BC-SENATE-1", "AMB-14")
    grants = (ExtraThink,)

    def actions_end(self, ctx, owner):
        if owner == ctx.state.leader:
            ctx.grant(ExtraThink(self.building, owner))

    def after_think(self, ctx, owner, decision):
        """The ``any-lead`` reading: a leader who thinks has led the Thinker role."""
        state = ctx.state
        answered = ctx.answered
        if (owner == state.leader and state.led_role is None and state.rulings.senate_think is SenateThink.ANY_LEAD
                and (answered is None or isinstance(answered, ThinkAfterDiscard))):
            ctx.grant(ExtraThink(self.building, owner))
