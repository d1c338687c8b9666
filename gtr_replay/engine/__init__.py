"""The rules engine: who must decide, what is legal, and what a decision does.

Outside this package the rules are reached through ``Game`` alone (``engine.game``), as a
chess program reaches its rules through ``chess.Board``; the values it takes and gives
(states, decisions, events, results) are ``gtr_replay.game``'s. The other names here are
what a ``Game`` hands back (``Applied``, ``ForcedStep``, ``Prompt``), the errors it may raise
beside ``RulesError``, and the name of the shuffle a ``Deck`` tag may give.
"""

from gtr_replay.engine.core import Applied, ForcedStep, Prompt
from gtr_replay.engine.game import Game
from gtr_replay.engine.invariants import InvariantError
from gtr_replay.engine.setup import SHUFFLE_ALGORITHM
from gtr_replay.engine.unseen import AllPlaced

__all__ = ["SHUFFLE_ALGORITHM", "AllPlaced", "Applied", "ForcedStep", "Game", "InvariantError", "Prompt"]
