"""Surrender: every other player gives the game to one player (R-END-1e, R-END-3e, R-SCORE-1)."""

from __future__ import annotations

from gtr_replay.engine import flow
from gtr_replay.game.decisions import Surrender
from gtr_replay.engine.handlers.base import Handler, problem


class SurrenderHandler(Handler):
    """Accepted at any decision point; listed only when asked for (``legal_decisions(..., surrender=True)``)."""

    decision = Surrender

    def decider(self, state, d):
        """Whoever the game waits for: a surrender interrupts any decision (R-END-1e)."""
        return state.players[flow.waiting_for(state)].name

    def candidates(self, state, i):
        for player in state.players:
            yield Surrender(player.name)

    def problem(self, state, i, d):
        if all(p.name != d.player for p in state.players):
            return problem(f"{d.player} is not at the table", "R-END-1")
        return None

    def perform(self, state, i, d, ev):
        flow.end_game(state, ev, "surrender", by=d.player, winner=d.player)
