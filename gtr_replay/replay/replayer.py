"""Replaying a record through the rules engine, one snapshot per statement.

``replay(record)`` yields a ``Snapshot`` for every statement of the main line and of every
variation (a variation replaces the statement it follows and is replayed from the state
before it). Strict mode raises ``IllegalStatement`` at the first statement the rules refuse;
lenient mode yields a snapshot carrying the diagnostic instead, leaves the state as it was,
and goes on with the next statement, so nothing is dropped silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields, replace

import notation
from notation import Record, Step

from gtr_replay.engine import rules, unseen
from gtr_replay.engine.core import ForcedStep, advance, check, pending
from gtr_replay.engine.expected import Expected
from gtr_replay.engine.decisions import Decision, Give, Pass, Think, same_decision
from gtr_replay.engine.draws import check_or_stack
from gtr_replay.engine.events import Event
from gtr_replay.engine.scoring import result, scores
from gtr_replay.engine.state import GameState
from gtr_replay.errors import GtrError, ReplayError, RulesError
from gtr_replay.replay.diagnostics import Diagnostic, closest_first, summary
from gtr_replay.replay.from_game import result_tag
from gtr_replay.replay.start import StartError, geek_hint, left_out, not_in_game, start_state
from gtr_replay.replay.translate import decision_for, statement_for


class IllegalStatement(ReplayError):
    """Strict replay stopped at a statement the rules refuse (``diagnostic`` says why)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic


@dataclass
class Annotation:
    """What a statement changed: cards moved, influence, completions, points (the words a
    reader sees are ``render.narration``'s)."""

    moved: list[str] = field(default_factory=list)
    influence: dict[str, int] = field(default_factory=dict)
    completed: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)
    ended: str | None = None
    powers: list[str] = field(default_factory=list)
    """What building powers did or offered: a step granted, a structure taken or made public."""

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v}


@dataclass(slots=True)
class Snapshot:
    """One replayed statement and the state after it."""

    seq: int
    index: int
    """Position of the statement in its line of play (a variation's first statement has the
    index of the statement it replaces)."""
    path: str
    """'' for the main line; 's.v' for variation v of the statement with seq s, nested with '/'."""
    turn: int
    """The turn the statement was made in (the state after it may be in the next turn)."""
    player: str
    kind: str
    text: str
    line: int
    column: int
    decision: Decision | None
    events: list[Event]
    annotation: Annotation
    """What the statement changed; empty (one shared object) in a replay that only checks."""
    comments: tuple[str, ...]
    glyphs: tuple[str, ...]
    state_dict: dict
    """The state after the statement, serialised (``GameState.to_dict``)."""
    forced: bool = False
    """The statement restates a decision the engine had already made (a forced action)."""
    diagnostic: Diagnostic | None = None
    made: tuple[Decision, ...] = ()
    """The decisions the engine then made by itself (each the only legal choice), in order."""
    live: GameState | None = None
    """With ``Replayer(keep_states="live")``: the replay's own state, current only until the
    next snapshot is asked for (``state_dict`` is then left empty)."""

    @property
    def state(self) -> GameState:
        """The state after the statement, as a fresh object."""
        return GameState.from_dict(self.state_dict)


_UNANNOTATED = Annotation()
"""The annotation of every snapshot of a replay that only checks (``keep_states=False``):
empty, and shared, so it is read, never changed."""

_POINT_ZONES = frozenset({"vault", "stockpile"})


def _changes_points(events: list[Event]) -> bool:
    """Whether the events can change anyone's points: influence, vaults, stockpiles, the end."""
    for e in events:
        if e.kind in ("influence", "complete", "game-end") or (
                e.kind == "move" and (e.source in _POINT_ZONES or e.target in _POINT_ZONES)):
            return True
    return False


def annotate(events: list[Event], state: GameState, points: dict[str, int] | None = None) -> Annotation:
    """What the events did, and everyone's points now (``points`` when known unchanged)."""
    note = Annotation()
    for e in events:
        if e.kind == "move" and e.source == e.target == "building":  # a structure changes owner
            note.powers.append(f"{e.player} takes {e.card} ({e.text})")
        elif e.kind == "move":
            note.moved.append(f"{e.player}: {e.card} {e.source} -> {e.target}")
        elif e.kind == "influence":
            note.influence[e.player] = note.influence.get(e.player, 0) + (e.value or 0)
        elif e.kind == "complete":
            note.completed.append(f"{e.player}'s {e.card}")
        elif e.kind == "game-end":
            note.ended = e.text
        elif e.kind == "step":
            note.powers.append(f"{e.card}: {e.player} may {e.text}")
        elif e.kind == "public":
            note.powers.append(f"{e.player}'s {e.card} is public")
    note.points = points if points is not None else {s.player: s.total for s in scores(state)}
    return note


