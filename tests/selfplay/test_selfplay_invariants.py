"""Random self-play keeps every invariant after every decision, for every ruleset and
player count (issue acceptance; R-COMP-*, R-PATRON-2, R-VAULT-2, R-JACK-3)."""

import pytest

from gtr_replay.engine.scoring import result
from gtr_replay.selfplay import play_one, selfplay

GAMES = 20
END_REASONS = {"deck", "last-site", "all-sites", "catacomb", "win:Forum Romanum"}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
def test_random_games_keep_every_invariant(ruleset, players):
    reasons = set()
    for game in selfplay(ruleset, players, seed="invariants", games=GAMES, check=True):
        assert game.state.over
        assert game.result.reason in END_REASONS
        assert game.result.winners
        reasons.add(game.result.reason)
    assert reasons <= END_REASONS


def test_same_seed_same_games():
    first = [g.decisions for g in selfplay("imperium", 3, seed=11, games=3)]
    again = [g.decisions for g in selfplay("imperium", 3, seed=11, games=3)]
    other = [g.decisions for g in selfplay("imperium", 3, seed=12, games=3)]
    assert first == again
    assert first != other


def test_rulings_reach_the_game():
    game = play_one("republic", ["Ann", "Ben"], "rulings-reach", rulings="deck-end=empty-draw")
    assert game.rulings["deck-end"] == "empty-draw"
    assert result(game.state).reason in END_REASONS
