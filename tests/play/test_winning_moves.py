"""The search player finds the one decision that wins at once, at a small budget."""

from __future__ import annotations

import random

import pytest

from gtr_replay.game.decisions import same_decision
from gtr_replay.play import GreedyPlayer, SearchPlayer
from gtr_replay.play.analysis import judge, positions

from tests.play.positions import (CATACOMB, PLEBIAN_COUNCIL, decision_at, forum_romanum, record_of)

WINNING = [
    pytest.param(forum_romanum(), 3, id="forum-romanum"),
    pytest.param(CATACOMB, 4, id="catacomb-while-ahead"),
    pytest.param(PLEBIAN_COUNCIL, 4, id="plebian-council"),
]


@pytest.mark.parametrize("text, at", WINNING)
def test_the_search_player_chooses_the_winning_decision(text, at):
    game, seat, winning = decision_at(text, at)
    legal = game.legal()
    assert len(legal) >= 3  # a real choice: a random pick would miss it
    chosen = SearchPlayer(24, depth=8).choose(game, seat, random.Random(5))
    assert same_decision(chosen, winning)


@pytest.mark.parametrize("text, at", WINNING)
def test_the_greedy_player_chooses_the_winning_decision_too(text, at):
    game, seat, winning = decision_at(text, at)
    assert same_decision(GreedyPlayer().choose(game, seat, random.Random(5)), winning)


@pytest.mark.parametrize("text, at", WINNING)
def test_the_judge_finds_the_winning_decision_certain(text, at):
    judgement = judge(positions(record_of(text), at=at)[0], budget=24, seed="1")
    assert judgement.best == judgement.played
    assert judgement.chance_played == 1.0
    assert judgement.mark is None


def test_a_decision_that_misses_the_win_is_marked_a_blunder_naming_the_win():
    text = forum_romanum(action="You lays Basilica on Marble")
    judgement = judge(positions(record_of(text), at=3)[0], budget=24, seed="1")
    assert judgement.best == "You adds Basilica to Forum Romanum"
    assert judgement.chance_best == 1.0
    assert judgement.mark == "??"
