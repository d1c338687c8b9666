"""What happened in a record, told by replaying it as ``gtr check`` does: whether the rules
accept it, the structures completed on its main line, why the game ended, who won."""

from __future__ import annotations

from dataclasses import dataclass, field

import notation

from gtr_replay.engine import Game
from gtr_replay.game.events import EventKind
from gtr_replay.replay.files import parse_piece
from gtr_replay.replay.overrides import with_rulings
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.visitors import Statements


@dataclass(frozen=True)
class Outcome:
    legal: bool
    problem: str | None = None
    """Why the notation or the rules refuse the record (the first problem, as ``check`` says it)."""
    end_reason: str | None = None
    """Why the game ended (``games.end_reason``); None when the record stops before the end."""
    winners: tuple[str, ...] = ()
    completed: frozenset[str] = field(default_factory=frozenset)
    """Structures completed on the main line, by anyone."""


def refused(problem: str) -> Outcome:
    return Outcome(False, problem)


def replayed(record: notation.Record, source: str, rulings: str | None = None) -> Outcome:
    """Replay one parsed record strictly (as ``gtr check`` does) and say what happened."""
    replayer = Replayer(with_rulings(record, rulings), Statements(), source=source)
    completed: set[str] = set()
    try:
        for snap in replayer.run():
            if not snap.path:
                completed.update(e.card for e in snap.events if e.kind == EventKind.COMPLETE)
    except IllegalStatement as error:
        return refused(str(error.diagnostic))
    final = replayer.final
    if final is None or not final.over:
        return Outcome(True, completed=frozenset(completed))
    return Outcome(True, None, final.end_reason, tuple(Game(final).result().winners), frozenset(completed))


def examine(source: str, line: int, piece: str, rulings: str | None = None) -> tuple[list, Outcome]:
    """Parse one record's text and replay it: (the records read, what happened)."""
    try:
        records = parse_piece(source, line, piece)
    except notation.NotationError as error:
        return [], refused(str(error))
    if len(records) != 1:
        return records, refused(f"{source}:{line}: expected one record here, found {len(records)}")
    return records, replayed(records[0], source, rulings)
