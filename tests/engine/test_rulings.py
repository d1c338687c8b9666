"""Every reading of every ruling other than the default changes what its description says
(gtr_replay/data/rulings.py, AMB-*). The defaults are tested in the topic files.

Each test is named ``test_<ruling>_<reading>``; the last test fails when a reading has none."""

import sys

import pytest

from gtr_replay.engine import Game
from gtr_replay.engine.setup import new_game
from gtr_replay.game import Demand, Follow, Gather, Give, Lay, Lead, Pass, PlayerState, TakeFromPool, Think
from gtr_replay.engine import rules
from gtr_replay.engine.scoring import merchant_bonuses, result
from gtr_replay.enums import JACK, Material, Role, Zone
from gtr_replay.data.rulings import RULINGS


def thinks(game):
    return sorted(d.option for d in game.legal() if isinstance(d, Think))


# -- AMB-01 deck-end -----------------------------------------------------------------------

def test_deck_end_empty_draw(position, play):
    """The last card leaving the deck does not end the game; the next draw from it does."""
    state = position(PlayerState("Ann", hand=["Road", "Dock"], clientele=["Insula"]),
                     PlayerState("Bob", hand=["Temple", "Villa", "Dock"]),
                     PlayerState("Cat", hand=["Bath"], clientele=["Bar"]),
                     pool=["Tower", "Wall", "Garden"], deck=["Villa", "Statue"], jack_pile=1,
                     rulings="deck-end=empty-draw")
    game = Game(state)
    play(game, Lead("Ann", Role.LABORER, ("Road",)), Think("Bob", "refill"))
    assert not state.over and state.deck == []
    play(game, Think("Cat", "jack"), Gather("Ann", "Tower"), Gather("Ann", "Wall"), Gather("Cat", "Garden"))
    assert state.leader == 1 and not state.over  # actions and cleanup happened
    play(game, Think("Bob", "draw"))
    assert state.over and state.end_reason == "deck" and state.ended_by == "Bob"


# -- AMB-02 last-site ----------------------------------------------------------------------

def test_last_site_any_material(position, play):
    state = position(PlayerState("Ann", hand=["Villa", "Dock"], camp=["Tower"], clientele=["Wall"]),
                     PlayerState("Bob", hand=["Road", "Dock", "Bath", "Villa", "Temple"]),
                     in_town={Material.STONE: 1, Material.WOOD: 1}, led=Role.ARCHITECT, played=("Ann",),
                     rulings="last-site=any-material")
    game = Game(state)
    play(game, Lay("Ann", "Villa"))
    assert state.over and state.end_reason == "last-site"
    assert state.sites_in_town[Material.WOOD] == 1


# -- AMB-03 short-refill -------------------------------------------------------------------

def test_short_refill_forbidden(position, illegal):
    hand, deck = ["Road"], ["Villa", "Statue"]
    default = position(PlayerState("Ann", hand=hand), PlayerState("Bob"), deck=deck, jack_pile=1)
    assert thinks(Game(default)) == ["jack", "refill"]
    state = position(PlayerState("Ann", hand=hand), PlayerState("Bob"), deck=deck, jack_pile=1,
                     rulings="short-refill=forbidden")
    game = Game(state)
    assert thinks(game) == ["draw", "jack"]
    assert illegal(game, Think("Ann", "refill")).rule_ids == ("R-THINK-2", "AMB-03")


def test_short_refill_draw_remaining_ends_the_game_as_deck_end_says(position, play):
    """AMB-03 (A): "Draw whatever is left; the deck empties and the game ends (AMB-01)": the
    deck empties, and the game ends then under deck-end=last-card only (AMB-01 (B): the game
    ends when a player needs to draw from an empty deck). The reading's words say so."""
    for rulings, over in (("deck-end=last-card", True), ("deck-end=empty-draw", False)):
        state = position(PlayerState("Ann", hand=["Road"]), PlayerState("Bob"), deck=["Villa", "Statue"],
                         jack_pile=1, rulings=rulings)
        play(Game(state), Think("Ann", "refill"))
        assert (state.deck, state.over) == ([], over), rulings
    ruling = next(r for r in RULINGS if r.name == "short-refill")
    assert "deck-end=last-card" in ruling.reading("draw-remaining").description


# -- AMB-04 out-of-town / AMB-05 out-of-town-cost -----------------------------------------

def architect(position, actions: int, in_town, rulings):
    clients = ["Wall"] * (actions - 1)
    return position(PlayerState("Ann", hand=["Villa", "Bridge"], camp=["Tower"], clientele=clients),
                    PlayerState("Bob", hand=["Road", "Dock", "Bath", "Villa", "Temple"]),
                    in_town=in_town, led=Role.ARCHITECT, played=("Ann",), rulings=rulings)


def test_out_of_town_any_time(position, play):
    state = architect(position, 2, 2, "out-of-town=any-time")
    game = Game(state)
    play(game, Lay("Ann", "Villa", out_of_town=True))
    assert state.players[0].buildings[0].out_of_town
    assert state.sites_in_town[Material.STONE] == 2 and state.sites_out_of_town[Material.STONE] == 3
    assert state.leader == 1  # still two actions


def test_out_of_town_cost_one_action(position, play):
    state = architect(position, 1, {m: 2 for m in Material} | {Material.STONE: 0}, "out-of-town-cost=one-action")
    game = Game(state)
    play(game, Lay("Ann", "Villa", out_of_town=True))
    assert state.players[0].buildings[0].out_of_town and state.leader == 1


def test_out_of_town_pair_architect_or_craftsman():
    """R-BUILD-3 read as "two consecutive actions, each an Architect or a Craftsman action":
    the last Craftsman action of Ann's Amphitheatre (completed by her Architect action) and
    her client's Architect action lay out of town together. The default refuses it
    (tests/powers/test_action_sequence.py)."""
    from tests.powers.test_action_sequence import architect_after_a_craftsman_burst
    state = architect_after_a_craftsman_burst("out-of-town-pair=architect-or-craftsman")
    game = Game(state)
    game.push(Lay("Ann", "Road", out_of_town=True))
    assert state.players[0].building("Road").out_of_town and state.turn == 2


# -- AMB-06 leader-draw / AMB-07 leader-tie -----------------------------------------------

def test_leader_draw_role_name(stacked_deck):
    """Compared by role, Road (Laborer) beats Academy (Legionary)."""
    deck = stacked_deck("republic", ["Dock"] * 5 + ["Market"] * 5 + ["Road", "Academy"])
    state, _ = new_game("republic", ["Ann", "Bob"], deck=deck, rulings="leader-draw=role-name")
    assert state.leader == 0


