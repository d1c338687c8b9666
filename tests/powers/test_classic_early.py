"""The classic Bar, Dock and Bridge: a role's actions taken as their owner leads, follows or
thinks, before the players after them (BC-BAR-1, BC-DOCK-1, BC-BRIDGE-1, AMB-36), and where
their cards come from (BC-BAR-2, BC-DOCK-2, BC-BRIDGE-2). Each test quotes 001's Appendix."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Demand, Follow, Gather, Give, Hire, Lead, Pass, TakeFromPool, Think
from gtr_replay.game.state import Building, Phase, PlayerState
from gtr_replay.game.steps import EarlyActions, ExtraThink, ThinkTwice
from gtr_replay.enums import JACK, Material, Role, Ruleset, Zone
from gtr_replay.errors import RulesError
from gtr_replay.powers import power_for
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site):
    return Building(name, site, complete=True)


@pytest.mark.parametrize("name", ["Bar", "Dock", "Bridge"])
def test_the_classic_texts_are_classes_of_their_own(name):
    assert power_for(CLASSIC, name) is not power_for(Ruleset.REPUBLIC, name)
    assert power_for(CLASSIC, name).hooks()[-1] == "acts_early"


def test_classic_bar_patrons_act_as_they_follow():
    """001 Bar: "You may choose to execute the Patron role as you lead or follow, instead of
    waiting for your place in the turn order." Example: "The player to your right leads as a
    Patron. You follow and execute your Patron role first, taking a Craftsman client. The
    player to your left follows and also decides to execute his role immediately, taking the
    other Craftsman as a client. Next the Leader to your right takes the Legionary client."
    (BC-BAR-1)"""
    right = PlayerState("Right", hand=["Temple"])
    you = PlayerState("You", hand=["Statue"], buildings=[done("Bar", Material.RUBBLE)])
    left = PlayerState("Left", hand=["Palace"], buildings=[done("Bar", Material.RUBBLE)])
    state = table(right, you, left, ruleset=CLASSIC, pool=["Dock", "Market", "Academy"])
    game = Game(state)
    game.push(Lead("Right", Role.PATRON, ("Temple",)))
    assert state.steps == []  # Right has no Bar: he waits for his place
    game.push(Follow("You", ("Statue",)))
    assert state.steps == [EarlyActions("Bar", 1, Role.PATRON, 1)] and state.phase is Phase.FOLLOW
    # You acts first: refused as the game stands (a push would pass his early action over)
    assert isinstance(game.check(Follow("Left", ("Palace",)), passing_over=False), RulesError)
    game.push(Hire("You", "Dock"))
    game.push(Follow("Left", ("Palace",)))
    game.push(Hire("Left", "Market"))
    assert state.phase is Phase.ACTIONS and state.current == 0
    game.push(Hire("Right", "Academy"))
    assert [p.clientele for p in state.players] == [["Academy"], ["Dock"], ["Market"]] and state.turn == 2


def test_a_bar_owner_may_wait_for_their_place():
    """"You may choose to execute the Patron role as you lead or follow": passing the offer
    keeps the action for the owner's place in the turn (BC-BAR-1, AMB-36)."""
    right = PlayerState("Right", hand=["Temple"])
    you = PlayerState("You", hand=["Statue"], buildings=[done("Bar", Material.RUBBLE)])
    state = table(right, you, ruleset=CLASSIC, pool=["Dock", "Market"])
    game = Game(state)
    game.push(Lead("Right", Role.PATRON, ("Temple",)))
    game.push(Follow("You", ("Statue",)))
    game.push(Pass("You"))
    assert state.phase is Phase.ACTIONS and state.current == 0 and not state.players[1].done
    game.push(Hire("Right", "Dock"))
    assert state.current == 1 and rules.action_count(state, 1) == 1
    game.push(Hire("You", "Market"))
    assert state.players[1].clientele == ["Market"]


