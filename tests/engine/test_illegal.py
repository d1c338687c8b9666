"""Illegal decisions of every kind: refused with the rule IDs they break, the state left alone,
and the legal choices listed on the error (R-TURN-*, R-PET-*, R-THINK-1, R-PATRON-2, R-VAULT-2,
R-BUILD-*, R-LEG-*, R-CARD-6, AMB-04)."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Add, Building, Demand, Follow, Hire, Lay, Lead, PlayerState, Sell, Think
from gtr_replay.enums import JACK, Material, Role
from gtr_replay.errors import IllegalDecisionError, NotYourDecisionError

BYSTANDER = ["Road", "Dock", "Bath", "Villa", "Temple"]


def leading(position, hand, **kw) -> Game:
    return Game(position(PlayerState("Ann", hand=hand), PlayerState("Bob", hand=list(BYSTANDER)), **kw))


def acting(position, role, ann: PlayerState, **kw) -> Game:
    """Ann has led ``role`` and her actions are about to begin."""
    return Game(position(ann, PlayerState("Bob", hand=list(BYSTANDER)), led=role, played=("Ann",), **kw))


def test_lead_a_card_as_another_role_R_TURN_1(position, illegal):
    error = illegal(leading(position, ["Temple", "Road"]), Lead("Ann", Role.LABORER, ("Temple",)))
    assert isinstance(error, IllegalDecisionError) and error.rule_ids[0] == "R-TURN-1"


def test_lead_a_card_not_in_hand_R_TURN_1(position, illegal):
    assert illegal(leading(position, ["Temple"]), Lead("Ann", Role.MERCHANT, ("Villa",))).rule_ids[0] == "R-TURN-1"


def test_lead_a_jack_as_thinker_R_JACK_1_R_CARD_2(position, illegal):
    error = illegal(leading(position, [JACK, "Road"]), Lead("Ann", "Thinker", (JACK,)))
    assert "R-JACK-1" in error.rule_ids


def test_follow_with_a_card_of_the_wrong_role_R_TURN_2(position, play, illegal):
    game = Game(position(PlayerState("Ann", hand=["Temple"]), PlayerState("Bob", hand=["Road", "Statue"])))
    play(game, Lead("Ann", Role.PATRON, ("Temple",)))
    assert "R-TURN-2" in illegal(game, Follow("Bob", ("Road",))).rule_ids


def test_petition_in_classic_R_PET_3(position, illegal):
    game = leading(position, ["Road", "Insula"], ruleset="classic")
    assert illegal(game, Lead("Ann", Role.PATRON, ("Road", "Insula"))).rule_ids == ("R-PET-3",)


def test_petition_of_two_roles_R_PET_1(position, illegal):
    game = leading(position, ["Road", "Dock"])
    assert illegal(game, Lead("Ann", Role.PATRON, ("Road", "Dock"))).rule_ids == ("R-PET-1",)


def test_petition_of_the_wrong_size_R_PET_2(position, illegal):
    game = leading(position, ["Road", "Insula", "Bar"])
    assert illegal(game, Lead("Ann", Role.PATRON, ("Road", "Insula", "Bar"))).rule_ids == ("R-PET-1", "R-PET-2")


def test_refill_at_the_refill_size_R_THINK_1(position, illegal):
    assert illegal(leading(position, BYSTANDER), Think("Ann", "refill")).rule_ids == ("R-THINK-1",)


def test_draw_one_below_the_refill_size_R_THINK_1(position, illegal):
    assert illegal(leading(position, ["Road"]), Think("Ann", "draw")).rule_ids[0] == "R-THINK-1"


def test_jack_from_an_empty_pile_R_THINK_1(position, illegal):
    assert illegal(leading(position, ["Road"], jack_pile=0), Think("Ann", "jack")).rule_ids[0] == "R-THINK-1"


def test_hire_into_a_full_clientele_R_PATRON_2(position, illegal):
    game = acting(position, Role.PATRON, PlayerState("Ann", camp=["Temple"], clientele=["Road", "Dock"]),
                   pool=["Villa"], settle=False)
    assert illegal(game, Hire("Ann", "Villa")).rule_ids[0] == "R-PATRON-2"


def test_sell_into_a_full_vault_R_VAULT_2(position, illegal):
    game = acting(position, Role.MERCHANT, PlayerState("Ann", camp=["Villa"], stockpile=["Temple"],
                                                        vault=["Road", "Dock"]), settle=False)
    assert illegal(game, Sell("Ann", "Temple")).rule_ids == ("R-VAULT-2",)


def test_lay_with_no_site_left_R_BUILD_2(position, illegal):
    game = acting(position, Role.ARCHITECT, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"]),
                   in_town={Material.CONCRETE: 1}, out_of_town=0)
    assert illegal(game, Lay("Ann", "Villa")).rule_ids == ("R-BUILD-2",)


def test_lay_a_second_building_of_one_name_R_BUILD_2(position, illegal):
    game = acting(position, Role.ARCHITECT, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"],
                                                         buildings=[Building("Villa", Material.STONE)]))
    assert illegal(game, Lay("Ann", "Villa")).rule_ids == ("R-BUILD-2",)


def test_jack_as_material_R_CARD_6_R_JACK_3(position, illegal):
    game = acting(position, Role.CRAFTSMAN, PlayerState("Ann", hand=[JACK, "Road"], camp=["Dock"],
                                                         buildings=[Building("Insula", Material.RUBBLE)]))
    assert illegal(game, Add("Ann", JACK, "Insula")).rule_ids == ("R-CARD-6", "R-JACK-3")


def test_jack_as_foundation_R_CARD_6_R_JACK_3(position, illegal):
    game = acting(position, Role.CRAFTSMAN, PlayerState("Ann", hand=[JACK, "Road"], camp=["Dock"]))
    assert illegal(game, Lay("Ann", JACK)).rule_ids == ("R-CARD-6", "R-JACK-3")


def test_jack_shown_for_a_demand_R_LEG_1_R_CARD_6(position, illegal):
    game = acting(position, Role.LEGIONARY, PlayerState("Ann", hand=[JACK, "School"], camp=["Academy"]))
    assert illegal(game, Demand("Ann", (JACK,))).rule_ids == ("R-LEG-1", "R-CARD-6")


def test_more_demand_cards_than_legionary_actions_R_LEG_6(position, illegal):
    game = acting(position, Role.LEGIONARY, PlayerState("Ann", hand=["School", "Villa"], camp=["Academy"]))
    assert illegal(game, Demand("Ann", ("School", "Villa"))).rule_ids == ("R-LEG-6",)


def test_out_of_town_without_two_actions_R_BUILD_3(position, illegal):
    game = acting(position, Role.ARCHITECT, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"]),
                   in_town={m: 2 for m in Material} | {Material.STONE: 0})
    assert illegal(game, Lay("Ann", "Villa", out_of_town=True)).rule_ids[0] == "R-BUILD-3"


def test_out_of_town_while_in_town_sites_remain_AMB_04(position, illegal):
    game = acting(position, Role.ARCHITECT, PlayerState("Ann", hand=["Villa"], camp=["Tower"], clientele=["Wall"]))
    assert illegal(game, Lay("Ann", "Villa", out_of_town=True)).rule_ids == ("AMB-04",)


def test_acting_out_of_turn_is_not_your_decision_R_TURN_2(position, illegal):
    game = leading(position, ["Temple"])
    error = illegal(game, Lead("Bob", Role.PATRON, ("Temple",)))
    assert isinstance(error, NotYourDecisionError) and "R-TURN-2" in error.rule_ids
    assert error.actor == "Bob" and game.pending().player == "Ann"


def test_wrong_kind_of_decision_now_R_TURN_1(position, illegal):
    game = leading(position, ["Temple"])
    error = illegal(game, Hire("Ann", "Villa"))
    assert isinstance(error, IllegalDecisionError) and error.rule_ids == ("R-TURN-1",)


def test_the_error_lists_the_legal_choices(position):
    game = leading(position, ["Temple", "Road"])
    with pytest.raises(IllegalDecisionError) as info:
        game.push(Lead("Ann", Role.LABORER, ("Temple",)))
    assert info.value.legal == game.legal()
    assert Lead("Ann", Role.PATRON, ("Temple",)) in info.value.legal
    assert Lead("Ann", Role.LABORER, ("Road",)) in info.value.legal
    assert Think("Ann", "refill") in info.value.legal
    assert "R-TURN-1" in str(info.value)


def test_a_prompt_s_kinds_read_as_a_player_s_verbs():
    from gtr_replay.game.decisions import Gather, Hire, Lead, TakeFromDeck, TakeFromPool, Think, TearDown, kind_words
    assert kind_words((Lead, Think)) == "lead or think"
    assert kind_words((Gather, Hire, TakeFromDeck)) == "gather, hire or take"
    assert kind_words((TakeFromPool, TakeFromDeck, TearDown)) == "take or tear down"
    assert kind_words((Gather,)) == "gather"
