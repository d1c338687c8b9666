"""The engine's shortcuts agree with the long way round, at every state where the engine
looks for a forced decision, in every example record and in self-play games of every
ruleset: a handler's ``none_legal`` is never true while one of its candidates is legal, a
give is accepted exactly when it is one of the listed options (R-LEG-3), and the decision
the replayer expects next never changes what is forced.

These checks wrap the engine's search for forced decisions, which compiled engine code calls
directly: with a compiled engine they run again in a fresh process that reads the engine from
its sources (``gtr_replay._native``), where the wrapper takes effect."""

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import notation
import pytest

from gtr_replay import _native
from gtr_replay.engine import apply, core, new_game
from gtr_replay.game import GameState
from gtr_replay.engine.core import pending
from gtr_replay.engine.expected import Expected
from gtr_replay.engine.handlers.base import HANDLERS, multisets
from gtr_replay.engine.handlers.legionary import _one_of_options, give_options, giving_from
from gtr_replay.game.state import Phase as StatePhase
from gtr_replay.replay import replayer as replayer_module
from gtr_replay.replay.replayer import Replayer
from gtr_replay.selfplay import selfplay
from gtr_replay.vocabulary import card_vocabulary

EXAMPLES = sorted((Path(__file__).parents[2] / "examples").rglob("*.gtr"))

COMPILED = _native.STATE == "compiled"
from_source = pytest.mark.skipif(COMPILED, reason="the engine is compiled: "
                                 "test_the_shortcut_checks_pass_with_the_engine_read_from_source runs this")


def _check_state(state: GameState) -> str | None:
    """Check the shortcuts in ``state``; returns 'none-legal' when a handler's was taken."""
    prompt = pending(state)
    if prompt is None:
        return None
    taken = None
    for kind in prompt.decisions:
        handler = HANDLERS[kind]
        if handler.none_legal(state, prompt.index):
            legal = [c for c in handler.candidates(state, prompt.index)
                     if handler.problem(state, prompt.index, c) is None]
            assert not legal, f"{type(handler).__name__}.none_legal is true, yet {legal[0]} is legal"
            taken = "none-legal"
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


@pytest.fixture
def checked(monkeypatch):
    """Every state the engine searches for a forced decision is checked first."""
    search = core.forced_decision
    seen = []

    def checking(state, expected=None):
        seen.append(_check_state(state) or state.phase)
        found = search(state)
        if expected is not None:
            assert search(state, expected) == found, f"{expected.read(state)} changes the forced decision {found}"
        return found

    monkeypatch.setattr(core, "forced_decision", checking)
    return seen


@from_source
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_shortcuts_agree_on_every_example(path, checked):
    for record in notation.parse(path.read_text(encoding="utf-8"), vocabulary=card_vocabulary()):
        for _ in Replayer(record, lenient=True, keep_states=False).run():
            pass
    assert checked


def _replayed(text: str) -> list[tuple]:
    found = []
    for record in notation.parse(text, vocabulary=card_vocabulary()):
        replayer = Replayer(record, lenient=True)
        found += [(s.decision, s.events, s.made, s.state_dict, s.diagnostic) for s in replayer.run()]
        found += [replayer.diagnostics, replayer.warnings]
    return found


class _Unread(Expected):
    def __init__(self, statement):
        super().__init__()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_replay_expecting_nothing_gives_the_same_snapshots(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    expecting = _replayed(text)
    monkeypatch.setattr(replayer_module, "_Next", _Unread)
    assert _replayed(text) == expecting


@from_source
@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
def test_shortcuts_agree_in_self_play(ruleset, checked):
    games = [g for players in (2, 3, 4, 5) for g in selfplay(ruleset, players, seed="shortcuts", games=2)]
    checked.clear()
    for game in games:
        state, _ = new_game(game.ruleset, game.players, seed=game.deck_seed, rulings=game.rulings)
        for decision in game.decisions:
            apply(state, decision)
    assert StatePhase.GIVE in checked and "none-legal" in checked


@pytest.mark.skipif(not COMPILED, reason="the engine runs from source: the checks above ran here")
def test_the_shortcut_checks_pass_with_the_engine_read_from_source():
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__],
                         env={**os.environ, _native.PURE_ENV: "1"}, capture_output=True, text=True,
                         cwd=Path(__file__).parents[2], timeout=600)
    assert run.returncode == 0, run.stdout[-4000:]
    assert " passed" in run.stdout and "skipped" in run.stdout  # this test itself, skipped there
