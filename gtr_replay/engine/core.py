"""Behind ``Game``: who must decide, what is legal, and a decision performed.

``advance`` changes the state in place (what ``Game.push`` does to its state) and reports the
events and the forced steps. After each decision the engine makes every *action* that has
exactly one legal choice by itself (a neighbour with one way to answer a demand, a player with
nothing to do but pass), so a record only lists real choices. Leading, following and thinking
are never made for a player: each is the player's own statement in the turn, and a think may
draw cards the record has to show.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Final

from gtr_replay.engine import citations, flow, handlers, rules, spent, unseen  # noqa: F401  (registers the handlers)
from gtr_replay.game.decisions import (Decision, Discard, Follow, Give, Lead, Pass, Surrender, TakeFromDeck,
                                       TakeFromPool, Think, kind_words, same_decision)
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.outcomes import Applied, ForcedStep, Prompt
from gtr_replay.game.piles import is_unseen
from gtr_replay.engine.handlers.base import HANDLERS, Handler
from gtr_replay.game.state import GameState, Phase
from gtr_replay.game.steps import ROLE_ACTIONS, Step, answers_with_discard, discard_answers
from gtr_replay.enums import JACK, Role
from gtr_replay.errors import IllegalDecisionError, NotYourDecisionError, RulesError
from gtr_replay.data.ruling_types import LegionaryGive


_PHASES: Final[dict[Phase, tuple[type[Decision], ...]]] = {
    Phase.LEAD: (Lead, Think),
    Phase.FOLLOW: (Follow, Think),
    Phase.POOL: (TakeFromPool, Pass),
    Phase.GIVE: (Give,),
}

_ROLE_KIND: Final = {role: role.value.lower() for role in ROLE_ACTIONS}
_PHASE_KIND: Final = {phase: phase.value for phase in Phase}
"""A prompt's kind, the role or phase as a plain word (read once: an enum's value is slow to get)."""

_PROMPTS: Final[dict[tuple, Prompt]] = {}
"""Every prompt made, by its values (``_prompt``)."""

_OWN_STATEMENT: Final = frozenset({Phase.LEAD, Phase.FOLLOW, Phase.OVER})
"""Phases whose decision is always recorded, even when only one choice is legal."""

_THINK_ONLY: Final = (Think,)

_KIND_RULE: Final = {Phase.LEAD: "R-TURN-1", Phase.FOLLOW: "R-TURN-2", Phase.POOL: "R-LEG-2", Phase.GIVE: "R-LEG-3",
              Phase.END: "R-TURN-8"}


def pending(state: GameState) -> Prompt | None:
    """The decision the game waits for, or None once it is over. A granted step comes first,
    in any phase; where a Thinker action may be taken, a power may offer a discard before it
    (B-LATRINE-1, B-VOMITORIUM-1)."""
    phase = state.phase
    if phase is Phase.OVER:
        return None
    if state.steps:
        step = state.steps[-1]
        kinds = step.answers()
        if Think in kinds and discard_answers(step) and _may_discard(state, step.player):
            kinds = answers_with_discard(kinds)
        return _prompt(step.kind, state.players[step.player].name, kinds, step.player)
    i = state.current
    if phase is Phase.ACTIONS:
        role: Role = state.led_role  # type: ignore[assignment]  # set whenever actions are resolved
        return _prompt(_ROLE_KIND[role], state.players[i].name, ROLE_ACTIONS[role], i)
    if phase is Phase.GIVE and state.rulings.legionary_give is LegionaryGive.DEMANDER_CHOOSES:
        i = state.demand().demander
    kinds = _PHASES[phase]
    if (phase is Phase.LEAD or phase is Phase.FOLLOW) and _may_discard(state, i):
        kinds = answers_with_discard(kinds)
    return _prompt(_PHASE_KIND[phase], state.players[i].name, kinds, i)


def _prompt(kind: str, player: str, decisions: tuple[type[Decision], ...], index: int) -> Prompt:
    """The prompt, made once: the engine asks for one after every decision, and a game asks
    the same few again and again."""
    key = (kind, player, decisions, index)
    found = _PROMPTS.get(key)
    if found is None:
        if len(_PROMPTS) > 4096:  # names differ between records: keep the cache small
            _PROMPTS.clear()
        found = _PROMPTS[key] = Prompt(*key)
    return found


def _may_discard(state: GameState, i: int) -> bool:
    """Whether a power lets player ``i`` discard before thinking (B-LATRINE-1, B-VOMITORIUM-1);
    the common answer, no power to ask, without folding."""
    return bool(rules.active_powers(state, i, "before_think")) and bool(rules.fold(state, i, "before_think"))


def legal_decisions(state: GameState, *, surrender: bool = False) -> list[Decision]:
    """Every legal decision now, in a stable order. Surrender is accepted at any point but
    listed only when asked for."""
    found = choices(state, surrender=surrender)
    return [] if found is None else found.all()


class Choices:
    """The legal decisions at one moment, counted kind by kind (``Handler.sample``) and built
    only when asked: how many there are (``total``), the k-th in ``legal_decisions``' order
    (``decision``), all of them (``all``). Valid until the state changes."""

    __slots__ = ("prompt", "counted", "total")

    def __init__(self, prompt: Prompt, counted: list[tuple[int, Callable[[int], Decision]]], total: int) -> None:
        self.prompt = prompt
        self.counted = counted
        self.total = total

    def decision(self, k: int) -> Decision:
        for n, build in self.counted:
            if k < n:
                return build(k)
            k -= n
        raise IndexError(f"choice {k} of {self.total}")

    def all(self) -> list[Decision]:
        return [build(k) for n, build in self.counted for k in range(n)]

    def draw(self, rng: Random) -> Decision:
        """One of them uniformly at random: the one ``rng.choice(self.all())`` would draw."""
        if not self.total:
            raise AssertionError(f"no legal decision for {self.prompt}")  # a gap in the rules engine
        return self.decision(rng.randrange(self.total))


def choices(state: GameState, prompt: Prompt | None = None, *, surrender: bool = False) -> Choices | None:
    """The legal decisions now, counted (``Choices``; a surrender only when asked for); None
    once the game is over."""
    prompt = prompt or pending(state)
    if prompt is None:
        return None
    i = prompt.index
    counted = []
    total = 0
    for kind in prompt.decisions + ((Surrender,) if surrender else ()):
        n, build = HANDLERS[kind].sample(state, i)
        if n:
            counted.append((n, build))
            total += n
    return Choices(prompt, counted, total)


def check(state: GameState, decision: Decision) -> RulesError | None:
    """Why ``decision`` is illegal now (an error to raise), or None if it is legal."""
    prompt = pending(state)
    if prompt is None:
        return IllegalDecisionError(f"the game is over ({state.end_reason}); no decision can follow",
                                    rule_ids=("R-END-2",), actor=decision.player, turn=state.turn)
    error = _check(state, prompt, decision)
    if error is not None:  # a card's rules as the ruleset in play numbers them (BC-LATRINE-1)
        error.rule_ids = citations.cited(state.ruleset, error.rule_ids)
    return error


def _check(state: GameState, prompt: Prompt, decision: Decision) -> RulesError | None:
    handler: Handler | None = HANDLERS.get(type(decision))
    if handler is None or (type(decision) not in prompt.decisions and type(decision) is not Surrender):
        expected = kind_words(prompt.decisions)
        rule_ids: tuple[str, ...] = (_KIND_RULE[state.phase],) if state.phase is not Phase.ACTIONS else ()
        role = ""
        if state.steps:
            step = state.steps[-1]
            role = f" (the {step.power}'s step comes first: {step}{_declines(step)})"
            rule_ids = step_rules(state, step)
        elif state.phase is Phase.ACTIONS:
            role, rule_ids = _led_as(state)
        return _too_late(state, decision, IllegalDecisionError(
            f"{decision.player} cannot {decision.verb} now: the game waits for {prompt.player} to {expected}{role}",
            rule_ids=rule_ids, actor=decision.player, turn=state.turn))
    decider = handler.decider(state, decision)
    if decider != handler.waits_for(state, decision, prompt.player):
        return _too_late(state, decision, NotYourDecisionError(
            f"it is {prompt.player}'s decision, not {decider}'s",
            rule_ids=("R-TURN-2", "R-TURN-6"), actor=decision.player, turn=state.turn))
    found = handler.problem(state, prompt.index, decision)
    if found is None:
        return None
    message, rule_ids = found.message, found.rule_ids
    if state.steps and type(decision) is not Surrender:  # say which step it was to answer
        step = state.steps[-1]
        message += f" (answering the {step.power}'s step: {step})"
        rule_ids += tuple(r for r in step_rules(state, step) if r not in rule_ids)
    return IllegalDecisionError(f"{decision.player} cannot {decision.verb}: {message}",
                                rule_ids=rule_ids, actor=decision.player, turn=state.turn, hint=found.hint)


def step_rules(state: GameState, step: Step) -> tuple[str, ...]:
    """The rules a step answers to: its kind's, then those of the power that granted it."""
    power = rules.power_of(state, step.power)
    found = step.rules + (power.rule_ids if power is not None else ())
    return tuple(dict.fromkeys(found))


