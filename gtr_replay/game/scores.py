"""A game's result: each player's victory points by source, and the winners (R-SCORE-*).

Values only; the engine counts them (``engine.scoring``, through ``Game.result``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gtr_replay.enums import Material


@dataclass(frozen=True, slots=True)
class Score:
    """One player's victory points, by source (R-SCORE-2)."""

    player: str
    influence: int
    vault: int
    bonuses: tuple[Material, ...]
    powers: int
    total: int


@dataclass(frozen=True, slots=True)
class Result:
    reason: str
    winners: tuple[str, ...]
    scores: tuple[Score, ...] = field(default_factory=tuple)
    counted: bool = True
    """False after a surrender or an instant win: victory points are not counted (R-SCORE-1)."""

    def score(self, name: str) -> Score:
        return next(s for s in self.scores if s.player == name)
