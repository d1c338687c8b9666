"""The state a record starts from: a ``Deck`` tag, a setup block, or a position block.

- ``[Deck "seed:NAME:fy-1"]`` or ``[Deck "Road, Bath, ..."]``: the whole deck order; the
  setup is dealt from it and every draw is known.
- a setup block: the leader draw and every starting hand; the rest of the deck is of unknown
  order, so the record lists the cards each Thinker draws.
- a position block (``[Start "position"]``): a described state; what it does not place is
  in the deck (``deck: N``: N of them are, which ones is learnt as they are drawn).
"""

from __future__ import annotations

from dataclasses import fields

import notation
from notation import Position, Record, Setup

from gtr_replay.data.cards import cards_for
from gtr_replay.engine import SHUFFLE_ALGORITHM, Game
from gtr_replay.enums import Material
from gtr_replay.errors import GtrError, ReplayError
from gtr_replay.data.expansions import expansion_cards, outside_the_game
from gtr_replay.game import position as opening
from gtr_replay.game.decisions import Decision
from gtr_replay.game.events import EventKind
from gtr_replay.game.state import Building, PlayerState
from gtr_replay.data.rulesets import find_ruleset
from gtr_replay.data.rulings import resolve
from gtr_replay.data.ruling_types import LeaderDraw, LeaderTie


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


def named_cards(decision: Decision) -> list[str]:
    """The card names a decision holds (its cards, buildings and foundations)."""
    names: list[str] = []
    for f in fields(decision):
        value = getattr(decision, f.name)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, tuple):
            names.extend(v for v in value if isinstance(v, str))
    return names


def deck_from_tag(ruleset: str, value: str, line: int, column: int,
                  chosen: tuple[str, ...] = ()) -> tuple[list[str] | None, str | None]:
    """The deck a Deck tag gives: a shuffle's name (``seed:NAME:ALGORITHM``) or the cards, top
    first, each checked to be in the game with the optional cards ``chosen`` (R-VER-2)."""
    if value.startswith("seed:"):
        name, _, algorithm = value[5:].rpartition(":")
        if algorithm != SHUFFLE_ALGORITHM or not name:
            raise StartError(f"unknown shuffle {value!r}", line=line, column=column,
                             hint=f"write seed:NAME:{SHUFFLE_ALGORITHM}")
        return None, name
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
    return cards, None


def start_game(record: Record) -> Game:
    """The game before the record's first statement: from its Deck tag, its setup block or
    its position block, with the ruleset, players, rulings and optional cards of its tags."""
    ruleset, players, rulings = header(record)
    chosen = expansions(record, ruleset)
    start = record.start
    if isinstance(start, Position):
        first = record.turns[0].leader if record.turns else None  # its header's, or its first statement's
        return _started(start.span, lambda: Game.from_position(ruleset, _position(start, players, first),
                                                               rulings=rulings, expansion=chosen), "position: ",
                        at=_lines_of(start))
    deck_value = record.tag("Deck")
    if deck_value is not None:
        line, column = _tag_span(record, "Deck")
        deck, seed = deck_from_tag(ruleset, deck_value, line, column, chosen)
        game = _started(record.span, lambda: Game.new(ruleset, players, deck=deck, seed=seed, rulings=rulings,
                                                      expansion=chosen), "", line, column)
        if isinstance(start, Setup):
            _check_setup(start, game, players)
        return game
    if isinstance(start, Setup):
        span = start.span
        draws = [d.card for round_ in _dealt_order(start, players) for d in round_]
        if not draws:
            raise StartError("the setup block has no leader draw (pool: ...)", line=span.line, column=span.column)
        hand_lines = {line.player: line.span for line in start.lines if isinstance(line, notation.Hand)}
        game = _started(span, lambda: Game.from_setup(ruleset, players, draws=draws, hands=dict(start.hands),
                                                      rulings=rulings, expansion=chosen), "", at=hand_lines)
        _check_setup(start, game, players)
        return game
    raise StartError("the record does not say how the cards were dealt", line=record.span.line,
                     column=record.span.column,
                     hint='add a Deck tag, a setup block with every hand, or [Start "position"] with a position block')


