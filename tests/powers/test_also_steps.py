"""A step an action may "also" take stays open until the action is over, the steps its
completion started included (B-STAIRWAY-1, B-FOUNDRY-1, the ``also-step`` ruling)."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.game import Add, Gather, Lead, Pass, Think
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.game.steps import Actions, PublicPlacement
from gtr_replay.enums import Material, Role
from gtr_replay.errors import RulesError
from gtr_replay.data.ruling_types import Rulings
from gtr_replay.data.rulings import DEFAULTS
from tests.powers.test_client_powers import done, table

PLACE = Add("You", "Tower", "Aqueduct", owner="Opp")
"""The Stairway's placement of the Concrete the Foundry's Laborer action gathered."""


def _foundry_completed(*, stockpile=("Bath",), rulings=None):
    """You own a Stairway; an Architect action adds the Bath that completes your Foundry. Opp
    owns a completed Aqueduct (Concrete); the Pool holds one Tower (Concrete)."""
    you = PlayerState("You", hand=["Wall"], stockpile=list(stockpile),
                      buildings=[done("Stairway", Material.MARBLE), Building("Foundry", Material.BRICK, ["Academy"])])
    opp = PlayerState("Opp", hand=["Road"], buildings=[done("Aqueduct", Material.CONCRETE)])
    state = table(you, opp, pool=["Tower"])
    state.rulings = Rulings({**state.rulings, **(rulings or {})})
    game = Game(state)
    game.push(Lead("You", Role.ARCHITECT, ("Wall",)))
    game.push(Think("Opp", "jack"))
    game.push(Add("You", "Bath", "Foundry"))
    assert state.players[0].building("Foundry").complete
    return state


def test_after_the_foundrys_burst_the_stairway_placement_is_offered():
    """000 Stairway: "Each time you execute an Architect action you may also choose to move an
    appropriate Material into any opponent's completed Structure". 000 Foundry: "When you
    complete a Foundry, at this time once only, you may perform one Laborer action for each
    point of Influence". The Architect action is not over until its Foundry's Laborer actions
    are: with nothing to place before them (the placement passes by itself), the Tower they
    gather may go into Opp's Aqueduct after them."""
    state = _foundry_completed()
    assert isinstance(state.steps[-1], Actions) and state.steps[-1].action_role is Role.LABORER
    game = Game(state)
    game.push(Gather("You", "Tower"))
    assert state.turn == 1 and isinstance(state.steps[-1], PublicPlacement), state.steps
    assert PLACE in game.legal()
    game.push(PLACE)
    assert state.players[1].building("Aqueduct").materials == ["Tower"] and (1, "Aqueduct") in state.public
    assert state.turn == 2 and not state.steps
    assert DEFAULTS["also-step"] == "after-burst-too"


def test_the_placement_is_offered_before_the_burst_too_and_once_only():
    """Before the burst the placement may be made at once (a Concrete already in the
    stockpile); made then, it is not offered again after the burst: one placement per
    Architect action."""
    state = _foundry_completed(stockpile=("Bath", "Wall"))
    assert isinstance(state.steps[-1], PublicPlacement)
    game = Game(state)
    game.push(Add("You", "Wall", "Aqueduct", owner="Opp"))
    game.push(Gather("You", "Tower"))
    assert state.turn == 2 and not state.steps  # the Tower stays in the stockpile
    assert state.players[0].stockpile == ["Tower"]


def test_a_placement_declined_before_the_burst_is_offered_after_it():
    """Passing the placement while the Foundry's actions wait leaves it for after them: the
    action is still going on."""
    state = _foundry_completed(stockpile=("Bath", "Wall"))
    game = Game(state)
    game.push(Pass("You"))
    assert isinstance(state.steps[-1], Actions)
    game.push(Gather("You", "Tower"))
    assert isinstance(state.steps[-1], PublicPlacement) and PLACE in game.legal()
    game.push(Pass("You"))  # declined again, once the action is over: gone
    assert state.turn == 2 and not state.steps


def test_the_deferred_placement_round_trips_through_the_stored_state():
    """A stored state keeps the open placement: a game resumed from it offers it after the burst."""
    from gtr_replay.game.state import GameState

    state = _foundry_completed(stockpile=("Bath", "Wall"))
    assert state.steps[-1].burst == 1
    copy = GameState.from_dict(state.to_dict())
    assert copy.steps == state.steps
    resumed = Game(copy)
    resumed.push(Pass("You"))
    resumed.push(Gather("You", "Tower"))
    assert PLACE in resumed.legal()
