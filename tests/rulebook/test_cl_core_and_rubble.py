"""The 2005 rulebook's core examples and those of its Rubble buildings (001 Clients, Set-Up;
Appendix: Bar, Insula, Latrine, Road), replayed from examples/rulebook/ex-cl-*.gtr. Each test
quotes 001 and checks the example's facts at the statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import limits, play, player, roles_of

from gtr_replay.engine import Game, rules
from gtr_replay.engine.setup import new_game
from gtr_replay.game.decisions import Hire
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import EarlyActions
from gtr_replay.enums import JACK, MATERIALS, Material, Role, Zone


def test_ex_cl_clients_1():
    """001 Clients: "if a player has two Laborer clients and another player leads with a Laborer
    card, the player could follow with a Laborer card and execute three Laborer roles or he
    could pass and execute the Thinker role at once and still execute two Laborer roles later
    in the turn" (R-ACT-1, R-ACT-3)."""
    game = play("EX-CL-CLIENTS-1")
    you = game.start.index("You")
    assert roles_of(game.start, player(game.start, "You").clientele) == Counter({Role.LABORER: 2})
    thought = game.after("You thinks: refill")  # at once, before any Laborer action
    assert len(player(thought, "You").hand) == 5 and player(thought, "You").stockpile == []
    assert rules.action_count(thought, you) == 2
    assert sorted(player(game.final, "You").stockpile) == ["Bath", "Villa"]
    branch = [s for s in game.snapshots if s.path != ""]
    assert rules.action_count(branch[1].state, you) == 3  # following: three
    assert sorted(player(branch[-1].state, "You").stockpile) == ["Bath", "Dock", "Villa"]


def test_ex_cl_setup_1():
    """001 Set-Up: "select a number of each type of Site equal to the number of players in the
    game. So, for example, in a three-player game, select three each of the Rubble Sites, Wood
    Sites, Brick Sites, Concrete Sites, Stone Sites, and Marble Sites for a total of eighteen
    Sites ... Leave the unselected Sites to the side, out of the game." "Deal each player a
    Jack card for a total hand size of five. Place the remaining Jack cards to the side, out of
    play." (R-SETUP-9, R-SETUP-10)"""
    dealt, _ = new_game("classic", ["Ann", "Ben", "Cid"], seed="ex-cl-setup-1")
    start = play("EX-CL-SETUP-1").start
    for state in (dealt, start):
        assert sum(state.sites_in_town.values()) == 18
        assert all(state.sites_in_town[m] == 3 and state.sites_out_of_game[m] == 2 for m in MATERIALS)
        assert not any(state.sites_out_of_town.values())  # no out-of-town Sites in classic
        assert all(len(p.hand) == 5 and p.hand.count(JACK) == 1 for p in state.players)
        assert state.jack_pile == 0 and state.jacks_out == 2
        assert len(state.pool) == 3  # the leader draw, no tie
    assert start.players[start.leader].name == "Ben"  # Academy comes first in the alphabet
    final = play("EX-CL-SETUP-1").final
    assert len(player(final, "Ben").hand) == 6 and final.turn == 2


def test_ex_cl_bar_1():
    """001 Bar: "You may choose to execute the Patron role as you lead or follow, instead of
    waiting for your place in the turn order." Example: "You follow and execute your Patron
    role first, taking a Craftsman client. The player to your left follows and also decides to
    execute his role immediately, taking the other Craftsman as a client. Next the Leader to
    your right takes the Legionary client." (BC-BAR-1, AMB-36)"""
    game = play("EX-CL-BAR-1")
    offered = game.after("You follows with Statue")
    assert offered.phase is Phase.FOLLOW and offered.steps == [EarlyActions("Bar", 1, Role.PATRON, 1)]
    left_first = game.after("You hires Dock")
    assert left_first.current == left_first.index("Left") and left_first.phase is Phase.FOLLOW
    before_right = game.before("Right hires Academy")
    assert before_right.phase is Phase.ACTIONS and before_right.current == before_right.index("Right")
    assert before_right.pool == ["Academy"]
    final = game.final
    assert roles_of(final, player(final, "You").clientele) == Counter({Role.CRAFTSMAN: 1})
    assert roles_of(final, player(final, "Left").clientele) == Counter({Role.CRAFTSMAN: 1})
    assert roles_of(final, player(final, "Right").clientele) == Counter({Role.LEGIONARY: 1})
    assert roles_of(final, final.pool) == Counter({Role.PATRON: 3})  # after cleanup
    taken = [s.player for s in game.snapshots if s.kind == "hire"]
    assert taken == ["You", "Left", "Right"]


