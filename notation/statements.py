"""Statements: one class per kind of decision, found through a registry.

A statement class is registered under the name of its grammar alternative
(``-> lead`` in gtr.lark), and found by the verb that alternative starts with
(``_LEADS``). ``read`` reads the rest of the statement from a line, after the
deciding player and the verb, the way the alternative says; ``text`` writes
its canonical form; nothing else in the package knows the kinds. To add a
statement (a building power's choice, say):

1. in gtr.lark, add the alternative ``PLAYER _VERB ... -> name`` to
   ``power_statement`` (lark uses it to word syntax errors, and it is the
   language's formal description), define ``_VERB.2: /verbs?\\b/i`` and add the
   verb to the ``_JOIN`` lookahead there;
2. add a frozen dataclass here decorated with ``@statement("name")``: its
   fields, ``text()``, and ``read(line, player)``, which reads what follows the
   verb with the calls of ``notation.lines.Line`` (``line.cards()``,
   ``line.keyword("_TO")``, ``line.player()``...), as the alternative reads.

``read`` gets names resolved (players against the Players tag, cards against
the vocabulary, roles and materials leniently) and refuses anything else: the
reader then asks lark what it expected there. A ``check`` raises
``NotationError`` for a statement that reads but cannot be (the reader says
where: at its first word).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence

from . import terminals
from .errors import NotationError
from .records import NOWHERE, Span
from .words import Material, Role, ThinkKind, Zone

if TYPE_CHECKING:
    from .lines import Line

REGISTRY: dict[str, type["Statement"]] = {}
"""The statement classes by grammar alias (``lead``...)."""
BY_VERB: dict[str, type["Statement"]] = {}
"""The statement classes by the verb terminal their alternative starts with (``_LEADS``...)."""


def statement(name: str) -> Callable[[type], type]:
    """Register a statement class under its grammar alias (the grammar says its verb)."""

    def register(cls: type) -> type:
        cls.kind = name
        cls.form = terminals.FORMS[name]
        REGISTRY[name] = cls
        BY_VERB[cls.form.verb] = cls
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
    """Base class: ``actor`` is the player deciding; ``str()`` is the canonical text.

    A statement has no position (its ``span`` is always ``NOWHERE``): every line that reads
    the same shares one statement, and the ``Step`` holding it says where it is.
    """

    kind: ClassVar[str] = ""
    form: ClassVar[terminals.Form]
    part: ClassVar[str] = ACTION
    checks_table: ClassVar[bool] = False
    """Whether ``check`` looks at every player at the table (not only those named)."""
    span: ClassVar[Span] = NOWHERE

    @classmethod
    def read(cls, line: "Line", player: str) -> "Statement":
        """The statement ``player`` makes, read from ``line`` after its verb."""
        raise NotImplementedError

    def check(self, names: Any) -> None:
        """Raise ``NotationError`` if the statement cannot be at this table (``names.players``)."""

    @property
    def actor(self) -> str:
        return self.player  # type: ignore[attr-defined]

    def text(self) -> str:
        raise NotImplementedError

    @cached_property
    def _canonical(self) -> str:
        return self.text()

    def __str__(self) -> str:
        """The canonical text, written once per statement: the reader shares one statement
        between every line that reads the same, and a replay asks each for its text."""
        return self._canonical


def cards_text(cards: Sequence[str]) -> str:
    return ", ".join(cards)


def played_text(cards: Sequence[str], groups: Sequence[int]) -> str:
    """``Villa, Academy + Shrine``: units separated by commas, a petition's cards by ``+``."""
    if not groups:
        return cards_text(cards)
    units, at = [], 0
    for n in groups:
        units.append(" + ".join(cards[at:at + n]))
        at += n
    return ", ".join(units)


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
    def read(cls, line: "Line", player: str) -> "Lead":
        role = line.role()
        line.keyword("_WITH")
        return cls(player, role, *line.played())

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
    def read(cls, line: "Line", player: str) -> "Follow":
        line.keyword("_WITH")
        return cls(player, *line.played())

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

    @classmethod
    def read(cls, line: "Line", player: str) -> "Think":
        line.punctuation(":")
        how = line.think_kind()
        if not line.optional_punctuation("["):
            return cls(player, how)
        drawn = () if line.peek() == "]" else line.cards()
        line.punctuation("]")
        return cls(player, how, drawn)

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
    def read(cls, line: "Line", player: str) -> "Statement":
        return cls(player, *line.source_card())

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
    def read(cls, line: "Line", player: str) -> "Hire":
        card, source = line.source_card(under=True)
        return cls(player, card, source, line.card() if line.optional("_REPLACING") else None)

    def text(self) -> str:
        text = f"{self.player} hires {sourced(self.card, self.source)}"
        return text if self.replacing is None else f"{text} replacing {self.replacing}"


