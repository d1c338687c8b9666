"""Worked examples of the Black Box powers that grant steps: one more card for an action (Bar,
Basilica, Dock, Atrium), up to I actions upon completion (Amphitheatre, Foundry, Garden,
School), the end of a turn (Sewer, Senate, Academy), and around a think (Latrine,
Vomitorium, Tribunal). Each test quotes the rulebook's text (000 Appendix I) and checks the
example's expected facts at the statement that decides them."""

from __future__ import annotations

from rulebook_helpers import influence, play, player
from rulebook_helpers import materials_of as materials
from rulebook_helpers import roles_of as roles

from gtr_replay.engine import Game, rules
from gtr_replay.game.decisions import Hire, Pass
from gtr_replay.game.state import Phase
from gtr_replay.game.steps import Actions, AlsoFrom, ExtraJack, ExtraThink, KeepPlayed, ThinkAfterDiscard
from gtr_replay.enums import JACK, Material, Role, Zone


# -- one more card for the same action ------------------------------------------------------


def test_ex_bb_bar_1():
    """'Each time you execute a Patron action, you may choose to take an additional card from
    the draw deck as a Client ... once you draw from the deck you may not go back and take a
    Client from the Pool for that action. The size of your Clientele is still limited by your
    Influence' (B-BAR-1..3)."""
    game = play("EX-BB-BAR-1")
    left = game.start.index("Left")
    assert influence(game.start, "Left") == 3 and rules.clientele_limit(game.start, left) == 3

    pool_first = game.after("You hires Academy")
    assert pool_first.steps == [AlsoFrom("Bar", pool_first.index("You"), Role.PATRON, Zone.DECK, closes_usual=True)]
    assert [d for d in Game(pool_first).legal() if isinstance(d, Hire)] == [Hire("You", "Tower", Zone.DECK)]

    deck_only = game.after("Left hires [Archway] from deck")
    assert deck_only.steps == []  # after the deck, nothing more from the Pool for that action (B-BAR-2)
    assert deck_only.current == left and deck_only.actions_used == 1

    final = game.final
    assert player(final, "Right").clientele == ["Dock"]
    assert roles(final, player(final, "You").clientele) == {Role.LEGIONARY: 1, Role.ARCHITECT: 1}
    assert player(final, "Left").clientele == ["Basilica", "Archway", "Villa"]  # 3, his limit
    assert len(player(final, "Left").clientele) == rules.clientele_limit(final, left)
    assert len(game.start.deck) - len(final.deck) == 3
    pool = game.before("Left hires [Villa] from deck").pool
    assert sorted(pool) == ["Crane", "Market"]  # two Craftsman cards before cleanup


def test_ex_bb_dock_1():
    """'Each time you execute a Laborer action you may choose to take an additional card from
    your hand and place it into your Stockpile ... You do not need to take a Material from the
    Pool' (B-DOCK-1)."""
    game = play("EX-BB-DOCK-1")
    after_pool = game.after("You gathers Market")
    assert after_pool.steps == [AlsoFrom("Dock", after_pool.index("You"), Role.LABORER, Zone.HAND)]
    final = game.final
    assert sorted(player(final, "You").stockpile) == ["Atrium", "Bath", "Market"]
    assert materials(final, player(final, "You").stockpile) == {Material.WOOD: 1, Material.BRICK: 2}
    assert player(final, "You").hand == []
    assert player(final, "Right").stockpile == ["Crane"]
    assert game.before("You gathers Bath from hand").pool == []  # the Pool was empty: allowed


def test_ex_bb_basilica_1():
    """'Each time you execute a Merchant action, you may choose to take an additional card from
    your hand as a Material into your Vault. You do not need to move a Material from your
    Stockpile ... Do not reveal the identity of the additional filched card' (B-BASILICA-1)."""
    game = play("EX-BB-BASILICA-1")
    first = game.after("You sells Atrium")
    assert first.steps == [AlsoFrom("Basilica", first.index("You"), Role.MERCHANT, Zone.HAND)]
    final = game.final
    you = player(final, "You")
    assert sorted(you.vault) == ["Atrium", "Tower", "Wall"]
    assert you.hand == [] and you.stockpile == []
    assert final.jack_pile == game.start.jack_pile + 1  # the led Jack, after cleanup


def test_ex_bb_atrium_1():
    """'When executing a Merchant action, you may take an Order card from the deck instead of
    your Stockpile and place it in your Vault without looking at it. If you execute more than
    one action in a turn you may take from either or both' (B-ATRIUM-1)."""
    game = play("EX-BB-ATRIUM-1")
    top = game.start.deck[0]
    final = game.final
    assert player(final, "You").vault == ["Villa", top]
    assert player(final, "You").stockpile == []
    assert len(final.deck) == len(game.start.deck) - 1
    assert player(final, "Right").vault == ["Wall"]
    assert "Catacomb" in final.pool and final.jack_pile == game.start.jack_pile + 1  # after cleanup
    # the deck is a source instead of the stockpile, not a second card of the same action
    assert game.after("You sells Villa").steps == []


