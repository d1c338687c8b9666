"""The turn as a sequence of phases (R-TURN-1..9): lead, follow, actions, cleanup.

These functions move the state to the next point where a player must decide. They are
called by the decision handlers after a decision is performed.
"""

from __future__ import annotations

from typing import Final

from gtr_replay.enums import JACK, Material, Zone
from gtr_replay.engine import rules, spent
from gtr_replay.engine.scoring import WINNERS_APART, best_of, scores
from gtr_replay.engine.endgame import end_game  # noqa: F401  (part of the flow)
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import GameState, Phase
from gtr_replay.game.steps import EarlyActions
from gtr_replay.data.ruling_types import DeckEnd, LastSite, LegionaryGive


def waiting_for(state: GameState) -> int:
    """The index of the player the game waits for: the player of the step on top, the
    demander choosing who gives (AMB-10), or the current player."""
    if state.steps:
        return state.steps[-1].player
    if state.phase is Phase.GIVE and state.rulings.legionary_give is LegionaryGive.DEMANDER_CHOOSES:
        return state.demand().demander
    return state.current


def start_turn(state: GameState, ev: list[Event]) -> None:
    """A new turn: the leader leads or thinks (R-TURN-1)."""
    state.phase = Phase.LEAD
    state.current = state.leader
    state.led_role = None
    state.actions_used = 0
    state.legionary = None
    for player in state.players:
        player.played = False
        player.plays = 0
        player.done = False
        player.hired.clear()
        player.acted.clear()
    spent.forget_old(state)
    ev.append(Event(EventKind.TURN, state.players[state.leader].name, value=state.turn))


def next_follower(state: GameState, ev: list[Event]) -> None:
    """The next player clockwise follows or thinks; after the last, actions begin (R-TURN-2)."""
    state.current = state.left_of(state.current)
    if state.current == state.leader:
        start_actions(state, ev)
    else:
        state.phase = Phase.FOLLOW


def act_early(state: GameState, i: int, ev: list[Event]) -> None:
    """Player ``i`` has just followed or thought (or led): where a power lets the led role's
    actions come now, instead of at the player's place, they are offered at once, before the
    players after them decide; the player may pass to wait (BC-BAR-1, BC-DOCK-1, BC-BRIDGE-1,
    AMB-36). Called before the turn moves on, so the offer comes first."""
    role = state.led_role
    if role is None:
        return
    power = rules.early_power(state, i, role)
    if power is None:
        return
    count = rules.action_count(state, i)
    if count > 0:
        rules.push_steps(state, ev, [EarlyActions(power.building, i, role, count)])


def start_actions(state: GameState, ev: list[Event]) -> None:
    """Actions are resolved leader first, then clockwise (R-TURN-3, R-TURN-4, R-TURN-6)."""
    state.phase = Phase.ACTIONS
    state.current = state.leader
    state.actions_used = 0
    settle_actions(state, ev, _announce(state, ev))


def _announce(state: GameState, ev: list[Event]) -> int:
    """Announce the current player's actions; returns how many."""
    count = rules.action_count(state, state.current)
    if count:
        ev.append(Event(EventKind.ACTIONS, state.players[state.current].name, text=str(state.led_role), value=count))
    return count


def settle_actions(state: GameState, ev: list[Event], count: int | None = None) -> None:
    """Skip past players who have no action left; end the turn after the last (R-TURN-6).
    When a player's actions end, their powers may grant steps, answered before the next
    player acts (AMB-14). ``count``: the current player's actions, when just announced."""
    while state.phase is Phase.ACTIONS:
        if state.steps:  # steps powers granted come first
            return
        player = state.players[state.current]
        if not player.done:
            if count is None:
                count = rules.action_count(state, state.current)
            if state.actions_used < count:
                return
        player.done = True
        ended, state.current = state.current, state.left_of(state.current)
        state.actions_used = 0
        rules.push_steps(state, ev, rules.fire(state, ended, "actions_end", ev))
        if state.current == state.leader:
            end_turn(state, ev)
            return
        count = _announce(state, ev)


def end_turn(state: GameState, ev: list[Event]) -> None:
    """End-of-turn powers, then cleanup, then the leader card passes left (R-TURN-8, R-TURN-9).

    The powers grant steps (a keep, a think), asked in play order from the leader; the keeps
    come before the thinks, each group in play order (AMB-14). Steps granted before (a Jack
    after the leader's think) are answered first. Cleanup waits until every step is answered.
    A win the turn's last decision made true ends the game first: the turn does not go on to
    its end (R-END-2, AMB-15)."""
    if rules.in_play(state, "wins"):
        check_wins(state, ev)
        if state.phase is Phase.OVER:
            return
    if state.phase is not Phase.END:
        state.phase = Phase.END
        n = len(state.players)
        granted = []
        for seat in range(n if rules.in_play(state, "end_of_turn") else 0):
            i = (state.leader + seat) % n
            for step in rules.fire(state, i, "end_of_turn", ev):
                granted.append((step.stage, seat, step))
            if state.phase is Phase.OVER:
                return
        if granted:
            waiting, state.steps[:] = state.steps[:], []
            rules.push_steps(state, ev, [step for *_, step in sorted(granted, key=lambda g: (g[0], g[1]),
                                                                        reverse=True)])
            state.steps.extend(waiting)
    if state.steps:
        return
    for player in state.players:
        for card in player.camp:
            put_back(state, player.name, card, Zone.CAMP, ev)
        player.camp.clear()
    ev.append(Event(EventKind.CLEANUP))
    state.leader = state.left_of(state.leader)
    state.turn += 1
    start_turn(state, ev)


