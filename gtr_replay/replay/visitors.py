"""What a replay makes of each statement it reads.

The replayer walks a record once (``replay.replayer.Replayer``) and hands every statement it
has read to a visitor, as python-chess's PGN reader hands each move to its visitor
(``GameBuilder``, ``SkipVisitor``). A visitor decides two things: what the snapshot of a
statement keeps (``snapshot``; an accepted statement may give none, ``accepted``), and what a
refused statement does to the rest of its line (``refusal``):

- ``KeepStates``: every state after a statement, serialised and annotated (a viewer, a test
  stepping through a game);
- ``LiveState``: the replay's own state, current only until the next snapshot, and everyone's
  points (a reader that works on each state as it goes: the analysis);
- ``Statements``: the statements and their events, no state (reading what happened);
- ``CheckOnly``: nothing for an accepted statement, only the refused ones (``gtr check``).

A reader may be a visitor itself: the store's (``store.rows``) writes each accepted statement's
rows from the ``Moment`` and the replay's own state, and hands no snapshot on.

``Refusal`` says how strict the reading is: stop at the first refused statement
(``IllegalStatement``), end its line there and report the statements after it as not replayed,
or skip it and go on (``replay.resuming``), so a record's later mistakes are found in the same run.
"""

from __future__ import annotations

from enum import Enum

from gtr_replay.replay.snapshot import UNANNOTATED, Annotation, Snapshot, annotate, changes_points, points_now


class Refusal(Enum):
    """What a refused statement does to the replay."""

    STOP = "stop"
    """Raise ``IllegalStatement`` at the first refusal: strict reading."""
    END_LINE = "end-line"
    """End the refused statement's line there (its later statements depend on it: reported as
    not replayed, in one place) and go on with the variations and records after it."""
    GO_ON = "go-on"
    """Skip the refused statement and go on (``replay.resuming``); each later problem that may
    follow from an earlier one says so (``Diagnostic.follows``)."""


class Moment:
    """One statement just replayed, as a visitor sees it: the statement (``replaying``, the
    replayer's ``_Statement``), the decision it recorded and what pushing it did (``applied``),
    whether it restated a forced step, and the diagnostic of a refusal."""

    __slots__ = ("replaying", "decision", "applied", "restated", "diagnostic")

    def __init__(self, replaying, decision, applied, restated: bool, diagnostic) -> None:
        self.replaying = replaying
        self.decision = decision
        self.applied = applied
        self.restated = restated
        self.diagnostic = diagnostic

    @property
    def events(self) -> list:
        return self.applied.events if self.applied is not None else []

    def snapshot(self, *, kept: dict | None = None, note: Annotation = UNANNOTATED, live: bool = False) -> Snapshot:
        """The statement's snapshot: ``kept``, the state after it serialised; ``note``, what it
        changed; ``live``, the replay's own state handed along."""
        at = self.replaying
        step, game, applied = at.step, at.game, self.applied
        statement = step.statement
        comments = tuple(c.text for c in step.comments) if step.notes else ()
        made = tuple(f.decision for f in applied.forced) if applied is not None and applied.forced else ()
        return Snapshot(at.seq, at.index, at.path, at.turn, statement.actor, statement.kind, at.text,
                        at.line, at.column, self.decision, self.events, note, comments, tuple(step.glyphs),
                        kept if kept is not None else {}, self.restated, self.diagnostic, made,
                        game.state if live else None)


class Visitor:
    """The base of every visitor: a snapshot of each statement, as ``snapshot`` makes it, and
    the reading ``refusal`` says (strict unless told)."""

    def __init__(self, refusal: Refusal = Refusal.STOP) -> None:
        self.refusal = refusal

    def snapshot(self, moment: Moment) -> Snapshot:
        """What every statement's snapshot keeps (a refused statement's too)."""
        return moment.snapshot()

    def accepted(self, moment: Moment) -> Snapshot | None:
        """The snapshot of an accepted statement, or None for none."""
        return self.snapshot(moment)


class Annotating(Visitor):
    """A visitor that annotates each statement with everyone's points (``points``): each line's
    points are kept while a statement moves none, the same dictionary (a line's game is its
    own, so its path names it)."""

    def __init__(self, refusal: Refusal = Refusal.STOP) -> None:
        super().__init__(refusal)
        self._points: dict[str, dict[str, int]] = {}

    def points(self, moment: Moment) -> dict[str, int]:
        at = moment.replaying
        points = self._points.get(at.path)
        if points is None or changes_points(moment.events):
            points = self._points[at.path] = points_now(at.game)
        return points

    def annotation(self, moment: Moment) -> Annotation:
        """What the statement changed, in words, and everyone's points."""
        return annotate(moment.events, self.points(moment))


class KeepStates(Annotating):
    """Every state after a statement, serialised (``Snapshot.state_dict``), and annotated."""

    def snapshot(self, moment: Moment) -> Snapshot:
        note = self.annotation(moment)
        return moment.snapshot(kept=moment.replaying.game.state.to_dict(), note=note)


class LiveState(Annotating):
    """The replay's own state (``Snapshot.live``, current only until the next snapshot is
    asked for; ``state_dict`` stays empty) and everyone's points: what moved is in the
    snapshot's events, for a reader that works on them as they are."""

    def snapshot(self, moment: Moment) -> Snapshot:
        return moment.snapshot(note=Annotation(points=self.points(moment)), live=True)


class Statements(Visitor):
    """Each statement with its decision and events, no state and no annotation."""


class CheckOnly(Visitor):
    """Only the refused statements: nothing is built for an accepted one (the replayer's
    ``diagnostics`` and ``warnings`` collect the problems)."""

    def accepted(self, moment: Moment) -> Snapshot | None:
        return None
