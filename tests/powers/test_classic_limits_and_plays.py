"""Classic powers of their own that change a limit, a Site, a source or a play: the Basilica,
Scriptorium, Storeroom, Atrium and Circus Maximus (BC-BASILICA-1, BC-SCRIPTORIUM-1,
BC-STOREROOM-1, BC-ATRIUM-1, BC-CIRCUSMAXIMUS-1). Each test quotes 001's Appendix."""

from itertools import combinations

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Follow, Gather, Lay, Lead, Pass, Sell, Think
from gtr_replay.game.decisions import Steal
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import Actions, AlsoFrom
from gtr_replay.enums import JACK, Material, Role, Ruleset, Zone
from gtr_replay.errors import RulesError
from gtr_replay.powers import power_for
from tests.powers.test_client_powers import table

CLASSIC = Ruleset.CLASSIC


def done(name, site):
    return Building(name, site, complete=True)


@pytest.mark.parametrize("name", ["Basilica", "Scriptorium", "Storeroom", "Atrium", "Circus Maximus", "Foundry"])
def test_the_classic_text_is_a_class_of_its_own(name):
    """The two editions print other functions under these names: two classes."""
    assert power_for(CLASSIC, name) is not power_for(Ruleset.REPUBLIC, name)
    assert power_for(CLASSIC, name).rule_ids[0].startswith("BC-")


def test_classic_basilica_doubles_the_vault_after_the_market():
    """001 Basilica: "Your maximum Vault size is doubled. This is on top of the maximum Vault
    size increase you get from gaining three Influence for finishing the Basilica." With a
    Market: (2 + 1 + 3 + 2) x 2 (BC-BASILICA-1, BC-MARKET-1, R-VAULT-2)."""
    you = PlayerState("You", hand=["Dock", "Palace"], influence=[Material.WOOD],
                      buildings=[done("Market", Material.WOOD), Building("Basilica", Material.MARBLE, ["Temple", "Statue"])])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    assert rules.vault_limit(state, 0) == 5
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Palace", "Basilica"))
    assert rules.influence(state, 0) == 6 and rules.vault_limit(state, 0) == (6 + 2) * 2
    assert rules.clientele_limit(state, 0) == 6  # the clientele is not doubled


def test_classic_scriptorium_lays_any_foundation_on_any_site():
    """001 Scriptorium: "You may lay any foundation on any available Site. Any structure on a
    Site of a different material may be completed using material matching either the Site or
    the foundation ... The structure requires a number of material matching the value of the
    foundation to complete. A structure built on a Site of a different material is worth the
    Influence listed on the Site card when it is complete." (BC-SCRIPTORIUM-1)"""
    you = PlayerState("You", hand=["Wall", "Shrine", "Dock", "Gate"], buildings=[done("Scriptorium", Material.MARBLE)],
                      clientele=["Palisade"])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    assert rules.site_materials(state, 0, "Shrine") == frozenset(Material)
    wood = state.sites_in_town[Material.WOOD]
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Lay("You", "Shrine", Material.WOOD))
    assert state.sites_in_town[Material.WOOD] == wood - 1
    shrine = state.players[0].building("Shrine")
    assert rules.material_fits(state, 0, shrine, "Dock")  # Wood, the Site's
    assert rules.material_fits(state, 0, shrine, "Gate")  # Brick, the foundation's
    assert not rules.material_fits(state, 0, shrine, "Wall")  # Concrete, neither
    assert rules.materials_needed(state, 0, shrine) == 2  # the Shrine's value, not the Wood Site's
    game.push(Add("You", "Gate", "Shrine"))
    assert not shrine.complete


def test_a_stolen_scriptorium_leaves_the_foundations_it_placed_completable():
    """001 Scriptorium: "... even if the Scriptorium is stolen by an opponent building a
    Prison"; the Site's influence: "worth the Influence listed on the Site card" (BC-SCRIPTORIUM-1,
    BC-PRISON-1)."""
    ben = PlayerState("Ben", hand=["Market", "Villa"], buildings=[Building("Prison", Material.STONE, ["Sewer", "Garden"])])
    you = PlayerState("You", hand=["Dock", "Market"], buildings=[done("Scriptorium", Material.MARBLE),
                                                                 Building("Shrine", Material.WOOD, ["Palisade"])])
    state = table(ben, you, ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("Ben", Role.CRAFTSMAN, ("Market",)))
    game.push(Follow("You", ("Dock",)))
    added = game.push(Add("Ben", "Villa", "Prison"))
    assert [step.decision for step in added.forced] == [Steal("Ben", "You", "Scriptorium")]  # the only one to take
    game.push(Add("You", "Market", "Shrine"))  # a Wood material, the Site's, without the Scriptorium
    you = state.players[1]
    assert you.building("Shrine").complete and you.influence == [Material.WOOD]
    assert rules.influence(state, 1) == 3