def test_classic_bar_takes_clients_from_the_hand():
    """001 Bar: "When executing the Patron role, you may take clients from your hand instead of
    from the Pool and place them in your Clientele. If you execute more than one Patron role in
    a turn you may take from either or both as you see fit." Example: "You lead the Jack as a
    Patron, taking an Architect client from the Pool and a Laborer client from your hand"
    (BC-BAR-2)."""
    you = PlayerState("You", hand=["Road", "Road", JACK], clientele=["Temple"], influence=[Material.RUBBLE],
                      buildings=[done("Bar", Material.RUBBLE)])
    state = table(you, PlayerState("Ben", hand=["Dock"]), ruleset=CLASSIC, pool=["Tower"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, (JACK,)))
    assert state.steps == [EarlyActions("Bar", 0, Role.PATRON, 2)]  # as he leads, before Ben decides
    assert Hire("You", "Road", Zone.HAND) in game.legal()
    game.push(Hire("You", "Tower"))
    game.push(Hire("You", "Road", Zone.HAND))
    assert state.players[0].clientele == ["Temple", "Tower", "Road"] and state.players[0].hand == ["Road"]
    assert state.phase is Phase.FOLLOW and state.current == 1


def test_classic_dock_laborers_act_as_they_follow():
    """001 Dock: "You may choose to execute the Laborer role as you lead or follow, instead of
    waiting for your place in the turn order." Example: "The player to your left leads as a
    Laborer. The player to your right follows. You follow and execute your Laborer role first,
    taking the Marble into your Stockpile. The Leader to your left takes the Concrete, and the
    player to your right gets nothing." (BC-DOCK-1)"""
    left = PlayerState("Left", hand=["Road"])
    right = PlayerState("Right", hand=["Road"])
    you = PlayerState("You", hand=["Road"], buildings=[done("Dock", Material.WOOD)])
    state = table(left, right, you, ruleset=CLASSIC, pool=["Temple", "Tower"])
    game = Game(state)
    game.push(Lead("Left", Role.LABORER, ("Road",)))
    game.push(Follow("Right", ("Road",)))
    game.push(Follow("You", ("Road",)))
    game.push(Gather("You", "Temple"))
    game.push(Gather("Left", "Tower"))
    assert [p.stockpile for p in state.players] == [["Tower"], [], ["Temple"]] and state.turn == 2


def test_classic_dock_clients_act_at_the_think():
    """001 Dock: "You may do this even if only your clients grant you Laborer roles and you do
    not follow yourself directly." The clients' actions come right after the think (AMB-36)."""
    right = PlayerState("Right", hand=["Road"])
    you = PlayerState("You", hand=["Villa"], clientele=["Bar", "Latrine"], buildings=[done("Dock", Material.WOOD)])
    state = table(right, you, ruleset=CLASSIC, pool=["Temple"])
    game = Game(state)
    game.push(Lead("Right", Role.LABORER, ("Road",)))
    game.push(Think("You", "refill"))
    assert state.steps == [EarlyActions("Dock", 1, Role.LABORER, 2)]
    game.push(Gather("You", "Temple"))
    game.push(Gather("You", "Villa", Zone.HAND))
    assert state.players[1].stockpile == ["Temple", "Villa"]
    assert state.turn == 2  # Right found the Pool empty and passed by himself


def test_classic_dock_gathers_from_the_hand():
    """001 Dock: "When executing the Laborer role, you may take Orders cards from your hand
    instead of from the Pool." Example: "You follow and choose to execute your roles
    immediately. You take Wood from the Pool and Stone (Merchant) from your hand" (BC-DOCK-2)."""
    right = PlayerState("Right", hand=["Road"])
    you = PlayerState("You", hand=["Road", "Road", "Villa"], clientele=["Bar"], buildings=[done("Dock", Material.WOOD)])
    state = table(right, you, ruleset=CLASSIC, pool=["Market", "Market"])
    game = Game(state)
    game.push(Lead("Right", Role.LABORER, ("Road",)))
    game.push(Follow("You", ("Road",)))
    game.push(Gather("You", "Market"))
    assert state.steps == [EarlyActions("Dock", 1, Role.LABORER, 1)]  # instead of, not besides
    game.push(Gather("You", "Villa", Zone.HAND))
    assert state.players[1].stockpile == ["Market", "Villa"] and state.players[1].hand == ["Road"]
    assert state.pool == ["Market"] and state.current == 0


