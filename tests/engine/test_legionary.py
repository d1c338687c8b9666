"""The Legionary: every demand shown at once, the optional Pool take (one per demanded card),
the neighbours who give, and the revealed card staying in hand (R-LEG-*, AMB-09, AMB-10, AMB-12)."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Demand, Follow, Give, Lead, Pass, Phase, PlayerState, TakeFromPool, Think
from gtr_replay.enums import JACK, Role, Zone
from gtr_replay.errors import NotYourDecisionError


NAMES = {"Give": Give, "Lead": Lead, "Pass": Pass, "Role": Role, "Zone": Zone}


def legionary_turn(position, ann_hand=("School", "Villa", "Garden"), bob_hand=("Bath", "Shrine", "Sewer", "Road"),
                   cat_hand=("Road", "Dock"), pool=("Atrium", "Gate", "Prison", "Road"), **kw):
    """Ann has led Legionary (Academy in her camp) and has a Legionary client: two actions.
    Bob sits on her left, Cat on her right."""
    return position(PlayerState("Ann", hand=list(ann_hand), camp=["Academy"], clientele=["Bath"]),
                    PlayerState("Bob", hand=list(bob_hand)), PlayerState("Cat", hand=list(cat_hand)),
                    pool=list(pool), led=Role.LEGIONARY, played=("Ann",), **kw)


def test_all_demands_are_shown_at_once_R_LEG_1_R_LEG_6(position, play):
    state = legionary_turn(position)
    game = Game(state)
    demands = [d for d in game.legal() if isinstance(d, Demand)]
    assert max(len(d.cards) for d in demands) == 2  # two actions, two cards at most
    events = play(game, Demand("Ann", ("School", "Villa")))
    assert [e.text for e in events if e.kind == "demand"] == ["Brick, Stone"]
    assert state.phase is Phase.POOL  # the Pool comes first, then the neighbours


def test_pool_take_is_optional_and_one_per_demanded_card_R_LEG_2_AMB_09_AMB_12(position, play):
    state = legionary_turn(position)
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")))
    assert Pass("Ann") in game.legal()
    play(game, TakeFromPool("Ann", "Atrium"))
    # Brick is used up: Gate is no longer offered, Stone still is.
    assert game.legal() == [TakeFromPool("Ann", "Prison"), Pass("Ann")]
    play(game, TakeFromPool("Ann", "Prison"))
    assert state.players[0].stockpile == ["Atrium", "Prison"]
    assert state.pool == ["Gate", "Road"]


def test_a_pass_skips_the_pool_R_LEG_2(position, play):
    state = legionary_turn(position)
    game = Game(state)
    play(game, Demand("Ann", ("School",)), Pass("Ann"))
    assert state.phase is Phase.GIVE and state.pool == ["Atrium", "Gate", "Prison", "Road"]


def test_a_neighbour_gives_to_the_demander_not_to_another_player_R_LEG_3(position, play):
    """000 §DEMANDING MATERIALS: "If your neighbors (the players sitting left and right of you)
    have one or more cards of the color you are demanding in their hand then they must give
    one to you": the cards go to the demander. In a game of three, Ann demands and Bob, her left
    neighbour, giving to Cat (her other neighbour) is refused, citing R-LEG-3, and nothing
    moves; his give to Ann is accepted."""
    from gtr_replay.errors import RulesError

    state = legionary_turn(position, cat_hand=("Atrium", "Road"))
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")), Pass("Ann"))
    with pytest.raises(RulesError) as refused:
        game.push(Give("Bob", ("Shrine", "Sewer"), "Cat"))
    assert "R-LEG-3" in refused.value.rule_ids and "answers Ann's demand" in refused.value.message
    assert state.players[1].hand == ["Bath", "Shrine", "Sewer", "Road"] and state.players[2].hand == ["Atrium", "Road"]
    assert Give("Bob", ("Sewer", "Shrine"), "Cat") not in game.legal()
    play(game, Give("Bob", ("Shrine", "Sewer"), "Ann"))
    assert sorted(state.players[0].stockpile) == ["Atrium", "Sewer", "Shrine"]


def test_both_neighbours_give_and_the_victim_chooses_R_LEG_3_R_LEG_8_AMB_10(position, play):
    state = legionary_turn(position, cat_hand=("Atrium", "Road"))
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")), Pass("Ann"))
    assert state.players[state.current].name == "Bob"  # the left neighbour answers first
    assert game.legal() == [Give("Bob", ("Bath", "Sewer"), "Ann"), Give("Bob", ("Sewer", "Shrine"), "Ann")]
    play(game, Give("Bob", ("Shrine", "Sewer"), "Ann"))
    # Cat had one way to answer (her only Brick), so the engine gave it for her.
    assert sorted(state.players[0].stockpile) == ["Atrium", "Sewer", "Shrine"]
    assert state.players[1].hand == ["Bath", "Road"] and state.players[2].hand == ["Road"]


def test_a_neighbour_with_nothing_says_glory_to_rome_R_LEG_3(position, play):
    state = legionary_turn(position, bob_hand=("Road",), cat_hand=("Dock",))
    game = Game(state)
    events = play(game, Demand("Ann", ("School",)), Pass("Ann"))
    assert [e.player for e in events if e.kind == "glory"] == ["Bob", "Cat"]
    assert state.players[0].stockpile == []


def test_the_revealed_card_stays_in_hand_R_LEG_4(position, play):
    state = legionary_turn(position)
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")), Pass("Ann"), Give("Bob", ("Bath", "Sewer"), "Ann"))
    assert state.players[0].hand == ["School", "Villa", "Garden"]


def test_two_players_the_one_neighbour_gives_once_per_demand_R_LEG_5(position, play):
    state = position(PlayerState("Ann", hand=["School"], camp=["Academy"]),
                     PlayerState("Bob", hand=["Bath", "Shrine", "Road"]), led=Role.LEGIONARY, played=("Ann",))
    game = Game(state)
    play(game, Demand("Ann", ("School",)))  # nothing Brick in the Pool: straight to Bob
    assert game.legal() == [Give("Bob", ("Bath",), "Ann"), Give("Bob", ("Shrine",), "Ann")]
    play(game, Give("Bob", ("Bath",), "Ann"))
    assert state.players[0].stockpile == ["Bath"] and state.players[1].hand == ["Shrine", "Road"]


def test_a_partial_holder_gives_what_they_have_R_LEG_6(position, play):
    """Two Brick demanded; Bob holds one Brick, so he gives just that one."""
    state = legionary_turn(position, ann_hand=("School", "Shrine"), bob_hand=("Bath", "Road"), cat_hand=("Dock",),
                           pool=())
    game = Game(state)
    play(game, Demand("Ann", ("School", "Shrine")))
    assert sorted(state.players[0].stockpile) == ["Bath"] and state.players[1].hand == ["Road"]


def test_a_holder_of_as_many_as_demanded_gives_them_all_R_LEG_6(position, play):
    """Two Brick demanded; Bob holds two Brick and a Rubble, so his one answer is both Brick,
    and the engine makes it, after Ann's pass: the Pool holds nothing to take (R-LEG-2)."""
    state = legionary_turn(position, ann_hand=("School", "Shrine"), bob_hand=("Bath", "Road", "Shrine"),
                           cat_hand=("Dock",), pool=())
    game = Game(state)
    applied = game.push(Demand("Ann", ("School", "Shrine")))
    assert [f.decision for f in applied.forced][:2] == [Pass("Ann"), Give("Bob", ("Bath", "Shrine"), "Ann")]
    assert sorted(state.players[0].stockpile) == ["Bath", "Shrine"] and state.players[1].hand == ["Road"]


