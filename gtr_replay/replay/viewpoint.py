"""A record as one player at the table would have written it (ARCHITECTURE.md §Hidden information).

``as_seen_by(record, "Ann")`` keeps what Ann sees: her own starting hand and draws, the public
leader draw, every statement made aloud. Every other starting hand, every other player's
draw and every card sold face down that Ann did not see go in (from another hand, from the
deck) becomes ``?``. Variations are left out. The result replays through ``engine.unseen`` to
the same game, as far as the named cards go.

The answers the engine made by itself in the whole game (a Glory to Rome, a pass with nothing
left to do) are heard at the table; those the engine can no longer make with the hands unseen
are written out. Which these are, the game as Ann saw it says: it is played beside the whole
one, statement by statement, and an answer is written only where it did not make it by itself.
Written where it made it too, a pass that declined a power's step would be read as the end of
that player's actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from notation import Hand, Record, Step, Turn, Zone
from notation import statements as st

from gtr_replay.engine import Game
from gtr_replay.enums import JACK
from gtr_replay.enums import Zone as GameZone
from gtr_replay.game.events import Event, EventKind
from gtr_replay.errors import GtrError, UsageError
from gtr_replay.game.decisions import Decision, same_decision
from gtr_replay.game.outcomes import ForcedStep
from gtr_replay.game.piles import UNSEEN
from gtr_replay.game.state import GameState
from gtr_replay.replay.heard import others_hear
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.start import StartError, start_game
from gtr_replay.replay.translate import decision_for, drawn_listed, statement_for


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
    whole = Replayer(replace(record, turns=tuple(replace(t, items=tuple(
        replace(s, notes=()) for s in t.steps)) for t in record.turns)))
    snapshots = iter(s for s in whole.run() if not s.path)
    seat = _Seat(replace(record, start=start, turns=()), player)
    turns = []
    for turn in record.turns:
        items = []
        for step in turn.steps:
            snapshot = next(snapshots)
            statement = step.statement
            statement = _heard(statement, player, snapshot.events)
            items.append(Step(statement, step.glyphs, tuple(n for n in step.notes if not hasattr(n, "items"))))
            items += [Step(said) for said in seat.hear(statement, snapshot.made, snapshot.state,
                                                       restated=snapshot.forced)]
        turns.append(Turn(turn.number, turn.leader, tuple(items)))
    return Record(record.tags, start, tuple(turns), record.comments)


def _heard(statement: st.Statement, player: str, events: Sequence[Event]) -> st.Statement:
    """``statement`` as ``player`` heard it (``events``: what it did in the whole game):
    another player's draw unseen, and a card sold face down unseen where ``player`` did not
    see it go in: from another player's hand, or from the deck, which nobody sees, unless a
    power turned it up for the table (R-VAULT-1, AMB-25, G-BACCHANALIA-1)."""
    if isinstance(statement, st.Sell) and statement.source is Zone.DECK:  # unseen by the seller too, unless turned up
        unseen = any(e.kind == EventKind.MOVE and e.source == GameZone.DECK and e.target == GameZone.VAULT for e in events)
        return others_hear(statement) if unseen else statement
    return statement if statement.player == player else others_hear(statement)


class _Seat:
    """The game as one player saw it, played beside the whole game: which of the engine's own
    answers in the whole game it cannot make by itself, so that they are written out."""

    def __init__(self, record: Record, player: str) -> None:
        self.player = player
        try:
            self.game: Game | None = start_game(record)
        except StartError:
            self.game = None

    def hear(self, statement: st.Statement, made: tuple[Decision, ...], whole: GameState, *,
             restated: bool) -> list[st.Statement]:
        """Play ``statement`` (a restated answer of the engine's is not played again), then the
        answers the whole game's engine made after it (``made``; ``whole``: that game's state
        then): the statements of those this game did not make by itself. Where this game
        refuses what the whole game played, it is left: from there every other player's
        answer is written."""
        game = self.game
        if game is None:
            return self._others(made, whole)
        owed = list(made)
        said: list[st.Statement] = []
        try:
            if not restated:
                applied = game.push(decision_for(statement, game.state), drawn=drawn_listed(statement))
                _made_by_itself(owed, applied.forced)
            while owed:
                decision = owed.pop(0)
                said.append(statement_for(decision, game.state, []))
                _made_by_itself(owed, game.push(decision).forced)
        except (GtrError, KeyError):  # the two games part: from here on every answer owed is written
            self.game = None
            said += self._others(owed, whole)
        return said

    def _others(self, decisions, whole: GameState) -> list[st.Statement]:
        """The statements of the other players' decisions, read against the whole game."""
        return [statement_for(d, whole, []) for d in decisions if d.player != self.player]


def _made_by_itself(owed: list[Decision], forced: list[ForcedStep]) -> None:
    """Strike from ``owed`` each answer this game made by itself too."""
    for step in forced:
        found = next((n for n, d in enumerate(owed) if same_decision(d, step.decision)), None)
        if found is not None:
            del owed[found]
