"""One value type per kind of decision a player makes; each reads back from its ``repr``.

Players are named; cards are named; ``source=None`` means the usual source for that action.
The handler for each type (``engine.handlers``) enumerates, checks and performs it.

A decision is a value: equal by its fields, hashed by them, never changed once made (make
another with ``dataclasses.replace``). It is not a frozen dataclass, whose every field is set
through ``object.__setattr__``: the engine builds every legal decision of a moment when asked
(``Game.legal``), several per move in a search, and a frozen one costs four times as much to
build. python-chess's ``Move`` is the same kind of value.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields

from gtr_replay.enums import Material, Role, Zone


@dataclass(slots=True, unsafe_hash=True)
class Decision:
    player: str

    @property
    def verb(self) -> str:
        return type(self).__name__.lower()


@dataclass(slots=True, unsafe_hash=True)
class Lead(Decision):
    """Lead ``role`` with one card, a Jack, or a petition of several cards (R-TURN-1, R-JACK-1,
    R-PET-1); with a power, several of these at once (B-PALACE-1). ``groups``: the number of
    cards of each play in order, where the cards alone could be grouped otherwise (AMB-26)."""

    role: Role
    cards: tuple[str, ...]
    groups: tuple[int, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Follow(Decision):
    """Follow the led role with a card of it, a Jack, or a petition (R-TURN-2); ``groups`` as
    for a lead."""

    cards: tuple[str, ...]
    groups: tuple[int, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Think(Decision):
    """Take a Jack, refill to the refill size, or draw one card (R-THINK-1)."""

    option: str  # "jack" | "refill" | "draw"


@dataclass(slots=True, unsafe_hash=True)
class Hire(Decision):
    """Patron: take a card into the clientele (R-PATRON-1); with ``replacing``, in the place of
    that client, who goes back to the Pool at once (BC-BATH-2); with ``source`` the building
    zone, a material from under the player's ``building``, as a power grants
    (G-CASTRAPRAETORIA-1)."""

    card: str
    source: Zone | None = None
    replacing: str | None = None
    building: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Gather(Decision):
    """Laborer: take a card into the stockpile (R-LAB-1); with ``source`` the building zone,
    a material from under the player's ``building``, as a power grants (G-SOLARIUM-1)."""

    card: str
    source: Zone | None = None
    building: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Lay(Decision):
    """Architect or Craftsman: lay a foundation from hand on a Site (R-BUILD-1..3); with
    ``source`` the deck, the top card a power lets a Craftsman draw (B-FOUNTAIN-1)."""

    card: str
    site: Material | None = None
    out_of_town: bool = False
    source: Zone | None = None


