"""The search player: determinized flat Monte Carlo with UCB over the legal decisions.

Each playout draws one determinization of what the seat has not seen (``knowledge``), plays
one of the seat's legal decisions in it, then plays the game on with the playout policy for
at most ``depth`` decisions and values it for the seat (``evaluation``: the share of the win
of a finished game, the points' estimate of one cut short). Which decision a playout tries is
chosen by UCB1 (each decision once, in an order drawn from ``rng``; then the highest
``mean + C * sqrt(ln(playouts) / tries)``), the mean counting the decision's one-ply value (the
points' estimate right after it, in one determinization) as ``PRIOR_WEIGHT`` playouts, so that
a small budget spends its playouts on the decisions that gain at once. The decision tried most is chosen (ties: the
higher mean, then the earlier).

The search stops after ``playouts`` playouts, or sooner after ``seconds`` when given (then
the result depends on the machine's speed; by playouts alone, the same seed gives the same
decision). A seat with one legal decision is not searched.

The playout policy (``POLICIES``): ``uniform`` draws every decision alike; ``prior`` draws
again, once, a pass or a think drawn where something else is legal, with probability
``1 - PASSIVE_WEIGHT``: random players that pass and think half the time make games that
last far longer than any played at a table.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from gtr_replay.engine import Game
from gtr_replay.errors import RulesError, UsageError
from gtr_replay.game.decisions import Decision
from gtr_replay.play.evaluation import estimate
from gtr_replay.play.knowledge import DeckChoice, blind, check_seat, choices, deck_seen, determinize, settle
from gtr_replay.play.players import passive, seat_legal

DEFAULT_PLAYOUTS: Final = 200
"""The default budget: about 0.75 CPU-second a decision from source (docs/ANALYSE.md says
how it was chosen)."""

DEFAULT_DEPTH: Final = 20
"""Decisions a playout plays after the one it tries before the points' estimate; 0: to the end."""

UCB_C: Final = 0.5
"""The exploration constant of UCB1, for values between 0 and 1."""

PRIOR_WEIGHT: Final = 2.0
"""Playouts a choice's one-ply value counts for in its UCB mean (never in its reported chance)."""

PASSIVE_WEIGHT: Final = 0.25
"""How likely the ``prior`` policy keeps a pass or a think it drew (where another choice is legal)."""


def uniform(legal: list[Decision], rng: random.Random) -> Decision:
    return rng.choice(legal)


def prior(legal: list[Decision], rng: random.Random) -> Decision:
    decision = rng.choice(legal)
    if len(legal) > 1 and passive(decision) and rng.random() >= PASSIVE_WEIGHT:
        decision = rng.choice(legal)
    return decision


POLICIES: Final[dict[str, Callable[[list[Decision], random.Random], Decision]]] = {"uniform": uniform, "prior": prior}


REDRAWS: Final = 8
"""Determinizations drawn for one playout before a choice no world allows is given up (a
choice to take from the deck the drawn deck's top card does not allow): it then counts as lost."""


@dataclass
class Arm:
    """One choice of the seat (``knowledge.blind``: a legal decision, or "take from the deck"),
    the legal decisions that make it, and what its playouts gave."""

    choice: Decision | DeckChoice
    decisions: list[Decision]
    tries: int = 0
    total: float = 0.0
    prior: float = 0.5
    """Its one-ply value: the points' estimate right after it, in one determinization."""

    @property
    def decision(self) -> Decision:
        """The decision itself; for a choice to take from the deck, the first that makes it."""
        return self.decisions[0]

    @property
    def chance(self) -> float:
        """The mean value of its playouts: the seat's estimated chance to win after it."""
        return self.total / self.tries if self.tries else 0.0


@dataclass
class Evaluation:
    """The legal decisions searched: ``best`` the one the search chose, ``playouts`` done."""

    arms: list[Arm]
    best: Arm
    playouts: int
    focus: Arm | None = None
    """The decision the caller asked about (``focus``), searched at least as much as ``best``
    where the budget allowed."""