def _started(span, make, prefix: str, line: int | None = None, column: int | None = None, *,
             at: dict | None = None) -> Game:
    """``make()``'s game, or the error that refuses it, located at the block (or the tag); ``at``:
    the block's lines an error may be about, by the player it names (a hand) or by the line it
    names (``line_of``: a position's line, ``_lines_of``)."""
    try:
        return make()
    except GtrError as error:
        own = None
        if at:
            own = at.get(getattr(error, "line_of", None) or ()) or at.get(getattr(error, "actor", None) or "")
        if own is not None:
            span, line, column = own, None, None
        raise StartError(prefix + error.message, line=span.line if line is None else line,
                         column=span.column if column is None else column, hint=error.hint,
                         rule_ids=getattr(error, "rule_ids", ())) from None


def _lines_of(position: Position) -> dict[tuple[str, ...], notation.Span]:
    """The position's lines by what an error about one names (``opening``'s ``line_of``): the
    line's first word, then its player and building where it has them (the first such line)."""
    found: dict[tuple[str, ...], notation.Span] = {}
    for line in position.lines:
        if isinstance(line, notation.Building):
            key: tuple[str, ...] = ("building", line.player, line.foundation)
        elif isinstance(line, notation.Cards):
            key = (str(line.zone), line.player)
        elif isinstance(line, notation.Hand):
            key = ("hand", line.player)
        elif isinstance(line, notation.Influence):
            key = ("influence", line.player)
        elif isinstance(line, notation.Deck):
            key = ("deck",)
        elif isinstance(line, notation.Jacks):
            key = ("jacks",)
        elif isinstance(line, notation.Sites):
            key = ("out of town",) if line.out_of_town else ("in town",)
        elif isinstance(line, notation.Pool):
            key = ("pool",)
        elif isinstance(line, notation.TurnNumber):
            key = ("turn",)
        else:
            continue
        found.setdefault(key, line.span)
    return found


def _dealt_order(setup: Setup, players: list[str]) -> list[list]:
    """The leader draw's rounds as the cards are dealt: each round in seat order, whatever
    order its line names the players in (``pool: Cid Bath, Ann Latrine, Ben Road``)."""
    seat = {name: i for i, name in enumerate(players)}
    return [sorted(round_, key=lambda d: seat.get(d.player, len(seat))) for round_ in setup.draws]


