"""The actions of the led role each player had and took, for the refusal of one too many.

A player's actions are one for leading or following and one per client of the role
(R-ACT-3). An action written after they are all taken meets the next player's actions, or the
next turn's lead, and the turn order refuses it; the reason a player would argue about is the
count. A game that explains its refusals (``Game.explaining``) keeps each player's last
``Allowance`` beside the state, read from the decisions it pushes: the state itself keeps
nothing of a turn once the next one begins, and what a player had is a count the engine
makes, not a fact of the position.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from gtr_replay.engine import rules, spent
from gtr_replay.engine.core import ForcedStep
from gtr_replay.enums import Role
from gtr_replay.game.decisions import Decision, Pass
from gtr_replay.game.state import GameState, Phase
from gtr_replay.game.steps import ROLE_ACTIONS


class Allowance(NamedTuple):
    """A player's actions of ``role`` in ``turn`` and where they came from (R-ACT-3: ``played``
    for leading or following, one per play where a power let several be played at once;
    ``clients`` for the clients of the role; ``added`` by powers), and whether every one is
    taken (False once they passed the rest, or had none they could take). A named tuple: a
    game that explains refusals makes one at every player's first action, and a game is
    pickled with its allowances (``Game.__reduce__``)."""

    turn: int
    role: Role
    led: bool
    """Whether the player is the leader (``played`` is for leading, else for following)."""
    played: int
    clients: int
    added: int
    all_taken: bool = False

    @property
    def had(self) -> int:
        return self.played + self.clients + self.added


def allowance(state: GameState, i: int) -> Allowance:
    """Player ``i``'s actions of the led role now, by where they come from (``rules.action_count``)."""
    role: Role = state.led_role  # type: ignore[assignment]  # asked only while a role is led
    player = state.players[i]
    played = (player.plays or 1) if player.played else 0
    clients = rules.clients_of(state, i, role)  # rules.action_count's parts, each counted once
    return Allowance(state.turn, role, i == state.leader, played, clients, rules.fold(state, i, "extra_actions", role))


_COVERED: Final[dict[str | None, int]] = {None: -1, "petition": 1, "out-of-town": 2}
"""The actions a note of ``spent`` accounts for: the count is told before it only where the
player had more (a petition is one action of several, an out-of-town foundation two); any
other note (a demand, a client hired, an answer given) is the whole reason."""


def own_action(state: GameState, decision: Decision, known: Allowance | None) -> Allowance | None:
    """The actions ``decision``'s player has at their place in the turn, where ``decision``
    takes one of them or passes the rest (no step waits: a step's action is the step's own);
    None otherwise. Counted at their first action (``known``, the player's last allowance,
    stands for the later ones: a replay asks after every decision)."""
    role = state.led_role
    if state.phase is not Phase.ACTIONS or state.steps or role is None:
        return None
    if type(decision) not in ROLE_ACTIONS[role]:  # legal, so the current player's (R-TURN-6)
        return None
    if known is not None and known.turn == state.turn and state.actions_used:
        return known
    return allowance(state, state.current)


def step_action(state: GameState) -> str | None:
    """The player whose step on top a decision now answers, where the step is an action of the
    led role a power grants (a burst of actions on a completion, a new client's action): those
    are not of the count, and the count alone no longer says what the player had."""
    role = state.led_role
    if not state.steps or role is None or state.phase is not Phase.ACTIONS:
        return None
    step = state.steps[-1]
    kinds = ROLE_ACTIONS[role]
    if any(kind is not Pass and kind in kinds for kind in step.answers()):
        return state.players[step.player].name
    return None


def after_action(state: GameState, had: Allowance, decision: Decision, forced: list[ForcedStep]) -> Allowance:
    """The allowance ``decision`` (an ``own_action`` of ``had``) leaves: all taken unless it
    passed, its player has actions left, or the engine passed for them once nothing legal was
    left (``Game.refusal`` explains that pass)."""
    if type(decision) is Pass:
        return _taken(had, False)
    i = state.index(decision.player)
    if state.turn == had.turn and state.phase is Phase.ACTIONS and state.current == i and not state.players[i].done:
        taken = state.actions_used >= had.had
    else:
        taken = not any(type(f.decision) is Pass and f.decision.player == decision.player for f in forced)
    return _taken(had, taken)


def _taken(had: Allowance, all_taken: bool) -> Allowance:
    """``had`` with ``all_taken`` set (``_replace`` does the same at several times the cost)."""
    return Allowance(had.turn, had.role, had.led, had.played, had.clients, had.added, all_taken)


def none_had(state: GameState) -> dict[str, Allowance]:
    """As the actions begin: the players with no action of the led role (they thought, and no
    client of theirs acts as it)."""
    role = state.led_role
    if role is None:
        return {}
    found = {}
    added = rules.in_play(state, "extra_actions")
    for i, p in enumerate(state.players):
        if p.played:
            continue
        if not p.clientele and not added:  # nothing to count (most thinkers, early on)
            found[p.name] = Allowance(state.turn, role, i == state.leader, 0, 0, 0, True)
        elif not (had := allowance(state, i)).had:
            found[p.name] = _taken(had, True)
    return found


def explain(state: GameState, decision: Decision, had: Allowance | None, stepped: int | None = None) \
        -> spent.Reason | None:
    """Why ``decision``, an action of the role its player's allowance ``had`` counts, comes
    too late: every action they had is taken (R-ACT-3). Only where the allowance is of this
    turn and its player's place is past, or of the turn before and this one has no action yet
    (``spent.turns_explained``), and where the player took no action of the role a power
    granted in that turn (``stepped``: the last turn they did, ``step_action``). A reason
    ``spent`` notes is the whole reason unless the player had more actions than it accounts
    for (``_COVERED``); the refusal then tells the count before it."""
    if had is None or not had.all_taken or type(decision) is Pass or type(decision) not in ROLE_ACTIONS[had.role] \
            or stepped == had.turn:
        return None
    if had.turn not in spent.turns_explained(state, state.index(decision.player), type(decision)):
        return None
    if had.had <= _COVERED.get(spent.noted(state, decision), had.had):  # the note says it all
        return None
    p, role = decision.player, had.role
    when = "this turn" if had.turn == state.turn else f"in turn {had.turn}"
    if had.had == 0:
        return spent.Reason(f"{p} {'has' if had.turn == state.turn else 'had'} no {role} action {when}: {p} thought, "
                            f"and no client of {p}'s acts as {role}", ("R-ACT-3", "R-ACT-1"))
    return spent.Reason(f"{p} had {_count(had.had, f'{role} action')} {when} ({_sources(had)}), and has taken "
                        f"{'it' if had.had == 1 else 'them all'}", ("R-ACT-3",))


def _sources(had: Allowance) -> str:
    """Where the actions came from, in words."""
    parts = []
    if had.played:
        how = "leading" if had.led else "following"
        parts.append(f"1 for {how}" if had.played == 1 else f"{had.played} for the plays of {how} at once")
    if had.clients:
        parts.append(f"1 for a {had.role} client" if had.clients == 1 else f"{had.clients} for {had.role} clients")
    if had.added:
        parts.append(f"{had.added} from a building's power" if had.added == 1
                     else f"{had.added} from buildings' powers")
    return ", ".join(parts)


def _count(n: int, noun: str) -> str:
    return f"{'a' if n == 1 else n} {noun}{'' if n == 1 else 's'}"
