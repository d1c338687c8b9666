"""Replaying the small position records of ``tests/data/fidelity/``: each pins one rule a
player at the table could argue about, with the rulebook's words in its header comment."""

from __future__ import annotations

from pathlib import Path

import notation

from gtr_replay.replay.replayer import Replayer, Snapshot
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import KeepStates, Refusal

FIDELITY = Path(__file__).resolve().parent / "data" / "fidelity"


def replay_text(text: str, *, rulings: str | None = None, lenient: bool = True) -> tuple[Replayer, list[Snapshot]]:
    """Replay a record's text (``rulings`` replaces its Rulings tag); lenient, so a test can
    read the refusal as well as the snapshots before it."""
    if rulings is not None:
        text = text.replace('[Start "position"]', f'[Rulings "{rulings}"]\n[Start "position"]')
    [record] = notation.parse(text, vocabulary=card_vocabulary())
    replayer = Replayer(record, KeepStates(Refusal.END_LINE if lenient else Refusal.STOP))
    return replayer, list(replayer.run())


def replay_file(name: str, **kwargs) -> tuple[Replayer, list[Snapshot]]:
    return replay_text((FIDELITY / name).read_text("utf-8"), **kwargs)