def _check_setup(setup: Setup, game: Game, players: list[str]) -> None:
    """The setup block's leader draw and leader must be what the deal gives (checked, not trusted):
    a draw that parts from the deal is refused at its line, in words naming no card the
    record does not."""
    dealt = [(e.player, e.card, e.value) for e in game.opening if e.kind == EventKind.LEADER_DRAW]
    rounds = _dealt_order(setup, players)
    written = [(d.player, d.card, r) for r, round_ in enumerate(rounds, 1) for d in round_]
    span = setup.span
    if written and written != dealt:
        k = next((k for k, (w, d) in enumerate(zip(written, dealt)) if w != d), min(len(written), len(dealt)))
        every = game.state.rulings.leader_tie is LeaderTie.ALL_PLAYERS
        who = "every player (leader-tie=all-players)" if every else "the tied players (leader-tie=tied-players)"
        lines = [line for line in setup.lines if isinstance(line, notation.PoolDraw)]
        if k >= len(written):  # the record stops while the draw is still tied: name the players, not the deck's cards
            owed = [p for p, _, r in dealt[k:] if r == dealt[k][2]]
            message = (f"the leader draw is not decided after {', '.join(f'{p} {c}' for p, c, _ in written)}: "
                       f"{', '.join(owed)} must draw again, and the setup block lists no card for "
                       f"{'them' if len(owed) > 1 else owed[0]}")
            at = lines[-1].span
        else:
            at = lines[written[k][2] - 1].span
            if k >= len(dealt):
                message = (f"the leader draw is decided before {written[k][0]} {written[k][1]}: the setup block "
                           "lists cards that are never drawn")
            elif dealt[k][2] != written[k][2] or dealt[k][0] not in {d.player for d in rounds[written[k][2] - 1]}:
                drawing = [p for p, _, r in dealt if r == dealt[k][2]]
                message = (f"round {dealt[k][2]} of the leader draw deals a card to {', '.join(drawing)}, "
                           f"not what this line lists")
            else:
                message = f"the setup block deals the leader draw's card {k + 1} to {written[k][0]}; it goes to {dealt[k][0]}"
        raise StartError(message, line=at.line, column=at.column, hint=f"a tie is broken by one more card each to {who}",
                         rule_ids=("R-SETUP-5", "AMB-07"))
    state = game.state
    leader = state.players[state.leader].name
    if setup.leader is not None and setup.leader != leader:
        at = next((line.span for line in setup.lines if isinstance(line, notation.Leader)), span)
        raise StartError(f"the leader draw makes {leader} the leader, not {setup.leader}", line=at.line,
                         column=at.column, hint="the role name first in the alphabet leads (leader-draw=role-name)"
                         if state.rulings.leader_draw is LeaderDraw.ROLE_NAME
                         else "the building name first in the alphabet leads",
                         rule_ids=("R-SETUP-5", "AMB-06"))


def _position(position: Position, players: list[str], first: str | None = None) -> opening.Position:
    """The position block as the engine takes it: each player's zones and buildings, the table.
    Without a ``leader:`` line, the leader is ``first``: the player of the record's first turn
    header, or of its first statement (a position starts a turn: its leader decides first)."""
    span = position.span

    def fail(message: str, hint: str | None = None):
        raise StartError(f"position: {message}", line=span.line, column=span.column, hint=hint)

    by_name = {name: PlayerState(name) for name in players}
    public: list[tuple[str, str]] = []
    given: set[str] = set()
    for line in position.lines:
        player = by_name.get(getattr(line, "player", None) or "")
        if isinstance(line, (notation.Hand, notation.Cards, notation.Influence, notation.Building)) and player is None:
            fail(f"{line.player} is not in the Players tag")
        if isinstance(line, notation.Hand):
            player.hand = list(line.cards)
        elif isinstance(line, notation.Cards):
            zone = str(line.zone)
            if zone not in ("clientele", "stockpile", "vault"):
                fail(f"{zone} is not a player's zone here", "use hand, clientele, stockpile or vault")
            setattr(player, zone, list(line.cards))
        elif isinstance(line, notation.Influence):
            player.influence = [Material(str(m)) for m in line.sites]
            given.add(player.name)
        elif isinstance(line, notation.Building):
            player.buildings.append(Building(line.foundation, Material(str(line.site)), list(line.materials),
                                             line.complete, line.out_of_town, line.stolen, line.site_given))
            if line.public:
                public.append((player.name, line.foundation))
    deck = position.deck
    stacks = [line for line in position.lines if isinstance(line, notation.Sites)]
    return opening.Position(
        [by_name[name] for name in players], frozenset(given), public, list(position.pool),
        deck=None if deck is None or deck.cards is None else list(deck.cards),
        deck_count=None if deck is None or deck.cards is not None else deck.count,
        jacks=position.jacks, leader=position.leader or (first if first in players else None), turn=position.turn,
        sites_in_town=_sites(stacks, False), sites_out_of_town=_sites(stacks, True))


def _sites(lines: list, out_of_town: bool) -> dict[Material, int] | None:
    """The Sites the ``in town`` (or ``out of town``) lines give, by the materials they name;
    None without such a line."""
    given = [line for line in lines if line.out_of_town == out_of_town]
    return {Material(str(m)): n for line in given for m, n in line.counts} if given else None
