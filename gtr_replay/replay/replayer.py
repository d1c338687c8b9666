"""Replaying a record through the rules, one snapshot per statement.

``replay(record)`` yields a ``Snapshot`` for every statement of the main line and of every
variation (a variation replaces the statement it follows and is replayed from the game before
it). The rules are the engine's (``Game``); the replayer translates each statement into the
decision it records, pushes it, and collects what is wrong as diagnostics that point at the
text. What each statement gives, and what a refused one does to the rest of its line, is the
visitor's to say (``replay.visitors``: states kept, the live state, the statements alone, or
only the refusals; strict, ending the line, or going on), as python-chess's PGN reader leaves
both to its visitors. Nothing is dropped silently: a line ended early reports the statements
it did not replay.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

import notation
from notation import Record, Step

from gtr_replay.engine import AllPlaced, Applied, ForcedStep, Game
from gtr_replay.errors import GtrError, IllegalDecisionError, NotYourDecisionError, ReplayError, RulesError
from gtr_replay.game.decisions import Decision
from gtr_replay.game.events import EventKind
from gtr_replay.game.state import GameState, Phase
from gtr_replay.replay.diagnostics import Diagnostic, closest_first, summary
from gtr_replay.replay.heard import heard_text
from gtr_replay.replay.outcome import check_result, placed_lines, unwritten_power
from gtr_replay.replay.resuming import Resuming, Troubles
from gtr_replay.replay.revealing import answers, legal_text, owed, unseen_choices
from gtr_replay.replay.snapshot import Snapshot
from gtr_replay.replay.visitors import KeepStates, Moment, Refusal, Visitor
from gtr_replay.data.expansions import geek_hint, left_out, not_in_game
from gtr_replay.replay.start import StartError, named_cards, start_game
from gtr_replay.replay.translate import decision_for, drawn_listed, reads_state, statement_for

_REFUSED: Final = (IllegalDecisionError, NotYourDecisionError)
"""What the rules say of a decision that may not be made now; any other ``RulesError`` is about
what the record shows (a draw, a revealed card), and lists no legal choices."""


class IllegalStatement(ReplayError):
    """Strict replay stopped at a statement the rules refuse (``diagnostic`` says why)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


