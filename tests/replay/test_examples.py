"""Every record in examples/ replays legally, with the invariants checked after every
decision of the main line and of every variation (R-COMP-*, R-PATRON-2, R-VAULT-2), and the
points annotated after it those the state counts (R-SCORE-2)."""

from pathlib import Path

import pytest

import notation
from gtr_replay.engine import Game
from gtr_replay.engine.invariants import problems
from gtr_replay.replay.files import record_files
from gtr_replay.replay.replayer import Replayer
from gtr_replay.vocabulary import card_vocabulary

EXAMPLES = Path(__file__).parents[2] / "examples"
FILES = record_files([EXAMPLES])


def test_examples_cover_every_ruleset_and_player_count():
    seen = set()
    for path in FILES:
        for header in notation.iter_headers(path.read_text("utf-8")):
            players = [p for p in (header.get("Players") or "").split(",") if p.strip()]
            seen.add((header.get("Ruleset"), len(players)))
    assert {(r, n) for r in ("classic", "republic", "imperium") for n in (2, 3, 4, 5)} <= seen


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example_replays_with_invariants_after_every_decision(path):
    records = notation.parse(path.read_text("utf-8"), source=str(path), vocabulary=card_vocabulary())
    for record in records:
        replayer = Replayer(record, source=str(path))
        count = 0
        for snapshot in replayer.run():
            count += 1
            found = problems(snapshot.state)
            assert not found, f"{path}:{snapshot.line}: {snapshot.text}: {found}"
            counted = {s.player: s.total for s in Game(snapshot.state).scores()}
            assert snapshot.annotation.points == counted, f"{path}:{snapshot.line}: {snapshot.text}"
        assert not replayer.diagnostics
        assert count == sum(len(t.steps) for t in record.turns) + _variation_steps(record)
        if record.tag("Start") != "position":
            assert replayer.final.over, "example games are played to the end"


def _variation_steps(record) -> int:
    def nested(step):
        return sum(len(v.steps) + sum(nested(s) for s in v.steps) for v in step.variations)
    return sum(nested(s) for s in record.steps)
