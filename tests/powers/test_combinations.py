"""The listed combinations of RULES.md §21 as the suggested tests of EXAMPLES.md §5
(CX-BB-*): scenarios built from the rule text, not rulebook examples."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Gather, Hire, Lead, Think
from gtr_replay.game.state import Building, Phase, PlayerState
from gtr_replay.game.steps import ClientAction
from gtr_replay.enums import Material, Role, Ruleset
from tests.powers.test_client_powers import EVERY_MATERIAL, done, table

PATRON, LABORER, ARCHITECT, CRAFTSMAN, LEGIONARY, MERCHANT = "Temple", "Road", "Tower", "Dock", "Academy", "Villa"
FORUMS = [(Ruleset.IMPERIUM, "Forum"), (Ruleset.REPUBLIC, "Forum Romanum")]


def test_bath_and_garden_CX_BB_BATH_GARDEN_1():
    """C-BATH-GARDEN-1 (CX-BB-BATH-GARDEN-1): "each new Client you hire may execute its action immediately": the
    Garden's Patron action hires the Laborer, whose action at once takes the Merchant card."""
    you = PlayerState("You", hand=["Dock", "Sewer"], buildings=[
        done("Bath", Material.BRICK), Building("Garden", Material.STONE, ["Prison", "Catacomb"])])
    state = table(you, PlayerState("Ben", hand=["Insula"]), pool=["Road", "Villa"])
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Sewer", "Garden"))
    events = game.push(Hire("You", "Road")).events
    assert state.steps[-1] == ClientAction("Bath", 0, Role.LABORER)
    assert any(e.kind == "step" and e.card == "Bath" for e in events)
    game.push(Gather("You", "Villa"))
    you = state.players[0]
    assert you.clientele == ["Road"] and you.stockpile == ["Villa"]


def test_gate_and_road_CX_BB_GATE_ROAD_1():
    """C-GATE-ROAD-1 (CX-BB-GATE-ROAD-1): a Marble added (by the Road) to a Stone foundation makes it Marble too,
    so the Gate wakes its function at once (a Circus Maximus's extra actions); a Garden
    treated so gives its upon-completion actions only when it is completed."""
    circus = Building("Circus Maximus", Material.STONE, ["Villa"])
    garden = Building("Garden", Material.STONE, ["Sewer"])
    you = PlayerState("You", hand=["Dock", "Temple", "Statue"], clientele=["Market"], buildings=[
        done("Gate", Material.BRICK), done("Road", Material.RUBBLE), circus, garden])
    state = table(you, PlayerState("Ben", hand=["Insula"]))
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    assert rules.action_count(state, 0) == 2  # no Marble in the Circus Maximus yet
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Temple", "Circus Maximus"))
    assert rules.action_count(state, 0) == 3  # its function works: the Market client acts twice
    events = game.push(Add("You", "Statue", "Garden")).events
    assert not garden.complete and not state.steps and not any(e.kind == "step" for e in events)


def test_a_power_a_marble_wakes_works_from_the_next_action_C_GATE_ROAD_1():
    """C-GATE-ROAD-1 with B-SCRIPTORIUM-1: the Marble added to a Stone Scriptorium makes it
    work at once, but it was a foundation whose function did not work when the action was
    taken, so that Marble does not complete it (R-BUILD-10); the next Marble, added while it
    works, completes it ("complete any of your Structures by ... adding a Marble")."""
    scriptorium = Building("Scriptorium", Material.STONE)
    you = PlayerState("You", hand=["Dock", "Temple", "Statue"], clientele=["Market"], buildings=[
        done("Gate", Material.BRICK), done("Road", Material.RUBBLE), scriptorium])
    state = table(you, PlayerState("Ben", hand=["Insula"]))
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Temple", "Scriptorium"))
    assert not scriptorium.complete and "Scriptorium" in [p.building for p in rules.active_powers(state, 0)]
    game.push(Add("You", "Statue", "Scriptorium"))
    assert scriptorium.complete and len(scriptorium.materials) == 2


