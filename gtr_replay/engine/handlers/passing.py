"""Passing: declining the rest of one's actions, a step a power grants, or the rest of a
Legionary's takes from the Pool (R-TURN-7, R-LEG-2)."""

from __future__ import annotations

from gtr_replay.engine import flow, rules
from gtr_replay.engine.handlers.base import Handler, problem
from gtr_replay.engine.handlers.legionary import end_pool_stage, pool_take_required
from gtr_replay.engine.handlers.roles import defer_also, step_now
from gtr_replay.game.decisions import Pass
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import GameState, Phase


class PassHandler(Handler):
    """Decline the rest of one's actions (R-TURN-7); with a step waiting, decline only that
    step; in a demand, stop taking from the pool."""

    decision = Pass

    def candidates(self, state: GameState, i: int):
        if self.problem(state, i, None) is None:
            yield Pass(state.players[i].name)

    def legal(self, state: GameState, i: int):
        return self.candidates(state, i)  # asked as it is offered

    def sample(self, state: GameState, i: int):
        """One pass or none, the pass built only when it is drawn."""
        if self.problem(state, i, None) is not None:
            return 0, _none
        name = state.players[i].name
        return 1, lambda k: Pass(name)

    def problem(self, state: GameState, i: int, d):
        if state.phase is Phase.POOL and step_now(state) is None:
            if pool_take_required(state):
                return problem("a matching card in the pool must be taken", "R-LEG-2", "AMB-12")
        return None

    def perform(self, state: GameState, i: int, d, ev):
        ev.append(Event(EventKind.PASS, d.player))
        step = rules.take_answered(state)  # only the step is declined; the flow resumes (core._perform)
        if step is not None:
            if flow.deck_spent(state):  # the rest of the action that took the deck's last card declined (AMB-01)
                flow.end_game(state, ev, "deck", by=d.player)
                return
            defer_also(state, step)  # part of an action: open until the action is over
            return
        if state.phase is Phase.POOL:
            end_pool_stage(state, ev)
            return
        state.players[i].done = True
        flow.settle_actions(state, ev)


def _none(k: int) -> Pass:
    raise IndexError(f"pass {k} of none")