def _declines(step: Step) -> str:
    return f"; {step.declined}" if step.declined and Pass in step.answers() else ""


def _led_as(state: GameState) -> tuple[str, tuple[str, ...]]:
    """How the led role was set, for a statement of another role in the actions: a card of
    the role (R-ACT-1), or a Jack, a petition or a card a power lets stand for it, led as
    that role (R-TURN-11, R-JACK-1, R-PET-1)."""
    role = state.led_role
    camp = state.players[state.leader].camp
    if JACK in camp:
        return f" ({role} was led, with a Jack led as {role})", ("R-TURN-11", "R-JACK-1")
    if any(rules.role_of(state, card) is not role for card in camp):
        if len(camp) > 1:
            return f" ({role} was led, with cards led as {role})", ("R-TURN-11", "R-PET-1")
        return f" ({role} was led, with a card led as {role})", ("R-TURN-11",)
    return f" ({role} was led)", ("R-ACT-1",)


def _too_late(state: GameState, decision: Decision, error: RulesError) -> RulesError:
    """A statement whose player has nothing of its kind left: cite the rule that ended it
    (a demand, a petition, a client hired this turn...), then the turn order (``spent``)."""
    reason = spent.explain(state, decision)
    return error if reason is None else with_reason(error, decision, reason)


