"""Helpers shared by the store tests: records to import, and what replaying them gives."""

from __future__ import annotations

from pathlib import Path

import notation

from gtr_replay.replay.replayer import Replayer
from gtr_replay.selfplay import selfplay
from gtr_replay.vocabulary import card_vocabulary

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BIG_LEAD_GAME = "selfplay-republic-3p-2-22"
"""A self-play game in which Ben leads Architect holding three Architect clients (turn 80)."""


def selfplay_records():
    games = [*selfplay("republic", 3, "store", 2), *selfplay("classic", 2, "store", 1)]
    return [g.record(event=f"store test {n}") for n, g in enumerate(games, 1)]


def example_files() -> list[Path]:
    return sorted(EXAMPLES.rglob("*.gtr")) if EXAMPLES.is_dir() else []


def replays(files):
    """(source, record number, replayer, snapshots) for every record of the files."""
    out = []
    for path in files:
        records = notation.parse(Path(path).read_text(encoding="utf-8"), source=str(path),
                                 vocabulary=card_vocabulary())
        for number, record in enumerate(records, 1):
            replayer = Replayer(record, source=str(path))
            out.append((str(path), number, replayer, list(replayer.run())))
    return out