def test_classic_storeroom_gives_laborer_actions_on_completion():
    """001 Storeroom: "When you complete a Storeroom, at this time once only, you may execute a
    Laborer role for each point of Influence you have, including from finishing the
    Storeroom." (BC-STOREROOM-1)"""
    you = PlayerState("You", hand=["Dock", "Wall"], buildings=[Building("Storeroom", Material.CONCRETE, ["Tower"])])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC,
                  pool=["Bath", "Bath", "Temple"])
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Think("Ben", "refill"))
    game.push(Add("You", "Wall", "Storeroom"))
    assert state.steps == [Actions("Storeroom", 0, Role.LABORER, 4)]
    game.push(Gather("You", "Bath"))
    game.push(Gather("You", "Temple"))
    assert state.steps == [Actions("Storeroom", 0, Role.LABORER, 2)]
    assert "client_roles" not in power_for(CLASSIC, "Storeroom").hooks()  # not the Black Box card


def test_classic_atrium_sells_from_the_hand():
    """001 Atrium: "When executing Merchant role, you may take an Orders cards from your hand
    instead of your Stockpile and place it in your Vault without showing other players. If you
    execute more than one role in a turn you may take from either or both" (BC-ATRIUM-1)."""
    you = PlayerState("You", hand=[JACK, "Villa", "Road"], stockpile=["Garden"], clientele=["Prison"],
                      buildings=[done("Atrium", Material.BRICK)])
    state = table(you, PlayerState("Ben", hand=["Road"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.MERCHANT, (JACK,)))
    game.push(Think("Ben", "refill"))
    assert Sell("You", "Villa", Zone.HAND) in game.legal()
    assert not any(isinstance(d, Sell) and d.source is Zone.DECK for d in game.legal())
    game.push(Sell("You", "Villa", Zone.HAND))
    assert state.steps == []  # instead of, not besides, the stockpile's card
    game.push(Sell("You", "Garden"))
    assert state.players[0].vault == ["Villa", "Garden"] and state.players[0].hand == ["Road"]


def test_classic_circus_maximus_leads_any_card_as_a_jack():
    """001 Circus Maximus: "You may play any card as a Jack when you are leader." Example: "As
    your lead you place the Legionary card on your Camp and say 'I am leading as a Merchant.'"
    A Jack never leads Thinker, and following is not leading (BC-CIRCUSMAXIMUS-1, R-JACK-1, AMB-38)."""
    you = PlayerState("You", hand=["Academy", JACK], stockpile=["Wall"], buildings=[done("Circus Maximus", Material.STONE)])
    ben = PlayerState("Ben", hand=["Villa", "Road"], buildings=[done("Circus Maximus", Material.STONE)])
    state = table(you, ben, ruleset=CLASSIC)
    game = Game(state)
    assert Lead("You", Role.MERCHANT, ("Academy",)) in game.legal()
    with pytest.raises(RulesError):
        game.push(Lead("You", "Thinker", ("Academy",)))
    game.push(Lead("You", Role.MERCHANT, ("Academy",)))
    with pytest.raises(RulesError, match="not Merchant"):
        game.push(Follow("Ben", ("Road",)))  # his Circus Maximus: he is not the leader
    game.push(Follow("Ben", ("Villa",)))
    assert rules.action_count(state, 0) == 1
    game.push(Sell("You", "Wall"))
    assert state.players[0].vault == ["Wall"] and state.players[0].hand == [JACK]


@pytest.mark.parametrize("powers", [("Palace", "Circus Maximus"), ("Palace", "Circus", "Circus Maximus"),
                                    ("Palace",), ("Circus Maximus",)])
def test_every_lead_a_classic_play_power_accepts_is_listed(powers):
    """001 Palace: "You may lead or follow with many cards of the same role including Jacks and
    execute one role for each card played"; Circus Maximus: "You may play any card as a Jack
    when you are leader" (BC-PALACE-1, BC-CIRCUSMAXIMUS-1). Together the leader may lead a
    Temple, a Road and a Jack as three Merchants. The legal list and the check agree on every
    lead the hand could make, each set of cards as each role."""
    sites = {"Palace": Material.MARBLE, "Circus": Material.WOOD, "Circus Maximus": Material.STONE}
    hand = ["Temple", "Road", "Insula", JACK]
    you = PlayerState("You", hand=list(hand), buildings=[done(p, sites[p]) for p in powers])
    game = Game(table(you, PlayerState("Ben", hand=["Villa"]), ruleset=CLASSIC))
    listed = {(d.role, tuple(sorted(d.cards))) for d in game.legal() if isinstance(d, Lead)}
    accepted = {(role, cards) for n in range(1, len(hand) + 1) for cards in set(combinations(sorted(hand), n))
                for role in Role if game.check(Lead("You", role, cards)) is None}
    assert listed == accepted
    assert ((Role.MERCHANT, ("Insula", JACK, "Road", "Temple")) in accepted) is (len(powers) > 1)


def test_classic_foundry_draws_from_the_deck_before_the_pool():
    """001 Foundry: "When executing the Laborer role you may choose to take a material into
    your Stockpile from the Orders draw deck in addition to the material you get from the Pool.
    As you execute each Laborer role, you draw from the deck before taking from the Pool. You
    may take material from the deck even if there is no material in the Pool to take."
    (BC-FOUNDRY-1)"""
    you = PlayerState("You", hand=["Road"], clientele=["Bar"], buildings=[done("Foundry", Material.BRICK)])
    state = table(you, PlayerState("Ben", hand=["Dock"]), ruleset=CLASSIC, pool=["Villa", "Temple"])
    game = Game(state)
    game.push(Lead("You", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "refill"))
    state.deck[:2] = ["Statue", "Palace"]
    game = Game(state)  # the deck stacked by hand: a game from the state as it now stands
    assert Gather("You", "Statue", Zone.DECK) in game.legal()
    game.push(Gather("You", "Statue", Zone.DECK))
    assert state.steps == [AlsoFrom("Foundry", 0, Role.LABORER, Zone.POOL)]
    game.push(Gather("You", "Temple"))
    game.push(Gather("You", "Villa"))  # the second action from the Pool: the deck's card is lost to it
    assert state.players[0].stockpile == ["Statue", "Temple", "Villa"] and state.turn == 2


def test_classic_foundry_draws_with_the_pool_empty():
    """ "You may take material from the deck even if there is no material in the Pool to
    take" (BC-FOUNDRY-1)."""
    you = PlayerState("You", hand=["Road"], buildings=[done("Foundry", Material.BRICK)])
    state = table(you, PlayerState("Ben", hand=["Dock"]), ruleset=CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.LABORER, ("Road",)))
    game.push(Think("Ben", "refill"))
    top = state.deck[0]
    assert set(game.legal()) == {Pass("You"), Gather("You", top, Zone.DECK)}
    game.push(Gather("You", top, Zone.DECK))
    assert state.players[0].stockpile == [top]


