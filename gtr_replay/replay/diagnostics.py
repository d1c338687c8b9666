"""What the replayer says about a statement it cannot accept: where, what, why (with rule
IDs), a short summary of the state, and the legal choices closest to what was written."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace

from notation.errors import shortened

from gtr_replay.game.state import GameState


@dataclass(frozen=True)
class Diagnostic:
    """One problem found while replaying a record."""

    source: str
    line: int
    column: int
    statement: str
    message: str
    rule_ids: tuple[str, ...] = ()
    hint: str | None = None
    summary: str = ""
    legal: tuple[str, ...] = field(default=())
    path: str = ""
    follows: int | None = None
    """The line of an earlier problem this one may follow from (a replay that went on after
    a refused statement, ``Refusal.GO_ON``): the state it was found in may differ
    from the one the record meant."""
    actor: str | None = None
    """The player whose statement it is, whose hand ``summary`` shows and whose choices
    ``legal`` and ``hint`` may name."""
    heard: str | None = None
    """The statement as the other players heard it, where its actor saw more (the cards a
    think drew, a card sold face down: ``replay.heard``); None where all of it was said aloud."""

    def seen_by(self, viewer: str | None) -> Diagnostic:
        """The problem as ``viewer`` may read it (None: everyone's view): of another player's
        statement, that player's hand only as its size, and neither the legal choices nor the
        hint, which name the cards in that hand (RULES.md §0.5). A statement with something
        only its actor saw is shown as the others heard it, and so is the reason it was
        refused: its rules, not the cards it names (a listed draw refused names the deck's)."""
        if viewer is None or (self.actor == viewer and self.actor is not None):
            return self
        shown = self
        if self.actor is not None:
            shown = replace(shown, summary=_hand_as_size(self.summary, self.actor), legal=(), hint=None)
        if self.heard is not None:
            shown = replace(shown, statement=self.heard, message=_refused_unseen(self), legal=(), hint=None)
        return shown

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}:{self.column}"

    def to_dict(self) -> dict:
        return {"file": self.source, "line": self.line, "column": self.column, "statement": self.statement,
                "message": self.message, "rule_ids": list(self.rule_ids), "hint": self.hint,
                "state": self.summary, "legal": list(self.legal), "variation": self.path or None,
                "may_follow_from_line": self.follows}

    def __str__(self) -> str:
        rules = f" ({', '.join(self.rule_ids)})" if self.rule_ids else ""
        lines = [f"{self.where}: {shortened(self.message)}{rules}"]
        if self.statement:
            variation = f"  [variation {self.path}]" if self.path else ""
            lines.append(f"  statement: {shortened(self.statement)}{variation}")
        if self.follows is not None:
            lines.append(f"  may follow from the problem at line {self.follows}: the replay went on without "
                         "that statement")
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        if self.summary:
            lines.append(f"  state: {self.summary}")
        if self.legal:
            shown = self.legal[:8]
            more = f" ... and {len(self.legal) - 8} more" if len(self.legal) > 8 else ""
            lines.append("  legal here: " + "; ".join(shown) + more)
        return "\n".join(lines)


def _refused_unseen(diagnostic: Diagnostic) -> str:
    """The reason shown for a statement heard only in part: the cards the reason names may be
    the ones the viewer did not see, so only that it was refused, and where (the rules cited
    say why); a report of statements not replayed keeps its words, which name none."""
    if diagnostic.actor is None:
        return diagnostic.message
    return f"{diagnostic.actor}'s statement is refused; what it names was seen by {diagnostic.actor} only"


def _hand_as_size(summary: str, player: str) -> str:
    """``summary`` with ``player``'s hand as its size (a hand's size is public, R-LEG-9)."""
    opening = f"{player}'s hand: "
    if not summary.startswith(opening):
        return summary
    cards, sep, rest = summary[len(opening):].partition("; ")
    size = 0 if cards == "empty" else len(cards.split(", "))
    return f"{opening}{size} card{'' if size == 1 else 's'}{sep}{rest}"


def summary(state: GameState, player: str | None) -> str:
    """The acting player's hand, camp and stockpile, and the pool: enough to see why."""
    parts = []
    names = [p.name for p in state.players]
    if player in names:
        p = state.players[names.index(player)]
        parts.append(f"{p.name}'s hand: {', '.join(sorted(p.hand)) or 'empty'}")
        if p.camp:
            parts.append(f"camp: {', '.join(p.camp)}")
        if p.stockpile:
            parts.append(f"stockpile: {', '.join(sorted(p.stockpile))}")
        if p.buildings:
            parts.append("buildings: " + ", ".join(
                f"{b.foundation}{'' if b.complete else f' ({len(b.materials)} material)'}" for b in p.buildings))
    parts.append(f"pool: {', '.join(sorted(state.pool)) or 'empty'}")
    if state.led_role:
        parts.append(f"{state.led_role} led")
    return "; ".join(parts)


def closest_first(written: str, choices: list[str]) -> tuple[str, ...]:
    """Legal choices ordered by how close their text is to what was written."""
    def score(choice: str) -> float:
        return difflib.SequenceMatcher(None, written.casefold(), choice.casefold(), autojunk=False).ratio()
    return tuple(sorted(choices, key=score, reverse=True))