class Replayer:
    """Replays one record; ``run()`` yields the snapshots its ``visitor`` makes (every state
    kept and strict reading unless told: ``replay.visitors``), ``diagnostics`` collects problems."""

    def __init__(self, record: Record, visitor: Visitor | None = None, *, source: str = "<record>") -> None:
        self.record = record
        self.source = source
        self.visitor: Visitor = visitor if visitor is not None else KeepStates()
        refusal = self.visitor.refusal
        self.lenient = refusal is not Refusal.STOP
        """A refused statement is reported and the replay goes on (no ``IllegalStatement``)."""
        self.resume = refusal is Refusal.GO_ON
        """Skip a refused statement and go on (``replay.resuming``), rather than end the line there."""
        self.troubles = Troubles()
        """The problems met so far on the line being replayed and the lines it is in (resume)."""
        self.diagnostics: list[Diagnostic] = []
        self.warnings: list[Diagnostic] = []
        """Buildings completed whose power is not written yet: the replay ignores their
        function, so it (and the score) may be wrong from there on."""
        self.seq = 0
        self.game: Game | None = None
        """The game after the main line's last statement replayed."""
        self.start: GameState | None = None
        self.complete = True
        """False when lenient replay had to stop the main line early."""
        self.decisions = 0
        """Statements replayed and accepted."""
        self._unwritten: list[str] = []
        self._unpowered: frozenset[str] = frozenset()
        """The game's cards whose power is not written yet (their completion is warned of)."""
        self.revealed: dict[str, list[int]] = {}
        """Lines where a statement revealed an unseen card, by card (``accepted``)."""
        self._empty: dict[int, list[notation.Turn]] = {}
        """The main line's written headers with no statement under them, by the offset of the
        statement they stand before (the line's length for those that end it)."""

    @property
    def final(self) -> GameState | None:
        """The state after the main line's last statement replayed."""
        return None if self.game is None else self.game.state

    # -- reporting ---------------------------------------------------------------------------

    def report(self, line: int, column: int, statement: str, message: str, *, rule_ids=(), hint=None,
               state: GameState | None = None, player: str | None = None, path: str = "",
               legal: tuple[str, ...] = (), heard: str | None = None) -> Diagnostic:
        """Record a problem; strict replay stops here (``IllegalStatement``). ``heard``: the
        statement as the players but its actor heard it, where that is less (``replay.heard``)."""
        follows = self.troubles.follows(statement, player)
        diagnostic = Diagnostic(self.source, line, column, statement, message, tuple(rule_ids), hint,
                                summary(state, player) if state is not None else "", legal, path, follows,
                                actor=player, heard=heard)
        self.diagnostics.append(diagnostic)
        if not self.lenient:
            raise IllegalStatement(diagnostic)
        return diagnostic

    def accepted(self, game: Game, applied: Applied, line: int, column: int, statement: notation.Statement) -> None:
        """What a statement the rules accepted tells the replay: one more decision, the unseen
        cards it revealed (by line: a later statement that finds every copy placed names them),
        and the buildings it completed whose power is not written yet (warned of once)."""
        self.decisions += 1
        for card in applied.revealed:
            self.revealed.setdefault(card, []).append(line)
        if self._unpowered:
            for e in applied.events:
                if e.kind == EventKind.COMPLETE and e.card in self._unpowered:
                    self._warn_unwritten(game, e.player or "", e.card or "", line, column, str(statement))

    def _warn_unwritten(self, game: Game, player: str, building: str, line: int, column: int, text: str) -> None:
        """A building whose power is not written yet is complete: say so once per building."""
        if building not in self._unwritten and game.power_of(building) is None:
            self._unwritten.append(building)
            self.warnings.append(unwritten_power(self.source, game, player, building, line, column, text))

    # -- replay ------------------------------------------------------------------------------

    def check(self) -> int:
        """Replay the whole record (``diagnostics`` and ``warnings`` collect the problems; with
        ``CheckOnly``, no snapshot is made for an accepted statement). Returns the statements
        accepted."""
        for _ in self.run():
            pass
        return self.decisions

    def run(self) -> Iterator[Snapshot]:
        try:
            game = start_game(self.record)
        except StartError as error:
            self.report(error.line, error.column, "", error.message, rule_ids=error.rule_ids, hint=error.hint)
            return
        game.explaining = True  # a refused statement is told why (Game.refusal)
        self.start = game.state.copy()
        self._unpowered = game.unpowered()
        for player in game.state.players:
            for building in player.buildings:
                if building.complete:
                    self._warn_unwritten(game, player.name, building.foundation, 0, 0, "position")
        steps: list[tuple[notation.Turn | None, Step]] = []
        for turn in self.record.turns:
            if not turn.steps and turn.written:
                self._empty.setdefault(len(steps), []).append(turn)
            for n, step in enumerate(turn.steps):
                steps.append((turn if n == 0 else None, step))
        self.game = game
        yield from self._line(game, steps, "", 1, None)
        if self.complete:
            self._last_headers(game, self._empty.get(len(steps), []))
        if self.complete:
            problem, warning = check_result(self.record, game, self._unwritten)
            if warning is not None:
                self.warnings.append(Diagnostic(self.source, *warning))
            if problem is not None:
                self.report(problem.line, problem.column, problem.statement, problem.message,
                            rule_ids=problem.rule_ids, hint=problem.hint)

    def _line(self, game: Game, steps, path: str, first_index: int, turn_number: int | None) -> Iterator[Snapshot]:
        """Replay one line of play (``turn_number``: the record's turn it starts in, under a
        header above it). In lenient mode a refused statement ends the line: its
        later statements depend on it, so they are reported as not replayed, in one place;
        with ``resume``, it is skipped and the line goes on (``replay.resuming``)."""
        outer = len(self.troubles.found)  # the problems of the lines this one is in
        resuming = Resuming(game, self.troubles, lambda turn: self._header_matches(game.state, turn),
                            lambda turn: self._report_header(game, turn, path)) if self.resume else None
        last = len(steps) - 1
        known: Decision | None = None
        """The decision of the statement to come, read already (``_Statement.following``)."""
        headers = _next_headers(steps, {} if path else self._empty)
        for offset, (turn, step) in enumerate(steps):
            index = first_index + offset
            declined: Sequence[Applied] = ()  # the optional steps a header passes over, declined before the statement
            if turn is not None and not turn.written:  # placed by the statements alone: the game says where turns start
                turn, turn_number = None, None
            if turn is not None and not self._header_matches(game.state, turn) \
                    and not (declined := self._passes_over_to(game, turn, step.statement)):
                if resuming is None or not resuming.at_header(turn):
                    self._report_header(game, turn, path)
                    self._skipped(steps[offset:], path, "the turn header above them is wrong")
                    if path:
                        del self.troubles.found[outer:]
                    return
            if turn is not None:
                turn_number = turn.number
            if resuming is not None:
                resuming.before(turn, step)
            variations = step.variations if step.notes else ()
            before = game.copy() if variations else None
            following = steps[offset + 1][1].statement if offset < last else None
            replaying = _Statement(self, game, step, path, index, turn_number, declined, headers[offset])
            replaying.rest = (steps, offset + 1)
            snapshot = replaying.replay(following, known)
            known = replaying.following
            if snapshot is None:  # accepted, and only checked
                if before is not None:
                    yield from self._branches(before, variations, path, replaying.seq, index)
                continue
            yield snapshot
            if snapshot.diagnostic is not None:
                if resuming is None:
                    self._skipped(steps[offset + 1:], path,
                                  f"they follow the refused statement at line {snapshot.line}")
                    return
                resuming.refused(snapshot.line, snapshot.player, snapshot.text, step.statement)
            if before is not None:
                yield from self._branches(before, variations, path, snapshot.seq, index)
        if path:  # a variation's problems say nothing of the line it leaves (the main line's stay for its Result)
            del self.troubles.found[outer:]

    def _branches(self, before: Game, variations, path: str, seq: int, index: int) -> Iterator[Snapshot]:
        """Replay each variation of a statement from the game before it (a variation has no
        headers: it may go on into later turns)."""
        for v, variation in enumerate(variations, 1):
            vsteps = [(None, s) for s in variation.steps]
            yield from self._line(before.copy(), vsteps, f"{path}/{seq}.{v}".lstrip("/"), index, None)

    def _skipped(self, rest, path: str, why: str) -> None:
        """Report the statements of a line that were not replayed (never dropped silently)."""
        if not path:
            self.complete = False
        count = sum(1 + _nested(step) for _, step in rest)
        if not count:
            return
        first, last = rest[0][1], rest[-1][1]
        self.report(first.span.line, first.span.column, str(first.statement),
                    f"{count} statement(s) from line {first.span.line} to line {last.span.line} were not replayed: "
                    f"{why}", hint="correct the first problem and check again", path=path,
                    heard=heard_text(first.statement))

    def _passes_over_to(self, game: Game, turn: notation.Turn, statement: notation.Statement) -> list[Applied]:
        """A header of a later turn while optional steps of this one wait: where the turn's first
        statement passes over them (``Game.not_taken``) and the game then stands at the header,
        they are declined (R-TURN-7): a step not taken needs no statement. What each decline
        did (the turn's end among it), which the statement reports as its own; none otherwise."""
        if turn.number <= game.state.turn:
            return []
        decision = _likely(statement, game)
        passes = game.not_taken(decision) if decision is not None else ()
        if not passes:
            return []
        trial = game.copy()
        for decline in passes:
            trial.push(decline)
        if not self._header_matches(trial.state, turn):
            return []
        return [game.push(decline) for decline in passes]

    def _last_headers(self, game: Game, headers: list[notation.Turn]) -> None:
        """The headers a record ends on, with nothing under them yet (a game recorded as it is
        played): the first must be the turn the game stands at (R-TURN-9), unless an optional
        step of the turn before still waits (no statement says whether it is taken), and any
        after it has no turn before it."""
        state = game.state
        if not headers or state.over or state.steps:
            return
        first, *more = headers
        if not self._header_matches(state, first):
            self._report_header(game, first, "")
        elif more:
            self._report_header(game, more[0], "")

    def _header_matches(self, state: GameState, turn: notation.Turn) -> bool:
        return state.over or (turn.number == state.turn and turn.leader == state.players[state.leader].name)

    def _report_header(self, game: Game, turn: notation.Turn, path: str) -> None:
        """A turn header that is not where the replay stands: the answer still owed, when the
        record moves on without it, or the turn and leader it should be (R-TURN-9)."""
        state = game.state
        leader = state.players[state.leader].name
        missing = owed(state) if turn.number > state.turn else None
        if missing is not None:  # the record moves on while a decision of this turn is owed
            said = answers(state)
            prompt = game.pending()
            self.report(turn.span.line, turn.span.column, f"turn {turn.number} {turn.leader}",
                        f"turn {turn.number} cannot start yet: {missing}",
                        rule_ids=("R-TURN-9", "R-LEG-3") if state.phase is Phase.GIVE else ("R-TURN-9",),
                        hint="write it before the turn header: " + " or ".join(f"'{t}'" for t in said[:3]),
                        state=state, player=prompt.player if prompt is not None else None, path=path,
                        legal=tuple(said))
            return
        empty = None if path else next((t for ts in self._empty.values() for t in ts if t.number == state.turn), None)
        if empty is not None and turn.number > state.turn:  # its header is written, its statements not
            header = f"turn {empty.number} {leader}"
            fix = "" if empty.leader == leader else f"correct the header to '{header}' and "
            self.report(empty.span.line, empty.span.column, f"turn {empty.number} {empty.leader}",
                        f"turn {empty.number} holds no statement: the game is still in turn {state.turn}, led by "
                        f"{leader}", rule_ids=("R-TURN-9", "R-TURN-1"),
                        hint=f"{fix}write {leader}'s lead or think under '{header}'", path=path)
            return
        drawn = state.turn == 1 and not isinstance(self.record.start, notation.Position)  # the first leader
        self.report(turn.span.line, turn.span.column, f"turn {turn.number} {turn.leader}",
                    f"this is turn {state.turn}, led by {leader}" + (", whom the leader draw made the first leader"
                                                                      if drawn else ""),
                    rule_ids=("R-SETUP-5",) if drawn else ("R-TURN-9",),
                    hint=f"write 'turn {state.turn} {leader}'", path=path)


