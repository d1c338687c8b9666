"""The Merchant: stockpile material into the vault, within the vault limit (R-MER-1, R-VAULT-2, B-MARKET-1)."""

from gtr_replay.engine import Game
from gtr_replay.game import Building, Lead, PlayerState, Sell, Think
from gtr_replay.engine.rules import vault_limit
from gtr_replay.enums import Material, Role

NO_MERCHANT = ["Road", "Dock", "Bath", "Tower", "Temple"]


def test_merchant_moves_stockpile_material_to_the_vault_R_MER_1(position, play):
    state = position(PlayerState("Ann", hand=["Villa"], stockpile=["Temple", "Road"]),
                     PlayerState("Bob", hand=NO_MERCHANT))
    game = Game(state)
    play(game, Lead("Ann", Role.MERCHANT, ("Villa",)), Think("Bob", "draw"))
    assert game.legal()[:2] == [Sell("Ann", "Road"), Sell("Ann", "Temple")]
    play(game, Sell("Ann", "Temple"))
    assert state.players[0].vault == ["Temple"] and state.players[0].stockpile == ["Road"]


def test_vault_limit_is_influence_R_VAULT_2(position, play):
    """Influence 2: two cards already in the vault, so the Merchant action has nothing to do."""
    state = position(PlayerState("Ann", hand=["Villa"], stockpile=["Temple"], vault=["Road", "Dock"]),
                     PlayerState("Bob", hand=NO_MERCHANT))
    game = Game(state)
    assert vault_limit(state, 0) == 2
    events = play(game, Lead("Ann", Role.MERCHANT, ("Villa",)), Think("Bob", "draw"))
    assert state.players[0].vault == ["Road", "Dock"] and state.leader == 1
    assert any(e.kind == "auto" and e.player == "Ann" for e in events)


def test_market_adds_two_to_the_vault_limit_B_MARKET_1_R_VAULT_2(position, play):
    market = Building("Market", Material.WOOD, ["Dock"], complete=True)
    state = position(PlayerState("Ann", hand=["Villa"], stockpile=["Temple"], vault=["Road"] * 3,
                                 buildings=[market], influence=[Material.WOOD]),
                     PlayerState("Bob", hand=NO_MERCHANT))
    game = Game(state)
    assert vault_limit(state, 0) == 3 + 2
    play(game, Lead("Ann", Role.MERCHANT, ("Villa",)), Think("Bob", "draw"), Sell("Ann", "Temple"))
    assert len(state.players[0].vault) == 4


def test_an_incomplete_market_adds_nothing_R_BUILD_10(position):
    state = position(PlayerState("Ann", buildings=[Building("Market", Material.WOOD)]), PlayerState("Bob"))
    assert vault_limit(state, 0) == 2