class Replayer:
    """Replays one record; ``run()`` yields snapshots, ``diagnostics`` collects problems."""

    def __init__(self, record: Record, *, source: str = "<record>", lenient: bool = False,
                 keep_states: bool | str = True) -> None:
        self.record = record
        self.source = source
        self.lenient = lenient
        self.keep_states = keep_states
        self.diagnostics: list[Diagnostic] = []
        self.seq = 0
        self.final: GameState | None = None
        self.start: GameState | None = None
        self.complete = True
        """False when lenient replay had to stop the main line early."""
        self._points: dict[int, dict[str, int]] = {}
        self.warnings: list[Diagnostic] = []
        """Buildings completed whose power is not written yet: the replay ignores their
        function, so it (and the score) may be wrong from there on."""
        self._unwritten: list[str] = []
        self._made_by: dict[int, tuple[int, int]] = {}
        """For each forced step still restatable (by id): the seq of the statement whose
        decision the engine made it after, and its place among the steps made then."""
        self._keep_passes_at: int | None = None
        self._kept_passes: list[ForcedStep] | None = None
        """A replay run again to explain a refusal keeps the states before the passes the
        engine made after one statement (``_state_before``)."""
        self._revealed: dict[str, list[int]] = {}
        """Lines where a statement revealed an unseen card, by card (``engine.unseen``)."""

    # -- reporting ---------------------------------------------------------------------------
    def _report(self, line: int, column: int, statement: str, message: str, *, rule_ids=(), hint=None,
                state: GameState | None = None, player: str | None = None, path: str = "",
                legal: tuple[str, ...] = ()) -> Diagnostic:
        diagnostic = Diagnostic(self.source, line, column, statement, message, tuple(rule_ids), hint,
                                summary(state, player) if state is not None else "", legal, path)
        self.diagnostics.append(diagnostic)
        if not self.lenient:
            raise IllegalStatement(diagnostic)
        return diagnostic

    def _legal_texts(self, state: GameState, written: str) -> tuple[str, ...]:
        texts = [str(statement_for(d, state, [])) for d in unseen.seen_decisions(state)]
        return closest_first(written, texts)

    # -- replay ------------------------------------------------------------------------------
    def run(self) -> Iterator[Snapshot]:
        try:
            state, _ = start_state(self.record)
        except StartError as error:
            self._report(error.line, error.column, "", error.message, rule_ids=error.rule_ids, hint=error.hint)
            return
        self.start = state.copy()
        for player in state.players:
            for building in player.buildings:
                if building.complete:
                    self._warn_unwritten(state, player.name, building.foundation, 0, 0, "position")
        steps: list[tuple[notation.Turn | None, Step]] = []
        for turn in self.record.turns:
            for n, step in enumerate(turn.steps):
                steps.append((turn if n == 0 else None, step))
        yield from self._line(state, steps, "", 1)
        self.final = state
        if self.complete:
            self._check_result(state)

    def _line(self, state: GameState, steps, path: str, first_index: int) -> Iterator[Snapshot]:
        """Replay one line of play. In lenient mode a refused statement ends the line: its
        later statements depend on it, so they are reported as not replayed, in one place."""
        forced: list[ForcedStep] = []
        """Steps the engine made by itself that a statement may still restate."""
        known: Decision | None = None
        """The next statement's decision, when the engine has found it legal already."""
        last = len(steps) - 1
        upcoming = _Next(None)
        """The next statement, for the engine to read (one object for the line, moved on)."""
        for offset, (turn, step) in enumerate(steps):
            index = first_index + offset
            if turn is not None and not self._check_turn_header(state, turn, path):
                self._skipped(steps[offset:], path, "the turn header above them is wrong")
                return
            variations = step.variations if step.notes else ()
            before = state.copy() if variations else None
            if offset < last:
                upcoming.statement, upcoming.legal = steps[offset + 1][1].statement, None
                snapshot = self._step(state, step, path, index, forced, upcoming, known)
                known = upcoming.legal if snapshot.diagnostic is None and state.unseen is None else None
            else:
                snapshot = self._step(state, step, path, index, forced, None, known)
            yield snapshot
            if snapshot.diagnostic is not None:
                self._skipped(steps[offset + 1:], path, f"they follow the refused statement at line {snapshot.line}")
                return
            for v, variation in enumerate(variations, 1):
                branch = before.copy()
                vsteps = [(None, s) for s in variation.steps]
                yield from self._line(branch, vsteps, f"{path}/{snapshot.seq}.{v}".lstrip("/"), index)

    def _skipped(self, rest, path: str, why: str) -> None:
        """Report the statements of a line that were not replayed (never dropped silently)."""
        if not path:
            self.complete = False
        count = sum(1 + _nested(step) for _, step in rest)
        if not count:
            return
        first = rest[0][1]
        last = rest[-1][1]
        self._report(first.span.line, first.span.column, str(first.statement),
                     f"{count} statement(s) from line {first.span.line} to line {last.span.line} were not replayed: "
                     f"{why}", hint="correct the first problem and check again", path=path)

    def _check_turn_header(self, state: GameState, turn: notation.Turn, path: str) -> bool:
        if state.over:
            return True
        leader = state.players[state.leader].name
        if turn.number != state.turn or turn.leader != leader:
            self._report(turn.span.line, turn.span.column, f"turn {turn.number} {turn.leader}",
                         f"this is turn {state.turn}, led by {leader}", rule_ids=("R-TURN-9",),
                         hint=f"write 'turn {state.turn} {leader}'", path=path)
            return False
        return True

    def _step(self, state: GameState, step: Step, path: str, index: int, forced: list[ForcedStep],
              upcoming: Expected | None = None, known: Decision | None = None) -> Snapshot:
        """Replay one statement. ``upcoming`` reads the next one, which the engine expects
        next: when it is legal beside a pass, nothing is forced (``core.forced_decision``).
        ``known`` is this statement's decision when the engine found it legal that way."""
        self.seq += 1
        statement = step.statement
        here = _Here(self, state, step, path, index)
        if known is not None:
            decision, problem = known, None
        else:
            try:
                decision = decision_for(statement, state)
            except (GtrError, KeyError) as error:
                if state.over:
                    return here.over()
                message = error.message if isinstance(error, GtrError) else f"unknown card {error}"
                return here.refuse(message, hint=getattr(error, "hint", None))
            problem = check(state, decision)
        if problem is not None:
            refused = self._refused(here, state, decision, problem, forced)
            if refused is not None:
                return refused
        # earlier forced steps can no longer be restated, but for the other answers to the
        # same demand: the rulebooks set no order between the neighbours (R-LEG-3)
        if forced:
            forced[:] = [f for f in forced if type(decision) is Give and type(f.decision) is Give
                         and f.decision.to == decision.to and f.turn == state.turn]
        if isinstance(decision, Think) and decision.option != "jack":
            drawn = getattr(statement, "drawn", None)
            try:
                self._prepare_draw(state, decision, drawn)
            except RulesError as error:
                return here.refuse(error.message, rule_ids=error.rule_ids, hint=error.hint, legal=False)
        ruled_out = unseen.ruled_out_by(state, decision) if state.unseen is not None and type(decision) is Give \
            else None
        keep = self._keep_passes_at == self.seq  # a replay run again to explain a refusal
        applied = advance(state, decision, checked=True, with_states=keep, expected=upcoming)
        if keep:
            self._kept_passes = applied.forced
        for n, made in enumerate(applied.forced):
            self._made_by[id(made)] = (self.seq, n)
        forced.extend(applied.forced)
        if ruled_out:
            try:
                unseen.rule_out(state, state.player(decision.player).hand, ruled_out)
            except RulesError as error:
                return here.refuse(error.message, rule_ids=error.rule_ids, hint=error.hint, legal=False)
        for e in applied.events:
            if e.kind == "complete":
                self._warn_unwritten(state, e.player, e.card, here.line, here.column, here.text)
        return here.snap(decision, applied.events,
                         made=tuple(f.decision for f in applied.forced) if applied.forced else ())

    def _refused(self, here: _Here, state: GameState, decision: Decision, problem: RulesError,
                 forced: list[ForcedStep]) -> Snapshot | None:
        """A statement the rules refuse as it stands: a card an unseen zone may hold, a step
        the engine already made (restated), or a refusal. None when it turns out legal."""
        if state.unseen is None and not state.deck_known and unseen.face_down_from_deck(decision):
            # the first card taken face down from a deck of unknown order: from now on the
            # deck's cards are unseen, as after an unseen draw (B-ATRIUM-1, AMB-25)
            hidden = state.copy()
            unseen.hide(hidden)
            if check(hidden, decision) is None:
                unseen.hide(state)
                return None
        if unseen.names_unseen(decision):
            return here.refuse("'?' stands for a card the recorder did not see, but this statement shows the card "
                               "to the table", rule_ids=problem.rule_ids,
                               hint="name the card; '?' is for draws and hidden zones only")
        if state.unseen is not None:
            try:
                problem = self._reveal(state, decision, problem, here.line)
            except RulesError as error:
                return here.refuse(error.message, rule_ids=error.rule_ids, hint=error.hint, legal=False)
            if problem is None:
                return None
        found = _restated(decision, forced)
        if found is not None:
            # a step the engine already made: checked, not applied again. A statement
            # that is also legal now is a decision of its own (a pass after a forced pass)
            here.turn = forced[found].turn  # made in the turn before any cleanup it led to
            del forced[:found + 1]
            return here.snap(decision, [], is_forced=True)
        if state.over:
            return here.over()
        problem = self._real_reason(state, decision, forced) or problem
        geek = left_out(state.ruleset, _named_cards(decision), state.expansions)
        if geek:  # a Geek card the Expansion tag does not put in the game (R-VER-2)
            return here.refuse(f"{problem.message}; {not_in_game(geek)}", rule_ids=(*problem.rule_ids, "R-VER-2"),
                               hint=geek_hint(geek, state.expansions))
        return here.refuse(problem.message, rule_ids=problem.rule_ids, hint=problem.hint)

    def _real_reason(self, state: GameState, decision: Decision, forced: list[ForcedStep]) -> RulesError | None:
        """Why ``decision`` was not legal before the engine made its player's step by itself:
        a pass of its actions, or its one possible answer to a demand. A statement of a kind
        the game waits for now is refused for what it says, as it stands."""
        prompt = pending(state)
        if prompt is not None and type(decision) in prompt.decisions and prompt.player == decision.player:
            return None
        passing = Pass(decision.player)
        for step in forced:
            made = step.decision
            if made == passing:
                problem = check(self._state_before(step), decision)
                if problem is not None:
                    problem.message += f"; with nothing legal to do, {decision.player}'s actions ended by themselves"
                    return problem
            elif type(made) is Give and type(decision) is Give and made.player == decision.player \
                    and decision.to in ("", made.to):  # 'Glory to Rome' names nobody
                problem = check(self._state_before(step), replace(decision, to=made.to))
                if problem is not None:
                    only = statement_for(made, state, [])
                    problem.message += f"; the engine made {decision.player}'s only answer: '{only}'"
                    return problem
        return None

    def _state_before(self, step: ForcedStep) -> GameState:
        """The state a forced step was made in. Only a refusal asks, so it is not kept on the
        way: the record is replayed again up to the statement the step followed."""
        seq, n = self._made_by[id(step)]
        again = Replayer(self.record, source=self.source, lenient=True, keep_states=False)
        again._keep_passes_at = seq
        for _ in again.run():
            if again._kept_passes is not None:
                break
        return again._kept_passes[n].before

    def _reveal(self, state: GameState, decision: Decision, problem: RulesError, line: int) -> RulesError | None:
        """A decision naming cards its player's hand lacks, while the hand holds unseen cards:
        legal if revealing them makes it so (then they are bound), else ``problem`` stands.
        Raises when the reveal is impossible (every copy placed, or ruled out)."""
        cards = unseen.reveal_for(state, decision)
        if not cards:
            return problem
        trial = state.copy()
        try:
            unseen.reveal(trial, decision, cards)
        except unseen.AllPlaced as error:
            lines = self._placed_lines(error.card, line)
            if lines:
                error.message += ": line" + ("s " if len(lines) > 1 else " ") + ", ".join(map(str, lines))
            raise
        if check(trial, decision) is not None:
            return problem
        unseen.reveal(state, decision, cards)
        for card in cards:
            self._revealed.setdefault(card, []).append(line)
        return None

    def _placed_lines(self, card: str, before: int) -> list[int]:
        """The lines that show the copies of ``card`` before line ``before``: the opening
        block's lines, the draws listing it, the statements that revealed it."""
        lines: list[int] = []
        start = self.record.start
        for block_line in getattr(start, "lines", ()):
            shown = [*(getattr(block_line, "cards", None) or ()), *(d.card for d in getattr(block_line, "draws", ()))]
            if isinstance(block_line, notation.Building):
                shown += [block_line.foundation, *block_line.materials]
            lines += [block_line.span.line] * shown.count(card)
        for step in self.record.steps:
            if step.span.line >= before:
                break
            drawn = getattr(step.statement, "drawn", None) or ()
            lines += [step.span.line] * list(drawn).count(card)
        lines += [n for n in self._revealed.get(card, ()) if n < before]
        return sorted(lines)

    def _check_range(self, written: str, ranges: dict[str, tuple[int, int]], state: GameState, line: int,
                     column: int) -> None:
        """A Result tag where unseen vault cards decide the scores: each score must be one some
        assignment of them gives (it then says what they were worth)."""
        hidden = sum(unseen.unseen_vault(state).values())
        possible = unseen.result_text(ranges, state)
        scores = _written_scores(written)
        wrong = [name for name, (lo, hi) in ranges.items()
                 if scores is None or name not in scores or not lo <= scores[name] <= hi]
        if wrong:
            self._report(line, column, f'[Result "{written}"]', f"the replay gives {possible!r}: the scores "
                         f"depend on {hidden} unseen vault card(s)", rule_ids=("R-SCORE-2", "R-MER-2"),
                         hint=f"give each player's score within that range: {', '.join(wrong)} is not")

    def _warn_unwritten(self, state: GameState, player: str, building: str, line: int, column: int,
                        statement: str) -> None:
        """A building whose power is not written yet is complete: say so once per building."""
        if building in self._unwritten or rules.power_of(state, building) is not None:
            return
        self._unwritten.append(building)
        self.warnings.append(Diagnostic(
            self.source, line, column, statement,
            f"{player}'s {building} is complete, but its power is not written yet: this replay leaves it out, "
            "so what follows and the score may be wrong", hint=f"gtr cards --missing --ruleset {state.ruleset} "
            "lists the buildings without a power"))

    def _prepare_draw(self, state: GameState, decision: Think, drawn: tuple[str, ...] | None) -> None:
        if drawn is None and state.deck_known:
            return  # the deck's order is known: the engine draws from its top
        want = min(rules.think_draws(state, state.index(decision.player), decision.option), len(state.deck))
        if drawn is None:
            raise RulesError(f"the deck's order is unknown, so the record must list the {want} card(s) "
                             f"{decision.player} draws", rule_ids=("R-THINK-1",),
                             hint=f"write '{decision.player} thinks: {decision.option} [...]'")
        if len(drawn) != want:
            raise RulesError(f"{decision.player}'s {decision.option} draws {want} card(s); the record lists "
                             f"{len(drawn)}", rule_ids=("R-THINK-1", "R-THINK-2"))
        check_or_stack(state, tuple(drawn), decision.player)

    def _check_result(self, state: GameState) -> None:
        written = self.record.tag("Result")
        if written is None:
            return
        line, column = next(((t.span.line, t.span.column) for t in self.record.tags if t.name.lower() == "result"),
                            (0, 0))
        if not state.over:
            self._report(line, column, f'[Result "{written}"]', "the record ends before the game does, so it "
                         "has no result yet", rule_ids=("R-END-1",), hint="remove the Result tag or finish the game")
            return
        ranges = unseen.score_ranges(state) if state.unseen is not None and state.winner is None else None
        if ranges is not None:
            self._check_range(written, ranges, state, line, column)
            return
        actual = result_tag(result(state))
        doubt = (f"; the score may be wrong: {', '.join(self._unwritten)} "
                 f"{'has' if len(self._unwritten) == 1 else 'have'} no power yet") if self._unwritten else ""
        if " ".join(written.split()) != actual:
            self._report(line, column, f'[Result "{written}"]', f"the replay gives {actual!r}{doubt}",
                         rule_ids=("R-SCORE-2",), hint=f'write [Result "{actual}"]')
        elif doubt:
            self.warnings.append(Diagnostic(self.source, line, column, f'[Result "{written}"]',
                                            f"the replay agrees with the Result{doubt}", ("R-SCORE-2",)))


