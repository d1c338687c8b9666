"""A described position to start a game from (a record's position block, a rulebook example):
what each player holds and has built, the Pool, the deck, the Jacks and the Sites. Values
only; the engine checks it against the cards of the game and sets the state up
(``Game.from_position``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gtr_replay.enums import Material
from gtr_replay.game.state import PlayerState


@dataclass
class Position:
    """Each player's hand, clientele, stockpile, vault and buildings (``players``, in seating
    order; a ``?`` is a card the recorder did not see), and what the table holds. Left out,
    a value is derived: a player's influence from their completed structures, the deck from
    the cards not placed, the Jack pile from the Jacks not in hands, the Sites from what the
    players hold."""

    players: list[PlayerState]
    influence_given: frozenset[str] = frozenset()
    """The players whose influence is given as it is (an influence line lists every Site)."""
    public: list[tuple[str, str]] = field(default_factory=list)
    """Structures made public, as (owner, building) (B-STAIRWAY-1)."""
    pool: list[str] = field(default_factory=list)
    deck: list[str] | None = None
    """The deck's cards, top first; None with ``deck_count`` (a count) or without (unplaced cards)."""
    deck_count: int | None = None
    jacks: int | None = None
    """The Jack pile; None: the Jacks in play not in a hand (classic sets aside those not dealt)."""
    leader: str | None = None
    turn: int | None = None
    sites_in_town: dict[Material, int] | None = None
    """The Sites left in town and out of town per material; None: the setup's stacks less the
    Sites the players claimed, in town but for a building marked out of town."""
    sites_out_of_town: dict[Material, int] | None = None
