"""What a game is worth to one seat: its share of the win once over, an estimate before.

A finished game is worth 1 to each winner shared equally (a tie that the rules leave shared
counts 1/2 to each of two winners), 0 to the others. A game cut short (a truncated playout)
is estimated from the points as they stand (``Game.scores``, R-SCORE-2): each player's chance
is a softmax of the points, ``exp(points / T) / sum(exp(points_i / T))`` with ``T`` =
``TEMPERATURE`` points, so a lead of T points against one opponent is worth about 73%.
"""

from __future__ import annotations

import math
from typing import Final

from gtr_replay.engine import Game

TEMPERATURE: Final = 3.0
"""Points that make a lead worth e:1 odds in the estimate of a game cut short."""


def outcome(game: Game, seat: str) -> float:
    """The seat's share of the win of a finished game."""
    winners = game.result().winners
    return 1.0 / len(winners) if seat in winners else 0.0


def estimate(game: Game, seat: str, temperature: float = TEMPERATURE) -> float:
    """The seat's chance to win a game cut short, from the points now (see the module's text);
    a finished game's ``outcome``."""
    if game.over:
        return outcome(game, seat)
    totals = {s.player: s.total for s in game.scores()}
    top = max(totals.values())
    weights = {name: math.exp((points - top) / temperature) for name, points in totals.items()}
    return weights[seat] / sum(weights.values())


def points(game: Game, seat: str) -> int:
    """The seat's points now (R-SCORE-2)."""
    return next(s.total for s in game.scores() if s.player == seat)
