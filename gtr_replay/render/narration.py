"""Narration: the words for what each statement changed, produced here and nowhere else.

``narrate(timeline, moment, viewer=...)`` gives a ``Line``: the statement with its glyphs and
comments, and ``changes``, each a short phrase: cards moved and where (grouped per player,
from and to), influence gained, structures completed, what building powers did or offered,
the answers the engine gave to a Legionary demand, the actions left, and the points that
moved. The terminal and the HTML views style these lines; neither words them again.

For a player's view (``viewer``), cards that player could not see move as counts: a draw
into another hand, a card going face down into a vault from a hand or the deck (R-VAULT-1);
a refused statement reads as the viewer may read its problem (``Diagnostic.seen_by``). A
player's view has no variations (``in_view``): lines nobody played at the table, whose draws
a known deck would give from its hidden order, as the seat's own record has none
(``replay.viewpoint``).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace

from gtr_replay.engine import Game
from gtr_replay.game.decisions import Think
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.state import GameState, Phase
from gtr_replay.enums import Zone
from gtr_replay.play.annotate import as_known
from gtr_replay.powers.summary import summary
from gtr_replay.render.model import next_words, visible_points
from gtr_replay.render.timeline import Moment, Timeline
from gtr_replay.replay.translate import statement_for


@dataclass(frozen=True)
class Line:
    """One narrated statement."""

    seq: int
    position: int | None
    """The main-line position it leads to (``None`` inside a variation or when refused)."""
    turn: int
    depth: int
    statement: str
    glyphs: tuple[str, ...]
    comments: tuple[str, ...]
    forced: bool
    changes: tuple[str, ...]
    points: dict[str, int]
    """Each player's points after it, as the viewer can count them."""
    problem: str | None = None
    """Why the rules refused it (the statement changed nothing)."""

    def to_dict(self) -> dict:
        return asdict(self)


def _hidden_from(event: Event, viewer: str | None) -> bool:
    """Whether ``viewer`` could not see which card moved (R-VAULT-1, RULES.md §0.5): a card
    drawn into a hand, but by its owner; a card into a vault from the deck, by anyone
    (B-ATRIUM-1), or from a hand, but by its owner (B-BASILICA-1, BC-ATRIUM-1). A card the
    deck gives to a zone on the table (a foundation, a stockpile, a clientele) or turns up
    (G-BACCHANALIA-1) is seen by all."""
    if viewer is None:
        return False
    if event.target == Zone.HAND:
        return event.source == Zone.DECK and event.player != viewer
    if event.target == Zone.VAULT:
        return event.source == Zone.DECK or (event.source == Zone.HAND and event.player != viewer)
    return False


def moved_cards(events: list[Event], viewer: str | None) -> list[dict]:
    """The cards a statement moved, where each went, as ``viewer`` could see them: one
    ``{"card", "player", "zone"}`` per move (``player``: whose zone, None for the pool), for
    the page to mark them on the table. A card the viewer could not see is left out."""
    return [{"card": e.card, "player": e.player, "zone": str(e.target)} for e in events
            if e.kind == EventKind.MOVE and e.card and not _hidden_from(e, viewer)]


def _moves(events: list[Event], actor: str, viewer: str | None) -> list[str]:
    """'Ann: Road, Dock hand → stockpile' per player and pair of zones, in order of first move."""
    groups: dict[tuple, list[str]] = {}
    for e in events:
        taken = e.source == e.target == Zone.BUILDING  # narrated by ``_others``
        if e.kind != EventKind.MOVE or taken or e.source == Zone.CAMP or _answer(e, actor):
            continue
        key = (e.player, str(e.source), str(e.target), e.text or "")
        groups.setdefault(key, []).append("?" if _hidden_from(e, viewer) else e.card)
    out = []
    for (player, source, target, note), cards in groups.items():
        shown = [c for c in cards if c != "?"]
        unseen = len(cards) - len(shown)
        what = ", ".join(shown)
        if unseen:
            what += (", " if shown else "") + _count(unseen)
        out.append(f"{player}: {what} {source} → {target}" + (f" ({note})" if note else ""))
    return out