class _Statement:
    """One statement being replayed: where it stands, and the snapshot it gives."""

    __slots__ = ("replayer", "game", "step", "path", "index", "turn", "seq", "line", "column", "following", "rest",
                 "record_turn", "declined", "next_header")

    def __init__(self, replayer: Replayer, game: Game, step: Step, path: str, index: int,
                 record_turn: int | None = None, declined: Sequence[Applied] = (),
                 next_header: int | None = None) -> None:
        self.replayer, self.game, self.step, self.path, self.index = replayer, game, step, path, index
        self.turn = game.state.turn
        """The turn the statement is made in (a restated forced step: the turn it was made in)."""
        self.record_turn = record_turn
        self.next_header = next_header
        """The number of the next turn header the record writes after the statement, if any."""
        """The turn the record writes it in (the header above it), when it has one."""
        self.seq = 0
        self.line, self.column = step.line, step.column  # a statement has no place of its own: its step's
        self.following: Decision | None = None
        """The next statement's decision, read against the game before this one was pushed,
        when it reads the same in any state (``translate.reads_state``)."""
        self.declined: Sequence[Applied] = declined
        self.rest: tuple[list, int] = ([], 0)
        """The line's steps and the offset of the one after this statement (``_restated_ahead``)."""
        """The optional steps declined on the statement's behalf before it is read (it passes
        over them, R-TURN-7): what they did is reported as the statement's own doing."""

    @property
    def text(self) -> str:
        return str(self.step.statement)

    def replay(self, following: notation.Statement | None = None, known: Decision | None = None) -> Snapshot | None:
        """Replay the statement (``known``: its decision, read already); ``following``, the
        next one of its line, tells the engine the decision likely to come next
        (``Game.push``'s ``then``) and decides between two readings of a statement (a
        restated forced step, or a decision of its own). The snapshot it gives; None when it
        is accepted and the replay only checks."""
        replayer, game = self.replayer, self.game
        replayer.seq += 1
        self.seq = replayer.seq
        statement = self.step.statement
        if known is not None:
            decision = known
        else:
            try:
                decision = decision_for(statement, game.state)
            except (GtrError, KeyError) as error:
                if game.over:
                    return self.over()
                message = error.message if isinstance(error, GtrError) else f"unknown card {error}"
                return self.refuse(message, hint=getattr(error, "hint", None))
        likely = _likely(following, game)
        if likely is not None and following is not None and not reads_state(following):
            self.following = likely
        if game.restates(decision) is not None and _reads_as_restated(game, decision, likely):
            return self.restated(decision)
        left = self._leaves_its_turn(decision)
        if left == "left":
            return self._out_of_turn(decision)
        if left == "declining":  # the step it meets stays open in the record's turn: refused as it stands
            problem = game.check(decision, passing_over=False)
            if problem is not None:
                return self._refused(decision, problem)
        try:
            # resuming past a refusal, a forced step may explain any later statement: keep them all
            applied = game.push(decision, drawn=drawn_listed(statement),
                                then=None if replayer.resume else likely)
        except _REFUSED as problem:
            return self._refused(decision, problem)
        except AllPlaced as error:
            lines = placed_lines(replayer.record, error.card, self.line, replayer.revealed)
            where = (": line" + ("s " if len(lines) > 1 else " ") + ", ".join(map(str, lines))) if lines else ""
            return self.refuse(error.message + where, rule_ids=error.rule_ids, hint=error.hint, legal=False)
        except RulesError as error:
            return self.refuse(error.message, rule_ids=error.rule_ids, hint=error.hint, legal=False)
        if self.declined:
            applied = Applied.joined(self.declined, applied)
        if misplaced := game.misplaced_jacks(applied.events):  # a gap in the rules engine, never let through
            return self.refuse(f"{'; '.join(misplaced)}: a Jack is never a material or a client", rule_ids=("R-JACK-3",),
                               legal=False)
        replayer.accepted(game, applied, self.line, self.column, statement)
        return replayer.visitor.accepted(Moment(self, decision, applied, False, None))

    def restated(self, decision: Decision, made_in: int | None = None) -> Snapshot | None:
        """A step the engine made by itself, written out: checked, not applied again."""
        step: ForcedStep | None = None
        if made_in is None:
            step = self.game.restate(decision)
            self.turn = step.turn
        else:
            self.turn = made_in
        self.replayer.decisions += 1
        return self.replayer.visitor.accepted(Moment(self, decision, self._declined(step), True, None))

    def _declined(self, restated: ForcedStep | None = None) -> Applied | None:
        """What the steps declined on the statement's behalf did, for a statement that pushes
        nothing itself (refused, or restating ``restated``, which the steps made and which it
        says itself: not among the steps the engine then made); None when none was declined."""
        if not self.declined:
            return None
        done = Applied.joined(self.declined)
        done.forced = [f for f in done.forced if f is not restated]
        return done

    def _leaves_its_turn(self, decision: Decision) -> str | None:
        """Whether the game would read the statement as a decision of a later turn, whose
        header the record has not written yet (R-TURN-9): ``"left"`` when the game has left the
        record's turn already, ``"declining"`` when it would leave it by declining the optional
        steps the statement passes over; None otherwise. A statement the later turn refuses too
        is refused for what it says."""
        game = self.game
        state = game.state
        if self.record_turn is None or state.over:
            return None
        if state.turn > self.record_turn:
            if self.next_header is None or self.next_header > state.turn:
                return None  # the record writes no header of the turn the game has moved on to: it left it out
            return "left" if game.check(decision) is None else None
        if not state.steps or game.check(decision, passing_over=False) is None:
            return None  # no optional step to pass over, or a legal answer to the one waiting
        passes = game.not_taken(decision)
        if not passes:
            return None
        trial = game.copy()
        for decline in passes:
            trial.push(decline)
        return "declining" if trial.state.turn > self.record_turn else None

    def _out_of_turn(self, decision: Decision) -> Snapshot:
        state = self.game.state
        leader = state.players[state.leader].name
        if self.next_header == state.turn:  # its turn's header is written, below it
            where, hint = "comes after it", f"write it under 'turn {state.turn} {leader}'"
        else:
            where, hint = "is not written yet", f"write 'turn {state.turn} {leader}' before it"
        return self.refuse(f"{decision.player} cannot {decision.verb} here: turn {self.record_turn} is over, and this "
                           f"statement would belong to turn {state.turn}, led by {leader}, whose header {where}",
                           rule_ids=("R-TURN-9",), legal=False,  # nothing is legal in the record's turn
                           hint=f"{hint}, or the step it answers in turn {self.record_turn}")

    def _refused(self, decision: Decision, problem: RulesError) -> Snapshot | None:
        """A statement the rules refuse as it stands: a step the engine already made, or will
        make once a decision written after it is made (restated, which is no refusal), or a
        refusal with its one reason."""
        game = self.game
        if game.restates(decision) is not None:
            return self.restated(decision)
        if game.over:
            return self.over()
        steps, after = self.rest
        ahead = _restated_ahead(game, decision, [s.statement for _, s in steps[after:after + _AHEAD]])
        if ahead is not None:
            return self.restated(decision, ahead)
        passed = game.pass_over(decision)
        if passed:
            self.declined = (*self.declined, *passed)
            return self.restated(decision)
        problem = game.refusal(decision, problem)
        geek = left_out(game.state.ruleset, named_cards(decision), game.state.expansions)
        if geek:  # a Geek card the Expansion tag does not put in the game (R-VER-2)
            return self.refuse(f"{problem.message}; {not_in_game(geek)}", rule_ids=(*problem.rule_ids, "R-VER-2"),
                               hint=geek_hint(geek, game.state.expansions))
        return self.refuse(problem.message, rule_ids=problem.rule_ids, hint=problem.hint)

    def refuse(self, message: str, *, rule_ids=(), hint: str | None = None, legal: bool = True) -> Snapshot:
        """The statement is refused: report it (with the legal choices, when asked) and snap."""
        game, replayer = self.game, self.replayer
        texts = _legal_texts(game, self.text) if legal and not game.over else ()
        diagnostic = replayer.report(self.line, self.column, self.text, message, rule_ids=rule_ids, hint=hint,
                                     heard=heard_text(self.step.statement),
                                     state=game.state, player=self.step.statement.actor, path=self.path, legal=texts)
        return replayer.visitor.snapshot(Moment(self, None, self._declined(), False, diagnostic))

    def over(self) -> Snapshot:
        state = self.game.state
        if state.ended_by is None and state.end_reason is not None:  # a position of a game that has ended
            reason = state.end_reason
            if reason == "deck":
                return self.refuse("the game is already over: the position's deck is empty",
                                   rule_ids=("R-END-1", "R-END-2"),
                                   hint="give the deck's cards or their number in the position ('deck: 40')",
                                   legal=False)
            if reason in ("last-site", "all-sites"):
                why = "the Sites whose last claim ends the game are all claimed in the position"
                fix = ("no decision follows the end: to play on from here, give the Sites still in town "
                       "('in town: Rubble 1')")
            else:
                why = f"the position shows a completed {reason.capitalize()}, whose completion ends the game"
                fix = ("no decision follows the end: to play on from here, give the building as a foundation, "
                       "not complete")
            return self.refuse(f"the game is already over ({reason}): {why}", rule_ids=("R-END-1", "R-END-2"),
                               hint=fix, legal=False)
        return self.refuse(f"the game is already over ({state.end_reason})", rule_ids=("R-END-2",), legal=False)


