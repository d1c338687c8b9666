"""Crane, Circus, Ludus Magna, Storeroom and Forum, through their Appendix I examples, and
the Forum's listed combinations (RULES.md §21)."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Follow, Gather, Hire, Lay, Lead, Think
from gtr_replay.errors import RulesError
from gtr_replay.game.state import Building, GameState, Phase, PlayerState
from gtr_replay.enums import JACK, Material, Role, Ruleset
from gtr_replay.data.rulings import resolve

EVERY_ROLE = ["Road", "Dock", "Academy", "Tower", "Villa", "Temple"]
"""One client of each role: Laborer, Craftsman, Legionary, Architect, Merchant, Patron."""
EVERY_MATERIAL = ["Bar", "Market", "Bath", "Wall", "Sewer", "Statue"]


def table(*players, ruleset=Ruleset.REPUBLIC, pool=(), leader=0):
    state = GameState(ruleset, list(players), resolve(), deck=["Bar"] * 30, pool=list(pool), jack_pile=3)
    for m in Material:
        state.sites_in_town[m] = 2
        state.sites_out_of_town[m] = 2
    state.leader = state.current = leader
    return Game.from_state(state).state  # its forced actions made, as a game from it would


def done(name, site):
    return Building(name, site, complete=True)


def test_crane_follows_architect_with_a_laborer_EX_BB_CRANE_1():
    """B-CRANE-1: "The player to your right leads a Jack and declares it to be an Architect.
    You play a Laborer and declare it to also be an Architect. Resolve the Roles as if both
    had been actual gray cards." """
    right = PlayerState("Right", hand=[JACK])
    you = PlayerState("You", hand=["Road", "Villa"], buildings=[done("Crane", Material.WOOD)])
    state = table(right, you, PlayerState("Left", hand=["Road"]))
    game = Game(state)
    game.push(Lead("Right", Role.ARCHITECT, (JACK,)))
    assert Follow("You", ("Road",)) in game.legal()
    game.push(Follow("You", ("Road",)))
    with pytest.raises(RulesError, match="not Architect"):  # no Crane, no Laborer as Architect
        game.push(Follow("Left", ("Road",)))
    game.push(Think("Left", "refill"))
    while state.players[state.current].name != "You":
        game.push(game.legal()[-1])
    assert rules.action_count(state, 1) == 1 and state.players[1].camp == ["Road"]


def test_crane_is_republic_only_and_not_for_other_roles():
    """B-CRANE-1 names Architect only; Imperium has no Crane (RULES.md §20)."""
    you = PlayerState("You", hand=["Road", "Villa"], buildings=[done("Crane", Material.WOOD)])
    state = table(you, PlayerState("Ben"))
    game = Game(state)
    leads = game.legal()
    assert Lead("You", Role.ARCHITECT, ("Villa",)) in leads and Lead("You", Role.PATRON, ("Villa",)) not in leads
    assert rules.power_of(table(PlayerState("A"), PlayerState("B"), ruleset=Ruleset.IMPERIUM), "Crane") is None


def test_circus_leads_two_laborers_as_a_patron_EX_BB_CIRCUS_1():
    """B-CIRCUS-1: "You have in your hand a Merchant card and two Laborer cards. You own a
    Circus. You lead the two Laborer cards, saying 'I am leading as a Patron'"; one action."""
    you = PlayerState("You", hand=["Villa", "Road", "Bar"], buildings=[done("Circus", Material.WOOD)])
    state = table(you, PlayerState("Ben", hand=["Temple"]), ruleset=Ruleset.IMPERIUM, pool=["Dock"])
    game = Game(state)
    assert Lead("You", Role.PATRON, ("Villa", "Road")) not in game.legal()  # two roles
    with pytest.raises(RulesError, match="a petition's cards must all be of one role") as refused:
        game.copy().push(Lead("You", Role.PATRON, ("Villa", "Road")))  # refused for the roles, not the count
    assert refused.value.rule_ids[0] == "R-PET-1"
    game.push(Lead("You", Role.PATRON, ("Bar", "Road")))
    assert state.led_role is Role.PATRON and sorted(state.players[0].camp) == ["Bar", "Road"]
    game.push(Follow("Ben", ("Temple",)))
    assert rules.action_count(state, 0) == 1


