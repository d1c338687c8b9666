"""What one viewer may see of a state (ARCHITECTURE.md, hidden information; RULES.md §0.5).

The omniscient view (``viewer=None``) sees every card. A player's view sees the public
zones, their own hand, and counts where cards are face down:

- other players' hands: the number of cards only, which is public (R-LEG-9);
- the draw deck: its count only (its order is never shown to anyone);
- every vault, the viewer's own included: the count only, because a vault card is face
  down and nobody may look at it after the turn it went in (R-VAULT-1). Cards that went in
  during the current turn are shown, as the table saw them go in: a Merchant's sale comes
  from the public stockpile; a card from a hand is seen by its owner only (Basilica); a
  card from the deck is seen by nobody (Atrium), unless it was turned up for the table
  (Bacchanalia, AMB-25). At the end of the game vaults are uncovered (R-VAULT-3) and every
  view shows them.

Points follow the same rule: a player's view counts influence and building powers but not
vault cards or merchant bonuses while the game goes on, since both depend on hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gtr_replay.game.events import TURNED_UP, Event, EventKind
from gtr_replay.game.state import GameState
from gtr_replay.enums import Zone


@dataclass(frozen=True, slots=True)
class VaultEntry:
    """A card seen going into a vault this turn, and who saw it (``None``: everyone)."""

    owner: str
    card: str
    seen_by: frozenset[str] | None

    def visible_to(self, viewer: str | None) -> bool:
        return viewer is None or self.seen_by is None or viewer in self.seen_by


@dataclass
class VaultWatch:
    """Follows the events of a game and remembers which vault cards went in this turn.

    Feed it every event in order; a new turn forgets what the last turn showed (R-VAULT-1).
    """

    entries: list[VaultEntry] = field(default_factory=list)

    def feed(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.kind == EventKind.TURN:
                self.entries.clear()
            elif event.kind == EventKind.MOVE and event.target == Zone.VAULT and event.player and event.card:
                self.entries.append(VaultEntry(event.player, event.card, _seen_by(event)))

    def copy(self) -> VaultWatch:
        return VaultWatch(list(self.entries))

    def seen(self, owner: str, viewer: str | None) -> list[str]:
        """The cards of ``owner``'s vault that ``viewer`` saw go in this turn."""
        return [e.card for e in self.entries if e.owner == owner and e.visible_to(viewer)]


def _seen_by(event: Event) -> frozenset[str] | None:
    if event.source == Zone.DECK and event.text != TURNED_UP:
        return frozenset()  # Atrium: the deck card goes in unseen by everyone (R-VAULT-1)
    if event.source == Zone.HAND:
        return frozenset({event.player})  # Basilica: not revealed to opponents (R-VAULT-1)
    return None  # from the stockpile or the pool: the table saw the card


@dataclass(frozen=True, slots=True)
class Hidden:
    """Cards a viewer cannot see: how many there are, and those the viewer may name."""

    count: int
    known: tuple[str, ...] = ()


def hand(state: GameState, owner: str, viewer: str | None) -> list[str] | Hidden:
    cards = state.player(owner).hand
    if viewer is None or viewer == owner:
        return list(cards)
    return Hidden(len(cards))  # hand size is public (R-LEG-9)


def vault(state: GameState, owner: str, viewer: str | None, watch: VaultWatch | None) -> list[str] | Hidden:
    cards = state.player(owner).vault
    if viewer is None or state.over:  # omniscient, or uncovered at the end (R-VAULT-3)
        return list(cards)
    seen = watch.seen(owner, viewer) if watch is not None else []
    return Hidden(len(cards), tuple(seen))


def check_viewer(state: GameState, viewer: str | None) -> None:
    """Raise ``KeyError`` naming the players when ``viewer`` is not one of them."""
    if viewer is not None and viewer not in (p.name for p in state.players):
        raise KeyError(viewer)
