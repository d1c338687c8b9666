"""The spoils of a demand: the Colosseum's slain clients (B-COLOSSEUM-1..4, AMB-11) and the
Domus Aurea's torn-down foundations (B-DOMUSAUREA-1, CONFLICT-BB-1, AMB-20)."""

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Demand, Follow, Lead, Pass, TakeFromPool, Think
from gtr_replay.game.decisions import Slay, TearDown
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import Razing, Slaying
from gtr_replay.enums import Material, Role, Ruleset
from gtr_replay.errors import RulesError
from tests.powers.test_client_powers import done, table

IMPERIUM, REPUBLIC = Ruleset.IMPERIUM, Ruleset.REPUBLIC


def colosseum(*others, hand=("Academy", "Bath"), vault=(), ruleset=IMPERIUM, **you):
    """You lead Legionary with Academy, owning a completed Colosseum (influence 5: vault 5);
    the others think; you demand with the rest of your hand."""
    me = PlayerState("You", hand=list(hand), vault=list(vault), influence=[Material.STONE],
                     buildings=[done("Colosseum", Material.STONE), *you.pop("buildings", [])], **you)
    state = table(me, *others, ruleset=ruleset)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, (hand[0],)))
    for other in others:
        game.push(Think(other.name, "jack"))
    return game


@pytest.mark.parametrize("ruleset, building", [(IMPERIUM, "Colosseum"), (Ruleset.CLASSIC, "Coliseum")])
def test_colosseum_takes_matching_clients_into_the_vault_EX_BB_COLOSSEUM_1(ruleset, building):
    """B-COLOSSEUM-1: "You take the Legionary Client and Merchant Client from the player on your
    right and take the Legionary Client from the player on your left and place them into your
    Vault"; B-COLOSSEUM-3: "The player on your left does not execute a Legionary action as his
    Legionary Client has already been slain in your Colosseum." The classic Coliseum's example
    is the same (BC-COLISEUM-1, EX-CL-COLISEUM-1: "place them into your Vault as a Stone and
    two Brick. The player on your left does not execute a Legionary role")."""
    right = PlayerState("Right", hand=["Shrine", "Statue", "Palace"], clientele=["School", "Garden"])
    you = PlayerState("You", hand=["Academy", "Bath", "Villa", "Statue"], clientele=["Gate", "Tower", "Tower", "Wall"],
                      buildings=[done(building, Material.STONE)], influence=[Material.STONE])
    left = PlayerState("Left", hand=["Sewer", "Road"], clientele=["Archway", "Bridge"])
    state = table(right, you, left, ruleset=ruleset, pool=["Temple", "Palace"])
    game = Game(state)
    game.push(Lead("Right", Role.LEGIONARY, ("Shrine",)))
    game.push(Follow("You", ("Academy",)))
    game.push(Think("Left", "jack"))
    game.push(Demand("Right", ("Statue", "Palace")))
    for card in ("Temple", "Palace"):
        game.push(TakeFromPool("Right", card))
    events = game.push(Demand("You", ("Bath", "Villa"))).events
    assert [e.card for e in events if e.kind == "step"] == [building]
    assert game.pending().kind == "slay"
    assert set(game.legal()) == {Slay("You", "Right", "School"), Slay("You", "Right", "Garden"),
                                 Slay("You", "Left", "Archway"), Pass("You")}
    for victim, card in (("Right", "School"), ("Right", "Garden"), ("Left", "Archway")):
        game.push(Slay("You", victim, card))
    right, you, left = state.players
    assert right.clientele == [] and left.clientele == ["Bridge"]
    assert you.vault == ["School", "Garden", "Archway"] and you.stockpile == ["Sewer"]
    assert state.turn == 2  # Left had no action: his Legionary client was slain
    assert sorted(state.pool) == ["Academy", "Shrine"]


def test_colosseum_takes_only_matching_clients_one_per_demanded_card():
    """B-COLOSSEUM-1: "you may take matching Client cards"; AMB-11 (A), the default: for each
    demanded card at most one matching client from each victim."""
    ben = PlayerState("Ben", hand=["Road"], clientele=["School", "Shrine", "Villa"])
    game = colosseum(ben)
    state = game.state
    game.push(Demand("You", ("Bath",)))
    assert set(game.legal()) == {Slay("You", "Ben", "School"), Slay("You", "Ben", "Shrine"),
                                 Pass("You")}
    with pytest.raises(RulesError, match="not demanded") as refused:
        game.push(Slay("You", "Ben", "Villa"))
    assert "B-COLOSSEUM-1" in refused.value.rule_ids
    game.push(Slay("You", "Ben", "Shrine"))
    assert state.players[1].clientele == ["School", "Villa"] and not state.steps  # one Brick demanded, one taken
    with pytest.raises(RulesError) as refused:  # a second is refused for the limit it meets, not the turn order alone
        game.push(Slay("You", "Ben", "School"))
    assert "You has taken every client of the demand's victims that the demand allows" in str(refused.value)
    assert refused.value.rule_ids[:3] == ("B-COLOSSEUM-1", "B-COLOSSEUM-2", "AMB-11")


