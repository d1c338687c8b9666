"""What a game seen from one seat allows: the choices that name no unseen card, those an
unseen hand could make by revealing one, what an answer to a demand tells about unseen cards,
and the range of final scores and the winners unseen vault cards leave open (ARCHITECTURE.md
§Hidden information). The bookkeeping of unseen cards itself is ``engine.unseen``'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement, product
from math import prod
from typing import Final

from gtr_replay.data.cards import cards_for
from gtr_replay.engine.core import legal_decisions, pending
from gtr_replay.engine.handlers.base import HANDLERS
from gtr_replay.engine.handlers.legionary import giving_from, immune
from gtr_replay.engine.scoring import best_of, scores
from gtr_replay.engine.unseen import (
    _material, bind, holds_unseen, is_unseen, materials_of, named_cards, unseen_cards, unseen_vault, value_range,
)
from gtr_replay.enums import Material, Zone
from gtr_replay.errors import RulesError
from gtr_replay.game.decisions import Decision, Think
from gtr_replay.game.state import GameState


def ruled_out_by(state: GameState, decision) -> frozenset[Material]:
    """The materials an answer to a demand shows its player's unseen cards are not: each
    demanded material the answer gives fewer cards of than demanded (R-LEG-3). An immune
    player may give less at will, so their answer rules nothing out (R-LEG-11); nor does the
    answer from the stockpile a power asks for after the hand's (B-BRIDGE-3): it tells what
    the stockpile holds, face up, and nothing of the hand."""
    demand = state.legionary
    if demand is None or not holds_unseen(state, state.index(decision.player)):
        return frozenset()
    victim = state.index(decision.player)
    if immune(state, victim) or giving_from(state, victim) is Zone.STOCKPILE:
        return frozenset()
    given = Counter(materials_of(state, decision.cards))
    return frozenset(m for m, n in Counter(demand.demanded).items() if given[m] < n)


def seen_decisions(state: GameState) -> list[Decision]:
    """The legal decisions that name no unseen card. A player holding ``?`` cards may also
    make any decision that names one of them (it binds it); those are not listed."""
    prompt = pending(state)
    if prompt is None or state.unseen is None or not holds_unseen(state, state.current):
        return legal_decisions(state)
    seen = state.copy()
    hand = seen.players[state.current].hand
    hand[:] = [c for c in hand if not is_unseen(c)]
    found: list[Decision] = []
    for decision in legal_decisions(seen):
        if type(decision) is not Think:
            found.append(decision)
    if Think in prompt.decisions:  # the whole hand counts towards a refill (R-THINK-1)
        handler = HANDLERS[Think]
        found += [d for d in handler.candidates(state, state.current)
                  if handler.problem(state, state.current, d) is None]
    return found


_MOST_COMBINATIONS: Final = 20000
"""Assignments of unseen vault cards tried for an exact score range; beyond, a bound."""


def score_ranges(state: GameState) -> dict[str, tuple[int, int]] | None:
    """Each player's lowest and highest final score over every assignment of the unseen vault
    cards (R-SCORE-2, R-MER-2), or None when no vault card is unseen. Vault cards count by
    their material (R-CARD-4), so trying one card of each material is enough."""
    counts = unseen_vault(state)
    if not counts:
        return None
    trials = _assignments(state, counts)
    if trials is None:
        low, high = value_range(state)
        known = {s.player: s.total for s in scores(state)}
        bonus = 6 * cards_for(state.ruleset).jacks  # a loose bound: every bonus may change hands
        return {name: (total + low * counts.get(name, 0) - bonus, total + high * counts.get(name, 0) + bonus)
                for name, total in known.items()}
    found: dict[str, tuple[int, int]] = {}
    for trial in trials:
        for score in scores(trial):
            lo, hi = found.get(score.player, (score.total, score.total))
            found[score.player] = (min(lo, score.total), max(hi, score.total))
    return found


def possible_winners(state: GameState) -> set[tuple[str, ...]] | None:
    """The winners of a counted game over every assignment of its unseen vault cards, each
    decided as a game is (R-SCORE-3, R-VAULT-3: the vaults are uncovered at the end); None
    when no vault card is unseen, or too many assignments to try (then anyone may win)."""
    counts = unseen_vault(state)
    trials = _assignments(state, counts) if counts else None
    if trials is None:
        return None
    return {best_of(trial, range(len(trial.players)), scores(trial))[0] for trial in trials}


def _assignments(state: GameState, counts: dict[str, int]) -> Iterator[GameState] | None:
    """A copy of ``state`` for each way the unseen vault cards (``counts`` of them by player)
    could be, by material, as the unseen cards allow; None when there are more than
    ``_MOST_COMBINATIONS``."""
    cards = unseen_cards(state)
    available = Counter(_material(state, c) for c in cards)
    sample: dict[str, str] = {}
    for card in cards:
        sample.setdefault(_material(state, card), card)
    kinds = sorted(sample)
    per_player = {name: list(combinations_with_replacement(kinds, n)) for name, n in counts.items()}
    if prod(len(options) for options in per_player.values()) > _MOST_COMBINATIONS:
        return None
    names = list(per_player)

    def trials() -> Iterator[GameState]:
        for choice in product(*(per_player[n] for n in names)):
            if Counter(m for part in choice for m in part) - available:
                continue
            trial = state.copy()
            for name, part in zip(names, choice):
                vault = trial.player(name).vault
                picks = iter(part)
                vault[:] = [sample[next(picks)] if is_unseen(c) else c for c in vault]
            yield trial

    return trials()


def legal_if_revealed(state: GameState) -> list[Decision]:
    """Decisions the deciding player could make by revealing one of their unseen cards: for
    each card still unseen, what would be legal were it one of them (for completion)."""
    i = state.current
    if state.unseen is None or not holds_unseen(state, i):
        return []
    name = state.players[i].name
    found: list[Decision] = []
    for card in sorted(set(state.unseen)):
        trial = state.copy()
        try:
            bind(trial, trial.players[i].hand, card, name)
        except RulesError:
            continue
        found += [d for d in seen_decisions(trial) if card in named_cards(d) and d not in found]
    return found
