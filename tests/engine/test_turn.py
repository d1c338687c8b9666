"""The turn: lead or think, follow or think clockwise, actions leader first, cleanup, the
leader card passing left (R-TURN-*, R-ACT-1, R-JACK-*, R-PET-*)."""

from gtr_replay.engine import Game
from gtr_replay.game import Follow, Gather, Hire, Lead, Pass, Phase, PlayerState, Think
from gtr_replay.enums import JACK, Material, Role

POOL = ["Tower", "Wall", "Villa", "Garden", "Academy", "Market"]


def three_players(position, **kw):
    """Ann leads with a Laborer client; Bob holds a Jack; Cat has two Laborer clients and five cards."""
    return position(
        PlayerState("Ann", hand=["Road", "Insula", "Dock"], clientele=["Bar"]),
        PlayerState("Bob", hand=[JACK, "Villa"]),
        PlayerState("Cat", hand=["Temple", "Statue", "Palace", "Garden", "Sewer"], clientele=["Insula", "Latrine"]),
        pool=POOL, **kw)


def actions_announced(events):
    return [(e.player, e.value) for e in events if e.kind == "actions"]


def test_leader_who_thinks_ends_the_turn_R_TURN_1_R_THINK_4_R_TURN_9(position):
    state = three_players(position)
    game = Game(state)
    events = game.push(Think("Ann", "refill")).events
    assert len(state.players[0].hand) == 5
    assert not any(e.kind in ("follow", "actions") for e in events)
    assert state.leader == 1 and state.current == 1 and state.turn == 2 and state.phase is Phase.LEAD
    assert state.players[2].hand == ["Temple", "Statue", "Palace", "Garden", "Sewer"]  # Cat did nothing


def test_followers_decide_clockwise_from_the_leader_R_TURN_2(position, play):
    state = three_players(position, leader=2)
    game = Game(state)
    # Cat leads; Ann (Cat's left) decides next, then Bob.
    play(game, Lead("Cat", Role.PATRON, ("Temple",)))
    assert state.phase is Phase.FOLLOW and state.players[state.current].name == "Ann"
    play(game, Think("Ann", "refill"))
    assert state.players[state.current].name == "Bob"


def test_a_follower_thinks_at_once_before_any_action_R_TURN_2(position, play):
    state = three_players(position)
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Think("Bob", "refill"))
    assert len(state.players[1].hand) == 5  # drawn now, while Cat still has to decide
    assert state.phase is Phase.FOLLOW and state.players[state.current].name == "Cat"


def test_actions_leader_first_one_per_play_plus_clients_R_TURN_3_R_TURN_4_R_ACT_1(position, play):
    """Ann: lead + 1 client = 2. Bob: follow = 1. Cat thinks but her 2 clients still act = 2."""
    state = three_players(position)
    game = Game(state)
    events = play(game, Lead("Ann", Role.LABORER, ("Road",)), Follow("Bob", (JACK,)), Think("Cat", "draw"))
    assert actions_announced(events) == [("Ann", 2)]
    assert state.players[state.current].name == "Ann"
    events = play(game, Gather("Ann", "Tower"), Gather("Ann", "Wall"))
    assert actions_announced(events) == [("Bob", 1)]
    events = play(game, Gather("Bob", "Villa"))
    assert actions_announced(events) == [("Cat", 2)]
    play(game, Gather("Cat", "Garden"), Gather("Cat", "Academy"))
    assert [p.stockpile for p in state.players] == [["Tower", "Wall"], ["Villa"], ["Garden", "Academy"]]


def test_cleanup_and_leader_passes_left_R_TURN_8_R_TURN_9_R_JACK_2(position, play):
    state = three_players(position, jack_pile=2)
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Follow("Bob", (JACK,)), Think("Cat", "draw"))
    assert state.players[0].camp == ["Road"] and state.players[1].camp == [JACK]
    play(game, Pass("Ann"), Pass("Bob"), Pass("Cat"))
    assert state.pool == POOL + ["Road"]
    assert state.jack_pile == 3 and all(p.camp == [] for p in state.players)  # Bob's Jack is back
    assert JACK not in state.pool
    assert state.leader == 1 and state.turn == 2 and state.phase is Phase.LEAD


def test_played_cards_are_not_in_the_pool_this_turn_R_TURN_10(position, play):
    state = three_players(position)
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Follow("Bob", (JACK,)), Think("Cat", "draw"))
    assert Gather("Ann", "Road") not in game.legal()


def test_every_action_is_optional_R_TURN_7(position, play):
    state = three_players(position)
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Follow("Bob", (JACK,)), Think("Cat", "draw"))
    play(game, Gather("Ann", "Tower"), Pass("Ann"))
    assert state.players[0].stockpile == ["Tower"]
    assert state.players[state.current].name == "Bob"