def test_colosseum_needs_room_in_the_vault_and_you_choose_whom():
    """B-COLOSSEUM-2: "If you do not have room in your Vault, you may not take the cards – so
    your opponents' Clients survive. If you have room for some but not all, you choose which
    Clients are slain." """
    ben = PlayerState("Ben", hand=["Road"], clientele=["School", "Villa"])
    full = colosseum(ben, vault=["Road"] * 5, hand=("Academy", "Bath", "Villa"), clientele=["Foundry"])
    events = full.push(Demand("You", ("Bath", "Villa"))).events
    assert not any(e.kind == "step" for e in events) and full.state.players[1].clientele == ["School", "Villa"]
    room_for_one = colosseum(ben, vault=["Road"] * 4, hand=("Academy", "Bath", "Villa"), clientele=["Foundry"])
    room_for_one.push(Demand("You", ("Bath", "Villa")))
    room_for_one.push(Slay("You", "Ben", "Villa"))
    state = room_for_one.state
    assert state.players[1].clientele == ["School"] and len(state.players[0].vault) == 5
    assert not state.steps  # the vault is full: the School survives


def test_colosseum_stopped_by_palisade_and_wall_extended_by_bridge():
    """B-COLOSSEUM-4: "Palisades and Walls protect against an opponent's Colosseum. A Bridge
    expands the reach of a Colosseum." """
    walled = PlayerState("Ben", hand=["Road"], clientele=["School"], buildings=[done("Wall", Material.CONCRETE)])
    fenced = PlayerState("Cid", hand=["Road"], clientele=["Shrine"], buildings=[done("Palisade", Material.WOOD)])
    game = colosseum(walled, fenced)
    events = game.push(Demand("You", ("Bath",))).events
    assert not any(e.kind == "step" for e in events) and not game.state.steps
    # with a Bridge, four players: past the Palisade and across the table, not past the Wall
    across = PlayerState("Dee", hand=["Road"], clientele=["Gate"])
    game = colosseum(walled, across, fenced, buildings=[done("Bridge", Material.CONCRETE)])
    game.push(Demand("You", ("Bath",)))
    step = game.state.steps[-1]
    assert isinstance(step, Slaying) and step.victims == (2, 3)
    assert {d for d in game.legal() if isinstance(d, Slay)} == {
        Slay("You", "Dee", "Gate"), Slay("You", "Cid", "Shrine")}
    with pytest.raises(RulesError, match="protects") as refused:
        game.push(Slay("You", "Ben", "School"))
    assert "R-LEG-11" in refused.value.rule_ids


def test_classic_coliseum_stopped_by_palisade_not_by_wall():
    """BC-COLISEUM-1: "Palisades protect against an opponent's Coliseum"; the classic Wall
    gives no protection (BC-WALL-1)."""
    walled = PlayerState("Ben", hand=["Road"], clientele=["School"], buildings=[done("Wall", Material.CONCRETE)])
    fenced = PlayerState("Cid", hand=["Road"], clientele=["Shrine"], buildings=[done("Palisade", Material.WOOD)])
    me = PlayerState("You", hand=["Academy", "Bath"], influence=[Material.STONE],
                     buildings=[done("Coliseum", Material.STONE)])
    state = table(me, walled, fenced, ruleset=Ruleset.CLASSIC)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Think("Ben", "jack"))
    game.push(Think("Cid", "jack"))
    game.push(Demand("You", ("Bath",)))
    assert isinstance(state.steps[-1], Slaying) and state.steps[-1].victims == (1,)
    game.push(Slay("You", "Ben", "School"))
    assert state.players[0].vault == ["School"] and state.players[2].clientele == ["Shrine"]


def test_no_slaying_without_a_demand_of_ones_own():
    """B-COLOSSEUM-1: "When executing a Legionary action, in addition to your regular action"."""
    ben = PlayerState("Ben", hand=["Road"], clientele=["School"])
    game = colosseum(ben)
    with pytest.raises(RulesError):
        game.push(Slay("You", "Ben", "School"))


def domus(victim: PlayerState, *, hand=("Academy", "Bath"), demand=("Bath",), clientele=()):
    """You own a completed Domus Aurea, lead Legionary with Academy and demand: the game, and
    the demand's events."""
    me = PlayerState("You", hand=list(hand), influence=[Material.STONE], clientele=list(clientele),
                     buildings=[done("Domus Aurea", Material.STONE)])
    state = table(me, victim)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, (hand[0],)))
    game.push(Think(victim.name, "jack"))
    events = game.push(Demand("You", demand)).events
    return game, events


