"""The state a record starts from: a ``Deck`` tag, a setup block, or a position block.

- ``[Deck "seed:NAME:fy-1"]`` or ``[Deck "Road, Bath, ..."]``: the whole deck order; the
  setup is dealt from it and every draw is known.
- a setup block: the leader draw and every starting hand; the rest of the deck is of unknown
  order, so the record lists the cards each Thinker draws.
- a position block (``[Start "position"]``): a described state; what it does not place is
  in the deck (``deck: N``: N of them are, which ones is learnt as they are drawn).
"""

from __future__ import annotations

from collections import Counter

import notation
from notation import Position, Record, Setup

from gtr_replay.cards import cards_for
from gtr_replay.engine import core, flow
from gtr_replay.engine import unseen
from gtr_replay.engine.draws import unknown_order
from gtr_replay.engine.unseen import UNSEEN
from gtr_replay.engine.events import Event
from gtr_replay.engine.setup import SHUFFLE_ALGORITHM, new_game, shuffled_deck
from gtr_replay.engine.state import Building, GameState, PlayerState
from gtr_replay.enums import JACK, MATERIALS, Material
from gtr_replay.errors import GtrError, ReplayError
from gtr_replay.expansions import TAG_FORMS, expansion_cards
from gtr_replay.rulesets import find_ruleset
from gtr_replay.rulings import resolve


class StartError(ReplayError):
    """The record's header or opening block cannot give a starting state."""

    def __init__(self, message: str, *, line: int = 0, column: int = 0, hint: str | None = None,
                 rule_ids: tuple[str, ...] = ()) -> None:
        super().__init__(message, hint=hint)
        self.line = line
        self.column = column
        self.rule_ids = tuple(rule_ids)


def _tag_span(record: Record, name: str) -> tuple[int, int]:
    for tag in record.tags:
        if tag.name.lower() == name.lower():
            return tag.span.line, tag.span.column
    return record.span.line, record.span.column


def header(record: Record) -> tuple[str, list[str], dict[str, str]]:
    """Ruleset, players and rulings from the tags."""
    line, column = _tag_span(record, "Ruleset")
    value = record.tag("Ruleset")
    if value is None:
        raise StartError("the record has no Ruleset tag", line=line, column=column,
                         hint='add [Ruleset "classic"], "republic" or "imperium"')
    try:
        ruleset = str(find_ruleset(value).ruleset)
        rulings = resolve(record.tag("Rulings"))
    except GtrError as error:
        name = "Rulings" if record.tag("Rulings") and "ruling" in error.message else "Ruleset"
        line, column = _tag_span(record, name)
        raise StartError(error.message, line=line, column=column, hint=error.hint,
                             rule_ids=getattr(error, "rule_ids", ())) from None
    players = list(record.players)
    if not 2 <= len(players) <= 5:
        line, column = _tag_span(record, "Players")
        raise StartError(f"{len(players)} players in the Players tag; Glory to Rome is played by 2 to 5",
                         line=line, column=column, hint='list the seating order: [Players "Ann, Ben, Cid"]')
    return ruleset, players, rulings


def expansions(record: Record, ruleset: str) -> tuple[str, ...]:
    """The optional cards the Expansion tag puts into the game (R-VER-2); none without it."""
    value = record.tag("Expansion")
    try:
        return expansion_cards(value, ruleset)
    except GtrError as error:
        line, column = _tag_span(record, "Expansion")
        raise StartError(f"Expansion tag: {error.message}", line=line, column=column, hint=error.hint,
                         rule_ids=("R-VER-2",)) from None


def left_out(ruleset: str, names, chosen: tuple[str, ...]) -> list[str]:
    """The Geek cards among ``names`` that the game's Expansion tag leaves out (R-VER-2)."""
    optional = cards_for(ruleset).optional
    return sorted({n for n in names if n in optional and n not in chosen})


def geek_hint(names: list[str], chosen: tuple[str, ...]) -> str:
    """How to put the Geek cards ``names`` into the game."""
    wanted = ", ".join(sorted({*chosen, *names}))
    return f'add [Expansion "geek: {wanted}"] to the tags ({TAG_FORMS})'


