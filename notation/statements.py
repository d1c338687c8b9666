"""Statements: one class per kind of decision, found through a registry.

A statement class is registered under the name of its grammar alternative
(``-> lead`` in gtr.lark). ``build`` makes it from the parsed parts and
``text`` writes its canonical form; nothing else in the package knows the
kinds. To add a statement (a building power's choice, say):

1. add an alternative ``PLAYER _VERB ... -> name`` to ``power_statement`` in
   gtr.lark, and the verb to the ``_JOIN`` lookahead there;
2. add a frozen dataclass here decorated with ``@statement("name")``.

Player and card names are already resolved when ``build`` runs: ``parts``
holds canonical strings, enums (``Role``, ``Material``, ``Zone``...), tuples of
cards, and ``(card, zone)`` pairs for a card with its source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, NamedTuple, Sequence

from .errors import NotationError
from .records import NOWHERE, Span
from .words import Material, Role, ThinkKind, Zone

REGISTRY: dict[str, type["Statement"]] = {}


def statement(name: str) -> Callable[[type], type]:
    """Register a statement class under its grammar alias."""

    def register(cls: type) -> type:
        cls.kind = name
        REGISTRY[name] = cls
        return cls

    return register


# What part of a turn a statement can be (used to find turns without headers).
LEADING = "lead"  # always opens a turn
RESPONSE = "response"  # answers the lead
THINKING = "think"  # answers the lead, or is the leader's whole turn
ACTION = "action"  # everything after the responses
PRELUDE = "prelude"  # comes right before the same player's think (a discard)


@dataclass(frozen=True)
class Statement:
    """Base class: ``actor`` is the player deciding; ``str()`` is the canonical text."""

    kind: ClassVar[str] = ""
    part: ClassVar[str] = ACTION
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        return cls(*parts, span=span)

    @property
    def actor(self) -> str:
        return self.player  # type: ignore[attr-defined]

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        """The canonical text, written once per statement: the reader shares one statement
        between every line that reads the same, and a replay asks each for its text."""
        try:
            return self.__dict__["_text"]
        except KeyError:
            text = self.text()
            object.__setattr__(self, "_text", text)
            return text

    def moved(self, lines: int) -> "Statement":
        return self.moved_to(self.span.moved(lines)) if self.span != NOWHERE else self

    def moved_to(self, span: Span) -> "Statement":
        """The same statement at ``span`` (``NOWHERE``: without a position, as records keep them:
        the ``Step`` holding a statement says where it is)."""
        moved = object.__new__(type(self))
        moved.__dict__.update(self.__dict__)
        moved.__dict__["span"] = span
        return moved


def cards_text(cards: Sequence[str]) -> str:
    return ", ".join(cards)


class Played(NamedTuple):
    """The cards of a lead or follow as read: ``groups`` gives the number of cards of each
    unit in order where some unit is a petition written with ``+``; () otherwise."""

    cards: tuple[str, ...]
    groups: tuple[int, ...] = ()


def played_text(cards: Sequence[str], groups: Sequence[int]) -> str:
    """``Villa, Academy + Shrine``: units separated by commas, a petition's cards by ``+``."""
    if not groups:
        return cards_text(cards)
    units, at = [], 0
    for n in groups:
        units.append(" + ".join(cards[at:at + n]))
        at += n
    return ", ".join(units)


def grouped(units: Sequence[Sequence[str]]) -> Played:
    """The cards and groups of ``units`` (each a card, or a petition's cards)."""
    cards = tuple(card for unit in units for card in unit)
    if all(len(unit) == 1 for unit in units):
        return Played(cards)
    return Played(cards, tuple(len(unit) for unit in units))


def sourced(card: str, source: Zone | str | None) -> str:
    """A card with where it comes from (a zone, or a building it lies under); cards from the
    deck are bracketed."""
    if source is Zone.DECK:
        return f"[{card}] from deck"
    if source is None:
        return card
    return f"{card} from {source}"


# The lead and the answers to it


