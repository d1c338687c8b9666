"""The setup block and the position block, one typed line each.

Both blocks keep their lines in the order written, each with its trailing
comments, plus standalone comment lines; the properties give the usual
questions (the hands, the leader...) a direct answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Union

from .records import Comment, Span, NOWHERE
from .statements import cards_text
from .words import Material, Zone


@dataclass(frozen=True)
class BlockLine:
    """A line of the setup or position block: its trailing comments, where it starts."""

    comments: tuple[Comment, ...] = field(default=(), kw_only=True)
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)


# Lines of both blocks


@dataclass(frozen=True)
class Hand(BlockLine):
    """``hand Ann: Dock, Wall, ?``."""

    player: str
    cards: tuple[str, ...] = ()

    def text(self) -> str:
        return f"hand {self.player}: {cards_text(self.cards)}".rstrip()


@dataclass(frozen=True)
class Leader(BlockLine):
    """``leader: Cid`` (in the setup block it is checked, not trusted)."""

    player: str

    def text(self) -> str:
        return f"leader: {self.player}"


# Setup block


@dataclass(frozen=True)
class Draw:
    """One card drawn for the leader draw: ``Ann Latrine``."""

    player: str
    card: str

    def __str__(self) -> str:
        return f"{self.player} {self.card}"


@dataclass(frozen=True)
class PoolDraw(BlockLine):
    """``pool: Ann Latrine, Ben Road`` and, after a tie, ``redeal: Ann Bar, Ben Bath``."""

    draws: tuple[Draw, ...]
    redeal: bool = False

    def text(self) -> str:
        word = "redeal" if self.redeal else "pool"
        return f"{word}: " + ", ".join(str(d) for d in self.draws)


SetupLine = Union[PoolDraw, Hand, Leader, Comment]


@dataclass(frozen=True)
class Setup:
    """``setup``: the leader draw (with redeals), known starting hands, the leader."""

    lines: tuple[SetupLine, ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)
    word = "setup"

    @property
    def draws(self) -> tuple[tuple[Draw, ...], ...]:
        """The first leader draw, then each redeal."""
        return tuple(line.draws for line in self.lines if isinstance(line, PoolDraw))

    @property
    def hands(self) -> dict[str, tuple[str, ...]]:
        return {line.player: line.cards for line in self.lines if isinstance(line, Hand)}

    @property
    def leader(self) -> str | None:
        return next((line.player for line in self.lines if isinstance(line, Leader)), None)


# Position block


@dataclass(frozen=True)
class TurnNumber(BlockLine):
    """``turn: 12``: the number of the next turn."""

    number: int

    def text(self) -> str:
        return f"turn: {self.number}"


@dataclass(frozen=True)
class Deck(BlockLine):
    """``deck: 40`` (a count) or ``deck: Road, ?, Bath`` (the cards, top first)."""

    count: int | None = None
    cards: tuple[str, ...] | None = None

    def text(self) -> str:
        return f"deck: {self.count if self.cards is None else cards_text(self.cards)}"

    @property
    def size(self) -> int:
        return self.count if self.cards is None else len(self.cards)


@dataclass(frozen=True)
class Jacks(BlockLine):
    """``jacks: 3``: Jacks in the Jack pile."""

    count: int

    def text(self) -> str:
        return f"jacks: {self.count}"


@dataclass(frozen=True)
class Pool(BlockLine):
    """``pool: Road, Bath``: the cards in the pool."""

    cards: tuple[str, ...] = ()

    def text(self) -> str:
        return f"pool: {cards_text(self.cards)}".rstrip()


@dataclass(frozen=True)
class Sites(BlockLine):
    """``in town: Rubble 2, Wood 3, ...`` or ``out of town: ...``: sites left per material."""

    counts: tuple[tuple[Material, int], ...]
    out_of_town: bool = False

    def text(self) -> str:
        where = "out of town" if self.out_of_town else "in town"
        return f"{where}: " + ", ".join(f"{m} {n}" for m, n in self.counts)


@dataclass(frozen=True)
class Cards(BlockLine):
    """``stockpile Ann: ...``, ``vault Ann: ?, ?``, ``clientele Ann: ...``."""

    zone: Zone
    player: str
    cards: tuple[str, ...] = ()

    def text(self) -> str:
        return f"{self.zone} {self.player}: {cards_text(self.cards)}".rstrip()


@dataclass(frozen=True)
class Influence(BlockLine):
    """``influence Ann: Rubble, Brick``: the sites in a player's influence."""

    player: str
    sites: tuple[Material, ...] = ()

    def text(self) -> str:
        return f"influence {self.player}: {cards_text(self.sites)}".rstrip()


@dataclass(frozen=True)
class Building(BlockLine):
    """``building Ann: Temple on Marble out of town complete with Statue, Temple``.

    ``stolen``, ``site given`` and ``public`` are marks other powers read (Prison, Forum...):
    ``site given``, a structure whose Site went to another player (B-PRISON-2, G-AERARIUM-2).
    """

    player: str
    foundation: str
    site: Material
    out_of_town: bool = False
    complete: bool = False
    stolen: bool = False
    site_given: bool = False
    public: bool = False
    materials: tuple[str, ...] = ()

    def text(self) -> str:
        marks = [mark for name, mark in (("complete", "complete"), ("stolen", "stolen"), ("site_given", "site given"),
                                         ("public", "public")) if getattr(self, name)]
        if self.out_of_town:
            marks.insert(0, "out of town")
        text = " ".join([f"building {self.player}: {self.foundation} on {self.site}", *marks])
        return text + (f" with {cards_text(self.materials)}" if self.materials else "")


PositionLine = Union[TurnNumber, Leader, Deck, Jacks, Pool, Sites, Hand, Cards, Influence, Building, Comment]


@dataclass(frozen=True)
class Position:
    """``position``: a described mid-game state to replay from."""

    lines: tuple[PositionLine, ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = field(default=NOWHERE, compare=False, repr=False, kw_only=True)
    word = "position"

    def _of(self, kind: type) -> Iterator:
        return (line for line in self.lines if isinstance(line, kind))

    @property
    def leader(self) -> str | None:
        return next((line.player for line in self._of(Leader)), None)

    @property
    def turn(self) -> int | None:
        return next((line.number for line in self._of(TurnNumber)), None)

    @property
    def deck(self) -> Deck | None:
        return next(self._of(Deck), None)

    @property
    def jacks(self) -> int | None:
        return next((line.count for line in self._of(Jacks)), None)

    @property
    def pool(self) -> tuple[str, ...]:
        return next((line.cards for line in self._of(Pool)), ())

    def sites(self, *, out_of_town: bool = False) -> dict[Material, int]:
        counts = {material: 0 for material in Material}
        for line in self._of(Sites):
            if line.out_of_town == out_of_town:
                counts.update(line.counts)
        return counts

    def hand(self, player: str) -> tuple[str, ...]:
        return next((line.cards for line in self._of(Hand) if line.player == player), ())

    def cards(self, zone: Zone, player: str) -> tuple[str, ...]:
        return next((l.cards for l in self._of(Cards) if l.zone == zone and l.player == player), ())

    def influence(self, player: str) -> tuple[Material, ...]:
        return next((line.sites for line in self._of(Influence) if line.player == player), ())

    def buildings(self, player: str) -> tuple[Building, ...]:
        return tuple(line for line in self._of(Building) if line.player == player)