def test_leader_tie_all_players(stacked_deck):
    """Ann and Bob tie on Academy; every player, Cat too, gets a new card, and Cat's Atrium wins."""
    hands = ["Insula"] * 5 + ["Dock"] * 5 + ["Market"] * 5
    deck = stacked_deck("republic", hands + ["Academy", "Academy", "Bar", "Road", "Bath", "Atrium"])
    state, _ = new_game("republic", ["Ann", "Bob", "Cat"], deck=deck, rulings="leader-tie=all-players")
    assert state.pool == ["Academy", "Academy", "Bar", "Road", "Bath", "Atrium"]
    assert state.leader == 2


# -- AMB-08 final-tie ----------------------------------------------------------------------

def test_final_tie_orders_then_shared(position):
    def tied(rulings=None):
        return position(PlayerState("Ann", hand=["Road", "Road"], vault=["Road"]),
                        PlayerState("Bob", hand=["Road", JACK, JACK], vault=["Dock"]), rulings=rulings)
    assert result(tied()).winners == ("Bob",)
    assert result(tied("final-tie=orders-then-shared")).winners == ("Ann",)


# -- AMB-09, AMB-10, AMB-12: the Legionary -------------------------------------------------

def legionary(position, rulings=None, ruleset="republic", ann_hand=("School", "Shrine")):
    """Ann has led Legionary with a Legionary client; Bob (left) holds two Brick and a Stone."""
    return position(PlayerState("Ann", hand=list(ann_hand), camp=["Academy"], clientele=["Bath"]),
                    PlayerState("Bob", hand=["Bath", "Gate", "Sewer"]),
                    pool=["Atrium", "Archway", "Road"], led=Role.LEGIONARY, played=("Ann",),
                    ruleset=ruleset, rulings=rulings)


def test_legionary_pool_per_turn(position, play):
    default = Game(legionary(position))
    play(default, Demand("Ann", ("School", "Shrine")), TakeFromPool("Ann", "Atrium"))
    assert TakeFromPool("Ann", "Archway") in default.legal()
    state = legionary(position, "legionary-pool=per-turn")
    game = Game(state)
    play(game, Demand("Ann", ("School", "Shrine")), TakeFromPool("Ann", "Atrium"))
    assert not any(isinstance(d, TakeFromPool) for d in game.legal())
    assert "Archway" in state.pool and state.players[0].stockpile[0] == "Atrium"


def test_legionary_give_demander_chooses(position, play):
    state = legionary(position, "legionary-give=demander-chooses", ann_hand=("School", "Villa"))
    game = Game(state)
    play(game, Demand("Ann", ("School", "Villa")), Pass("Ann"))
    assert game.pending().player == "Ann"  # Ann picks which Brick Bob gives
    from gtr_replay.render.model import next_words
    assert next_words(state) == "next: Ann to choose what Bob gives"
    assert next_words(legionary(position)).startswith("next: Ann's Legionary action")
    assert Give("Bob", ("Gate", "Sewer"), "Ann") in game.legal()
    play(game, Give("Bob", ("Gate", "Sewer"), "Ann"))
    assert sorted(state.players[0].stockpile) == ["Gate", "Sewer"]


def test_legionary_pool_optional_as_worded(position, play, illegal):
    """As worded, classic obliges the Legionary to take a matching Pool card; the Black Box
    wording still lets them decline."""
    classic = Game(legionary(position, "legionary-pool-optional=as-worded", ruleset="classic"))
    play(classic, Demand("Ann", ("School", "Shrine")))
    assert Pass("Ann") not in classic.legal()
    assert illegal(classic, Pass("Ann")).rule_ids == ("R-LEG-2", "AMB-12")
    play(classic, TakeFromPool("Ann", "Atrium"))  # the second Brick, Archway, was then taken for her
    assert classic.state.players[0].stockpile[:2] == ["Atrium", "Archway"]
    republic = Game(legionary(position, "legionary-pool-optional=as-worded"))
    play(republic, Demand("Ann", ("School", "Shrine")))
    assert Pass("Ann") in republic.legal()


# -- AMB-22 think-hand / AMB-23 refill-size ------------------------------------------------

def test_think_hand_orders_only(position, play):
    """Three Order cards and two Jacks: a refill, drawing two Order cards."""
    hand = ["Road", "Dock", "Bath", JACK, JACK]
    assert thinks(Game(position(PlayerState("Ann", hand=hand), PlayerState("Bob")))) == ["draw"]
    state = position(PlayerState("Ann", hand=hand), PlayerState("Bob"), rulings="think-hand=orders-only")
    game = Game(state)
    assert thinks(game) == ["refill"]
    play(game, Think("Ann", "refill"))
    assert len(state.players[0].hand) == 7


def test_think_hand_orders_only_refusal_counts_as_the_reading_counts(position, illegal):
    """AMB-22 read as Order cards only: four Order cards and a Jack are four, fewer than five,
    and the refusal of a one-card draw says so and cites the ruling, not another."""
    hand = ["Road", "Dock", "Bath", "Villa", JACK]
    game = Game(position(PlayerState("Ann", hand=hand), PlayerState("Bob"), rulings="think-hand=orders-only"))
    error = illegal(game, Think("Ann", "draw"))
    assert "Ann holds 4 Order cards (the Jacks held do not count), fewer than the refill size 5" in str(error)
    assert error.rule_ids == ("R-THINK-1", "AMB-22")
    error = illegal(Game(position(PlayerState("Ann", hand=hand[:4]), PlayerState("Bob"))), Think("Ann", "draw"))
    assert "Ann holds 4 cards, fewer than the refill size 5" in str(error) and error.rule_ids == ("R-THINK-1",)


def test_refill_size_maximum(position, illegal):
    above = ["Road", "Dock", "Bath", "Villa", "Temple", "Tower"]
    assert thinks(Game(position(PlayerState("Ann", hand=above), PlayerState("Bob"), jack_pile=1))) == ["draw", "jack"]
    state = position(PlayerState("Ann", hand=above), PlayerState("Bob"), jack_pile=1, rulings="refill-size=maximum")
    game = Game(state)
    assert thinks(game) == ["jack"]
    error = illegal(game, Think("Ann", "draw"))
    assert error.rule_ids == ("R-THINK-3", "AMB-23") and "more than the refill size 5" in str(error)
    at_size = position(PlayerState("Ann", hand=above[:5]), PlayerState("Bob"), jack_pile=1,
                       rulings="refill-size=maximum")
    assert thinks(Game(at_size)) == ["draw", "jack"]


