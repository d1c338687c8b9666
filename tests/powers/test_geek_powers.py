"""The ten Geek buildings (000 Appendix III, G-*) at the edges their texts draw, beyond the
worked examples (tests/rulebook/test_gk_examples.py): each test quotes the appendix and
plays the engine through it."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import (Add, Demand, Demolish, Follow, Gather, Give, Hire, Lay, Lead, Pass, Sell, Steal,
                             TakeFromDeck, Think, Trigger)
from gtr_replay.engine.scoring import scores
from gtr_replay.game.state import Building, GameState, Phase, PlayerState
from gtr_replay.game.steps import Actions, ClientAction, ClientActions, ExtraThink, FromUnder, Retire, Revealed
from gtr_replay.enums import Material, Role, Ruleset, Zone
from gtr_replay.errors import IllegalDecisionError
from gtr_replay.data.expansions import geek_cards
from gtr_replay.data.rulings import resolve

DECK = ("Road", "Insula", "Dock", "Market", "Garden", "Villa", "Temple", "Statue", "Bar", "Latrine")


def done(name, site, *materials):
    return Building(name, site, list(materials), complete=True)


def table(*players: PlayerState, pool=(), deck=DECK, jacks=3, rulings=None) -> GameState:
    """A republic game with every Geek card, the first player to lead, two Sites of each
    material in town and out of town."""
    state = GameState(Ruleset.REPUBLIC, list(players), resolve(rulings), deck=list(deck), pool=list(pool),
                      jack_pile=jacks, expansions=geek_cards())
    for m in Material:
        state.sites_in_town[m] = 2
        state.sites_out_of_town[m] = 2
    return Game.from_state(state).state  # its forced actions made, as a game from it would


def ben(**zones) -> PlayerState:
    return PlayerState("Ben", **{"hand": ["Latrine"], **zones})


def kinds(game: Game) -> set:
    return {type(d) for d in game.legal()}


# -- Domus ----------------------------------------------------------------------------------


def test_a_domus_client_of_another_role_stays_new():
    """'If the new Client matches the current role, it may perform its action' (G-DOMUS-1): a
    client of another role is a new client like any other (R-ACT-2)."""
    ann = PlayerState("Ann", hand=["Dock", "Market"], buildings=[Building("Domus", Material.WOOD)],
                      influence=[Material.STONE])
    state = table(ann, ben(), pool=["Temple", "Palisade"])
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Market", "Domus"))
    assert state.steps == [Actions("Domus", 0, Role.PATRON, 1)]
    game.push(Hire("Ann", "Temple"))  # a Patron client while Craftsman is led
    assert state.turn == 2  # it gave no Craftsman action: Ann's turn was over


# -- Castra ---------------------------------------------------------------------------------


def test_castra_thinks_only_after_a_loss_from_hand():
    """'If you lose one or more cards from your hand to enemy legionaries, then you may Think
    once at the end of that round' (G-CASTRA-1): answering 'Glory to Rome' loses nothing."""
    for hand, thinks in ((["Villa"], False), (["Academy"], True)):
        ann = PlayerState("Ann", hand=["Bath", "Academy"])
        bob = PlayerState("Ben", hand=list(hand), buildings=[done("Castra", Material.RUBBLE, "Road")])
        state = table(ann, bob)
        game = Game(state)
        game.push(Lead("Ann", Role.LEGIONARY, ("Bath",)))
        game.push(Think("Ben", "jack"))
        game.push(Demand("Ann", ("Academy",)))
        assert (state.steps == [ExtraThink("Castra", 1)]) is thinks, hand
        assert state.phase is (Phase.END if thinks else Phase.LEAD)


# -- Castra Praetoria -----------------------------------------------------------------------


def test_castra_praetoria_clients_stop_at_the_clientele_limit():
    """'you may add any or all of the Material under it as Clients to your Clientele'
    (G-CASTRAPRAETORIA-1), within the clientele limit (R-PATRON-2): with room for one, one."""
    ann = PlayerState("Ann", hand=["Dock", "Academy"], clientele=["Bar"],
                      buildings=[Building("Castra Praetoria", Material.BRICK, ["Archway"])])
    state = table(ann, ben())
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Academy", "Castra Praetoria"))  # Influence 4: room for 3 more
    assert state.steps == [FromUnder("Castra Praetoria", 0, "Castra Praetoria", Zone.CLIENTELE, 2)]
    with pytest.raises(IllegalDecisionError, match="from under the Castra Praetoria"):
        game.push(Hire("Ann", "Academy", Zone.BUILDING, building="Temple"))
    game.push(Hire("Ann", "Academy", Zone.BUILDING, building="Castra Praetoria"))
    assert state.steps == [FromUnder("Castra Praetoria", 0, "Castra Praetoria", Zone.CLIENTELE, 1)]
    game.push(Pass("Ann"))  # 'any or all': one is enough
    assert state.players[0].building("Castra Praetoria").materials == ["Archway"]
    assert state.players[0].clientele == ["Bar", "Academy"]


