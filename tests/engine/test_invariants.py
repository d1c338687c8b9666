"""Games of random legal decisions keep every card in exactly one place, every limit kept and
the state round-tripping, after every decision (R-COMP-1, R-COMP-2, R-JACK-3, R-PATRON-2, R-VAULT-2)."""

import random

import pytest

from gtr_replay.engine import rules
from gtr_replay.engine.core import apply, legal_decisions
from gtr_replay.engine.setup import new_game
from gtr_replay.game import Add, Follow, Lead, Pass, Sell, Think
from gtr_replay.engine.core import check, settle
from gtr_replay.game.decisions import Steal
from gtr_replay.engine.invariants import check_invariants, problems
from gtr_replay.engine.scoring import result
from gtr_replay.game.state import Building, GameState, PlayerState
from gtr_replay.enums import Material, Role, Ruleset
from gtr_replay.data.rulings import resolve


@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_the_invariants(ruleset, players):
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    state, _ = new_game(ruleset, names, seed=f"invariants-{ruleset}-{players}")
    rng = random.Random(f"choices-{ruleset}-{players}")
    check_invariants(state)
    while not state.over:
        apply(state, rng.choice(legal_decisions(state)))
        check_invariants(state)
    assert state.end_reason in ("deck", "last-site", "all-sites")
    assert result(state).winners



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
    settle(state)
    apply(state, Lead("You", Role.CRAFTSMAN, ("Dock",)))
    apply(state, Follow("Opp", ("Market",)))
    apply(state, Add("You", "Villa", "Prison"))
    apply(state, Steal("You", "Opp", "Market"))
    assert rules.vault_limit(state, 1) == 3 and len(state.players[1].vault) == 5
    assert not [p for p in problems(state) if "limit" in p]  # a table made by hand: only the limits
    apply(state, Pass("Opp"))
    apply(state, Lead("Opp", Role.MERCHANT, ("Catacomb",)))
    apply(state, Think("You", "refill"), forced=False)
    assert "vault is full" in check(state, Sell("Opp", "Road")).message
    apply(state, Pass("Opp"))
    assert len(state.players[1].vault) == 5 and state.players[1].stockpile == ["Road"]
    state.players[0].building("Market").stolen = False  # the same vault with nothing taken: broken
    assert "Opp's vault is over the limit" in problems(state)
