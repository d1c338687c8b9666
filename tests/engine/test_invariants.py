"""Games of random legal decisions keep every card in exactly one place, every limit kept and
the state round-tripping, after every decision (R-COMP-1, R-COMP-2, R-JACK-3, R-PATRON-2, R-VAULT-2)."""

import random

import pytest

from gtr_replay.engine import apply, legal_decisions, new_game
from gtr_replay.engine.invariants import check_invariants
from gtr_replay.engine.scoring import result


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