def _next_headers(steps, empty: dict[int, list[notation.Turn]]) -> list[int | None]:
    """For each step of a line, the number of the next turn header written after it (None
    when the record writes no later one); ``empty``: the headers with no statement under them,
    by the offset of the step they stand before."""
    found: list[int | None] = [None] * len(steps)
    following: int | None = None
    for offset in range(len(steps) - 1, -1, -1):
        headers = empty.get(offset + 1)
        if headers:
            following = headers[0].number
        found[offset] = following
        turn = steps[offset][0]
        if turn is not None and turn.written:
            following = turn.number
    return found


def _likely(statement: notation.Statement | None, game: Game) -> Decision | None:
    """The decision ``statement`` records, read against the game as it stands, or None."""
    if statement is None:
        return None
    try:
        return decision_for(statement, game.state)
    except (GtrError, KeyError):
        return None


def _legal_texts(game: Game, written: str) -> tuple[str, ...]:
    """The legal statements, closest to ``written`` first, and what unseen cards allow."""
    texts = [legal_text(game, d) for d in game.seen_legal()]
    if game.state.unseen is not None:
        texts += [t for group in unseen_choices(game.state).values() for t in group]
    return closest_first(written, texts)


def _goes_on(game: Game, decision: Decision) -> bool:
    """Whether ``decision`` reads in ``game``: legal, or a forced step restated."""
    return game.restates(decision) is not None or game.check(decision) is None


