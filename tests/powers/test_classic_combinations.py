"""The combinations the 2005 rulebook names, each played (001 Appendix; the Forum's with the
Fountain and the Ludus Magna are in test_combinations.py). Each test quotes the sentence of
001 that names it."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Demand, Follow, Gather, Give, Hire, Lay, Lead, Think
from gtr_replay.game.decisions import Slay, Steal
from gtr_replay.game.state import Building, Phase, PlayerState
from gtr_replay.game.steps import Actions, ClientAction, EarlyActions, RequiredTheft, Slaying
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.data.rulings import resolve
from tests.fidelity_helpers import replay_text
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site, *materials):
    return Building(name, site, list(materials), complete=True)


def test_a_palisade_protects_against_a_coliseum():
    """001 Coliseum: "Palisades protect against an opponent's Coliseum." Ben's Palisade keeps
    both his cards and his clients; Cid's Legionary client is slain (BC-COLISEUM-1, BC-PALISADE-1)."""
    you = PlayerState("You", hand=["Academy", "Bath"], influence=[Material.STONE],
                      buildings=[done("Coliseum", Material.STONE, "Villa", "Garden", "Prison")])
    ben = PlayerState("Ben", hand=["Road", "Shrine"], clientele=["School"], buildings=[done("Palisade", Material.WOOD)])
    cid = PlayerState("Cid", hand=["Road"], clientele=["Gate"])
    state = table(you, ben, cid, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Think("Ben", "refill"))
    game.push(Think("Cid", "refill"))
    game.push(Demand("You", ("Bath",)))  # Ben keeps his Shrine: the engine answers for him
    assert state.steps == [Slaying("Coliseum", 0, (2,), ("Brick",))]
    game.push(Slay("You", "Cid", "Gate"))
    assert state.players[1].clientele == ["School"] and state.players[0].vault == ["Gate"]


_PALISADE = """[Game "Glory to Rome"]
[Ruleset "classic"]
[Players "You, Ben, Cid"]
[Start "position"]

position
  leader: You
  jacks: 0
  deck: Temple, Villa, Garden, Statue, Insula, Latrine, Bar, Tower
  hand You: Academy, Bath
  hand Ben: Road, Shrine
  building Ben: Palisade on Wood complete with Dock
  hand Cid: Road

turn 1 You
  You leads Legionary with Academy
  Ben thinks: refill
  Cid thinks: refill
  You demands Brick showing Bath
"""


def test_a_classic_palisade_owner_loses_no_cards_and_gives_none():
    """001 Palisade: "You do not lose cards to players executing the Legionary role" (BC-PALISADE-1);
    the Black Box card's "you may still choose to give up cards" is not in the 2005 text. Ben's
    answer is made for him, nothing given, so the record need not write it; a gift written for
    him is refused, citing the Palisade."""
    replayer, snapshots = replay_text(_PALISADE)
    assert not replayer.diagnostics
    assert Give("Ben", (), "You") in snapshots[-1].made and "Shrine" in snapshots[-1].state.player("Ben").hand
    replayer, _ = replay_text(_PALISADE + "  Ben gives Shrine to You\n")
    [refused] = replayer.diagnostics
    assert "BC-PALISADE-1" in refused.rule_ids and "give nothing" in refused.message


def test_a_bridge_extends_the_reach_of_a_coliseum():
    """001 Coliseum: "A Bridge expands the reach of a Coliseum." With a Bridge the demand reaches
    Across, who sits beside neither, and Left past his Palisade; their clients may be slain
    too (BC-COLISEUM-1, BC-BRIDGE-2)."""
    you = PlayerState("You", hand=["Academy", "Bath"], influence=[Material.STONE, Material.CONCRETE],
                      buildings=[done("Coliseum", Material.STONE, "Villa", "Garden", "Prison"),
                                 done("Bridge", Material.CONCRETE, "Tower", "Wall")])
    left = PlayerState("Left", hand=["Road"], clientele=["School"], buildings=[done("Palisade", Material.WOOD)])
    across = PlayerState("Across", hand=["Road"], clientele=["Gate"])
    right = PlayerState("Right", hand=["Road"], clientele=["Shrine"])
    state = table(you, left, across, right, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Demand("You", ("Bath",)))  # as he leads (BC-BRIDGE-1): nobody holds a Brick
    assert state.steps == [Slaying("Coliseum", 0, (1, 2, 3), ("Brick",))]
    game.push(Slay("You", "Across", "Gate"))
    game.push(Slay("You", "Left", "School"))
    game.push(Slay("You", "Right", "Shrine"))
    assert sorted(state.players[0].vault) == ["Gate", "School", "Shrine"]
    assert state.phase is Phase.FOLLOW and state.current == 1  # back to Left's answer to the lead


