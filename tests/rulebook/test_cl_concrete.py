"""The 2005 rulebook's examples of its Concrete buildings (001 Appendix: Amphitheatre,
Aqueduct, Bridge, Senate, Storeroom, Tower, Vomitorium, Wall), replayed from
examples/rulebook/ex-cl-*.gtr. Each test quotes 001 and checks the example's facts at the
statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import influence, just_after, limits, materials_of, play, player

from gtr_replay.engine import rules, scoring
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import Actions, EarlyActions, ExtraThink
from gtr_replay.enums import JACK, Material, Role


def test_ex_cl_amphitheatre_1():
    """001 Amphitheatre: "When you complete an Amphitheatre, at this time once only, you may
    execute one Craftsman role for every point of Influence you have". Example: "You now have
    four Influence. You now have a one-time option to execute the Craftsman role up to four
    times. You decide to execute two Craftsman roles. You play the foundation for a Shrine from
    your hand, and then put one Brick into the foundation from your hand." (BC-AMPHITHEATRE-1)"""
    game = play("EX-CL-AMPHITHEATRE-1")
    you = game.start.index("You")
    done = game.after("You adds Wall to Amphitheatre")
    assert influence(done, "You") == 4 and done.steps == [Actions("Amphitheatre", you, Role.CRAFTSMAN, 4)]
    two = game.after("You adds Atrium to Shrine")
    assert two.steps == [Actions("Amphitheatre", you, Role.CRAFTSMAN, 2)]
    final = game.final
    shrine = player(final, "You").building("Shrine")
    assert shrine.materials == ["Atrium"] and not shrine.complete
    assert player(final, "You").hand == ["Road"] and final.turn == 2


def test_ex_cl_aqueduct_1():
    """001 Aqueduct: "Your maximum Clientele is increased by four." Example: "You complete the
    Aqueduct as your first structure. You now have four Victory Points, room for eight clients,
    and room for four cards in your Vault." (BC-AQUEDUCT-1)"""
    game = play("EX-CL-AQUEDUCT-1")
    done = game.after("You adds Tower to Aqueduct")
    assert player(done, "You").building("Aqueduct").complete
    assert limits(done, "You") == (4, 8, 4)


def test_ex_cl_bridge_1():
    """001 Bridge: "You may choose to execute the Legionary role as you are leading or
    following, instead of waiting for your place in the turn order ... In addition, you demand
    materials from all opponents' hands, even if they own Palisades or are not sitting next to
    you." Example: "You follow and immediately demand material from the Pool and all three of
    your opponents. The player to your left follows and immediately demands from the Pool, from
    you, and from the other two opponents. The player across from you now decides to follow.
    The player to your right then gets to demand from the Pool, from you, and from the player
    across from you. Finally, the player across from you demands from the Pool and from the
    player to your right." (BC-BRIDGE-1, BC-BRIDGE-2, BC-PALISADE-1)"""
    game = play("EX-CL-BRIDGE-1")
    names = [p.name for p in game.start.players]
    demands = [s.text for s in game.snapshots if s.kind == "demand"]
    assert [text.split()[0] for text in demands] == ["You", "Left", "Right", "Across"]  # the order
    reached = {text.split()[0]: {names[v] for v in just_after(game, text).legionary.victims} for text in demands}
    assert reached == {"You": {"Left", "Across", "Right"}, "Left": {"Across", "Right", "You"},
                       "Right": {"You", "Across"}, "Across": {"Right", "Left"}}
    early = game.after("You follows with Atrium")
    assert early.steps == [EarlyActions("Bridge", early.index("You"), Role.LEGIONARY, 1)]
    assert early.phase is Phase.FOLLOW
    back = game.after("You takes Statue from pool")  # every answer given: Left's choice comes next
    assert back.phase is Phase.FOLLOW and back.current == back.index("Left")
    final = game.final
    assert "Palace" in player(final, "You").stockpile  # past Left's Palisade
    assert "Bridge" in player(final, "Left").stockpile
    assert "Garden" in player(final, "Right").stockpile
    assert "Insula" in player(final, "Across").stockpile
    assert "Latrine" in player(final, "Left").hand  # Across has no Bridge: the Palisade holds


