"""The decision a caller expects next, for the engine's search for forced actions.

Kept out of ``core`` because callers subclass it (the replayer reads a record's next
statement), and ``core`` is compiled to native classes, which Python classes may not extend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gtr_replay.game.decisions import Decision
    from gtr_replay.game.state import GameState


class Expected:
    """The decision a caller expects next (a record's next statement), read against a state
    when the engine asks: ``read`` gives None when it does not read (a subclass overrides
    it). ``legal`` is set when the engine found it legal beside a pass, so that nothing was
    forced: it was checked in the state ``advance`` leaves, and may be performed there
    without another check."""

    __slots__ = ("legal",)

    def __init__(self) -> None:
        self.legal: Decision | None = None

    def read(self, state: GameState) -> Decision | None:
        return None
