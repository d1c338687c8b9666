"""The engine's shortcuts agree with the long way round, at every point of every example
record and of self-play games of every ruleset: a handler's ``legal`` yields exactly the
candidates its ``problem`` accepts, in their order (where it builds them legal without asking),
and its ``sample`` counts and builds the same (``Game.random_legal``),
its ``none_legal`` is never true while one of its candidates is legal, and a give is accepted
exactly when it is one of the listed options (R-LEG-3)."""

from collections import Counter
from itertools import combinations
from pathlib import Path

import notation
import pytest

from gtr_replay.engine import Game
from gtr_replay.engine.core import pending
from gtr_replay.engine.handlers.base import HANDLERS, multisets
from gtr_replay.engine.handlers.legionary import _one_of_options, give_options, giving_from
from gtr_replay.game import GameState
from gtr_replay.game.decisions import Surrender
from gtr_replay.game.state import Phase as StatePhase
from gtr_replay.replay.replayer import Replayer
from gtr_replay.play.selfplay import selfplay
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import LiveState, Refusal

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").rglob("*.gtr"))

def _check_state(state: GameState) -> str | None:
    """Check the shortcuts in ``state``; returns 'none-legal' when a handler's was taken."""
    prompt = pending(state)
    if prompt is None:
        return None
    taken = None
    for kind in (*prompt.decisions, Surrender):
        handler = HANDLERS[kind]
        legal = handler.filtered(state, prompt.index)
        if handler.none_legal(state, prompt.index):
            assert not legal, f"{type(handler).__name__}.none_legal is true, yet {legal[0]} is legal"
            taken = "none-legal"
        else:
            assert list(handler.legal(state, prompt.index)) == legal, type(handler).__name__
            count, build = handler.sample(state, prompt.index)
            assert [build(k) for k in range(count)] == legal, f"{type(handler).__name__}.sample"
    if state.phase is StatePhase.GIVE and not state.steps:
        victim = state.legionary.victims[0]
        zone = giving_from(state, victim)
        held = getattr(state.players[victim], zone.value)
        options = set(give_options(state, victim))
        counts = Counter(held)
        for k in range(min(len(held), 4) + 1):
            for cards in multisets(counts, k):
                assert _one_of_options(state, victim, zone, cards) == (cards in options), cards
    return taken


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_shortcuts_agree_on_every_example(path):
    seen = []
    for record in notation.parse(path.read_text(encoding="utf-8"), vocabulary=card_vocabulary()):
        for snapshot in Replayer(record, LiveState(Refusal.END_LINE)).run():
            if snapshot.live is not None:
                seen.append(_check_state(snapshot.live) or snapshot.live.phase)
    assert seen


@pytest.mark.parametrize("ruleset, expansion", [("classic", None), ("republic", None), ("imperium", None),
                                                ("republic", "geek"), ("imperium", "geek")])
def test_shortcuts_agree_in_self_play(ruleset, expansion):
    games = [g for players in (2, 3, 4, 5)
             for g in selfplay(ruleset, players, seed="shortcuts", games=2, expansion=expansion)]
    seen = []
    for game in games:
        table = Game.new(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings,
                         expansion=game.expansions)
        for decision in game.decisions:
            table.push(decision)
            seen.append(_check_state(table.state) or table.state.phase)
    assert StatePhase.GIVE in seen and "none-legal" in seen


@pytest.mark.parametrize("counts", [{}, {"Wall": 3}, {"Road": 2, "Wall": 1, "Inn": 1}, {"Road": 1, "Wall": 1, "Inn": 1,
                                    "Gate": 1, "Bath": 1}, {"Road": 2, "Wall": 2, "Inn": 0, "Bath": 3}])
def test_multisets_are_every_choice_once_each_sorted(counts):
    """``multisets`` gives each way to choose k cards once, as a sorted tuple, with no more copies
    of a card than the zone holds, counted the long way: every k-combination of the cards laid
    out one copy at a time."""
    laid_out = [name for name, copies in counts.items() for _ in range(copies)]
    for k in range(len(laid_out) + 2):
        found = list(multisets(counts, k))
        assert len(found) == len(set(found))
        assert all(list(choice) == sorted(choice) for choice in found)
        assert set(found) == {tuple(sorted(c)) for c in combinations(laid_out, k)}