def not_in_game(names: list[str]) -> str:
    """Says that the Geek cards ``names`` are not in the game."""
    return f"{', '.join(names)} {'is a Geek card' if len(names) == 1 else 'are Geek cards'}, not in this game"


def outside_the_game(ruleset: str, names, chosen: tuple[str, ...]) -> str | None:
    """The hint for Geek cards among ``names`` that the Expansion tag leaves out, or None."""
    found = left_out(ruleset, names, chosen)
    return f"{not_in_game(found)}: {geek_hint(found, chosen)}" if found else None


def deck_from_tag(ruleset: str, value: str, line: int, column: int, chosen: tuple[str, ...] = ()) -> list[str]:
    """The deck order a Deck tag names: ``seed:NAME:ALGORITHM`` or the cards, top first; with
    the optional cards ``chosen`` in the deck (R-VER-2)."""
    if value.startswith("seed:"):
        name, _, algorithm = value[5:].rpartition(":")
        if algorithm != SHUFFLE_ALGORITHM or not name:
            raise StartError(f"unknown shuffle {value!r}", line=line, column=column,
                             hint=f"write seed:NAME:{SHUFFLE_ALGORITHM}")
        return shuffled_deck(ruleset, name, chosen)
    card_set = cards_for(ruleset)
    cards = []
    for name in (n.strip() for n in value.split(",") if n.strip()):
        try:
            card = card_set.find(name, optional=True)
        except GtrError as error:
            raise StartError(f"Deck tag: {error.message}", line=line, column=column, hint=error.hint) from None
        hint = outside_the_game(ruleset, [card.name], chosen)
        if hint is not None:
            raise StartError(f"Deck tag: {card.name} is not in this game's deck", line=line, column=column,
                             hint=hint, rule_ids=("R-VER-2",))
        cards.append(card.name)
    return cards


def start_state(record: Record) -> tuple[GameState, list[Event]]:
    """The state before the record's first statement, and the setup events."""
    ruleset, players, rulings = header(record)
    chosen = expansions(record, ruleset)
    if isinstance(record.start, Position):
        return _from_position(record.start, ruleset, players, rulings, chosen), []
    deck_value = record.tag("Deck")
    if deck_value is not None:
        line, column = _tag_span(record, "Deck")
        deck = deck_from_tag(ruleset, deck_value, line, column, chosen)
        try:
            state, events = new_game(ruleset, players, deck=deck, rulings=rulings, expansion=chosen)
        except GtrError as error:
            raise StartError(error.message, line=line, column=column, hint=error.hint,
                             rule_ids=getattr(error, "rule_ids", ())) from None
        if isinstance(record.start, Setup):
            _check_setup(record.start, state, events)
        return state, events
    if isinstance(record.start, Setup):
        return _from_setup(record.start, ruleset, players, rulings, chosen)
    raise StartError("the record does not say how the cards were dealt", line=record.span.line,
                     column=record.span.column,
                     hint='add a Deck tag, a setup block with every hand, or [Start "position"] with a position block')


