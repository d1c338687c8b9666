"""A quick reading of the lines most records are made of, without lark.

Most lines of a record are canonical statements (``  Ann gathers Road``) and
turn headers (``turn 12 Ben``), and most of them repeat; the setup block's
lines (``  hand Ann: Dock, Wall``) are read the same way. This module reads
such a line with one compiled regular expression and keeps what it read,
*without a position*, in a cache of the record's context (its players and
vocabulary): a line met again costs one dictionary look-up, and the step built
for it shares the cached statement (``Step.span`` says where it is;
``Statement.span`` stays ``NOWHERE``).

Only text the writer would write is read here: player names from the Players
tag, card names exactly as the vocabulary spells them, the canonical verbs and
words, no comment, glyph or variation, and no word that the grammar reads as
a keyword. Each statement or line read is written back and compared with the
line (its ``text()``), so the quick reading cannot differ from the grammar's.
Anything else (other spellings, mistakes, comments, position blocks, joined or
unusual statements) goes to the lark parser, which also words every error. A
statement kind missing from ``_FORMS`` is simply always read by lark; adding one
is a reader function (context, player, rest of the line) and an entry there.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable

from .blocks import Draw, Hand, Leader, PoolDraw
from .scan import MAX_LINE
from .statements import (
    Add, Demand, Discard, Follow, Gather, Give, Glory, Hire, Keep, Lay, Lead, Pass, Played, Sell, Slay, Statement,
    Steal, Take, TearDown, Think, Trigger, grouped,
)
from .terminals import KEYWORDS
from .vocabulary import UNSEEN, Vocabulary
from .words import Material, Role, ThinkKind, Zone

_WORD = r"[^\W\d][\w-]*"
_LINE = re.compile(rf"([ \t]*)({_WORD})(?: ([a-z]+)(:?)(?: (.+))?|(: Glory to Rome))")
_TURN = re.compile(rf"([ \t]*)turn (\d{{1,9}}) ({_WORD})")
_SOURCE = re.compile(r"\[(.+)\] from (deck)|(.+?)(?: from (hand|pool|stockpile|vault|clientele))?")
_LAY = re.compile(r"(.+?)(?: on ([A-Z][a-z]+))?( out of town)?")
_LEAD = re.compile(r"([A-Z][a-z]+) with (.+)")
_THINK = re.compile(r"(jack|refill|draw)(?: \[(.*)\])?")
_OWNED = re.compile(rf"({_WORD})'s (.+)")

# After ``thinks:`` only; never where a card or a player name is read.
_THINK_ONLY = {"THINK_KIND"}


def keyword(word: str, *, skip: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether ``word`` reads as one of the grammar's keywords (other than those in ``skip``)."""
    return any(p.fullmatch(word) for name, p in KEYWORDS.items() if name not in skip)


# A tag line as the writer writes it: ``[Name "value"]``, nothing around.
TAG = re.compile(rf'\[({_WORD}) ("(?:[^"\\\n]|\\.)*")\]')

_ROLES = {r.value: r for r in Role}
_MATERIALS = {m.value: m for m in Material}
_ZONES = {z.value: z for z in Zone}
_THINKS = {t.value: t for t in ThinkKind}


class Context:
    """What a quick reading may accept in one record context: exact names only."""

    def __init__(self, players: tuple[str, ...], vocabulary: Vocabulary | None,
                 shared: dict[str, tuple] | None = None):
        self.vocabulary = vocabulary
        # without a vocabulary any card name is kept as written: the grammar reads every line
        self.players = frozenset(p for p in players if not keyword(p)) if vocabulary else frozenset()
        self.cards = _plain_cards(vocabulary) if vocabulary else frozenset()
        self.lines: dict[str, Any] = {}  # text -> what it reads as, positionless
        self.setup_lines: dict[str, Any] = {}  # the same for lines of a setup block
        # the statements and headers read in any context of the same vocabulary (``shared``):
        # text -> (what it reads as, the player names it needs)
        self.shared: dict[str, tuple] = {} if shared is None else shared

    def cards_of(self, text: str | None) -> tuple[str, ...] | None:
        if not text:
            return None
        cards = tuple(text.split(", "))
        return cards if self.cards.issuperset(cards) else None

    def card(self, text: str | None) -> str | None:
        return text if text in self.cards else None