def test_player_with_no_action_is_skipped_R_TURN_4(position, play):
    """Bob neither follows nor has a client: the engine moves straight on to Cat."""
    state = three_players(position)
    game = Game(state)
    events = play(game, Lead("Ann", Role.LABORER, ("Road",)), Think("Bob", "refill"), Think("Cat", "draw"),
                  Pass("Ann"))
    assert actions_announced(events) == [("Ann", 2), ("Cat", 2)]
    assert state.players[state.current].name == "Cat"


# -- Jacks ---------------------------------------------------------------------------------

def test_jack_leads_any_declared_role_and_followers_must_match_R_JACK_1_R_TURN_11(position, play):
    state = position(PlayerState("Ann", hand=[JACK, "Road"]), PlayerState("Bob", hand=["Temple", "Road", "Villa"]))
    game = Game(state)
    leads = [d for d in game.legal() if isinstance(d, Lead) and d.cards == (JACK,)]
    assert {d.role for d in leads} == set(Role)  # every role, and no Thinker among them
    play(game, Lead("Ann", Role.MERCHANT, (JACK,)))
    assert state.led_role is Role.MERCHANT
    follows = [d for d in game.legal() if isinstance(d, Follow)]
    assert follows == [Follow("Bob", ("Villa",))]


def test_follower_may_follow_with_a_jack_R_JACK_1(position, play):
    state = position(PlayerState("Ann", hand=["Temple"]), PlayerState("Bob", hand=[JACK, "Road"]),
                     pool=["Road"])
    game = Game(state)
    play(game, Lead("Ann", Role.PATRON, ("Temple",)), Follow("Bob", (JACK,)))
    assert state.players[1].played and state.players[1].camp == [JACK]


def test_jack_is_never_a_client_material_or_foundation_R_JACK_3(position, play):
    state = position(PlayerState("Ann", hand=[JACK, JACK, "Dock"], buildings=[]),
                     PlayerState("Bob", hand=["Road"]), jack_pile=1)
    game = Game(state)
    play(game, Lead("Ann", Role.CRAFTSMAN, (JACK,)), Think("Bob", "jack"))
    legal = game.legal()
    assert all(getattr(d, "card", None) != JACK for d in legal)


# -- Petitions -----------------------------------------------------------------------------

def test_republic_petition_two_cards_of_one_role_as_any_role_R_PET_1_R_PET_4(position, play):
    """Two Laborer cards lead Patron; the petition gives one action, and both cards reach the
    Pool at cleanup."""
    state = position(PlayerState("Ann", hand=["Road", "Insula", "Bar"]),
                     PlayerState("Bob", hand=["Temple", "Tower"]), pool=["Villa", "Wall"])
    game = Game(state)
    events = play(game, Lead("Ann", Role.PATRON, ("Road", "Insula")), Think("Bob", "refill"))
    assert actions_announced(events) == [("Ann", 1)]
    play(game, Hire("Ann", "Villa"))
    assert state.players[0].clientele == ["Villa"]
    assert sorted(state.pool) == ["Insula", "Road", "Wall"] and state.leader == 1


def test_copies_of_one_card_are_a_petition_among_the_legal_leads_R_PET_1(position):
    """"Two cards of the same role" (three in the Imperium): two copies of one card are too."""
    for ruleset, hand in (("republic", ["Road", "Road"]), ("imperium", ["Road", "Road", "Road"])):
        state = position(PlayerState("Ann", hand=hand), PlayerState("Bob", hand=["Temple"]), ruleset=ruleset)
        leads = {(d.role, d.cards) for d in Game(state).legal() if isinstance(d, Lead)}
        assert (Role.PATRON, tuple(hand)) in leads and (Role.LABORER, ("Road",)) in leads


def test_a_jack_and_a_petition_lead_as_every_role_and_follow_once_R_JACK_1_R_PET_1(position, play):
    """A Jack or a petition may be led as any role, so the legal leads hold each as each of
    the six; following, each is one play of the led role, listed once."""
    state = position(PlayerState("Ann", hand=["Road", "Insula", JACK]), PlayerState("Bob", hand=["Tower", "Wall", JACK]))
    game = Game(state)
    leads = {(d.role, d.cards) for d in game.legal() if isinstance(d, Lead)}
    for role in (Role.PATRON, Role.LABORER, Role.ARCHITECT, Role.CRAFTSMAN, Role.LEGIONARY, Role.MERCHANT):
        assert (role, (JACK,)) in leads and (role, ("Insula", "Road")) in leads
    play(game, Lead("Ann", Role.MERCHANT, (JACK,)))
    follows = [d for d in game.legal() if isinstance(d, Follow)]
    assert follows.count(Follow("Bob", (JACK,))) == 1 and follows.count(Follow("Bob", ("Tower", "Wall"))) == 1
    assert len(set(follows)) == len(follows)