def put_back(state: GameState, name: str, card: str, source: Zone, ev: list[Event]) -> None:
    """A card leaves play: an Order card to the Pool, a Jack to the Jack pile (R-TURN-8, R-JACK-2)."""
    if card == JACK:
        state.jack_pile += 1
        ev.append(Event(EventKind.MOVE, name, JACK, source, Zone.JACK_PILE))
    else:
        state.pool.append(card)
        ev.append(Event(EventKind.MOVE, name, card, source, Zone.POOL))


def resume(state: GameState, ev: list[Event]) -> None:
    """A granted step was answered: once none waits, the turn goes on where it stopped."""
    if state.steps:
        return
    if state.phase is Phase.ACTIONS:
        settle_actions(state, ev)
    elif state.phase is Phase.END:
        end_turn(state, ev)


_WIN_ZONES: Final = frozenset({Zone.CLIENTELE, Zone.STOCKPILE, Zone.BUILDING})


def may_win(ev: list[Event], first: int = 0) -> bool:
    """Whether the events from ``first`` on could make an instant win true: a client, a
    material or a building gained, a structure completed or made public (R-END-1d, AMB-15),
    a client lost (a rival's Legionary, G-PLEBIANCOUNCIL-1)."""
    for e in ev[first:]:
        kind = e.kind
        if kind == EventKind.MOVE:
            if e.target in _WIN_ZONES or e.source == Zone.CLIENTELE:
                return True
        elif kind == EventKind.COMPLETE or kind == EventKind.PUBLIC:
            return True
    return False


def check_wins(state: GameState, ev: list[Event]) -> None:
    """Instant wins are checked after every step that could make one (AMB-15). When several
    players win at once (a public structure, C-FORUM-STAIRWAY-1), the game is decided among
    them as it normally is: the highest score, then the most cards in hand, then a shared win
    (R-SCORE-4, R-SCORE-3, AMB-08); the power named is the first winner's from the leader.

    An action that ends the game to be counted (the deck's last card drawn, the last Site
    claimed) completes first (AMB-01), so a win it makes true wins still: a hire of the deck's
    last card that gives a player the clients a power's win asks for (B-FORUM-1,
    G-PLEBIANCOUNCIL-1)."""
    counted_end = None
    if state.phase is Phase.OVER:
        counted_end = _counted_end(state, ev)
        if counted_end is None:
            return
    if not rules.in_play(state, "wins"):
        return
    n = len(state.players)
    found = []
    for step in range(n):
        i = (state.leader + step) % n
        power = rules.winning_power(state, i)
        if power is not None:
            found.append((i, power))
    if not found:
        return
    names: tuple[str, ...] = (state.players[found[0][0]].name,)
    if len(found) > 1:
        names, _ = best_of(state, (i for i, _ in found), scores(state))
    i, power = next((i, p) for i, p in found if state.players[i].name in names)
    if counted_end is not None:
        del ev[counted_end]  # the game ends once, won
    end_game(state, ev, f"win:{power.building}", by=state.players[i].name, winner=WINNERS_APART.join(names))


def _counted_end(state: GameState, ev: list[Event]) -> int | None:
    """Where among ``ev``, the events of the decision under way, the game ended to be counted
    (no winner named yet); None when it ended otherwise, or before this decision."""
    if state.winner is not None:
        return None
    for n in range(len(ev) - 1, -1, -1):
        if ev[n].kind == EventKind.GAME_END:
            return n
    return None


def sites_end(state: GameState, site: Material | None = None) -> str | None:
    """The end reason once the Sites whose last claim ends the game are gone, or None: every
    Site in town (classic: every Site, R-END-3b; the Black Box rules: the last in town,
    R-END-1b, AMB-02), or under the last-site ruling's ``any-material`` the last of one material
    (``site``, the one just claimed; any, for a position)."""
    if rules.spec(state).sites_end_when == "last-in-town":
        if state.rulings.last_site is LastSite.ANY_MATERIAL:
            stacks = [state.sites_in_town[site]] if site is not None else list(state.sites_in_town.values())
            return "last-site" if 0 in stacks else None
        return None if any(state.sites_in_town.values()) else "last-site"
    return None if any(state.sites_in_town.values()) else "all-sites"


def deck_spent(state: GameState) -> bool:
    """Whether the deck's last card is gone while the game goes on: the action that took it
    is under way, and the game ends once it completes, under the default reading (R-END-1a,
    AMB-01: a Laborer action that drew from the deck still takes its card from the Pool,
    BC-FOUNDRY-1, and a hire or a sale its one more card from the hand, B-AQUEDUCT-2,
    B-BASILICA-1)."""
    return not state.deck and not state.turned_up and state.rulings.deck_end is DeckEnd.LAST_CARD \
        and state.phase is not Phase.OVER


def draw(state: GameState, ev: list[Event], i: int, count: int) -> None:
    """Draw ``count`` cards (or what is left) into a hand; an emptied deck ends the game
    under the default reading (R-END-1a, AMB-01)."""
    player = state.players[i]
    for _ in range(min(count, len(state.deck))):
        card = state.deck.pop(0)
        player.hand.append(card)
        ev.append(Event(EventKind.MOVE, player.name, card, Zone.DECK, Zone.HAND))
    if deck_spent(state):
        end_game(state, ev, "deck", by=player.name)
