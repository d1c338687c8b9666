"""The rules engine: who must decide, what is legal, and what a decision does.

Outside this package the rules are reached through ``Game`` alone (``engine.game``), as a
chess program reaches its rules through ``chess.Board``; the values it takes and gives
(states, decisions, events) are ``gtr_replay.game``'s.
"""

from gtr_replay.engine.core import apply, legal_decisions, pending
from gtr_replay.engine.setup import new_game

__all__ = ["apply", "legal_decisions", "new_game", "pending"]
