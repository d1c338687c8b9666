"""``Game.legal`` and ``Game.push``: a decision the game has just listed is pushed without being
checked again (a search pushes thousands), and only until the game moves."""

from __future__ import annotations

import random

import pytest

from gtr_replay.engine import Game
from gtr_replay.engine.core import legal_decisions
from gtr_replay.errors import RulesError


def test_a_decision_listed_before_the_game_moved_is_checked_again():
    game = Game.new("republic", ["Ann", "Ben"], seed="listed")
    listed = game.legal()
    game.push(listed[0])
    stale = [d for d in listed if game.check(d) is not None]
    assert stale  # the leader's other leads and thinks: the game waits for the follower now
    for decision in stale:
        with pytest.raises(RulesError):
            game.push(decision)


def test_a_listed_decision_plays_as_an_equal_one_built_anew():
    listed_game = Game.new("classic", ["Ann", "Ben", "Cid"], seed="listed")
    built_game = listed_game.copy()
    for _ in range(40):
        if listed_game.over:
            break
        listed = listed_game.legal()
        choice = listed[len(listed) // 2]
        rebuilt = type(choice)(**{name: getattr(choice, name) for name in choice.__dataclass_fields__})
        assert rebuilt == choice and rebuilt is not choice
        assert [e.text for e in listed_game.push(choice).events] == [e.text for e in built_game.push(rebuilt).events]
    assert listed_game.state.to_dict() == built_game.state.to_dict()


@pytest.mark.parametrize("ruleset, players, expansion", [
    ("classic", 3, None), ("republic", 2, None), ("imperium", 4, None), ("republic", 5, "geek"), ("imperium", 3, "geek")])
def test_a_random_legal_decision_is_the_one_a_choice_from_the_listed_ones_draws(ruleset, players, expansion):
    names = ["Ann", "Ben", "Cid", "Dee", "Eve"][:players]
    listing = Game.new(ruleset, names, seed=f"random-{ruleset}", expansion=expansion)
    drawing = listing.copy()
    by_choice, by_draw = random.Random("same"), random.Random("same")
    kinds = set()
    while not listing.over:
        chosen = by_choice.choice(listing.legal())
        drawn = drawing.random_legal(by_draw)
        assert drawn == chosen
        kinds.add(type(drawn).__name__)
        listing.push(chosen)
        drawing.push(drawn)
    assert drawing.over and drawing.random_legal(by_draw) is None
    assert listing.state.to_dict() == drawing.state.to_dict()
    assert {"Lead", "Follow", "Think"} <= kinds and len(kinds) >= 6


def test_a_drawn_decision_is_pushed_unchecked_only_until_the_game_moves():
    game = Game.new("republic", ["Ann", "Ben"], seed="drawn")
    drawn = game.random_legal(random.Random(1))
    game.push(drawn)
    with pytest.raises(RulesError):
        game.push(drawn)  # the leader's decision again, now the follower's turn


@pytest.mark.parametrize("ruleset, players", [("classic", 4), ("republic", 3), ("imperium", 2)])
def test_the_choices_a_push_counted_are_the_legal_decisions_of_the_state_it_left(ruleset, players):
    """A push that looked for a forced action keeps what it counted for the next decision
    (``Game.legal``, ``Game.random_legal`` read it): always what the state allows afresh."""
    game = Game.new(ruleset, ["Ann", "Ben", "Cid", "Dee"][:players], seed=f"counted-{ruleset}")
    rng = random.Random(ruleset)
    kept = 0
    while not game.over:
        kept += game._choices is not None
        assert game.legal() == legal_decisions(game.state)
        game.push(game.random_legal(rng))
    assert kept > 20


def test_a_game_pickled_with_the_choices_it_counted_plays_on_alike():
    """A game sent to another process leaves behind what it counted for the next decision."""
    import pickle

    game = Game.new("republic", ["Ann", "Ben", "Cid"], seed="pickled")
    rng = random.Random("pickled")
    while game._choices is None:
        game.push(game.random_legal(rng))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.legal() == game.legal() and copy.state.to_dict() == game.state.to_dict()
    for _ in range(30):
        decision = game.random_legal(rng)
        copy.push(decision)
        game.push(decision)
    assert copy.state.to_dict() == game.state.to_dict()
