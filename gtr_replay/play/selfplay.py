"""Self-play: games of uniformly random legal decisions, or of player programs
(``seats``: one ``play.Player`` per seat), reproducible from a seed.

Game ``g`` of seed ``S`` deals from the shuffle named ``selfplay-RULESET-Np-S-g`` and draws
its choices from a generator seeded with the same name, so one seed always gives one game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from gtr_replay.engine import Game
from gtr_replay.errors import UsageError
from gtr_replay.game.decisions import Decision
from gtr_replay.game.scores import Result
from gtr_replay.game.state import GameState
from gtr_replay.data.rulesets import find_ruleset

NAMES = ("Ann", "Ben", "Cid", "Dee", "Eve")


@dataclass
class SelfPlayGame:
    """One finished game: how it was dealt, every decision made, and how it ended."""

    ruleset: str
    players: list[str]
    deck_seed: str
    rulings: dict[str, str]
    decisions: list[Decision] = field(default_factory=list)
    expansions: tuple[str, ...] = ()
    """The optional Geek cards in the deck (R-VER-2)."""
    state: GameState | None = None
    result: Result | None = None

    @property
    def turns(self) -> int:
        return self.state.turn if self.state else 0

    def record(self, *, draws: bool = False, event: str | None = None):
        """This game as a notation record (see ``replay.from_game``)."""
        from gtr_replay.replay.from_game import record_of_game

        extra = (("Event", event),) if event else ()
        return record_of_game(self.ruleset, self.players, self.deck_seed, self.rulings, self.decisions,
                              draws=draws, extra_tags=extra, expansions=self.expansions)


def play_one(ruleset: str, players: list[str], name: str, *, rulings: dict[str, str] | str | None = None,
             check: bool = False, expansion: str | tuple[str, ...] | None = None,
             seats: list | None = None) -> SelfPlayGame:
    """Play one game of random legal decisions from the shuffle called ``name``, with the
    optional cards ``expansion`` in the deck (``"geek"``, ``"geek: Castra, Domus"``); with
    ``seats``, each player's decisions are its program's (``play.Player``, in seating order)."""
    table = Game.new(ruleset, players, seed=name, rulings=rulings, expansion=expansion)
    state = table.state
    game = SelfPlayGame(str(state.ruleset), list(players), name, dict(state.rulings), expansions=state.expansions)
    rng = random.Random(f"{name}:choices")
    if check:
        table.check_invariants()
    programs = dict(zip(players, seats)) if seats is not None else None
    while not table.over:
        if programs is None:
            decision = rng.choice(table.legal())
        else:
            seat = table.pending().player
            decision = programs[seat].choose(table, seat, rng)
        held = table.holdings() if check else None
        table.push(decision)
        game.decisions.append(decision)
        if check:
            table.check_invariants(held)
    game.state = state
    game.result = table.result()
    return game


def selfplay(ruleset: str, players: int, seed: int | str, games: int, *,
             rulings: dict[str, str] | str | None = None, check: bool = False,
             expansion: str | tuple[str, ...] | None = None, seats: list | None = None) -> Iterator[SelfPlayGame]:
    """``games`` random games of ``players`` players, with the optional cards ``expansion``
    in the deck (``seats``: a player program per seat, see ``play_one``); the same arguments
    give the same games."""
    spec = find_ruleset(ruleset)
    if not 2 <= players <= 5:
        raise UsageError(f"{players} players: Glory to Rome is played by 2 to 5", hint="choose --players 2 to 5")
    if games < 0:
        raise UsageError("the number of games cannot be negative")
    names = list(NAMES[:players])
    for g in range(games):
        yield play_one(spec.ruleset, names, f"selfplay-{spec.ruleset}-{players}p-{seed}-{g}",
                       rulings=rulings, check=check, expansion=expansion, seats=seats)
