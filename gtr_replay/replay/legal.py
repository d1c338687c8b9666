"""The decisions that are legal at one point of a record, in the notation.

``legal_at(record, at=N)`` replays the main line up to its N-th statement (0: before the
first; the default is the end) or to the start of a turn, and lists what the rules allow
there, grouped by kind (``lead``, ``think``, ``hire``...), with whose decision it is. The
same engine call that checks a statement lists them (ARCHITECTURE.md), so what is listed
is exactly what the replayer would accept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notation import Record

from gtr_replay.engine import Game
from gtr_replay.errors import UsageError
from gtr_replay.game.piles import is_unseen
from gtr_replay.game.state import GameState
from gtr_replay.replay.from_game import result_tag
from gtr_replay.replay.outcome import range_text
from gtr_replay.replay.overrides import with_rulings
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import KeepStates
from gtr_replay.replay.revealing import legal_text, unseen_choices
from gtr_replay.replay.translate import statement_for


@dataclass
class LegalPoint:
    """What may be decided at one point: by whom, of which kind, and every legal choice."""

    position: int
    """Statements of the main line replayed before this point."""
    turn: int
    player: str | None
    """Whose decision it is (None once the game is over)."""
    prompt: str | None
    """The kind of decision awaited: lead, follow, patron, legionary, give..."""
    choices: dict[str, list[str]] = field(default_factory=dict)
    """Legal statements in canonical notation, grouped by verb, in the engine's order."""
    unseen: int = 0
    """Cards the deciding player holds that the recorder has not seen: any statement naming
    one of them binds it, so more may be legal than is listed."""
    over: str | None = None
    """Why the game ended, when it has."""
    result: str | None = None
    """The final scores once the game is over: ``Ann 24, Ben 17-23`` where unseen vault
    cards decide (``Game.score_ranges``)."""
    unseen_choices: dict[str, list[str]] = field(default_factory=dict)
    """What the deciding player's unseen cards allow, by kind: ``Ben follows with ? (a Laborer
    card)`` (``replay.revealing``); written with the card named, each is legal."""

    def to_dict(self) -> dict:
        return {"position": self.position, "turn": self.turn, "player": self.player, "prompt": self.prompt,
                "choices": self.choices, "unseen": self.unseen, "unseen_choices": self.unseen_choices,
                "over": self.over, "result": self.result}

    def lines(self) -> list[str]:
        """The point for a person: who decides, then one line per kind of decision."""
        if self.over:
            return [f"after statement {self.position}: the game is over ({self.over}): {self.result}"]
        head = f"after statement {self.position}, turn {self.turn}: {self.player} to {self.prompt}"
        text = [head]
        for kind in dict.fromkeys([*self.unseen_choices, *self.choices]):
            text.append(f"  {kind}:")
            text.extend(f"    {statement}" for statement in self.unseen_choices.get(kind, ()))
            text.extend(f"    {statement}" for statement in self.choices.get(kind, ()))
        if self.unseen:
            which = "the card" if self.unseen == 1 else f"one of the {self.unseen} cards"
            text.append(f"  ('?' is {which} {self.player} holds unseen: write the card the table is shown)")
        if any(line.endswith("?]") for group in self.choices.values() for line in group):
            text.append("  ('[?]' is a card drawn from a deck of unknown order: write the cards drawn where they "
                        "were seen)")
        return text


def legal_in(state: GameState, position: int = 0) -> LegalPoint:
    """The legal decisions in ``state``."""
    game = Game(state)
    prompt = game.pending()
    if prompt is None:
        return LegalPoint(position, state.turn, None, None, over=state.end_reason or "over",
                          result=final_result(state))
    choices: dict[str, list[str]] = {}
    for decision in game.seen_legal():
        choices.setdefault(statement_for(decision, state, []).kind, []).append(legal_text(game, decision))
    holder = state.players[state.index(prompt.player)]
    hidden = sum(1 for card in holder.hand if is_unseen(card))
    return LegalPoint(position, state.turn, prompt.player, prompt.kind, choices, hidden,
                      unseen_choices=unseen_choices(state) if hidden else {})


def final_result(state: GameState) -> str:
    """``Ann 24, Ben 19`` (or who won without points); where unseen vault cards decide, each
    score as a range, saying how many cards it depends on."""
    game = Game(state)
    ranges = game.score_ranges() if state.unseen is not None and state.winner is None else None
    if ranges is None:
        return result_tag(game.result())
    hidden = sum(game.unseen_in_vaults().values())
    return f"{range_text(ranges)} (depends on {hidden} unseen vault card{'s' if hidden > 1 else ''})"


def legal_at(record: Record, *, at: int | None = None, turn: int | None = None, source: str = "<record>",
             rulings: str | None = None) -> LegalPoint:
    """The legal decisions after statement ``at`` of the main line, at the start of ``turn``,
    or (neither given) at the end of the record. Raises ``IllegalStatement`` when a statement
    before that point is refused, ``UsageError`` for a point the record does not reach."""
    if at is not None and turn is not None:
        raise UsageError("give --at or --turn, not both")
    if at is not None and at < 0:
        raise UsageError(f"--at {at}: give a statement count from 0")
    replayer = Replayer(with_rulings(record, rulings), KeepStates(), source=source)
    snapshots = replayer.run()
    state: GameState | None = None
    position = 0
    for snapshot in snapshots:
        if replayer.start is not None and state is None:
            state = replayer.start.copy()
        if turn is not None and state.turn >= turn:
            break
        if at is not None and position == at:
            break
        if snapshot.path:
            continue
        position += 1
        state = GameState.from_dict(snapshot.state_dict)
    if state is None:  # no statement at all: the start (strict replay raised if it failed)
        state = replayer.start.copy()
    if at is not None and position < at:
        raise UsageError(f"--at {at} is out of range: the main line has statements 0 to {position}",
                         hint="0 is the point before the first statement")
    if turn is not None and state.turn != turn:
        raise UsageError(f"--turn {turn} is out of range: the record's turns run from "
                         f"{replayer.start.turn} to {state.turn}")
    return legal_in(state, position)