@statement("gather")
@dataclass(frozen=True)
class Gather(_CardFrom):
    """Laborer: ``Ann gathers Road`` (pool), ``gathers Road from hand``; a material from under a
    building (Solarium): ``Ann gathers Temple from Villa``."""

    verb: ClassVar[str] = "gathers"

    @classmethod
    def read(cls, line: "Line", player: str) -> "Gather":
        return cls(player, *line.source_card(under=True))


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
    def read(cls, line: "Line", player: str) -> "Lay":
        card, source = line.source_card()
        site = line.material() if line.optional("_ON") else None
        return cls(player, card, site, line.optional("OUT_OF_TOWN"), source)

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
    def read(cls, line: "Line", player: str) -> "Add":
        card, source = line.source_card()
        line.keyword("_TO")
        owner = line.owner() if line.owned() else None
        return cls(player, card, line.card(), source, owner)

    def text(self) -> str:
        target = self.structure if self.owner is None else f"{self.owner}'s {self.structure}"
        return f"{self.player} adds {sourced(self.card, self.source)} to {target}"


# Legionary


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
    def read(cls, line: "Line", player: str) -> "Demand":
        materials = line.materials()
        line.keyword("_SHOWING")
        shown, owners = line.kept()  # a building shown is written as one's own: ``Cid's Scriptorium``
        if not owners:
            return cls(player, materials, shown)
        for owner, building in zip(owners, shown):
            if owner and owner != player:
                raise line.error(f"{player} shows {owner}'s {building}: a demand shows the player's own buildings",
                                 line.first, expected=f"'{player}'s {building}' or a card from {player}'s hand")
        if len(shown) == len(materials):  # the buildings after the cards, each with its material
            pairs = sorted(zip(materials, owners), key=lambda pair: bool(pair[1]))
            materials = tuple(material for material, _ in pairs)
        cards = tuple(card for owner, card in zip(owners, shown) if not owner)
        buildings = tuple(card for owner, card in zip(owners, shown) if owner)
        return cls(player, materials, cards, buildings)

    def text(self) -> str:
        shown = [*self.shown, *(f"{self.player}'s {b}" for b in self.buildings)]
        return f"{self.player} demands {cards_text(self.materials)} showing {cards_text(shown)}"

    def check(self, names: Any) -> None:
        count = len(self.shown) + len(self.buildings)
        if len(self.materials) != count:
            raise NotationError(
                f"{len(self.materials)} material(s) demanded but {count} card(s) shown",
                width=len(self.player), expected="one card shown for each material demanded",
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
    def read(cls, line: "Line", player: str) -> "Give":
        cards = line.cards()
        source = line.zone() if line.optional("_FROM") else None
        line.keyword("_TO")
        return cls(player, cards, line.player(), source)

    def text(self) -> str:
        where = f" from {self.source}" if self.source is not None else ""
        return f"{self.player} gives {cards_text(self.cards)}{where} to {self.to}"


@statement("glory")
@dataclass(frozen=True)
class Glory(Statement):
    """``Ben: Glory to Rome``: nothing to give."""

    player: str

    @classmethod
    def read(cls, line: "Line", player: str) -> "Glory":
        return cls(player)

    def text(self) -> str:
        return f"{self.player}: Glory to Rome"


# Declining and conceding


@statement("pass")
@dataclass(frozen=True)
class Pass(Statement):
    """``Ann passes``: declines an action."""

    player: str

    @classmethod
    def read(cls, line: "Line", player: str) -> "Pass":
        return cls(player)

    def text(self) -> str:
        return f"{self.player} passes"


@statement("surrender")
@dataclass(frozen=True)
class Surrender(Statement):
    """``Ben, Cid surrender to Ann``: every other player concedes to one."""

    players: tuple[str, ...]
    to: str
    checks_table: ClassVar[bool] = True

    @classmethod
    def read(cls, line: "Line", player: str) -> "Surrender":
        line.keyword("_TO")
        return cls(line.actors, line.player())

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
                width=len(self.players[0]), expected=f"'{', '.join(others)} surrender to {self.to}'",
            )


# Building powers


@statement("steal")
@dataclass(frozen=True)
class Steal(Statement):
    """Prison: ``Ann steals Ben's Gate``; giving Sites for it, a Prison an Aerarium triggers
    again: ``Ann steals Ben's Gate giving Brick, Concrete``."""

    player: str
    victim: str
    structure: str
    sites: tuple[Material, ...] = ()

    @classmethod
    def read(cls, line: "Line", player: str) -> "Steal":
        victim = line.owner()
        structure = line.card()
        return cls(player, victim, structure, line.materials() if line.optional("_GIVING") else ())

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

    @classmethod
    def read(cls, line: "Line", player: str) -> "Slay":
        victim = line.owner()
        return cls(player, victim, line.card())

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
    def read(cls, line: "Line", player: str) -> "TearDown":
        owner, structure = line.whose()
        return cls(player, None if owner == player else owner, structure)

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
    def read(cls, line: "Line", player: str) -> "Trigger":
        owner, structure = line.whose()
        return cls(player, None if owner == player else owner, structure)

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
    def read(cls, line: "Line", player: str) -> "Keep":
        return cls(player, *line.kept())

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

    @classmethod
    def read(cls, line: "Line", player: str) -> "Discard":
        return cls(player, line.cards())

    def text(self) -> str:
        return f"{self.player} discards {cards_text(self.cards)}"
