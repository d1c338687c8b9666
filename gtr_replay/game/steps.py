"""Steps a building power grants: one small class per kind, filed in ``STEPS``.

A step is an extra decision a power gives one player on top of the turn's ordinary ones: a
new client's action (B-BATH-1), one more card for the same action (B-AQUEDUCT-2, B-BAR-1,
B-BASILICA-1, B-DOCK-1), up to I actions upon completion (B-AMPHITHEATRE-1, B-FOUNDRY-1,
B-GARDEN-1, B-SCHOOL-1), a keep or a think at the end of the turn (B-SEWER-1, B-SENATE-1,
B-ACADEMY-1), a Jack after a think (B-TRIBUNAL-1), the spoils of a demand (B-COLOSSEUM-1,
B-DOMUSAUREA-1). Steps wait on a stack in the state, the
last granted first, in any phase; the player named by the step answers the top one with one
of the decisions the step lists, and ``passes`` declines it (R-TURN-7).

Each class says which decisions answer it (``answers``), how it reads (``describe``), where
its cards may come from (``sources``), what action role it is (``role``) and, for the end
of a turn, in which group it comes (``stage``, AMB-14). Steps are values: they round-trip
through ``to_dict``/``step_from_dict``. This module imports value types only, so powers can
build steps without importing the engine's flow.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import ClassVar

from gtr_replay.game.decisions import (
    Add, Decision, Demand, Demolish, Discard, Gather, Hire, Keep, Lay, Pass, Sell, Slay, Steal, TakeFromDeck, TearDown,
    Think, Trigger,
)
from gtr_replay.enums import Role, Zone

ROLE_ACTIONS: dict[Role, tuple[type[Decision], ...]] = {
    Role.PATRON: (Hire, Pass),
    Role.LABORER: (Gather, Pass),
    Role.ARCHITECT: (Lay, Add, Pass),
    Role.CRAFTSMAN: (Lay, Add, TakeFromDeck, Demolish, Pass),
    Role.LEGIONARY: (Demand, Pass),
    Role.MERCHANT: (Sell, Pass),
}
"""The decisions that perform (or decline) one action of each role (R-ACT-1)."""

TAKES: dict[Role, type[Decision]] = {Role.PATRON: Hire, Role.LABORER: Gather, Role.MERCHANT: Sell}
"""The roles whose action takes one card from a place into a zone (R-PATRON-1, R-LAB-1, R-MER-1)."""

USUAL: dict[Role, Zone] = {Role.PATRON: Zone.POOL, Role.LABORER: Zone.POOL, Role.MERCHANT: Zone.STOCKPILE}
"""Where each of those actions takes its card when no power says otherwise."""

STEPS: dict[str, type[Step]] = {}


def step(cls: type[Step]) -> type[Step]:
    """Class decorator: file a step class under its ``kind``."""
    if cls.kind in STEPS:
        raise ValueError(f"two step classes of kind {cls.kind!r}")
    STEPS[cls.kind] = cls
    return cls


@dataclass(frozen=True, slots=True)
class Step:
    """A step granted by the power of ``power`` (a building) to player ``player`` (an index)."""

    power: str
    player: int

    kind: ClassVar[str] = ""
    thinker_action: ClassVar[bool] = True
    """Whether a think answering this step is a Thinker action (which other powers follow)."""
    priority: ClassVar[int] = 0
    """Granted together, a step of higher priority is taken first."""
    stage: ClassVar[int] = 0
    """At the end of a turn: keeps come before thinks (AMB-14); steps of one stage follow play order."""
    is_action: ClassVar[bool] = True
    """Whether answering it is an action: of ``role``, else of the led role. A power's gift
    that is no action (cards turned up from the deck, G-BACCHANALIA-1; a material given back, G-SOLARIUM-1)
    gives its answer no role, so the powers that follow actions of a role let it be."""
    rules: ClassVar[tuple[str, ...]] = ()
    """The core rules this kind of step answers to, cited before its power's when a statement
    that does not answer it is refused (and by a refusal of ``allows``)."""
    declined: ClassVar[str] = "'passes' declines it"
    """What a pass does to this step, said after it in a refusal; empty where ``describe`` says it."""
    turned_up: ClassVar[bool] = False
    """Whether the cards its answers take "from deck" are those a power turned up for the table
    to see (``GameState.turned_up``, G-BACCHANALIA-1): one going into a vault is seen going in
    (AMB-25)."""
    also: ClassVar[bool] = False
    """Whether it is part of the action that granted it ("you may also", B-STAIRWAY-1, B-DOCK-1):
    it stays open until that action is over, the steps its completion started included
    (``burst``, the ``also-step`` ruling)."""

    @property
    def role(self) -> Role | None:
        """The role of the action this step is, if it is one (its Sites, sources and costs)."""
        return None

    def answers(self) -> tuple[type[Decision], ...]:
        return (Pass,)

    def open_over(self, burst: int) -> Step:
        """This step, part of an action (``also``), open over the ``burst`` steps its action's
        completion started; the others have no such burst."""
        return self

    def sources(self, usual: Zone) -> frozenset[Zone] | None:
        """Where the card of an answer may come from; None: the usual places and what powers open."""
        return None

    def allows(self, decision: Decision) -> str | None:
        """Why ``decision`` (of an accepted type) does not answer this step, or None."""
        return None

    @property
    def actions(self) -> int:
        """Actions this step may spend (an out-of-town foundation takes two, R-BUILD-3)."""
        return 1

    def describe(self) -> str:
        raise NotImplementedError

    def granted(self) -> str:
        """What the step lets its player do, with the word a pass decides: "may" where a pass
        declines it, "must" where none does (R-TURN-7)."""
        return f"{'may' if Pass in self.answers() else 'must'} {self.describe()}"

    def to_dict(self) -> dict:
        data: dict = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = value.value if isinstance(value, (Role, Zone)) else (
                list(value) if isinstance(value, tuple) else value)
        return data

    def __str__(self) -> str:
        return self.describe()


_ROLE_FIELDS = frozenset({"client_role", "take_role", "action_role"})


def step_from_dict(data: dict) -> Step:
    """The step ``Step.to_dict`` wrote."""
    cls = STEPS[data["kind"]]
    values = {}
    for f in fields(cls):
        if f.name in data:
            value = data[f.name]
            if f.name in _ROLE_FIELDS and value is not None:
                value = Role(value)
            elif f.name == "zone":
                value = Zone(value)
            elif isinstance(value, list):
                value = tuple(value)
            values[f.name] = value
    return cls(**values)


@step
@dataclass(frozen=True, slots=True)
class ClientAction(Step):
    """One action of a new client's role, at once; it may pair with the player's own actions
    of the led role for an out-of-town Site (B-BATH-1, B-BATH-2, AMB-27)."""

    client_role: Role = Role.PATRON
    kind: ClassVar[str] = "client"
    rules: ClassVar[tuple[str, ...]] = ("R-ACT-1",)
    priority: ClassVar[int] = 1
    """It finishes before anything else (B-BATH-2)."""

    @property
    def role(self) -> Role:
        return self.client_role

    def answers(self):
        return ROLE_ACTIONS[self.client_role]

    def describe(self) -> str:
        return f"take a {self.client_role} action for the new client"


@step
@dataclass(frozen=True, slots=True)
class AlsoFrom(Step):
    """The same action also takes one card from ``zone`` (B-AQUEDUCT-2, B-BAR-1, B-BASILICA-1,
    B-DOCK-1): the action's own decision, with its card from there. Where ``zone`` is the
    action's usual place, its card may come from a place a power puts in its stead too
    (B-ATRIUM-1, BC-DOCK-2), and a card for another such step granted with it answers that
    one (the engine's ``_sources``, ``_answered_by``)."""

    take_role: Role = Role.PATRON
    zone: Zone = Zone.HAND
    closes_usual: bool = False
    """Once answered, no card from the usual place follows for the action (B-BAR-2): a step
    for it granted with this one is dropped."""
    burst: int = 0
    """The steps the action's completion started, waiting under this one: declined while they
    wait, this step waits under them instead, offered again once they are over (``Step.also``)."""
    kind: ClassVar[str] = "also-from"
    rules: ClassVar[tuple[str, ...]] = ("R-ACT-1",)
    also: ClassVar[bool] = True

    @property
    def role(self) -> Role:
        return self.take_role

    def answers(self):
        return (TAKES[self.take_role], Pass)

    def open_over(self, burst):
        return replace(self, burst=burst)

    def sources(self, usual):
        return frozenset({self.zone})

    def describe(self) -> str:
        verb = {Role.PATRON: "hire a client", Role.LABORER: "gather a card", Role.MERCHANT: "sell a card"}
        where = {Zone.HAND: "hand", Zone.DECK: "the top of the deck"}.get(self.zone, f"the {self.zone}")
        return f"also {verb[self.take_role]} from {where}{_until_burst_over(self.burst)}"


def _until_burst_over(burst: int) -> str:
    """How an "also" step reads while the steps its action's completion started wait under it."""
    return ", now or once the actions the completion started are over" if burst else ""


@step
@dataclass(frozen=True, slots=True)
class PublicPlacement(Step):
    """A material into an opponent's completed structure, which becomes public (B-STAIRWAY-1)."""

    burst: int = 0
    """As ``AlsoFrom.burst``: the steps the Architect action's completion started, under this one."""
    kind: ClassVar[str] = "public"
    rules: ClassVar[tuple[str, ...]] = ("R-ARCH-1",)
    also: ClassVar[bool] = True

    @property
    def role(self) -> Role:
        return Role.ARCHITECT

    def answers(self):
        return (Add, Pass)

    def open_over(self, burst):
        return replace(self, burst=burst)

    def allows(self, decision):
        if isinstance(decision, Add) and decision.owner is None:
            return f"the {self.power}'s extra placement goes into an opponent's structure"
        return None

    def describe(self) -> str:
        return f"also put a material into an opponent's structure{_until_burst_over(self.burst)}"


@step
@dataclass(frozen=True, slots=True)
class Theft(Step):
    """Take an opponent's completed structure (B-PRISON-1, BC-PRISON-1)."""

    kind: ClassVar[str] = "steal"
    rules: ClassVar[tuple[str, ...]] = ("R-BUILD-9",)

    def answers(self):
        return (Steal, Pass)

    def describe(self) -> str:
        return "take an opponent's completed structure"


@step
@dataclass(frozen=True, slots=True)
class RequiredTheft(Theft):
    """Take an opponent's completed structure, with no pass: the 2005 Prison as printed, "you
    choose a completed structure owned by an opponent" (BC-PRISON-1, the prison-theft ruling)."""

    kind: ClassVar[str] = "steal-required"
    declined: ClassVar[str] = ""

    def answers(self):
        return (Steal,)

    def describe(self) -> str:
        return "take an opponent's completed structure"


@step
@dataclass(frozen=True, slots=True)
class Actions(Step):
    """Up to ``count`` actions of ``action_role``, or Thinker actions when it is None, at once;
    passing forfeits the rest (B-AMPHITHEATRE-1, B-FOUNDRY-1, B-GARDEN-1, B-SCHOOL-1)."""

    action_role: Role | None = None
    count: int = 1
    discarded: bool = False
    """A discard before the think was made (B-LATRINE-1): the think must follow."""
    kind: ClassVar[str] = "actions"
    rules: ClassVar[tuple[str, ...]] = ("R-BUILD-9",)

    @property
    def role(self) -> Role | None:
        return self.action_role

    @property
    def actions(self) -> int:
        return self.count

    def answers(self):
        if self.action_role is None:
            return (Think,) if self.discarded else (Think, Pass)
        return ROLE_ACTIONS[self.action_role]

    def describe(self) -> str:
        what = "Thinker" if self.action_role is None else str(self.action_role)
        return f"take up to {self.count} {what} action{'s' if self.count > 1 else ''}"


@step
@dataclass(frozen=True, slots=True)
class EarlyActions(Actions):
    """The player's own ``count`` actions of the led role, taken at once as they lead, follow
    or think, before the players after them decide (BC-BAR-1, BC-DOCK-1, BC-BRIDGE-1, AMB-36).
    Passing before the first keeps them all for the player's place in the turn; once one is
    taken the others are taken now or not at all, and the player has none left at their place."""

    kind: ClassVar[str] = "early"
    declined: ClassVar[str] = ""  # a pass waits for the player's place, as ``describe`` says

    def describe(self) -> str:
        return f"take the {self.count} {self.action_role} action{'s' if self.count > 1 else ''} now, or pass to wait"


@step
@dataclass(frozen=True, slots=True)
class KeepPlayed(Step):
    """At the end of the turn, keep cards played this turn: one's own Order cards into the
    Stockpile (B-SEWER-1), or opponents' Jacks into the hand (B-SENATE-1)."""

    jacks: bool = False
    kind: ClassVar[str] = "keep"
    rules: ClassVar[tuple[str, ...]] = ("R-TURN-8",)
    stage: ClassVar[int] = 1

    def answers(self):
        return (Keep, Pass)

    def describe(self) -> str:
        if self.jacks:
            return "keep Jacks opponents played this turn"
        return "keep the Order cards played this turn in the stockpile"


@step
@dataclass(frozen=True, slots=True)
class ExtraThink(Step):
    """One Thinker action at the end of the turn, or as soon as its owner's actions end under
    the ``academy-timing`` ruling's other reading (B-ACADEMY-1, AMB-14)."""

    discarded: bool = False
    kind: ClassVar[str] = "think"
    rules: ClassVar[tuple[str, ...]] = ("R-THINK-5",)
    stage: ClassVar[int] = 2

    def answers(self):
        return (Think,) if self.discarded else (Think, Pass)

    def describe(self) -> str:
        return "take a Thinker action"


@step
@dataclass(frozen=True, slots=True)
class ThinkTwice(ExtraThink):
    """The second Thinker action of one a power doubles, at once and not to be declined
    (BC-SCHOOL-1, AMB-37)."""

    kind: ClassVar[str] = "think-again"
    priority: ClassVar[int] = 1
    """It comes before any other step granted with it (another power's think, BC-SENATE-1)."""

    def answers(self):
        return (Think,)

    def describe(self) -> str:
        return "take the second Thinker action"


@step
@dataclass(frozen=True, slots=True)
class ExtraJack(Step):
    """One more Jack after a think, while the pile has one (B-TRIBUNAL-1, AMB-22)."""

    kind: ClassVar[str] = "jack"
    rules: ClassVar[tuple[str, ...]] = ("R-THINK-1",)
    thinker_action: ClassVar[bool] = False

    def answers(self):
        return (Think, Pass)

    def allows(self, decision):
        if isinstance(decision, Think) and decision.option != "jack":
            return f"the {self.power} gives one more Jack, not a {decision.option}"
        return None

    def describe(self) -> str:
        return "take one more Jack"


@step
@dataclass(frozen=True, slots=True)
class ThinkAfterDiscard(Step):
    """The think a discard was made for (B-LATRINE-1, B-VOMITORIUM-1): nothing else may come first."""

    kind: ClassVar[str] = "think-next"
    rules: ClassVar[tuple[str, ...]] = ("R-THINK-1",)

    def answers(self):
        return (Think,)

    def describe(self) -> str:
        return "think, having discarded"


@dataclass(frozen=True, slots=True)
class Spoils(Step):
    """After a Legionary demand is answered, take from its ``victims`` (indices: the players
    demanded from that no power protects) what matches a ``demanded`` material (one entry per
    demanded card). ``limit`` says how many per victim: ``each-card``, one per demanded card
    of that material; ``one``, one in all; ``all``, every match; ``any``, every card, of a
    demanded material or not (AMB-11, the classic text). ``taken`` lists what was taken so far,
    as ``victim:material``; the step waits again while more may be taken."""

    victims: tuple[int, ...] = ()
    demanded: tuple[str, ...] = ()
    limit: str = "each-card"
    taken: tuple[str, ...] = ()
    rules: ClassVar[tuple[str, ...]] = ("R-LEG-11",)
    def room(self, victim: int, material: str | None) -> bool:
        """Whether one more card of ``material`` may be taken from ``victim``."""
        if victim not in self.victims:
            return False
        if self.limit == "any":
            return True
        if material not in self.demanded:
            return False
        if self.limit == "all":
            return True
        mine = [t.partition(":")[2] for t in self.taken if t.partition(":")[0] == str(victim)]
        if self.limit == "one":
            return not mine
        return mine.count(material) < self.demanded.count(material)

    def after(self, victim: int, material: str) -> Spoils:
        """The same step once a card of ``material`` was taken from ``victim``."""
        return replace(self, taken=(*self.taken, f"{victim}:{material}"))


@step
@dataclass(frozen=True, slots=True)
class Slaying(Spoils):
    """Victims' clients of a demanded material into the vault, while it has room (B-COLOSSEUM-1,
    B-COLOSSEUM-2, AMB-11)."""

    kind: ClassVar[str] = "slay"

    def answers(self):
        return (Slay, Pass)

    def describe(self) -> str:
        return "take victims' clients of a demanded material into the vault"


@step
@dataclass(frozen=True, slots=True)
class Razing(Spoils):
    """A victim's foundation of a demanded material with no materials: the card into the
    stockpile, its Site into the influence (B-DOMUSAUREA-1, AMB-20)."""

    kind: ClassVar[str] = "tear-down"

    def answers(self):
        return (TearDown, Pass)

    def describe(self) -> str:
        return "tear down a victim's empty foundation of a demanded material"


@step
@dataclass(frozen=True, slots=True)
class ClientActions(Actions):
    """Up to ``count`` actions of ``action_role`` by the player's clients of that role, at once,
    after their own actions; passing forfeits the rest (G-WATERMILL-1)."""

    kind: ClassVar[str] = "client-actions"

    def describe(self) -> str:
        return f"take up to {self.count} {self.action_role} action{'s' if self.count > 1 else ''} with clients"


@step
@dataclass(frozen=True, slots=True)
class PaidTheft(Theft):
    """Take an opponent's completed structure, giving them Sites of one's influence worth at
    least ``price``; with ``spare`` False, only a set none of whose Sites could be kept back
    (C-AERARIUM-PRISON-1, the aerarium-prison-sites ruling)."""

    price: int = 3
    spare: bool = True
    kind: ClassVar[str] = "steal-paying"
    rules: ClassVar[tuple[str, ...]] = ("C-AERARIUM-PRISON-1",)

    def describe(self) -> str:
        return f"take an opponent's completed structure, giving them Sites worth {self.price} or more"


@step
@dataclass(frozen=True, slots=True)
class Retrigger(Step):
    """Give the power's Site (``site``, a material) to any player, oneself included, and
    trigger at once the upon-completion effect of one of that player's completed buildings
    (G-AERARIUM-2)."""

    site: str = ""
    kind: ClassVar[str] = "retrigger"
    is_action: ClassVar[bool] = False
    rules: ClassVar[tuple[str, ...]] = ("G-AERARIUM-2",)

    def answers(self):
        return (Trigger, Pass)

    def describe(self) -> str:
        return f"give the {self.power}'s Site to a player and trigger an upon-completion effect of theirs"


REVEALED_WAYS: dict[type[Decision], str] = {
    Gather: "stockpile", Hire: "clientele", Sell: "vault", Lay: "foundation", Add: "material"}
"""Where a card a power turned up may go besides the hand, by the decision that puts it there (G-BACCHANALIA-1)."""


@step
@dataclass(frozen=True, slots=True)
class Revealed(Step):
    """Cards turned up from the top of the deck, ``count`` of them still to place, each placed one
    at a time: into the stockpile, the clientele or the vault, as a building begun on an
    in-town Site, as a material of a building in progress, or into the hand; with ``once``,
    each of the first five ways once at most (``used`` lists those taken; G-BACCHANALIA-1, the
    bacchanalia-ways ruling). The cards wait out of the deck, face up (``GameState.turned_up``);
    every one must be placed. A record names each as taken "from deck", where the table took it."""

    count: int = 1
    used: tuple[str, ...] = ()
    once: bool = True
    kind: ClassVar[str] = "revealed"
    is_action: ClassVar[bool] = False
    turned_up: ClassVar[bool] = True
    priority: ClassVar[int] = 2
    """The cards are all placed before what placing them grants (a new client's action,
    B-BATH-1), which could otherwise draw one of them as the deck's top card."""
    rules: ClassVar[tuple[str, ...]] = ("G-BACCHANALIA-1",)

    def answers(self):
        ways = tuple(kind for kind, way in REVEALED_WAYS.items() if not (self.once and way in self.used))
        return (*ways, TakeFromDeck)

    def sources(self, usual):
        return frozenset({Zone.DECK})

    def allows(self, decision):
        if type(decision) in (Lay, Add, TakeFromDeck) and getattr(decision, "source", Zone.DECK) is not Zone.DECK:
            return f"a card the {self.power} turned up comes from the deck: write it '[card] from deck'"
        if isinstance(decision, Lay) and decision.out_of_town:
            return f"a card the {self.power} turned up begins a building on an in-town Site only"
        return None

    def after(self, decision: Decision) -> Revealed | None:
        """The step once ``decision`` placed one card: the rest still to place, or None."""
        if self.count <= 1:
            return None
        way = REVEALED_WAYS.get(type(decision))
        return replace(self, count=self.count - 1, used=self.used + ((way,) if way else ()))

    def describe(self) -> str:
        return (f"place {self.count} card{'s' if self.count > 1 else ''} turned up from the deck: stockpile, "
                "clientele, vault, a new building, a building in progress, or the hand")


@step
@dataclass(frozen=True, slots=True)
class FromUnder(Step):
    """Up to ``count`` materials from under the player's ``building``, one at a time, into the
    clientele as clients of their roles (G-CASTRAPRAETORIA-1) or into the stockpile
    (G-SOLARIUM-1)."""

    building: str = ""
    zone: Zone = Zone.STOCKPILE
    count: int = 1
    kind: ClassVar[str] = "from-under"
    is_action: ClassVar[bool] = False
    rules: ClassVar[tuple[str, ...]] = ("G-CASTRAPRAETORIA-1", "G-SOLARIUM-1")

    def answers(self):
        return (Hire, Pass) if self.zone is Zone.CLIENTELE else (Gather, Pass)

    def sources(self, usual):
        return frozenset({Zone.BUILDING})

    def allows(self, decision):
        if getattr(decision, "building", None) != self.building:
            return f"the {self.power} takes a material from under the {self.building}"
        return None

    def after(self, decision: Decision) -> FromUnder | None:
        return replace(self, count=self.count - 1) if self.count > 1 else None

    def describe(self) -> str:
        into = ("as a client" if self.count == 1 else "as clients") if self.zone is Zone.CLIENTELE \
            else "into the stockpile"
        what = "a material" if self.count == 1 else f"up to {self.count} materials"
        return f"take {what} from under the {self.building} {into}"


@step
@dataclass(frozen=True, slots=True)
class Retire(Step):
    """Clients that have just acted (``clients``) into the vault, up to ``count`` of them, one
    at a time (G-TRICLINIUM-1); ``hired``: they are clients hired this turn (a new client's
    action, B-BATH-1), so the one put away is no longer among those hired this turn, and a
    client of the same name held from before keeps its action (R-ACT-2)."""

    clients: tuple[str, ...] = ()
    count: int = 1
    hired: bool = False
    kind: ClassVar[str] = "retire"
    is_action: ClassVar[bool] = False
    priority: ClassVar[int] = 2
    """Asked as soon as the action is done, before what it granted (a new client's action,
    B-BATH-1), as the example of G-TRICLINIUM-1 decides first."""
    rules: ClassVar[tuple[str, ...]] = ("G-TRICLINIUM-1",)

    def answers(self):
        return (Sell, Pass)

    def sources(self, usual):
        return frozenset({Zone.CLIENTELE})

    def allows(self, decision):
        card = getattr(decision, "card", None)
        if card not in self.clients:
            return f"{card} has not just acted; the {self.power} puts a client into the vault after its action"
        return None

    def after(self, decision: Decision) -> Retire | None:
        if self.count <= 1:
            return None
        left = list(self.clients)
        left.remove(getattr(decision, "card"))
        return replace(self, clients=tuple(left), count=self.count - 1) if left else None

    def describe(self) -> str:
        return f"put a client that acted into the vault ({', '.join(sorted(set(self.clients)))})"


THINK_STEPS = (Actions, ExtraThink)
"""Steps that may be answered by a Thinker action, before which a discard may come."""


def discard_answers(step: Step | None) -> bool:
    """Whether a before-think discard may answer now, given the step on top (or None)."""
    if step is None:
        return True
    return isinstance(step, THINK_STEPS) and Think in step.answers() and not step.discarded


def answers_with_discard(answers: tuple[type[Decision], ...]) -> tuple[type[Decision], ...]:
    return (*answers, Discard) if Discard not in answers else answers