# -- up to I actions upon completion --------------------------------------------------------


def test_ex_bb_amphitheatre_1():
    """'When you complete an Amphitheatre, you may immediately execute one Craftsman action for
    every point of Influence you have, including the Influence you get from finishing the
    Amphitheatre' (B-AMPHITHEATRE-1)."""
    game = play("EX-BB-AMPHITHEATRE-1")
    you = game.start.index("You")
    done = game.after("You adds Wall to Amphitheatre")
    assert influence(done, "You") == 4
    assert done.steps == [Actions("Amphitheatre", you, Role.CRAFTSMAN, 4)]
    shrine = game.after("You adds Atrium to Shrine")
    assert shrine.steps == [Actions("Amphitheatre", you, Role.CRAFTSMAN, 2)]
    building = player(shrine, "You").building("Shrine")
    assert building.site is Material.BRICK and building.materials == ["Atrium"] and not building.complete
    assert shrine.sites_in_town[Material.BRICK] == game.start.sites_in_town[Material.BRICK] - 1
    assert len(player(shrine, "You").hand) == len(player(done, "You").hand) - 2
    declined = game.after("You passes")  # the two unused actions are forfeited, a Road in hand
    assert declined.steps == [] and declined.turn == 2 and player(declined, "You").hand == ["Road"]


def test_ex_bb_foundry_1():
    """'When you complete a Foundry, at this time once only, you may perform one Laborer action
    for each point of Influence you have, including the Influence you gain from finishing the
    Foundry' (B-FOUNDRY-1)."""
    game = play("EX-BB-FOUNDRY-1")
    done = game.after("You adds Gate to Foundry")
    assert influence(done, "You") == 4
    assert done.steps == [Actions("Foundry", done.index("You"), Role.LABORER, 4)]
    last = game.before("You gathers Statue")
    assert last.steps == [Actions("Foundry", done.index("You"), Role.LABORER, 1)]
    after = game.after("You gathers Statue")
    assert materials(after, player(after, "You").stockpile) == {Material.BRICK: 2, Material.MARBLE: 2}
    assert after.pool[:1] == ["Crane"]  # the Wood stays; the played cards follow it at cleanup


def test_ex_bb_garden_1():
    """'When you complete a Garden, you may immediately execute one Patron action for each point
    of Influence you have ... The new Clients do not provide you with additional actions this
    turn' (B-GARDEN-1, B-GARDEN-2)."""
    game = play("EX-BB-GARDEN-1")
    you = game.start.index("You")
    done = game.after("You adds Catacomb to Garden")
    assert influence(done, "You") == 5 and rules.clientele_limit(done, you) == 5
    assert done.steps == [Actions("Garden", you, Role.PATRON, 5)]
    hired = game.after("You hires Archway")
    assert player(hired, "You").clientele == ["Temple", "Dock", "Academy", "Archway"]
    assert hired.pool == ["Statue"]  # one Patron left before cleanup
    assert hired.steps == [Actions("Garden", you, Role.PATRON, 1)]
    assert rules.action_count(hired, you) == 1  # the new Craftsman client gives no action (R-ACT-2)


def test_ex_bb_school_1():
    """'When you complete a School, you may immediately perform one Thinker action for each point
    of Influence you have ... you refill your hand up to five ... you take a Jack ... another
    Jack ... you draw an Order card' (B-SCHOOL-1)."""
    game = play("EX-BB-SCHOOL-1")
    done = game.after("You adds Gate to School")
    assert influence(done, "You") == 4 and len(player(done, "You").hand) == 2
    assert done.steps == [Actions("School", done.index("You"), None, 4)]
    assert len(player(game.after("You thinks: refill"), "You").hand) == 5
    final = game.final
    hand = player(final, "You").hand
    assert len(hand) == 8 and hand.count(JACK) == 2
    assert len(game.start.deck) - len(final.deck) == 4
    assert final.jack_pile == game.start.jack_pile - 2


# -- at the end of the turn -----------------------------------------------------------------


def test_ex_bb_sewer_1():
    """'At the end of each turn, you may place Order cards you played to lead or follow into
    your Stockpile ... his Merchant card goes into the Pool as usual, but yours goes into your
    Stockpile as a Stone' (B-SEWER-1)."""
    game = play("EX-BB-SEWER-1")
    waiting = game.after("You follows with Villa")
    assert waiting.phase is Phase.END
    assert waiting.steps == [KeepPlayed("Sewer", waiting.index("You"), False)]
    final = game.final
    assert player(final, "You").stockpile == ["Villa"]
    assert rules.material_of(final, "Villa") is Material.STONE
    assert final.pool == ["Garden"] and final.turn == 2