def test_circus_pair_needs_no_jack_and_no_circus_needs_three():
    """B-CIRCUS-1: "Neither of these cards can themselves be Jacks"; without it the Imperium
    petition takes three cards (R-PET-2)."""
    you = PlayerState("You", hand=["Road", JACK], buildings=[done("Circus", Material.WOOD)])
    state = table(you, PlayerState("Ben"), ruleset=Ruleset.IMPERIUM)
    game = Game(state)
    with pytest.raises(RulesError):
        game.push(Lead("You", Role.PATRON, ("Road", JACK)))
    plain = Game(table(PlayerState("You", hand=["Road", "Bar"]), PlayerState("Ben"), ruleset=Ruleset.IMPERIUM))
    with pytest.raises(RulesError, match="petition takes 3"):
        plain.push(Lead("You", Role.PATRON, ("Road", "Bar")))


@pytest.mark.parametrize("ruleset", [Ruleset.REPUBLIC, Ruleset.CLASSIC])
def test_ludus_magna_completed_mid_turn_adds_an_action_EX_BB_LUDUSMAGNA_1(ruleset):
    """B-LUDUSMAGNA-1: "You get two Craftsman actions to execute. With the first action, you
    place a Marble ... completing the Structure. Your Merchant Client becomes every Client type
    including Craftsman and grants you an additional Craftsman action this turn." The classic
    card and example say the same (BC-LUDUSMAGNA-1, EX-CL-LUDUSMAGNA-1: "Each Merchant client in
    your Clientele counts as every type of client")."""
    you = PlayerState("You", hand=["Dock", "Temple", "Insula", "Bar"], clientele=["Market", "Villa"],
                      buildings=[Building("Ludus Magna", Material.MARBLE, ["Statue", "Palace"])])
    state = table(you, PlayerState("Ben", hand=["Palisade"]), ruleset=ruleset)
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Ben", ("Palisade",)))
    assert rules.action_count(state, 0) == 2
    game.push(Add("You", "Temple", "Ludus Magna"))
    assert state.players[0].buildings[0].complete and rules.action_count(state, 0) == 3
    game.push(Lay("You", "Insula"))
    game.push(Add("You", "Bar", "Insula"))
    assert state.players[0].buildings[1].complete and state.players[0].hand == []


def test_storeroom_clients_act_as_laborers_EX_BB_STOREROOM_1():
    """B-STOREROOM-1: "You have a Laborer, Craftsman, and Patron in your Clientele. You lead as
    Laborer ... You treat your Craftsman and Patron Clients as Laborers and take four Laborer
    actions. You take the Stone and three of the Bricks into your Stockpile." """
    you = PlayerState("You", hand=["Road"], clientele=["Insula", "Dock", "Temple"],
                      buildings=[done("Storeroom", Material.CONCRETE)])
    state = table(you, PlayerState("Ben", hand=["Tower"]), pool=["Villa", "Bath", "Bath", "Bath", "Bath"])
    game = Game(state)
    game.push(Lead("You", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "refill"))
    assert rules.action_count(state, 0) == 4
    for card in ("Villa", "Bath", "Bath", "Bath"):
        game.push(Gather("You", card))
    assert sorted(state.players[0].stockpile) == ["Bath", "Bath", "Bath", "Villa"] and state.pool.count("Bath") == 1


def test_storeroom_clients_act_once_as_their_own_role_too():
    """B-STOREROOM-1 "instead of itself": a Craftsman client still acts for Craftsman, once."""
    you = PlayerState("You", hand=["Dock"], clientele=["Market", "Temple"], buildings=[done("Storeroom", Material.CONCRETE)])
    state = table(you, PlayerState("Ben", hand=["Tower"]))
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    events = game.push(Think("Ben", "refill")).events
    assert [(e.player, e.text, e.value) for e in events if e.kind == "actions"] == [("You", "Craftsman", 2)]


def forum_table(clientele, *, extra=(), ruleset=Ruleset.IMPERIUM, forum="Forum", other=None):
    """You: a Forum foundation holding two Marble, the Marble to complete it in hand."""
    you = PlayerState("You", hand=["Dock", "Temple"], clientele=list(clientele), stockpile=list(EVERY_MATERIAL),
                      buildings=[Building(forum, Material.MARBLE, ["Statue", "Palace"]), *extra])
    left = other or PlayerState("Left", hand=["Market"])
    return table(you, left, ruleset=ruleset)