@pytest.mark.parametrize("clients", ["per-demand", "any-client"])
def test_a_palisade_guards_clients_from_a_bridged_coliseum_by_the_palisade_guards_reading(clients):
    """001 Coliseum: "Palisades protect against an opponent's Coliseum." Read so whatever reaches
    them (colosseum-palisade=palisade-guards), the Bridge still takes Left's Brick past his
    Palisade (001 Bridge: "even if they own Palisades"), but his clients stay his; Across and
    Right lose theirs (BC-COLISEUM-1, BC-BRIDGE-2), whichever clients the Coliseum takes
    (AMB-11)."""
    you = PlayerState("You", hand=["Academy", "Bath"], influence=[Material.STONE, Material.CONCRETE],
                      buildings=[done("Coliseum", Material.STONE, "Villa", "Garden", "Prison"),
                                 done("Bridge", Material.CONCRETE, "Tower", "Wall")])
    left = PlayerState("Left", hand=["Road", "Gate"], clientele=["School"], buildings=[done("Palisade", Material.WOOD)])
    across = PlayerState("Across", hand=["Road"], clientele=["Gate"])
    right = PlayerState("Right", hand=["Road"], clientele=["Shrine"])
    state = table(you, left, across, right, ruleset=CLASSIC)
    state.rulings = resolve(f"colosseum-palisade=palisade-guards, colosseum-clients={clients}")
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Demand("You", ("Bath",)))
    assert state.players[0].stockpile == ["Gate"] and state.players[1].hand == ["Road"]
    assert isinstance(state.steps[-1], Slaying) and state.steps[-1].victims == (2, 3)
    with pytest.raises(RulesError, match="a power protects"):
        game.push(Slay("You", "Left", "School"))
    game.push(Slay("You", "Across", "Gate"))
    game.push(Slay("You", "Right", "Shrine"))
    assert state.players[1].clientele == ["School"] and sorted(state.players[0].vault) == ["Gate", "Shrine"]


