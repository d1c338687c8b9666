"""Fixtures for the views: one fixed self-play game, replayed once, and a text console."""

import io
from pathlib import Path

import notation
import pytest
from rich.console import Console
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from gtr_replay.render.timeline import Timeline
from gtr_replay.selfplay import selfplay

SEED = 4
"""Republic, two players, seed 4: 203 statements; Ben's Merchant sells a Dock mid-turn
(statement 101), so a player's view can show a vault card seen going in."""
SOLD = 101


class TextSnapshot(SingleFileSnapshotExtension):
    """One .txt file per snapshot, so a change reads like a diff of what a person sees."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture(scope="session")
def game_record():
    game = next(selfplay("republic", 2, SEED, 1))
    return game.record(event=f"self-play, seed {SEED}, game 1")


@pytest.fixture(scope="session")
def game_file(game_record, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("render") / "game.gtr"
    path.write_text(notation.write([game_record]), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def timeline(game_record) -> Timeline:
    return Timeline.replay(game_record, source="game.gtr")


def render(renderable) -> str:
    """What a 100-column terminal without colour shows."""
    console = Console(record=True, width=100, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()
