"""The search player's budget: playouts counted, a time limit, the decision judged in focus."""

from __future__ import annotations

import random

import pytest

from gtr_replay.errors import UsageError
from gtr_replay.play import SearchPlayer

from tests.play.positions import CATACOMB, decision_at, forum_romanum


def test_the_budget_is_the_playouts_made():
    game, seat, _ = decision_at(CATACOMB, 4)
    evaluation = SearchPlayer(10, depth=2).evaluate(game, seat, random.Random(1))
    assert evaluation.playouts == 10 == sum(a.tries for a in evaluation.arms)


def test_a_time_limit_stops_the_search_after_the_first_playout_once_spent():
    game, seat, _ = decision_at(CATACOMB, 4)
    assert SearchPlayer(50, seconds=0, depth=2).evaluate(game, seat, random.Random(1)).playouts == 1


def test_the_decision_judged_is_tried_as_much_as_the_best_where_the_budget_allows():
    game, seat, played = decision_at(forum_romanum(action="You lays Basilica on Marble"), 3)
    evaluation = SearchPlayer(40, depth=4).evaluate(game, seat, random.Random(2), focus=played)
    assert evaluation.focus is not None and evaluation.focus.decision == played
    assert evaluation.best is not evaluation.focus
    assert evaluation.focus.tries >= 10


@pytest.mark.parametrize("kwargs, words", [({"playouts": 0}, "at least 1"), ({"depth": -1}, "give 0"),
                                           ({"policy": "smart"}, "no playout policy")])
def test_impossible_settings_are_refused_in_words(kwargs, words):
    with pytest.raises(UsageError, match=words):
        SearchPlayer(**kwargs)
