"""Between the engine's decisions and the notation's statements.

The notation knows text and the engine knows rules; this module is the one place that maps
each statement kind to a decision kind and back. Both directions are tables, one entry per
kind, so adding a power's statement means adding one entry on each side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from notation import statements as st
from notation.words import ThinkKind
from notation.words import Zone as NZone

from gtr_replay.game import decisions as dc
from gtr_replay.data.cards import cards_for
from gtr_replay.game.events import Event, EventKind
from gtr_replay.game.piles import UNSEEN
from gtr_replay.game.state import GameState
from gtr_replay.enums import Material, Role, Zone
from gtr_replay.errors import ReplayError


def _zone(zone) -> NZone | None:
    return None if zone is None else NZone(str(zone))


def _source(d) -> NZone | str | None:
    """Where a hire's or a gather's card comes from: a zone, or the building it lay under."""
    return d.building if d.source is Zone.BUILDING else _zone(d.source)


def drawn_cards(events: list[Event], player: str) -> tuple[str, ...]:
    """The cards a Thinker drew: the deck-to-hand moves right after their think event."""
    drawn: list[str] = []
    started = False
    for event in events:
        if event.kind == EventKind.THINK and event.player == player:
            started = True
        elif started:
            if event.kind == EventKind.MOVE and event.source == Zone.DECK and event.player == player:
                drawn.append(event.card)  # type: ignore[arg-type]  # a move names its card
            elif drawn or event.kind != EventKind.MOVE:
                break
    return tuple(drawn)


_TO_STATEMENT: Final[dict[type, Callable]] = {
    dc.Lead: lambda d, ev, draws: st.Lead(d.player, d.role, d.cards, d.groups),
    dc.Follow: lambda d, ev, draws: st.Follow(d.player, d.cards, d.groups),
    dc.Think: lambda d, ev, draws: st.Think(d.player, ThinkKind(d.option),
                                           drawn_cards(ev, d.player) if draws and d.option != "jack" else None),
    dc.Hire: lambda d, ev, draws: st.Hire(d.player, d.card, _source(d), d.replacing),
    dc.Gather: lambda d, ev, draws: st.Gather(d.player, d.card, _source(d)),
    dc.Sell: lambda d, ev, draws: st.Sell(d.player, d.card, _zone(d.source)),
    dc.Lay: lambda d, ev, draws: st.Lay(d.player, d.card, d.site,
                                       d.out_of_town, _zone(d.source)),
    dc.Add: lambda d, ev, draws: st.Add(d.player, d.card, d.building, _zone(d.source), d.owner),
    dc.Steal: lambda d, ev, draws: st.Steal(d.player, d.victim, d.building, tuple(d.sites)),
    dc.Slay: lambda d, ev, draws: st.Slay(d.player, d.victim, d.card),
    dc.TearDown: lambda d, ev, draws: st.TearDown(d.player, d.victim, d.building),
    dc.Demolish: lambda d, ev, draws: st.TearDown(d.player, None, d.building),
    dc.Trigger: lambda d, ev, draws: st.Trigger(d.player, d.owner, d.building),
    dc.TakeFromPool: lambda d, ev, draws: st.Take(d.player, d.card, NZone.POOL),
    dc.TakeFromDeck: lambda d, ev, draws: st.Take(d.player, d.card, NZone.DECK),
    dc.Give: lambda d, ev, draws: (st.Give(d.player, d.cards, d.to, _zone(d.source)) if d.cards
                                   else st.Glory(d.player)),
    dc.Pass: lambda d, ev, draws: st.Pass(d.player),
    dc.Keep: lambda d, ev, draws: st.Keep(d.player, d.cards, d.owners),
    dc.Discard: lambda d, ev, draws: st.Discard(d.player, d.cards),
}


def statement_for(decision: dc.Decision, state_before: GameState, events: list[Event], *,
                  draws: bool = False) -> st.Statement:
    """The canonical statement of a decision; ``events`` are what applying it yielded (for
    the cards a Thinker drew, written only with ``draws``)."""
    if isinstance(decision, dc.Demand):
        cards = _card_material(state_before)
        shown = (*decision.cards, *decision.buildings)
        return st.Demand(decision.player, tuple(cards(c) for c in shown), decision.cards,
                         decision.buildings)
    if isinstance(decision, dc.Surrender):
        others = tuple(p.name for p in state_before.players if p.name != decision.player)
        return st.Surrender(others, decision.player)
    return _TO_STATEMENT[type(decision)](decision, events, draws)


def _card_material(state: GameState):
    return lambda card: _material_of(state, card)


def _material_of(state: GameState, card: str) -> Material | None:
    """The card's material; None for a card the recorder did not see."""
    found = cards_for(state.ruleset).cards.get(card) or cards_for(state.ruleset).optional.get(card)
    return None if found is None else found.material


_ENGINE_ZONE: Final[dict] = {None: None, **{z: Zone(str(z)) for z in NZone}}
"""The notation's zones as the engine's (read once: an enum lookup by value is slow). Roles and
materials need no table: the engine's are the notation's (``gtr_replay.enums``)."""


