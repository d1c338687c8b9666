"""The classic Forum and Fountain (BC-FORUM-1, BC-FOUNTAIN-1): the Forum is the Imperium's
class keyed for classic too; the Fountain is a classic class of its own, its text being
another than the Black Box one (B-FOUNTAIN-1)."""

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Follow, Lay, Lead
from gtr_replay.game.state import Building, Phase, PlayerState
from gtr_replay.enums import Material, Role, Ruleset
from gtr_replay.powers import power_for
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC
EVERY_ROLE = ["Temple", "Road", "Tower", "Dock", "Academy", "Villa"]  # Patron ... Merchant


def test_classic_fountain_makes_every_client_a_craftsman_at_once_EX_CL_FOUNTAIN_1():
    """BC-FOUNTAIN-1: "Each client in your Clientele counts as a Craftsman client in addition
    to its natural identity ... The Function of a Fountain takes effect immediately." Example:
    "You get two Craftsman roles to execute. With the first role, you add a Stone ... completing
    the structure. Your Patron client now also counts as a Craftsman and so grants you an
    additional Craftsman role this turn. With your two remaining roles you play a Circus
    foundation from your hand and then place a Wood material into it"."""
    you = PlayerState("You", hand=["Dock", "Villa", "Circus", "Market"], clientele=["Palisade", "Temple"],
                      buildings=[Building("Fountain", Material.STONE, ["Garden", "Sewer"])])
    state = table(you, PlayerState("Ben", hand=["Dock"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Ben", ("Dock",)))
    assert rules.action_count(state, 0) == 2
    game.push(Add("You", "Villa", "Fountain"))
    assert rules.action_count(state, 0) == 3 and state.actions_used == 1
    game.push(Lay("You", "Circus"))
    game.push(Add("You", "Market", "Circus"))
    you = state.players[0]
    assert you.building("Circus").complete and you.hand == []
    assert rules.clients_of(state, 0, Role.PATRON) == 1  # still a Patron too, "in addition"


def test_classic_fountain_is_not_the_black_box_one():
    """The classic text gives no card from the deck; the Black Box one no Craftsman clients."""
    assert power_for(CLASSIC, "Fountain").hooks() == ("client_roles",)
    assert "client_roles" not in power_for(Ruleset.REPUBLIC, "Fountain").hooks()


def test_classic_forum_wins_on_completion_EX_CL_FORUM_1():
    """BC-FORUM-1: "You win immediately whenever you have a client of each type in your
    Clientele." Example: "You move Marble from your hand into the Forum, completing it. You
    win. She doesn't." """
    you = PlayerState("You", hand=["Dock", "Statue"], clientele=list(EVERY_ROLE),
                      buildings=[Building("Forum", Material.MARBLE, ["Temple", "Palace"])])
    left = PlayerState("Left", hand=["Dock", "Temple"], clientele=list(EVERY_ROLE),
                       buildings=[Building("Forum", Material.MARBLE, ["Palace", "Stairway"])])
    state = table(you, left, ruleset=CLASSIC)
    assert state.phase is not Phase.OVER  # a foundation alone wins nothing (R-BUILD-10)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Left", ("Dock",)))
    game.push(Add("You", "Statue", "Forum"))
    assert state.phase is Phase.OVER and state.winner == "You" and state.end_reason == "win:Forum"
