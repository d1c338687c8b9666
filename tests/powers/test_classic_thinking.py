"""The classic School and Senate, two powers of extra Thinker actions (BC-SCHOOL-1, AMB-37,
BC-SENATE-1). Each test quotes 001's Appendix; the rulings' other readings are tested in
tests/engine/test_rulings.py."""

from gtr_replay.engine import Game
from gtr_replay.game import Add, Discard, Follow, Hire, Lead, Pass, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import ExtraThink, ThinkTwice
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.errors import RulesError
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site):
    return Building(name, site, complete=True)


def test_classic_school_thinks_twice():
    """001 School: "Whenever you would execute the Thinker role, you execute the Thinker role
    twice." Example: "You own a School and have only a Jack in your hand. An opponent leads as
    Craftsman. You pass. For your first Thinker role you draw four Orders cards, replenishing
    your hand. For your second role you draw a Jack—a sixth card." (BC-SCHOOL-1)"""
    opp = PlayerState("Opp", hand=["Dock"])
    you = PlayerState("You", hand=[JACK], buildings=[done("School", Material.BRICK)])
    state = table(opp, you, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("Opp", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("You", "refill"))
    assert len(state.players[1].hand) == 5 and state.steps == [ThinkTwice("School", 1)]
    assert Pass("You") not in game.legal()  # "you execute the Thinker role twice"
    game.push(Think("You", "jack"))
    assert len(state.players[1].hand) == 6 and state.players[1].hand.count(JACK) == 2
    assert state.steps == []  # "This effect is not circular."


def test_the_school_doubles_a_think_after_a_discard_and_may_discard_again():
    """A Latrine's discard comes before a Thinker action; the School's second think is one
    too (BC-LATRINE-1, BC-SCHOOL-1)."""
    you = PlayerState("You", hand=["Road", "Road", "Road", "Road", "Road"],
                      buildings=[done("School", Material.BRICK), done("Latrine", Material.RUBBLE)])
    state = table(you, PlayerState("Ben", hand=["Dock"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Discard("You", ("Road",)))
    game.push(Think("You", "refill"))
    assert state.steps == [ThinkTwice("School", 0)]
    game.push(Discard("You", ("Road",)))
    game.push(Think("You", "refill"))
    assert len(state.players[0].hand) == 5 and state.turn == 2


def test_the_school_doubles_the_academys_think():
    """AMB-37, ruling ``school-thinks``: every Thinker action is doubled, the Academy's too."""
    you = PlayerState("You", hand=["Dock", "Bath"], clientele=[],
                      buildings=[done("School", Material.BRICK), done("Academy", Material.BRICK),
                                 Building("Shrine", Material.BRICK)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("You", "Bath", "Shrine"))
    assert state.steps == [ExtraThink("Academy", 0)]
    game.push(Think("You", "refill"))
    assert state.steps == [ThinkTwice("School", 0)]
    game.push(Think("You", "draw"))
    assert len(state.players[0].hand) == 6 and state.turn == 2


def test_classic_senate_thinks_after_the_leaders_actions():
    """001 Senate: "You may execute the Thinker role after executing all your roles for a turn
    which you led." Example: "You own a Senate and lead as Patron. The player to your left
    follows. The player to your right passes, taking a Jack. You take a client from the Pool
    and draw up to maximum hand size. The player to your left takes a client from Pool." The
    think comes before Left's action (BC-SENATE-1)."""
    you = PlayerState("You", hand=["Temple", "Road", "Dock", "Bath", "Tower"], buildings=[done("Senate", Material.CONCRETE)])
    left = PlayerState("Left", hand=["Statue"])
    right = PlayerState("Right", hand=["Road"])
    state = table(you, left, right, ruleset=CLASSIC, pool=["Villa", "Garden"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, ("Temple",)))
    game.push(Follow("Left", ("Statue",)))
    game.push(Think("Right", "jack"))
    game.push(Hire("You", "Villa"))
    assert state.steps == [ExtraThink("Senate", 0)] and state.current == 1  # before Left acts
    # the Senate's think first: refused as the game stands (a push would pass the think over)
    assert isinstance(game.check(Hire("Left", "Garden"), passing_over=False), RulesError)
    game.push(Think("You", "refill"))
    assert len(state.players[0].hand) == 5
    game.push(Hire("Left", "Garden"))
    assert state.players[1].clientele == ["Garden"]


def test_classic_senate_works_the_turn_it_is_completed_as_leader():
    """001 Senate: "If you complete a Senate on your turn as Leader, you may use the Function
    that turn." Only the leader's turn counts (BC-SENATE-1)."""
    you = PlayerState("You", hand=["Dock", "Wall"], buildings=[Building("Senate", Material.CONCRETE, ["Tower"])])
    ben = PlayerState("Ben", hand=["Market"], buildings=[done("Senate", Material.CONCRETE)])
    state = table(you, ben, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Ben", ("Market",)))
    game.push(Add("You", "Wall", "Senate"))
    assert state.steps == [ExtraThink("Senate", 0)]
    game.push(Think("You", "refill"))
    assert state.steps == []  # Ben's Senate: Ben did not lead; his Market passes by itself
    assert state.turn == 2


def test_classic_senate_gives_nothing_after_a_leaders_think():
    """The ``senate-think`` ruling's default: a leader who thinks led no role (001§Game Play)."""
    you = PlayerState("You", hand=["Dock"], buildings=[done("Senate", Material.CONCRETE)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Think("You", "refill"))
    assert state.steps == [] and state.turn == 2
