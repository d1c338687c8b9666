"""Architect and Craftsman: laying foundations on Sites, out of town, adding matching
material, and completion with its Influence (R-ARCH-1, R-CRAFT-1, R-BUILD-*, R-INF-1)."""

from gtr_replay.engine import Game
from gtr_replay.game import Add, Building, Lay, Lead, Pass, PlayerState, Think
from gtr_replay.engine.rules import influence
from gtr_replay.enums import JACK, Material, Role

NO_ARCHITECT = ["Road", "Dock", "Bath", "Villa", "Temple"]
NO_CRAFTSMAN = ["Road", "Tower", "Bath", "Villa", "Temple"]


def architect_turn(position, ann: PlayerState, **kw):
    """Ann has already led Architect (camp card played), with Bob a bystander."""
    return position(ann, PlayerState("Bob", hand=NO_ARCHITECT), led=Role.ARCHITECT, played=("Ann",), **kw)


def craftsman_turn(position, ann: PlayerState, **kw):
    return position(ann, PlayerState("Bob", hand=NO_CRAFTSMAN), led=Role.CRAFTSMAN, played=("Ann",), **kw)


def test_architect_lays_a_foundation_on_a_site_of_its_material_R_ARCH_1_R_BUILD_1(position, play):
    state = architect_turn(position, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"]))
    play(state, Lay("Ann", "Villa"))
    assert state.players[0].buildings == [Building("Villa", Material.STONE)]
    assert state.players[0].hand == ["Wall"] and state.sites_in_town[Material.STONE] == 1
    assert influence(state, 0) == 2  # an incomplete foundation gives nothing (R-BUILD-10)


def test_craftsman_lays_a_foundation_too_R_CRAFT_1(position, play):
    state = craftsman_turn(position, PlayerState("Ann", hand=["Temple", "Road"], camp=["Dock"]))
    play(state, Lay("Ann", "Temple"))
    assert state.players[0].building("Temple").site is Material.MARBLE


def test_no_two_buildings_of_one_name_but_an_opponents_name_is_fine_R_BUILD_2(position, play, illegal):
    mine = Building("Villa", Material.STONE, ["Garden"])
    state = position(PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"], buildings=[mine]),
                     PlayerState("Bob", hand=["Villa"], camp=["Wall"], buildings=[]),
                     led=Role.ARCHITECT, played=("Ann", "Bob"))
    assert illegal(state, Lay("Ann", "Villa")).rule_ids == ("R-BUILD-2",)
    play(state, Pass("Ann"), Lay("Bob", "Villa"))
    assert state.players[1].building("Villa") is not None


def test_no_site_of_the_material_left_R_BUILD_2(position, illegal):
    state = architect_turn(position, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"]),
                           in_town={Material.CONCRETE: 1}, out_of_town=0)
    error = illegal(state, Lay("Ann", "Villa"))
    assert error.rule_ids == ("R-BUILD-2",)
    assert [d for d in Game(state).legal() if isinstance(d, Lay)] == [Lay("Ann", "Wall")]


def test_out_of_town_takes_two_actions_once_in_town_is_gone_R_BUILD_3_AMB_04(position, play):
    """One action for leading, one from a client: both go into the out-of-town foundation."""
    state = architect_turn(position, PlayerState("Ann", hand=["Villa"], camp=["Tower"], clientele=["Wall"]),
                           in_town={m: 2 for m in Material} | {Material.STONE: 0})
    assert Lay("Ann", "Villa", out_of_town=False) not in Game(state).legal()
    events = play(state, Lay("Ann", "Villa", out_of_town=True))
    assert state.players[0].buildings == [Building("Villa", Material.STONE, out_of_town=True)]
    assert state.sites_out_of_town[Material.STONE] == 3 and state.sites_in_town[Material.STONE] == 0
    assert state.leader == 1 and not state.over  # both actions spent: the turn is over
    assert any(e.kind == "site" and "out of town" in e.text for e in events)


def test_out_of_town_needs_two_actions_left_R_BUILD_3_AMB_05(position, illegal):
    state = architect_turn(position, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"]),
                           in_town={m: 2 for m in Material} | {Material.STONE: 0})
    assert illegal(state, Lay("Ann", "Villa", out_of_town=True)).rule_ids == ("R-BUILD-3", "AMB-05")


def test_out_of_town_closed_while_in_town_sites_remain_AMB_04(position, illegal):
    state = architect_turn(position, PlayerState("Ann", hand=["Villa"], camp=["Tower"], clientele=["Wall"]))
    assert illegal(state, Lay("Ann", "Villa", out_of_town=True)).rule_ids == ("AMB-04",)


def test_classic_has_no_out_of_town_R_BUILD_4(position, illegal):
    state = position(PlayerState("Ann", hand=["Villa", "Bridge"], camp=["Tower"], clientele=["Wall"]),
                     PlayerState("Bob", hand=NO_ARCHITECT), ruleset="classic", led=Role.ARCHITECT, played=("Ann",),
                     in_town={m: 2 for m in Material} | {Material.STONE: 0})
    assert illegal(state, Lay("Ann", "Villa", out_of_town=True)).rule_ids == ("R-BUILD-4",)
    assert not any(isinstance(d, Lay) and d.out_of_town for d in Game(state).legal())


def test_architect_adds_matching_stockpile_material_and_completes_R_ARCH_1_R_BUILD_8_R_BUILD_9(position, play):
    """A Concrete foundation (value 2) needs two Concrete; on completion the Site goes to
    Influence and Influence rises by 2."""
    wall = Building("Wall", Material.CONCRETE, ["Bridge"])
    villa = Building("Villa", Material.STONE)
    state = architect_turn(position, PlayerState("Ann", camp=["Tower"], stockpile=["Tower", "Villa"],
                                                 buildings=[wall, villa],
                                                 clientele=["Storeroom"]))
    assert Add("Ann", "Villa", "Wall") not in Game(state).legal()
    assert Add("Ann", "Villa", "Villa") in Game(state).legal()
    events = play(state, Add("Ann", "Tower", "Wall"))
    built = state.players[0].buildings[0]
    assert built.complete and built.materials == ["Bridge", "Tower"]
    assert state.players[0].influence == [Material.CONCRETE] and influence(state, 0) == 4
    assert [e.kind for e in events if e.kind in ("complete", "influence")] == ["complete", "influence"]
    assert state.players[state.current].name == "Ann"  # her client's action is still to come


def test_craftsman_adds_from_hand_R_CRAFT_1_R_BUILD_5(position, play):
    insula = Building("Insula", Material.RUBBLE)
    state = craftsman_turn(position, PlayerState("Ann", hand=["Road", "Villa"], camp=["Dock"], stockpile=["Bar"],
                                                 buildings=[insula]))
    assert Add("Ann", "Bar", "Insula") not in Game(state).legal()  # stockpile is the Architect's source
    play(state, Add("Ann", "Road", "Insula"))
    assert state.players[0].building("Insula").complete and influence(state, 0) == 3


def test_material_must_match_the_foundation_R_BUILD_5(position, illegal):
    state = craftsman_turn(position, PlayerState("Ann", hand=["Villa"], camp=["Dock"],
                                                 buildings=[Building("Insula", Material.RUBBLE)]))
    assert illegal(state, Add("Ann", "Villa", "Insula")).rule_ids == ("R-BUILD-5",)


def test_lay_then_add_in_one_turn_and_several_buildings_R_BUILD_5_R_BUILD_6(position, play):
    state = craftsman_turn(position, PlayerState("Ann", hand=["Insula", "Road", "Market"], camp=["Dock"],
                                                 clientele=["Palisade", "Palisade"],
                                                 buildings=[Building("Dock", Material.WOOD)]))
    play(state, Lay("Ann", "Insula"), Add("Ann", "Road", "Insula"), Add("Ann", "Market", "Dock"))
    names = {b.foundation: b.complete for b in state.players[0].buildings}
    assert names == {"Dock": True, "Insula": True} and influence(state, 0) == 4


def test_a_complete_structure_takes_no_more_material_R_BUILD_8(position, illegal):
    done = Building("Insula", Material.RUBBLE, ["Road"], complete=True)
    state = craftsman_turn(position, PlayerState("Ann", hand=["Road", "Bar"], camp=["Dock"], buildings=[done],
                                                 influence=[Material.RUBBLE]))
    assert illegal(state, Add("Ann", "Road", "Insula")).rule_ids == ("R-BUILD-8",)


def test_foundations_come_from_hand_not_the_pool_R_BUILD_7(position, illegal):
    state = craftsman_turn(position, PlayerState("Ann", hand=["Road"], camp=["Dock"]), pool=["Villa"])
    assert illegal(state, Lay("Ann", "Villa")).rule_ids == ("R-BUILD-1", "R-BUILD-7")


def test_a_jack_is_never_a_foundation_or_material_R_CARD_6(position, illegal):
    state = craftsman_turn(position, PlayerState("Ann", hand=[JACK, "Road"], camp=["Dock"],
                                                 buildings=[Building("Insula", Material.RUBBLE)]))
    assert "R-CARD-6" in illegal(state, Lay("Ann", JACK)).rule_ids
    assert "R-CARD-6" in illegal(state, Add("Ann", JACK, "Insula")).rule_ids


def test_one_action_per_lay_or_add_R_ARCH_1(position, play):
    state = position(PlayerState("Ann", hand=["Tower", "Villa"]), PlayerState("Bob", hand=NO_ARCHITECT))
    play(state, Lead("Ann", Role.ARCHITECT, ("Tower",)), Think("Bob", "draw"), Lay("Ann", "Villa"))
    assert state.leader == 1  # one action, spent


def test_a_site_named_in_text_is_stored_as_a_material_R_BUILD_1(position, play):
    state = architect_turn(position, PlayerState("Ann", hand=["Villa", "Wall"], camp=["Tower"]))
    play(state, Lay("Ann", "Villa", site="Stone"))
    assert state.players[0].buildings[0].site is Material.STONE
    assert state.copy() == state  # the state still round-trips