def test_refill_size_maximum_with_no_jack_to_take(position, play):
    """AMB-23 read as a hand limit, the Jack pile empty: a leader above the refill size may not
    think at all, and leads; a follower above it with no card of the led role to follow with
    draws one card rather than have nothing to do."""
    above = ["Road", "Dock", "Bath", "Villa", "Temple", "Tower"]
    state = position(PlayerState("Ann", hand=above), PlayerState("Bob", hand=list(above)), jack_pile=0,
                     rulings="refill-size=maximum")
    game = Game(state)
    assert thinks(game) == [] and game.legal()
    play(game, Lead("Ann", Role.PATRON, ("Temple",)))
    assert thinks(game) == [] and any(isinstance(d, Follow) for d in game.legal())  # Bob holds a Temple too
    bob = [c for c in above if c != "Temple"] + ["Insula"]  # no petition either: imperium's takes three
    state = position(PlayerState("Ann", hand=above), PlayerState("Bob", hand=bob), jack_pile=0,
                     rulings="refill-size=maximum", ruleset="imperium")
    game = Game(state)
    play(game, Lead("Ann", Role.PATRON, ("Temple",)))
    assert [type(d) for d in game.legal()] == [Think] and thinks(game) == ["draw"]


# -- AMB-13 bridge-stockpile ---------------------------------------------------------------

def test_bridge_stockpile_four_or_five(position, play):
    """With two players the Bridge's demand takes from the hand only; the default reading
    takes the stockpile's Marble too (tests/powers/test_bridge.py)."""
    from gtr_replay.game.state import Building
    you = PlayerState("You", hand=["Academy", "Temple"],
                      buildings=[Building("Bridge", Material.CONCRETE, complete=True)])
    state = position(you, PlayerState("Opp", hand=["Statue"], stockpile=["Palace"]), jack_pile=2,
                     rulings="bridge-stockpile=four-or-five")
    game = Game(state)
    play(game, Lead("You", Role.LEGIONARY, ("Academy",)), Think("Opp", "jack"), Demand("You", ("Temple",)))
    assert state.players[0].stockpile == ["Statue"] and state.players[1].stockpile == ["Palace"]
    assert state.legionary is None


# -- AMB-14 academy-timing ------------------------------------------------------------------

def test_academy_timing_after_own_actions(position, play):
    """The Academy's think comes as soon as its owner's actions are over, before the next
    player acts; by default it waits for the end of the turn (B-ACADEMY-1, AMB-14)."""
    from gtr_replay.game.state import Building, Phase
    from gtr_replay.game.steps import ExtraThink

    def table(rulings=None):
        ann = PlayerState("Ann", hand=["Palisade", "Wall", "Road"],
                          buildings=[Building("Academy", Material.BRICK, complete=True)])
        game = Game(position(ann, PlayerState("Ben", hand=["Market", "Tower", "Bridge"]), rulings=rulings))
        play(game, Lead("Ann", Role.CRAFTSMAN, ("Palisade",)), Follow("Ben", ("Market",)), Lay("Ann", "Wall"))
        return game

    game = table("academy-timing=after-own-actions")
    early = game.state
    assert early.phase is Phase.ACTIONS and early.steps == [ExtraThink("Academy", 0)]
    assert game.pending().player == "Ann" and early.current == 1  # Ben waits for her think
    play(game, Think("Ann", "refill"), Lay("Ben", "Tower"))
    assert early.turn == 2 and early.players[0].hand and not early.steps

    game = table()
    default = game.state
    assert game.pending().player == "Ben" and default.steps == []  # he acts first
    play(game, Lay("Ben", "Tower"))
    assert default.phase is Phase.END and default.steps == [ExtraThink("Academy", 0)]
# -- AMB-11 colosseum-clients / AMB-20 domus-aurea-count ------------------------------------

def _spoils_after_demand(position, play, building, victim, rulings):
    """You own ``building`` (completed), have one Legionary client, lead Legionary and demand
    Brick, Brick; the victim answers what it must."""
    from gtr_replay.game.state import Building
    you = PlayerState("You", hand=["Academy", "Bath", "Shrine"], clientele=["Foundry"], influence=[Material.STONE],
                      buildings=[Building(building, Material.STONE, complete=True)])
    ruleset = {"Colosseum": "imperium", "Coliseum": "classic"}.get(building, "republic")
    game = Game(position(you, victim, ruleset=ruleset, jack_pile=2, rulings=rulings))
    play(game, Lead("You", Role.LEGIONARY, ("Academy",)), Think(victim.name, "jack"),
         Demand("You", ("Bath", "Shrine")))
    return game


def test_colosseum_clients_all_matching(position, play):
    """000§…›Colosseum: 'take matching Client cards' with no count: all three Brick clients go
    for a demand of two Brick; the default takes one per demanded card, two
    (tests/powers/test_spoils.py)."""
    from gtr_replay.game.decisions import Slay
    victim = PlayerState("Ben", hand=["Road"], clientele=["School", "School", "Gate", "Villa"])
    game = _spoils_after_demand(position, play, "Colosseum", victim, "colosseum-clients=all-matching")
    state = game.state
    default = _spoils_after_demand(position, play, "Colosseum", victim, None)
    for g in (game, default):
        play(g, Slay("You", "Ben", "School"), Slay("You", "Ben", "Gate"))
    assert not default.state.steps and default.state.players[1].clientele == ["School", "Villa"]
    assert Slay("You", "Ben", "School") in game.legal()
    play(game, Slay("You", "Ben", "School"))
    assert state.players[1].clientele == ["Villa"] and len(state.players[0].vault) == 3


