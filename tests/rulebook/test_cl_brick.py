"""The 2005 rulebook's examples of its Brick buildings (001 Appendix: Academy, Archway, Atrium,
Bath, Foundry, Gate, School, Shrine), replayed from examples/rulebook/ex-cl-*.gtr. Each test
quotes 001 and checks the example's facts at the statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import influence, just_after, materials_of, play, player, roles_of

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import Pass
from gtr_replay.game.steps import AlsoFrom, ClientAction, ExtraThink, ThinkTwice
from gtr_replay.enums import JACK, Material, Role, Zone


def test_ex_cl_academy_1():
    """001 Academy: "You may execute the Thinker role after any turn in which you execute the
    Craftsman role—even if it's only with a client." Example: "You have six cards in your hand
    (you are above maximum) ... You choose to pass and execute the Thinker role. You draw an
    Orders card ... You execute your two clients' Craftsman roles by playing two cards as
    materials into one of your structures. You activate your Academy and draw another Orders
    card, ending your turn with six cards." (BC-ACADEMY-1, AMB-23)"""
    game = play("EX-CL-ACADEMY-1")
    you = game.start.index("You")
    assert len(player(game.start, "You").hand) == 6 and rules.refill_size(game.start, you) == 5
    thought = game.after("You thinks: draw")
    assert len(player(thought, "You").hand) == 7
    built = game.after("You adds Garden to Sewer")
    sewer = player(built, "You").building("Sewer")
    assert sewer.materials == ["Villa", "Garden"] and not sewer.complete
    assert built.steps == [ExtraThink("Academy", you)] and len(player(built, "You").hand) == 5
    final = game.final
    assert len(player(final, "You").hand) == 6 and final.turn == 2
    assert len(game.start.deck) - len(final.deck) == 2


def test_ex_cl_archway_1():
    """001 Archway: "You may take cards from the Pool as materials instead of from your
    Stockpile and place them into structure foundations when executing the Architect role."
    Example: "You take the Brick from the Pool and place it underneath your Gate foundation.
    Next you take the Brick from your Stockpile and place it underneath the foundation as
    well, completing the Gate." (BC-ARCHWAY-1)"""
    game = play("EX-CL-ARCHWAY-1")
    assert influence(game.start, "You") == 4
    first = game.after("You adds School from pool to Gate")
    assert first.pool == [] and player(first, "You").building("Gate").materials == ["School"]
    done = game.after("You adds Bath to Gate")
    gate = player(done, "You").building("Gate")
    assert gate.complete and materials_of(done, gate.materials) == Counter({Material.BRICK: 2})
    assert influence(done, "You") == 6 and player(done, "You").stockpile == []


def test_ex_cl_atrium_1():
    """001 Atrium: "When executing Merchant role, you may take an Orders cards from your hand
    instead of your Stockpile and place it in your Vault without showing other players."
    Example: "You follow with your Jack. She takes a Concrete from her Stockpile and puts it
    into her Vault. You decide to take the Stone from your Stockpile and the Stone (Merchant)
    from your hand and place them in your Vault." (BC-ATRIUM-1, AMB-25)"""
    game = play("EX-CL-ATRIUM-1")
    one = game.after("You sells Sewer")
    assert one.steps == []  # no second card for that action: from the hand instead, not besides
    final = game.final
    you, right = player(final, "You"), player(final, "Right")
    assert you.vault == ["Sewer", "Villa"] and materials_of(final, you.vault) == Counter({Material.STONE: 2})
    assert you.hand == ["Road", "Road"] and you.stockpile == []
    assert right.vault == ["Wall"] and rules.material_of(final, "Wall") is Material.CONCRETE


def test_ex_cl_bath_1():
    """001 Bath: "When you gain a new client, you execute that client's role." Example: "You
    take the Patron as a client and gain an extra Patron role. You execute the Patron role to
    take the Laborer as another client, gaining an extra Laborer role which you execute to take
    the Stone (Merchant) from the Pool into your Stockpile. The player to your left doesn't get
    a client—the Pool is empty!" (BC-BATH-1, R-ACT-2)"""
    game = play("EX-CL-BATH-1")
    you = game.start.index("You")
    assert game.after("You hires Temple").steps == [ClientAction("Bath", you, Role.PATRON)]
    assert game.after("You hires Latrine").steps == [ClientAction("Bath", you, Role.LABORER)]
    before_cleanup = just_after(game, "You gathers Villa")
    p = player(before_cleanup, "You")
    assert roles_of(before_cleanup, p.clientele) == Counter({Role.PATRON: 1, Role.LABORER: 1})
    assert p.stockpile == ["Villa"] and before_cleanup.pool == []
    assert Game(before_cleanup).legal() == [Pass("Left")]
    final = game.final
    assert roles_of(final, player(final, "Right").clientele) == Counter({Role.ARCHITECT: 1})
    assert player(final, "Left").clientele == []


