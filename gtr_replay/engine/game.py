"""The front door to the rules: a ``Game`` is one game under way, as ``chess.Board`` is one
position in python-chess. Everything outside the engine (the replayer, the store, the views,
the recorder, self-play) reaches the rules through it, with the game's values
(``gtr_replay.game``) as what goes in and comes out.

A game says whose decision it is (``pending``) and what is legal (``legal``, ``check``), and
plays a decision (``push``): checked, performed, then every action that has only one legal
choice made by the engine itself, all reported in an ``Applied``. For a game recorded from one
seat (cards written ``?``) a push binds the unseen cards a decision reveals, and what is legal
can be asked without them (``seen_legal``, ``legal_if_revealed``). Results, scores, card facts
and the limits a view shows are answered here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from random import Random

from gtr_replay.data.cards import Card
from gtr_replay.engine import allowance, core, draws, hidden, invariants, opening, rules, scoring, setup, unseen
from gtr_replay.engine.core import Applied, ForcedStep, Prompt
from gtr_replay.errors import IllegalDecisionError, RulesError
from gtr_replay.game.decisions import Decision, Give, Pass, TakeFromDeck, TakeFromPool, Think, same_decision
from gtr_replay.game.piles import UNSEEN, is_unseen
from gtr_replay.game.events import Event
from gtr_replay.game.position import Position
from gtr_replay.game.scores import Result, Score
from gtr_replay.game.state import Building, GameState, Phase
from gtr_replay.powers.base import Power
from gtr_replay.data.rulesets import RULESETS, RulesetSpec
from gtr_replay.data.rulings import resolve


def _names_the_unseen(state: GameState, made: Decision, written: Decision) -> bool:
    """Whether ``written`` restates ``made``, a take into the hand of a card a power turned up
    unseen (the last left, G-BACCHANALIA-1), naming the card (``[CARD] from deck``): one the
    unseen cards may be."""
    return (type(made) is TakeFromDeck and type(written) is TakeFromDeck and made.player == written.player
            and is_unseen(made.card) and not is_unseen(written.card) and state.unseen is not None
            and written.card in state.unseen)


class Game:
    """One game under way: its state (``state``, read it, never change it but through the
    game) and the events that opened it (``opening``: the setup's deal and leader draw)."""

    __slots__ = ("state", "opening", "explaining", "_found_legal", "_forced", "_listed", "_choices", "_allowances",
                 "_stepped")

    def __init__(self, state: GameState, opening: list[Event] | None = None) -> None:
        self.state = state
        self.opening: list[Event] = opening if opening is not None else []
        self.explaining = False
        """Whether a refused decision is to be explained by the steps the engine made by itself
        before it (``refusal``): each forced pass or give then keeps a copy of the state it was
        made in. A reader of decisions people wrote sets it (the replayer); a program that
        pushes the decisions the game lists or draws has none refused, and a playout need not
        copy the state at every forced pass."""
        self._found_legal: Decision | None = None
        """A decision found legal in the state as it stands (the last push's ``then``, or the
        last ``check``), until the game moves."""
        self._forced: list[ForcedStep] = []
        """The steps the engine made by itself that a statement may still restate (``restates``)."""
        self._listed: tuple[Decision, ...] = ()
        """The decisions the last ``legal()`` listed, until the game moves: one of them pushed
        is legal already and is not checked again (a search's playouts push thousands)."""
        self._choices: core.Choices | None = None
        """The next decision's choices, as the last push counted them looking for a forced
        action (``core.Choices``), until the game moves: ``legal`` and ``random_legal`` read
        them rather than counting again."""
        self._allowances: dict[str, allowance.Allowance] = {}
        """Each player's last actions of a led role, kept while ``explaining``: an action past
        them is refused for the count (``allowance``), which the state no longer shows once
        the turn is over."""
        self._stepped: dict[str, int] = {}
        """The last turn each player took an action of the led role that a power granted
        (``allowance.step_action``), kept with ``_allowances``."""

    def __reduce__(self) -> tuple:
        """A game pickled (sent to another process): its state, opening and forced steps; what
        it counted or listed for the next decision is counted again there."""
        return _unpickled, (self.state, self.opening, self._forced, self.explaining, self._allowances, self._stepped)

    @classmethod
    def new(cls, ruleset: str, players: list[str], *, deck: list[str] | None = None, seed: str | None = None,
            rulings: dict[str, str] | str | None = None, expansion: str | tuple[str, ...] | None = None) -> Game:
        """A game set up from a deck order (``deck``, top first) or a named shuffle (``seed``),
        the hands dealt and the leader drawn (R-SETUP-*); ``expansion`` names the optional
        cards in the deck (R-VER-2)."""
        state, events = setup.new_game(ruleset, players, deck=deck, seed=seed, rulings=rulings, expansion=expansion)
        return cls(state, events)

    @classmethod
    def from_setup(cls, ruleset: str, players: list[str], *, draws: list[str], hands: dict[str, tuple[str, ...]],
                   rulings: dict[str, str] | None = None, expansion: tuple[str, ...] = ()) -> Game:
        """A game dealt as a record's setup block shows it: the leader draw's cards in order
        (``draws``, redeals included) and the hands seen (a hand left out, or a ``?`` in one,
        was not seen). The rest of the deck has no known order: each draw is told its cards
        (``list_draw``)."""
        state, events = opening.from_setup(ruleset, players, resolve(rulings), expansion, draws, hands)
        return cls(state, events)

    @classmethod
    def from_position(cls, ruleset: str, position: Position, *, rulings: dict[str, str] | None = None,
                      expansion: tuple[str, ...] = ()) -> Game:
        """A game from a described position (a rulebook example, a disputed moment), checked
        against the game's cards; its forced decisions made."""
        return cls(opening.from_position(ruleset, resolve(rulings), expansion, position))

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game from a state built by hand (a test's table, a program's own position): an
        instant win it already shows ends it (AMB-15) and the actions with one legal choice are
        made, as after a deal; their events are the game's ``opening``. Unlike
        ``from_position``, the state is taken as it is, not checked against the game's cards."""
        return cls(state, core.settle(state))

    def copy(self) -> Game:
        """An independent game from the same point, to branch a variation."""
        game = Game(self.state.copy(), list(self.opening))
        game._forced = list(self._forced)
        game.explaining = self.explaining
        game._allowances = dict(self._allowances)
        game._stepped = dict(self._stepped)
        return game

    # -- whose decision, and what is legal ------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def spec(self) -> RulesetSpec:
        """The ruleset's numbers."""
        return RULESETS[self.state.ruleset]

    def pending(self) -> Prompt | None:
        """The decision the game waits for: its kind, whose it is, the decision types that
        answer it; None once the game is over."""
        return core.pending(self.state)

    def legal(self, *, surrender: bool = False) -> list[Decision]:
        """Every legal decision now, in a stable order (a surrender only when asked for)."""
        counted = self._choices
        found = counted.all() if counted is not None and not surrender \
            else core.legal_decisions(self.state, surrender=surrender)
        self._listed = tuple(found)
        return found

    def random_legal(self, rng: Random) -> Decision | None:
        """A legal decision drawn uniformly at random with ``rng`` (what a playout pushes):
        the one ``rng.choice(self.legal())`` picks, the same draw from the same ``rng``, but
        counted kind by kind and built alone where a kind can count its choices without
        building them. None once the game is over. Pushed next, it is not checked again."""
        counted = self._choices or core.choices(self.state)
        picked = None if counted is None else counted.draw(rng)
        self._listed = () if picked is None else (picked,)
        return picked

    def check(self, decision: Decision, *, passing_over: bool = True) -> RulesError | None:
        """Why ``decision`` is not legal now (the error, citing its rules), or None. A decision
        that passes over optional steps, legal once they are declined, is legal
        (``core.not_taken``) unless ``passing_over`` is False. A decision found legal as the game
        stands is not checked again when it is pushed next."""
        problem = core.check(self.state, decision)
        if problem is None:
            self._found_legal = decision  # pushed next, it is not checked again
        elif passing_over and core.not_taken(self.state, decision):
            return None
        return problem

    def seen_legal(self) -> list[Decision]:
        """The legal decisions that name no unseen card (a player holding ``?`` cards may
        also make any decision that reveals one of them)."""
        return hidden.seen_decisions(self.state)

    def legal_if_revealed(self) -> list[Decision]:
        """The decisions the deciding player could make by revealing one of their unseen cards."""
        return hidden.legal_if_revealed(self.state)

    # -- playing -----------------------------------------------------------------------------

    def push(self, decision: Decision, *, drawn: tuple[str, ...] | None = None,
             then: Decision | None = None) -> Applied:
        """Play ``decision``: check it, perform it, then make every action that has only one legal
        choice; raises the ``RulesError`` that refuses it, naming the legal choices (its
        ``legal``). For a think that draws, ``drawn`` is what a record lists of the cards it
        draws (see ``list_draw``). ``then``, the decision the caller means to push next when it
        knows it (a record's next statement), spares counting every choice where passing is
        legal and ``then`` settles whether anything is forced (``core._settled_by``), and
        checking it again when it is pushed. It changes no outcome but the forced steps'
        ``before``, left out where ``then`` shows no later statement can ask for it.

        With unseen cards, the first card taken face down from a deck of unknown order makes
        the deck's cards unseen (B-ATRIUM-1, AMB-25); a decision naming cards its player's hand
        lacks reveals them when unseen cards there can be them (``Applied.revealed``; an
        impossible reveal raises ``unseen.AllPlaced``, naming the card); and an answer to a
        demand that gives less than demanded rules the demanded materials out for the unseen
        cards of that hand (R-LEG-3)."""
        state = self.state
        found, self._found_legal = self._found_legal, None
        listed, self._listed = self._listed, ()
        self._choices = None
        known = found is not None and (found is decision or found == decision) or _among(decision, listed)
        problem = None if known else core.check(state, decision)
        revealed: list[str] = []
        declined: list[Applied] = []
        if problem is not None:
            passes = core.not_taken(state, decision)
            if passes:
                declined = [core.advance(state, decline, checked=True, explain=self.explaining) for decline in passes]
            else:
                problem, revealed = self._revealing(decision, problem)
                if problem is not None:
                    if not problem.legal:  # what was legal instead, counted once for legal() too
                        self._choices = core.choices(state)
                        problem.legal = self.legal()
                    raise problem
        if type(decision) is Think:
            if decision.option != "jack":
                self.list_draw(decision, drawn)
            elif drawn is not None:  # a record listing cards for a Jack taken
                raise RulesError(f"{decision.player} takes a Jack: a think of a Jack draws no card from the deck",
                                 rule_ids=("R-THINK-1",), hint=f"write '{decision.player} thinks: jack', with no list")
        ruled_out = hidden.ruled_out_by(state, decision) if state.unseen is not None and type(decision) is Give \
            else frozenset()
        turn = state.turn
        own = None
        acting = state.phase is Phase.ACTIONS
        if acting and self.explaining:  # the count of actions, for a refusal of one too many (allowance)
            own = allowance.own_action(state, decision, self._allowances.get(decision.player))
            if (stepping := allowance.step_action(state)) is not None:
                self._stepped[stepping] = state.turn
        applied, self._choices = core.advance_counted(state, decision, checked=True, then=then,
                                                      explain=self.explaining)
        if own is not None or not acting and self.explaining and state.phase is Phase.ACTIONS:
            self._count_actions(decision, own, acting, applied.forced)
        if applied.then_legal:
            self._found_legal = then
        if ruled_out:
            unseen.rule_out(state, state.player(decision.player).hand, ruled_out)
        applied.revealed = revealed
        applied.turn = turn
        if declined:
            applied = Applied.joined(declined, applied)
        self._remember(decision, turn, applied.forced)
        return applied

    def _count_actions(self, decision: Decision, own: allowance.Allowance | None, acting: bool,
                       forced: list[ForcedStep]) -> None:
        """After ``decision`` (``own``: the allowance it took an action of; ``acting``: whether
        the actions had begun before it): its player's allowance, and as the actions begin,
        the players who have none."""
        state = self.state
        if own is not None:
            self._allowances[decision.player] = allowance.after_action(state, own, decision, forced)
        if not acting and state.phase is Phase.ACTIONS:
            self._allowances.update(allowance.none_had(state))

    def _remember(self, decision: Decision, turn: int, forced: list[ForcedStep]) -> None:
        """After ``decision`` (made in ``turn``): the forced steps before it can no longer be
        restated, but for the other answers to the same demand, which the rulebooks set in no
        order (R-LEG-3); those it led to may be."""
        if self._forced:
            if type(decision) is Give:
                self._forced = [f for f in self._forced if _of_the_demand(f, decision.to, turn)]
            else:
                self._forced = []
        self._forced.extend(forced)

    def not_taken(self, decision: Decision) -> tuple[Decision, ...]:
        """The passes that decline the optional steps ``decision`` passes over (``push`` makes
        them before it; ``core.not_taken``), or ()."""
        return core.not_taken(self.state, decision)

    def pass_over(self, decision: Decision) -> list[Applied]:
        """Decline the optional steps ``decision`` passes over where it then restates a step the
        engine makes by itself once they are declined (a forced pass written with the optional
        step before it left out): what each decline did, in order (none: nothing declined), and
        ``restate`` then reads the decision."""
        return [self.push(decline) for decline in core.not_taken(self.state, decision, restating=True)]

    def restates(self, decision: Decision) -> ForcedStep | None:
        """The step the engine made by itself that ``decision`` restates (a record may write out
        a forced step: the same decision, however its cards are ordered), or None. Only steps
        made since the last decision pushed count, and the answers to the demand under way."""
        taken = False  # a take from the Pool the engine made, the record not writing it
        for step in self._forced:
            made = step.decision
            if type(made) is TakeFromPool and made.player == decision.player:
                taken = True
            elif type(made) is Pass and taken:
                continue  # a pass closing a take the record left out: a decline of that take (AMB-12)
            if same_decision(made, decision) or _names_the_unseen(self.state, made, decision):
                return step
        return None

    def restate(self, decision: Decision) -> ForcedStep:
        """Read ``decision`` as the forced step it restates (``restates``): nothing is played,
        and that step and the ones before it can no longer be restated, but for the other
        answers to the same demand, which come in no set order (R-LEG-3). Raises
        ``ValueError`` when it restates none."""
        step = self.restates(decision)
        if step is None:
            raise ValueError(f"{decision!r} restates no step the engine made")
        if _names_the_unseen(self.state, step.decision, decision):  # the card taken unseen is the one named
            unseen.reveal(self.state, decision, [decision.card])  # type: ignore[attr-defined]
        k = self._forced.index(step)
        made = step.decision
        if type(made) is Give:  # the other answers to the same demand come in no set order (R-LEG-3)
            self._forced = [f for f in self._forced[:k] if _of_the_demand(f, made.to, step.turn)] + self._forced[k + 1:]
        else:
            del self._forced[:k + 1]
        return step

    def refusal(self, decision: Decision, problem: RulesError) -> RulesError:
        """The refusal of ``decision`` (``problem``: as the game stands) with its one reason. Where
        the engine passed for its player because nothing else was legal, or made its player's
        only answer to a demand, and the decision would have answered that step, the reason is
        that step: why the decision was not legal then. Otherwise ``problem`` stands: it
        describes the state the decision met, after every forced step. Only a game
        ``explaining`` keeps the states that tell it; any other gives ``problem``."""
        prompt = self.pending()
        if prompt is not None and type(decision) in prompt.decisions and prompt.player == decision.player:
            return problem
        for step in self._forced:
            made = step.decision
            before = core.made_in(step) if made.player == decision.player else None
            if before is None:
                continue
            if type(made) is Pass:  # a pass written there was legal, so it is never refused for it
                asked = core.pending(before)
                if asked is None or asked.player != decision.player or type(decision) not in asked.decisions:
                    continue  # the pass answered another step: it explains nothing of this decision
                found = core.check(before, decision)
                if found is not None:
                    found.message += f"; with nothing legal to do, {decision.player}'s actions ended by themselves"
                    return found
            elif type(made) is TakeFromPool and type(decision) is Pass:
                found = core.check(before, decision)
                if found is not None:
                    found.message += f"; the engine took {made.card} for {decision.player}, the one Pool card to take"
                    return found
            elif type(made) is Give and type(decision) is Give and decision.to in ("", made.to):
                found = core.check(before, replace(decision, to=made.to))  # 'Glory to Rome' names nobody
                if found is not None:
                    found.message += f"; the engine made {decision.player}'s only answer to this demand"
                    return found
        reason = allowance.explain(self.state, decision, self._allowances.get(decision.player),
                                   self._stepped.get(decision.player))
        return problem if reason is None else core.with_reason(problem, decision, reason)  # one too many

    def push_all(self, decisions: Iterable[Decision]) -> list[Applied]:
        """Play a run of known decisions in order (``push`` each, telling it the next)."""
        run = list(decisions)
        return [self.push(decision, then=run[n + 1] if n + 1 < len(run) else None) for n, decision in enumerate(run)]

    def _revealing(self, decision: Decision, problem: RulesError) -> tuple[RulesError | None, list[str]]:
        """A refused decision that unseen cards may make legal: the problem that stands (None
        when it turned legal) and the cards it revealed."""
        state = self.state
        if state.unseen is None and not state.deck_known and unseen.face_down_from_deck(decision):
            if self._after(decision, unseen.hide) is None:
                return None, []
        card = unseen.named_from_deck(decision)
        if card is not None and not state.deck_known and card not in state.deck:
            # raises AllPlaced when every copy is placed
            if self._after(decision, lambda s: unseen.take_from_deck(s, card)) is None:
                return None, []
        if unseen.names_unseen(decision) and UNSEEN in problem.message:  # refused for the '?' itself, not its source
            return IllegalDecisionError("'?' stands for a card the recorder did not see, but this statement shows the card "
                              "to the table", rule_ids=problem.rule_ids,
                              hint="name the card; '?' is for draws and hidden zones only"), []
        if state.unseen is None:
            return problem, []
        cards = unseen.reveal_for(state, decision)
        if not cards:
            return problem, []
        # raises AllPlaced when no unseen card can be one of them; refused, the cards could be
        # there: the rule that refuses it is another
        refused = self._after(decision, lambda s: unseen.reveal(s, decision, cards))
        if refused is not None:
            return refused, []
        return None, cards

    def _after(self, decision: Decision, change: Callable[[GameState], None]) -> RulesError | None:
        """What still refuses ``decision`` once ``change`` (a reveal) is made to a copy of the
        state; where nothing does, the change is made to the game too."""
        trial = self.state.copy()
        change(trial)
        refused = core.check(trial, decision)
        if refused is None:
            change(self.state)
        return refused

    def list_draw(self, think: Think, cards: tuple[str, ...] | None) -> None:
        """Before ``think``: the cards it draws as a record lists them. With the deck's order
        unknown they are put on top of the deck (``?`` for one not seen); with it known they
        must be its top cards; ``None`` (no list) only with the order known (R-THINK-1)."""
        state = self.state
        self._listed = ()
        self._choices = None
        self._found_legal = None
        if cards is None and state.deck_known:
            return
        want = self.think_draws(think.player, think.option)
        if cards is None:
            raise RulesError(f"the deck's order is unknown, so the record must list the {want} card(s) "
                             f"{think.player} draws", rule_ids=("R-THINK-1",),
                             hint=f"list them: '{think.player} thinks: {think.option} [{', '.join('?' * want)}]', "
                                  "naming each card where the table saw it")
        if len(cards) != want:
            raise RulesError(f"{think.player}'s {think.option} draws {want} card(s); the record lists "
                             f"{len(cards)}", rule_ids=("R-THINK-1", "R-THINK-2"))
        draws.check_or_stack(state, cards, think.player)

    # -- counting ------------------------------------------------------------------------------

    def result(self) -> Result:
        """The final result once the game is over (R-SCORE-1..3); before, everyone's points so
        far and no winner, since nobody has won yet. A game recorded from one seat whose vaults
        hold cards the record did not see names a winner only when every card they could be
        gives the same (R-VAULT-3); otherwise it is ``undecided``."""
        state = self.state
        if not state.over:
            return scoring.so_far(state)
        found = scoring.result(state)
        if state.winner is None and state.unseen is not None and unseen.unseen_vault(state):
            possible = hidden.possible_winners(state)
            if possible is None or len(possible) > 1:
                return replace(found, winners=(), tie_break=None, undecided=True)
            winners = possible.pop()
            if winners != found.winners:
                return replace(found, winners=winners, tie_break=None)
        return found

    def scores(self) -> tuple[Score, ...]:
        """Everyone's points now, by source (R-SCORE-2)."""
        return scoring.scores(self.state)

    def score_ranges(self) -> dict[str, tuple[int, int]] | None:
        """Each player's lowest and highest score over the unseen vault cards, or None when no
        vault card is unseen (R-SCORE-2, R-MER-2)."""
        return hidden.score_ranges(self.state)

    def unseen_in_vaults(self) -> dict[str, int]:
        """Unseen vault cards per player who has any."""
        return unseen.unseen_vault(self.state)

    def holds_unseen(self, player: str) -> bool:
        return unseen.holds_unseen(self.state, self.state.index(player))

    # -- facts and limits ------------------------------------------------------------------------

    def card(self, name: str) -> Card:
        """The facts of an Order card of this game (the optional ones included)."""
        return rules.resolved(self.state).cards[name]

    def power_of(self, building: str) -> Power | None:
        """The building's power in this ruleset, active or not; None where none is written."""
        return rules.power_of(self.state, building)

    def unpowered(self) -> frozenset[str]:
        """The cards of this game whose building power is not written yet."""
        state = self.state
        card_set = rules.card_set(state)
        names = [*card_set.cards, *(n for n in card_set.optional if n in state.expansions)]
        return frozenset(n for n in names if rules.power_of(state, n) is None)

    def influence(self, player: str) -> int:
        return rules.influence(self.state, self.state.index(player))

    def clientele_limit(self, player: str) -> int:
        return rules.clientele_limit(self.state, self.state.index(player))

    def vault_limit(self, player: str) -> int:
        return rules.vault_limit(self.state, self.state.index(player))

    def actions(self, player: str) -> int:
        """The player's actions of the led role this turn (R-ACT-1..4)."""
        return rules.action_count(self.state, self.state.index(player))

    def materials_needed(self, player: str, building: Building) -> int:
        return rules.materials_needed(self.state, self.state.index(player), building)

    def think_draws(self, player: str, option: str) -> int:
        """Cards a think of ``option`` (jack, draw, refill) would draw now: no more than the
        deck holds (R-THINK-1)."""
        state = self.state
        return min(rules.think_draws(state, state.index(player), option), len(state.deck))

    # -- checks ----------------------------------------------------------------------------------

    def holdings(self) -> list[tuple[int, int]]:
        """Each player's clientele and vault sizes, for ``check_invariants`` after the next decision."""
        return invariants.holdings(self.state)

    @staticmethod
    def misplaced_jacks(events: list[Event]) -> list[str]:
        """The moves among a decision's ``events`` that took a Jack where it never goes
        (R-JACK-3): cheap enough to check after every statement of a replay."""
        return invariants.misplaced_jacks(events)

    def check_invariants(self, before: list[tuple[int, int]] | None = None) -> None:
        """Raise ``InvariantError`` if the state breaks an invariant: a card in two places, a
        limit exceeded, a state that does not round-trip (``before``: ``holdings``)."""
        invariants.check_invariants(self.state, before)


def _unpickled(state: GameState, opening: list[Event], forced: list[ForcedStep], explaining: bool,
               allowances: dict[str, allowance.Allowance], stepped: dict[str, int]) -> Game:
    game = Game(state, opening)
    game._forced = forced
    game.explaining = explaining
    game._allowances = allowances
    game._stepped = stepped
    return game


def _of_the_demand(step: ForcedStep, demander: str, turn: int) -> bool:
    """Whether a forced step is part of ``demander``'s demand in ``turn``: another answer to it,
    or the demander's pass that closed the takes from the Pool, which the table says in no set
    order with the answers (R-LEG-2, R-LEG-3)."""
    made = step.decision
    if step.turn != turn:
        return False
    return made.to == demander if type(made) is Give else type(made) is Pass and made.player == demander


def _among(decision: Decision, listed: tuple[Decision, ...]) -> bool:
    """Whether ``decision`` is one of ``listed`` itself (the same object: one a caller built
    equal to it is checked as any other)."""
    for candidate in listed:
        if candidate is decision:
            return True
    return False
