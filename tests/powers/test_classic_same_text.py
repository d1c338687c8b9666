"""Classic powers whose 2005 text says what the Black Box card says: one class keyed for both
rulesets (BC-ACADEMY-1, BC-AMPHITHEATRE-1, BC-GARDEN-1, BC-LATRINE-1, BC-VOMITORIUM-1,
BC-CIRCUS-1). Each test quotes 001's Appendix and plays the classic rules (no petition)."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Discard, Follow, Hire, Lay, Lead, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import Actions, ExtraThink
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.errors import RulesError
from gtr_replay.powers import power_for
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site):
    return Building(name, site, complete=True)


@pytest.mark.parametrize("name", ["Academy", "Amphitheatre", "Garden", "Latrine", "Vomitorium", "Circus"])
def test_one_class_for_both_texts(name):
    """The two editions print the same function, so one power serves both."""
    black_box = Ruleset.IMPERIUM if name == "Circus" else Ruleset.REPUBLIC
    assert power_for(CLASSIC, name) is power_for(black_box, name)
    assert any(r.startswith("BC-") for r in power_for(CLASSIC, name).rule_ids)


def test_classic_academy_thinks_after_a_craftsman_turn():
    """001 Academy: "You may execute the Thinker role after any turn in which you execute the
    Craftsman role—even if it's only with a client. You gain the benefit of the Function of the
    Academy on the same turn as the Academy is completed." (BC-ACADEMY-1)"""
    you = PlayerState("You", hand=["Dock", "Bath"], buildings=[Building("Academy", Material.BRICK, ["Atrium"])])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Bath", "Academy"))  # completes it: it works this very turn
    assert state.steps == [ExtraThink("Academy", 0)]
    game.push(Think("You", "refill"))
    assert len(state.players[0].hand) == 5 and state.turn == 2


def test_classic_amphitheatre_gives_craftsman_actions_on_completion():
    """001 Amphitheatre: "When you complete an Amphitheatre, at this time once only, you may
    execute one Craftsman role for every point of Influence you have, including the Influence
    you get from finishing the Amphitheatre." (BC-AMPHITHEATRE-1)"""
    you = PlayerState("You", hand=["Dock", "Wall", "Shrine", "Gate", "Temple"],
                      buildings=[Building("Amphitheatre", Material.CONCRETE, ["Tower"])])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Wall", "Amphitheatre"))
    assert rules.influence(state, 0) == 4 and state.steps == [Actions("Amphitheatre", 0, Role.CRAFTSMAN, 4)]
    game.push(Lay("You", "Shrine"))
    game.push(Add("You", "Gate", "Shrine"))
    assert state.steps == [Actions("Amphitheatre", 0, Role.CRAFTSMAN, 2)]


def test_classic_garden_clients_act_not_this_turn():
    """001 Garden: "you may execute one Patron role for each point of Influence you have ...
    The new clients do not provide you with additional roles this turn" (BC-GARDEN-1)."""
    you = PlayerState("You", hand=["Dock", "Villa"], buildings=[Building("Garden", Material.STONE, ["Sewer", "Prison"])])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC, pool=["Market", "Temple"])
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Villa", "Garden"))
    assert state.steps == [Actions("Garden", 0, Role.PATRON, 5)]
    game.push(Hire("You", "Market"))  # a Craftsman client: no Craftsman action this turn (R-ACT-2)
    assert rules.action_count(state, 0) == 1 and state.players[0].hired == ["Market"]


def test_classic_latrine_discards_one_card_before_thinking():
    """001 Latrine: "You may discard an Orders card from your hand into the Pool before
    executing the Thinker role." (BC-LATRINE-1)"""
    you = PlayerState("You", hand=["Academy", "Academy", JACK], buildings=[done("Latrine", Material.RUBBLE)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    assert Discard("You", (JACK,)) not in game.legal()
    game.push(Discard("You", ("Academy",)))
    assert state.pool == ["Academy"]
    game.push(Think("You", "refill"))
    assert len(state.players[0].hand) == 5


def test_classic_vomitorium_discards_the_whole_hand():
    """001 Vomitorium: "You may discard all the cards from your hand before you execute the
    Thinker role." (BC-VOMITORIUM-1)"""
    you = PlayerState("You", hand=["Temple", JACK], buildings=[done("Vomitorium", Material.CONCRETE)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    jacks = state.jack_pile
    game = Game(state)
    game.push(Discard("You", ("Jack", "Temple")))
    assert state.pool == ["Temple"] and state.jack_pile == jacks + 1 and state.players[0].hand == []


def test_classic_circus_plays_two_cards_of_a_role_as_a_jack():
    """001 Circus: "You may play two cards of the same role as a Jack. (Neither of these cards
    can themselves be Jacks.)" Classic has no petition, so without a Circus two cards are no
    play at all (BC-CIRCUS-1, R-PET-3)."""
    you = PlayerState("You", hand=["Villa", "Road", "Bar"], buildings=[done("Circus", Material.WOOD)])
    state = table(you, PlayerState("Ben", hand=["Temple", "Road", "Bar"]), ruleset=CLASSIC, pool=["Dock"])
    game = Game(state)
    assert Lead("You", Role.PATRON, ("Bar", "Road")) in game.legal()
    game.push(Lead("You", Role.PATRON, ("Bar", "Road")))
    with pytest.raises(RulesError, match="no petition"):
        game.push(Follow("Ben", ("Bar", "Road")))
    game.push(Follow("Ben", ("Temple",)))
    assert rules.action_count(state, 0) == 1
    game.push(Hire("You", "Dock"))
    assert state.turn == 2 and sorted(state.pool) == ["Bar", "Road", "Temple"]  # the pair back as two cards