def with_reason(error: RulesError, decision: Decision, reason: spent.Reason) -> RulesError:
    """``error``, a refusal of ``decision`` by the turn order, with the rule that made the
    difference told first (``reason``)."""
    error.message = f"{decision.player} cannot {decision.verb} now: {reason.text}; {error.message.split(': ', 1)[-1]}"
    error.rule_ids = reason.rule_ids + tuple(r for r in error.rule_ids if r not in reason.rule_ids)
    return error


_DECLINES_AT_MOST: Final = 8
"""Optional steps one statement may pass over (a stack of steps is a few deep at most)."""


def not_taken(state: GameState, decision: Decision, *, restating: bool = False) -> tuple[Pass, ...]:
    """The optional steps ``decision`` passes over: at the table a player who does not use an
    optional power does nothing, and nobody writes anything (R-TURN-7). Where the step on top
    is optional (a pass answers it) and ``decision`` cannot answer it (it is another player's,
    of another kind, or not an answer the step takes: a card from elsewhere, a client that has
    not just acted), the step is read as not taken when ``decision`` is legal once it is
    declined, after the steps the engine then makes by itself; an early action declined waits
    for its place in the turn order. With ``restating``, a ``decision`` that restates one of
    those forced steps passes over the steps before it too. Returns the passes that decline
    them, in order, or () when ``decision`` is legal as it stands or stays illegal."""
    passes: list[Pass] = []
    trial = state
    for _ in range(_DECLINES_AT_MOST):
        if not trial.steps or trial.phase is Phase.OVER:
            return ()
        prompt = pending(trial)
        if prompt is None or Pass not in prompt.decisions:
            return ()
        decline = Pass(prompt.player)  # a pass that answers a step is always legal (R-TURN-7)
        if trial is state:
            trial = state.copy()
        made = advance(trial, decline, checked=True).forced
        passes.append(decline)
        if restating and any(same_decision(f.decision, decision) for f in made):
            return tuple(passes)
        if not restating and check(trial, decision) is None:
            return tuple(passes)
    return ()