def test_the_engines_own_give_is_told_as_a_decision_that_reads_back(position, play):
    """The 'auto' event of a forced answer holds the decision as Python that reads back,
    its zone and role words included (``gtr_replay.game.decisions``)."""
    state = legionary_turn(position, ann_hand=("School", "Shrine"), bob_hand=("Bath", "Road"), cat_hand=("Dock",),
                           pool=())
    game = Game(state)
    events = play(game, Demand("Ann", ("School", "Shrine")))
    told = [eval(e.text, NAMES) for e in events if e.kind == "auto"]
    assert told[:2] == [Pass("Ann"), Give("Bob", ("Bath",), "Ann")]  # nothing to take from the Pool
    for decision, word in ((Give("Bob", ("Bath",), "Ann", Zone.STOCKPILE), "Zone.STOCKPILE"),
                           (Lead("Ann", Role.LEGIONARY, ("School",)), "Role.LEGIONARY")):
        assert word in repr(decision) and eval(repr(decision), NAMES) == decision


def test_duplicate_demands_take_two_from_the_pool_R_LEG_6_AMB_09(position, play):
    state = legionary_turn(position, ann_hand=("School", "Shrine"), bob_hand=("Road",), cat_hand=("Dock",))
    game = Game(state)
    play(game, Demand("Ann", ("School", "Shrine")), TakeFromPool("Ann", "Atrium"), TakeFromPool("Ann", "Gate"))
    assert state.players[0].stockpile == ["Atrium", "Gate"]