def test_a_building_is_shown_once_a_legionary_round():
    """'You may only show each of your incomplete buildings once during a Legionary round'
    (G-CASTRAPRAETORIA-2): a new client's second demand (B-BATH-1) cannot show it again."""
    ann = PlayerState("Ann", hand=["Temple", "Atrium"], clientele=["Statue"], influence=[Material.BRICK, Material.BRICK],
                      buildings=[done("Castra Praetoria", Material.BRICK, "Gate", "Shrine"),
                                 done("Bath", Material.BRICK, "Gate", "Shrine"), Building("Villa", Material.STONE)])
    state = table(ann, ben(hand=["Garden", "Sewer"]), pool=["Academy", "Archway"])
    game = Game(state)
    game.push(Lead("Ann", Role.PATRON, ("Temple",)))
    game.push(Think("Ben", "jack"))
    game.push(Hire("Ann", "Academy"))
    assert state.steps == [ClientAction("Bath", 0, Role.LEGIONARY)]
    assert Demand("Ann", (), None, ("Villa",)) in game.legal()  # shown instead of a card
    game.push(Demand("Ann", (), None, ("Villa",)))
    game.push(Give("Ben", ("Garden",), "Ann"))
    assert state.players[0].stockpile == ["Garden"] and not state.players[0].building("Villa").complete
    game.push(Hire("Ann", "Archway"))
    assert state.steps == [ClientAction("Bath", 0, Role.LEGIONARY)]
    assert not any(isinstance(d, Demand) and d.buildings for d in game.legal())  # the Atrium only
    with pytest.raises(IllegalDecisionError, match="shown once a Legionary round"):
        game.push(Demand("Ann", (), None, ("Villa",)))


def test_only_a_castra_praetoria_shows_buildings():
    """Without the power a demand shows cards from hand only (R-LEG-1)."""
    ann = PlayerState("Ann", hand=["Bath", "Academy"], buildings=[Building("Villa", Material.STONE)])
    state = table(ann, ben())
    game = Game(state)
    game.push(Lead("Ann", Role.LEGIONARY, ("Bath",)))
    game.push(Think("Ben", "jack"))
    assert not any(isinstance(d, Demand) and d.buildings for d in game.legal())
    with pytest.raises(IllegalDecisionError, match="only a power lets it show buildings"):
        game.push(Demand("Ann", (), None, ("Villa",)))


# -- Watermill ------------------------------------------------------------------------------


@pytest.mark.parametrize("card, follows, grants", [("Road", True, True), ("Road", False, False),
                                                   ("Dock", True, False)])
def test_watermill_needs_a_laborer_lead_or_follow(card, follows, grants):
    """'If you lead or follow Laborer, then you may trigger any or all of your Architect
    Clients at the end of your turn' (G-WATERMILL-1): thinking, or another role, gives none."""
    ann = PlayerState("Ann", hand=[card, "Insula"])
    bob = PlayerState("Ben", hand=[card, "Latrine"], clientele=["Tower"], stockpile=["Wall"],
                      buildings=[done("Watermill", Material.WOOD, "Dock"), Building("Bridge", Material.CONCRETE)],
                      influence=[Material.WOOD])
    state = table(ann, bob, pool=["Latrine"])
    game = Game(state)
    game.push(Lead("Ann", Role.LABORER if card == "Road" else Role.CRAFTSMAN, (card,)))
    game.push(Follow("Ben", (card,)) if follows else Think("Ben", "jack"))
    while state.current == 0 and not state.steps and state.phase is Phase.ACTIONS:
        game.push(Pass("Ann"))
    if state.current == 1 and state.phase is Phase.ACTIONS:
        game.push(Pass("Ben"))
    assert (state.steps == [ClientActions("Watermill", 1, Role.ARCHITECT, 1)]) is grants, state.steps


