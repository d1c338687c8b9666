"""Player programs behind one small interface: ``choose(game, seat, rng) -> Decision``.

``game`` is the game as it stands with ``seat`` to decide; a program reads it only through
what ``seat`` may know (``play.knowledge``), and draws every random choice from ``rng``, so
one seed gives one game. ``RandomPlayer`` chooses uniformly among the legal decisions;
``GreedyPlayer`` looks one decision ahead; ``search.SearchPlayer`` plays games out.
"""

from __future__ import annotations

import random
from typing import Final, Protocol

from gtr_replay.engine import Game
from gtr_replay.errors import UsageError
from gtr_replay.game.decisions import Decision, Pass, Think
from gtr_replay.play.evaluation import points
from gtr_replay.play.knowledge import check_seat, choices, deck_seen, determinize, settle


class Player(Protocol):
    """A player program."""

    name: str
    """How it is written in a seat list (``random``, ``greedy``, ``bot:400``)."""

    def choose(self, game: Game, seat: str, rng: random.Random) -> Decision: ...


def seat_legal(game: Game, seat: str) -> list[Decision]:
    """The legal decisions of ``seat``, who must be the one to decide now."""
    prompt = game.pending()
    if prompt is None:
        raise UsageError("the game is over: there is no decision to choose")
    if prompt.player != seat:
        raise UsageError(f"it is {prompt.player}'s decision, not {seat}'s")
    return game.legal()


def passive(decision: Decision) -> bool:
    """A pass or a think: a decision that does nothing on the board this turn."""
    return type(decision) is Pass or type(decision) is Think


class RandomPlayer:
    """Uniformly random among the legal decisions."""

    name = "random"

    def choose(self, game: Game, seat: str, rng: random.Random) -> Decision:
        return rng.choice(seat_legal(game, seat))


WIN: Final = 1000
"""What a decision that wins the game at once is worth to the greedy player (and one that
loses it, negated): more than any points."""


class GreedyPlayer:
    """One decision ahead: in one determinization of what the seat has not seen
    (``knowledge.determinize``), each legal decision is played (with the actions the engine
    then makes by itself) and valued by the seat's own points after it (R-SCORE-2), ``WIN``
    for a won game and ``-WIN`` for a lost one. Among the best, a decision that is not a pass
    or a think is preferred; what remains is drawn uniformly. Only its own points: the others'
    depend on their vaults, which the seat cannot see. A choice to take the deck's top card
    (``knowledge.blind``) is worth its best use in that determinization."""

    name = "greedy"

    def choose(self, game: Game, seat: str, rng: random.Random) -> Decision:
        legal = seat_legal(game, seat)
        if len(legal) == 1:
            return legal[0]
        check_seat(game, seat)
        world = determinize(game, seat, rng)
        seen = deck_seen(game)
        in_world = choices(world.legal(), seen)
        best: list = []
        best_key: tuple[int, int] | None = None
        for choice, decisions in choices(legal, seen).items():
            made = in_world.get(choice, [])
            if not made:
                continue
            key = (max(greedy_value(world, seat, d) for d in made), 0 if passive(decisions[0]) else 1)
            if best_key is None or key > best_key:
                best, best_key = [choice], key
            elif key == best_key:
                best.append(choice)
        if not best:
            return rng.choice(legal)
        chosen = settle(rng.choice(best), legal, rng)
        assert chosen is not None
        return chosen


def greedy_value(world: Game, seat: str, decision: Decision) -> int:
    """The greedy player's value of ``decision`` in the full game ``world``."""
    trial = world.copy()
    trial.push(decision)
    if trial.over:
        return WIN if seat in trial.result().winners else -WIN
    return points(trial, seat)
