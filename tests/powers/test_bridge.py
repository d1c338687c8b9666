"""The Bridge through its Appendix I example, the Wall that still stands against it, and its
ruling (B-BRIDGE-1..4, B-WALL-2, AMB-13)."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Demand, Give, Lead, TakeFromPool, Think
from gtr_replay.game.state import GameState, Phase, PlayerState
from gtr_replay.enums import Material, Role, Ruleset, Zone
from gtr_replay.errors import RulesError
from gtr_replay.data.rulings import resolve
from tests.powers.test_client_powers import done, table

MARBLE = {"Temple", "Statue", "Palace", "Forum Romanum", "Stairway"}


def four_players():
    """EX-BB-BRIDGE-1: "There are four players in the game. The player to your left owns a
    Palisade. The player to your right owns a Wall. You lead as Legionary and the other players
    do not follow. You reveal a Forum Romanum from your hand and demand Marble." """
    you = PlayerState("You", hand=["Academy", "Forum Romanum"], buildings=[done("Bridge", Material.CONCRETE)])
    left = PlayerState("Left", hand=["Statue", "Temple"], stockpile=["Palace", "Stairway"],
                       buildings=[done("Palisade", Material.WOOD)])
    across = PlayerState("Across", hand=["Temple"], stockpile=["Statue"])
    right = PlayerState("Right", hand=["Temple"], stockpile=["Statue"], buildings=[done("Wall", Material.CONCRETE)])
    state = table(you, left, across, right, pool=["Temple"])
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    for name in ("Left", "Across", "Right"):
        game.push(Think(name, "jack"))
    game.push(Demand("You", ("Forum Romanum",)))
    return game


def test_bridge_demands_from_every_opponent_past_a_palisade_and_from_stockpiles_EX_BB_BRIDGE_1():
    """B-BRIDGE-1..4: "You get one Marble from the Pool, one Marble each from the hand of the
    player to your left and the player across from you, and one Marble each from the
    Stockpiles of these players, for a total of five Marble into your Stockpile." """
    game = four_players()
    state = game.state
    assert state.legionary.victims == [1, 2, 3]
    game.push(TakeFromPool("You", "Temple"))
    assert Give("Left", (), "You") not in game.legal()  # the Palisade does not protect
    game.push(Give("Left", ("Statue",), "You"))
    assert set(game.legal()) == {Give("Left", (card,), "You", Zone.STOCKPILE) for card in ("Palace", "Stairway")}
    events = game.push(Give("Left", ("Palace",), "You", Zone.STOCKPILE)).events
    # Across has one Marble in hand and one in the stockpile: both parts are forced
    assert [(e.player, e.card, e.source) for e in events if e.kind == "move"] == [
        ("Left", "Palace", Zone.STOCKPILE), ("Across", "Temple", Zone.HAND), ("Across", "Statue", Zone.STOCKPILE)]
    assert Give("Right", (), "You") in game.legal()  # "Players who own Walls are still protected"
    game.push(Give("Right", (), "You"))
    you = state.players[0]
    assert len(you.stockpile) == 5 and set(you.stockpile) <= MARBLE
    assert state.players[1].stockpile == ["Stairway"] and state.players[2].stockpile == []
    assert state.players[3].stockpile == ["Statue"] and state.legionary is None


def test_stockpile_part_comes_after_the_hand_and_says_so():
    """B-BRIDGE-3: the hand's card first, then the stockpile's; each refused with its rule."""
    game = four_players()
    game.push(TakeFromPool("You", "Temple"))
    with pytest.raises(RulesError, match="answers from the hand first"):
        game.push(Give("Left", ("Palace",), "You", Zone.STOCKPILE))
    game.push(Give("Left", ("Statue",), "You"))
    with pytest.raises(RulesError, match="now gives from the stockpile"):
        game.push(Give("Left", ("Palace",), "You"))


def test_without_a_bridge_a_palisade_protects_and_only_neighbours_give():
    """R-LEG-3, B-PALISADE-1: the same table with no Bridge: Across is no victim, the
    Palisade lets Left refuse, and no stockpile is touched."""
    assert four_players().state.legionary is not None
    plain = table(PlayerState("You", hand=["Academy", "Forum Romanum"]),
                  PlayerState("Left", hand=["Statue"], stockpile=["Palace"], buildings=[done("Palisade", Material.WOOD)]),
                  PlayerState("Across", hand=["Temple"]), PlayerState("Right", hand=["Temple"]))
    game = Game(plain)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    for name in ("Left", "Across", "Right"):
        game.push(Think(name, "jack"))
    game.push(Demand("You", ("Forum Romanum",)))
    assert plain.legionary.victims == [1, 3] and not plain.legionary.stockpile
    assert Give("Left", (), "You") in game.legal()
    game.push(Give("Left", (), "You"))
    assert plain.players[1].stockpile == ["Palace"] and plain.players[2].hand.count("Temple") == 1