def test_ex_cl_senate_1():
    """001 Senate: "You may execute the Thinker role after executing all your roles for a turn
    which you led." Example: "You own a Senate and lead as Patron. The player to your left
    follows. The player to your right passes, taking a Jack. You take a client from the Pool
    and draw up to maximum hand size. The player to your left takes a client from Pool."
    (BC-SENATE-1, AMB-14)"""
    game = play("EX-CL-SENATE-1")
    you = game.start.index("You")
    hired = game.after("You hires Dock")
    assert hired.steps == [ExtraThink("Senate", you)] and hired.current == hired.index("Left")
    assert len(player(hired, "You").hand) == 4
    thought = game.after("You thinks: refill")
    assert len(player(thought, "You").hand) == rules.refill_size(thought, you) == 5
    assert player(thought, "Left").clientele == []  # the think comes before Left's action
    final = game.final
    assert player(final, "You").clientele == ["Dock"] and player(final, "Left").clientele == ["Tower"]
    assert player(final, "Right").hand.count(JACK) == 1


def test_ex_cl_storeroom_1():
    """001 Storeroom: "When you complete a Storeroom, at this time once only, you may execute a
    Laborer role for each point of Influence you have, including from finishing the
    Storeroom." Example: "You complete a Storeroom as your first structure and now have four
    Influence ... You take two Brick and two Marble from the Pool into your Stockpile."
    (BC-STOREROOM-1)"""
    game = play("EX-CL-STOREROOM-1")
    you = game.start.index("You")
    done = game.after("You adds Wall to Storeroom")
    assert influence(done, "You") == 4 and done.steps == [Actions("Storeroom", you, Role.LABORER, 4)]
    final = game.final
    assert materials_of(final, player(final, "You").stockpile) == Counter({Material.BRICK: 2, Material.MARBLE: 2})
    assert "School" in final.pool and rules.material_of(final, "School") is Material.BRICK


def test_ex_cl_tower_1():
    """001 Tower: "You may use Rubble towards completion of any type of foundation and may also
    place any building foundation on a Rubble Site as long as one is still available. This does
    not change the number of material needed to complete the structure, however a structure
    built on a Rubble Site only provides one Influence when complete." Example: "With the second
    role you start the Sewer on a Rubble Site. With the third role you move the Rubble card from
    your Hand into the Sewer. The Sewer still requires two more Stone or Rubble to be complete."
    (BC-TOWER-1..3)"""
    game = play("EX-CL-TOWER-1")
    you = game.start.index("You")
    assert player(game.after("You adds Wall to Tower"), "You").building("Tower").complete
    final = game.final
    sewer = player(final, "You").building("Sewer")
    assert sewer.site is Material.RUBBLE and sewer.materials == ["Road"]
    assert rules.materials_needed(final, you, sewer) - len(sewer.materials) == 2
    assert rules.material_fits(final, you, sewer, "Villa") and rules.material_fits(final, you, sewer, "Bar")
    assert not rules.material_fits(final, you, sewer, "Temple")
    assert rules.material_value(sewer.site) == 1  # its Influence when complete
    assert player(final, "You").hand == []


def test_ex_cl_vomitorium_1():
    """001 Vomitorium: "You may discard all the cards from your hand before you execute the
    Thinker role." Example: "You pass. You discard all three of your Patron cards into the
    Pool. You discard your Jack to the pl[ile of Jacks]" (cut off in 001, CONFLICT-CL-6)
    (BC-VOMITORIUM-1)."""
    game = play("EX-CL-VOMITORIUM-1")
    discarded = game.after("You discards Jack, Palace, Statue, Temple")
    assert player(discarded, "You").hand == [] and discarded.jack_pile == game.start.jack_pile + 1
    assert sorted(discarded.pool) == ["Palace", "Statue", "Temple"]
    final = game.final
    assert len(player(final, "You").hand) == 5 and len(game.start.deck) - len(final.deck) == 5


def test_ex_cl_wall_1():
    """001 Wall: "You gain a Victory Point at the end of the game for each two materials in
    your Stockpile, rounded down." Example: "You have five materials in your Stockpile and do
    not have any cards in your Vault. Your Victory Point total is five Influence, plus the two
    point Wall bonus, is seven." (BC-WALL-1)"""
    game = play("EX-CL-WALL-1")
    final = game.final
    assert final.phase is Phase.OVER and final.end_reason == "deck"
    you = scoring.scores(final)[final.index("You")]
    assert (you.influence, you.powers, you.total) == (5, 2, 7)
