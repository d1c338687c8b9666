"""Setting up a game from a known deck order (R-SETUP-*, R-JACK-4, AMB-06, AMB-07, EX-CL-SETUP-1)."""

from collections import Counter

import pytest

from gtr_replay.engine.setup import new_game
from gtr_replay.game import Phase
from gtr_replay.engine.invariants import check_invariants
from gtr_replay.enums import JACK, MATERIALS
from gtr_replay.errors import UsageError

PLAYERS = ["Ann", "Bob", "Cat"]
HANDS = ["Insula"] * 5 + ["Dock"] * 5 + ["Market"] * 5
"""Republic hands in seat order: the hands are dealt before the leader draw (R-SETUP-7)."""


def test_republic_hands_jacks_and_sites_R_SETUP_2_R_SETUP_4_R_JACK_4(stacked_deck):
    """Republic: five Order cards each in seat order, all six Jacks in the pile, N Sites of each
    material in town and the rest of the six out of town."""
    deck = stacked_deck("republic", HANDS + ["Bar", "Road", "Palisade"])
    state, _ = new_game("republic", PLAYERS, deck=deck)
    assert [p.hand for p in state.players] == [["Insula"] * 5, ["Dock"] * 5, ["Market"] * 5]
    assert state.jack_pile == 6 and state.jacks_out == 0
    assert all(state.sites_in_town[m] == 3 and state.sites_out_of_town[m] == 3 for m in MATERIALS)
    assert not any(state.sites_out_of_game.values())
    check_invariants(state)


def test_leader_draw_goes_to_the_pool_R_SETUP_5_R_SETUP_6(stacked_deck):
    """One card per player into the Pool after the hands; the first in the alphabet leads, and the
    rest of the deck is the draw pile."""
    deck = stacked_deck("republic", HANDS + ["Road", "Bar", "Palisade"])
    state, _ = new_game("republic", PLAYERS, deck=deck)
    assert state.pool == ["Road", "Bar", "Palisade"]
    assert state.leader == 1 and state.current == 1 and state.phase is Phase.LEAD
    assert len(state.deck) == 144 - 15 - 3
    assert all(p.influence == [] for p in state.players)  # Influence 2 needs no Site card (R-SETUP-11)


def test_imperium_four_orders_and_a_jack_each_pile_six_minus_n_R_SETUP_3_R_JACK_4(fresh_game):
    for n in (2, 3, 4, 5):
        state = fresh_game("imperium", ["Ann", "Bob", "Cat", "Dan", "Eve"][:n])
        for player in state.players:
            assert Counter(player.hand)[JACK] == 1 and len(player.hand) == 5
        assert state.jack_pile == 6 - n and state.jacks_out == 0
        assert all(state.sites_in_town[m] == n and state.sites_out_of_town[m] == 6 - n for m in MATERIALS)
        check_invariants(state)


def test_classic_leader_draw_first_then_four_orders_and_a_jack_R_SETUP_8_R_SETUP_9(stacked_deck):
    """Classic deals the leader draw before the hands; the spare Jacks leave play."""
    deck = stacked_deck("classic", ["Road", "Bar", "Palisade"] + ["Insula"] * 4 + ["Dock"] * 4 + ["Market"] * 4)
    state, _ = new_game("classic", PLAYERS, deck=deck)
    assert state.pool == ["Road", "Bar", "Palisade"]
    assert state.leader == 1
    assert [p.hand for p in state.players] == [["Insula"] * 4 + [JACK], ["Dock"] * 4 + [JACK],
                                              ["Market"] * 4 + [JACK]]
    assert state.jack_pile == 0 and state.jacks_out == 2
    check_invariants(state)


def test_classic_three_players_use_18_sites_EX_CL_SETUP_1_R_SETUP_10(fresh_game):
    state = fresh_game("classic", PLAYERS)
    assert sum(state.sites_in_town.values()) == 18
    assert sum(state.sites_out_of_game.values()) == 12
    assert not any(state.sites_out_of_town.values())
    assert len(state.pool) >= 3 and state.jack_pile == 0


TIE = HANDS + ["Academy", "Academy", "Bar", "Road", "Bath", "Atrium"]
"""Ann and Bob both draw Academy; Cat's Bar loses. The next cards are Road, Bath, Atrium."""


def test_leader_tie_redeals_to_tied_players_only_R_SETUP_5_AMB_07(stacked_deck):
    state, _ = new_game("republic", PLAYERS, deck=stacked_deck("republic", TIE))
    assert state.pool == ["Academy", "Academy", "Bar", "Road", "Bath"]
    assert state.leader == 1  # Bath beats Road; Cat took no part in the redeal
    assert state.deck[0] == "Atrium"


def test_leader_tie_repeats_while_still_tied_AMB_07(stacked_deck):
    deck = stacked_deck("republic", HANDS + ["Academy", "Academy", "Bar", "Road", "Road", "Dock", "Bath"])
    state, _ = new_game("republic", PLAYERS, deck=deck)
    assert state.pool == ["Academy", "Academy", "Bar", "Road", "Road", "Dock", "Bath"]
    assert state.leader == 1


def test_leader_draw_compares_building_names_space_first_AMB_06(stacked_deck):
    """'Circus' comes before 'Circus Maximus' (a space sorts before any letter)."""
    hands = ["Insula"] * 4 + ["Dock"] * 4
    deck = stacked_deck("imperium", hands + ["Circus Maximus", "Circus"])
    state, _ = new_game("imperium", ["Ann", "Bob"], deck=deck)
    assert state.leader == 1


def test_leader_draw_by_building_name_not_role_AMB_06(stacked_deck):
    """Academy (a Legionary card) beats Road (a Laborer card) by its name."""
    deck = stacked_deck("republic", ["Dock"] * 5 + ["Market"] * 5 + ["Road", "Academy"])
    state, _ = new_game("republic", ["Ann", "Bob"], deck=deck)
    assert state.leader == 1


@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_card_accounted_for_after_setup_R_COMP_1_R_COMP_2(fresh_game, ruleset, n):
    state = fresh_game(ruleset, ["Ann", "Bob", "Cat", "Dan", "Eve"][:n], seed=f"setup-{n}")
    check_invariants(state)
    assert state.turn == 1 and state.players[state.leader].name == state.players[state.current].name


def test_player_count_and_deck_are_checked_R_COMP_3(stacked_deck):
    with pytest.raises(UsageError):
        new_game("republic", ["Ann"], seed="x")
    with pytest.raises(UsageError):
        new_game("republic", ["Ann", "Bob"], deck=stacked_deck("republic", [])[:-1])
