"""A games database whose pages do not read (a disk fault, a copy cut short) is an error in words
from every command that opens it, the same words from each: what (the file is damaged, SQLite's
own reason), where (the file) and what to do; never a traceback, and no dataset left half made."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.store import Store, import_files

runner = CliRunner()
GAMES = Path(__file__).resolve().parents[2] / "examples" / "games"
STORED = GAMES / "classic-2p.gtr"
NEW = GAMES / "classic-3p.gtr"


@pytest.fixture(scope="module")
def good_db(tmp_path_factory) -> tuple[Path, str]:
    """A games database of one game, and its id."""
    path = tmp_path_factory.mktemp("good") / "games.db"
    with Store(path) as store:
        report = import_files(store, [STORED])
    assert report.ok
    return path, report.added[0].id


@pytest.fixture
def damaged(tmp_path, good_db) -> tuple[Path, str]:
    """The same database with 20 KB overwritten from its third page on (the audit's damage)."""
    path = tmp_path / "damaged.db"
    shutil.copyfile(good_db[0], path)
    with open(path, "r+b") as handle:
        handle.seek(8192)
        handle.write(b"\xab" * 20480)
    return path, good_db[1]


COMMANDS = {
    "import": lambda db, game, tmp: ["import", str(NEW), "--db", str(db)],
    "delete": lambda db, game, tmp: ["delete", game, "--db", str(db)],
    "export": lambda db, game, tmp: ["export", "--db", str(db), "--parquet", str(tmp / "out")],
    "query": lambda db, game, tmp: ["query", "SELECT count(*), sum(length(events)) FROM stored_decisions",
                                    "--db", str(db)],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_damaged_database_is_an_error_in_words_from_every_command(tmp_path, damaged, command):
    db, game = damaged
    result = runner.invoke(app, COMMANDS[command](db, game, tmp_path))
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    said = " ".join(result.stderr.split())
    assert said == (f"error: {db} is damaged: database disk image is malformed (restore it from a copy, or "
                    "import its records again into a new database: gtr import RECORDS --db NEW.db)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["damaged.db"]  # no dataset, no hidden folder left


def test_the_same_commands_on_the_database_undamaged_work(tmp_path, good_db):
    db = tmp_path / "games.db"
    shutil.copyfile(good_db[0], db)
    for command in ("query", "export", "import", "delete"):
        result = runner.invoke(app, COMMANDS[command](db, good_db[1], tmp_path))
        assert result.exit_code == 0, (command, result.output)