def test_colosseum_clients_any_client(position, play):
    """001§…›Coliseum as printed, 'take cards from the Clienteles of every opponent from which
    you demand materials': any client, a Stone one for a demand of Brick, while the vault has
    room; the default takes Brick clients only, and the Black Box
    Colosseum, whose text says 'matching', takes one per demanded card under this reading too."""
    from gtr_replay.game.decisions import Slay
    from gtr_replay.errors import RulesError
    victim = PlayerState("Ben", hand=["Road"], clientele=["School", "Villa", "Road", "Gate"])
    game = _spoils_after_demand(position, play, "Coliseum", victim, "colosseum-clients=any-client")
    state = game.state
    default = _spoils_after_demand(position, play, "Coliseum", victim, None)
    assert Slay("You", "Ben", "Villa") in game.legal()
    assert Slay("You", "Ben", "Villa") not in default.legal()
    play(game, Slay("You", "Ben", "Villa"), Slay("You", "Ben", "Road"), Slay("You", "Ben", "School"),
         Slay("You", "Ben", "Gate"))  # more than one per demanded card, too
    assert state.players[1].clientele == [] and len(state.players[0].vault) == 4 and not state.steps
    black_box = _spoils_after_demand(position, play, "Colosseum", victim, "colosseum-clients=any-client")
    with pytest.raises(RulesError, match="not demanded"):
        play(black_box, Slay("You", "Ben", "Villa"))


def test_colosseum_palisade_palisade_guards(position, play):
    """000§…›Colosseum: 'Palisades and Walls protect against an opponent's Colosseum. A Bridge
    expands the reach of a Colosseum.' Read so that the Palisade guards its owner's clients
    whatever reaches him, the Bridge still takes the demand past Cid's Palisade (he gives his
    Brick from hand and stockpile, B-BRIDGE-1, B-BRIDGE-3) but not the Colosseum: it takes only
    Dee's client, across the table (B-BRIDGE-2); by default it takes Cid's too
    (tests/powers/test_spoils.py)."""
    from gtr_replay.game.decisions import Slay
    from gtr_replay.game.state import Building
    from gtr_replay.game.steps import Slaying
    from gtr_replay.errors import RulesError

    def demanded(rulings):
        you = PlayerState("You", hand=["Academy", "Bath"], influence=[Material.STONE],
                          buildings=[Building("Colosseum", Material.STONE, complete=True),
                                     Building("Bridge", Material.CONCRETE, complete=True)])
        ben = PlayerState("Ben", hand=["Road"], clientele=["School"],
                          buildings=[Building("Wall", Material.CONCRETE, complete=True)])
        dee = PlayerState("Dee", hand=["Road"], clientele=["Gate"])
        cid = PlayerState("Cid", hand=["Foundry"], stockpile=["Atrium"], clientele=["Shrine"],
                          buildings=[Building("Palisade", Material.WOOD, complete=True)])
        game = Game(position(you, ben, dee, cid, ruleset="imperium", jack_pile=3, rulings=rulings))
        play(game, Lead("You", Role.LEGIONARY, ("Academy",)), Think("Ben", "jack"), Think("Dee", "jack"),
             Think("Cid", "jack"), Demand("You", ("Bath",)))
        return game

    game, default = demanded("colosseum-palisade=palisade-guards"), demanded(None)
    state = game.state
    for g in (game, default):  # the demand passed the Palisade under both readings, not the Wall
        assert sorted(g.state.players[0].stockpile) == ["Atrium", "Foundry"]
    assert default.state.steps[-1] == Slaying("Colosseum", 0, (2, 3), ("Brick",))
    assert state.steps[-1] == Slaying("Colosseum", 0, (2,), ("Brick",))
    assert {d for d in game.legal() if isinstance(d, Slay)} == {Slay("You", "Dee", "Gate")}
    with pytest.raises(RulesError, match="a power protects") as refused:
        game.push(Slay("You", "Cid", "Shrine"))
    assert "R-LEG-11" in refused.value.rule_ids
    play(game, Slay("You", "Dee", "Gate"))
    assert state.players[3].clientele == ["Shrine"] and "Gate" in state.players[0].vault


def test_domus_aurea_count_one_per_victim(position, play):
    """000§…›Domus Aurea read as 'an incomplete building from each of your victims' once per
    demand: one of the two empty Brick foundations, not both as by default."""
    from gtr_replay.game.decisions import TearDown
    from gtr_replay.game.state import Building
    victim = PlayerState("Ben", hand=["Road"], buildings=[Building("School", Material.BRICK),
                                                          Building("Gate", Material.BRICK)])
    game = _spoils_after_demand(position, play, "Domus Aurea", victim, "domus-aurea-count=one-per-victim")
    state = game.state
    default = _spoils_after_demand(position, play, "Domus Aurea", victim, None)
    for g in (game, default):
        play(g, TearDown("You", "Ben", "School"))
    assert not state.steps and [b.foundation for b in state.players[1].buildings] == ["Gate"]
    assert TearDown("You", "Ben", "Gate") in default.legal()


# -- AMB-15 forum-foundation ---------------------------------------------------------------

@pytest.mark.parametrize("rulings", ["forum-foundation=completed-only",
                                     "forum-foundation=completed-only,public-copy=two-copies"])
def test_forum_foundation_completed_only(position, play, rulings):
    """000§ENDING THE GAME names a completed Forum: a Gate-woken Forum foundation does not win,
    whatever the clients, and no public Forum wins in its stead; the default reading wins
    (tests/powers/test_client_powers.py)."""
    from gtr_replay.game.state import Building
    you = PlayerState("You", hand=[JACK], clientele=["Road", "Dock", "Academy", "Tower", "Villa"],
                      influence=[Material.MARBLE] * 2,
                      buildings=[Building("Forum", Material.MARBLE), Building("Gate", Material.BRICK, complete=True)])
    state = position(you, PlayerState("Ben", hand=["Road"] * 5), ruleset="imperium", pool=["Temple"], jack_pile=2,
                     rulings=rulings)
    from gtr_replay.game import Hire
    game = Game(state)
    play(game, Lead("You", Role.PATRON, (JACK,)), Think("Ben", "jack"), Hire("You", "Temple"))
    assert state.winner is None and len(state.players[0].clientele) == 6


@pytest.mark.parametrize("gate, rulings, wins", [
    (False, "forum-foundation=completed-only", True),
    (True, "forum-foundation=completed-only", False),
    (True, "forum-foundation=completed-only,public-copy=two-copies", True),
])
def test_a_public_forum_wins_beside_a_foundation_of_one_s_own_under_completed_only(position, play, gate, rulings,
                                                                                   wins):
    """Ben's Forum, made public by a Stairway, gives its function to You, whose own Forum is a
    foundation: no Structure of the name (B-STAIRWAY-2, R-BUILD-8), so it does not stop the
    public one's win under 'forum-foundation=completed-only' (AMB-15). A foundation the Gate
    wakes is the one copy You has under the 'public-copy' default, and it does not win; with
    two copies the public one wins."""
    from gtr_replay.game import Hire
    from gtr_replay.game.state import Building
    own = [Building("Forum", Material.MARBLE)] + ([Building("Gate", Material.BRICK, complete=True)] if gate else [])
    you = PlayerState("You", hand=[JACK], clientele=["Road", "Dock", "Academy", "Tower", "Villa"],
                      influence=[Material.MARBLE] * 2, buildings=own)
    ben = PlayerState("Ben", hand=["Road"] * 5, buildings=[Building("Forum", Material.MARBLE, complete=True)])
    state = position(you, ben, ruleset="imperium", pool=["Temple"], jack_pile=2, rulings=rulings, settle=False)
    state.public = [(1, "Forum")]
    game = Game.from_state(state)
    play(game, Lead("You", Role.PATRON, (JACK,)), Think("Ben", "jack"), Hire("You", "Temple"))
    assert (state.winner == "You" and state.end_reason == "win:Forum") is wins
    assert state.over is wins