def test_watermill_counts_old_architect_clients_only():
    """The Architect clients act as clients do: one hired this turn does not (R-ACT-2); each
    may act once, at the end of its owner's own actions (G-WATERMILL-1)."""
    ann = PlayerState("Ann", hand=["Road", "Insula"], clientele=["Tower", "Wall"], stockpile=["Bridge"],
                      buildings=[done("Watermill", Material.WOOD, "Dock")], influence=[Material.WOOD])
    state = table(ann, ben(), pool=["Latrine"])
    state.players[0].hired.append("Wall")  # as if hired earlier this turn
    game = Game(state)
    game.push(Lead("Ann", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "jack"))
    game.push(Gather("Ann", "Latrine"))
    assert state.steps == [ClientActions("Watermill", 0, Role.ARCHITECT, 1)]
    assert state.current == 1  # Ben's turn to act comes after them
    game.push(Lay("Ann", "Insula"))
    assert state.players[0].building("Insula") is not None and state.steps == []


# -- Solarium -------------------------------------------------------------------------------


def test_solarium_follows_architect_completions_only():
    """'Whenever you complete a building using an Architect action' (G-SOLARIUM-1): a
    Craftsman completion gives nothing back."""
    ann = PlayerState("Ann", hand=["Dock", "Bar"], buildings=[done("Solarium", Material.CONCRETE, "Wall", "Tower"),
                                                              Building("Road", Material.RUBBLE)])
    state = table(ann, ben())
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Bar", "Road"))
    assert state.players[0].building("Road").complete and state.players[0].building("Road").materials == ["Bar"]
    assert not any(isinstance(s, FromUnder) for s in state.steps)


# -- Aerarium -------------------------------------------------------------------------------


def test_aerarium_checks_the_highest_influence_but_scores_its_own():
    """'Whenever you check your Influence (except during scoring at the end of the game), you
    instead use the highest Influence among all players' (G-AERARIUM-1)."""
    ann = PlayerState("Ann", buildings=[done("Aerarium", Material.CONCRETE, "Wall", "Tower")],
                      influence=[Material.CONCRETE])
    bob = PlayerState("Ben", influence=[Material.MARBLE, Material.MARBLE, Material.STONE])
    state = table(ann, bob)
    assert rules.influence(state, 0) == 4 and rules.influence(state, 1) == 11
    assert rules.clientele_limit(state, 0) == 11 and rules.vault_limit(state, 0) == 11
    assert scores(state)[0].influence == 4
    assert rules.clientele_limit(state, 1) == 11  # Ben has no Aerarium: his own


def test_aerarium_gives_its_site_away_and_triggers_for_the_other_player():
    """'you may give its 2-Influence Site to any player (even yourself) to immediately trigger
    an upon completion power on one of that player's completed buildings' (G-AERARIUM-2): the
    power acts for its owner, and an Aerarium never triggers an Aerarium."""
    ann = PlayerState("Ann", hand=["Dock", "Wall"], buildings=[Building("Aerarium", Material.CONCRETE, ["Tower"])])
    bob = PlayerState("Ben", hand=["Latrine"], buildings=[done("Garden", Material.STONE, "Villa", "Sewer", "Prison"),
                                                          done("Aerarium", Material.CONCRETE, "Wall", "Bridge")])
    state = table(ann, bob, pool=["Temple", "Statue"])
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Wall", "Aerarium"))
    triggers = {d for d in game.legal() if isinstance(d, Trigger)}
    assert triggers == {Trigger("Ann", "Garden", "Ben")}  # no Aerarium, and Ann has no other building
    game.push(Trigger("Ann", "Garden", "Ben"))
    assert state.players[0].influence == [] and state.players[1].influence == [Material.CONCRETE]
    assert state.steps == [Actions("Garden", 1, Role.PATRON, rules.influence(state, 1))]
    game.push(Hire("Ben", "Temple"))  # Ben's Patron action, in Ann's turn
    assert state.players[1].clientele == ["Temple"] and state.players[0].clientele == []


