"""Insula, Aqueduct (classic), Road, Tower, Palisade and Wall, through their worked examples."""

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Demand, Follow, Give, Lay, Lead, Think
from gtr_replay.engine.scoring import scores
from gtr_replay.game.state import Building, GameState, Phase, PlayerState
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.data.rulings import resolve


def table(*players, ruleset=Ruleset.REPUBLIC, pool=(), leader=0, in_town=2, out_of_town=2):
    state = GameState(ruleset, list(players), resolve(), deck=["Bar"] * 30, pool=list(pool), jack_pile=3)
    for m in Material:
        state.sites_in_town[m] = in_town
        state.sites_out_of_town[m] = out_of_town if ruleset is not Ruleset.CLASSIC else 0
    state.leader = state.current = leader
    return Game.from_state(state).state  # its forced actions made, as a game from it would


def done(name, site):
    return Building(name, site, complete=True)


def test_insula_first_structure_EX_BB_INSULA_1():
    """B-INSULA-1: influence 3, clientele limit 3 + 2, vault limit 3."""
    ann = PlayerState("Ann", influence=[Material.RUBBLE], buildings=[done("Insula", Material.RUBBLE)])
    state = table(ann, PlayerState("Ben"))
    assert (rules.influence(state, 0), rules.clientele_limit(state, 0), rules.vault_limit(state, 0)) == (3, 5, 3)


def test_classic_aqueduct_first_structure_EX_CL_AQUEDUCT_1():
    """BC-AQUEDUCT-1: influence 4, clientele limit 4 + 4, vault limit 4."""
    ann = PlayerState("Ann", influence=[Material.CONCRETE], buildings=[done("Aqueduct", Material.CONCRETE)])
    state = table(ann, PlayerState("Ben"), ruleset=Ruleset.CLASSIC)
    assert (rules.influence(state, 0), rules.clientele_limit(state, 0), rules.vault_limit(state, 0)) == (4, 8, 4)


def test_road_lets_any_material_into_stone_buildings_EX_BB_ROAD_1():
    """B-ROAD-1: the Road completes with the first action and lets Wood into the Catacomb
    with the second, the same turn; the Catacomb then needs one more material."""
    you = PlayerState("You", hand=["Tower"], clientele=["Wall"], stockpile=["Bar", "Dock", "Dock"],
                      buildings=[Building("Road", Material.RUBBLE), Building("Catacomb", Material.STONE, ["Villa"])])
    opp = PlayerState("Opp", hand=["Aqueduct", "Latrine"])
    state = table(opp, you)
    game = Game(state)
    game.push(Lead("Opp", Role.ARCHITECT, ("Aqueduct",)))
    game.push(Follow("You", ("Tower",)))
    while state.players[state.current].name != "You":  # Opp declines his action
        game.push(game.legal()[-1])
    assert Add("You", "Dock", "Catacomb") not in game.legal()  # no Road yet (R-BUILD-5)
    game.push(Add("You", "Bar", "Road"))
    game.push(Add("You", "Dock", "Catacomb"))
    you = state.players[1]
    assert you.buildings[0].complete and you.buildings[1].materials == ["Villa", "Dock"]
    assert not you.buildings[1].complete and you.stockpile == ["Dock"] and state.phase is not Phase.OVER


def test_black_box_tower_lays_out_of_town_with_one_action_EX_BB_TOWER_1():
    """B-TOWER-1..3: complete the Tower, lay the Sewer out of town with one action, then put
    Rubble into it; no Stone Site is left in town."""
    you = PlayerState("You", hand=["Sewer", "Aqueduct"], clientele=["Wall", "Bridge"],
                      stockpile=["Amphitheatre", "Bar"], buildings=[Building("Tower", Material.CONCRETE, ["Wall"])])
    state = table(you, PlayerState("Ben", hand=["Dock"] * 5))
    state.sites_in_town[Material.STONE] = 0
    game = Game(state)
    game.push(Lead("You", Role.ARCHITECT, ("Aqueduct",)))
    game.push(Think("Ben", "draw"))
    game.push(Add("You", "Amphitheatre", "Tower"))
    game.push(Lay("You", "Sewer", out_of_town=True))
    game.push(Add("You", "Bar", "Sewer"))
    sewer = state.players[0].buildings[1]
    assert state.players[0].buildings[0].complete
    assert sewer.out_of_town and sewer.site is Material.STONE and sewer.materials == ["Bar"]
    assert state.players[0].stockpile == [] and state.phase is not Phase.OVER