class SearchPlayer:
    """The search player (see the module's text)."""

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, *, seconds: float | None = None, depth: int = DEFAULT_DEPTH,
                 policy: str = "prior") -> None:
        if playouts < 1:
            raise UsageError(f"a budget of {playouts} playouts: the search needs at least 1")
        if depth < 0:
            raise UsageError(f"a playout depth of {depth}: give 0 (to the end) or more")
        if policy not in POLICIES:
            raise UsageError(f"no playout policy {policy!r}", hint=f"choose one of {', '.join(POLICIES)}")
        self.playouts = playouts
        self.seconds = seconds
        self.depth = depth
        self.policy = policy
        self._policy = POLICIES[policy]

    @property
    def name(self) -> str:
        return f"bot:{self.playouts}"

    def choose(self, game: Game, seat: str, rng: random.Random) -> Decision:
        legal = seat_legal(game, seat)
        if len(legal) == 1:
            return legal[0]
        best = self.evaluate(game, seat, rng, legal=legal).best
        chosen = settle(best.choice, legal, rng)
        assert chosen is not None  # the choices are made of the legal decisions
        return chosen

    def evaluate(self, game: Game, seat: str, rng: random.Random, *, focus: Decision | None = None,
                 legal: list[Decision] | None = None) -> Evaluation:
        """Search the seat's legal decisions. With ``focus`` (a decision made, to be judged), a
        quarter of the budget is kept to try it and the best as much as each other."""
        legal = seat_legal(game, seat) if legal is None else legal
        check_seat(game, seat)
        seen = deck_seen(game)
        arms = [Arm(choice, decisions) for choice, decisions in choices(legal, seen).items()]
        focused = next((a for a in arms if a.choice == blind(focus, seen)), None) if focus is not None else None
        if focus is not None and focused is None:
            raise UsageError(f"{focus} is not one of {seat}'s legal decisions here")
        order = arms[:]
        rng.shuffle(order)
        _one_ply(game, seat, order, rng)
        reserve = self.playouts // 4 if focused is not None and len(arms) > 1 else 0
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        done = 0
        for n in range(self.playouts - reserve):
            if deadline is not None and n and time.monotonic() > deadline:
                break
            arm = order[n] if n < len(order) else self._ucb(order, n)
            self._playout(game, seat, arm, rng)
            done += 1
        best = max(order, key=lambda a: (a.tries, a.chance))
        if focused is not None:
            for _ in range(reserve):
                if deadline is not None and time.monotonic() > deadline:
                    break
                self._playout(game, seat, focused if focused.tries <= best.tries else best, rng)
                done += 1
        return Evaluation(arms, best, done, focused)

    @staticmethod
    def _ucb(order: list[Arm], n: int) -> Arm:
        log = math.log(n)
        return max(order, key=lambda a: (a.total + PRIOR_WEIGHT * a.prior) / (a.tries + PRIOR_WEIGHT)
                   + UCB_C * math.sqrt(log / a.tries))

    def _playout(self, game: Game, seat: str, arm: Arm, rng: random.Random) -> None:
        arm.tries += 1
        world = _world(game, seat, arm, rng)
        if world is None:
            return
        policy = self._policy
        steps = self.depth or -1
        while steps and not world.over:
            world.push(policy(world.legal(), rng))
            steps -= 1
        arm.total += estimate(world, seat)


def _one_ply(game: Game, seat: str, arms: list[Arm], rng: random.Random) -> None:
    """Each arm's ``prior``: the points' estimate (``evaluation.estimate``) right after its
    choice, in one determinization (the greedy player's look ahead)."""
    world = determinize(game, seat, rng)
    legal = world.legal()
    for arm in arms:
        decision = settle(arm.choice, legal, rng) if isinstance(arm.choice, tuple) else arm.choice
        if decision is None:
            continue
        trial = world.copy()
        try:
            trial.push(decision)
        except RulesError:
            continue
        arm.prior = estimate(trial, seat)


def _world(game: Game, seat: str, arm: Arm, rng: random.Random) -> Game | None:
    """A determinization with the arm's choice made in it, or None (``REDRAWS``)."""
    for _ in range(REDRAWS):
        world = determinize(game, seat, rng)
        decision = settle(arm.choice, world.legal(), rng) if isinstance(arm.choice, tuple) else arm.choice
        if decision is None:
            continue
        try:
            world.push(decision)
        except RulesError:
            continue
        return world
    return None
