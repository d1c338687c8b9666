"""Telling ``Game.push`` the decision to come (``then``, what a replay knows from the record's next
statement) changes no outcome: the same state, events and forced steps as a push told nothing,
and the decision to come is accepted or refused the same afterwards (asked first whether it
is legal, or not), whether it is the one
played next, a pass of the player the game then waits for (legal or not: a matching card in
the Pool must be taken, R-LEG-2), or a pass of another player. Only the state a forced step
was made in (``before``) may be left out, where the decision to come cannot ask for it."""

import pytest

from gtr_replay.engine import Game
from gtr_replay.errors import RulesError
from gtr_replay.game.decisions import Decision, Pass
from gtr_replay.play.selfplay import selfplay


def _pushed(game: Game, decision: Decision, *, asked: bool = False) -> tuple:
    """What pushing ``decision`` does: the state after it and its events and forced steps, or
    the rules it breaks. ``asked``: whether it is legal is asked first (``Game.check``)."""
    if asked:
        game.check(decision, passing_over=False)
        game.check(decision)
    try:
        applied = game.push(decision)
    except RulesError as error:
        return "refused", error.rule_ids
    return game.state.to_dict(), applied.events, [(f.decision, f.turn) for f in applied.forced]


def _candidates(after: Game, following: Decision | None) -> list[Decision]:
    """The decisions to come to tell the push: the one played next, and passes."""
    found = [] if following is None else [following]
    prompt = after.pending()
    if prompt is not None:
        others = [p.name for p in after.state.players if p.name != prompt.player]
        found += [Pass(prompt.player), Pass(others[0])]
    return found


AS_WORDED = {"legionary-pool-optional": "as-worded"}
"""AMB-12 read as worded: a Legionary must take a matching Pool card, and may not pass instead."""


@pytest.mark.parametrize("ruleset, players, expansion, rulings, games", [
    ("classic", 3, None, None, 1), ("republic", 2, None, None, 1), ("imperium", 4, None, None, 1),
    ("republic", 5, "geek", None, 1), ("classic", 4, None, AS_WORDED, 3)])
def test_the_decision_to_come_changes_no_outcome(ruleset, players, expansion, rulings, games):
    checked = refused = 0
    for played in selfplay(ruleset, players, seed="look-ahead", games=games, expansion=expansion, rulings=rulings):
        told = Game.new(played.ruleset, played.players, seed=played.deck_seed, rulings=played.rulings,
                        expansion=played.expansions)
        for n, decision in enumerate(played.decisions):
            following = played.decisions[n + 1] if n + 1 < len(played.decisions) else None
            plain = told.copy()
            plain_applied = plain.push(decision)
            for then in _candidates(plain, following):
                game = told.copy()
                applied = game.push(decision, then=then)
                assert game.state == plain.state, (n, then)
                assert applied.events == plain_applied.events, (n, then)
                assert [f.decision for f in applied.forced] == [f.decision for f in plain_applied.forced], (n, then)
                outcome = _pushed(game, then, asked=True)
                assert outcome == _pushed(plain.copy(), then), (n, then)
                refused += outcome[0] == "refused"
                checked += 1
            told.push(decision)
    assert checked > 500 and refused > 50


def test_a_game_not_explaining_plays_the_same_and_keeps_no_state():
    """A game that is not to explain refusals (``Game.explaining`` False, a program's playout)
    plays exactly as one that is; only the states its forced passes and gives were made in
    are not kept. A copy and a pickled game explain as the game they came from."""
    import pickle

    [played] = selfplay("republic", 3, seed="explaining", games=1)
    quiet = Game.new(played.ruleset, played.players, seed=played.deck_seed)
    telling = quiet.copy()
    telling.explaining = True
    kept = 0
    for decision in played.decisions:
        said, told = quiet.push(decision), telling.push(decision)
        assert quiet.state == telling.state and said.events == told.events
        assert [f.decision for f in said.forced] == [f.decision for f in told.forced]
        assert all(f.before is None for f in said.forced)
        kept += sum(f.before is not None for f in told.forced)
    assert kept, "no forced pass or give in the game: choose another seed"
    assert telling.copy().explaining and not quiet.copy().explaining
    assert pickle.loads(pickle.dumps(telling)).explaining and not pickle.loads(pickle.dumps(quiet)).explaining


def test_a_statement_passing_over_a_step_keeps_what_explains_a_refusal_after_it():
    """A statement written past an optional step declines it first (``Game.not_taken``); where
    the engine then passes for a player with nothing legal left, a later statement of that
    player that would have answered that step is refused for why nothing was legal then, as
    after any forced pass (``Game.refusal``)."""
    from itertools import islice

    from gtr_replay.engine.handlers.base import HANDLERS

    told = 0
    games = (g for ruleset in ("imperium", "republic", "classic")
             for g in selfplay(ruleset, 2, seed="passing-over", games=4))
    for played in games:
        game = Game.new(played.ruleset, played.players, seed=played.deck_seed)
        game.explaining = True
        for decision in played.decisions:
            prompt = game.pending()
            if prompt is not None and game.state.steps and Pass in prompt.decisions:
                declined = game.copy()
                passes = [f for f in declined.push(Pass(prompt.player)).forced if type(f.decision) is Pass
                          and f.decision.player != prompt.player and f.before is not None]
                after = declined.legal()
                if passes and after and game.not_taken(after[0]):
                    written = game.copy()
                    written.push(after[0])  # the optional step declined first
                    before = passes[0].before
                    asked = Game(before).pending()
                    for kind in asked.decisions:
                        for statement in islice(HANDLERS[kind].candidates(before, asked.index), 5):
                            problem = written.check(statement)
                            if problem is not None and type(statement) is not Pass:
                                said = written.refusal(statement, problem).message
                                assert said.endswith("actions ended by themselves"), said
                                told += 1
            game.push(decision)
        if told:
            return
    raise AssertionError("no statement passed over a step before a forced pass: choose another seed")