@statement("lead")
@dataclass(frozen=True)
class Lead(Statement):
    """``Ann leads Patron with Temple``: one card, a Jack, or several (a petition); several
    plays at once (Palace) with their petitions joined by ``+``: ``with Villa, Academy + Shrine``.
    ``groups``: the number of cards of each unit, where a ``+`` was written."""

    part: ClassVar[str] = LEADING
    player: str
    role: Role
    cards: tuple[str, ...]
    groups: tuple[int, ...] = ()

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, role, played = parts
        return cls(player, role, played.cards, played.groups, span=span)

    def text(self) -> str:
        return f"{self.player} leads {self.role} with {played_text(self.cards, self.groups)}"


@statement("follow")
@dataclass(frozen=True)
class Follow(Statement):
    """``Ben follows with Market``; ``with Villa, Academy + Shrine`` as for a lead."""

    part: ClassVar[str] = RESPONSE
    player: str
    cards: tuple[str, ...]
    groups: tuple[int, ...] = ()

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, played = parts
        return cls(player, played.cards, played.groups, span=span)

    def text(self) -> str:
        return f"{self.player} follows with {played_text(self.cards, self.groups)}"


@statement("think")
@dataclass(frozen=True)
class Think(Statement):
    """``Cid thinks: refill [Latrine, ?, Gate]``; ``drawn`` is None when not written."""

    part: ClassVar[str] = THINKING
    player: str
    how: ThinkKind
    drawn: tuple[str, ...] | None = None

    def text(self) -> str:
        if self.drawn is None:
            return f"{self.player} thinks: {self.how}"
        return f"{self.player} thinks: {self.how} [{cards_text(self.drawn)}]"


# Actions that take one card from somewhere


@dataclass(frozen=True)
class _CardFrom(Statement):
    player: str
    card: str
    source: Zone | str | None = None  # None: the action's usual source; a str: the building it lies under
    verb: ClassVar[str] = ""

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, (card, source) = parts
        return cls(player, card, source, span=span)

    def text(self) -> str:
        return f"{self.player} {self.verb} {sourced(self.card, self.source)}"


@statement("hire")
@dataclass(frozen=True)
class Hire(_CardFrom):
    """Patron: ``Ann hires Bath`` (pool), ``hires Bath from hand``, ``hires [Road] from deck``;
    in the place of a client, who goes back to the Pool (classic Bath): ``Ann hires Road
    replacing Villa``; a material from under a building (Castra Praetoria): ``Ann hires
    Temple from Castra Praetoria``."""

    replacing: str | None = None
    verb: ClassVar[str] = "hires"

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, (card, source), *replacing = parts
        return cls(player, card, source, replacing[0] if replacing else None, span=span)

    def text(self) -> str:
        text = f"{self.player} hires {sourced(self.card, self.source)}"
        return text if self.replacing is None else f"{text} replacing {self.replacing}"


@statement("gather")
@dataclass(frozen=True)
class Gather(_CardFrom):
    """Laborer: ``Ann gathers Road`` (pool), ``gathers Road from hand``; a material from under a
    building (Solarium): ``Ann gathers Temple from Villa``."""

    verb: ClassVar[str] = "gathers"


@statement("sell")
@dataclass(frozen=True)
class Sell(_CardFrom):
    """Merchant: ``Ann sells Statue`` (stockpile), ``from hand``, ``sells [?] from deck``."""

    verb: ClassVar[str] = "sells"


@statement("take")
@dataclass(frozen=True)
class Take(_CardFrom):
    """Answer to a demand: ``Cid takes Gate from pool``."""

    verb: ClassVar[str] = "takes"


# Building


@statement("lay")
@dataclass(frozen=True)
class Lay(Statement):
    """``Ann lays Temple``, ``lays Statue on Brick``, ``... out of town``; the deck's top card
    (Fountain): ``Ann lays [Palisade] from deck``."""

    player: str
    card: str
    site: Material | None = None
    out_of_town: bool = False
    source: Zone | None = None  # None: from hand

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, (card, source), *rest = parts  # then the site material and/or True for "out of town"
        site = rest.pop(0) if rest and isinstance(rest[0], Material) else None
        return cls(player, card, site, bool(rest), source, span=span)

    def text(self) -> str:
        text = f"{self.player} lays {sourced(self.card, self.source)}"
        if self.site is not None:
            text += f" on {self.site}"
        return text + (" out of town" if self.out_of_town else "")