def test_an_aerarium_taken_by_a_prison_has_no_site_to_give_and_triggers_nothing():
    """G-AERARIUM-2: the trigger is had "to" give the Aerarium's Site; a Prison takes the
    structure as if just completed (B-PRISON-1), but its Site stays with Ben (AMB-19), so Ann
    has none to give and her Garden is not triggered."""
    ann = PlayerState("Ann", hand=["Dock", "Sewer"], buildings=[
        Building("Prison", Material.STONE, ["Villa", "Garden"]), done("Garden", Material.STONE, "Villa", "Sewer", "Prison")])
    bob = PlayerState("Ben", hand=["Latrine"], buildings=[done("Aerarium", Material.CONCRETE, "Wall", "Tower")])
    state = table(ann, bob, pool=["Temple", "Statue"])
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Sewer", "Prison"))
    game.push(Steal("Ann", "Ben", "Aerarium"))
    assert state.players[0].building("Aerarium").stolen and Material.CONCRETE not in state.players[0].influence
    assert not any(isinstance(d, Trigger) for d in game.legal()) and state.turn == 2


def test_a_prison_triggered_again_cannot_steal_without_three_influence_of_sites():
    """'you must give away any set of Site cards from your Influence that sum to 3 or more ...
    You cannot give away the 2 Influence you began the game with' (C-AERARIUM-PRISON-1)."""
    ann = PlayerState("Ann", hand=["Dock", "Wall"], buildings=[Building("Aerarium", Material.CONCRETE, ["Tower"]),
                                                               done("Prison", Material.STONE, "Villa", "Sewer")])
    bob = PlayerState("Ben", hand=["Latrine"], buildings=[done("Tower", Material.CONCRETE, "Wall", "Bridge")])
    state = table(ann, bob)  # Ann's Prison was stolen? no: its Site is with Ben, as if given for a theft
    state.players[1].influence.append(Material.STONE)
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Add("Ann", "Wall", "Aerarium"))  # its Site: 2 Influence, not enough alone
    game.push(Trigger("Ann", "Prison"))
    assert state.steps == [] and state.players[1].building("Tower") is not None  # nothing to pay with
    assert state.players[0].influence == [Material.CONCRETE]


# -- Bacchanalia ----------------------------------------------------------------------------


def bacchanalia(deck, rulings=None) -> GameState:
    """Ann leads Craftsman holding the Marble her Bacchanalia lacks, and Ben thinks: the state,
    for a test to change (the deck, what is seen) before a game from it plays on."""
    ann = PlayerState("Ann", hand=["Dock", "Temple"],
                      buildings=[Building("Bacchanalia", Material.MARBLE, ["Statue", "Palace"])])
    state = table(ann, ben(), deck=deck, rulings=rulings)
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    return state


def test_bacchanalia_with_too_few_cards_ends_the_game_without_its_bonus():
    """'If you have more Influence than the total number of cards remaining in the deck, then
    the game ends immediately and you do not perform any of the bonus effects'
    (G-BACCHANALIA-2)."""
    state = bacchanalia(["Road", "Bar", "Insula", "Latrine", "Dock"])  # the think took none: 5 left
    state.deck[:] = state.deck[:4]
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))  # Influence 5, 4 cards
    assert state.over and state.end_reason == "bacchanalia" and len(state.deck) == 4
    assert state.players[0].hand == []


def test_bacchanalia_turns_up_exactly_the_deck():
    """'You may not choose to reveal fewer cards than your Influence total': with as many cards
    as the Influence, every one is turned up and placed, and the bonus is carried out
    (G-BACCHANALIA-2, AMB-01)."""
    state = bacchanalia(["Road", "Bar", "Insula", "Latrine", "Dock"])
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    assert state.steps == [Revealed("Bacchanalia", 0, 5, (), True)]
    for card in ("Road", "Bar", "Insula", "Latrine"):
        game.push(TakeFromDeck("Ann", card))
    assert state.steps == [Revealed("Bacchanalia", 0, 1, (), True)]
    game.push(Gather("Ann", "Dock", Zone.DECK))
    assert state.over and state.end_reason == "deck" and state.players[0].stockpile == ["Dock"]


def test_bacchanalia_places_each_way_once_and_lays_in_town_only():
    """'One at a time, you may do any subset of the following actions ... start one of the
    cards as a new building on an in-town Site' (G-BACCHANALIA-1)."""
    state = bacchanalia(list(DECK))
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    with pytest.raises(IllegalDecisionError, match="in-town Site only"):
        game.push(Lay("Ann", "Road", None, True, Zone.DECK))
    with pytest.raises(IllegalDecisionError, match="comes from the deck"):
        game.push(Lay("Ann", "Road"))
    game.push(Gather("Ann", "Road", Zone.DECK))
    assert Gather not in kinds(game) and Hire in kinds(game)  # the stockpile is done
    with pytest.raises(IllegalDecisionError):
        game.push(Gather("Ann", "Insula", Zone.DECK))
    assert all(d.card in ("Insula", "Dock", "Market", "Garden") for d in game.legal())  # the 4 turned up