@pytest.mark.parametrize("ruleset, helper, building, works", [
    (Ruleset.REPUBLIC, "Road", Building("Sewer", Material.STONE, ["Temple"]), True),  # Stone or Marble (C-GATE-ROAD-1)
    (Ruleset.CLASSIC, "Road", Building("Sewer", Material.STONE, ["Temple"]), False),  # still a Stone building
    (Ruleset.REPUBLIC, "Scriptorium", Building("Academy", Material.BRICK, ["Temple"]), False),  # never Marble
    (Ruleset.CLASSIC, "Scriptorium", Building("Academy", Material.MARBLE, ["Temple"]), False),  # on a Marble Site
    (Ruleset.CLASSIC, "Road", Building("Temple", Material.MARBLE), True),  # a Marble foundation (BC-GATE-1)
])
def test_a_gate_wakes_marble_buildings_only(ruleset, helper, building, works):
    """B-GATE-1, BC-GATE-1: "the functions of your Marble buildings" work from their
    foundations. A Marble added to a Stone building makes it Stone or Marble in the Black Box
    rules only (C-GATE-ROAD-1, 000 Gate combined with Road); a classic Stone building, or a
    building of another material that a Scriptorium let take a Marble, or one laid on a
    Marble Site, stays what its foundation is."""
    you = PlayerState("You", hand=["Dock"], buildings=[done("Gate", Material.BRICK), done(helper, Material.STONE),
                                                        building])
    state = table(you, PlayerState("Ben", hand=["Insula"]), ruleset=ruleset)
    assert (building.foundation in [p.building for p in rules.active_powers(state, 0)]) is works


@pytest.mark.parametrize("ruleset, forum", [*FORUMS, (Ruleset.CLASSIC, "Forum")])
def test_forum_and_ludus_magna_CX_BB_FORUM_LUDUS_1(ruleset, forum):
    """C-FORUM-LUDUS-1 (CX-BB-FORUM-LUDUS-1): Legionary missing, a second Merchant stands for it; with a single
    Merchant and two roles missing, no win (each Merchant counts as only one role). The same in
    classic (CX-CL-FORUM-LUDUS-1: 001§…›Forum combined with Ludus Magna, "each Merchant client
    may be counted as any one role towards the Forum victory condition")."""
    def wins(clientele):
        you = PlayerState("You", clientele=clientele, stockpile=list(EVERY_MATERIAL),
                          buildings=[done(forum, Material.MARBLE), done("Ludus Magna", Material.MARBLE)])
        return rules.winning_power(table(you, PlayerState("Ben"), ruleset=ruleset), 0) is not None
    assert wins([PATRON, LABORER, ARCHITECT, CRAFTSMAN, MERCHANT, MERCHANT])
    assert not wins([PATRON, ARCHITECT, CRAFTSMAN, MERCHANT])


@pytest.mark.parametrize("ruleset, forum", FORUMS)
def test_forum_and_storeroom_CX_BB_FORUM_STOREROOM_1(ruleset, forum):
    """C-FORUM-STOREROOM-1 (CX-BB-FORUM-STOREROOM-1): no Laborer, a second Merchant counts as one; with one Merchant,
    counting it as Laborer removes the Merchant, so no win."""
    def wins(clientele):
        you = PlayerState("You", clientele=clientele, stockpile=list(EVERY_MATERIAL),
                          buildings=[done(forum, Material.MARBLE), done("Storeroom", Material.CONCRETE)])
        return rules.winning_power(table(you, PlayerState("Ben"), ruleset=ruleset), 0) is not None
    assert wins([PATRON, ARCHITECT, CRAFTSMAN, LEGIONARY, MERCHANT, MERCHANT])
    assert not wins([PATRON, ARCHITECT, CRAFTSMAN, LEGIONARY, MERCHANT])


def test_forum_made_public_wins_for_the_higher_score_CX_BB_FORUM_STAIRWAY_1():
    """C-FORUM-STAIRWAY-1 (CX-BB-FORUM-STAIRWAY-1) with the Imperium Forum: Ann's Stairway makes Ben's Forum public;
    Ann and Cid, who own none, both have every role; Cid has more points and wins."""
    clients = [PATRON, LABORER, ARCHITECT, CRAFTSMAN, LEGIONARY, MERCHANT]
    ann = PlayerState("Ann", hand=["Tower"], clientele=["Temple", "Insula", "Wall", "Palisade", "Bath", "Garden"],
                      stockpile=["Statue"], influence=[Material.MARBLE],
                      buildings=[done("Stairway", Material.MARBLE)])
    ben = PlayerState("Ben", hand=["Bar"], buildings=[done("Forum", Material.MARBLE)])
    cid = PlayerState("Cid", hand=["Latrine"], clientele=clients, influence=[Material.MARBLE, Material.MARBLE])
    state = table(ann, ben, cid, ruleset=Ruleset.IMPERIUM)
    game = Game(state)
    game.push(Lead("Ann", Role.ARCHITECT, ("Tower",)))
    game.push(Think("Ben", "jack"))
    game.push(Think("Cid", "jack"))
    game.push(Add("Ann", "Statue", "Forum", owner="Ben"))
    assert state.phase is Phase.OVER and state.winner == "Cid" and state.end_reason == "win:Forum"


