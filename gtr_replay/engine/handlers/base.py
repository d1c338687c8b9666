"""What every decision handler offers: enumerate, check, perform, through one registry.

``legal_decisions`` lists what ``legal`` yields, the candidates whose ``problem`` is None, and
``check`` refuses a decision whose ``problem`` is not None, so the two can never disagree
(ARCHITECTURE.md). A handler whose candidates are legal by construction, but for a few facts
it checks as it builds them, yields them from ``legal`` without asking ``problem`` of each:
most of the cost of listing the legal decisions was asking again what building them had
already settled. ``tests/engine/test_exact_legal.py`` holds ``legal`` and the filtered
candidates equal at every decision of every example and of random games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar, Final

from gtr_replay.game.decisions import Decision
from gtr_replay.game.outcomes import Problem
from gtr_replay.game.events import Event
from gtr_replay.game.piles import missing, multisets, not_held, take  # noqa: F401  (used by the handlers)
from gtr_replay.game.state import GameState


def problem(message: str, *rule_ids: str, hint: str | None = None) -> Problem:
    return Problem(message, rule_ids, hint)


def _none_built(k: int) -> Decision:
    raise IndexError(f"decision {k} of none")


NONE_COUNTED: Final[tuple[int, Callable[[int], Decision]]] = (0, _none_built)
"""What ``Handler.sample`` counts where no decision of its kind is legal."""


HANDLERS: Final[dict[type[Decision], "Handler"]] = {}
"""Each kind of decision's handler, by the decision type (``Handler.__init_subclass__``)."""


class Handler:
    """Knows one kind of decision. ``i`` is the index of the player the engine waits for.
    A handler class that names its ``decision`` is filed in ``HANDLERS`` as it is defined;
    a class that names none (a base shared by several handlers) is not."""

    decision: ClassVar[type[Decision]]

    def __init_subclass__(cls) -> None:
        kind = vars(cls).get("decision")
        if kind is not None:
            HANDLERS[kind] = cls()

    def candidates(self, state: GameState, i: int) -> Iterator[Decision]:
        raise NotImplementedError

    def problem(self, state: GameState, i: int, d: Decision) -> Problem | None:
        raise NotImplementedError

    def legal(self, state: GameState, i: int) -> Iterator[Decision]:
        """The legal decisions of this kind, in the order of ``candidates``: those ``problem``
        accepts. A handler that knows its candidates legal as it builds them says so by
        yielding them here unchecked."""
        for candidate in self.candidates(state, i):
            if self.problem(state, i, candidate) is None:
                yield candidate

    def sample(self, state: GameState, i: int) -> tuple[int, Callable[[int], Decision]]:
        """How many decisions ``legal`` yields, and how to build the k-th of them, for a draw
        of one at random (``Game.random_legal``), asking ``none_legal`` first. A handler that
        can count its choices without building them all overrides it, and asks it too."""
        if self.none_legal(state, i):
            return NONE_COUNTED
        found = list(self.legal(state, i))
        return len(found), found.__getitem__

    def filtered(self, state: GameState, i: int) -> list[Decision]:
        """The candidates ``problem`` accepts, each asked: what ``legal`` must equal."""
        return [c for c in self.candidates(state, i) if self.problem(state, i, c) is None]

    def none_legal(self, state: GameState, i: int) -> bool:
        """True only when ``problem`` refuses every candidate for a reason they share (a full
        clientele...): the search for legal decisions then skips them (``sample`` counts none).
        It never changes what is legal, only how soon the search knows."""
        return False

    def perform(self, state: GameState, i: int, d: Decision, ev: list[Event]) -> None:
        raise NotImplementedError

    def waits_for(self, state: GameState, d: Decision, expected: str) -> str:
        """Who may make ``d`` now: the player the game waits for (``expected``), unless the
        rules leave an order open (a demand's neighbours answer in either order)."""
        return expected

    def decider(self, state: GameState, d: Decision) -> str:
        """The player who makes this decision (usually the one it names)."""
        return d.player