def _returned(events: list[Event]) -> str | None:
    """The turn's played cards leaving the camps: Order cards back to the pool, Jacks to the
    Jack pile (R-TURN-8, R-JACK-2), and those a power keeps into the hand (B-SENATE-1)."""
    went = {Zone.POOL: 0, Zone.JACK_PILE: 0, Zone.HAND: 0}
    for e in events:
        if e.kind == EventKind.MOVE and e.source == Zone.CAMP and e.target in went:
            went[e.target] += 1
    pool, jacks, kept = went[Zone.POOL], went[Zone.JACK_PILE], went[Zone.HAND]
    parts = [f"{pool} played card{'' if pool == 1 else 's'} back to the pool"] if pool else []
    if jacks:
        parts.append(f"{jacks} Jack{'' if jacks == 1 else 's'} back to the pile")
    if kept:
        parts.append(f"{kept} kept in hand")
    return "turn over: " + ", ".join(parts) if parts else None


def _others(events: list[Event], actor: str, ruleset: str) -> list[str]:
    """Influence, completions (with the power the structure brings), powers, demand answers
    and the end, in rulebook words."""
    out = []
    influence: dict[str, int] = {}
    for e in events:
        if e.kind == EventKind.INFLUENCE:
            influence[e.player] = influence.get(e.player, 0) + (e.value or 0)
    for e in events:
        if e.kind == EventKind.SITE:
            out.append(f"{e.player}'s {e.card} on a {e.text} site")
        elif e.kind == EventKind.COMPLETE:
            power = summary(ruleset, e.card)
            out.append(f"completes {e.player}'s {e.card}" + (f": {power[:1].lower()}{power[1:]}" if power else ""))
        elif e.kind == EventKind.MOVE and e.source == e.target == Zone.BUILDING:
            out.append(f"{e.player} takes {e.card} ({e.text})")
        elif e.kind == EventKind.STEP:
            out.append(f"{e.card}: {e.player} {e.text}")
        elif e.kind == EventKind.PUBLIC:
            out.append(f"{e.player}'s {e.card} is public")
        elif e.kind == EventKind.GLORY:
            out.append(f"{e.player}: Glory to Rome")
    out.extend(f"{name} {gain:+d} influence" for name, gain in influence.items() if gain)
    gives: dict[str, list[str]] = {}
    for e in events:
        if _answer(e, actor):
            gives.setdefault(e.player, []).append(e.card)
    out.extend(f"{who} gives {', '.join(cards)}" + (f" ({to})" if (to := _to(events, who)) else "")
               for who, cards in gives.items())
    return out


def _answer(e: Event, actor: str) -> bool:
    """An answer to a demand the engine made, the only legal one (R-LEG-3)."""
    return (e.kind == EventKind.MOVE and e.player != actor and e.target == Zone.STOCKPILE
            and e.source in (Zone.HAND, Zone.STOCKPILE))


def _to(events: list[Event], who: str) -> str:
    return next((e.text for e in events if e.kind == EventKind.MOVE and e.player == who and e.text), "")


def _actions_left(state: GameState) -> str | None:
    """'Ben: 2 Laborer actions left' while the actions of a role are under way (R-TURN-6)."""
    if state.over or state.phase is not Phase.ACTIONS or not state.led_role:
        return None
    name = state.players[state.current].name
    left = Game(state).actions(name) - state.actions_used
    return f"{name}: {left} {state.led_role} action{'' if left == 1 else 's'} left"


def _points_moved(before: dict[str, int], after: dict[str, int]) -> str | None:
    moved = [f"{name} {before.get(name, 0)}→{n}" for name, n in after.items() if before.get(name) != n]
    return "points " + ", ".join(moved) if moved else None


