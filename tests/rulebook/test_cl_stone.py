"""The 2005 rulebook's examples of its Stone buildings (001 Appendix: Catacomb, Circus
Maximus, Coliseum, Fountain, Garden, Prison, Sewer, Villa), replayed from
examples/rulebook/ex-cl-*.gtr. Each test quotes 001 and checks the example's facts at the
statement that decides them."""

from __future__ import annotations

from collections import Counter

from rulebook_helpers import influence, just_after, limits, materials_of, play, player, roles_of

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import Sell
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import Actions
from gtr_replay.enums import JACK, Material, Role


def test_ex_cl_catacomb_1():
    """001 Catacomb: "Upon completion of a Catacomb the game ends and the winner is determined.
    You do not continue with the turn." Example: "With the first role you choose to complete the
    Catacomb with a Stone from your hand. You gain three influence for completing the Catacomb
    and then the game ends immediately. You may not execute your second Craftsman role and the
    player to your left does not execute his Craftsman role." (BC-CATACOMB-1, R-END-2)"""
    game = play("EX-CL-CATACOMB-1")
    you = game.start.index("You")
    before = game.before("You adds Prison to Catacomb")
    assert rules.action_count(before, you) == 2 and before.actions_used == 0
    final = game.final
    assert final.phase is Phase.OVER and final.end_reason == "catacomb" and final.ended_by == "You"
    assert player(final, "You").building("Catacomb").complete and influence(final, "You") == 5
    assert player(final, "Left").building("Tower") is None and "Tower" in player(final, "Left").hand
    assert player(final, "Right").camp == ["Dock"] and player(final, "Left").camp == ["Dock"]  # no cleanup
    assert final.turn == 1


def test_ex_cl_circusmaximus_1():
    """001 Circus Maximus: "You may play any card as a Jack when you are leader." Example: "As
    your lead you place the Legionary card on your Camp and say 'I am leading as a Merchant.' The
    other players follow the Merchant role. You move the Concrete from your Stockpile into your
    Vault." (BC-CIRCUSMAXIMUS-1, AMB-38)"""
    game = play("EX-CL-CIRCUSMAXIMUS-1")
    led = game.after("You leads Merchant with Academy")
    assert led.led_role is Role.MERCHANT and rules.role_of(led, "Academy") is Role.LEGIONARY
    assert player(led, "You").hand == [JACK] and player(led, "You").camp == ["Academy"]
    final = game.final
    you = player(final, "You")
    assert you.vault == ["Wall"] and you.stockpile == [] and you.hand == [JACK]
    assert "Academy" in final.pool and final.turn == 2  # to the Pool at cleanup


def test_ex_cl_coliseum_1():
    """001 Coliseum: "You may take cards from the Clienteles of every opponent from which you
    demand materials. The slain clients you take go into your Vault ... If Legionary clients
    are slain they do not provide roles for their owner to execute this turn." Example: "You
    take the Legionary client and Merchant client from the player on your right and the
    Legionary client from the player on your left and place them into your Vault as a Stone and
    two Brick. The player on your left does not execute a Legionary role as his client was slain
    in your Coliseum." (BC-COLISEUM-1, AMB-11)"""
    game = play("EX-CL-COLISEUM-1")
    final = game.final
    right, you, left = (player(final, n) for n in ("Right", "You", "Left"))
    assert materials_of(final, right.stockpile) == Counter({Material.MARBLE: 3}) and right.clientele == []
    assert sorted(you.hand) == ["Bath", "Villa"]  # the cards shown stay in the hand (R-LEG-1)
    assert you.stockpile == ["Sewer"]
    assert materials_of(final, you.vault) == Counter({Material.BRICK: 2, Material.STONE: 1})
    assert left.clientele == ["Bridge"] and left.hand.count(JACK) == 1 and "Sewer" not in left.hand
    slain = game.after("You slays Left's Archway")
    assert rules.action_count(slain, slain.index("Left")) == 0  # no Legionary action left for him


def test_ex_cl_fountain_1():
    """001 Fountain: "Each client in your Clientele counts as a Craftsman client in addition to
    its natural identity ... The Function of a Fountain takes effect immediately." Example:
    "With the first role, you add a Stone from your hand to the Fountain foundation, completing
    the structure. Your Patron client now also counts as a Craftsman and so grants you an
    additional Craftsman role this turn. With your two remaining roles you play a Circus
    foundation from your hand and then place a Wood material into it from your hand, completing
    it." (BC-FOUNTAIN-1, AMB-16)"""
    game = play("EX-CL-FOUNTAIN-1")
    you = game.start.index("You")
    assert rules.action_count(game.before("You adds Villa to Fountain"), you) == 2
    done = game.after("You adds Villa to Fountain")
    assert rules.action_count(done, you) == 3 and done.actions_used == 1
    final = game.final
    p = player(final, "You")
    assert p.building("Fountain").complete and p.building("Circus").complete
    assert influence(final, "You") == 2 + 3 + 1 and p.hand == []


