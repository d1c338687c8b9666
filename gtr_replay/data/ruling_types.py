"""The rulings as types: one ``StrEnum`` of its readings per ruling, and ``Rulings``, every
ruling's reading as a typed attribute (``state.rulings.deck_end is DeckEnd.LAST_CARD``), so a
misspelt ruling or reading is a type error. ``Rulings`` is also the mapping of ruling names
to readings that records, stored states and the ``[Rulings]`` tag use.

Generated from the table in gtr_replay/data/rulings.py, which says what each reading means:
``python -m gtr_replay.data.rulings_doc --types > new.py && mv new.py gtr_replay/data/ruling_types.py``. Do not edit.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, Mapping, NoReturn

READINGS: Final = (
    "DeckEnd",
    "LastSite",
    "ShortRefill",
    "OutOfTown",
    "OutOfTownCost",
    "OutOfTownPair",
    "LeaderDraw",
    "LeaderTie",
    "FinalTie",
    "LegionaryPool",
    "LegionaryGive",
    "ColosseumClients",
    "ColosseumPalisade",
    "LegionaryPoolOptional",
    "DomusAureaCount",
    "ThinkHand",
    "RefillSize",
    "PublicCopy",
    "AlsoStep",
    "PublicStatue",
    "BridgeStockpile",
    "ForumFoundation",
    "AcademyTiming",
    "PalacePetitions",
    "AnySiteOutOfTown",
    "MerchantBonus",
    "ClassicSewer",
    "ClassicStairway",
    "SchoolThinks",
    "SenateThink",
    "PrisonTheft",
    "WatchPostSite",
    "AerariumChecks",
    "AerariumPrisonSites",
    "BacchanaliaWays",
    "PlebianCouncilCheck",
    "PlebianCouncilClients",
    "TrainingGame",
)
"""The classes of readings, one per ruling (what a building power imports from powers.base)."""
__all__ = [*READINGS]


class DeckEnd(StrEnum):
    """AMB-01: When does the game end once the draw deck runs out?"""

    LAST_CARD = "last-card"
    EMPTY_DRAW = "empty-draw"


class LastSite(StrEnum):
    """AMB-02: Which claimed Site ends a Black Box game?"""

    ALL_MATERIALS = "all-materials"
    ANY_MATERIAL = "any-material"


class ShortRefill(StrEnum):
    """AMB-03: May a Thinker refill when the deck holds fewer cards than needed?"""

    DRAW_REMAINING = "draw-remaining"
    FORBIDDEN = "forbidden"


class OutOfTown(StrEnum):
    """AMB-04: May an out-of-town Site be used while in-town Sites of its material remain?"""

    AFTER_IN_TOWN = "after-in-town"
    ANY_TIME = "any-time"


class OutOfTownCost(StrEnum):
    """AMB-05: How do the two actions of an out-of-town foundation work?"""

    TWO_ADJACENT = "two-adjacent"
    ONE_ACTION = "one-action"


class OutOfTownPair(StrEnum):
    """AMB-05: Do an Architect action and a Craftsman action in a row make the two consecutive actions of an out-of-town foundation?"""

    SAME_ROLE = "same-role"
    ARCHITECT_OR_CRAFTSMAN = "architect-or-craftsman"


class LeaderDraw(StrEnum):
    """AMB-06: What is compared alphabetically to find the first leader?"""

    BUILDING_NAME = "building-name"
    ROLE_NAME = "role-name"


class LeaderTie(StrEnum):
    """AMB-07: Who receives the extra cards that break a tie in the leader draw?"""

    TIED_PLAYERS = "tied-players"
    ALL_PLAYERS = "all-players"


class FinalTie(StrEnum):
    """AMB-08: How is a tie in victory points broken?"""

    HAND_THEN_SHARED = "hand-then-shared"
    ORDERS_THEN_SHARED = "orders-then-shared"


class LegionaryPool(StrEnum):
    """AMB-09: How many Pool cards does a Legionary take?"""

    PER_DEMAND = "per-demand"
    PER_TURN = "per-turn"


class LegionaryGive(StrEnum):
    """AMB-10: Who chooses the card a neighbour gives to a Legionary?"""

    GIVER_CHOOSES = "giver-chooses"
    DEMANDER_CHOOSES = "demander-chooses"


class ColosseumClients(StrEnum):
    """AMB-11: How many clients does a Colosseum (classic: Coliseum) take from each victim?"""

    PER_DEMAND = "per-demand"
    ALL_MATCHING = "all-matching"
    ANY_CLIENT = "any-client"


class ColosseumPalisade(StrEnum):
    """B-COLOSSEUM-4: Does a Colosseum (classic: Coliseum) take clients from an opponent whose Palisade its owner's Bridge passes?"""

    BRIDGE_PASSES = "bridge-passes"
    PALISADE_GUARDS = "palisade-guards"