def advance(state: GameState, decision: Decision, *, checked: bool = False, then: Decision | None = None,
            explain: bool = True) -> Applied:
    """Check ``decision`` and perform it on ``state`` (in place; ``RulesError``, naming the legal
    choices, when it is illegal), make every forced action that follows, and report the events
    and the steps the engine forced, each forced pass or give with the state it was made in
    (``made_in``: it explains why a later statement by that player had nothing legal left).
    ``checked=True`` skips the check when the caller has just made it. ``then``, the decision
    the caller means to make next, spares counting every choice wherever passing is legal and
    ``then`` settles it (``_settled_by``). It changes no outcome but one: a forced
    step's ``before`` is left out where ``then`` shows it cannot be asked for (``_explains``),
    and always with ``explain=False``, where no refusal is to be explained."""
    return advance_counted(state, decision, checked=checked, then=then, explain=explain)[0]


def advance_counted(state: GameState, decision: Decision, *, checked: bool = False,
                    then: Decision | None = None, explain: bool = True) -> tuple[Applied, Choices | None]:
    """``advance``, and the choices the search for forced actions counted where it stopped
    (None where it counted none): the next decision's, until the state changes."""
    if not checked:
        _raise_if_illegal(state, decision)
    ev: list[Event] = []
    _perform(state, decision, ev)
    forced, then_legal, counted = _make_forced(state, ev, then, explain)
    return Applied(ev, forced, then_legal=then_legal), counted


def _raise_if_illegal(state: GameState, decision: Decision) -> None:
    error = check(state, decision)
    if error is not None:
        error.legal = legal_decisions(state)
        raise error


def _action_prompt(state: GameState) -> Prompt | None:
    """The prompt the engine may answer by itself: an action's or a step's, whose player has
    no unseen card; None at a lead, a follow or a think, once the game is over, or when a
    player holding unseen cards decides (they might do more than the seen cards allow)."""
    if state.phase is Phase.OVER or (state.phase in _OWN_STATEMENT and not state.steps):
        return None
    prompt = pending(state)
    if prompt is None or (state.unseen is not None and unseen.holds_unseen(state, prompt.index)
                          and (state.steps or state.phase is not Phase.POOL)):
        return None  # a take from the Pool names no card of the hand: unseen cards change nothing
    return prompt


def _only_choice(state: GameState, prompt: Prompt) -> tuple[Decision | None, Choices | None]:
    """The only legal choice at ``prompt`` (None when there are more, or it is a think) and,
    where it is None, the choices counted to learn it: the player's to make next."""
    if prompt.decisions == _THINK_ONLY:  # a think is the player's own statement: nothing to search
        return None, None
    found = choices(state, prompt)
    if found is None or not found.total:
        raise AssertionError(f"no legal decision for {prompt}")  # a gap in the rules engine
    if found.total > 1:
        return None, found
    only = found.decision(0)
    if type(only) is Think:  # a think may draw cards the record has to show
        return None, found
    if type(only) is TakeFromDeck and is_unseen(only.card) and len(prompt.decisions) > 1:
        return None, found  # an unseen card turned up may go another way the record names (G-BACCHANALIA-1)
    return only, None


def _perform(state: GameState, decision: Decision, ev: list[Event]) -> None:
    """Perform a checked decision; the step it answers, if any, is taken off the stack first
    (a discard before a think leaves the step for the think it comes before). While it is
    performed, the steps its effects grant wait: the action keeps its own role (R-BUILD-9)."""
    i = flow.waiting_for(state)
    ctx: rules.EngineContext = state.context or rules.query_context(state)
    step = None
    if state.steps and type(decision) is not Surrender and type(decision) is not Discard:
        step = ctx.answering = state.steps.pop()
    first = len(ev)
    ctx.performing = True
    HANDLERS[type(decision)].perform(state, i, decision, ev)
    ctx.performing = False
    ctx.answering = None
    if step is not None and state.phase is not Phase.OVER:
        flow.resume(state, ev)
    if rules.in_play(state, "wins") and flow.may_win(ev, first):
        flow.check_wins(state, ev)