@pytest.mark.parametrize("ann_hand, winners", [
    (["Tower"], ("Cid",)),  # tied at 5 points: Cid holds 2 cards (Latrine, the Jack he took), Ann none
    (["Tower", "Road", "Bar"], ("Ann", "Cid")),  # 2 cards each as well: a shared win (AMB-08)
])
def test_forum_made_public_wins_at_equal_points_as_a_game_is_normally_decided(ann_hand, winners):
    """C-FORUM-STAIRWAY-1, R-SCORE-4: "the winner of the game is the player among those with
    the highest score as determined normally", and the normal way breaks a tie for most points
    with most cards in hand (R-SCORE-3), then shares the win (AMB-08); never the seat order."""
    clients = [PATRON, LABORER, ARCHITECT, CRAFTSMAN, LEGIONARY, MERCHANT]
    ann = PlayerState("Ann", hand=list(ann_hand), clientele=["Temple", "Insula", "Wall", "Palisade", "Bath", "Garden"],
                      stockpile=["Statue"], influence=[Material.MARBLE],
                      buildings=[done("Stairway", Material.MARBLE)])
    ben = PlayerState("Ben", hand=["Bar"], buildings=[done("Forum", Material.MARBLE)])
    cid = PlayerState("Cid", hand=["Latrine"], clientele=clients, influence=[Material.MARBLE])
    game = Game(table(ann, ben, cid, ruleset=Ruleset.IMPERIUM))
    game.push(Lead("Ann", Role.ARCHITECT, ("Tower",)))
    game.push(Think("Ben", "jack"))
    game.push(Think("Cid", "jack"))
    game.push(Add("Ann", "Statue", "Forum", owner="Ben"))
    assert [s.total for s in game.scores()] == [5, 2, 5]
    result = game.result()
    assert game.state.end_reason == "win:Forum" and result.winners == winners
    # the points decided, so the result says they were counted and how the tie was broken (R-SCORE-3)
    assert result.counted and result.tie_break is not None and result.tie_break.winners == winners
    assert result.tie_break.tied == ("Ann", "Cid")


def test_one_instant_win_is_not_counted():
    """R-SCORE-1: one player's Forum win ends the game without counting points; the result
    says so, and names no tie-break. (The public Forum of several winners is counted: above.)"""
    clients = [PATRON, LABORER, ARCHITECT, CRAFTSMAN, LEGIONARY, MERCHANT]
    ann = PlayerState("Ann", hand=["Tower"], clientele=["Temple", "Insula", "Wall", "Palisade", "Bath", "Garden"],
                      stockpile=["Statue"], influence=[Material.MARBLE],
                      buildings=[done("Stairway", Material.MARBLE)])
    ben = PlayerState("Ben", hand=["Bar"], buildings=[done("Forum", Material.MARBLE)])
    cid = PlayerState("Cid", hand=["Latrine"], clientele=clients[:5], influence=[Material.MARBLE])
    game = Game(table(ann, ben, cid, ruleset=Ruleset.IMPERIUM))
    game.push(Lead("Ann", Role.ARCHITECT, ("Tower",)))
    game.push(Think("Ben", "jack"))
    game.push(Think("Cid", "jack"))
    game.push(Add("Ann", "Statue", "Forum", owner="Ben"))
    result = game.result()
    assert result.winners == ("Ann",) and not result.counted and result.tie_break is None


def test_forum_and_fountain_CX_CL_FORUM_FOUNTAIN_1():
    """C-FORUM-FOUNTAIN-1 (CX-CL-FORUM-FOUNTAIN-1) (001§…›Forum combined with Fountain): "any client may count as a
    Craftsman towards the Forum victory condition instead of its usual role. Clients may not
    count as both at once." A second Merchant stands for the missing Craftsman; one client of
    each other role and no Craftsman does not win, since counting one as a Craftsman removes
    its own role; without the Fountain, no win either."""
    def wins(clientele, fountain=True):
        buildings = [done("Forum", Material.MARBLE)] + ([done("Fountain", Material.STONE)] if fountain else [])
        you = PlayerState("You", clientele=clientele, buildings=buildings)
        return rules.winning_power(table(you, PlayerState("Ben"), ruleset=Ruleset.CLASSIC), 0) is not None
    six = [PATRON, LABORER, ARCHITECT, LEGIONARY, MERCHANT, MERCHANT]
    assert wins(six)
    assert not wins(six, fountain=False)
    assert not wins([PATRON, LABORER, ARCHITECT, LEGIONARY, MERCHANT])