def _engine_zone(zone) -> Zone | None:
    return _ENGINE_ZONE[zone]


def _taken(make, s, state: GameState):
    """A hire's or a gather's decision: from a zone, or from under a building (G-CASTRAPRAETORIA-1, G-SOLARIUM-1)."""
    more = {"replacing": s.replacing} if make is dc.Hire and s.replacing else {}  # BC-BATH-2
    if s.source is not None and not isinstance(s.source, NZone):
        return make(s.player, s.card, Zone.BUILDING, building=s.source, **more)
    return make(s.player, _card_from(s, state), _engine_zone(s.source), **more)


def _card_from(s, state: GameState) -> str:
    """The card a statement takes; ``[?] from deck`` is the deck's top card when its order is
    known (an Atrium's card goes to the vault unseen, B-ATRIUM-1, AMB-25)."""
    if s.card == UNSEEN and str(s.source) == "deck" and state.deck_known and state.deck:
        return state.deck[0]
    return s.card


_TO_DECISION: Final[dict[type, Callable]] = {
    st.Lead: lambda s, state: dc.Lead(s.player, s.role, tuple(s.cards), tuple(s.groups)),
    st.Follow: lambda s, state: dc.Follow(s.player, tuple(s.cards), tuple(s.groups)),
    st.Think: lambda s, state: dc.Think(s.player, str(s.how)),
    st.Hire: lambda s, state: _taken(dc.Hire, s, state),
    st.Gather: lambda s, state: _taken(dc.Gather, s, state),
    st.Sell: lambda s, state: dc.Sell(s.player, _card_from(s, state), _engine_zone(s.source)),
    st.Lay: lambda s, state: dc.Lay(s.player, _card_from(s, state), s.site,
                                    s.out_of_town, _engine_zone(s.source)),
    st.Add: lambda s, state: dc.Add(s.player, s.card, s.structure, _engine_zone(s.source),
                                    None if s.owner == s.player else s.owner),
    st.Steal: lambda s, state: dc.Steal(s.player, s.victim, s.structure, tuple(s.sites)),
    st.Slay: lambda s, state: dc.Slay(s.player, s.victim, s.card),
    st.TearDown: lambda s, state: (dc.Demolish(s.player, s.structure) if s.victim is None
                                   else dc.TearDown(s.player, s.victim, s.structure)),
    st.Trigger: lambda s, state: dc.Trigger(s.player, s.structure, s.owner),
    st.Demand: lambda s, state: dc.Demand(s.player, tuple(s.shown), tuple(s.materials),
                                          tuple(s.buildings)),
    st.Take: lambda s, state: (dc.TakeFromDeck(s.player, _card_from(s, state)) if str(s.source) == "deck"
                               else dc.TakeFromPool(s.player, s.card)),
    st.Give: lambda s, state: dc.Give(s.player, tuple(s.cards), s.to, _engine_zone(s.source)),
    st.Glory: lambda s, state: dc.Give(s.player, (), _demander(state)),
    st.Pass: lambda s, state: dc.Pass(s.player),
    st.Keep: lambda s, state: dc.Keep(s.player, tuple(s.cards), tuple(s.owners)),
    st.Discard: lambda s, state: dc.Discard(s.player, tuple(s.cards)),
    st.Surrender: lambda s, state: dc.Surrender(s.to),
}


def _demander(state: GameState) -> str:
    if state.legionary is None:
        return ""
    return state.players[state.legionary.demander].name


_TAKES_A_CARD: Final = frozenset({st.Hire, st.Gather, st.Sell, st.Take, st.Lay})
"""The statements whose card may be ``[?] from deck`` (``_card_from``)."""


def reads_state(statement: st.Statement) -> bool:
    """Whether the decision a statement records depends on the state it is read against: a
    Glory to Rome names the demander, ``[?] from deck`` the deck's top card. Any other reads
    the same in every state. (Each kind of statement is a class of its own, as
    ``_TO_DECISION`` files them.)"""
    kind = type(statement)
    return kind is st.Glory or (kind in _TAKES_A_CARD and statement.card == UNSEEN)  # type: ignore[attr-defined]


def drawn_listed(statement: st.Statement) -> tuple[str, ...] | None:
    """The cards a think's statement lists as drawn (``Game.push``'s ``drawn``); None for any
    other statement, and for a think that lists none."""
    return statement.drawn if type(statement) is st.Think else None


def decision_for(statement: st.Statement, state: GameState) -> dc.Decision:
    """The engine decision a statement records, read against the state it applies to."""
    make = _TO_DECISION.get(type(statement))
    if make is None:
        raise ReplayError(f"'{statement}' is not a decision the rules engine knows yet",
                          hint="this building power is not implemented")
    if isinstance(statement, st.Lay) and statement.site is not None:
        if str(statement.site) == str(_material_of(state, statement.card)):
            return dc.Lay(statement.player, _card_from(statement, state), None, statement.out_of_town,
                          _engine_zone(statement.source))
    return make(statement, state)