@lru_cache(maxsize=8)
def _plain_cards(vocabulary: Vocabulary) -> frozenset[str]:
    """The vocabulary's card names that no word of the grammar could be mistaken in."""
    plain = {UNSEEN}
    for name in vocabulary.cards:
        words = name.split(" ")
        if all(re.fullmatch(_WORD, w) and not keyword(w, skip=_THINK_ONLY) for w in words):
            plain.add(name)
    return frozenset(plain)


# One reader per canonical verb: (context, player, rest of the line) -> statement or None.

def _played(c: Context, text: str | None) -> Played | None:
    """The cards of a lead or follow, a petition among several plays joined by `` + ``."""
    if not text:
        return None
    if " + " not in text:
        cards = c.cards_of(text)
        return Played(cards) if cards else None
    units = [tuple(unit.split(" + ")) for unit in text.split(", ")]
    if not all(c.cards.issuperset(unit) for unit in units):
        return None
    return grouped(units)


def _lead(c: Context, player: str, rest: str) -> Statement | None:
    m = _LEAD.fullmatch(rest)
    role = m and _ROLES.get(m[1])
    played = role and _played(c, m[2])
    return Lead(player, role, played.cards, played.groups) if played else None


def _follow(c: Context, player: str, rest: str) -> Statement | None:
    played = rest.startswith("with ") and _played(c, rest[5:])
    return Follow(player, played.cards, played.groups) if played else None


def _card_from(kind: type, *, under: bool = False) -> Callable[[Context, str, str], Statement | None]:
    """A reader of ``card``, ``card from zone``, ``[card] from deck``; with ``under``, also of
    ``card from Building`` (a material from under one of the player's buildings)."""
    def read(c: Context, player: str, rest: str) -> Statement | None:
        found = _source(c, rest) or (_under(c, rest) if under else None)
        return kind(player, *found) if found else None

    return read


def _under(c: Context, text: str) -> tuple[str, str] | None:
    """``card from Building``: a material from under one of the player's buildings."""
    card, sep, building = text.partition(" from ")
    return (card, building) if sep and c.card(card) and c.card(building) else None


def _hire(c: Context, player: str, rest: str) -> Statement | None:
    taken, replacing, client = rest.partition(" replacing ")
    found = _source(c, taken) or _under(c, taken)
    if not found or (replacing and c.card(client) is None):
        return None
    return Hire(player, *found, client if replacing else None)


def _source(c: Context, text: str) -> tuple[str, Zone | None] | None:
    m = _SOURCE.fullmatch(text)
    if m is None:
        return None
    card = c.card(m[1] or m[3])
    zone = m[2] or m[4]
    return (card, _ZONES[zone] if zone else None) if card else None


def _lay(c: Context, player: str, rest: str) -> Statement | None:
    m = _LAY.fullmatch(rest)
    found = m and _source(c, m[1])
    if not found or (m[2] and m[2] not in _MATERIALS):
        return None
    return Lay(player, found[0], _MATERIALS[m[2]] if m[2] else None, bool(m[3]), found[1])


def _add(c: Context, player: str, rest: str) -> Statement | None:
    source, to, target = rest.rpartition(" to ")
    found = to and _source(c, source)
    if not found:
        return None
    owner = _OWNED.fullmatch(target)
    if owner:
        if owner[1] not in c.players:
            return None
        target = owner[2]
    structure = c.card(target)
    return Add(player, found[0], structure, found[1], owner[1] if owner else None) if structure else None


def _demand(c: Context, player: str, rest: str) -> Statement | None:
    wanted, showing, shown = rest.partition(" showing ")
    materials = tuple(_MATERIALS.get(w) for w in wanted.split(", "))
    if not showing or None in materials:
        return None
    mine = f"{player}'s "
    items = shown.split(", ")
    buildings = tuple(c.card(i[len(mine):]) for i in items if i.startswith(mine))  # Castra Praetoria
    cards = c.cards_of(", ".join(i for i in items if not i.startswith(mine))) if len(buildings) < len(items) else ()
    if cards is None or None in buildings or len(cards) + len(buildings) != len(materials):
        return None  # a mismatch is worded by the grammar's check
    return Demand(player, materials, cards, buildings)  # type: ignore[arg-type]


