"""The game state as plain data (ARCHITECTURE.md): players, pool, deck, Jacks, sites, turn flow.

Everything here round-trips through ``to_dict``/``from_dict``, so any snapshot can be stored,
loaded and played on. Cards are held by name; copies of a card are interchangeable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from gtr_replay.game.steps import Step, step_from_dict
from gtr_replay.enums import MATERIALS, Material, Role, Ruleset
from gtr_replay.data.ruling_types import Rulings


class Phase(StrEnum):
    """Where the turn stands (R-TURN-1..9)."""

    LEAD = "lead"            # the leader leads or thinks
    FOLLOW = "follow"        # the others follow or think, clockwise
    ACTIONS = "actions"      # players perform the led role, leader first
    POOL = "pool"            # a Legionary takes matching Pool cards (R-LEG-2)
    GIVE = "give"            # a Legionary's neighbours give matching cards (R-LEG-3)
    END = "end"              # end-of-turn powers act, before cleanup (R-TURN-8, AMB-14)
    OVER = "over"            # the game has ended (R-END-*)


@dataclass(slots=True)
class Building:
    """A foundation on its Site, with the materials added; a structure once complete (R-BUILD-*)."""

    foundation: str
    site: Material
    materials: list[str] = field(default_factory=list)
    complete: bool = False
    out_of_town: bool = False
    stolen: bool = False
    """Taken from another player by a power (B-PRISON-1, BC-PRISON-1); its Site
    stayed with the player it was taken from (AMB-19)."""
    site_given: bool = False
    """Its Site left its owner's influence for another player's: a Prison's in exchange for
    the structure it took (B-PRISON-2), an Aerarium's to trigger a building (G-AERARIUM-2).
    Sites of one material are alike, so this is the one record of which building's it was."""

    def to_dict(self) -> dict:
        data = {"foundation": self.foundation, "site": str(self.site), "materials": list(self.materials),
                "complete": self.complete}
        if self.out_of_town:
            data["out_of_town"] = True
        if self.stolen:
            data["stolen"] = True
        if self.site_given:
            data["site_given"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Building:
        return cls(data["foundation"], Material(data["site"]), list(data.get("materials", ())),
                   bool(data.get("complete", False)), bool(data.get("out_of_town", False)),
                   bool(data.get("stolen", False)), bool(data.get("site_given", False)))

    def copy(self) -> Building:
        return Building(self.foundation, self.site, self.materials[:], self.complete, self.out_of_town, self.stolen,
                        self.site_given)


@dataclass(slots=True)
class PlayerState:
    """One player's hand and camp (R-SETUP-1, glossary in RULES.md §0.5)."""

    name: str
    hand: list[str] = field(default_factory=list)
    camp: list[str] = field(default_factory=list)
    """Cards played this turn to lead or follow; they reach the Pool at cleanup (R-TURN-8, R-TURN-10)."""
    clientele: list[str] = field(default_factory=list)
    stockpile: list[str] = field(default_factory=list)
    vault: list[str] = field(default_factory=list)
    influence: list[Material] = field(default_factory=list)
    """Site cards in the influence zone (R-BUILD-9, R-INF-3)."""
    buildings: list[Building] = field(default_factory=list)
    hired: list[str] = field(default_factory=list)
    """Clients hired this turn: they do not act until a later turn (R-ACT-2)."""
    played: bool = False
    """Led or followed this turn, which earns one action (R-TURN-3, R-TURN-4)."""
    done: bool = False
    """Has finished (or declined) their actions this turn (R-TURN-7)."""
    acted: list[Role] = field(default_factory=list)
    """Roles of the actions performed this turn, clients' and powers' included (B-ACADEMY-1)."""
    spent: dict[str, int] = field(default_factory=dict)
    """What ended this player's plays or actions, by the turn it happened in: a demand, an
    out-of-town foundation, a client hired... (``engine.spent``), so a statement made too
    late is refused with the rule that made the difference. Serialised as [key, turn] pairs
    (a list replaces as a whole in a JSON merge patch, as the stored deltas need)."""
    plays: int = 0
    """The plays a lead or follow of several held (B-PALACE-1: cards of the role, Jacks,
    petitions), each worth one action; 0 for a single play (R-PET-4, AMB-26)."""

    def building(self, name: str) -> Building | None:
        for building in self.buildings:
            if building.foundation == name:
                return building
        return None

    def to_dict(self) -> dict:
        return {
            "name": self.name, "hand": list(self.hand), "camp": list(self.camp),
            "clientele": list(self.clientele), "stockpile": list(self.stockpile), "vault": list(self.vault),
            "influence": [str(m) for m in self.influence],
            "buildings": [b.to_dict() for b in self.buildings],
            "hired": list(self.hired), "played": self.played, "done": self.done,
            **({"acted": [str(r) for r in self.acted]} if self.acted else {}),
            **({"spent": [[k, t] for k, t in self.spent.items()]} if self.spent else {}),
            **({"plays": self.plays} if self.plays else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> PlayerState:
        return cls(
            data["name"], list(data.get("hand", ())), list(data.get("camp", ())),
            list(data.get("clientele", ())), list(data.get("stockpile", ())), list(data.get("vault", ())),
            [Material(m) for m in data.get("influence", ())],
            [Building.from_dict(b) for b in data.get("buildings", ())],
            list(data.get("hired", ())), bool(data.get("played", False)), bool(data.get("done", False)),
            [Role(r) for r in data.get("acted", ())],
            {k: int(t) for k, t in data.get("spent", ())}, int(data.get("plays", 0)),
        )


@dataclass(slots=True)
class LegionaryDemand:
    """A Legionary demand being answered (R-LEG-1..8): what was shown and who still gives."""

    demander: int
    shown: list[str]
    demanded: list[Material]
    pool_left: list[Material]
    """Demanded materials that may still be taken from the Pool (AMB-09)."""
    pool_budget: int
    victims: list[int]
    """Players still to answer, in clockwise order from the demander (R-LEG-3, R-LEG-5)."""
    stockpile: bool = False
    """Whether victims also give matching materials from their stockpiles (B-BRIDGE-3)."""
    stockpile_due: list[int] = field(default_factory=list)
    """Victims whose next answer is the stockpile part, after the hand's (B-BRIDGE-3)."""
    return_phase: Phase | None = None
    """For a demand made before the demander's place in the turn (BC-BRIDGE-1): the phase
    the turn goes back to once answered, with ``return_to`` the player it waits for; None:
    the demander's actions go on."""
    return_to: int = 0
    by: str = ""
    """The kind of the step whose one action the demand is (a new client's, B-BATH-1); empty
    for the player's own Legionary actions, all shown at once (R-LEG-6). Read when the
    clients that acted may follow it into the vault (G-TRICLINIUM-1)."""
    held: list[Step] = field(default_factory=list)
    """Steps that were waiting when the demand was made (the rest of a burst under a new
    client's Legionary action): the demand is answered first, then they come back (R-LEG-2..5)."""

    def to_dict(self) -> dict:
        data = {"demander": self.demander, "shown": list(self.shown), "demanded": [str(m) for m in self.demanded],
                "pool_left": [str(m) for m in self.pool_left], "pool_budget": self.pool_budget,
                "victims": list(self.victims)}
        if self.stockpile:
            data["stockpile"] = True
            data["stockpile_due"] = list(self.stockpile_due)
        if self.return_phase is not None:
            data["return"] = [str(self.return_phase), self.return_to]
        if self.by:
            data["by"] = self.by
        if self.held:
            data["held"] = [step.to_dict() for step in self.held]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> LegionaryDemand:
        back = data.get("return")
        return cls(data["demander"], list(data["shown"]), [Material(m) for m in data["demanded"]],
                   [Material(m) for m in data["pool_left"]], data["pool_budget"], list(data["victims"]),
                   data.get("stockpile", False), list(data.get("stockpile_due", ())),
                   Phase(back[0]) if back else None, int(back[1]) if back else 0, data.get("by", ""),
                   [step_from_dict(step) for step in data.get("held", ())])


def _counts(data: dict | None) -> dict[Material, int]:
    data = data or {}
    return {m: int(data.get(m.value, 0)) for m in MATERIALS}


@dataclass(slots=True)
class GameState:
    """The whole game at one decision point."""

    ruleset: Ruleset
    players: list[PlayerState]
    rulings: Rulings
    deck: list[str] = field(default_factory=list)
    """Order cards face down, top first."""
    deck_known: bool = True
    """Whether the deck's order is known; otherwise it is held sorted and each draw must be
    told which cards it takes (``engine.draws.stack``)."""
    removed: list[str] = field(default_factory=list)
    """Order cards out of play (not part of the game or position)."""
    removed_unseen: bool = False
    """The cards out of play are unseen, so any of them may be one the deck holds: a position
    gives the deck as a count of the cards it leaves unplaced (``deck: N``)."""
    pool: list[str] = field(default_factory=list)
    jack_pile: int = 0
    jacks_out: int = 0
    """Jacks out of play (classic: the undealt ones, R-SETUP-9)."""
    sites_in_town: dict[Material, int] = field(default_factory=lambda: _counts(None))
    sites_out_of_town: dict[Material, int] = field(default_factory=lambda: _counts(None))
    sites_out_of_game: dict[Material, int] = field(default_factory=lambda: _counts(None))
    leader: int = 0
    turn: int = 1
    phase: Phase = Phase.LEAD
    led_role: Role | None = None
    current: int = 0
    """The player whose decision or actions come now."""
    actions_used: int = 0
    """Actions the current player has used this turn (R-ACT-3)."""
    legionary: LegionaryDemand | None = None
    end_reason: str | None = None
    ended_by: str | None = None
    """The player whose move ended the game, if any."""
    winner: str | None = None
    """The winner of an instant win or surrender, when scores are not counted (R-SCORE-1)."""
    expansions: tuple[str, ...] = ()
    steps: list[Step] = field(default_factory=list)
    """Extra steps powers granted (``game.steps``), the last one first, in any phase."""
    public: list[tuple[int, str]] = field(default_factory=list)
    """Structures made public (B-STAIRWAY-1), as (owner, building): their functions apply to
    every player (B-STAIRWAY-1). The material that marks one sits with its materials."""
    unseen: list[str] | None = None
    """The cards whose whereabouts the record has not shown, sorted, when some card of the
    state is unseen (``?``, ``engine.unseen``); None when every card is known."""
    context: Any = field(default=None, init=False, compare=False, repr=False)
    """The engine's own, and its only field here: what it keeps while it works on this state
    (the context powers' query hooks receive, the active powers, the step a decision being
    performed answers), made when first needed (``engine.rules.query_context``); never
    copied, serialised or given to a new state (not an argument: ``dataclasses.replace``
    leaves it behind too), so a state's context is always its own."""
    turned_up: list[str] = field(default_factory=list)
    """Cards a power turned up from the top of the deck (G-BACCHANALIA-1): out of the deck at
    once, face up, each waiting to be placed; empty but during the placements, or where the
    game ended during them (the cards are then still here)."""
    blind_vault: list[tuple[int, int]] = field(default_factory=list)
    """Vault cards nobody has seen, their owner included, as (seat, place in the vault): sold
    from the deck face down (B-ATRIUM-1, AMB-25). A vault only grows, so a place stays its card's."""

    # -- lookups ---------------------------------------------------------------------------
    def index(self, name: str) -> int:
        for i, player in enumerate(self.players):
            if player.name == name:
                return i
        raise KeyError(name)

    def player(self, name: str) -> PlayerState:
        return self.players[self.index(name)]

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def left_of(self, i: int) -> int:
        """The next player clockwise, who is also the left neighbour (RULES.md §0.5)."""
        return (i + 1) % len(self.players)

    def right_of(self, i: int) -> int:
        return (i - 1) % len(self.players)

    def demand(self) -> LegionaryDemand:
        """The demand being answered: from a Legionary's demand until its last neighbour has
        answered (R-LEG-1..3). Asked outside one, it is a gap in the rules engine."""
        if self.legionary is None:
            raise AssertionError("no Legionary demand is being answered")
        return self.legionary

    # -- serialisation ---------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "ruleset": str(self.ruleset),
            "rulings": dict(self.rulings),
            "expansions": list(self.expansions),
            "players": [p.to_dict() for p in self.players],
            "deck": list(self.deck),
            "deck_known": self.deck_known,
            "removed": list(self.removed),
            **({"removed_unseen": True} if self.removed_unseen else {}),
            "pool": list(self.pool),
            "jack_pile": self.jack_pile,
            "jacks_out": self.jacks_out,
            "sites_in_town": {str(m): n for m, n in self.sites_in_town.items()},
            "sites_out_of_town": {str(m): n for m, n in self.sites_out_of_town.items()},
            "sites_out_of_game": {str(m): n for m, n in self.sites_out_of_game.items()},
            "leader": self.leader,
            "turn": self.turn,
            "phase": str(self.phase),
            "led_role": str(self.led_role) if self.led_role else None,
            "current": self.current,
            "actions_used": self.actions_used,
            "legionary": self.legionary.to_dict() if self.legionary else None,
            "end_reason": self.end_reason,
            "ended_by": self.ended_by,
            "winner": self.winner,
            "steps": [step.to_dict() for step in self.steps],
            "public": [[i, name] for i, name in self.public],
            **({"unseen": list(self.unseen)} if self.unseen is not None else {}),
            **({"turned_up": list(self.turned_up)} if self.turned_up else {}),
            **({"blind_vault": [[i, n] for i, n in self.blind_vault]} if self.blind_vault else {}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> GameState:
        legionary = data.get("legionary")
        return cls(
            ruleset=Ruleset(data["ruleset"]),
            players=[PlayerState.from_dict(p) for p in data["players"]],
            rulings=Rulings(data["rulings"]),
            deck=list(data.get("deck", ())),
            deck_known=bool(data.get("deck_known", True)),
            removed=list(data.get("removed", ())),
            removed_unseen=bool(data.get("removed_unseen", False)),
            pool=list(data.get("pool", ())),
            jack_pile=int(data.get("jack_pile", 0)),
            jacks_out=int(data.get("jacks_out", 0)),
            sites_in_town=_counts(data.get("sites_in_town")),
            sites_out_of_town=_counts(data.get("sites_out_of_town")),
            sites_out_of_game=_counts(data.get("sites_out_of_game")),
            leader=int(data.get("leader", 0)),
            turn=int(data.get("turn", 1)),
            phase=Phase(data.get("phase", Phase.LEAD)),
            led_role=Role(data["led_role"]) if data.get("led_role") else None,
            current=int(data.get("current", 0)),
            actions_used=int(data.get("actions_used", 0)),
            legionary=LegionaryDemand.from_dict(legionary) if legionary else None,
            end_reason=data.get("end_reason"),
            ended_by=data.get("ended_by"),
            winner=data.get("winner"),
            expansions=tuple(data.get("expansions", ())),
            steps=[step_from_dict(step) for step in data.get("steps", ())],
            public=[(int(i), name) for i, name in data.get("public", ())],
            unseen=list(data["unseen"]) if "unseen" in data else None,
            turned_up=list(data.get("turned_up", ())),
            blind_vault=[(int(i), int(n)) for i, n in data.get("blind_vault", ())],
        )

    def copy(self) -> GameState:
        """An independent copy, for branching a variation (equal to a round trip through
        ``to_dict``/``from_dict``, without building the dict)."""
        players = [PlayerState(p.name, p.hand[:], p.camp[:], p.clientele[:], p.stockpile[:], p.vault[:],
                               p.influence[:], [b.copy() for b in p.buildings],
                               p.hired[:], p.played, p.done, p.acted[:], dict(p.spent), p.plays)
                   for p in self.players]
        legionary = self.legionary
        if legionary is not None:
            legionary = LegionaryDemand(legionary.demander, legionary.shown[:], legionary.demanded[:],
                                        legionary.pool_left[:], legionary.pool_budget, legionary.victims[:],
                                        legionary.stockpile, legionary.stockpile_due[:], legionary.return_phase,
                                        legionary.return_to, legionary.by, legionary.held[:])
        return GameState(self.ruleset, players, self.rulings, self.deck[:], self.deck_known, self.removed[:],
                         self.removed_unseen, self.pool[:], self.jack_pile, self.jacks_out, dict(self.sites_in_town),
                         dict(self.sites_out_of_town), dict(self.sites_out_of_game), self.leader, self.turn,
                         self.phase, self.led_role, self.current, self.actions_used, legionary, self.end_reason,
                         self.ended_by, self.winner, self.expansions, self.steps[:], self.public[:],
                         None if self.unseen is None else self.unseen[:], turned_up=self.turned_up[:],
                         blind_vault=self.blind_vault[:])