# -- AMB-30 training-game ------------------------------------------------------------------

def test_training_game_yes(position, play):
    """The training game ignores building functions (tests/engine/test_training_game.py): a
    completed Tower lets no Rubble into a Temple, where the full game's does (B-TOWER-1)."""
    from gtr_replay.game import Add
    from gtr_replay.game.state import Building
    for rulings, allowed in (("training-game=yes", False), (None, True)):
        you = PlayerState("You", hand=["Road"], clientele=["Dock"],
                          buildings=[Building("Tower", Material.CONCRETE, complete=True), Building("Temple", Material.MARBLE)])
        game = Game(position(you, PlayerState("Opp", hand=["Bath"]), rulings=rulings, led=Role.CRAFTSMAN, played=("You",)))
        assert (Add("You", "Road", "Temple") in game.legal()) is allowed


# -- AMB-28 any-site-out-of-town -----------------------------------------------------------

def test_any_site_out_of_town_in_town_only(position, play):
    """A Statue may still take an in-town Site of any material, but out of town only a Marble
    one; the default also offers a Brick Site out of town (B-STATUE-1, AMB-28)."""
    from gtr_replay.game import Lay
    state = position(PlayerState("Ann", hand=["Statue", "Wall"], clientele=["Tower"]), PlayerState("Bob", hand=["Road"]),
                     in_town={"Brick": 0, "Stone": 2}, out_of_town=2, rulings="any-site-out-of-town=in-town-only")
    default = position(PlayerState("Ann", hand=["Statue", "Wall"], clientele=["Tower"]), PlayerState("Bob", hand=["Road"]),
                       in_town={"Brick": 0, "Stone": 2}, out_of_town=2)
    game, default = Game(state), Game(default)
    for g in (game, default):
        play(g, Lead("Ann", Role.ARCHITECT, ("Wall",)), Think("Bob", "refill"))
    brick_out = Lay("Ann", "Statue", Material.BRICK, True)
    assert brick_out in default.legal() and brick_out not in game.legal()
    assert Lay("Ann", "Statue", None, True) in game.legal()  # its own Marble, out of town
    assert Lay("Ann", "Statue", Material.STONE, False) in game.legal()


# -- AMB-40 merchant-bonus -----------------------------------------------------------------

def test_merchant_bonus_ties_share(position):
    def table(rulings=None):
        return position(PlayerState("Ann", vault=["Temple"]), PlayerState("Bob", vault=["Statue"]),
                        PlayerState("Cat"), rulings=rulings)
    assert Material.MARBLE not in merchant_bonuses(table())
    state = table("merchant-bonus=ties-share")
    assert merchant_bonuses(state) == {Material.MARBLE: [0, 1]}
    assert [s.total for s in result(state).scores] == [2 + 3 + 3, 2 + 3 + 3, 2]


def test_public_copy_two_copies():
    """B-STAIRWAY-2 read as naming completed structures only (R-BUILD-8): Ann's Gate-woken
    Temple foundation and Ben's public Temple both work for her, 5 + 4 + 4 = 13; the
    default reading gives 9 (tests/powers/test_power_fidelity.py)."""
    from tests.fidelity_helpers import replay_file
    replayer, _ = replay_file("public-copy.gtr", rulings="public-copy=two-copies")
    assert not replayer.diagnostics
    assert rules.refill_size(replayer.start, 0) == 13


def test_public_statue_every_player():
    """B-STATUE-4 read through B-STAIRWAY-1 ("grant that Structure's function to all players"):
    Ben's public Statue gives Cid, who owns none, its 3 points; Ann, whose own Statue is a
    foundation, gets none; the default gives Cid nothing (tests/powers/test_statue.py)."""
    from tests.fidelity_helpers import replay_file
    replayer, _ = replay_file("statue-points.gtr", rulings="public-statue=every-player")
    assert not replayer.diagnostics
    assert [s.powers for s in result(replayer.start).scores] == [0, 3, 3]


def test_public_statue_every_player_for_a_foundation_that_is_no_statue():
    """B-STAIRWAY-2 with public-statue=every-player: a Statue foundation is no Statue owned
    where public-copy=two-copies says only a completed structure is (both copies work: the
    foundation's gives nothing, Ben's public one 3), and where no Gate wakes it; the points
    are counted once however many copies work."""
    from tests.fidelity_helpers import FIDELITY, replay_text
    text = (FIDELITY / "statue-points.gtr").read_text("utf-8")
    replayer, _ = replay_text(text, rulings="public-statue=every-player, public-copy=two-copies")
    assert not replayer.diagnostics
    assert [s.powers for s in result(replayer.start).scores] == [3, 3, 3]
    asleep = text.replace("  building Ann: Gate on Brick complete with Bath, Shrine\n", "")
    replayer, _ = replay_text(asleep, rulings="public-statue=every-player")
    assert [s.powers for s in result(replayer.start).scores] == [3, 3, 3]
    replayer, _ = replay_text(asleep)
    assert [s.powers for s in result(replayer.start).scores] == [0, 3, 0]
    private = text.replace("complete public with", "complete with")  # no Stairway reached Ben's Statue
    replayer, _ = replay_text(private, rulings="public-statue=every-player, public-copy=two-copies")
    assert [s.powers for s in result(replayer.start).scores] == [0, 3, 0]


