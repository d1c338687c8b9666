"""Patron and Laborer: hiring from the Pool within the clientele limit, gathering into the
stockpile, and clients hired this turn waiting a turn (R-PATRON-*, R-LAB-*, R-ACT-2)."""

from gtr_replay.engine import Game
from gtr_replay.game import Building, Follow, Gather, Hire, Lead, Pass, PlayerState, Think
from gtr_replay.engine.rules import clientele_limit, influence
from gtr_replay.enums import Material, Role

NO_PATRON = ["Road", "Dock", "Bath", "Tower", "Villa"]
"""Five cards of five other roles: with no Jack in the pile the holder can only draw one card."""
NO_LABORER = ["Temple", "Dock", "Bath", "Tower", "Villa"]


def test_patron_hires_a_pool_card_into_the_clientele_R_PATRON_1(position, play):
    state = position(PlayerState("Ann", hand=["Temple"]), PlayerState("Bob", hand=NO_PATRON),
                     pool=["Villa", "Road"])
    game = Game(state)
    play(game, Lead("Ann", Role.PATRON, ("Temple",)), Think("Bob", "draw"), Hire("Ann", "Villa"))
    assert state.players[0].clientele == ["Villa"] and state.pool == ["Road", "Temple"]  # after cleanup


def test_clientele_limit_is_influence_R_PATRON_2_R_INF_1(position, illegal):
    state = position(PlayerState("Ann", clientele=["Road", "Dock"], camp=["Temple"]),
                     PlayerState("Bob", clientele=["Road", "Dock"], influence=[Material.STONE], camp=["Statue"]),
                     pool=["Villa", "Wall"], led=Role.PATRON, played=("Ann", "Bob"))
    game = Game(state)
    assert influence(state, 0) == 2 and clientele_limit(state, 0) == 2
    assert influence(state, 1) == 5 and clientele_limit(state, 1) == 5
    # Ann is full: her only legal choice was to pass, which the engine made for her.
    assert state.players[state.current].name == "Bob" and state.players[0].clientele == ["Road", "Dock"]
    assert Hire("Bob", "Villa") in game.legal()


def test_patron_with_an_empty_pool_does_nothing_R_PATRON_3(position, play):
    state = position(PlayerState("Ann", hand=["Temple", "Statue"], clientele=["Palace"]),
                     PlayerState("Bob", hand=NO_PATRON))
    game = Game(state)
    events = play(game, Lead("Ann", Role.PATRON, ("Temple",)), Think("Bob", "draw"))
    # Ann's two actions find nothing to hire, so the engine passes them and the turn ends.
    assert state.leader == 1 and state.players[0].clientele == ["Palace"]
    assert any(e.kind == "auto" and "Pass" in e.text for e in events)


def test_client_hired_this_turn_does_not_act_this_turn_R_ACT_2(position, play):
    """Ann leads Patron with no clients and hires a Patron card: she keeps one action, so the
    turn ends at once with the second Pool card still there."""
    state = position(PlayerState("Ann", hand=["Temple", "Statue"]), PlayerState("Bob", hand=NO_PATRON),
                     pool=["Palace", "Villa"])
    game = Game(state)
    events = play(game, Lead("Ann", Role.PATRON, ("Temple",)), Think("Bob", "draw"), Hire("Ann", "Palace"))
    assert [(e.player, e.value) for e in events if e.kind == "actions"] == [("Ann", 1)]
    assert state.leader == 1 and state.pool == ["Villa", "Temple"]
    assert state.players[0].clientele == ["Palace"]


def test_client_hired_last_turn_acts_as_leader_or_thinker_R_ACT_1_R_ACT_2(position, play):
    state = position(PlayerState("Ann", hand=["Temple", "Statue"]), PlayerState("Bob", hand=["Temple", "Road"]),
                     pool=["Palace", "Villa", "Wall", "Tower"])
    game = Game(state)
    play(game, Lead("Ann", Role.PATRON, ("Temple",)), Think("Bob", "refill"), Hire("Ann", "Palace"))
    assert state.leader == 1 and state.players[0].hired == []
    events = play(game, Lead("Bob", Role.PATRON, ("Temple",)), Think("Ann", "refill"))
    assert [(e.player, e.value) for e in events if e.kind == "actions"] == [("Bob", 1)]
    events = play(game, Hire("Bob", "Villa"))
    assert [(e.player, e.value) for e in events if e.kind == "actions"] == [("Ann", 1)]
    play(game, Hire("Ann", "Wall"))
    assert state.players[0].clientele == ["Palace", "Wall"]


def test_laborer_gathers_pool_cards_until_the_pool_is_empty_R_LAB_1_R_LAB_2(position, play):
    state = position(PlayerState("Ann", hand=["Road"], clientele=["Insula"]),
                     PlayerState("Bob", hand=["Bar"], clientele=["Insula"]), pool=["Villa", "Wall", "Tower"])
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Follow("Bob", ("Bar",)),
         Gather("Ann", "Villa"), Gather("Ann", "Wall"), Gather("Bob", "Tower"))
    # Bob's second action finds the Pool empty: it passes by itself and the turn ends.
    assert state.players[0].stockpile == ["Villa", "Wall"] and state.players[1].stockpile == ["Tower"]
    assert state.pool == ["Road", "Bar"] and state.leader == 1


def test_stockpile_has_no_limit_R_LAB_3(position, play):
    state = position(PlayerState("Ann", hand=["Road"], stockpile=["Villa"] * 12, clientele=["Insula"]),
                     PlayerState("Bob", hand=NO_LABORER), pool=["Wall", "Tower"])
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Think("Bob", "draw"), Gather("Ann", "Wall"), Gather("Ann", "Tower"))
    assert len(state.players[0].stockpile) == 14


def test_a_completed_building_raises_the_clientele_limit_R_INF_1_R_BUILD_9(position):
    built = Building("Insula", Material.RUBBLE, ["Road"], complete=True)
    state = position(PlayerState("Ann", buildings=[built], influence=[Material.RUBBLE]), PlayerState("Bob"))
    assert influence(state, 0) == 3


def test_pass_ends_the_patron_actions_R_TURN_7(position, play):
    state = position(PlayerState("Ann", hand=["Temple"], clientele=["Statue"], influence=[Material.STONE]),
                     PlayerState("Bob", hand=NO_PATRON), pool=["Villa", "Wall"])
    game = Game(state)
    play(game, Lead("Ann", Role.PATRON, ("Temple",)), Think("Bob", "draw"), Hire("Ann", "Villa"), Pass("Ann"))
    assert state.players[0].clientele == ["Statue", "Villa"] and state.leader == 1