class LegionaryPoolOptional(StrEnum):
    """AMB-12: Must a Legionary take a matching Pool card?"""

    OPTIONAL = "optional"
    AS_WORDED = "as-worded"


class DomusAureaCount(StrEnum):
    """AMB-20: How many buildings does a Domus Aurea tear down from each victim?"""

    PER_DEMAND = "per-demand"
    ONE_PER_VICTIM = "one-per-victim"


class ThinkHand(StrEnum):
    """AMB-22: Do Jacks count toward the hand size a Thinker compares with the refill size?"""

    ALL_CARDS = "all-cards"
    ORDERS_ONLY = "orders-only"


class RefillSize(StrEnum):
    """AMB-23: Is the refill size also a hand limit?"""

    REFILL_ONLY = "refill-only"
    MAXIMUM = "maximum"


class PublicCopy(StrEnum):
    """B-STAIRWAY-2: Does a foundation the Gate wakes count as owning a structure of its name, so a public one of the same name gives no second copy?"""

    ONE_COPY = "one-copy"
    TWO_COPIES = "two-copies"


class AlsoStep(StrEnum):
    """B-STAIRWAY-1: Is a step an action may 'also' take (the Stairway's placement) still offered after the actions that action's completion started (a Foundry's Laborer actions)?"""

    AFTER_BURST_TOO = "after-burst-too"
    AT_ONCE = "at-once"


class PublicStatue(StrEnum):
    """B-STATUE-4: Does an opponent's Statue made public by a Stairway give every player its 3 points?"""

    OWNER_ONLY = "owner-only"
    EVERY_PLAYER = "every-player"


class BridgeStockpile(StrEnum):
    """AMB-13: Does a Bridge take a material from victims' stockpiles at two and three players too?"""

    EVERY_COUNT = "every-count"
    FOUR_OR_FIVE = "four-or-five"


class ForumFoundation(StrEnum):
    """AMB-15: Does a Forum (Romanum) foundation whose function a Gate wakes win the game?"""

    COUNTS = "counts"
    COMPLETED_ONLY = "completed-only"


class AcademyTiming(StrEnum):
    """AMB-14: When does the Academy's Thinker action come, beside the other end-of-turn powers?"""

    END_OF_TURN = "end-of-turn"
    AFTER_OWN_ACTIONS = "after-own-actions"


class PalacePetitions(StrEnum):
    """AMB-26: With a Palace, which petitions count as one card of a play of several?"""

    EVERY_GROUP = "every-group"
    RULESET_SIZE = "ruleset-size"


class AnySiteOutOfTown(StrEnum):
    """AMB-28: May a foundation that may go on any Site (the Statue) take an out-of-town Site of another material?"""

    OUT_OF_TOWN_TOO = "out-of-town-too"
    IN_TOWN_ONLY = "in-town-only"


class MerchantBonus(StrEnum):
    """AMB-40: Who gets a Merchant bonus when players tie for most cards of a material?"""

    NO_TIES = "no-ties"
    TIES_SHARE = "ties-share"


