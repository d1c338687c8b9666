"""The 2005 rulebook's examples of its Marble buildings (001 Appendix: Basilica, Forum, Ludus
Magna, Palace, Scriptorium, Stairway, Statue; the Temple has none), replayed from
examples/rulebook/ex-cl-*.gtr. Each test quotes 001 and checks the example's facts at the
statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import influence, limits, materials_of, play, player

from gtr_replay.engine import rules, scoring
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import PublicPlacement
from gtr_replay.enums import JACK, Material, Role, Zone


def test_ex_cl_basilica_1():
    """001 Basilica: "Your maximum Vault size is doubled. This is on top of the maximum Vault
    size increase you get from gaining three Influence for finishing the Basilica." Example:
    "You have a Market ... You complete a Basilica as your second structure. You now have five
    Victory Points, room enough for five clients, and room for fourteen (five Influence plus two
    from the Market Function, doubled)". By the rules it is six, six and sixteen: 2 + 1 + 3
    Influence, (6 + 2) x 2 (CONFLICT-CL-5; BC-BASILICA-1, BC-MARKET-1)."""
    game = play("EX-CL-BASILICA-1")
    assert limits(game.start, "You") == (3, 3, 5)
    done = game.after("You adds Palace to Basilica")
    assert player(done, "You").building("Basilica").complete
    assert limits(done, "You") == (6, 6, 16)
    assert scoring.scores(done)[done.index("You")].total == 6


def test_ex_cl_forum_1():
    """001 Forum: "You win immediately whenever you have a client of each type in your
    Clientele." Example: "You and the player to your left each have a client of each type. You
    each have a Forum foundation with two Marble in it. You lead as a Craftsman role and the
    other players follow. You move Marble from your hand into the Forum, completing it. You
    win. She doesn't." (BC-FORUM-1, R-END-3d)"""
    game = play("EX-CL-FORUM-1")
    assert game.start.phase is not Phase.OVER  # a foundation wins nothing (R-BUILD-10)
    final = game.final
    assert final.phase is Phase.OVER and final.winner == "You" and final.end_reason == "win:Forum"
    assert not player(final, "Left").building("Forum").complete
    assert player(final, "Left").hand == ["Scriptorium"]  # she never acts (R-END-2)
    assert not any(rules.material_of(final, c) is not Material.MARBLE
                   for c in player(final, "You").building("Forum").materials)


def test_ex_cl_ludusmagna_1():
    """001 Ludus Magna: "Each Merchant client in your Clientele counts as every type of client.
    As with all structures, the Function of a Ludus Magna takes effect immediately." Example:
    "Your Merchant client becomes every client type including Craftsman and grants you an
    additional Craftsman role this turn. With your two remaining Craftsman roles you play an
    Insula foundation from your hand and then place a Rubble material into it from your hand,
    completing the Insula." (BC-LUDUSMAGNA-1, AMB-16)"""
    game = play("EX-CL-LUDUSMAGNA-1")
    you = game.start.index("You")
    assert rules.action_count(game.before("You adds Temple to Ludus Magna"), you) == 2
    assert rules.action_count(game.after("You adds Temple to Ludus Magna"), you) == 3
    final = game.final
    p = player(final, "You")
    assert p.building("Ludus Magna").complete and p.building("Insula").complete
    assert influence(final, "You") == 2 + 3 + 1


def test_ex_cl_palace_1():
    """001 Palace: "You may lead or follow with many cards of the same role including Jacks and
    execute one role for each card played." Example: "You lead the three Merchants and the Jack
    as a Merchant ... You execute five Merchant roles and move five materials from your
    Stockpile into your Vault." (BC-PALACE-1)"""
    game = play("EX-CL-PALACE-1")
    you = game.start.index("You")
    led = game.after("Opp follows with Catacomb")
    assert sorted(player(led, "You").camp) == sorted(["Villa", "Garden", "Prison", JACK])
    assert rules.action_count(led, you) == 5  # four cards and the Merchant client
    final = game.final
    p = player(final, "You")
    assert p.hand == ["Road"] and len(p.vault) == 5 and p.stockpile == []
    assert Counter(p.vault) == Counter(player(game.start, "You").stockpile)