def test_a_stolen_tower_leaves_rubble_in_its_rubble_site_foundations():
    """001 Tower: "If the Tower is stolen by an opponent's Prison, foundations built on Rubble
    Sites may still be completed with Rubble." His other foundations take no more Rubble
    (BC-TOWER-2, BC-TOWER-4, BC-PRISON-1)."""
    you = PlayerState("You", hand=["Dock", "Villa"], buildings=[Building("Prison", Material.STONE, ["Sewer", "Garden"])])
    ben = PlayerState("Ben", hand=["Market", "Bar"], buildings=[
        done("Tower", Material.CONCRETE, "Wall", "Bridge"), Building("Catacomb", Material.RUBBLE, ["Road"]),
        Building("Temple", Material.MARBLE)])
    state = table(you, ben, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Ben", ("Market",)))
    added = game.push(Add("You", "Villa", "Prison"))
    assert [step.decision for step in added.forced] == [Steal("You", "Ben", "Tower")]  # the only one to take
    catacomb, temple = (state.players[1].building(n) for n in ("Catacomb", "Temple"))
    assert rules.material_fits(state, 1, catacomb, "Bar")  # its Rubble Site's material
    assert not rules.material_fits(state, 1, temple, "Bar")
    game.push(Add("Ben", "Bar", "Catacomb"))
    assert catacomb.materials == ["Road", "Bar"] and not state.over


def test_a_stolen_structures_upon_completion_function_works_for_its_new_owner():
    """001 Prison: "'Upon completion' effects in the Function of a structure trigger for the new
    owner when the structure is stolen." Stealing a Storeroom gives its thief up to I Laborer
    actions, I his Influence with the Prison's (BC-PRISON-1, BC-STOREROOM-1, AMB-19)."""
    you = PlayerState("You", hand=["Dock", "Villa"], buildings=[Building("Prison", Material.STONE, ["Sewer", "Garden"])])
    ben = PlayerState("Ben", hand=["Market"], buildings=[done("Storeroom", Material.CONCRETE, "Wall", "Tower")])
    state = table(you, ben, ruleset=CLASSIC, pool=["Road", "Bath"])
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Ben", ("Market",)))
    added = game.push(Add("You", "Villa", "Prison"))
    assert [step.decision for step in added.forced] == [Steal("You", "Ben", "Storeroom")]  # the only one to take
    assert state.steps == [Actions("Storeroom", 0, Role.LABORER, 5)]
    game.push(Gather("You", "Bath"))
    assert state.players[0].stockpile == ["Bath"]


def test_a_prison_takes_a_stolen_structure_but_never_a_name_the_thief_has():
    """001 Prison: "You may steal a structure which was previously stolen by another player's
    Prison. You may not steal a structure with the same name as a structure foundation you
    already have in play. You may not lay a structure foundation with the same name as a
    structure you have stolen with a Prison." (BC-PRISON-1, R-BUILD-2) With a Temple beside the
    Market the Prison has a choice to make; with the Market alone it takes it at once: as
    printed, the 2005 Prison takes a structure whenever it may (the prison-theft ruling)."""
    def completed(*more):
        you = PlayerState("You", hand=["Dock", "Villa", "Market", "Road"], clientele=["Dock"], buildings=[
            Building("Prison", Material.STONE, ["Sewer", "Garden"]), Building("Shrine", Material.BRICK)])
        ben = PlayerState("Ben", hand=["Palisade"], buildings=[
            done("Shrine", Material.BRICK, "Bath", "Gate"),
            Building("Market", Material.WOOD, ["Circus"], complete=True, stolen=True), *more])  # taken once already
        state = table(you, ben, ruleset=CLASSIC)
        game = Game(state)
        game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
        game.push(Follow("Ben", ("Palisade",)))
        return game, state, game.push(Add("You", "Villa", "Prison"))

    game, state, added = completed()
    assert [step.decision for step in added.forced] == [Steal("You", "Ben", "Market")]  # never his Shrine
    game, state, _ = completed(done("Temple", Material.MARBLE, "Statue", "Statue", "Statue"))
    assert state.steps == [RequiredTheft("Prison", 0)]
    assert Steal("You", "Ben", "Shrine") not in game.legal()  # his Shrine foundation
    with pytest.raises(RulesError, match="already has a Shrine"):
        game.push(Steal("You", "Ben", "Shrine"))
    game.push(Steal("You", "Ben", "Market"))  # stolen by Ben's Prison once already
    assert state.players[0].building("Market").complete
    with pytest.raises(RulesError, match="already has a Market"):
        game.push(Lay("You", "Market"))


def test_a_bath_makes_the_gardens_clients_act():
    """001 Clients: "A client does not execute a role in the round in which he is himself hired.
    (exception: Bath, see Appendix)"; 001 Bath: "When you gain a new client, you execute that
    client's role." The Garden's clients act at once too (BC-BATH-1, BC-GARDEN-1)."""
    you = PlayerState("You", hand=["Dock", "Villa"], buildings=[done("Bath", Material.BRICK, "Atrium", "Gate"),
                                                                Building("Garden", Material.STONE, ["Sewer", "Prison"])])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC, pool=["Road", "Temple", "Statue"])
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Villa", "Garden"))
    game.push(Hire("You", "Road"))
    assert state.steps == [Actions("Garden", 0, Role.PATRON, 4), ClientAction("Bath", 0, Role.LABORER)]
    game.push(Gather("You", "Temple"))
    assert state.players[0].stockpile == ["Temple"] and state.steps == [Actions("Garden", 0, Role.PATRON, 4)]


def test_a_bar_owners_early_hire_acts_through_a_bath():
    """The Bar's early Patron action gains a client; the Bath makes it act at once, still before
    the players after its owner decide (BC-BAR-1, BC-BATH-1)."""
    right = PlayerState("Right", hand=["Temple"])
    you = PlayerState("You", hand=["Statue"], buildings=[done("Bar", Material.RUBBLE, "Road"),
                                                         done("Bath", Material.BRICK, "Atrium", "Gate")])
    state = table(right, you, PlayerState("Left", hand=["Road"]), ruleset=CLASSIC, pool=["Insula", "Villa"])
    game = Game(state)
    game.push(Lead("Right", Role.PATRON, ("Temple",)))
    game.push(Follow("You", ("Statue",)))
    assert state.steps == [EarlyActions("Bar", 1, Role.PATRON, 1)]
    game.push(Hire("You", "Insula"))
    assert state.steps == [ClientAction("Bath", 1, Role.LABORER)] and state.phase is Phase.FOLLOW
    game.push(Gather("You", "Villa"))
    assert state.players[1].stockpile == ["Villa"] and state.current == 2


def test_a_fountain_leaves_craftsman_clients_as_they_are():
    """001 Fountain: "Clients that are naturally Craftsmen are not affected." A Craftsman client
    gives one Craftsman action, not two (BC-FOUNTAIN-1)."""
    you = PlayerState("You", hand=[JACK], clientele=["Market", "Temple"], buildings=[done("Fountain", Material.STONE)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, (JACK,)))
    assert rules.action_count(state, 0) == 3  # the Jack, the Market, the Temple as a Craftsman