class ClassicSewer(StrEnum):
    """AMB-34: What does the classic Sewer do, its 2005 text being the Vomitorium's word for word?"""

    AS_PRINTED = "as-printed"
    BLACK_BOX = "black-box"


class ClassicStairway(StrEnum):
    """AMB-35: What does the classic Stairway do, its 2005 text and example disagreeing?"""

    AS_PRINTED = "as-printed"
    PUBLIC_STRUCTURES = "public-structures"


class SchoolThinks(StrEnum):
    """AMB-37: Which Thinker actions does the classic School double?"""

    EVERY_THINK = "every-think"
    OWN_THINK = "own-think"


class SenateThink(StrEnum):
    """BC-SENATE-1: Does the classic Senate give a think after a turn in which its owner, as leader, thought instead of leading a card?"""

    LED_A_ROLE = "led-a-role"
    ANY_LEAD = "any-lead"


class PrisonTheft(StrEnum):
    """BC-PRISON-1: Must a classic Prison take a structure on completion, where an opponent has one it may take?"""

    AS_PRINTED = "as-printed"
    MAY_DECLINE = "may-decline"


class WatchPostSite(StrEnum):
    """AMB-31: What becomes of the Site of a structure a Watch Post tears down?"""

    RETURNS = "returns"
    RETURNS_WHERE_CLAIMED = "returns-where-claimed"
    KEEPS = "keeps"


class AerariumChecks(StrEnum):
    """AMB-42: Does a Bacchanalia's count of cards use the highest Influence an Aerarium gives?"""

    EVERY_CHECK = "every-check"
    BACCHANALIA_OWN = "bacchanalia-own"


class AerariumPrisonSites(StrEnum):
    """C-AERARIUM-PRISON-1: Which Sites may a Prison an Aerarium triggers again give for the structure it takes?"""

    ANY_SET = "any-set"
    NO_SPARE = "no-spare"


class BacchanaliaWays(StrEnum):
    """G-BACCHANALIA-1: May a Bacchanalia put several of its cards the same way (two into the stockpile, say)?"""

    EACH_ONCE = "each-once"
    ANY_NUMBER = "any-number"


class PlebianCouncilCheck(StrEnum):
    """AMB-33: When is the Plebian Council's win checked?"""

    CONTINUOUS = "continuous"
    ON_COMPLETION = "on-completion"


class PlebianCouncilClients(StrEnum):
    """AMB-17: Toward a Plebian Council, does a client a Storeroom lets act as a Laborer count as a Laborer and as its own role?"""

    BOTH_ROLES = "both-roles"
    INSTEAD_OF = "instead-of"


class TrainingGame(StrEnum):
    """AMB-30: Is the game the Black Box rules' training game (R-TRAIN)?"""

    NO = "no"
    YES = "yes"