def test_classic_tower_lays_any_foundation_on_a_rubble_site_EX_CL_TOWER_1():
    """BC-TOWER-1..3: the Sewer goes on a Rubble Site, takes Rubble, still needs three
    materials and will give one influence."""
    you = PlayerState("You", hand=["Amphitheatre", "Bar", "Sewer", JACK], clientele=["Dock", "Market"],
                      buildings=[Building("Tower", Material.CONCRETE, ["Wall"])])
    state = table(you, PlayerState("Ben", hand=["Dock"] * 5), ruleset=Ruleset.CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, (JACK,)))
    game.push(Think("Ben", "draw"))
    game.push(Add("You", "Amphitheatre", "Tower"))
    game.push(Lay("You", "Sewer", site=Material.RUBBLE))
    game.push(Add("You", "Bar", "Sewer"))
    sewer = state.players[0].buildings[1]
    assert sewer.site is Material.RUBBLE and sewer.materials == ["Bar"]
    assert rules.materials_needed(state, 0, sewer) - len(sewer.materials) == 2
    assert rules.material_value(sewer.site) == 1


def test_palisade_owner_may_refuse_a_demand_EX_BB_PALISADE_1():
    """B-PALISADE-1: Right demands Marble; You (Palisade) give nothing; Left gives one."""
    right = PlayerState("Right", hand=["Atrium", "Temple"])
    you = PlayerState("You", hand=["Bath", "Statue"], buildings=[done("Palisade", Material.WOOD)],
                      influence=[Material.WOOD])
    left = PlayerState("Left", hand=["Palace", "Forum Romanum"])
    state = table(right, you, left, pool=["Basilica", "Stairway"])
    game = Game(state)
    game.push(Lead("Right", Role.LEGIONARY, ("Atrium",)))
    game.push(Follow("You", ("Bath",)))
    game.push(Think("Left", "jack"))
    game.push(Demand("Right", ("Temple",)))
    game.push(game.legal()[0])  # Right takes a Marble from the pool
    assert state.phase is Phase.GIVE and state.players[state.current].name == "You"
    assert set(game.legal()) == {Give("You", ("Statue",), "Right"), Give("You", (), "Right")}
    game.push(Give("You", (), "Right"))
    assert "Statue" in state.players[1].hand


def test_wall_scores_half_the_stockpile_EX_BB_WALL_1_EX_CL_WALL_1():
    """B-WALL-1, BC-WALL-1: influence 5 plus floor(5 / 2) = 7."""
    for ruleset in (Ruleset.REPUBLIC, Ruleset.CLASSIC):
        ann = PlayerState("Ann", stockpile=["Bar"] * 5, influence=[Material.CONCRETE, Material.RUBBLE],
                          buildings=[done("Wall", Material.CONCRETE), done("Insula", Material.RUBBLE)])
        state = table(ann, PlayerState("Ben"), ruleset=ruleset)
        assert scores(state)[0].total == 7


def test_only_the_black_box_wall_protects_B_WALL_2_BC_WALL_1():
    for ruleset, protected in ((Ruleset.REPUBLIC, True), (Ruleset.CLASSIC, False)):
        ann = PlayerState("Ann", hand=["Atrium", "Academy"])
        ben = PlayerState("Ben", hand=["Bath"], buildings=[done("Wall", Material.CONCRETE)])
        state = table(ann, ben, ruleset=ruleset)
        game = Game(state)
        game.push(Lead("Ann", Role.LEGIONARY, ("Atrium",)))
        game.push(Think("Ben", "refill"))
        game.push(Demand("Ann", ("Academy",)))
        if protected:
            assert Give("Ben", (), "Ann") in game.legal()
        else:
            assert "Bath" in state.players[0].stockpile  # forced: the one Brick card is given