# -- Watch Post -----------------------------------------------------------------------------


def test_watch_post_tears_down_completed_structures_with_craftsman_actions_only():
    """'You can use a Craftsman action to tear down one of your complete buildings instead of
    the normal Craftsman effect' (G-WATCHPOST-1): not a foundation, not with an Architect."""
    ann = PlayerState("Ann", hand=["Dock", "Tower"], buildings=[done("Watch Post", Material.RUBBLE, "Road"),
                                                                Building("Villa", Material.STONE)],
                      influence=[Material.RUBBLE])
    state = table(ann, ben())
    game = Game(state)
    game.push(Lead("Ann", Role.ARCHITECT, ("Tower",)))
    game.push(Think("Ben", "jack"))
    assert Demolish not in kinds(game)
    with pytest.raises(IllegalDecisionError, match="cannot tear down now: the game waits for Ann to lay, add or pass"):
        game.push(Demolish("Ann", "Watch Post"))
    game.push(Pass("Ann"))
    game.push(Think("Ben", "jack"))
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    assert {d for d in game.legal() if isinstance(d, Demolish)} == {Demolish("Ann", "Watch Post")}
    with pytest.raises(IllegalDecisionError, match="not complete"):
        game.push(Demolish("Ann", "Villa"))
    game.push(Demolish("Ann", "Watch Post"))  # it may tear itself down
    ann_after = state.players[0]
    assert "Watch Post" in ann_after.hand and ann_after.stockpile == ["Road"] and ann_after.influence == []
    assert state.sites_in_town[Material.RUBBLE] == 3


def test_a_structure_torn_down_stops_working_at_once():
    """A building has no function once it is gone (R-BUILD-9, G-WATCHPOST-1): the Shrine torn
    down in this action no longer raises the refill size (B-SHRINE-1)."""
    ann = PlayerState("Ann", hand=["Dock"], buildings=[done("Watch Post", Material.RUBBLE, "Road"),
                                                       done("Shrine", Material.BRICK, "Bath", "Bath")],
                      influence=[Material.RUBBLE, Material.BRICK])
    state = table(ann, ben())
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    assert rules.refill_size(state, 0) == 7
    game.push(Demolish("Ann", "Shrine"))
    assert rules.refill_size(state, 0) == 5


def test_a_stolen_structure_torn_down_leaves_its_site_where_it_is():
    """A structure taken by a Prison left its Site with the player it was taken from (AMB-19):
    tearing it down moves no Site (G-WATCHPOST-1, AMB-31)."""
    ann = PlayerState("Ann", hand=["Dock"], buildings=[done("Watch Post", Material.RUBBLE, "Road"),
                                                       Building("Tower", Material.CONCRETE, ["Wall", "Bridge"],
                                                                complete=True, stolen=True)],
                      influence=[Material.RUBBLE])
    state = table(ann, ben(influence=[Material.CONCRETE]))
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Demolish("Ann", "Tower"))
    assert state.players[0].influence == [Material.RUBBLE] and state.players[1].influence == [Material.CONCRETE]
    assert sorted(state.players[0].stockpile) == ["Bridge", "Wall"]


def test_a_prison_torn_down_after_its_theft_has_no_site_to_return():
    """A Prison gave its Site away for what it took (B-PRISON-2): torn down, it takes nobody's
    Site back to town (G-WATCHPOST-1, AMB-31)."""
    ann = PlayerState("Ann", hand=["Dock"], buildings=[done("Watch Post", Material.RUBBLE, "Road"),
                                                       done("Prison", Material.STONE, "Villa", "Sewer", "Garden")],
                      influence=[Material.RUBBLE])
    state = table(ann, ben(influence=[Material.STONE]))
    game = Game(state)
    game.push(Lead("Ann", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "jack"))
    game.push(Demolish("Ann", "Prison"))
    assert state.players[0].influence == [Material.RUBBLE] and state.players[1].influence == [Material.STONE]
    assert state.sites_in_town[Material.STONE] == 2 and "Prison" in state.players[0].hand


# -- Triclinium -----------------------------------------------------------------------------