@dataclass(slots=True, unsafe_hash=True)
class Add(Decision):
    """Architect (from stockpile) or Craftsman (from hand): add a material to a building
    (R-BUILD-5); with ``owner``, into another player's structure, making it public (B-STAIRWAY-1)."""

    card: str
    building: str
    source: Zone | None = None
    owner: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Demand(Decision):
    """Legionary: reveal cards from hand, all at once; Rome demands their materials (R-LEG-1,
    R-LEG-6). ``materials``, when a record says them, must be the shown cards' materials.
    ``buildings``: the player's incomplete buildings shown as well, each demanding its
    material and staying where it is, as a power allows (G-CASTRAPRAETORIA-2)."""

    cards: tuple[str, ...]
    materials: tuple[Material, ...] | None = None
    buildings: tuple[str, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class TakeFromPool(Decision):
    """Legionary: take one Pool card of a demanded material (R-LEG-2)."""

    card: str

    @property
    def verb(self) -> str:
        return "take"


@dataclass(slots=True, unsafe_hash=True)
class Give(Decision):
    """A neighbour's answer to a demand: the matching cards given, or none ('Glory to Rome',
    R-LEG-3); from the stockpile, the second part a power may demand (B-BRIDGE-3)."""

    cards: tuple[str, ...]
    to: str
    source: Zone | None = None


@dataclass(slots=True, unsafe_hash=True)
class Sell(Decision):
    """Merchant: move a material into the vault (R-MER-1)."""

    card: str
    source: Zone | None = None


@dataclass(slots=True, unsafe_hash=True)
class Pass(Decision):
    """Decline the remaining actions, or stop taking from the Pool (R-TURN-7)."""


@dataclass(slots=True, unsafe_hash=True)
class Steal(Decision):
    """Take another player's completed structure, as a power grants (B-PRISON-1, BC-PRISON-1);
    ``sites``: the Sites of one's influence given to the victim for it, when the power asks a
    price (C-AERARIUM-PRISON-1)."""

    victim: str
    building: str
    sites: tuple[Material, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Slay(Decision):
    """After a demand, take a victim's client of a demanded material into one's vault, as a
    power grants (B-COLOSSEUM-1)."""

    victim: str
    card: str


@dataclass(slots=True, unsafe_hash=True)
class TearDown(Decision):
    """After a demand, take a victim's empty foundation of a demanded material: the card into
    one's stockpile, its Site into one's influence, as a power grants (B-DOMUSAUREA-1)."""

    victim: str
    building: str

    @property
    def verb(self) -> str:
        return "tear down"


@dataclass(slots=True, unsafe_hash=True)
class Demolish(Decision):
    """Craftsman: tear down one of one's own completed structures instead of the action's usual
    effect: the foundation into the hand, its materials into the stockpile, as a power allows
    (G-WATCHPOST-1; its Site by the watch-post-site ruling, AMB-31)."""

    building: str

    @property
    def verb(self) -> str:
        return "tear down"


@dataclass(slots=True, unsafe_hash=True)
class Trigger(Decision):
    """Give a power's Site to ``owner`` (None: oneself) and trigger at once the upon-completion
    effect of their completed ``building``, as a power grants (G-AERARIUM-2)."""

    building: str
    owner: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class TakeFromDeck(Decision):
    """Craftsman: put the deck's top card into the hand, as a power allows (B-FOUNTAIN-1); or a
    card a power turned up from the deck (G-BACCHANALIA-1)."""

    card: str

    @property
    def verb(self) -> str:
        return "take"


@dataclass(slots=True, unsafe_hash=True)
class Keep(Decision):
    """At the end of the turn, keep cards played this turn instead of returning them, as a
    power grants (B-SEWER-1: one's Order cards into the Stockpile; B-SENATE-1: opponents'
    Jacks into the hand). ``owners``: who played each card ("" where not said), or () when
    the record does not say."""

    cards: tuple[str, ...]
    owners: tuple[str, ...] = ()


@dataclass(slots=True, unsafe_hash=True)
class Discard(Decision):
    """Before a Thinker action, discard cards from hand as a power allows: Order cards to the
    Pool, Jacks to the Jack pile (B-LATRINE-1: one card; B-VOMITORIUM-1: the whole hand)."""

    cards: tuple[str, ...]


@dataclass(slots=True, unsafe_hash=True)
class Surrender(Decision):
    """Every other player surrenders; ``player`` wins (R-END-1e, R-END-3e, R-SCORE-1)."""


def same_decision(a: Decision, b: Decision) -> bool:
    """Whether two decisions are the same choice, however written: card lists are compared
    as multisets (a give of two cards lists them in either order), and a field one
    side leaves open (a give's receiver after 'Glory to Rome', a demand's materials) is not
    compared."""
    if type(a) is not type(b):
        return False
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x == y or x is None or y is None or (f.name == "to" and not (x and y)):
            continue
        if not (isinstance(x, tuple) and isinstance(y, tuple) and Counter(x) == Counter(y)):
            return False
    return True


_KIND_VERBS: dict[type[Decision], str] = {TearDown: "tear down", TakeFromPool: "take", TakeFromDeck: "take",
                                          Demolish: "tear down"}


def kind_words(kinds: tuple[type[Decision], ...]) -> str:
    """How a prompt's kinds of decision read to a player: ``lead or think``, ``gather, hire or take``."""
    names = list(dict.fromkeys(_KIND_VERBS.get(k, k.__name__.lower()) for k in kinds))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
