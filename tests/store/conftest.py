"""Fixtures for the store: a few self-play records, and a database built from examples/."""

from __future__ import annotations

from pathlib import Path

import notation
import pytest

from store_helpers import big_lead_game, example_files, selfplay_records

from gtr_replay.play.selfplay import play_one
from gtr_replay.store import Store, import_files


@pytest.fixture(scope="session")
def selfplay_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("records") / "selfplay.gtr"
    path.write_text(notation.write(selfplay_records()), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def big_lead_file(tmp_path_factory) -> Path:
    game = play_one("republic", ["Ann", "Ben", "Cid"], big_lead_game())
    path = tmp_path_factory.mktemp("records") / "big-lead.gtr"
    path.write_text(notation.write(game.record()), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def examples_source(selfplay_file) -> list[Path]:
    """examples/ once it holds records; self-play records until then."""
    return example_files() or [selfplay_file]


@pytest.fixture(scope="session")
def examples_db(tmp_path_factory, examples_source, big_lead_file) -> Path:
    path = tmp_path_factory.mktemp("db") / "games.db"
    with Store(path) as store:
        report = import_files(store, [*examples_source, big_lead_file])
    assert report.ok, [str(p) for p in report.problems]
    return path


@pytest.fixture
def fresh_db(tmp_path) -> Path:
    return tmp_path / "games.db"