def test_petition_may_follow_a_role_of_another_colour_R_PET_1(position, play):
    state = position(PlayerState("Ann", hand=["Temple"]), PlayerState("Bob", hand=["Road", "Insula"]),
                     pool=["Villa"])
    game = Game(state)
    play(game, Lead("Ann", Role.PATRON, ("Temple",)), Follow("Bob", ("Road", "Insula")))
    assert state.players[1].camp == ["Road", "Insula"] and state.players[1].played


def test_imperium_petition_takes_three_cards_R_PET_2(position, play, illegal):
    state = position(PlayerState("Ann", hand=["Road", "Insula", "Bar"]), PlayerState("Bob", hand=["Temple"]),
                     ruleset="imperium")
    game = Game(state)
    error = illegal(game, Lead("Ann", Role.PATRON, ("Road", "Insula")))
    assert "R-PET-2" in error.rule_ids
    play(game, Lead("Ann", Role.PATRON, ("Road", "Insula", "Bar")))
    assert state.led_role is Role.PATRON


def test_two_jacks_are_never_a_petition_R_PET_1(position, illegal):
    for ruleset in ("republic", "imperium"):
        state = position(PlayerState("Ann", hand=[JACK, JACK]), PlayerState("Bob", hand=["Temple"]), ruleset=ruleset)
        assert "R-PET-5" in illegal(Game(state), Lead("Ann", Role.PATRON, (JACK, JACK))).rule_ids


def test_a_jack_cannot_join_a_petition_R_PET_5(position, illegal):
    state = position(PlayerState("Ann", hand=[JACK, "Road"]), PlayerState("Bob", hand=["Temple"]))
    game = Game(state)
    assert illegal(game, Lead("Ann", Role.LABORER, (JACK, "Road"))).rule_ids[0] == "R-PET-5"
    assert not any(isinstance(d, Lead) and len(d.cards) > 1 for d in game.legal())


def test_classic_has_no_petition_R_PET_3(position, illegal):
    state = position(PlayerState("Ann", hand=["Road", "Insula"]), PlayerState("Bob", hand=["Temple"]),
                     ruleset="classic")
    game = Game(state)
    assert illegal(game, Lead("Ann", Role.LABORER, ("Road", "Insula"))).rule_ids == ("R-PET-3",)
    assert all(len(d.cards) == 1 for d in game.legal() if isinstance(d, Lead))



def test_a_role_named_in_text_leads_like_the_enum_R_TURN_1_R_ACT_1(position, play):
    """A reader hands the engine role names as strings: a Temple still leads Patron, and a Jack
    led as 'Patron' still lets the Patron client act."""
    state = position(PlayerState("Ann", hand=["Temple", JACK], clientele=["Statue"], influence=[Material.STONE]),
                     PlayerState("Bob", hand=["Road", "Dock", "Bath", "Tower", "Villa"]), pool=["Villa", "Wall"])
    game = Game(state)
    copy = game.copy()
    events = play(game, Lead("Ann", "Patron", (JACK,)), Think("Bob", "draw"))
    assert state.led_role is Role.PATRON
    assert [(e.player, e.value) for e in events if e.kind == "actions"] == [("Ann", 2)]
    play(copy, Lead("Ann", "Patron", ("Temple",)), Think("Bob", "draw"))
    assert copy.state.led_role is Role.PATRON


def test_classic_jack_pile_fills_only_with_played_jacks_R_SETUP_9_R_JACK_2(position, play):
    state = position(PlayerState("Ann", hand=[JACK, "Road"]),
                     PlayerState("Bob", hand=["Road", "Dock", "Bath", "Tower", "Villa"]), ruleset="classic")
    game = Game(state)
    assert Think("Ann", "jack") not in game.legal()
    play(game, Lead("Ann", Role.PATRON, (JACK,)), Think("Bob", "draw"))  # nothing to hire: the turn ends
    assert state.jack_pile == 1 and state.leader == 1


def test_a_follower_with_one_choice_still_states_it_R_TURN_2(position, play):
    """Only actions are made for a player; following or thinking is always the player's own
    statement, even with one legal choice (Bob holds 5 cards and the Jack pile is empty)."""
    state = position(PlayerState("Ann", hand=["Road"]), PlayerState("Bob", hand=["Dock", "Bath", "Tower", "Villa", "Temple"]))
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)))
    assert game.legal() == [Think("Bob", "draw")]
    assert game.pending().kind == "follow" and game.pending().player == "Bob"