@statement("add")
@dataclass(frozen=True)
class Add(Statement):
    """``Ann adds Statue to Temple``, ``adds Statue from pool to Temple``; into another
    player's structure (Stairway): ``Ann adds Brick to Ben's Archway``."""

    player: str
    card: str
    structure: str
    source: Zone | None = None
    owner: str | None = None  # None: the player's own building

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, (card, source), *owner, structure = parts
        return cls(player, card, structure, source, owner[0] if owner else None, span=span)

    def text(self) -> str:
        target = self.structure if self.owner is None else f"{self.owner}'s {self.structure}"
        return f"{self.player} adds {sourced(self.card, self.source)} to {target}"


# Legionary


@dataclass(frozen=True)
class ShownBuilding:
    """A building a demand shows (``Cid's Scriptorium``), as the grammar reads it."""

    owner: str
    building: str


@statement("demand")
@dataclass(frozen=True)
class Demand(Statement):
    """``Cid demands Brick, Stone showing Bath, Villa``: one shown card per material; the
    player's own incomplete buildings shown too (Castra Praetoria) are written after the cards:
    ``Cid demands Stone, Stone showing Villa, Cid's Scriptorium``."""

    player: str
    materials: tuple[Material, ...]
    shown: tuple[str, ...]
    buildings: tuple[str, ...] = ()

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, materials, items = parts
        for item in items:
            if isinstance(item, ShownBuilding) and item.owner != player:
                raise NotationError(
                    f"{player} shows {item.owner}'s {item.building}: a demand shows the player's own buildings",
                    line=span.line, column=span.column, width=len(player),
                    expected=f"'{player}'s {item.building}' or a card from {player}'s hand")
        if len(items) == len(materials):  # the buildings after the cards, each with its material
            pairs = sorted(zip(materials, items), key=lambda pair: isinstance(pair[1], ShownBuilding))
            materials, items = tuple(m for m, _ in pairs), tuple(item for _, item in pairs)
        cards = tuple(i for i in items if not isinstance(i, ShownBuilding))
        buildings = tuple(i.building for i in items if isinstance(i, ShownBuilding))
        return cls(player, tuple(materials), cards, buildings, span=span)

    def text(self) -> str:
        shown = [*self.shown, *(f"{self.player}'s {b}" for b in self.buildings)]
        return f"{self.player} demands {cards_text(self.materials)} showing {cards_text(shown)}"

    def check(self, names: Any) -> None:
        count = len(self.shown) + len(self.buildings)
        if len(self.materials) != count:
            raise NotationError(
                f"{len(self.materials)} material(s) demanded but {count} card(s) shown",
                line=self.span.line, column=self.span.column, width=len(self.player),
                expected="one card shown for each material demanded",
            )


@statement("give")
@dataclass(frozen=True)
class Give(Statement):
    """``Ann gives Academy, Bath to Cid``; ``Ann gives Bath from stockpile to Cid`` for the
    stockpile part a Bridge demands."""

    player: str
    cards: tuple[str, ...]
    to: str
    source: Zone | None = None  # None: the hand

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, cards, *rest = parts
        source, to = rest if len(rest) == 2 else (None, rest[0])
        return cls(player, cards, to, source, span=span)

    def text(self) -> str:
        where = f" from {self.source}" if self.source is not None else ""
        return f"{self.player} gives {cards_text(self.cards)}{where} to {self.to}"


@statement("glory")
@dataclass(frozen=True)
class Glory(Statement):
    """``Ben: Glory to Rome``: nothing to give."""

    player: str

    def text(self) -> str:
        return f"{self.player}: Glory to Rome"


# Declining and conceding


@statement("pass")
@dataclass(frozen=True)
class Pass(Statement):
    """``Ann passes``: declines an action."""

    player: str

    def text(self) -> str:
        return f"{self.player} passes"