def test_triclinium_vaults_a_client_that_acted_and_keeps_the_actions_left():
    """'whenever one of your Clients acts you may put it into your Vault after that action
    completes' (G-TRICLINIUM-1): the client's action is spent, the others remain."""
    ann = PlayerState("Ann", hand=["Road"], clientele=["Bar", "Latrine"], influence=[Material.STONE],
                      buildings=[done("Triclinium", Material.STONE, "Villa", "Sewer", "Prison")])
    state = table(ann, ben(), pool=["Insula", "Bar", "Road"])
    game = Game(state)
    game.push(Lead("Ann", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "jack"))
    assert rules.action_count(state, 0) == 3
    game.push(Gather("Ann", "Insula"))
    assert state.steps == [Retire("Triclinium", 0, ("Bar", "Latrine"), 1)]
    with pytest.raises(IllegalDecisionError, match="has not just acted"):
        game.push(Sell("Ann", "Temple", Zone.CLIENTELE))
    game.push(Sell("Ann", "Bar", Zone.CLIENTELE))
    assert state.players[0].vault == ["Bar"] and state.players[0].clientele == ["Latrine"]
    assert rules.action_count(state, 0) - state.actions_used == 2  # the lead's and the Latrine's


def test_triclinium_needs_a_lead_or_a_follow_and_room_in_the_vault():
    """'If you are leading or following' (G-TRICLINIUM-1), and a vault limit (R-VAULT-2)."""
    ann = PlayerState("Ann", hand=["Road"], clientele=["Bar"], vault=["Dock", "Dock", "Dock"],
                      buildings=[done("Triclinium", Material.STONE, "Villa", "Sewer", "Prison")],
                      influence=[Material.STONE])
    state = table(ann, ben(), pool=["Insula", "Bar"])
    assert rules.vault_limit(state, 0) == 5
    game = Game(state)
    game.push(Lead("Ann", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "jack"))
    game.push(Gather("Ann", "Insula"))
    assert state.steps == [Retire("Triclinium", 0, ("Bar",), 1)]
    state.players[0].vault += ["Market", "Market"]  # full now
    game.push(Pass("Ann"))
    game.push(Gather("Ann", "Bar"))
    assert state.steps == []


# -- Plebian Council ------------------------------------------------------------------------


@pytest.mark.parametrize("mine, theirs, legionaries, wins", [
    (3, 2, 4, True), (3, 3, 4, False), (3, 2, 5, False), (2, 3, 0, False)])
def test_plebian_council_needs_both_conditions(mine, theirs, legionaries, wins):
    """'1 The total number of Laborer Clients held by all players is strictly higher than the
    total number of Legionary Clients held by all players. 2 You personally have strictly more
    Laborer Clients than any other single player' (G-PLEBIANCOUNCIL-1)."""
    ann = PlayerState("Ann", hand=["Temple"], clientele=["Road"] * mine,
                      buildings=[done("Plebian Council", Material.BRICK, "Gate", "Shrine"),
                                 done("Aqueduct", Material.CONCRETE, "Wall", "Tower")],
                      influence=[Material.BRICK, Material.CONCRETE])
    bob = PlayerState("Ben", hand=["Latrine"], clientele=["Bar"] * theirs + ["Academy"] * legionaries,
                      buildings=[done("Aqueduct", Material.CONCRETE, "Wall", "Tower")], influence=[Material.MARBLE])
    state = table(ann, bob)
    assert (state.over and state.winner == "Ann") is wins


def test_cards_turned_up_from_an_unseen_deck_are_named_not_offered_as_unseen():
    """With the deck's cards unseen (engine.unseen), what a card turned up may become is said
    by naming it: no foundation or material is offered for a '?' (G-BACCHANALIA-1, B-FOUNTAIN-1)."""
    from gtr_replay.engine import unseen

    state = bacchanalia(list(DECK))
    state.players[0].buildings.append(Building("Road", Material.RUBBLE))
    unseen.hide(state)
    game = Game(state)
    game.push(Add("Ann", "Temple", "Bacchanalia"))
    assert state.turned_up == [unseen.UNSEEN] * 5  # turned up, as yet unnamed by the record
    offered = game.legal()
    assert offered and not any(type(d) in (Lay, Add) for d in offered)  # only '?' turned up
    # the engine's own refusal (a push answers a '?' shown to the table in a record's words)
    error = game.check(Add("Ann", unseen.UNSEEN, "Road", Zone.DECK), passing_over=False)
    assert isinstance(error, IllegalDecisionError) and "names no card" in str(error)