def test_wall_beats_bridge_EX_BB_WALL_2():
    """B-WALL-2, B-BRIDGE-4: a Wall owner need not give, from hand or stockpile, whoever demands."""
    you = PlayerState("You", hand=["Academy", "Temple"], buildings=[done("Bridge", Material.CONCRETE)])
    opp = PlayerState("Opp", hand=["Statue"], stockpile=["Palace"], buildings=[done("Wall", Material.CONCRETE)])
    state = table(you, opp)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Think("Opp", "jack"))
    game.push(Demand("You", ("Temple",)))
    game.push(Give("Opp", (), "You"))
    assert state.players[1].hand.count("Statue") == 1 and state.players[1].stockpile == ["Palace"]
    assert state.phase is not Phase.GIVE


def test_two_players_give_from_the_stockpile_under_the_default_AMB_13():
    """AMB-13 default ``every-count``: the stockpile sentence stands alone, so it applies with
    two players as well (the option ``four-or-five`` is tested with the rulings)."""
    you = PlayerState("You", hand=["Academy", "Temple"], buildings=[done("Bridge", Material.CONCRETE)])
    state = table(you, PlayerState("Opp", hand=["Statue"], stockpile=["Palace"]))
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Think("Opp", "jack"))
    game.push(Demand("You", ("Temple",)))  # both parts are forced: one Marble in each place
    assert sorted(state.players[0].stockpile) == ["Palace", "Statue"]


def test_the_black_box_bridge_is_not_the_classic_one():
    """The classic Bridge has its own text, without the stockpile (BC-BRIDGE-2): another class."""
    state = GameState(Ruleset.CLASSIC, [PlayerState("A"), PlayerState("B")], resolve())
    from gtr_replay.engine import rules
    classic = rules.power_of(state, "Bridge")
    assert classic is not None and "BC-BRIDGE-2" in classic.rule_ids and "B-BRIDGE-3" not in classic.rule_ids


def test_a_wall_owner_who_gives_anyway_gives_as_any_victim():
    """B-WALL-2, 000 Appendix I, Wall: "You may still choose to give up cards if you wish";
    B-BRIDGE-3: "As well as giving you a matching Material from their hands, your opponents
    must give you a matching Material from their Stockpile." Ben, owning a Wall, gives the
    Marble from his hand, then the one from his stockpile."""
    from tests.fidelity_helpers import replay_file
    replayer, snaps = replay_file("wall-gives-anyway.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert sorted(final.player("Ann").stockpile) == ["Palace", "Statue"]
    assert final.player("Ben").stockpile == []


def test_a_wall_owner_who_gives_from_the_hand_may_still_keep_the_stockpile_card():
    """B-WALL-2: the Wall still protects the stockpile part: after giving from the hand, Ben
    may say 'Glory to Rome' for the stockpile; one who refuses the hand's part has refused
    the demand (EX-BB-WALL-2, above)."""
    you = PlayerState("You", hand=["Academy", "Temple"], buildings=[done("Bridge", Material.CONCRETE)])
    opp = PlayerState("Opp", hand=["Statue"], stockpile=["Palace"], buildings=[done("Wall", Material.CONCRETE)])
    state = table(you, opp)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Think("Opp", "jack"))
    game.push(Demand("You", ("Temple",)))
    game.push(Give("Opp", ("Statue",), "You"))
    assert set(game.legal()) == {Give("Opp", ("Palace",), "You", Zone.STOCKPILE), Give("Opp", (), "You")}
    game.push(Give("Opp", (), "You"))  # Glory to Rome
    assert state.players[1].stockpile == ["Palace"] and state.legionary is None


def test_a_wall_owner_with_nothing_in_hand_is_still_asked_for_the_stockpile():
    """B-WALL-2, B-BRIDGE-3: with no Marble in hand Ben gives nothing from it (the engine
    answers for him), then chooses, as any victim gives, whether to give his stockpile's."""
    you = PlayerState("You", hand=["Academy", "Temple"], buildings=[done("Bridge", Material.CONCRETE)])
    opp = PlayerState("Opp", hand=["Road"], stockpile=["Palace"], buildings=[done("Wall", Material.CONCRETE)])
    state = table(you, opp)
    game = Game(state)
    game.push(Lead("You", Role.LEGIONARY, ("Academy",)))
    game.push(Think("Opp", "jack"))
    game.push(Demand("You", ("Temple",)))
    assert set(game.legal()) == {Give("Opp", ("Palace",), "You", Zone.STOCKPILE), Give("Opp", (), "You")}
    game.push(Give("Opp", ("Palace",), "You", Zone.STOCKPILE))
    assert state.players[0].stockpile == ["Palace"] and state.legionary is None