def test_ex_bb_senate_1():
    """'At the end of each turn, you may take into your hand any Jacks played by opponents ...
    If there is more than one Senate in play, their owners activate their Functions in the
    order in which they played' (B-SENATE-1, B-SENATE-3)."""
    game = play("EX-BB-SENATE-1")
    you, left = game.start.index("You"), game.start.index("Left")
    waiting = game.after("Right follows with Jack")
    assert waiting.phase is Phase.END
    assert waiting.steps[-1] == KeepPlayed("Senate", you, True)  # the leader's Senate first
    assert waiting.steps[0] == KeepPlayed("Senate", left, True)
    final = game.final
    assert player(final, "You").hand == [JACK, JACK]
    assert player(final, "Left").hand == [JACK]
    assert player(final, "Right").hand == []
    assert final.jack_pile == game.start.jack_pile  # no Jack returns to the pile this turn


def test_ex_bb_academy_1():
    """'You may execute one Thinker action after any turn in which you execute at least one
    Craftsman action - even if it's only with a Client ... You activate your Academy and draw
    two more Order cards, ending your turn with five cards' (B-ACADEMY-1, AMB-14)."""
    game = play("EX-BB-ACADEMY-1")
    you = game.start.index("You")
    laid = game.after("You lays Road")
    assert laid.phase is Phase.END and laid.steps == [ExtraThink("Academy", you)]
    assert len(player(laid, "You").hand) == 3
    assert Role.CRAFTSMAN in player(laid, "You").acted
    assert [b.foundation for b in player(laid, "You").buildings if not b.complete] == ["Gate", "Road"]
    end = [s for s in game.snapshots if s.path == "" and s.text == "You thinks: refill"][1].state  # the Academy's
    assert len(player(end, "You").hand) == 5 and end.turn == 2
    assert len(game.start.deck) - len(end.deck) == 7


# -- around a think -------------------------------------------------------------------------


def test_ex_bb_latrine_1():
    """'You may discard an Order card from your hand into the Pool before executing a Thinker
    action ... You discard one card into the Pool and then draw two cards' (B-LATRINE-1)."""
    game = play("EX-BB-LATRINE-1")
    discarded = game.after("You discards Academy")
    assert discarded.pool == ["Academy"]  # at once
    assert discarded.steps == [ThinkAfterDiscard("Latrine", discarded.index("You"))]
    latrine = Game(discarded)
    assert latrine.pending().decisions == (type(latrine.legal()[0]),)  # only the think
    final = game.after("You thinks: refill")
    assert len(player(final, "You").hand) == 5
    assert len(game.start.deck) - len(final.deck) == 2


def test_ex_bb_vomitorium_1():
    """'You may discard all the cards from your hand before you execute a Thinker action ... all
    three of your Patron cards into the Pool ... your Jack to the pile of Jacks ... You then
    draw five cards' (B-VOMITORIUM-1)."""
    game = play("EX-BB-VOMITORIUM-1")
    discarded = game.after("You discards Jack, Palace, Statue, Temple")
    assert sorted(discarded.pool) == ["Palace", "Statue", "Temple"]
    assert discarded.jack_pile == game.start.jack_pile + 1
    final = game.after("You thinks: refill")
    assert len(player(final, "You").hand) == 5
    assert len(game.start.deck) - len(final.deck) == 5


def test_ex_bb_tribunal_1():
    """'Whenever you Think, you may draw an additional Jack after taking the normal Think action
    ... You opt to draw 3 cards from the deck then 1 Jack. Instead, you could have drawn 2
    Jacks' (B-TRIBUNAL-1)."""
    game = play("EX-BB-TRIBUNAL-1")
    you = game.start.index("You")
    refilled = game.after("You thinks: refill")
    assert refilled.steps == [ExtraJack("Tribunal", you)] and len(player(refilled, "You").hand) == 5
    assert Pass("You") in Game(refilled).legal()  # the Jack may be declined
    branch_a = game.final
    hand = player(branch_a, "You").hand
    assert len(hand) == 6 and hand.count(JACK) == 1
    branch_b = next(s.state for s in game.snapshots if s.path and s.text == "You thinks: jack"
                    and not s.state_dict["steps"])
    hand_b = branch_b.player("You").hand
    assert len(hand_b) == 4 and hand_b.count(JACK) == 2


def test_ex_bb_fountain_1():
    """'When executing a Craftsman action, you may take a card from the draw deck instead of from
    your hand. Upon inspecting the drawn card, you may either lay it as a Foundation ... place
    the card as a Material into one of his existing Foundations, or take the card into his
    hand' (B-FOUNTAIN-1)."""
    game = play("EX-BB-FOUNTAIN-1")
    laid = game.after("You lays [Palisade] from deck")
    assert player(laid, "You").building("Palisade").site is Material.WOOD
    assert laid.sites_in_town[Material.WOOD] == game.start.sites_in_town[Material.WOOD] - 1
    done = game.after("You adds [Palisade] from deck to Palisade")
    palisade = player(done, "You").building("Palisade")
    assert palisade.complete and palisade.materials == ["Palisade"]
    assert influence(done, "You") == influence(laid, "You") + 1
    assert rules.fold(done, done.index("You"), "immune_to_demand", done.index("Opp"))  # its function works
    final = game.final
    assert player(final, "You").hand == ["Palisade"]
    assert len(game.start.deck) - len(final.deck) == 3
