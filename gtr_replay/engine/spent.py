"""Why a player has nothing left to play this turn: the rule that made the difference.

Handlers note what ends or limits a player's plays and actions as it happens (a demand, an
out-of-town foundation, a client hired, a petition, an answer given). When a statement comes
too late, the refusal cites that rule before the turn order (R-TURN-1, R-TURN-2, R-TURN-6).
A note is kept through the next turn's lead and follow, where such a statement usually lands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gtr_replay.game.decisions import Decision, Follow, Give, Lead, Pass, Slay, TakeFromPool, TearDown, Think
from gtr_replay.game.state import GameState, Phase
from gtr_replay.game.steps import ROLE_ACTIONS


@dataclass(frozen=True, slots=True)
class Reason:
    """What ended a player's plays or actions, in words, with the rules behind it."""

    text: str
    rule_ids: tuple[str, ...]


REASONS: Final[dict[str, Reason]] = {
    "demand": Reason("all of {p}'s Legionary actions were one demand, shown at once", ("R-LEG-6",)),
    "out-of-town": Reason("{p}'s out-of-town foundation took two actions", ("R-BUILD-3", "AMB-05")),
    "hired": Reason("a client {p} hires does not act in the turn it is hired", ("R-ACT-2",)),
    "petition": Reason("{p}'s petition was one play, worth one action", ("R-PET-4",)),
    "answered": Reason("{p} has already answered this demand, and a neighbour answers once",
                       ("R-LEG-3", "R-LEG-5")),
    "answered-alone": Reason("{p} has already answered this demand: in a two-player game {p} is the one "
                             "neighbour and gives one card per demanded card, once", ("R-LEG-5", "R-LEG-3")),
    "pool": Reason("{p} has taken every Pool card the demand allows", ("R-LEG-2", "AMB-09")),
    "slain": Reason("{p} has taken every client of the demand's victims that the demand allows",
                    ("B-COLOSSEUM-1", "B-COLOSSEUM-2", "AMB-11")),
    "razed": Reason("{p} has torn down every foundation of the demand's victims that the demand allows",
                    ("B-DOMUSAUREA-1", "AMB-20")),
}

_ALONE: Final = {"answered": "answered-alone"}
"""Reasons worded for a two-player game, where the one opponent is the only neighbour."""

PLAYED: Final = Reason("{p} has already led, followed or thought this turn, once as every player does",
                ("R-TURN-2", "R-TURN-11"))

_ACTIONS: Final = ("demand", "out-of-town", "hired", "petition")
"""Notes that explain a spent action, most telling first."""

_BY_KIND: Final[dict[type, tuple[str, ...]]] = {Give: ("answered",), TakeFromPool: ("pool",), Slay: ("slain",),
                                                TearDown: ("razed",), Pass: ("slain", "razed", *_ACTIONS)}
_PLAYS: Final = (Lead, Follow, Think)


LOST: Final = "lost"
"""A note a power reads rather than an explanation: the player gave cards from hand to an
opponent's Legionary this turn (G-CASTRA-1)."""


def shown(building: str) -> str:
    """The note that the player showed ``building`` for a demand this turn (G-CASTRAPRAETORIA-2)."""
    return f"shown {building}"


def note(state: GameState, i: int, what: str) -> None:
    """Remember that ``what`` (a key of ``REASONS``) happened to player ``i`` this turn."""
    state.players[i].spent[what] = state.turn


def forget_old(state: GameState) -> None:
    """At a new turn: keep only the notes of the turn just ended."""
    for player in state.players:
        if player.spent:
            player.spent = {k: t for k, t in player.spent.items() if t >= state.turn - 1}


def explain(state: GameState, decision: Decision) -> Reason | None:
    """Why ``decision``'s player has nothing of that kind left now, if a note says so."""
    try:
        i = state.index(decision.player)
    except KeyError:
        return None
    if type(decision) in _PLAYS:
        return _played(state, i, decision.player)
    key = noted(state, decision)
    if key is None:
        return None
    reason = REASONS[_ALONE.get(key, key) if len(state.players) == 2 else key]
    return Reason(reason.text.format(p=decision.player), reason.rule_ids)


def noted(state: GameState, decision: Decision) -> str | None:
    """The note (a key of ``REASONS``) that explains why ``decision``'s player has no action of
    its kind left now, if one does."""
    try:
        i = state.index(decision.player)
    except KeyError:
        return None
    player = state.players[i]
    kind = type(decision)
    if not player.spent or kind in _PLAYS:
        return None
    turns = turns_explained(state, i, kind)
    for key in _BY_KIND.get(kind, _ACTIONS):
        when = player.spent.get(key)
        if when is not None and when in turns:
            return key
    return None


def turns_explained(state: GameState, i: int, kind: type) -> tuple[int, ...]:
    """The turns whose notes may explain a statement of ``kind`` by player ``i`` now: this
    one once its actions have begun; in its lead and follow, where no action of it is taken
    yet, the last one (a statement written late), unless it is an action of this turn's role
    by a player who has played, written before the others followed (R-TURN-2)."""
    if state.phase is Phase.LEAD or state.phase is Phase.FOLLOW:
        return () if _early_action(state, i, kind) else (state.turn - 1,)
    return (state.turn,)


def _early_action(state: GameState, i: int, kind: type) -> bool:
    """Whether a decision of ``kind`` by player ``i`` in the follow is an action of the role led
    this turn, by a player who has led or followed already: an action written too early."""
    if state.phase is not Phase.FOLLOW or state.led_role is None or kind not in ROLE_ACTIONS[state.led_role]:
        return False
    n = len(state.players)
    return (i - state.leader) % n < (state.current - state.leader) % n


def _played(state: GameState, i: int, name: str) -> Reason | None:
    """A lead, follow or think from a player who has made theirs this turn: everyone from the
    leader up to the one deciding now, or everyone once the actions have begun (R-TURN-2)."""
    if state.phase is Phase.LEAD or state.phase is Phase.OVER:
        return None
    if state.phase is Phase.FOLLOW:
        n = len(state.players)
        if (i - state.leader) % n >= (state.current - state.leader) % n:
            return None
    return Reason(PLAYED.text.format(p=name), PLAYED.rule_ids)
