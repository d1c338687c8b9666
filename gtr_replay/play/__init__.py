"""Player programs and the judge of recorded decisions (``gtr analyse``, ``gtr selfplay --seats``).

``choose(game, seat, rng) -> Decision`` is the one interface (``players.Player``):
``RandomPlayer``, ``GreedyPlayer`` and the search player ``SearchPlayer``, each deciding from
what its seat may know (``knowledge``). ``player_named("bot:400")`` makes one from how a seat
list writes it.
"""

from gtr_replay.play.knowledge import determinize, unseen_by
from gtr_replay.play.players import GreedyPlayer, Player, RandomPlayer
from gtr_replay.play.search import DEFAULT_PLAYOUTS, Evaluation, SearchPlayer
from gtr_replay.play.seats import player_named, seat_players

__all__ = ["DEFAULT_PLAYOUTS", "Evaluation", "GreedyPlayer", "Player", "RandomPlayer", "SearchPlayer",
           "determinize", "player_named", "seat_players", "unseen_by"]