def test_extra_legionary_actions_are_lost_without_order_cards_R_LEG_7(position):
    state = legionary_turn(position, ann_hand=("School", JACK))
    game = Game(state)
    demands = [d for d in game.legal() if isinstance(d, Demand)]
    assert demands == [Demand("Ann", ("School",))]


def test_cards_lost_to_an_earlier_demand_are_gone_before_the_victims_actions_R_LEG_10(position, play):
    state = position(PlayerState("Ann", hand=["Academy", "School"]),
                     PlayerState("Bob", hand=["Bath", "Shrine", "Gate", "Road"]), pool=[])
    game = Game(state)
    play(game, Lead("Ann", Role.LEGIONARY, ("Academy",)), Follow("Bob", ("Bath",)))
    play(game, Demand("Ann", ("School",)), Give("Bob", ("Shrine",), "Ann"))
    # Bob's own action comes after: Shrine has left his hand and cannot be shown.
    assert [d for d in game.legal() if isinstance(d, Demand)] == [
        Demand("Bob", ("Gate",)), Demand("Bob", ("Road",))]


def test_the_giver_chooses_by_default_AMB_10(position, play):
    state = legionary_turn(position)
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")), Pass("Ann"))
    assert game.pending().player == "Bob"
    with pytest.raises(NotYourDecisionError):
        play(game, Give("Ann", ("Bath", "Sewer"), "Ann"))


def test_no_legionary_means_no_think_after_leading_R_TURN_1(position, play):
    """A thinking leader never demands: the turn passes with nothing taken."""
    state = position(PlayerState("Ann", hand=["Academy"]), PlayerState("Bob", hand=["Bath"]), jack_pile=1)
    game = Game(state)
    play(game, Think("Ann", "jack"))
    assert state.players[1].hand == ["Bath"] and state.leader == 1



def test_a_revealed_card_can_still_be_demanded_later_AMB_41_R_LEG_4(position, play):
    """Ann keeps the School she showed; Bob, acting after her, demands Brick and gets it."""
    state = position(PlayerState("Ann", hand=["Academy", "School", "Road"]),
                     PlayerState("Bob", hand=["Bath", "Shrine", "Road"]), pool=[])
    game = Game(state)
    play(game, Lead("Ann", Role.LEGIONARY, ("Academy",)), Follow("Bob", ("Bath",)), Demand("Ann", ("School",)))
    play(game, Demand("Bob", ("Road",)))  # Ann gives her only Rubble by herself
    assert state.players[0].hand == ["School"] and state.players[1].stockpile == ["Road"]


def test_a_wrong_give_after_the_engine_answered_for_both_neighbours_is_refused_for_its_own_answer(position):
    """R-LEG-3, 000 Demanding Materials: "If your neighbors ... have one or more cards of the color
    you are demanding in their hand then they must give one to you." Bob and Cat each held one
    Brick, so the engine gave both for them and the turn ended. A record then writing Cat giving
    a Wood card is refused for Cat's own answer (she had to give her Brick), not for Bob's,
    which the engine made first in a state where Cat's turn to answer had not come."""
    state = legionary_turn(position, bob_hand=("Shrine", "Road"), cat_hand=("Atrium", "Dock"))
    game = Game(state)
    game.explaining = True
    game.push(Demand("Ann", ("School",)))
    game.push(Pass("Ann"))
    assert game.restates(Give("Bob", ("Shrine",), "Ann")) and game.restates(Give("Cat", ("Atrium",), "Ann"))
    wrong = Give("Cat", ("Dock",), "Ann")
    problem = game.check(wrong)
    assert problem is not None
    found = game.refusal(wrong, problem)
    assert found.message.endswith("the engine made Cat's only answer to this demand"), found.message
    assert "Bob" not in found.message, found.message