def test_classic_foundry_deck_card_then_the_docks_card_from_hand_in_one_action():
    """001 Dock: a Laborer action "may take a card from your hand instead of the Pool"; 001
    Foundry: the deck card comes "in addition to the material you get from the Pool", drawn
    first. The hand's card stands for the Pool's: the deck card, then one from the hand, in one
    action; not the deck card after it (BC-DOCK-2, BC-FOUNDRY-1)."""
    def laborer():
        you = PlayerState("You", hand=["Road", "Villa"], buildings=[done("Foundry", Material.BRICK),
                                                                     done("Dock", Material.WOOD)])
        game = Game(table(you, PlayerState("Ben", hand=["Dock"]), ruleset=CLASSIC, pool=["Temple"]))
        game.push(Lead("You", Role.LABORER, ("Road",)))
        game.push(Think("Ben", "refill"))
        return game, game.state

    game, state = laborer()
    top = state.deck[0]
    game.push(Gather("You", top, Zone.DECK))
    assert Gather("You", "Villa", Zone.HAND) in game.legal() and Gather("You", "Temple") in game.legal()
    game.push(Gather("You", "Villa", Zone.HAND))
    assert state.players[0].stockpile == [top, "Villa"] and state.turn == 2
    game, state = laborer()
    game.push(Gather("You", "Villa", Zone.HAND))  # the action's card: no deck card after it
    assert state.turn == 2