def _give(c: Context, player: str, rest: str) -> Statement | None:
    given, to, taker = rest.rpartition(" to ")
    held, from_, zone = given.rpartition(" from ")  # the stockpile part a Bridge demands
    source = _ZONES.get(zone) if from_ else None
    if from_ and source is None:
        return None
    cards = to and taker in c.players and c.cards_of(held if from_ else given)
    return Give(player, cards, taker, source) if cards else None


def _steal(c: Context, player: str, rest: str) -> Statement | None:
    taken, giving, given = rest.partition(" giving ")  # the Sites a Prison an Aerarium triggers gives
    sites = tuple(_MATERIALS.get(w) for w in given.split(", ")) if giving else ()
    m = _OWNED.fullmatch(taken)
    structure = m and None not in sites and m[1] in c.players and c.card(m[2])
    return Steal(player, m[1], structure, sites) if structure else None  # type: ignore[arg-type]


def _slay(c: Context, player: str, rest: str) -> Statement | None:
    m = _OWNED.fullmatch(rest)
    card = m and m[1] in c.players and c.card(m[2])
    return Slay(player, m[1], card) if card else None


def _tear_down(c: Context, player: str, rest: str) -> Statement | None:
    if not rest.startswith("down "):
        return None
    victim, structure = _own_or_other(c, player, rest[5:])
    return TearDown(player, victim, structure) if structure else None


def _trigger(c: Context, player: str, rest: str) -> Statement | None:
    owner, structure = _own_or_other(c, player, rest)
    return Trigger(player, owner, structure) if structure else None


def _own_or_other(c: Context, player: str, text: str) -> tuple[str | None, str | None]:
    """``Ben's School`` (another player's) or ``School`` (one's own, written without a possessive)."""
    m = _OWNED.fullmatch(text)
    if m and m[1] != player:
        return (m[1], c.card(m[2])) if m[1] in c.players else (None, None)
    return None, c.card(text)


def _keep(c: Context, player: str, rest: str) -> Statement | None:
    if "'s " not in rest:
        cards = c.cards_of(rest)
        return Keep(player, cards) if cards else None
    owners, cards = [], []
    for item in rest.split(", "):  # whose card each was: ``Ann's Jack``
        m = _OWNED.fullmatch(item)
        owner, card = (m[1], m[2]) if m else ("", item)
        if (owner and owner not in c.players) or c.card(card) is None:
            return None
        owners.append(owner)
        cards.append(card)
    return Keep(player, tuple(cards), tuple(owners) if any(owners) else ())


def _discard(c: Context, player: str, rest: str) -> Statement | None:
    cards = c.cards_of(rest)
    return Discard(player, cards) if cards else None


_FORMS: dict[str, Callable[[Context, str, str], Statement | None]] = {
    "leads": _lead, "follows": _follow, "hires": _hire, "gathers": _card_from(Gather, under=True),
    "sells": _card_from(Sell), "takes": _card_from(Take), "lays": _lay, "adds": _add,
    "demands": _demand, "gives": _give, "steals": _steal, "keeps": _keep, "discards": _discard,
    "slays": _slay, "tears": _tear_down, "triggers": _trigger,
}


def _think(c: Context, player: str, rest: str) -> Statement | None:
    m = _THINK.fullmatch(rest)
    if m is None:
        return None
    drawn = m[2]
    if drawn is not None:
        drawn = c.cards_of(drawn) if drawn else ()
        if drawn is None:
            return None
    return Think(player, _THINKS[m[1]], drawn)


def statement(c: Context, text: str) -> tuple[Statement, int] | None:
    """The statement a canonical line holds and its column, or None (the grammar decides)."""
    m = _LINE.fullmatch(text)
    if m is None:
        return None
    indent, player, verb, colon, rest, glory = m.groups()
    if player not in c.players:
        return None
    if glory:
        found: Statement | None = Glory(player)
    elif verb == "passes":
        found = Pass(player) if not colon and rest is None else None
    elif verb == "thinks":
        found = _think(c, player, rest) if colon and rest else None
    else:
        form = _FORMS.get(verb)
        found = form(c, player, rest) if form and rest and not colon else None
    if found is None or found.text() != text[len(indent):]:
        return None
    return found, len(indent) + 1


