"""Steps left when the game ends lapse: "the game ends immediately" (R-END-2), so no granted
step waits in the final state or its stored form."""

from gtr_replay.engine import Game
from gtr_replay.game import Add, Lay, Lead, Think
from gtr_replay.game.state import Building, GameState, PlayerState
from gtr_replay.game.steps import Actions
from gtr_replay.enums import Material, Role, Zone
from tests.powers.test_client_powers import table


def test_a_burst_cut_short_by_the_game_end_leaves_no_step():
    """000 Amphitheatre: upon completion, one Craftsman action per Influence (B-AMPHITHEATRE-1).
    The first of them lays the Road on the last in-town Site, which ends the game at once
    (R-END-1b): the Craftsman actions left lapse, and neither the state nor its stored form
    holds a step."""
    you = PlayerState("You", hand=["Market", "Wall", "Road"], influence=[Material.MARBLE],
                      buildings=[Building("Amphitheatre", Material.CONCRETE, ["Tower"])])
    state = table(you, PlayerState("Opp", hand=["Bar"]))
    for m in Material:
        state.sites_in_town[m] = 0
    state.sites_in_town[Material.RUBBLE] = 1
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Market",)))
    game.push(Think("Opp", "jack"))
    game.push(Add("You", "Wall", "Amphitheatre"))
    burst = state.steps[-1]
    assert isinstance(burst, Actions) and burst.action_role is Role.CRAFTSMAN and burst.count > 1
    game.push(Lay("You", "Road"))
    assert state.over and state.end_reason == "last-site"
    assert state.steps == [] and state.to_dict()["steps"] == []
    assert GameState.from_dict(state.to_dict()).steps == [] and game.legal() == []


def test_a_building_completed_by_the_deck_s_last_card_grants_nothing():
    """000 Fountain: a Craftsman action may use the deck's top card (B-FOUNTAIN-1). Here it is
    the last card, and it completes an Amphitheatre: the game ends as the card leaves the deck
    (AMB-01), the action completes (the building and its influence), and nothing more is done
    (R-END-2): no burst of Craftsman actions waits, and the game ends once, by the deck."""
    you = PlayerState("You", hand=["Market", "Road"], buildings=[
        Building("Fountain", Material.MARBLE, complete=True), Building("Amphitheatre", Material.CONCRETE, ["Wall"])])
    state = table(you, PlayerState("Opp", hand=["Bar"]))
    state.deck[:] = ["Tower"]
    game = Game(state)
    game.push(Lead("You", Role.CRAFTSMAN, ("Market",)))
    game.push(Think("Opp", "jack"))
    events = game.push(Add("You", "Tower", "Amphitheatre", source=Zone.DECK)).events
    assert state.player("You").building("Amphitheatre").complete and state.end_reason == "deck"
    assert state.steps == [] and [e.text for e in events if e.kind == "game-end"] == ["deck"]