def complete_forum(state, forum="Forum"):
    """You lead Craftsman, Left follows, and You adds the Marble that completes the ``forum``."""
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Left", ("Market",)))
    game.push(Add("You", "Temple", forum))


def test_forum_wins_at_once_for_its_owner_only_EX_BB_FORUM_1():
    """B-FORUM-1: "You and the player to your left both have a Client of each type and a
    Forum Foundation with two Marble in it. ... You move Marble from your hand into the Forum,
    completing it. You win. She doesn't." """
    left = PlayerState("Left", hand=["Market"], clientele=list(EVERY_ROLE),
                       buildings=[Building("Forum", Material.MARBLE, ["Statue", "Palace"])])
    state = forum_table(EVERY_ROLE, other=left)
    complete_forum(state)
    assert state.phase is Phase.OVER and state.winner == "You" and state.end_reason == "win:Forum"


def test_forum_needs_every_role():
    """B-FORUM-1: five roles are not enough; a second Patron is no Merchant."""
    state = forum_table(EVERY_ROLE[:4] + ["Temple", "Temple"])
    complete_forum(state)
    assert state.phase is not Phase.OVER


def test_forum_with_ludus_magna_counts_a_merchant_as_one_role_C_FORUM_LUDUS_1():
    """C-FORUM-LUDUS-1 (CX-BB-FORUM-LUDUS-1): "each Merchant Client may be counted as any one Role towards the Forum
    (Romanum) victory condition": three Merchants stand for Laborer, Patron and Merchant; two
    cannot stand for three."""
    ludus = done("Ludus Magna", Material.MARBLE)
    state = forum_table(["Dock", "Academy", "Tower", "Villa", "Villa", "Villa"], extra=[ludus])
    complete_forum(state)
    assert state.phase is Phase.OVER and state.winner == "You"
    short = forum_table(["Dock", "Academy", "Tower", "Villa", "Villa"], extra=[ludus])
    complete_forum(short)
    assert short.phase is not Phase.OVER


def test_forum_with_storeroom_counts_a_client_as_laborer_never_both_C_FORUM_STOREROOM_1():
    """C-FORUM-STOREROOM-1 (CX-BB-FORUM-STOREROOM-1): "any Client may count as a Laborer towards the Forum (Romanum)
    victory condition instead of its usual Role. Clients may not count as both at once." """
    storeroom = done("Storeroom", Material.CONCRETE)
    state = forum_table(["Dock", "Academy", "Tower", "Villa", "Temple", "Temple"], extra=[storeroom])
    complete_forum(state)
    assert state.phase is Phase.OVER and state.winner == "You"
    both = forum_table(["Dock", "Academy", "Tower", "Villa", "Temple"], extra=[storeroom])
    complete_forum(both)
    assert both.phase is not Phase.OVER  # the Patron cannot be the Laborer as well


def test_forum_romanum_takes_the_same_combinations():
    """C-FORUM-LUDUS-1 names "Forum (Romanum)": the Republic Forum Romanum, with its stockpile."""
    state = forum_table(["Dock", "Academy", "Tower", "Villa", "Villa", "Villa"], forum="Forum Romanum",
                        extra=[done("Ludus Magna", Material.MARBLE)], ruleset=Ruleset.REPUBLIC)
    complete_forum(state, "Forum Romanum")
    assert state.winner == "You" and state.end_reason == "win:Forum Romanum"


def test_forum_woken_by_a_gate_wins_as_a_foundation_AMB_15():
    """AMB-15 default: a Gate makes a Forum foundation's function active, and it counts."""
    you = PlayerState("You", hand=[JACK], clientele=list(EVERY_ROLE[:5]), influence=[Material.MARBLE] * 2,
                      buildings=[Building("Forum", Material.MARBLE), done("Gate", Material.BRICK)])
    state = table(you, PlayerState("Ben"), ruleset=Ruleset.IMPERIUM, pool=["Temple"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, (JACK,)))
    game.push(Think("Ben", "refill"))

    game.push(Hire("You", "Temple"))
    assert state.phase is Phase.OVER and state.winner == "You"