class _Here:
    """The statement being replayed, where it stands, and the snapshot it gives: made once
    per statement, so the replay's common path reads plain attributes."""

    __slots__ = ("replayer", "state", "step", "path", "index", "turn", "text", "line", "column")

    def __init__(self, replayer: Replayer, state: GameState, step: Step, path: str, index: int) -> None:
        self.replayer, self.state, self.step, self.path, self.index = replayer, state, step, path, index
        self.turn = state.turn
        """The turn the statement is made in (a restated forced step: the turn it was made in)."""
        statement = step.statement
        self.text = str(statement)
        span = statement.span
        self.line, self.column = span.line or step.span.line, span.column or step.span.column

    def snap(self, decision: Decision | None, events: list[Event], *, is_forced: bool = False,
             diagnostic: Diagnostic | None = None, made: tuple[Decision, ...] = ()) -> Snapshot:
        replayer, state, step = self.replayer, self.state, self.step
        keep = replayer.keep_states
        if keep:
            kept = state.to_dict() if keep != "live" else {}
            points = replayer._points.get(id(state))
            note = annotate(events, state, None if points is None or _changes_points(events) else points)
            replayer._points[id(state)] = note.points
        else:  # checking only: no snapshot to keep, nothing to annotate
            kept, note = {}, _UNANNOTATED
        statement = step.statement
        comments = tuple(c.text for c in step.comments) if step.notes else ()
        return Snapshot(replayer.seq, self.index, self.path, self.turn, statement.actor, statement.kind, self.text,
                        self.line, self.column, decision, events, note, comments, tuple(step.glyphs), kept,
                        is_forced, diagnostic, made, state if keep == "live" else None)

    def refuse(self, message: str, *, rule_ids=(), hint: str | None = None, legal: bool = True) -> Snapshot:
        """The statement is refused: report it (with the legal choices, when asked) and snap."""
        state, replayer = self.state, self.replayer
        texts = replayer._legal_texts(state, self.text) if legal and not state.over else ()
        diagnostic = replayer._report(self.line, self.column, self.text, message, rule_ids=rule_ids, hint=hint,
                                      state=state, player=self.step.statement.actor, path=self.path, legal=texts)
        return self.snap(None, [], diagnostic=diagnostic)

    def over(self) -> Snapshot:
        return self.refuse(f"the game is already over ({self.state.end_reason})", rule_ids=("R-END-2",), legal=False)