def test_palace_petitions_ruleset_size():
    """AMB-26 read as "only a petition of the ruleset's size counts as one card": Ben's
    Circus pair joins no Palace play; an Imperium petition of three still does. The default
    counts the pair (tests/powers/test_palace_petitions.py)."""
    from tests.fidelity_helpers import FIDELITY, replay_text
    text = (FIDELITY / "palace-petitions.gtr").read_text("utf-8")
    replayer, _ = replay_text(text, rulings="palace-petitions=ruleset-size")
    assert "AMB-26" in replayer.diagnostics[0].rule_ids
    assert replayer.diagnostics[0].statement == "Ben follows with Villa, Academy + Shrine"
    three = text.replace("hand Ben: Villa, Academy, Shrine, Bar", "hand Ben: Villa, Academy, Shrine, Bath")
    three = three.replace("Villa, Academy + Shrine", "Villa, Academy + Shrine + Bath")
    replayer, snaps = replay_text(three, rulings="palace-petitions=ruleset-size")
    assert not replayer.diagnostics, replayer.diagnostics
    assert sorted(snaps[-1].state.player("Ben").vault) == ["Dock", "Road"]


# -- AMB-34 classic-sewer, AMB-35 classic-stairway ----------------------------------------

def test_classic_sewer_black_box(position, play):
    """The classic Sewer as the Black Box card: a keep of the played cards at the end of the
    turn (B-SEWER-1), and no discard before a think (CONFLICT-CL-1); the default, as printed,
    is tested in tests/powers/test_classic_sewer_stairway.py."""
    from gtr_replay.game import Discard, Keep
    from gtr_replay.game.steps import KeepPlayed
    from gtr_replay.game.state import Building
    right = PlayerState("Right", hand=["Garden"])
    you = PlayerState("You", hand=["Villa", "Road"], buildings=[Building("Sewer", Material.STONE, complete=True)])
    state = position(right, you, ruleset="classic", rulings="classic-sewer=black-box", jack_pile=1)
    game = Game(state)
    play(game, Lead("Right", Role.MERCHANT, ("Garden",)))
    assert not any(isinstance(d, Discard) for d in game.legal())
    play(game, Follow("You", ("Villa",)))
    assert state.steps == [KeepPlayed("Sewer", 1)]
    play(game, Keep("You", ("Villa",)))
    assert state.players[1].stockpile == ["Villa"] and state.pool == ["Garden"]


def test_classic_stairway_public_structures(position, play):
    """The classic Stairway as its example: an Architect action may also put a material into
    an opponent's structure, which becomes public (CONFLICT-CL-2, B-STAIRWAY-1); no early
    completion then. The default, as printed, is tested in tests/powers/test_classic_sewer_stairway.py."""
    from gtr_replay.game import Add
    from gtr_replay.game.state import Building
    from gtr_replay.game.steps import PublicPlacement
    from gtr_replay.enums import Zone
    you = PlayerState("You", hand=["Wall"], stockpile=["Statue", "Academy"], clientele=["Tower"],
                      buildings=[Building("Stairway", Material.MARBLE, ["Temple", "Palace", "Statue"], complete=True),
                                 Building("Forum", Material.MARBLE)])
    opp = PlayerState("Opp", hand=["Tower"],
                      buildings=[Building("Archway", Material.BRICK, ["School", "Bath"], complete=True)])
    state = position(you, opp, ruleset="classic", rulings="classic-stairway=public-structures")
    game = Game(state)
    play(game, Lead("You", Role.ARCHITECT, ("Wall",)), Follow("Opp", ("Tower",)), Add("You", "Statue", "Forum"))
    assert not state.players[0].building("Forum").complete
    assert state.steps == [PublicPlacement("Stairway", 0)]
    play(game, Add("You", "Academy", "Archway", owner="Opp"))
    assert state.public == [(1, "Archway")]
    assert rules.action_sources(state, 0, Role.ARCHITECT) == {Zone.POOL}


# -- AMB-37 school-thinks, BC-SENATE-1 senate-think ---------------------------------------

def test_school_thinks_own_think(position, play):
    """Only the think taken instead of following is doubled: the Academy's think is taken once
    (AMB-37); by default the School doubles it (tests/powers/test_classic_thinking.py)."""
    from gtr_replay.game import Add
    from gtr_replay.game.state import Building
    from gtr_replay.game.steps import ExtraThink, ThinkTwice
    you = PlayerState("You", hand=["Dock", "Bath"], buildings=[
        Building("School", Material.BRICK, complete=True), Building("Academy", Material.BRICK, complete=True),
        Building("Shrine", Material.BRICK)])
    ben = PlayerState("Ben", hand=["Road"], buildings=[Building("School", Material.BRICK, complete=True)])
    state = position(you, ben, ruleset="classic", rulings="school-thinks=own-think", jack_pile=2)
    game = Game(state)
    play(game, Lead("You", Role.CRAFTSMAN, ("Dock",)), Think("Ben", "jack"))
    assert state.steps == [ThinkTwice("School", 1)]  # a think instead of following: doubled
    play(game, Think("Ben", "jack"), Add("You", "Bath", "Shrine"))
    assert state.steps == [ExtraThink("Academy", 0)]
    play(game, Think("You", "refill"))
    assert state.steps == [] and state.turn == 2


def test_senate_think_any_lead(position, play):
    """A leader who thinks has led the Thinker role (001§Thinker Role): the Senate's think
    follows it, before cleanup; by default it does not (tests/powers/test_classic_thinking.py)."""
    from gtr_replay.game.state import Building
    from gtr_replay.game.steps import ExtraThink
    you = PlayerState("You", hand=["Dock"], buildings=[Building("Senate", Material.CONCRETE, complete=True)])
    state = position(you, PlayerState("Ben", hand=["Road"]), ruleset="classic", rulings="senate-think=any-lead")
    game = Game(state)
    play(game, Think("You", "refill"))
    assert state.steps == [ExtraThink("Senate", 0)] and state.turn == 1
    play(game, Think("You", "draw"))
    assert len(state.players[0].hand) == 6 and state.turn == 2


def _prison_completed(position, play, rulings, *ben_builds):
    """A classic Prison just completed by You, Ben owning ``ben_builds`` (name, Site, complete)."""
    from gtr_replay.game import Add
    from gtr_replay.game.state import Building

    you = PlayerState("You", hand=["Dock", "Villa"], buildings=[
        Building("Prison", Material.STONE, ["Sewer", "Garden"]), Building("Bath", Material.BRICK)])
    ben = PlayerState("Ben", hand=["Palisade"], buildings=[Building(b, m, complete=done) for b, m, done in ben_builds])
    game = Game(position(you, ben, ruleset="classic", rulings=rulings))
    play(game, Lead("You", Role.CRAFTSMAN, ("Dock",)), Think("Ben", "refill"), Add("You", "Villa", "Prison"))
    return game


