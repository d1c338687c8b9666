"""The game's values, below both the engine and the building powers: the state, the decisions
players make, the steps powers grant, the events a decision yields, and card piles.

Nothing here decides what is legal: the engine (``gtr_replay.engine``, its front door the
``Game``) does, and powers (``gtr_replay.powers``) build steps and read states through these
types alone.
"""

from gtr_replay.game.decisions import (
    Add, Decision, Demand, Demolish, Discard, Follow, Gather, Give, Hire, Keep, Lay, Lead, Pass, Sell, Slay, Steal,
    Surrender, TakeFromDeck, TakeFromPool, TearDown, Think, Trigger, same_decision,
)
from gtr_replay.game.events import Event
from gtr_replay.game.piles import UNSEEN, is_unseen
from gtr_replay.game.scores import Result, Score
from gtr_replay.game.state import Building, GameState, LegionaryDemand, Phase, PlayerState
from gtr_replay.game.steps import Step

__all__ = [
    "Add", "Building", "Decision", "Demand", "Demolish", "Discard", "Event", "Follow", "GameState", "Gather",
    "Give", "Hire", "Keep", "Lay", "Lead", "LegionaryDemand", "Pass", "Phase", "PlayerState", "Result", "Score",
    "Sell", "Slay", "Steal", "Step", "Surrender", "TakeFromDeck", "TakeFromPool", "TearDown", "Think", "Trigger",
    "UNSEEN", "is_unseen", "same_decision",
]