def _from_setup(setup: Setup, ruleset: str, players: list[str], rulings,
                chosen: tuple[str, ...] = ()) -> tuple[GameState, list[Event]]:
    """Deal the setup the block describes; the rest of the deck has no known order."""
    spec = find_ruleset(ruleset)
    hands = setup.hands
    span = setup.span
    if not any(name in hands for name in players):
        raise StartError("the setup block has no hand at all", line=span.line, column=span.column,
                         hint="list the recorder's hand (others may be left out or written '?'), "
                              "or give the deck order in a Deck tag")
    draws = [d.card for round_ in setup.draws for d in round_]
    if not draws:
        raise StartError("the setup block has no leader draw (pool: ...)", line=span.line, column=span.column)
    blocks = []
    for name in players:
        hand = hands.get(name)
        if hand is None:  # a hand the recorder did not see (engine.unseen)
            hand = (UNSEEN,) * spec.starting_orders + (JACK,) * spec.starting_jacks
        elif UNSEEN in hand and JACK not in hand:  # Jacks are dealt face up (R-SETUP-2)
            hand = tuple(hand) + (JACK,) * spec.starting_jacks
        jacks = hand.count(JACK)
        if jacks != spec.starting_jacks:
            raise StartError(f"{name}'s starting hand holds {jacks} Jack(s); the {ruleset} rules deal "
                             f"{spec.starting_jacks}", line=span.line, column=span.column,
                             rule_ids=("R-SETUP-2", "R-SETUP-3", "R-SETUP-9"))
        blocks.append([c for c in hand if c != JACK])
    seen = [c for block in blocks for c in block if c != UNSEEN]
    manifest = Counter(cards_for(ruleset).manifest(with_optional=chosen))
    rest = manifest - Counter(draws + seen)
    surplus = Counter(draws + seen) - manifest
    if surplus:
        raise StartError(f"the setup block shows more copies than the deck holds: {', '.join(sorted(surplus))}",
                         line=span.line, column=span.column, rule_ids=("R-COMP-6",),
                         hint=outside_the_game(ruleset, surplus, chosen))
    spare = sorted(rest.elements())
    hidden_count = sum(block.count(UNSEEN) for block in blocks)
    stand_ins = iter(spare)  # an unseen card is dealt as some unplaced card, hidden again below
    hand_cards = [next(stand_ins) if c == UNSEEN else c for block in blocks for c in block]
    ordered = draws + hand_cards if spec.leader_draw_first else hand_cards + draws
    deck = ordered + spare[hidden_count:]
    try:
        state, events = new_game(ruleset, players, deck=deck, rulings=rulings, expansion=chosen)
    except GtrError as error:
        raise StartError(error.message, line=span.line, column=span.column, hint=error.hint,
                         rule_ids=getattr(error, "rule_ids", ())) from None
    for name, block in zip(players, blocks):
        if len(block) != spec.starting_orders:
            raise StartError(f"{name}'s starting hand holds {len(block)} Order cards; the {ruleset} rules deal "
                             f"{spec.starting_orders}", line=span.line, column=span.column,
                             rule_ids=("R-SETUP-2", "R-SETUP-3", "R-SETUP-9"))
    _check_setup(setup, state, events)
    unknown_order(state)
    if any(UNSEEN in block for block in blocks):
        unseen.hide(state)
        for player, block in zip(state.players, blocks):
            hidden = [c for c, written in zip([c for c in player.hand if c != JACK], block) if written == UNSEEN]
            for card in hidden:
                player.hand[player.hand.index(card)] = UNSEEN
                state.unseen.append(card)
            left = Counter(hidden)
            for n, event in enumerate(events):
                if event.player == player.name and event.target == "hand" and left[event.card]:
                    left[event.card] -= 1
                    events[n] = event._replace(card=UNSEEN)
        state.unseen.sort()
    return state, events


def _check_setup(setup: Setup, state: GameState, events: list[Event]) -> None:
    """The setup block's leader draw and leader must be what the deal gives (checked, not trusted)."""
    dealt = [(e.player, e.card) for e in events if e.kind == "leader-draw"]
    written = [(d.player, d.card) for round_ in setup.draws for d in round_]
    span = setup.span
    if written and written != dealt:
        shown = ", ".join(f"{p} {c}" for p, c in dealt)
        raise StartError(f"the leader draw deals {shown}, not what the setup block says", line=span.line,
                         column=span.column, hint="redeals go to the tied players",
                         rule_ids=("R-SETUP-5", "AMB-07"))
    leader = state.players[state.leader].name
    if setup.leader is not None and setup.leader != leader:
        raise StartError(f"the leader draw makes {leader} the leader, not {setup.leader}", line=span.line,
                         column=span.column, hint="the building name first in the alphabet leads",
                         rule_ids=("R-SETUP-5", "AMB-06"))