def test_an_atrium_sale_from_the_deck_leaves_the_basilicas_card_from_hand():
    """000 Basilica: "Each time you execute a Merchant action, you may choose to take an
    additional card from your hand ... You do not need to move a Material from your Stockpile";
    000 Atrium: "you may take an Order card from the deck instead of your Stockpile". The deck's
    card stands for the stockpile's: with it, one card from the hand, in either order; not a
    stockpile card as well (B-ATRIUM-1, B-BASILICA-1)."""
    from gtr_replay.errors import RulesError
    from gtr_replay.game import Sell
    from gtr_replay.enums import Zone

    def merchant():
        you = PlayerState("You", hand=["Villa", "Dock", "Bath"], stockpile=["Shrine"], buildings=[
            done("Atrium", Material.BRICK), done("Basilica", Material.MARBLE)])
        state = table(you, PlayerState("Ben", hand=["Insula"]))
        game = Game(state)
        game.push(Lead("You", Role.MERCHANT, ("Villa",)))
        game.push(Think("Ben", "jack"))
        return game, state

    game, state = merchant()
    top = state.deck[0]
    game.push(Sell("You", top, Zone.DECK))
    assert Sell("You", "Dock", Zone.HAND) in game.legal() and Sell("You", "Shrine") not in game.legal()
    with pytest.raises(RulesError):
        game.push(Sell("You", "Shrine"))
    game.push(Sell("You", "Dock", Zone.HAND))
    assert sorted(state.players[0].vault) == sorted([top, "Dock"]) and state.turn == 2
    game, state = merchant()
    top = state.deck[0]
    game.push(Sell("You", "Dock", Zone.HAND))
    assert Sell("You", top, Zone.DECK) in game.legal() and Sell("You", "Shrine") in game.legal()
    assert Sell("You", "Bath", Zone.HAND) not in game.legal()  # one card from the hand an action
    game.push(Sell("You", top, Zone.DECK))
    assert sorted(state.players[0].vault) == sorted([top, "Dock"]) and state.turn == 2


def _aqueduct_and_bar():
    """You lead Patron with an Aqueduct and a Bar, one action: the game, and its hires from the
    hand (Dock), the deck (its top card) and the Pool (Villa), by place."""
    from gtr_replay.enums import Zone

    you = PlayerState("You", hand=["Temple", "Dock"], influence=[Material.MARBLE],
                      buildings=[done("Aqueduct", Material.CONCRETE), done("Bar", Material.RUBBLE)])
    state = table(you, PlayerState("Ben", hand=["Insula"]), pool=["Villa"])
    game = Game(state)
    game.push(Lead("You", Role.PATRON, ("Temple",)))
    game.push(Think("Ben", "jack"))
    return game, {"hand": Hire("You", "Dock", Zone.HAND), "deck": Hire("You", state.deck[0], Zone.DECK),
                  "pool": Hire("You", "Villa")}


def test_no_client_from_the_pool_after_the_bars_deck_card_whatever_came_first():
    """000 Bar: "once you draw from the deck you may not go back and take a Client from the
    Pool for that action", whichever of the Aqueduct's card from hand, the Bar's from the deck
    and the Pool's came before (B-BAR-2, B-AQUEDUCT-2)."""
    from gtr_replay.errors import RulesError

    game, hires = _aqueduct_and_bar()
    game.push(hires["hand"])
    game.push(hires["deck"])
    assert hires["pool"] not in game.legal()
    with pytest.raises(RulesError):
        game.push(hires["pool"])
    assert "Villa" not in game.state.players[0].clientele


@pytest.mark.parametrize("order", [("hand", "pool", "deck"), ("pool", "hand", "deck"), ("pool", "deck", "hand"),
                                   ("hand", "deck"), ("deck", "hand")])
def test_the_aqueducts_and_the_bars_cards_come_in_any_order(order):
    """000 Aqueduct and Bar: each Patron action may take one more card from the hand and one
    from the deck, neither needing the Pool's; the text sets their order only against the
    Pool's ('once you draw from the deck you may not go back', B-BAR-2): every other order is
    one action (B-AQUEDUCT-2, B-BAR-1)."""
    game, hires = _aqueduct_and_bar()
    for place in order:
        assert hires[place] in game.legal()
        game.push(hires[place])
    state = game.state
    assert sorted(state.players[0].clientele) == sorted(hires[place].card for place in order)
    assert state.turn == 2  # one action, its cards taken