_TWO_TO_TAKE = (("Market", Material.WOOD, True), ("Temple", Material.MARBLE, True))


def test_prison_theft_as_printed_by_default(position, play):
    """001§Appendix›Prison: 'Upon completion of the Prison you choose a completed structure owned
    by an opponent and place it on top of your Prison', no 'may' (BC-PRISON-1): by default a
    pass is refused while Ben has a structure to take, the only one is taken at once, and with
    none nothing is owed (a Bath is its own, a foundation no structure)."""
    from gtr_replay.game import Steal
    from gtr_replay.game.steps import RequiredTheft, Theft
    from gtr_replay.errors import RulesError

    for rulings in (None, "prison-theft=as-printed"):
        game = _prison_completed(position, play, rulings, *_TWO_TO_TAKE)
        assert game.state.steps == [RequiredTheft("Prison", 0)]
        assert Pass("You") not in game.legal()
        with pytest.raises(RulesError, match="cannot pass now") as refused:
            game.push(Pass("You"))
        assert "BC-PRISON-1" in refused.value.rule_ids
        play(game, Steal("You", "Ben", "Temple"))
        assert game.state.players[0].building("Temple").stolen
    only = _prison_completed(position, play, None, ("Market", Material.WOOD, True), ("Bath", Material.BRICK, True))
    assert not only.state.steps and only.state.players[0].building("Market").stolen
    none = _prison_completed(position, play, None, ("Bath", Material.BRICK, True), ("Temple", Material.MARBLE, False))
    assert none.state.players[1].building("Bath").complete and not none.state.players[0].building("Bath").complete
    assert not any(isinstance(step, Theft) for step in none.state.steps)


def test_prison_theft_may_decline(position, play):
    """The Black Box Prison's 'you may immediately choose' (000§…›Prison) read into the 2005
    card: the owner may pass, and a lone structure waits for the choice."""
    from gtr_replay.game.steps import Theft

    declining = _prison_completed(position, play, "prison-theft=may-decline", *_TWO_TO_TAKE)
    assert declining.state.steps == [Theft("Prison", 0)]
    play(declining, Pass("You"))
    assert [b.foundation for b in declining.state.players[1].buildings] == ["Market", "Temple"]
    lone = _prison_completed(position, play, "prison-theft=may-decline", ("Market", Material.WOOD, True))
    assert lone.state.steps == [Theft("Prison", 0)] and Pass("You") in lone.legal()


# -- the Geek cards (000 Appendix III) ------------------------------------------------------

def _done(name, site, *materials):
    from gtr_replay.game.state import Building
    return Building(name, site, list(materials), complete=True)


def test_watch_post_site_keeps(position, play):
    """AMB-31 read as the text names it: only the foundation and the materials move; the Site
    stays in the influence (the default sends it back to the supply in town)."""
    from gtr_replay.game import Demolish

    for rulings, influence, in_town in ((None, [Material.RUBBLE], 2), ("watch-post-site=keeps", [
            Material.RUBBLE, Material.MARBLE], 1)):
        state = position(PlayerState("Ann", hand=["Dock"], buildings=[
            _done("Watch Post", Material.RUBBLE, "Road"), _done("Temple", Material.MARBLE, "Statue", "Palace", "Fountain")],
            influence=[Material.RUBBLE, Material.MARBLE]), PlayerState("Bob", hand=["Road"]), jack_pile=2,
            rulings=rulings, in_town={m: 1 for m in Material})
        play(Game(state), Lead("Ann", Role.CRAFTSMAN, ("Dock",)), Think("Bob", "jack"), Demolish("Ann", "Temple"))
        assert state.players[0].influence == influence
        assert state.sites_in_town[Material.MARBLE] == in_town
        assert "Temple" in state.players[0].hand


@pytest.mark.parametrize("rulings, in_town, out_of_town", [
    (None, 2, 1),  # back to the supply in town (AMB-31's recommended reading)
    ("watch-post-site=returns-where-claimed", 1, 2),
    ("watch-post-site=keeps", 1, 1),
])
def test_watch_post_site_returns_where_claimed(position, play, rulings, in_town, out_of_town):
    """AMB-31: the Site of a building laid out of town and torn down goes to the supply in town
    by default ("the Site returns to the supply (in town)"); another reading puts it back out
    of town, where it was claimed; the third keeps it in the influence."""
    from gtr_replay.game import Demolish
    from gtr_replay.game.state import Building

    temple = Building("Temple", Material.MARBLE, ["Statue", "Palace", "Fountain"], complete=True, out_of_town=True)
    state = position(PlayerState("Ann", hand=["Dock"], buildings=[_done("Watch Post", Material.RUBBLE, "Road"), temple],
                                 influence=[Material.RUBBLE, Material.MARBLE]), PlayerState("Bob", hand=["Road"]),
                     jack_pile=2, rulings=rulings, in_town={m: 1 for m in Material}, out_of_town={m: 1 for m in Material})
    play(Game(state), Lead("Ann", Role.CRAFTSMAN, ("Dock",)), Think("Bob", "jack"), Demolish("Ann", "Temple"))
    assert (state.sites_in_town[Material.MARBLE], state.sites_out_of_town[Material.MARBLE]) == (in_town, out_of_town)


def test_aerarium_checks_bacchanalia_own(position, play):
    """AMB-42 read with the Bacchanalia's 'tally your Influence' as one's own count: with an
    Aerarium, the default turns up as many cards as the highest Influence."""
    from gtr_replay.game.state import Building
    from gtr_replay.game.steps import Revealed

    for rulings, count in ((None, 11), ("aerarium-checks=bacchanalia-own", 7)):
        state = position(
            PlayerState("Ann", hand=["Dock", "Temple"], buildings=[
                _done("Aerarium", Material.CONCRETE, "Wall", "Tower"),
                Building("Bacchanalia", Material.MARBLE, ["Statue", "Palace"])], influence=[Material.CONCRETE]),
            PlayerState("Bob", hand=["Road"], influence=[Material.MARBLE, Material.MARBLE, Material.STONE]),
            jack_pile=2, rulings=rulings)
        game = Game(state)
        play(game, Lead("Ann", Role.CRAFTSMAN, ("Dock",)), Think("Bob", "jack"))
        from gtr_replay.game import Add
        play(game, Add("Ann", "Temple", "Bacchanalia"))
        assert rules.influence(state, 0) == 7 and rules.clientele_limit(state, 0) == 11
        assert state.steps == [Revealed("Bacchanalia", 0, count, (), True)]


