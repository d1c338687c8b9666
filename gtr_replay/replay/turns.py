"""A record's turns as the game played them.

A record may leave its turn headers out (notation/README.md): the reader then places the turns
by the statements alone (``notation.assemble``), which cannot always tell a player's second
think in a row (a two-player game) from a power's, or a late answer to the lead from the
player's own turn. The replay is not misled (it takes a turn whose header was not written as
a reading, ``Turn.written``), and ``placed`` writes the turns where the game put them, so the
canonical text (``gtr fmt``, ``gtr record``, ``gtr table``) replays as its source does.
"""

from __future__ import annotations

from dataclasses import replace

from notation import Comment, Record, Step, Turn

from gtr_replay.errors import GtrError
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import Moment, Refusal, Statements


class TurnsMade(Statements):
    """A visitor that keeps the turn each statement of the main line was made in, by where it
    stands (the steps a statement passed over declined first), and hands on each statement's
    snapshot as ``Statements`` does."""

    def __init__(self, refusal: Refusal = Refusal.STOP) -> None:
        super().__init__(refusal)
        self.made: dict[tuple[int, int], int] = {}

    def accepted(self, moment: Moment):
        at = moment.replaying
        if not at.path:
            made = moment.applied.turn if moment.applied is not None and not moment.restated else 0
            self.made[(at.line, at.column)] = made or at.turn
        return super().accepted(moment)

    def placed(self, record: Record) -> Record:
        """``record``, replayed with this visitor, with the turns whose headers it left out
        placed where the game made them (a turn's written header stays on its first statement).
        Past a statement the replay refused, the turns are the reader's, numbered on from the
        game's; the record as it is when no statement was reached."""
        groups: list[tuple[int, list, tuple[Comment, ...]]] = []  # each turn: number, items, header comments
        waiting: list = []  # comments before the next statement: they go with it
        for turn in record.turns:
            for item in turn.items:
                if type(item) is not Step:
                    waiting.append(item)
                    continue
                made = self.made.get((item.line, item.column))
                if made is None:  # not reached: the reader's turns, after the game's
                    if not groups:
                        return record
                    made = groups[-1][0] + (1 if item is turn.steps[0] else 0)
                header = turn.comments if item is turn.steps[0] else ()
                if not groups or made > groups[-1][0]:
                    groups.append((made, [], header))
                elif header:  # a header's comment, where its first statement joins the turn before
                    waiting.extend(header)
                groups[-1][1].extend((*waiting, item))
                waiting = []
        if not groups:
            return record
        groups[-1][1].extend(waiting)
        return replace(record, turns=tuple(
            Turn(n, next(i for i in items if type(i) is Step).statement.actor, tuple(items), comments)
            for n, items, comments in groups))


def placed(record: Record) -> Record:
    """``record`` with the turns whose headers it left out placed where the game made them;
    past a statement the rules refuse, the reader's (its problem is reported where it is checked)."""
    found = TurnsMade(Refusal.END_LINE)
    try:
        Replayer(record, found).check()
    except GtrError:
        return record
    return found.placed(record)