def _make_forced(state: GameState, ev: list[Event], then: Decision | None = None, explain: bool = True) \
        -> tuple[list[ForcedStep], bool, Choices | None]:
    """Perform every action that is the only legal choice (principle: forced moves are
    derived); whether ``then`` was found legal where it stopped; the choices counted there.
    With ``explain``, a forced pass or give keeps the state it was made in where it may explain
    a refusal to come (``_explains``): a copy of the state, left out where none is asked for."""
    steps: list[ForcedStep] = []
    start: GameState | None = None  # the state the first step that may explain a refusal was made in
    made: list[Decision] = []  # the forced decisions made on it since
    while (prompt := _action_prompt(state)) is not None:
        settled = None if then is None else _settled_by(state, prompt, then)
        if settled is True:
            return steps, True, None
        only: Decision | None = settled if isinstance(settled, Decision) else None
        if only is None:
            only, counted = _only_choice(state, prompt)
            if only is None:
                return steps, False, counted
        if explain and type(only) in _EXPLAINING and _explains(only, then):
            if start is None:
                start = state.copy()
            steps.append(ForcedStep(only, state.turn, start, tuple(made)))
        else:
            steps.append(ForcedStep(only, state.turn))
        ev.append(Event(EventKind.AUTO, only.player, text=repr(only)))
        _perform(state, only, ev)
        if start is not None:
            made.append(only)
        if then is not None and then.player == only.player and same_decision(only, then):
            then = None  # it restates this step: what comes after it is not known
    return steps, False, None


def made_in(step: ForcedStep) -> GameState | None:
    """The state a forced pass or give was made in (None where none was kept): the state its
    run of forced steps was first kept in, with the forced decisions made on it before this one
    made again on a copy (a decision's forced steps share one copy of the state)."""
    if step.before is None or not step.made_after:
        return step.before
    state = step.before.copy()
    ev: list[Event] = []
    for decision in step.made_after:
        _perform(state, decision, ev)
    return state


_EXPLAINING: Final = frozenset({Pass, Give, TakeFromPool})
"""Forced decisions whose state may explain a refusal to come (``_explains``)."""


def _explains(forced: Decision, then: Decision | None) -> bool:
    """Whether the state a forced pass, take from the Pool or give was made in may explain a
    refusal to come. A forced pass or take explains its player's next statement (a pass the
    wording in force forbade, AMB-12); a forced give only another give, its
    player's or (R-LEG-3: the neighbours answer a demand in no set order) another player's
    before it (``Game.refusal``). Where ``then`` is known and is neither, none is
    needed: accepted, it ends the forced steps' use; refused, it is refused for what it says."""
    if then is None:
        return True
    return type(then) is Give if type(forced) is Give else then.player == forced.player


def _settled_by(state: GameState, prompt: Prompt, then: Decision) -> Decision | bool | None:
    """What ``then``, the prompted player's next decision, settles of the search for a forced
    action where passing is legal too: True when it is legal beside the pass, or is the pass
    beside another legal choice (two choices: nothing is forced); the pass itself when it is
    the pass and nothing else is legal (the only choice); None when it settles neither. Only
    the first of the other choices is looked for, never all of them counted."""
    kind = type(then)
    if Pass not in prompt.decisions or kind not in prompt.decisions or kind is Think or then.player != prompt.player:
        return None
    i = prompt.index
    passing = Pass(prompt.player)
    if HANDLERS[Pass].problem(state, i, passing) is not None:
        return None
    if kind is not Pass:
        return True if _check(state, prompt, then) is None else None
    for other in prompt.decisions:
        if other is not Pass:
            handler = HANDLERS[other]
            if not handler.none_legal(state, i):
                for _ in handler.legal(state, i):
                    return True
    return passing


def settle(state: GameState) -> list[Event]:
    """Make the forced decisions of a fresh state (after setup or loading a position)."""
    ev: list[Event] = []
    if state.phase is not Phase.OVER:
        flow.check_wins(state, ev)
        _make_forced(state, ev)
    return ev
