"""Games of random legal decisions keep every card in exactly one place, every limit kept and
the state round-tripping, after every decision (R-COMP-1, R-COMP-2, R-JACK-3, R-PATRON-2, R-VAULT-2)."""

import random

import pytest

from gtr_replay.engine import Game, rules
from gtr_replay.game import Add, Follow, Lead, Pass, Sell, Think
from gtr_replay.game.decisions import Steal
from gtr_replay.engine.invariants import check_invariants, problems
from gtr_replay.game.state import Building, GameState, PlayerState
from gtr_replay.enums import Material, Role, Ruleset
from gtr_replay.data.rulings import resolve


@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_the_invariants(ruleset, players):
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    game = Game.new(ruleset, names, seed=f"invariants-{ruleset}-{players}")
    rng = random.Random(f"choices-{ruleset}-{players}")
    check_invariants(game.state)
    while not game.over:
        game.push(rng.choice(game.legal()))
        check_invariants(game.state)
    assert game.state.end_reason in ("deck", "last-site", "all-sites")
    assert game.result().winners



def test_a_limit_a_prison_lowered_keeps_what_is_over_it():
    """001§…›Prison (the Marina example): the original owner keeps a vault greater than his
    maximum, and 'may not place more materials in his Vault' until the maximum grows again;
    the invariants allow a count over a limit once a structure has been taken, never before
    (AMB-24, R-VAULT-2, BC-PRISON-1)."""
    you = PlayerState("You", hand=["Dock", "Villa"], buildings=[Building("Prison", Material.STONE, ["Sewer", "Garden"])])
    opp = PlayerState("Opp", hand=["Market", "Catacomb"], stockpile=["Road"], vault=["Bar"] * 5,
                      influence=[Material.WOOD], buildings=[Building("Market", Material.WOOD, ["Palisade"], complete=True)])
    state = GameState(Ruleset.CLASSIC, [you, opp], resolve(), deck=["Road"] * 8)
    for m in Material:
        state.sites_in_town[m] = 2
    game = Game.from_state(state)
    game.explaining = True  # the refusal below is told by the forced pass before it
    game.push(Lead("You", Role.CRAFTSMAN, ("Dock",)))
    game.push(Follow("Opp", ("Market",)))
    added = game.push(Add("You", "Villa", "Prison"))
    assert [step.decision for step in added.forced] == [Steal("You", "Opp", "Market")]  # the only one to take
    assert rules.vault_limit(state, 1) == 3 and len(state.players[1].vault) == 5
    assert not [p for p in problems(state) if "limit" in p]  # a table made by hand: only the limits
    game.push(Pass("Opp"))
    game.push(Lead("Opp", Role.MERCHANT, ("Catacomb",)))
    thought = game.push(Think("You", "refill"))
    assert [step.decision for step in thought.forced] == [Pass("Opp")]  # nothing else was legal
    assert "vault is full (its limit is 3 cards, and it holds 5)" in game.refusal(Sell("Opp", "Road"), game.check(Sell("Opp", "Road"))).message
    assert len(state.players[1].vault) == 5 and state.players[1].stockpile == ["Road"]
    state.players[0].building("Market").stolen = False  # the same vault with nothing taken: broken
    assert "Opp's vault is over the limit" in problems(state)