def test_ex_cl_garden_1():
    """001 Garden: "When you complete a Garden, at this time once only, you may execute one
    Patron role for each point of Influence you have ... The new clients do not provide you with
    additional roles this turn". Example: "You now have five Influence and have room for five
    clients ... You decide to execute four Patron roles. You take a Patron, a Craftsman, and two
    Legionaries from the Pool as clients." (BC-GARDEN-1, R-ACT-2)"""
    game = play("EX-CL-GARDEN-1")
    you = game.start.index("You")
    done = game.after("You adds Catacomb to Garden")
    assert limits(done, "You")[:2] == (5, 5) and done.steps == [Actions("Garden", you, Role.PATRON, 5)]
    final = game.final
    p = player(final, "You")
    assert roles_of(final, p.clientele) == Counter({Role.PATRON: 1, Role.CRAFTSMAN: 1, Role.LEGIONARY: 2})
    assert "Statue" in final.pool  # one Patron left in the Pool
    hired = game.after("You hires Dock")  # a Craftsman client: no Craftsman action this turn
    assert rules.action_count(hired, you) == 1


def test_ex_cl_prison_1():
    """001 Prison: "Upon completion of the Prison you choose a completed structure owned by an
    opponent and place it on top of your Prison. You now gain the benefit of the Function of that
    stolen structure as if you had just completed it, and the original owner loses the benefit
    of the Function, although he keeps the Influence he gained from finishing the stolen
    structure." Example: "You may now use Rubble in any structure. Your opponent has a Marble and
    a Rubble in a Temple foundation. These remain, but his Temple can now only be finished with
    one Marble material". The example names a Foundry for a Tower's function (CONFLICT-CL-3).
    (BC-PRISON-1, BC-TOWER-1)"""
    game = play("EX-CL-PRISON-1")
    you, opp = game.start.index("You"), game.start.index("Opp")
    assert influence(game.start, "Opp") == 4
    prison = game.after("You adds Villa to Prison")
    # the Tower, the only structure Opp has complete, is taken at once: the 2005 Prison takes one
    assert not prison.steps and player(prison, "You").building("Tower").stolen and influence(prison, "You") == 5
    taken = game.after("You steals Opp's Tower")
    assert player(taken, "You").building("Tower").stolen and player(taken, "Opp").building("Tower") is None
    assert influence(taken, "Opp") == 4 and influence(taken, "You") == 5  # nobody's Influence changes
    temple = player(taken, "Opp").building("Temple")
    assert temple.materials == ["Palace", "Latrine"]  # they remain
    assert not rules.material_fits(taken, opp, temple, "Bar") and rules.material_fits(taken, opp, temple, "Statue")
    assert rules.material_fits(taken, you, player(taken, "You").building("Shrine"), "Road")
    assert player(game.after("You adds Road to Shrine"), "You").building("Shrine").materials == ["Road"]
    final = game.final
    assert player(final, "Opp").building("Temple").complete  # with one more Marble


def test_ex_cl_prison_2():
    """001 Prison, the Marina example: "Since the number of materials in his Vault (including the
    face up Wood) is now greater than his maximum Vault size as determined by his Influence he
    may not place more materials in his Vault until at some time later his maximum Vault size
    becomes greater than the number of materials in his Vault." The Marina has no card in 001
    (CONFLICT-CL-4); a stolen Market lowers a vault limit the same way (BC-PRISON-1, AMB-24)."""
    game = play("EX-CL-PRISON-2")
    you, opp = game.start.index("You"), game.start.index("Opp")
    assert len(player(game.start, "Opp").vault) == rules.vault_limit(game.start, opp) == 5
    taken = game.after("You steals Opp's Market")
    assert rules.vault_limit(taken, opp) == 3 and len(player(taken, "Opp").vault) == 5  # kept
    assert rules.vault_limit(taken, you) == 5 + 2
    merchant = just_after(game, "You thinks: refill")
    refused = Game(merchant).check(Sell("Opp", "Road"), passing_over=False)
    assert merchant.current == opp and "vault is full" in refused.message
    final = game.final
    assert len(player(final, "Opp").vault) == 5 and player(final, "Opp").stockpile == ["Road"]
    assert final.turn == 3


def test_ex_cl_sewer_1():
    """001 Sewer, as printed: "You may discard all the cards from your hand before you execute
    the Thinker role." Example: "You discard all three of your Patron cards into the Pool. You
    discard your Jack to the pile of Jacks beside the Pool. You then draw five cards from the
    Orders draw pile to reach your maximum hand size of five cards." The text repeats the
    Vomitorium's (CONFLICT-CL-1); the classic-sewer ruling's default plays it (BC-SEWER-1, AMB-34)."""
    game = play("EX-CL-SEWER-1")
    assert game.start.rulings["classic-sewer"] == "as-printed"
    discarded = game.after("You discards Jack, Palace, Statue, Temple")
    assert sorted(discarded.pool) == ["Palace", "Statue", "Temple"]
    assert discarded.jack_pile == game.start.jack_pile + 1
    final = game.final
    assert len(player(final, "You").hand) == 5 and len(game.start.deck) - len(final.deck) == 5


def test_ex_cl_villa_1():
    """001 Villa: "If you have a Villa foundation you complete it whenever you use an Architect
    role to put a material into the Villa." Example: "You take the Stone from your Stockpile and
    put it into your Villa. The Villa is complete and you gain three Influence. You now have
    five Victory Points, room for five clients, and room for five cards in your Vault."
    (BC-VILLA-1)"""
    game = play("EX-CL-VILLA-1")
    you = game.start.index("You")
    start_villa = player(game.start, "You").building("Villa")
    assert rules.materials_needed(game.start, you, start_villa) == 3
    done = game.after("You adds Garden to Villa")
    villa = player(done, "You").building("Villa")
    assert villa.complete and villa.materials == ["Garden"]
    assert limits(done, "You") == (5, 5, 5)