def test_ex_cl_scriptorium_1():
    """001 Scriptorium: "You may lay any foundation on any available Site. Any structure on a
    Site of a different material may be completed using material matching either the Site or
    the foundation ... The structure requires a number of material matching the value of the
    foundation to complete." Example: "You play the foundation for a Shrine from your hand on a
    Wood Site. You take the Wood from your Stockpile and place it underneath the Shrine
    foundation. The Shrine now needs either one additional Wood or Brick to be complete."
    (BC-SCRIPTORIUM-1)"""
    game = play("EX-CL-SCRIPTORIUM-1")
    you = game.start.index("You")
    wood = game.start.sites_in_town[Material.WOOD]
    final = game.final
    shrine = player(final, "You").building("Shrine")
    assert shrine.site is Material.WOOD and shrine.materials == ["Market"] and not shrine.complete
    assert rules.materials_needed(final, you, shrine) - len(shrine.materials) == 1
    assert rules.material_fits(final, you, shrine, "Dock") and rules.material_fits(final, you, shrine, "Bath")
    assert not rules.material_fits(final, you, shrine, "Wall")
    assert rules.material_value(shrine.site) == 1  # the Influence it will give
    assert player(final, "You").stockpile == [] and final.sites_in_town[Material.WOOD] == wood - 1


def test_ex_cl_stairway_1():
    """001 Stairway: "You complete a structure whenever you move a material into the structure's
    foundation using the Architect role." Its example plays another function: "You place the
    Brick from your Stockpile into your opponents Archway, making the Function available to
    everyone. You then use the Archway's Function to move the Brick from the Pool into the
    opponent's Shrine. Your maximum hand size is now seven." (CONFLICT-CL-2): the record is
    read under the classic-stairway ruling's public-structures reading (AMB-35, B-STAIRWAY-1)."""
    game = play("EX-CL-STAIRWAY-1")
    you = game.start.index("You")
    assert game.start.rulings["classic-stairway"] == "public-structures"
    assert rules.action_count(game.after("Opp follows with Aqueduct"), you) == 3
    done = game.after("You adds Statue to Stairway")
    assert player(done, "You").building("Stairway").complete
    assert done.steps == [PublicPlacement("Stairway", you)]
    public = game.after("You adds Atrium to Opp's Archway")
    assert (public.index("Opp"), "Archway") in public.public
    assert rules.action_sources(public, you, Role.ARCHITECT) == {Zone.POOL}
    final = game.final
    assert player(final, "You").stockpile == [] and sorted(final.pool) == ["Aqueduct", "Tower"]  # the Gate placed
    assert rules.refill_size(final, you) == 7
    assert materials_of(final, player(final, "Opp").building("Shrine").materials)[Material.BRICK] == 3


def test_ex_cl_statue_1():
    """001 Statue: "You may select any Site when playing a Statue foundation. The Statue can be
    completed with any combination of three material matching the Site or the foundation
    (Marble). The Influence you gain from completing the Statue depends on the Value of the
    Site. Owning a completed Statue gains you three Victory Points". Example: "You complete a
    Statue on a Brick Site as your first structure. You now have seven Victory Points, room
    enough for four clients, and room for four cards in your Vault." (BC-STATUE-1)"""
    game = play("EX-CL-STATUE-1")
    you = game.start.index("You")
    statue = player(game.start, "You").building("Statue")
    assert statue.site is Material.BRICK and len(statue.materials) == 2 and not statue.complete
    assert rules.materials_needed(game.start, you, statue) == 3  # not the Brick Site's 2
    done = game.after("You adds Bath to Statue")
    assert player(done, "You").building("Statue").complete
    assert limits(done, "You") == (4, 4, 4)
    assert scoring.scores(done)[done.index("You")].total == 7
