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
class TieBreak:
    """How a tie for most victory points was broken (R-SCORE-3, under the ``final-tie``
    ruling, AMB-08): the tied players, what was counted between them, and who won on it (all
    of them still level share the win)."""

    points: int
    tied: tuple[str, ...]
    on: str
    """What decides: 'cards in hand' or 'Order cards in hand, Jacks not counted'."""
    counts: tuple[tuple[str, int], ...]
    """Each tied player's count, in seating order."""
    winners: tuple[str, ...]
    ruling: str
    """The reading that decided, 'final-tie=hand-then-shared'."""
    rule_ids: tuple[str, ...] = ("R-SCORE-3", "AMB-08")

    @property
    def text(self) -> str:
        """'tie at 7: Ann wins on cards in hand (Ann 4, Cid 0)'; a tie that stays a tie:
        'tie at 7: Ann and Cid share the win, level on cards in hand (Ann 2, Cid 2)'."""
        counts = ", ".join(f"{name} {n}" for name, n in self.counts)
        if len(self.winners) == 1:
            return f"tie at {self.points}: {self.winners[0]} wins on {self.on} ({counts})"
        return f"tie at {self.points}: {_and(self.winners)} share the win, level on {self.on} ({counts})"

    def to_dict(self) -> dict:
        return {"text": self.text, "points": self.points, "tied": list(self.tied), "on": self.on,
                "counts": dict(self.counts), "winners": list(self.winners), "ruling": self.ruling,
                "rule_ids": list(self.rule_ids)}


def _and(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True, slots=True)
class Result:
    reason: str
    winners: tuple[str, ...]
    """Empty while the game goes on: nobody has won yet."""
    scores: tuple[Score, ...] = field(default_factory=tuple)
    counted: bool = True
    """False after a surrender or an instant win: victory points are not counted (R-SCORE-1)."""
    tie_break: TieBreak | None = None
    """How a tie for most points was broken, when there was one (R-SCORE-3)."""
    over: bool = True
    """False for the points of a game still going on (``Game.result`` before the end)."""
    undecided: bool = False
    """True for a game over whose winner the vault cards a record did not see decide (they are
    uncovered at the end, R-VAULT-3): no winner is named, and the scores count them as nothing."""

    def score(self, name: str) -> Score:
        return next(s for s in self.scores if s.player == name)