def test_aerarium_prison_sites_no_spare(position, play):
    """C-AERARIUM-PRISON-1 read as the least that reaches 3: a set with a Site it could keep
    back is refused (the default takes any set worth 3 or more)."""
    from gtr_replay.game import Add, Trigger
    from gtr_replay.game.decisions import Steal
    from gtr_replay.game.state import Building

    def paid(rulings):
        game = Game(position(
            PlayerState("Ann", hand=["Dock", "Wall"], buildings=[
                Building("Aerarium", Material.CONCRETE, ["Tower"]), _done("Prison", Material.STONE, "Villa", "Sewer"),
                _done("Garden", Material.STONE, "Villa", "Sewer", "Prison"),
                _done("Bath", Material.BRICK, "Atrium", "Shrine")], influence=[Material.STONE, Material.BRICK]),
            PlayerState("Bob", hand=["Road"], buildings=[_done("Tower", Material.CONCRETE, "Wall", "Bridge")],
                        influence=[Material.STONE]),
            jack_pile=2, rulings=rulings))
        play(game, Lead("Ann", Role.CRAFTSMAN, ("Dock",)), Think("Bob", "jack"), Add("Ann", "Wall", "Aerarium"),
             Trigger("Ann", "Prison"))
        return {d.sites for d in game.legal() if isinstance(d, Steal)}

    stone, brick, concrete = Material.STONE, Material.BRICK, Material.CONCRETE
    assert paid(None) == {(stone,), (brick, concrete), (brick, stone), (concrete, stone), (brick, concrete, stone)}
    assert paid("aerarium-prison-sites=no-spare") == {(stone,), (brick, concrete)}


def test_bacchanalia_ways_any_number(position, play):
    """G-BACCHANALIA-1 read as each card choosing among the ways: two cards may go into the
    stockpile (the default takes each way once)."""
    from gtr_replay.game import Add
    from gtr_replay.game.state import Building

    for rulings, again in ((None, False), ("bacchanalia-ways=any-number", True)):
        game = Game(position(PlayerState("Ann", hand=["Dock", "Temple"], buildings=[
            Building("Bacchanalia", Material.MARBLE, ["Statue", "Palace"])]), PlayerState("Bob", hand=["Road"]),
            jack_pile=2, rulings=rulings, deck=["Road", "Bar", "Insula", "Latrine", "Dock", "Villa", "Temple"]))
        play(game, Lead("Ann", Role.CRAFTSMAN, ("Dock",)), Think("Bob", "jack"), Add("Ann", "Temple", "Bacchanalia"),
             Gather("Ann", "Road", Zone.DECK))
        assert (Gather("Ann", "Bar", Zone.DECK) in game.legal()) is again


def _plebs(position, rulings, storeroom=False):
    """Ann completes her Plebian Council with a Laborer client against Bob's Laborer and
    Legionary; her Domus then brings a second Laborer."""
    from gtr_replay.game.state import Building

    extra = [_done("Storeroom", Material.CONCRETE, "Wall", "Tower")] if storeroom else []
    return position(
        PlayerState("Ann", hand=["Jack", "Jack", "Gate", "Market"], clientele=["Academy"] if storeroom else ["Road"],
                    buildings=[_done("Palace", Material.MARBLE, "Temple", "Statue", "Fountain"),
                               Building("Plebian Council", Material.BRICK, ["School"]),
                               Building("Domus", Material.WOOD), *extra]),
        PlayerState("Bob", hand=["Road"], clientele=["Bar", "Bath", "Shrine"],
                    buildings=[_done("Insula", Material.RUBBLE, "Road")]),
        jack_pile=2, pool=["Insula"], rulings=rulings)


def test_plebian_council_check_on_completion(position, play):
    """AMB-33 read as the moment of completion: a Laborer won later in the turn does not win
    (the default checks whenever it could become true)."""
    from gtr_replay.game import Add, Hire

    for rulings, wins in ((None, True), ("plebian-council-check=on-completion", False)):
        state = _plebs(position, rulings)
        game = Game(state)
        play(game, Lead("Ann", Role.CRAFTSMAN, ("Jack", "Jack")), Think("Bob", "jack"),
             Add("Ann", "Gate", "Plebian Council"))
        assert not state.over  # 1 Laborer each: no win yet
        play(game, Add("Ann", "Market", "Domus"), Hire("Ann", "Insula"))
        assert (state.winner == "Ann") is wins


def test_plebian_council_clients_instead_of(position, play):
    """AMB-17 read as the Storeroom says, 'instead of': a client counting as a Laborer is no
    Legionary for the Plebian Council. Ann's two Legionary clients under a Storeroom against
    Bob's Laborer and Legionary: counted as both roles (the default), 3 Laborers do not
    outnumber 3 Legionaries; instead of, 3 outnumber 1."""
    from gtr_replay.game import Add

    for rulings, wins in ((None, False), ("plebian-council-clients=instead-of", True)):
        state = _plebs(position, rulings, storeroom=True)
        state.players[0].clientele = ["Academy", "Archway"]
        state.players[1].clientele = ["Bar", "Bath"]
        play(Game(state), Lead("Ann", Role.CRAFTSMAN, ("Jack", "Jack")), Think("Bob", "jack"),
             Add("Ann", "Gate", "Plebian Council"))
        assert (state.winner == "Ann") is wins, rulings


def test_also_step_at_once():
    """B-STAIRWAY-1 under the ``also-step`` ruling's other reading: the Stairway's placement is
    offered where the Architect action is done, before the completion's Laborer actions
    (B-FOUNDRY-1), and never after them; the Tower they gather stays in the stockpile. The
    default is tested in tests/powers/test_also_steps.py."""
    from tests.powers.test_also_steps import PLACE, _foundry_completed
    from gtr_replay.errors import RulesError

    state = _foundry_completed(rulings={"also-step": "at-once"})
    game = Game(state)
    game.push(Gather("You", "Tower"))
    assert state.turn == 2 and not state.steps and state.players[0].stockpile == ["Tower"]
    with pytest.raises(RulesError):
        game.push(PLACE)


# -- completeness --------------------------------------------------------------------------

@pytest.mark.parametrize("ruling, reading", [(r.name, reading.name) for r in RULINGS for reading in r.readings[1:]])
def test_every_non_default_reading_has_a_test(ruling, reading):
    name = f"test_{ruling}_{reading}".replace("-", "_")
    assert hasattr(sys.modules[__name__], name), f"no test for {ruling}={reading}"
