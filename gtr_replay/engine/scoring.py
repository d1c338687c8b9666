"""Final scoring and the winner (R-SCORE-*, R-MER-2, AMB-08, AMB-40)."""

from __future__ import annotations

from collections.abc import Iterable

from gtr_replay.enums import JACK, MATERIALS, Material
from gtr_replay.engine import rules
from gtr_replay.game.scores import Result, Score, TieBreak
from gtr_replay.game.state import GameState
from gtr_replay.data.ruling_types import FinalTie, MerchantBonus


def merchant_bonuses(state: GameState) -> dict[Material, list[int]]:
    """Who gets each material's bonus: the single player with most of it in the vault; a tie
    gives it to nobody (R-MER-2, AMB-40)."""
    return _awarded(state, _vaults(state)[0])


def _vaults(state: GameState) -> tuple[list[dict[Material, int]], list[int]]:
    """Each player's vault read once: its cards of each material, and their value (R-SCORE-2)."""
    cards = rules.resolved(state).cards  # the optional Geek cards too (R-VER-2)
    counts: list[dict[Material, int]] = []
    values: list[int] = []
    for player in state.players:
        held: dict[Material, int] = {}
        value = 0
        for card in player.vault:
            found = cards.get(card)  # a card not seen has no material and no value (engine.unseen)
            if found is not None:
                held[found.material] = held.get(found.material, 0) + 1
                value += found.value
        counts.append(held)
        values.append(value)
    return counts, values


def _awarded(state: GameState, counts: list[dict[Material, int]]) -> dict[Material, list[int]]:
    """``merchant_bonuses`` from each vault's counts: the most of each material held, found in
    one pass over the vaults, then who holds that many."""
    most: dict[Material, int] = {}
    for held in counts:
        for material, n in held.items():
            if n > most.get(material, 0):
                most[material] = n
    share = state.rulings.merchant_bonus is MerchantBonus.TIES_SHARE
    awarded: dict[Material, list[int]] = {}
    for material in MATERIALS:
        best = most.get(material, 0)
        if best == 0:
            continue
        holders = [i for i, c in enumerate(counts) if c.get(material, 0) == best]
        if len(holders) == 1 or share:
            awarded[material] = holders
    return awarded


def scores(state: GameState) -> tuple[Score, ...]:
    counts, values = _vaults(state)
    bonuses = _awarded(state, counts)
    bonus = rules.spec(state).merchant_bonus
    result = []
    for i, player in enumerate(state.players):
        mine = tuple(m for m, holders in bonuses.items() if i in holders)
        powers = rules.fold(state, i, "score_bonus")
        influence = rules.influence(state, i)
        result.append(Score(player.name, influence, values[i], mine, powers,
                            influence + values[i] + bonus * len(mine) + powers))
    return tuple(result)


TIE_COUNTED = {FinalTie.HAND_THEN_SHARED: "cards in hand",
               FinalTie.ORDERS_THEN_SHARED: "Order cards in hand, Jacks not counted"}
"""What each reading of ``final-tie`` counts between tied players (AMB-08)."""


def so_far(state: GameState) -> Result:
    """A game that goes on: everyone's points so far, and no winner (``Game.result`` before the end)."""
    return Result("", (), scores(state), over=False)


WINNERS_APART = ", "
"""Between the names of the players who share an instant win (``GameState.winner``): the
Players tag's own separator, which no name holds."""


def result(state: GameState) -> Result:
    """The winner(s) as the game is counted at its end: most points, then most cards in hand,
    then a shared win (R-SCORE-3, AMB-08), with how a tie was broken. An instant win or a
    surrender names its winners as the game ended (``GameState.winner``), not counted, but for
    an instant win several players made at once, which the points decided (R-SCORE-4)."""
    winners = () if state.winner is None else tuple(state.winner.split(WINNERS_APART))
    table = scores(state)
    if state.winner is not None:
        together = _won_together(state)
        if len(together) < 2:
            return Result(state.end_reason or "", winners, table, counted=False)
        # several won at once: the points decided among them, a tie by the cards in hand (R-SCORE-4)
        return Result(state.end_reason or "", winners, table, tie_break=best_of(state, together, table)[1])
    winners, tie = best_of(state, range(len(state.players)), table)
    return Result(state.end_reason or "", winners, table, tie_break=tie)


def _won_together(state: GameState) -> list[int]:
    """The players an instant win that ended the game found winning at once (a public
    structure's power, C-FORUM-STAIRWAY-1): the game ends as it is won, so they are the ones
    whose powers say they win in its last state."""
    if not (state.end_reason or "").startswith("win:") or not rules.in_play(state, "wins"):
        return []
    return [i for i in range(len(state.players)) if rules.winning_power(state, i) is not None]


def best_of(state: GameState, among: Iterable[int], table: tuple[Score, ...]) -> tuple[tuple[str, ...], TieBreak | None]:
    """Who of the players ``among`` (seat indices) wins as the game is normally decided: most
    points, then most cards in hand, then a shared win (R-SCORE-3, AMB-08); with how a tie
    for most points was broken (None without one). The end of the game decides among every
    player, several instant wins at once among their winners (C-FORUM-STAIRWAY-1, R-SCORE-4)."""
    among = list(among)
    best = max(table[i].total for i in among)
    tied = [i for i in among if table[i].total == best]
    if len(tied) == 1:
        return (state.players[tied[0]].name,), None
    jacks = state.rulings.final_tie is FinalTie.HAND_THEN_SHARED
    reading = FinalTie.HAND_THEN_SHARED if jacks else FinalTie.ORDERS_THEN_SHARED
    held = {i: sum(1 for c in state.players[i].hand if jacks or c != JACK) for i in tied}
    most = max(held.values())
    winners = tuple(state.players[i].name for i in tied if held[i] == most)
    tie = TieBreak(best, tuple(state.players[i].name for i in tied), TIE_COUNTED[reading],
                   tuple((state.players[i].name, held[i]) for i in tied), winners, f"final-tie={reading.value}")
    return winners, tie