def _demand(events: list[Event], state: GameState) -> str | None:
    """'Rome demands Brick of Eve and Cid' when a demand has just been made (R-LEG-1, R-LEG-3)."""
    if state.legionary is None or not any(e.kind == EventKind.DEMAND for e in events):
        return None
    d = state.legionary
    victims = [state.players[i].name for i in d.victims]
    whom = f" of {' and '.join(victims)}" if victims else ""
    return f"Rome demands {', '.join(map(str, d.demanded))}{whom}"


_DRAWN = re.compile(r"\[([^\]]*)\]")


def statement_text(moment: Moment, viewer: str | None) -> str:
    """The statement as written; in a player's view, another player's drawn cards as a count
    and the card it moved where that player could not see it (``_hidden_from``) as ``?``."""
    snap = moment.snapshot
    if viewer is None:
        return snap.text
    if snap.diagnostic is not None:
        return snap.diagnostic.seen_by(viewer).statement
    decision = snap.decision
    if isinstance(decision, Think):
        if snap.player == viewer:
            return snap.text
        return _DRAWN.sub(lambda m: f"[{_count(len([c for c in m.group(1).split(',') if c.strip()]))}]", snap.text)
    card = getattr(decision, "card", None)
    if card is None or not any(e.kind == EventKind.MOVE and e.card == card and e.player == snap.player
                               and _hidden_from(e, viewer) for e in snap.events):
        return snap.text
    return str(replace(statement_for(decision, snap.state, []), card="?"))


def _count(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def narrate(timeline: Timeline, moment: Moment, *, viewer: str | None = None) -> Line:
    """The narrated line of one statement (see the module's docstring)."""
    snap = moment.snapshot
    before = timeline.state_of(moment.before)
    position = timeline.position_of(moment)
    glyphs, comments = as_known(snap.player, tuple(snap.glyphs), tuple(snap.comments), viewer)
    if moment.refused:
        return Line(snap.seq, None, moment.turn, moment.depth, statement_text(moment, viewer), glyphs,
                    comments, False, (), visible_points(before, viewer), snap.diagnostic.seen_by(viewer).message)
    after = snap.state
    changes = []
    # whether another player's decision was their only choice depends on their hand: a
    # player's view tells it of the viewer's own decisions alone (RULES.md §0.5)
    forced = snap.forced and (viewer is None or snap.player == viewer)
    if forced:
        changes.append("forced")
    changes.extend(_others(snap.events, snap.player, after.ruleset))
    changes.extend(_moves(snap.events, snap.player, viewer))
    points = visible_points(after, viewer)
    ended = [e.text for e in snap.events if e.kind == EventKind.GAME_END]
    if ended:
        changes.append(f"game ends: {ended[0]}")
        changes.append("points " + ", ".join(f"{name} {n}" for name, n in points.items()))
    else:
        if (moved := _points_moved(visible_points(before, viewer), points)) is not None:
            changes.append(moved)
        if (left := _actions_left(after)) is not None:
            changes.append(left)
    if (returned := _returned(snap.events)) is not None:
        changes.append(returned)
    if (demand := _demand(snap.events, after)) is not None:
        changes.append(demand)
    if not changes and not after.over:  # nothing moved: say what the statement leads to
        changes.append(next_words(after))
    return Line(snap.seq, position, moment.turn, moment.depth, statement_text(moment, viewer), glyphs,
                comments, forced, tuple(changes), points)


def in_view(moment: Moment, viewer: str | None) -> bool:
    """Whether ``viewer``'s view shows the statement: everyone's view shows every line, a
    player's only the lines played (the main line, and its refused statement)."""
    return viewer is None or not moment.depth


def narrated(timeline: Timeline, *, viewer: str | None = None) -> list[Line]:
    """Every statement's line ``viewer`` sees (``in_view``), a refused statement included, in
    replay order."""
    return [narrate(timeline, m, viewer=viewer) for m in timeline.moments if in_view(m, viewer)]
