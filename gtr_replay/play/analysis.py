"""Judging the decisions of a recorded game (``gtr analyse``).

Each decision of the main line is judged from the knowledge of the player who made it
(``knowledge``): the search player (``search``) tries every legal decision in the position
before it, with the decision played kept in focus, and gives the deciding player's chance to
win after the decision played and after the best decision it found. The difference marks the
costly decisions (``MARKS``, the notation's glyphs):

- ``?!`` (dubious): the best decision found is at least 8 points of chance better;
- ``?`` (a mistake): at least 15 points better;
- ``??`` (a blunder): at least 30 points better.

At the search's default budget a chance is a mean of some tens of playouts, so a difference
below 8 points is within its noise and is not marked. A statement the engine could have made
by itself (one legal choice) is not searched and gets no chance.

Each position is searched with a generator seeded by the seed and the statement's number, so
the same seed and budget give the same judgements, one worker process or several.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Final

from notation import Record

from gtr_replay.counted import counted
from gtr_replay.engine import Game
from gtr_replay.errors import ReplayError, UsageError
from gtr_replay.game.decisions import Decision, same_decision
from gtr_replay.game.piles import is_unseen
from gtr_replay.game.state import GameState
from gtr_replay.play.knowledge import DeckChoice, check_seat, choices, deck_seen
from gtr_replay.play.search import DEFAULT_PLAYOUTS, SearchPlayer
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.visitors import LiveState
from gtr_replay.replay.translate import statement_for

MARKS: Final = ((0.30, "??"), (0.15, "?"), (0.08, "?!"))
"""(least difference of chance, glyph), the largest first (see the module's text)."""

GLYPHS: Final = frozenset(glyph for _, glyph in MARKS)


def mark_for(difference: float | None) -> str | None:
    """The glyph a difference of chance earns, or None."""
    if difference is None:
        return None
    return next((glyph for least, glyph in MARKS if difference >= least - 1e-9), None)


@dataclass(frozen=True)
class Position:
    """One decision to judge: the statement's number in the main line (from 1), where it is
    written, who made it, and the state before it (serialised, to go to a worker)."""

    index: int
    seq: int
    """The statement's number in the replay (``Snapshot.seq``, the store's ``seq``)."""
    turn: int
    line: int
    player: str
    text: str
    decision: Decision
    state: dict


@dataclass(frozen=True)
class Judgement:
    """One decision judged."""

    index: int
    seq: int
    turn: int
    line: int
    player: str
    played: str
    choices: int
    """The choices the player had, as they could tell them apart (a draw from the deck is one,
    whatever the card: ``knowledge.blind``); 1: nothing to judge, not searched."""
    chance_played: float | None
    best: str | None
    chance_best: float | None
    playouts: int
    budget: int
    seed: str

    @property
    def difference(self) -> float | None:
        if self.chance_played is None or self.chance_best is None:
            return None
        return max(0.0, self.chance_best - self.chance_played)

    @property
    def mark(self) -> str | None:
        return mark_for(self.difference) if self.best != self.played else None

    def to_dict(self) -> dict:
        data = asdict(self)
        data["difference"] = None if self.difference is None else round(self.difference, 4)
        data["mark"] = self.mark
        for key in ("chance_played", "chance_best"):
            data[key] = None if data[key] is None else round(data[key], 4)
        return data


class Positions(list[Position]):
    """The decisions to judge, and ``unshown``: how many decisions of each player were left out
    because the record (from another seat) does not show that player's hand when they decide."""

    def __init__(self) -> None:
        super().__init__()
        self.unshown: dict[str, int] = {}


def positions(record: Record, *, seat: str | None = None, at: int | None = None,
              turn: int | None = None, source: str = "<record>") -> Positions:
    """The decisions of the record's main line to judge: all, ``seat``'s, the one at
    statement ``at`` (from 1), or those of turn ``turn``; ``source`` names the file in a
    refusal. In a record from one seat, the
    decisions of the players whose hands it does not show are left out (asked for by ``at``,
    or by ``seat`` when none of that player's can be judged, they are refused in words)."""
    if seat is not None and seat not in record.players:
        raise UsageError(f"{seat} is not in the Players tag", hint=f"choose one of {', '.join(record.players)}")
    replayer = Replayer(record, LiveState(), source=source)
    found = Positions()
    before: GameState | None = None
    index = 0
    try:
        for snapshot in replayer.run():
            if snapshot.path:
                continue
            index += 1
            state = before if before is not None else replayer.start
            before = snapshot.live.copy()
            if snapshot.forced or snapshot.decision is None or state is None:
                continue
            if (seat is not None and snapshot.player != seat) or (at is not None and index != at) \
                    or (turn is not None and snapshot.turn != turn):
                continue
            if not _shown(state, snapshot.player):
                if at is not None:
                    check_seat(Game(state.copy()), snapshot.player)  # says why, in words
                found.unshown[snapshot.player] = found.unshown.get(snapshot.player, 0) + 1
                continue
            found.append(Position(index, snapshot.seq, snapshot.turn, snapshot.line, snapshot.player, snapshot.text,
                                  snapshot.decision, state.to_dict()))
    except IllegalStatement as error:
        raise ReplayError(f"the record does not replay, so it cannot be judged: {error}") from None
    if replayer.diagnostics:
        raise ReplayError(f"the record does not replay, so it cannot be judged: {replayer.diagnostics[0]}")
    if seat is not None and not found and found.unshown:
        where = f" in turn {turn}" if turn is not None else ""
        raise UsageError(f"none of {seat}'s decisions{where} can be judged: the record does not show {seat}'s "
                         f"hand when {seat} decides ({counted(found.unshown[seat], 'decision')})",
                         hint="judge the decisions of a player whose hand the record shows")
    if at is not None and not found:
        if not 1 <= at <= index:
            raise UsageError(f"--at {at}: the main line has {index} statement(s)", hint=f"choose 1 to {index}")
        raise UsageError(f"--at {at}: that statement restates a decision the engine made by itself",
                         hint="choose a statement a player decided")
    return found


def _shown(state: GameState, player: str) -> bool:
    """Whether the record shows ``player``'s hand (a record from another seat does not): only
    then can that player's decisions be judged from their knowledge."""
    return state.unseen is None or not any(is_unseen(card) for card in state.player(player).hand)


def judge(position: Position, budget: int = DEFAULT_PLAYOUTS, seed: str = "1") -> Judgement:
    """Judge one decision (see the module's text)."""
    state = GameState.from_dict(position.state)
    game = Game(state)
    legal = game.legal()
    played = next((d for d in legal if same_decision(d, position.decision)), None)
    if played is None:
        raise ReplayError(f"line {position.line}: {position.text!r} is not among the legal decisions it replayed as")
    options = len(choices(legal, deck_seen(game)))  # as the player could tell them apart (knowledge.blind)
    if options == 1:
        return Judgement(position.index, position.seq, position.turn, position.line, position.player, position.text, 1,
                         None, None, None, 0, budget, seed)
    check_seat(game, position.player)
    rng = random.Random(f"analyse:{seed}:{position.index}")
    evaluation = SearchPlayer(budget).evaluate(game, position.player, rng, focus=played, legal=legal)
    best = evaluation.best
    focus = evaluation.focus
    assert focus is not None
    best_text = position.text if best is focus else said(best.choice, state)
    return Judgement(position.index, position.seq, position.turn, position.line, position.player, position.text, options,
                     focus.chance, best_text, best.chance, evaluation.playouts, budget, seed)


def said(choice: Decision | DeckChoice, state: GameState) -> str:
    """A choice as a statement; a choice to take the deck's top card does not name the card,
    which the deciding player had not seen."""
    if isinstance(choice, tuple):
        kind, player, _ = choice
        verb = "takes" if kind == "TakeFromDeck" else f"{kind.lower()}s"
        return f"{player} {verb} the deck's top card"
    return str(statement_for(choice, state, []))


def _judge_task(task: tuple[Position, int, str]) -> Judgement:
    return judge(*task)


def judge_all(found: Iterable[Position], *, budget: int = DEFAULT_PLAYOUTS, seed: str = "1", workers: int = 1,
              progress: Callable[[Judgement], None] | None = None,
              run: Callable[..., Iterable] | None = None) -> Iterator[Judgement]:
    """Judge each position, in order, in ``workers`` worker processes (1: in this one), or by
    ``run(work, tasks)``, which gives ``work(task)`` of every task in order (a Dask cluster's,
    ``distributed.Cluster.run``: the positions are independent)."""
    tasks = [(position, budget, seed) for position in found]
    if run is not None:
        for judgement in run(_judge_task, tasks):
            if progress is not None:
                progress(judgement)
            yield judgement
        return
    if workers <= 1 or len(tasks) < 2:
        results: Iterable[Judgement] = map(_judge_task, tasks)
        for judgement in results:
            if progress is not None:
                progress(judgement)
            yield judgement
        return
    from gtr_replay.replay.workers import ordered_map, pool

    with pool(workers) as executor:
        for judgement in ordered_map(executor, _judge_task, tasks, window=2 * workers):
            if progress is not None:
                progress(judgement)
            yield judgement
