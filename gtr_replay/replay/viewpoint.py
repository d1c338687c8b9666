"""A record as one player at the table would have written it (ARCHITECTURE.md §Hidden information).

``as_seen_by(record, "Ann")`` keeps what Ann sees: her own starting hand and draws, the public
leader draw, every statement made aloud. Every other starting hand and every other player's
draw becomes ``?``, and the answers the engine made by itself for the other players (a Glory
to Rome, a pass with nothing left to do) are written out, because with their hands unseen the
engine can no longer make them: at the table they are heard. Variations are left out. The
result replays through ``engine.unseen`` to the same game, as far as the named cards go.
"""

from __future__ import annotations

from dataclasses import replace

from notation import Hand, Record, Step, Turn
from notation import statements as st

from gtr_replay.game.state import GameState
from gtr_replay.game.piles import UNSEEN
from gtr_replay.enums import JACK
from gtr_replay.errors import UsageError
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.translate import statement_for

def as_seen_by(record: Record, player: str) -> Record:
    """``record`` with only ``player``'s hand and draws named (see the module's text)."""
    if player not in record.players:
        raise UsageError(f"{player} is not in the Players tag", hint=f"choose one of {', '.join(record.players)}")
    if record.tag("Deck") is not None or record.start is None or not hasattr(record.start, "hands"):
        raise UsageError("only a record with a setup block and its draws listed can be rewritten",
                         hint="a Deck tag or a position names every card already")
    lines = []
    for line in record.start.lines:
        if isinstance(line, Hand) and line.player != player:
            line = Hand(line.player, tuple(c if c == JACK else UNSEEN for c in line.cards))
        lines.append(line)
    start = replace(record.start, lines=tuple(lines))
    replayer = Replayer(replace(record, turns=tuple(replace(t, items=tuple(
        replace(s, notes=()) for s in t.steps)) for t in record.turns)))
    snapshots = iter(s for s in replayer.run() if not s.path)
    turns = []
    state: GameState | None = None
    for turn in record.turns:
        items = []
        for step in turn.steps:
            snapshot = next(snapshots)
            statement = step.statement
            if isinstance(statement, st.Think) and statement.drawn and statement.player != player:
                statement = replace(statement, drawn=(UNSEEN,) * len(statement.drawn))
            items.append(Step(statement, step.glyphs, tuple(n for n in step.notes if not hasattr(n, "items"))))
            state = snapshot.state
            for decision in snapshot.made:
                if decision.player != player:
                    items.append(Step(statement_for(decision, state, [])))
        turns.append(Turn(turn.number, turn.leader, tuple(items)))
    return Record(record.tags, start, tuple(turns), record.comments)