class _Next(Expected):
    """The record's next statement, as the decision the engine may expect next."""

    __slots__ = ("statement",)

    def __init__(self, statement: notation.Statement | None = None) -> None:
        self.legal: Decision | None = None
        self.statement = statement

    def read(self, state: GameState) -> Decision | None:
        """The decision the statement records, or None when it does not read against ``state``."""
        try:
            return decision_for(self.statement, state)
        except (GtrError, KeyError):
            return None


def _written_scores(written: str) -> dict[str, int] | None:
    """``Ann 24, Ben 19`` as a dict, or None when the tag says no points."""
    found = {}
    for part in written.split(","):
        name, _, points = part.strip().rpartition(" ")
        if not name or not points.isdigit():
            return None
        found[name] = int(points)
    return found


def _restated(decision: Decision, forced: list[ForcedStep]) -> int | None:
    """Which forced step, if any, the decision restates (the same decision however its cards
    are ordered: decisions are compared, not their text)."""
    for n, step in enumerate(forced):
        if same_decision(step.decision, decision):
            return n
    return None


def _named_cards(decision: Decision) -> list[str]:
    """The card names a decision holds (its cards, buildings and foundations)."""
    names: list[str] = []
    for f in fields(decision):
        value = getattr(decision, f.name)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, tuple):
            names.extend(v for v in value if isinstance(v, str))
    return names


def _nested(step: Step) -> int:
    return sum(len(v.steps) + sum(_nested(s) for s in v.steps) for v in step.variations)


def replay(record: Record, *, source: str = "<record>", lenient: bool = False) -> Iterator[Snapshot]:
    """Snapshots of every statement (see ``Replayer``); strict unless ``lenient``."""
    return Replayer(record, source=source, lenient=lenient).run()