def turn_header(c: Context, text: str) -> tuple[int, str, int] | None:
    """``(number, leader, column)`` of a canonical turn header, or None."""
    m = _TURN.fullmatch(text)
    if m is None or m[3] not in c.players:
        return None
    return int(m[2]), m[3], len(m[1]) + 1


# What a physical line is, seen alone (the first item of what ``read_line`` returns).
BLANK, GRAMMAR, STEP, TURN, BLOCK = "blank", "grammar", "step", "turn", "block"
_BLANK, _GRAMMAR = (BLANK,), (GRAMMAR,)
_BLOCKS = {"setup": (BLOCK, "setup", 1)}


def read_line(c: Context, text: str) -> tuple:
    """``(BLANK,)``, ``(STEP, statement, column, its part, its player)``, ``(TURN, number, leader, column)``,
    ``(BLOCK, "setup", column)`` or ``(GRAMMAR,)``: a line the grammar reads (maybe with the
    lines after it)."""
    if len(text) > MAX_LINE:
        return _GRAMMAR  # the grammar's reading refuses it, located
    if not text or text.isspace():
        return _BLANK
    if c.players:
        found = statement(c, text)
        if found is not None:
            said, column = found
            return STEP, said, column, said.part, said.player
        header = turn_header(c, text)
        if header is not None:
            return (TURN, *header)
        block = _BLOCKS.get(text)
        if block is not None:
            return block
    return _GRAMMAR


def known_line(c: Context, text: str) -> tuple:
    """``read_line(c, text)``, taken from another context's reading where there is one.

    A line reads the same in every context that has the players it names: the quick reading
    only ever asks whether a name is a player (never whether it is not), and the card names
    come from the vocabulary, which the contexts sharing readings have in common. Records of
    different tables repeat most of each other's lines."""
    shared = c.shared.get(text)
    if shared is not None:
        found, players = shared
        if players <= c.players or all(p in c.players for p in players if p in text):
            return found  # every player of the reading's context the line could name sits here
    found = read_line(c, text)
    kind = found[0]
    if kind is STEP or kind is TURN:
        if len(c.shared) >= SHARED_LIMIT:
            c.shared.clear()
        c.shared[text] = (found, c.players)
    return found


SHARED_LIMIT = 200_000
"""Readings kept for all the contexts of one vocabulary."""


# Lines of the setup block: the leader draw, known hands, the leader. Each reader gives the
# line's value (without a position) or None.

_SETUP_LINE = re.compile(rf"([ \t]*)(pool|redeal|hand|leader)(?: ({_WORD}))?: (.+)")


def _pool(c: Context, player: str | None, rest: str, redeal: bool = False) -> PoolDraw | None:
    draws = []
    for entry in rest.split(", "):
        drawer, _, card = entry.partition(" ")
        if drawer not in c.players or card == UNSEEN or c.card(card) is None:
            return None
        draws.append(Draw(drawer, card))
    return PoolDraw(tuple(draws), redeal) if player is None else None


def _redeal(c: Context, player: str | None, rest: str) -> PoolDraw | None:
    return _pool(c, player, rest, redeal=True)


def _hand(c: Context, player: str | None, rest: str) -> Hand | None:
    cards = player in c.players and c.cards_of(rest)
    return Hand(player, cards) if cards else None


def _leader(c: Context, player: str | None, rest: str) -> Leader | None:
    return Leader(rest) if player is None and rest in c.players else None


_SETUP_FORMS: dict[str, Callable[[Context, str | None, str], Any]] = {
    "pool": _pool, "redeal": _redeal, "hand": _hand, "leader": _leader,
}


def setup_line(c: Context, text: str) -> tuple[Any, int] | None:
    """A canonical line of the setup block (``pool:``, ``redeal:``, ``hand Ann:``, ``leader:``)
    without its position, and its column; or None (the grammar decides)."""
    m = _SETUP_LINE.fullmatch(text) if c.players and len(text) <= MAX_LINE else None
    if m is None:
        return None
    found = _SETUP_FORMS[m[2]](c, m[3], m[4])
    if found is None or found.text() != text[len(m[1]):]:
        return None
    return found, len(m[1]) + 1