def _from_position(position: Position, ruleset: str, players: list[str], rulings,
                   chosen: tuple[str, ...] = ()) -> GameState:
    span = position.span
    card_set = cards_for(ruleset)

    def fail(message: str, hint: str | None = None, rule_ids: tuple[str, ...] = ()):
        raise StartError(f"position: {message}", line=span.line, column=span.column, hint=hint, rule_ids=rule_ids)

    by_name = {name: PlayerState(name) for name in players}
    public: list[tuple[str, str]] = []
    explicit_influence: set[str] = set()
    placed: Counter = Counter()
    jacks_held = 0
    hidden = 0
    """Unseen cards ('?') in hands and vaults (``engine.unseen``)."""
    for line in position.lines:
        if isinstance(line, notation.Hand):
            player = by_name.get(line.player) or fail(f"{line.player} is not in the Players tag")
            player.hand = list(line.cards)
        elif isinstance(line, notation.Cards):
            player = by_name.get(line.player) or fail(f"{line.player} is not in the Players tag")
            zone = str(line.zone)
            if zone not in ("clientele", "stockpile", "vault"):
                fail(f"{zone} is not a player's zone here", "use hand, clientele, stockpile or vault")
            setattr(player, zone, list(line.cards))
        elif isinstance(line, notation.Influence):
            player = by_name.get(line.player) or fail(f"{line.player} is not in the Players tag")
            player.influence = [Material(str(m)) for m in line.sites]
            explicit_influence.add(player.name)
        elif isinstance(line, notation.Building):
            player = by_name.get(line.player) or fail(f"{line.player} is not in the Players tag")
            building = Building(line.foundation, Material(str(line.site)), list(line.materials), line.complete,
                                line.out_of_town, line.stolen)
            if (line.stolen or line.public) and not line.complete:
                fail(f"{player.name}'s {line.foundation} is marked {'stolen' if line.stolen else 'public'} "
                     "but not complete", "only completed structures are taken or made public; add 'complete'",
                     ("B-PRISON-1", "B-STAIRWAY-1"))
            if line.public:
                public.append((player.name, line.foundation))
            player.buildings.append(building)
    if JACK in position.pool:
        fail("the pool holds a Jack: Jacks are never materials or clients, and a played Jack returns to "
             "the Jack pile", "give the Jacks not in a hand or a camp as the Jack pile: jacks: N", ("R-JACK-2", "R-JACK-3"))
    for player in by_name.values():
        for zone, cards in (("clientele", player.clientele), ("stockpile", player.stockpile), ("vault", player.vault)):
            if JACK in cards:
                fail(f"{player.name}'s {zone} holds a Jack: Jacks are never materials or clients",
                     "a Jack is in a hand, a camp or the Jack pile", ("R-JACK-3",))
        for b in player.buildings:
            if JACK == b.foundation or JACK in b.materials:
                fail(f"{player.name}'s {b.foundation} holds a Jack: Jacks are never foundations or materials",
                     "a Jack is in a hand, a camp or the Jack pile", ("R-JACK-3",))
        if player.name not in explicit_influence:  # an influence line, when given, lists every Site
            player.influence = [b.site for b in player.buildings if b.complete and not b.stolen]
        if UNSEEN in player.clientele + player.stockpile:
            fail(f"{player.name}'s clientele and stockpile are face up: an unseen card '?' cannot be there",
                 "name their cards; a hand or a vault may hold '?'")
        hidden += player.hand.count(UNSEEN) + player.vault.count(UNSEEN)
        for zone in (player.hand, player.clientele, player.stockpile, player.vault):
            placed.update(c for c in zone if c != JACK and c != UNSEEN)
        jacks_held += player.hand.count(JACK)
        for b in player.buildings:
            placed[b.foundation] += 1
            placed.update(b.materials)
    placed.update(position.pool)
    unknown = [c for c in placed if c != "?" and not card_set.in_game(c, chosen)]
    if unknown:
        hint = outside_the_game(ruleset, unknown, chosen)
        what = "in this game's deck" if hint else f"a card of the {ruleset} ruleset"
        fail(f"{', '.join(sorted(unknown))} is not {what}", hint, ("R-VER-2",) if hint else ())
    manifest = Counter(card_set.manifest(with_optional=chosen))
    remaining = manifest - placed
    if placed - manifest:
        fail(f"more copies than the deck holds: {', '.join(sorted(placed - manifest))}",
             rule_ids=("R-COMP-6",))
    deck_line = position.deck
    deck_known = True
    if deck_line is None:
        deck, removed = sorted(remaining.elements()), []
        deck_known = False
    elif deck_line.cards is not None:
        if "?" in deck_line.cards:
            fail("the deck lists an unseen card '?'", "give the deck as a count: deck: N")
        lacking = Counter(deck_line.cards) - remaining
        if lacking:
            fail(f"the deck lists cards already placed elsewhere: {', '.join(sorted(lacking))}", rule_ids=("R-COMP-6",))
        deck = list(deck_line.cards)
        removed = sorted((remaining - Counter(deck)).elements())
    else:
        pool = sorted(remaining.elements())
        if deck_line.count + hidden > len(pool):
            fail(f"the deck holds {deck_line.count} cards and {hidden} are unseen elsewhere, but only "
                 f"{len(pool)} are not placed", rule_ids=("R-COMP-6",))
        if deck_line.count > len(pool):
            fail(f"the deck holds {deck_line.count} cards but only {len(pool)} are not placed", rule_ids=("R-COMP-6",))
        deck, removed = pool[:deck_line.count], pool[deck_line.count:]
        deck_known = False  # which N of the unplaced cards: known only as they are drawn
    names = list(by_name)
    leader = position.leader or names[0]
    if leader not in by_name:
        fail(f"the leader {leader} is not in the Players tag")
    spec = find_ruleset(ruleset)
    jack_pile = position.jacks if position.jacks is not None else card_set.jacks - jacks_held
    if jacks_held + jack_pile > card_set.jacks:
        fail(f"{jacks_held + jack_pile} Jacks placed; the {ruleset} game has {card_set.jacks}",
             rule_ids=("R-COMP-1", "R-COMP-2"))
    state = GameState(spec.ruleset, [by_name[n] for n in names], rulings, deck=deck, deck_known=deck_known,
                      removed=removed, removed_unseen=deck_line is not None and deck_line.cards is None,
                      pool=list(position.pool), jack_pile=jack_pile,
                      jacks_out=card_set.jacks - jacks_held - jack_pile, expansions=chosen)
    state.leader = names.index(leader)
    state.public = [(names.index(owner), building) for owner, building in public]
    state.turn = position.turn or 1
    given_in, given_out = position.sites(), position.sites(out_of_town=True)
    explicit = any(isinstance(l, notation.Sites) for l in position.lines)
    for material in MATERIALS:
        used = sum(p.influence.count(material) for p in state.players) + sum(
            1 for p in state.players for b in p.buildings if b.site is material and not b.complete)
        supply = card_set.sites_per_material - used
        n = len(players)
        if explicit:
            state.sites_in_town[material] = given_in[material]
            state.sites_out_of_town[material] = given_out[material] if spec.out_of_town_sites else 0
        else:
            state.sites_in_town[material] = max(0, min(n, supply))
            state.sites_out_of_town[material] = max(0, supply - n) if spec.out_of_town_sites else 0
        rest = supply - state.sites_in_town[material] - state.sites_out_of_town[material]
        if rest < 0:
            fail(f"more {material} Sites than the game has ({card_set.sites_per_material})", rule_ids=("R-COMP-7",))
        state.sites_out_of_game[material] = rest
    if hidden:  # each '?' is one of the unplaced cards, like the deck's (engine.unseen)
        if deck_line is not None and deck_line.cards is not None:
            fail("a position with unseen cards gives its deck as a count: deck: N")
        unplaced = sorted(state.deck + state.removed)
        if hidden > len(unplaced):
            fail(f"{hidden} unseen cards, but only {len(unplaced)} are not placed", rule_ids=("R-COMP-6",))
        count = deck_line.count if deck_line is not None else len(unplaced) - hidden
        state.deck[:] = [UNSEEN] * count
        state.removed[:] = [UNSEEN] * (len(unplaced) - hidden - count)
        state.removed_unseen = True
        state.deck_known = False
        state.unseen = unplaced
    flow.start_turn(state, [])
    core.settle(state)
    return state