def test_ex_cl_bath_2():
    """001 Bath: "When executing the Patron role you may replace a client with a new one. The
    old client is in the Pool immediately." Example: "You lead as a Patron and execute the role
    to take the Laborer as a client, replace one of your Merchant clients which you put back
    into the Pool. Because of your Bath, you now get to execute a free Laborer role which you
    use to take the Stone (Merchant) from the Pool into your Stockpile." (BC-BATH-2, BC-BATH-1)"""
    game = play("EX-CL-BATH-2")
    you = game.start.index("You")
    replaced = game.after("You hires Road replacing Villa")
    p = player(replaced, "You")
    assert p.clientele == ["Garden", "Tower", "Road"] and replaced.pool == ["Villa"]
    assert replaced.steps == [ClientAction("Bath", you, Role.LABORER)]
    final = game.final  # the Pool held only Villa: the turn is over
    p = player(final, "You")
    assert roles_of(final, p.clientele) == Counter({Role.MERCHANT: 1, Role.ARCHITECT: 1, Role.LABORER: 1})
    assert p.stockpile == ["Villa"] and rules.material_of(final, "Villa") is Material.STONE
    assert final.pool == ["Temple"] and final.turn == 2


def test_ex_cl_foundry_1():
    """001 Foundry: "When executing the Laborer role you may choose to take a material into
    your Stockpile from the Orders draw deck in addition to the material you get from the Pool.
    As you execute each Laborer role, you draw from the deck before taking from the Pool."
    Example: "When you execute your Laborer role you first draw a material from the deck, a
    Marble, and place it into your Stockpile. You then decide to take a Marble from the Pool."
    (BC-FOUNDRY-1)"""
    game = play("EX-CL-FOUNDRY-1")
    you = game.start.index("You")
    drawn = game.after("You gathers [Palace] from deck")
    assert drawn.steps == [AlsoFrom("Foundry", you, Role.LABORER, Zone.POOL)]
    assert len(game.start.deck) - len(drawn.deck) == 1
    pool_too = game.after("You gathers Temple")
    assert materials_of(pool_too, player(pool_too, "You").stockpile) == Counter({Material.MARBLE: 2})
    assert sorted(pool_too.pool) == ["Garden", "Statue", "Villa"]  # Stone, Stone, Marble
    assert player(game.final, "Opp").stockpile == ["Villa"]  # the followers then act


def test_ex_cl_gate_1():
    """001 Gate: "You gain the Functions of your Marble structures as soon as their
    foundations are laid. You do not gain the Influence from your Marble structures until they
    are completed." Example: "You finish a Gate. You immediately gain the Temple's Function
    (+4 Hand Size). Your maximum hand size is nine cards." (BC-GATE-1, BC-TEMPLE-1)"""
    game = play("EX-CL-GATE-1")
    you = game.start.index("You")
    assert rules.refill_size(game.start, you) == 5
    done = game.after("You adds Foundry to Gate")
    assert player(done, "You").building("Gate").complete
    assert not player(done, "You").building("Temple").complete
    assert rules.refill_size(done, you) == 9
    assert influence(done, "You") == 4  # the Gate's two, none from the Temple


def test_ex_cl_school_1():
    """001 School: "Whenever you would execute the Thinker role, you execute the Thinker role
    twice. This effect is not circular." Example: "You own a School and have only a Jack in
    your hand. An opponent leads as Craftsman. You pass. For your first Thinker role you draw
    four Orders cards, replenishing your hand. For your second role you draw a Jack—a sixth
    card." (BC-SCHOOL-1, AMB-22, AMB-37)"""
    game = play("EX-CL-SCHOOL-1")
    you = game.start.index("You")
    assert player(game.start, "You").hand == [JACK] and game.start.jack_pile == 1
    first = game.after("You thinks: refill")
    assert len(player(first, "You").hand) == 5 and first.steps == [ThinkTwice("School", you)]
    final = game.final
    assert len(player(final, "You").hand) == 6 and player(final, "You").hand.count(JACK) == 2
    assert len(game.start.deck) - len(final.deck) == 4 and final.jack_pile == 0
    assert final.steps == []  # the second think is not doubled again


def test_ex_cl_shrine_1():
    """001 Shrine: "Your maximum hand size is increased by two." Example: "You complete a
    Shrine as your first structure. Your maximum hand size is now seven." (BC-SHRINE-1)"""
    game = play("EX-CL-SHRINE-1")
    you = game.start.index("You")
    assert rules.refill_size(game.start, you) == 5 and player(game.start, "You").influence == []
    done = game.after("You adds Academy to Shrine")
    assert player(done, "You").building("Shrine").complete
    assert rules.refill_size(done, you) == 7
