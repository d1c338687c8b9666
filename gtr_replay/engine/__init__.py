"""The rules engine: state, decisions, flow, powers hooks, scoring.

Public entry points: ``new_game``, ``legal_decisions``, ``apply``, ``GameState``.
"""

from gtr_replay.engine.core import apply, legal_decisions, pending
from gtr_replay.engine.decisions import (
    Add, Decision, Demand, Follow, Gather, Give, Hire, Lay, Lead, Pass, Sell, Surrender, TakeFromPool, Think,
)
from gtr_replay.engine.events import Event
from gtr_replay.engine.setup import new_game
from gtr_replay.engine.state import Building, GameState, Phase, PlayerState

__all__ = [
    "Add", "Building", "Decision", "Demand", "Event", "Follow", "GameState", "Gather", "Give", "Hire", "Lay",
    "Lead", "Pass", "Phase", "PlayerState", "Sell", "Surrender", "TakeFromPool", "Think", "apply",
    "legal_decisions", "new_game", "pending",
]
