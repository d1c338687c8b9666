"""Going on after a refused statement (``Refusal.GO_ON``, ``gtr check --lenient``), so
that a record's later mistakes are found in the same run.

The refused statement is skipped: the game stays as it was. The game may then wait for a
decision the record does not make any more (the skipped player's action, lead or answer).
When the record goes on with another player's statement, or with the next turn, the player
the game waits for and whose statement was skipped in this turn stands aside: leads or
follows as the skipped statement did, else passes where passing is legal, else takes a Jack
(R-THINK-1), so that the replay can follow the record again; at a turn header, whoever the
game still waits for does so. Each later problem is reported, marked when it may follow from
an earlier one (``Troubles.follows``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import notation
from notation import statements as st

from gtr_replay.engine import Game
from gtr_replay.enums import JACK
from gtr_replay.game.decisions import Follow, Lead, Pass, Think

_NAMES = re.compile(r"[A-Z][\w'-]*(?: [A-Z][\w'-]*)*")
"""Capitalised words: the players and cards a statement names (roles and materials too)."""


def _named(statement: str) -> frozenset[str]:
    return frozenset(_NAMES.findall(statement))


@dataclass(frozen=True)
class Trouble:
    """A problem met while resuming: where, in which of the record's turns, whose statement,
    and the words it named (cards, players), to tell which later problems may follow from it."""

    line: int
    turn: int
    actor: str
    words: frozenset[str]


class Troubles:
    """The problems met so far on the line being replayed and the lines it is in."""

    def __init__(self) -> None:
        self.found: list[Trouble] = []
        self.turn = 0
        """The record's turn being replayed."""

    def add(self, line: int, turn: int, actor: str, text: str = "") -> None:
        self.found.append(Trouble(line, turn, actor, _named(text)))

    def follows(self, statement: str, player: str | None) -> int | None:
        """The line of the first earlier problem a problem may follow from: one in the same turn
        of the record (its flow was cut there), by the same player (whose cards or actions the
        skip left as they were), or naming a card it named (which may not be where the record
        puts it). A Result tag that does not hold may follow from any."""
        if not self.found:
            return None
        if statement.startswith("[Result"):
            return self.found[0].line
        words = _named(statement)
        for trouble in self.found:
            if trouble.turn == self.turn or trouble.actor == player or trouble.actor in words or trouble.words & words:
                return trouble.line
        return None


_SAME_KIND = {st.Lead: Lead, st.Follow: Follow}
"""The decision a skipped statement of these kinds is stood in for with."""


class Resuming:
    """Resuming one line of play: ``refused`` after a refused statement, ``before`` each
    statement, ``at_header`` at a turn header the replay has not reached."""

    LIMIT = 64
    """Stand-ins made at one statement or header at most."""

    def __init__(self, game: Game, troubles: Troubles,
                 header_matches: Callable[[notation.Turn], bool], report_header: Callable[[notation.Turn], None]):
        self.game, self.troubles = game, troubles
        self.header_matches, self.report_header = header_matches, report_header
        self.turn = game.state.turn
        """The record's turn being replayed."""
        self.skipped: dict[str, notation.Statement] = {}
        """Players whose statement was skipped in the record's turn under way, and the statement."""
        self.troubled = False

    def refused(self, line: int, player: str, text: str, statement: notation.Statement) -> None:
        self.troubled = True
        self.skipped[player] = statement
        self.troubles.add(line, self.turn, player, text)

    def before(self, turn: notation.Turn | None, step: notation.Step) -> None:
        """Before a statement: stand in for the skipped players the game waits for."""
        if turn is not None:
            self.turn, self.skipped = turn.number, {}
        self.troubles.turn = self.turn
        if not self.skipped:
            return
        actor = step.statement.actor
        for _ in range(self.LIMIT):
            prompt = self.game.pending()
            if prompt is None or prompt.player == actor or prompt.player not in self.skipped:
                return
            if not self._stand_in(prompt.player):
                return

    def at_header(self, turn: notation.Turn) -> bool:
        """A header the replay has not reached: after a problem, let whoever the game waits for
        stand aside until it does (then say nothing more of it); otherwise report the header
        and try the same. False when the replay cannot get there."""
        self.troubles.turn = turn.number
        if not self.troubled:
            self.report_header(turn)
            self.troubled = True
            self.troubles.add(turn.span.line, turn.number, turn.leader)
        for _ in range(self.LIMIT):
            if self.header_matches(turn):
                return True
            prompt = self.game.pending()
            if prompt is None or self.game.state.turn > turn.number or not self._stand_in(prompt.player):
                return False
        return self.header_matches(turn)

    def _stand_in(self, player: str) -> bool:
        """Make the least decision for ``player`` that keeps the turn as the record plays it: a
        lead of the role the skipped lead named (its followers' statements then read), a
        follow for a skipped follow, else a pass, else a Jack taken."""
        legal = self.game.legal()
        skipped = self.skipped.get(player)
        kind = _SAME_KIND.get(type(skipped))
        alike: list[Lead | Follow] = [d for d in legal if isinstance(d, (Lead, Follow)) and type(d) is kind
                                      and d.player == player]
        if isinstance(skipped, st.Lead):  # a lead of the role it named
            alike = [d for d in alike if isinstance(d, Lead) and str(d.role) == str(skipped.role)]
        alike.sort(key=lambda d: (len(d.cards), JACK not in d.cards))
        for decision in (*alike[:1], Pass(player), Think(player, "jack")):
            if decision in legal:
                self.game.push(decision)
                return True
        return False