@statement("surrender")
@dataclass(frozen=True)
class Surrender(Statement):
    """``Ben, Cid surrender to Ann``: every other player concedes to one."""

    players: tuple[str, ...]
    to: str

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        return cls(tuple(parts[:-1]), parts[-1], span=span)

    @property
    def actor(self) -> str:
        return self.players[0]

    def text(self) -> str:
        return f"{', '.join(self.players)} surrender to {self.to}"

    def check(self, names: Any) -> None:
        if not names.players:
            return
        others = [p for p in names.players if p != self.to]
        if sorted(self.players) != sorted(others):
            raise NotationError(
                f"every player but {self.to} surrenders, not only {', '.join(self.players)}",
                line=self.span.line, column=self.span.column, width=len(self.players[0]),
                expected=f"'{', '.join(others)} surrender to {self.to}'",
            )


# Building powers


@dataclass(frozen=True)
class _FromVictim(Statement):
    """A power's statement taking another player's structure or foundation."""

    verb: ClassVar[str] = ""
    player: str
    victim: str
    structure: str

    def text(self) -> str:
        return f"{self.player} {self.verb} {self.victim}'s {self.structure}"


@statement("steal")
@dataclass(frozen=True)
class Steal(_FromVictim):
    """Prison: ``Ann steals Ben's Gate``; giving Sites for it, a Prison an Aerarium triggers
    again: ``Ann steals Ben's Gate giving Brick, Concrete``."""

    verb: ClassVar[str] = "steals"
    sites: tuple[Material, ...] = ()

    def text(self) -> str:
        giving = f" giving {cards_text(self.sites)}" if self.sites else ""
        return f"{self.player} steals {self.victim}'s {self.structure}{giving}"


@statement("slay")
@dataclass(frozen=True)
class Slay(Statement):
    """Colosseum, after one's demand: ``Ann slays Ben's Road``, a client into Ann's vault."""

    player: str
    victim: str
    card: str

    def text(self) -> str:
        return f"{self.player} slays {self.victim}'s {self.card}"


@statement("tear_down")
@dataclass(frozen=True)
class TearDown(Statement):
    """Domus Aurea, after one's demand: ``Ann tears down Ben's School``, an empty foundation;
    Watch Post, a Craftsman action: ``Ann tears down Domus``, one's own structure."""

    player: str
    victim: str | None  # None: the player's own
    structure: str

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, *victim, structure = parts
        return cls(player, victim[0] if victim and victim[0] != player else None, structure, span=span)

    def text(self) -> str:
        whose = f"{self.victim}'s " if self.victim is not None else ""
        return f"{self.player} tears down {whose}{self.structure}"


@statement("trigger")
@dataclass(frozen=True)
class Trigger(Statement):
    """Aerarium: ``Ann triggers Ben's Prison`` gives Ben the Aerarium's Site and triggers his
    Prison's upon-completion effect; ``Ann triggers Garden``, her own."""

    player: str
    owner: str | None  # None: the player's own
    structure: str

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, *owner, structure = parts
        return cls(player, owner[0] if owner and owner[0] != player else None, structure, span=span)

    def text(self) -> str:
        whose = f"{self.owner}'s " if self.owner is not None else ""
        return f"{self.player} triggers {whose}{self.structure}"


@statement("keep")
@dataclass(frozen=True)
class Keep(Statement):
    """Sewer, Senate and the like: ``Ann keeps Road, Jack``; whose card each was, where that
    is a choice (Senate): ``Cid keeps Ann's Jack``. ``owners``: one name per card ("" where
    none is written), or () when none is."""

    player: str
    cards: tuple[str, ...]
    owners: tuple[str, ...] = ()

    @classmethod
    def build(cls, parts: Sequence[Any], span: Span) -> "Statement":
        player, kept = parts
        owners = tuple(owner for owner, _ in kept)
        return cls(player, tuple(card for _, card in kept), owners if any(owners) else (), span=span)

    def text(self) -> str:
        if not self.owners:
            return f"{self.player} keeps {cards_text(self.cards)}"
        kept = (f"{owner}'s {card}" if owner else card for owner, card in zip(self.owners, self.cards))
        return f"{self.player} keeps {', '.join(kept)}"


@statement("discard")
@dataclass(frozen=True)
class Discard(Statement):
    """Latrine, Vomitorium: the discard before a think, ``Ann discards Road``."""

    part: ClassVar[str] = PRELUDE
    player: str
    cards: tuple[str, ...]

    def text(self) -> str:
        return f"{self.player} discards {cards_text(self.cards)}"