def test_domus_aurea_tears_down_an_empty_matching_foundation_EX_BB_DOMUSAUREA_1():
    """B-DOMUSAUREA-1: "you can also choose an incomplete building from each of your victims.
    The chosen building must match the demanded color and must have no Material under it. Take
    the Foundation card and put it into your Stockpile. Take the Site card and add it to your
    Influence." The example's "Foundation card into your Influence" is CONFLICT-BB-1: the Site
    goes, "adding 2 Influence to your score"."""
    opp = PlayerState("Opp", hand=["Road"], buildings=[Building("School", Material.BRICK)])
    game, events = domus(opp)
    state = game.state
    assert [e.card for e in events if e.kind == "step"] == ["Domus Aurea"]
    assert set(game.legal()) == {TearDown("You", "Opp", "School"), Pass("You")}
    game.push(TearDown("You", "Opp", "School"))
    you, opp = state.players
    assert you.stockpile == ["School"] and you.influence == [Material.STONE, Material.BRICK]
    assert opp.buildings == [] and opp.influence == []


def test_a_foundation_torn_down_stops_working_at_once():
    """A Marble foundation works as soon as it is laid beside a Gate (B-GATE-1); torn down by a
    Domus Aurea (B-DOMUSAUREA-1) it is gone, and its function with it: the Temple no longer
    raises its victim's refill size (B-TEMPLE-1)."""
    opp = PlayerState("Opp", hand=["Road"], influence=[Material.BRICK],
                      buildings=[done("Gate", Material.BRICK), Building("Temple", Material.MARBLE)])
    game, events = domus(opp, hand=("Academy", "Palace"), demand=("Palace",))
    state = game.state
    assert rules.refill_size(state, 1) == 9
    game.push(TearDown("You", "Opp", "Temple"))
    assert rules.refill_size(state, 1) == 5


def test_domus_aurea_spares_filled_complete_and_other_coloured_buildings():
    """B-DOMUSAUREA-1: "must match the demanded color and must have no Material under it"; an
    incomplete building only."""
    opp = PlayerState("Opp", hand=["Road"], buildings=[
        Building("School", Material.BRICK, ["Gate"]), done("Shrine", Material.BRICK), Building("Villa", Material.STONE)])
    game, events = domus(opp)
    assert not any(e.kind == "step" for e in events) and not game.state.steps
    opp = PlayerState("Opp", hand=["Road"], buildings=[Building("School", Material.BRICK, ["Gate"]),
                                                       Building("Archway", Material.BRICK)])
    game, _ = domus(opp, hand=("Academy", "Bath", "Shrine"), demand=("Bath", "Shrine"), clientele=("Atrium",))
    assert set(game.legal()) == {TearDown("You", "Opp", "Archway"), Pass("You")}  # the empty one alone
    with pytest.raises(RulesError, match="materials under it"):
        game.push(TearDown("You", "Opp", "School"))
    applied = game.push(TearDown("You", "Opp", "Archway"))  # a second Brick was demanded, but the School is filled:
    assert not applied.forced and not game.state.steps  # nothing is left to take, so nothing waits to be passed


def test_domus_aurea_victims_exclude_the_protected():
    """AMB-20: the victims are the players demanded from who are not immune (B-PALISADE-1)."""
    opp = PlayerState("Opp", hand=["Road"], buildings=[Building("School", Material.BRICK),
                                                       done("Palisade", Material.WOOD)])
    game, events = domus(opp)
    assert not any(e.kind == "step" for e in events) and not game.state.steps


def test_domus_aurea_one_building_per_demanded_card():
    """AMB-20, the default: one building per Legionary action, that is per demanded card."""
    opp = PlayerState("Opp", hand=["Road"], buildings=[Building("School", Material.BRICK),
                                                       Building("Archway", Material.BRICK),
                                                       Building("Gate", Material.BRICK)])
    game, _ = domus(opp, hand=("Academy", "Bath", "Shrine"), demand=("Bath", "Shrine"),
                    clientele=["Foundry"])
    state = game.state
    assert isinstance(state.steps[-1], Razing)
    game.push(TearDown("You", "Opp", "Gate"))
    game.push(TearDown("You", "Opp", "School"))
    assert [b.foundation for b in state.players[1].buildings] == ["Archway"] and not state.steps
    assert len(state.players[0].influence) == 3
    with pytest.raises(RulesError) as refused:
        game.push(TearDown("You", "Opp", "Archway"))
    assert "You has torn down every foundation of the demand's victims that the demand allows" in str(refused.value)
    assert refused.value.rule_ids[:2] == ("B-DOMUSAUREA-1", "AMB-20")
    with pytest.raises(RulesError) as refused:  # nor a pass: nothing of the spoils is left to decline
        game.push(Pass("You"))
    assert "You has torn down every foundation" in str(refused.value)