def test_ex_cl_bar_2():
    """001 Bar: "When executing the Patron role, you may take clients from your hand instead of
    from the Pool ... If you execute more than one Patron role in a turn you may take from
    either or both as you see fit." Example: "You lead the Jack as a Patron, taking an
    Architect client from the Pool and a Laborer client from your hand" (BC-BAR-2)."""
    game = play("EX-CL-BAR-2")
    you = game.start.index("You")
    assert rules.clientele_limit(game.start, you) >= 3
    led = game.after("You leads Patron with Jack")
    assert led.steps == [EarlyActions("Bar", you, Role.PATRON, 2)]
    assert Hire("You", "Road", Zone.HAND) in Game(led).legal()
    final = game.final
    p = player(final, "You")
    assert p.clientele == ["Temple", "Tower", "Road"] and p.hand == ["Road"]
    assert roles_of(final, p.clientele) == Counter({Role.PATRON: 1, Role.ARCHITECT: 1, Role.LABORER: 1})
    assert final.pool == [] and final.jack_pile == game.start.jack_pile + 1  # the Jack after cleanup


def test_ex_cl_insula_1():
    """001 Insula: "Your maximum Clientele is increased by two." Example: "You complete an
    Insula as your first structure. You now have three victory points and room for five
    clients but only room for three cards in your Vault." (BC-INSULA-1)"""
    game = play("EX-CL-INSULA-1")
    assert limits(game.start, "You") == (2, 2, 2)
    done = game.after("You adds Bar to Insula")
    assert player(done, "You").building("Insula").complete
    assert limits(done, "You") == (3, 5, 3)


def test_ex_cl_latrine_1():
    """001 Latrine: "You may discard an Orders card from your hand into the Pool before
    executing the Thinker role." Example: "You discard one Legionary card into the Pool and then
    draw two cards from the Orders draw pile to reach your maximum hand size of five cards."
    (BC-LATRINE-1)"""
    game = play("EX-CL-LATRINE-1")
    assert roles_of(game.start, player(game.start, "You").hand) == Counter({Role.LEGIONARY: 4})
    discarded = game.after("You discards Academy")
    assert discarded.pool == ["Academy"] and len(player(discarded, "You").hand) == 3
    final = game.final
    assert len(player(final, "You").hand) == 5
    assert len(game.start.deck) - len(final.deck) == 2
    assert "Academy" in final.pool


def test_ex_cl_road_1():
    """001 Road: "You may use any material towards the completion of Stone structures. You may
    use the Function of the Road on the same turn as the Road is completed." Example: "With the
    first role you move the Rubble card from your Stockpile into the Road, completing it ...
    With the second role you move a Wood card from your Stockpile into the Catacomb. The
    Catacomb now needs only one more material of any type to be complete." (BC-ROAD-1)"""
    game = play("EX-CL-ROAD-1")
    you = game.start.index("You")
    assert rules.action_count(game.after("You follows with Tower"), you) == 2
    road = game.after("You adds Bar to Road")
    assert player(road, "You").building("Road").complete
    final = game.final
    p = player(final, "You")
    catacomb = p.building("Catacomb")
    assert catacomb.materials == ["Villa", "Dock"] and not catacomb.complete
    assert rules.materials_needed(final, you, catacomb) - len(catacomb.materials) == 1
    assert all(rules.material_fits(final, you, catacomb, card) for card in ("Bar", "Market", "Temple"))
    assert p.stockpile == ["Market"] and rules.material_of(final, "Market") is Material.WOOD
