"""The game ends at once (R-END-2)."""

from __future__ import annotations

from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import GameState, Phase


def end_game(state: GameState, ev: list[Event], reason: str, by: str | None = None,
             winner: str | None = None) -> None:
    """The game ends at once; nobody acts further and there is no cleanup (R-END-2)."""
    state.phase = Phase.OVER
    state.end_reason = reason
    state.ended_by = by
    state.winner = winner
    state.steps.clear()  # steps granted and not yet taken lapse
    ev.append(Event(EventKind.GAME_END, by, text=reason))
