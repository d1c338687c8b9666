"""Powers that move structures between players or share them (B-PRISON-*, B-STAIRWAY-*, R-INF-3)."""

from __future__ import annotations

from gtr_replay.engine.decisions import Add, Lay
from gtr_replay.engine.state import Rider
from gtr_replay.enums import Role
from gtr_replay.powers.base import Power
from gtr_replay.powers.registry import register


class _Prison(Power):
    building = "Prison"

    def on_complete(self, state, owner, building):
        from gtr_replay.engine.events import Event
        if building.foundation != self.building:
            return []
        rider = Rider("steal", Role.ARCHITECT, self.building)
        state.riders.append(rider)
        # announced as the riders granted after an action are (engine.handlers.roles.use_actions)
        return [Event("rider", state.players[owner].name, self.building, text=rider.describe())]


@register
class Prison(_Prison):
    """Black Box: on completion you may take an opponent's completed structure onto your
    Prison, gaining its function as if just completed (its upon-completion effect too); you
    must give them the Prison's Site in exchange. They keep the Site of what was taken
    (B-PRISON-1..4, R-INF-3, AMB-19)."""

    editions = ("black-box",)
    rule_ids = ("B-PRISON-1", "B-PRISON-2", "B-PRISON-3", "B-PRISON-4", "AMB-19")

    def on_steal(self, state, owner, victim, building):
        from gtr_replay.engine.events import Event
        from gtr_replay.engine.rules import material_value
        prison = state.players[owner].building(self.building)
        if prison.stolen:  # a Prison taken from someone left its Site with them: none to give
            return []
        state.players[owner].influence.remove(prison.site)
        state.players[victim].influence.append(prison.site)
        value = material_value(prison.site)  # each event's value is the change: the Site's value
        text = f"Site of {self.building}"
        return [Event("influence", state.players[owner].name, self.building, text=text, value=-value),
                Event("influence", state.players[victim].name, self.building, text=text, value=value)]


@register
class ClassicPrison(_Prison):
    """Classic: on completion you may take an opponent's completed structure onto your
    Prison, with its function; nobody's influence changes (BC-PRISON-1, AMB-19)."""

    editions = ("classic",)
    rule_ids = ("BC-PRISON-1", "AMB-19")


@register
class Stairway(Power):
    """Black Box: each Architect action may also put a material into an opponent's completed
    structure of that material, even when the action itself is not used; the structure is
    public from then on: its function works for every player who owns none of that name,
    without its upon-completion effect again (B-STAIRWAY-1..4, AMB-21)."""

    building = "Stairway"
    editions = ("black-box",)
    rule_ids = ("B-STAIRWAY-1", "B-STAIRWAY-2", "B-STAIRWAY-3", "B-STAIRWAY-4", "AMB-21")

    def public_placement(self, state, owner):
        return True

    def after_action(self, state, owner, decision, role):
        if role is Role.ARCHITECT and type(decision) in (Add, Lay) and getattr(decision, "owner", None) is None:
            return [Rider("public", Role.ARCHITECT, self.building)]
        return []
