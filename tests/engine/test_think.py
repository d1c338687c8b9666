"""The Thinker: a Jack, a refill, or one card; the refill size and what raises it (R-THINK-*, R-JACK-5)."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Building, Phase, PlayerState, Think
from gtr_replay.engine.rules import refill_size
from gtr_replay.enums import JACK, Material


def thinks(game):
    return sorted(d.option for d in game.legal() if isinstance(d, Think))


def test_take_a_jack_from_the_pile_R_THINK_1(position):
    state = position(PlayerState("Ann", hand=["Road"]), PlayerState("Bob", hand=["Temple"]), jack_pile=3)
    game = Game(state)
    game.push(Think("Ann", "jack"))
    assert state.players[0].hand == ["Road", JACK] and state.jack_pile == 2


def test_refill_draws_exactly_up_to_the_refill_size_R_THINK_1_R_THINK_2(position):
    state = position(PlayerState("Ann", hand=["Road", "Dock"]), PlayerState("Bob", hand=["Temple"]),
                     deck=["Villa", "Wall", "Bath", "Statue", "Insula"])
    game = Game(state)
    assert thinks(game) == ["refill"]  # no Jack in the pile, fewer than 5 cards
    game.push(Think("Ann", "refill"))
    assert state.players[0].hand == ["Road", "Dock", "Villa", "Wall", "Bath"]
    assert state.deck == ["Statue", "Insula"]


def test_one_card_only_at_or_above_the_refill_size_R_THINK_1(position):
    state = position(PlayerState("Ann", hand=["Road"] * 5), PlayerState("Bob", hand=["Temple"]), jack_pile=1)
    game = Game(state)
    assert thinks(game) == ["draw", "jack"]
    game.push(Think("Ann", "draw"))
    assert len(state.players[0].hand) == 6


def test_refill_size_is_not_a_hand_limit_R_THINK_3(position):
    state = position(PlayerState("Ann", hand=["Road"] * 7), PlayerState("Bob", hand=["Temple"]))
    game = Game(state)
    assert thinks(game) == ["draw"]
    game.push(Think("Ann", "draw"))
    assert len(state.players[0].hand) == 8


def test_jacks_count_toward_the_hand_R_JACK_5_AMB_22(position):
    """Three Order cards and two Jacks make five cards: no refill, only one card."""
    state = position(PlayerState("Ann", hand=["Road", "Dock", "Bath", JACK, JACK]), PlayerState("Bob", hand=["Temple"]))
    assert thinks(Game(state)) == ["draw"]


def test_shrine_and_temple_raise_the_refill_size_R_THINK_3_B_SHRINE_1_B_TEMPLE_1(position):
    shrine = Building("Shrine", Material.BRICK, ["Academy", "Bath"], complete=True)
    temple = Building("Temple", Material.MARBLE, ["Statue"] * 3, complete=True)
    state = position(PlayerState("Ann", hand=["Road"] * 5, buildings=[shrine], influence=[Material.BRICK]),
                     PlayerState("Bob", buildings=[shrine, temple]), PlayerState("Cat", buildings=[temple]))
    game = Game(state)
    assert [refill_size(state, i) for i in range(3)] == [7, 11, 9]
    assert thinks(game) == ["refill"]
    game.push(Think("Ann", "refill"))
    assert len(state.players[0].hand) == 7


def test_an_incomplete_shrine_gives_nothing_R_BUILD_10(position):
    state = position(PlayerState("Ann", hand=["Road"] * 5, buildings=[Building("Shrine", Material.BRICK, ["Bath"])]),
                     PlayerState("Bob"))
    assert refill_size(state, 0) == 5 and thinks(Game(state)) == ["draw"]


def test_leader_think_passes_the_lead_R_TURN_9(position):
    state = position(PlayerState("Ann", hand=["Road"]), PlayerState("Bob", hand=["Temple"]), jack_pile=1)
    game = Game(state)
    game.push(Think("Ann", "jack"))
    assert state.phase is Phase.LEAD and state.leader == 1


def test_a_jack_taken_with_cards_listed_is_refused_not_read_as_the_jack_alone_R_THINK_1(position):
    """A record writing 'Bob thinks: jack [Road]' said Bob drew a Road: a think is one of a
    Jack, a refill or one card (R-THINK-1), so the list cannot be dropped in silence."""
    from gtr_replay.errors import RulesError
    state = position(PlayerState("Ann", hand=["Road"]), PlayerState("Bob", hand=["Villa"]), jack_pile=2)
    game = Game(state)
    before = state.to_dict()
    with pytest.raises(RulesError, match="a think of a Jack draws no card") as refused:
        game.push(Think("Ann", "jack"), drawn=("Road",))
    assert refused.value.rule_ids == ("R-THINK-1",) and state.to_dict() == before
    game.push(Think("Ann", "jack"))
    assert state.players[0].hand == ["Road", "Jack"]