_KINDS: Final[dict[str, tuple[str, type[StrEnum]]]] = {
    "deck-end": ("deck_end", DeckEnd),
    "last-site": ("last_site", LastSite),
    "short-refill": ("short_refill", ShortRefill),
    "out-of-town": ("out_of_town", OutOfTown),
    "out-of-town-cost": ("out_of_town_cost", OutOfTownCost),
    "out-of-town-pair": ("out_of_town_pair", OutOfTownPair),
    "leader-draw": ("leader_draw", LeaderDraw),
    "leader-tie": ("leader_tie", LeaderTie),
    "final-tie": ("final_tie", FinalTie),
    "legionary-pool": ("legionary_pool", LegionaryPool),
    "legionary-give": ("legionary_give", LegionaryGive),
    "colosseum-clients": ("colosseum_clients", ColosseumClients),
    "colosseum-palisade": ("colosseum_palisade", ColosseumPalisade),
    "legionary-pool-optional": ("legionary_pool_optional", LegionaryPoolOptional),
    "domus-aurea-count": ("domus_aurea_count", DomusAureaCount),
    "think-hand": ("think_hand", ThinkHand),
    "refill-size": ("refill_size", RefillSize),
    "public-copy": ("public_copy", PublicCopy),
    "also-step": ("also_step", AlsoStep),
    "public-statue": ("public_statue", PublicStatue),
    "bridge-stockpile": ("bridge_stockpile", BridgeStockpile),
    "forum-foundation": ("forum_foundation", ForumFoundation),
    "academy-timing": ("academy_timing", AcademyTiming),
    "palace-petitions": ("palace_petitions", PalacePetitions),
    "any-site-out-of-town": ("any_site_out_of_town", AnySiteOutOfTown),
    "merchant-bonus": ("merchant_bonus", MerchantBonus),
    "classic-sewer": ("classic_sewer", ClassicSewer),
    "classic-stairway": ("classic_stairway", ClassicStairway),
    "school-thinks": ("school_thinks", SchoolThinks),
    "senate-think": ("senate_think", SenateThink),
    "prison-theft": ("prison_theft", PrisonTheft),
    "watch-post-site": ("watch_post_site", WatchPostSite),
    "aerarium-checks": ("aerarium_checks", AerariumChecks),
    "aerarium-prison-sites": ("aerarium_prison_sites", AerariumPrisonSites),
    "bacchanalia-ways": ("bacchanalia_ways", BacchanaliaWays),
    "plebian-council-check": ("plebian_council_check", PlebianCouncilCheck),
    "plebian-council-clients": ("plebian_council_clients", PlebianCouncilClients),
    "training-game": ("training_game", TrainingGame),
}
"""Each ruling's attribute and readings, by name."""


class Rulings(dict[str, str]):
    """Every ruling's reading, by name and as an attribute; the default where ``readings``
    names none. Read-only once made."""

    deck_end: DeckEnd
    last_site: LastSite
    short_refill: ShortRefill
    out_of_town: OutOfTown
    out_of_town_cost: OutOfTownCost
    out_of_town_pair: OutOfTownPair
    leader_draw: LeaderDraw
    leader_tie: LeaderTie
    final_tie: FinalTie
    legionary_pool: LegionaryPool
    legionary_give: LegionaryGive
    colosseum_clients: ColosseumClients
    colosseum_palisade: ColosseumPalisade
    legionary_pool_optional: LegionaryPoolOptional
    domus_aurea_count: DomusAureaCount
    think_hand: ThinkHand
    refill_size: RefillSize
    public_copy: PublicCopy
    also_step: AlsoStep
    public_statue: PublicStatue
    bridge_stockpile: BridgeStockpile
    forum_foundation: ForumFoundation
    academy_timing: AcademyTiming
    palace_petitions: PalacePetitions
    any_site_out_of_town: AnySiteOutOfTown
    merchant_bonus: MerchantBonus
    classic_sewer: ClassicSewer
    classic_stairway: ClassicStairway
    school_thinks: SchoolThinks
    senate_think: SenateThink
    prison_theft: PrisonTheft
    watch_post_site: WatchPostSite
    aerarium_checks: AerariumChecks
    aerarium_prison_sites: AerariumPrisonSites
    bacchanalia_ways: BacchanaliaWays
    plebian_council_check: PlebianCouncilCheck
    plebian_council_clients: PlebianCouncilClients
    training_game: TrainingGame

    def __init__(self, readings: Mapping[str, str] = {}) -> None:
        unknown = set(readings) - set(_KINDS)
        if unknown:
            raise ValueError(f"unknown ruling(s): {', '.join(sorted(unknown))}")
        super().__init__()
        for name, (field, kind) in _KINDS.items():
            value = kind(readings[name]) if name in readings else next(iter(kind))
            dict.__setitem__(self, name, value)
            object.__setattr__(self, field, value)

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("the rulings of a game are read-only")

    __setitem__ = __delitem__ = __setattr__ = __delattr__ = _read_only
    clear = pop = popitem = setdefault = update = __ior__ = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[Rulings], tuple[dict[str, str]]]:
        return Rulings, (dict(self),)
