"""Replaying the rulebook's worked examples (examples/rulebook/): one record per example,
starting from a position block and playing the example's decisions. (A module of its own,
not conftest: several test folders have a conftest, and only one can be imported by name.)"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import notation

from gtr_replay.engine import Game, rules
from gtr_replay.game.state import GameState, PlayerState
from gtr_replay.render.timeline import Timeline
from gtr_replay.replay.replayer import Replayer, Snapshot
from gtr_replay.data.rulings import DEFAULTS
from gtr_replay.vocabulary import card_vocabulary

RULEBOOK = Path(__file__).resolve().parents[2] / "examples" / "rulebook"


def record_path(example: str) -> Path:
    """``EX-BB-AQUEDUCT-2`` lives in ``examples/rulebook/ex-bb-aqueduct-2.gtr``."""
    return RULEBOOK / f"{example.lower()}.gtr"


@dataclass
class Played:
    """A rulebook record replayed: the start, a snapshot per statement, the final state."""

    example: str
    record: notation.Record
    start: GameState
    snapshots: list[Snapshot]

    @property
    def final(self) -> GameState:
        return self.snapshots[-1].state if self.snapshots else self.start

    def after(self, text: str) -> GameState:
        """The state right after the (first) main-line statement written ``text``."""
        for snap in self.snapshots:
            if snap.path == "" and snap.text == text:
                return snap.state
        raise AssertionError(f"{self.example}: no statement {text!r}")

    def before(self, text: str) -> GameState:
        main = [s for s in self.snapshots if s.path == ""]
        for n, snap in enumerate(main):
            if snap.text == text:
                return main[n - 1].state if n else self.start
        raise AssertionError(f"{self.example}: no statement {text!r}")

    def events(self, text: str):
        return next(s.events for s in self.snapshots if s.path == "" and s.text == text)


def play(example: str) -> Played:
    """Replay an example's record strictly; any refused statement fails the test."""
    path = record_path(example)
    [record] = notation.parse(path.read_text("utf-8"), source=str(path), vocabulary=card_vocabulary())
    replayer = Replayer(record, source=str(path))
    snapshots = list(replayer.run())
    assert not replayer.diagnostics, [str(d) for d in replayer.diagnostics]
    return Played(example, record, replayer.start.copy(), snapshots)


def snapshot_of(state: GameState) -> dict:
    """The state as its final-state snapshot holds it: the rulings only where the record
    departs from their defaults, so a new ruling leaves every snapshot as it is."""
    data = state.to_dict()
    data["rulings"] = {name: reading for name, reading in data["rulings"].items() if DEFAULTS.get(name) != reading}
    return data


def just_after(game: Played, text: str) -> GameState:
    """The state right after the statement ``text``, before the engine makes the forced
    decisions that follow it (a pass with nothing legal left, and the cleanup it triggers):
    the state the first of them was made in (``ForcedStep.before``)."""
    snap = next(s for s in game.snapshots if s.path == "" and s.text == text)
    replayed = Game(game.before(text).copy())
    replayed.explaining = True  # the forced steps keep the state they were made in
    forced = replayed.push(snap.decision).forced
    if not forced:
        return replayed.state
    assert forced[0].before is not None, f"the step forced after {text!r} keeps no state before it"
    return forced[0].before


def roles_of(state: GameState, cards) -> Counter:
    """How many of ``cards`` are of each role."""
    return Counter(rules.role_of(state, c) for c in cards)


def materials_of(state: GameState, cards) -> Counter:
    """How many of ``cards`` are of each material."""
    return Counter(rules.material_of(state, c) for c in cards)


def player(state: GameState, name: str) -> PlayerState:
    return state.player(name)


def influence(state: GameState, name: str) -> int:
    return rules.influence(state, state.index(name))


def limits(state: GameState, name: str) -> tuple[int, int, int]:
    """(influence, clientele limit, vault limit)."""
    i = state.index(name)
    return rules.influence(state, i), rules.clientele_limit(state, i), rules.vault_limit(state, i)


def narration(path: Path) -> str:
    [record] = notation.parse(path.read_text("utf-8"), source=str(path), vocabulary=card_vocabulary())
    timeline = Timeline.replay(record, source=path.name)
    return "\n".join(line.plain for line in timeline.narrated()) + "\n"
