"""The two 2005 cards whose text contradicts itself: the Sewer, whose text is the Vomitorium's
(CONFLICT-CL-1, AMB-34), and the Stairway, whose example is the Black Box card's
(CONFLICT-CL-2, AMB-35). The printed function is the default, tested here; the other reading
is a ruling, tested in tests/engine/test_rulings.py."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Add, Discard, Follow, Lead, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.enums import JACK, Material, Role, Ruleset, Zone
from gtr_replay.errors import RulesError
from gtr_replay.data.rulings import DEFAULTS
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site, *materials):
    return Building(name, site, list(materials), complete=True)


def test_the_printed_texts_are_the_defaults():
    assert DEFAULTS["classic-sewer"] == "as-printed" and DEFAULTS["classic-stairway"] == "as-printed"


def test_classic_sewer_as_printed_discards_the_hand_before_thinking():
    """001 Sewer: "You may discard all the cards from your hand before you execute the Thinker
    role." Example: "You discard all three of your Patron cards into the Pool. You discard your
    Jack to the pile of Jacks beside the Pool. You then draw five cards" (BC-SEWER-1, AMB-34)."""
    right = PlayerState("Right", hand=["Tower"])
    you = PlayerState("You", hand=["Temple", "Temple", "Statue", JACK], buildings=[done("Sewer", Material.STONE)])
    state = table(right, you, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("Right", Role.ARCHITECT, ("Tower",)))
    jacks = state.jack_pile
    game.push(Discard("You", (JACK, "Statue", "Temple", "Temple")))
    assert sorted(state.pool) == ["Statue", "Temple", "Temple"] and state.jack_pile == jacks + 1
    game.push(Think("You", "refill"))
    assert len(state.players[1].hand) == 5


def test_classic_stairway_as_printed_completes_a_building_by_an_architect_material():
    """001 Stairway: "You complete a structure whenever you move a material into the
    structure's foundation using the Architect role. This Function is active immediately."
    A Craftsman's material does not; an Archway's Pool material does, being an Architect's
    (BC-STAIRWAY-1, AMB-35, BC-ARCHWAY-1)."""
    you = PlayerState("You", hand=["Wall", "Bath"], stockpile=["Statue", "Shrine"], clientele=["Tower", "Tower"],
                      buildings=[Building("Stairway", Material.MARBLE, ["Temple", "Palace"]),
                                 Building("Temple", Material.MARBLE), Building("Catacomb", Material.STONE),
                                 done("Archway", Material.BRICK, "School", "Foundry")])
    state = table(you, PlayerState("Ben", hand=["Wall"]), ruleset=CLASSIC, pool=["Sewer"])
    game = Game(state)
    game.push(Lead("You", Role.ARCHITECT, ("Wall",)))
    game.push(Follow("Ben", ("Wall",)))
    game.push(Add("You", "Statue", "Stairway"))  # its third Marble: complete as usual
    game.push(Add("You", "Sewer", "Catacomb", Zone.POOL))  # one Stone of three: complete at once
    catacomb = state.players[0].building("Catacomb")
    assert catacomb.complete and catacomb.materials == ["Sewer"]
    assert state.over and state.end_reason == "catacomb"  # its own power ends the game (BC-CATACOMB-1)


def test_classic_stairway_needs_the_architect_and_a_fitting_material():
    """A material that does not fit is still refused, and a Craftsman's completes nothing."""
    you = PlayerState("You", hand=["Market", "Palisade", "Temple"], stockpile=["Wall"],
                      buildings=[done("Stairway", Material.MARBLE, "Temple", "Palace", "Statue"),
                                 Building("Forum", Material.MARBLE), Building("Circus", Material.WOOD)])
    state = table(you, PlayerState("Ben", hand=["Tower", "Market"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Market",)))
    game.push(Follow("Ben", ("Market",)))
    with pytest.raises(RulesError, match="is a Marble building"):
        game.push(Add("You", "Palisade", "Forum"))
    game.push(Add("You", "Temple", "Forum"))
    assert not state.players[0].building("Forum").complete


def test_the_printed_stairway_makes_nothing_public():
    you = PlayerState("You", hand=["Wall"], stockpile=["Atrium"],
                      buildings=[done("Stairway", Material.MARBLE, "Temple", "Palace", "Statue"),
                                 Building("Shrine", Material.BRICK)])
    opp = PlayerState("Opp", hand=["Tower"], buildings=[done("Archway", Material.BRICK, "School", "Foundry")])
    state = table(you, opp, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.ARCHITECT, ("Wall",)))
    game.push(Follow("Opp", ("Tower",)))
    with pytest.raises(RulesError, match="cannot add to another player's building"):
        game.push(Add("You", "Atrium", "Archway", owner="Opp"))
