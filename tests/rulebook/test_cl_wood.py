"""The 2005 rulebook's examples of its Wood buildings (001 Appendix: Circus, Dock, Market,
Palisade), replayed from examples/rulebook/ex-cl-*.gtr. Each test quotes 001 and checks the
example's facts at the statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import limits, play, player, roles_of

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import Lead
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import EarlyActions
from gtr_replay.enums import Material, Role, Ruleset


def test_ex_cl_circus_1():
    """001 Circus: "You may play two cards of the same role as a Jack. (Neither of these cards
    can themselves be Jacks.)" Example: "You lead the two Laborer cards, saying 'I am leading
    as a Patron' and place them on your Camp. The other players follow the Patron role."
    Without a Circus, classic has no play of two cards (BC-CIRCUS-1, R-PET-3)."""
    game = play("EX-CL-CIRCUS-1")
    led = game.after("You leads Patron with Road, Road")
    assert led.led_role is Role.PATRON and player(led, "You").hand == ["Villa"]
    assert sorted(player(led, "You").camp) == ["Road", "Road"]
    without = game.start.copy()
    without.players[0].buildings.clear()
    assert "no petition" in Game(without).check(Lead("You", Role.PATRON, ("Road", "Road")), passing_over=False).message
    final = game.final
    assert final.pool.count("Road") == 2 and final.turn == 2  # both cards to the Pool at cleanup


def test_ex_cl_dock_1():
    """001 Dock: "You may choose to execute the Laborer role as you lead or follow, instead of
    waiting for your place in the turn order." Example: "You follow and execute your Laborer
    role first, taking the Marble into your Stockpile. The Leader to your left takes the
    Concrete, and the player to your right gets nothing." (BC-DOCK-1, AMB-36)"""
    game = play("EX-CL-DOCK-1")
    offered = game.after("You follows with Road")
    you = offered.index("You")
    assert offered.steps == [EarlyActions("Dock", you, Role.LABORER, 1)]
    before_left = game.before("Left gathers Tower")
    assert before_left.phase is Phase.ACTIONS and before_left.pool == ["Tower"]
    assert player(before_left, "You").stockpile == ["Temple"]
    left_done = game.events("Left gathers Tower")
    assert ("auto", "Right") in [(e.kind, e.player) for e in left_done]  # nothing left for Right
    final = game.final
    assert [player(final, n).stockpile for n in ("Left", "Right", "You")] == [["Tower"], [], ["Temple"]]
    assert rules.material_of(final, "Temple") is Material.MARBLE
    assert rules.material_of(final, "Tower") is Material.CONCRETE


def test_ex_cl_dock_2():
    """001 Dock: "When executing the Laborer role, you may take Orders cards from your hand
    instead of from the Pool. If you are executing more than one role in a turn you may take
    from either or both as you see fit." Example: "You follow and choose to execute your roles
    immediately. You take Wood from the Pool and Stone (Merchant) from your hand and place them
    in your Stockpile." (BC-DOCK-2)"""
    game = play("EX-CL-DOCK-2")
    you_done = game.after("You gathers Villa from hand")
    p = player(you_done, "You")
    assert p.stockpile == ["Market", "Villa"] and p.hand == ["Road"]
    assert rules.material_of(you_done, "Villa") is Material.STONE
    assert you_done.phase is Phase.ACTIONS and you_done.current == you_done.index("Right")
    assert you_done.pool == ["Palisade"]  # one Wood left when Right's actions begin
    assert player(game.final, "Right").stockpile == ["Palisade"]


def test_ex_cl_market_1():
    """001 Market: "Your maximum Vault size is increased by two." Example: "You complete a
    Market as your first structure. You now have three Victory Points, room enough for three
    clients, and room for five cards in your Vault." (BC-MARKET-1)"""
    game = play("EX-CL-MARKET-1")
    assert limits(game.start, "You") == (2, 2, 2)
    done = game.after("You adds Palisade to Market")
    assert player(done, "You").building("Market").complete
    assert limits(done, "You") == (3, 3, 5)


def test_ex_cl_palisade_1():
    """001 Palisade: "You do not lose cards to players executing the Legionary role." Example:
    "He takes Marble from the Pool and from the player on his right and places it in his
    Stockpile. He does not get your Marble because of your Palisade ... You get Marble from the
    Pool, from him, and from the player on your left." (BC-PALISADE-1)"""
    game = play("EX-CL-PALISADE-1")
    assert game.start.ruleset is Ruleset.CLASSIC
    final = game.final
    right, you, left = (player(final, n) for n in ("Right", "You", "Left"))
    assert sorted(right.stockpile) == ["Basilica", "Palace"] and "Temple" not in right.hand
    assert sorted(you.stockpile) == ["Scriptorium", "Stairway", "Temple"] and you.hand == ["Statue"]
    assert roles_of(final, you.stockpile) == Counter({Role.PATRON: 3})
    assert not any(rules.material_of(final, c) is Material.MARBLE for c in final.pool)
    assert left.hand.count("Jack") == 1 and len(left.hand) == 1