def _reads_as_restated(game: Game, decision: Decision, likely: Decision | None) -> bool:
    """A statement that restates a forced step: read so, unless it is also legal now and the
    statement written next goes on only if it is read as a decision of its own (the
    statements after it decide; without one, a legal statement is a decision)."""
    if game.check(decision) is not None:
        return True
    if likely is None:
        return False
    trial = game.copy()
    try:
        trial.push(decision)
    except GtrError:
        return True
    return not _goes_on(trial, likely) and _goes_on(game, likely)


_AHEAD = 5
"""Statements looked at past a refused one for the decision it is written before (a demand's
answers, one a neighbour: at most four)."""


def _restated_ahead(game: Game, decision: Decision, ahead: list[notation.Statement]) -> int | None:
    """A statement written before the decision that comes first, restating a step the engine
    makes by itself once that decision is made: a forced pass written before a power's step
    that precedes it, or the answers to a demand written before the demander's take from the
    Pool (R-LEG-2, R-LEG-3), whatever is written between (a statement that cannot be made now
    either: another answer, read in its turn). The turn that step is made in, or None.
    ``ahead``: the statements written after it."""
    for k, statement in enumerate(ahead):
        likely = _likely(statement, game)
        if likely is None or not k and likely.player == decision.player and likely == decision:
            return None
        trial = game.copy()
        try:
            trial.push(likely, drawn=drawn_listed(statement))
        except GtrError:
            continue  # itself written before the decision that makes it possible, or refused in its turn
        made = trial.restates(decision)
        return None if made is None else made.turn
    return None


def _nested(step: Step) -> int:
    return sum(len(v.steps) + sum(_nested(s) for s in v.steps) for v in step.variations)


def replay(record: Record, *, source: str = "<record>", lenient: bool = False) -> Iterator[Snapshot]:
    """Snapshots of every statement, each state kept (``KeepStates``); strict unless
    ``lenient``, which ends a line at its refused statement."""
    return Replayer(record, KeepStates(Refusal.END_LINE if lenient else Refusal.STOP), source=source).run()