def test_the_dock_owners_second_think_comes_before_the_early_actions():
    """A School's second think follows the first at once; the Dock's actions come after both
    (BC-SCHOOL-1, BC-DOCK-1)."""
    right = PlayerState("Right", hand=["Road"])
    you = PlayerState("You", hand=[], clientele=["Bar"],
                      buildings=[done("Dock", Material.WOOD), done("School", Material.BRICK)])
    state = table(right, you, ruleset=CLASSIC, pool=["Temple"])
    game = Game(state)
    game.push(Lead("Right", Role.LABORER, ("Road",)))
    game.push(Think("You", "refill"))
    assert state.steps == [EarlyActions("Dock", 1, Role.LABORER, 1), ThinkTwice("School", 1)]
    game.push(Think("You", "draw"))
    game.push(Gather("You", "Temple"))
    assert state.players[1].stockpile == ["Temple"] and len(state.players[1].hand) == 6


def test_a_leader_with_a_senate_who_acted_early_thinks_when_the_actions_begin():
    """The Senate's think comes once the leader's actions are all done (BC-SENATE-1): taken
    early, they are done when the actions reach the leader's place (BC-BAR-1)."""
    you = PlayerState("You", hand=["Temple", "Road"], buildings=[done("Bar", Material.RUBBLE),
                                                                 done("Senate", Material.CONCRETE)])
    state = table(you, PlayerState("Ben", hand=["Statue"]), ruleset=CLASSIC, pool=["Dock", "Tower"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, ("Temple",)))
    game.push(Hire("You", "Dock"))
    assert state.phase is Phase.FOLLOW and state.steps == []
    game.push(Follow("Ben", ("Statue",)))
    assert state.steps == [ExtraThink("Senate", 0)] and state.current == 1
    game.push(Think("You", "refill"))
    game.push(Hire("Ben", "Tower"))
    assert state.turn == 2


def test_classic_bridge_demands_early_from_every_opponent():
    """001 Bridge: "You may choose to execute the Legionary role as you are leading or
    following, instead of waiting for your place in the turn order ... In addition, you demand
    materials from all opponents' hands, even if they own Palisades or are not sitting next to
    you." Example: "You follow and immediately demand material from the Pool and all three of
    your opponents." (BC-BRIDGE-1, BC-BRIDGE-2)"""
    right = PlayerState("Right", hand=["Academy", "Temple"])
    you = PlayerState("You", hand=["Academy", "Statue"], buildings=[done("Bridge", Material.CONCRETE)])
    left = PlayerState("Left", hand=["Academy", "Palace", "Temple"], stockpile=["Temple"],
                       buildings=[done("Palisade", Material.WOOD)])
    across = PlayerState("Across", hand=["Academy", "Palace"])
    state = table(right, you, left, across, ruleset=CLASSIC, pool=["Statue"])
    game = Game(state)
    game.push(Lead("Right", Role.LEGIONARY, ("Academy",)))
    game.push(Follow("You", ("Academy",)))
    game.push(Demand("You", ("Statue",)))
    assert state.phase is Phase.POOL and state.current == 1
    game.push(TakeFromPool("You", "Statue"))
    assert state.phase is Phase.GIVE and state.legionary.victims == [2, 3, 0]  # clockwise from the left
    game.push(Give("Left", ("Palace",), "You"))  # the Palisade does not stop a Bridge
    # Across and Right have one Marble each: their answers are forced
    assert sorted(state.players[1].stockpile) == ["Palace", "Palace", "Statue", "Temple"]
    assert state.players[2].stockpile == ["Temple"]  # no stockpile demand in classic
    assert state.phase is Phase.FOLLOW and state.current == 2  # back to Left's choice
