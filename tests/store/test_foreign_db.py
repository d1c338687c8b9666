"""No command writes into another program's SQLite file: ``import`` writes only into a new file,
an empty one or a games database; ``delete``, ``query``, ``export --db`` and ``plot --db`` never
make or change a schema. Each is checked byte for byte (sha256 before and after)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "games" / "classic-2p.gtr"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def app_db(tmp_path) -> Path:
    """Another program's database: a table of its own, user_version 0."""
    path = tmp_path / "app.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE users (id, name)")
    conn.execute("INSERT INTO users VALUES (1, 'Ann')")
    conn.commit()
    conn.close()
    return path


COMMANDS = {
    "import": lambda db, tmp: ["import", "--db", str(db), str(EXAMPLE)],
    "delete": lambda db, tmp: ["delete", "--db", str(db), "abc"],
    "delete --source": lambda db, tmp: ["delete", "--db", str(db), "--source", str(EXAMPLE)],
    "query": lambda db, tmp: ["query", "--db", str(db), "SELECT 1"],
    "export": lambda db, tmp: ["export", "--parquet", str(tmp / "out"), "--db", str(db)],
    "plot": lambda db, tmp: ["plot", "--db", str(db), "--sql", "SELECT 'Ann' AS player, 1 AS turn, 2 AS points",
                             "-o", str(tmp / "p.svg")],
}


READERS = ("query", "plot")
"""SQL run read-only: on any SQLite file (another program's too), changing nothing."""


@pytest.mark.parametrize("command", list(COMMANDS))
def test_another_programs_database_is_refused_in_words_and_left_byte_for_byte(tmp_path, app_db, command):
    before = _sha(app_db)
    done = runner.invoke(app, COMMANDS[command](app_db, tmp_path))
    assert done.exit_code == (0 if command in READERS else 1), done.output
    assert "Traceback" not in done.output
    assert _sha(app_db) == before
    left = [p for p in Path(tmp_path).iterdir() if p.name != "p.svg"]
    assert left == [app_db]  # no journal, no WAL, no dataset
    conn = sqlite3.connect(app_db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["users"]


def test_import_names_the_foreign_tables(app_db):
    done = runner.invoke(app, COMMANDS["import"](app_db, None))
    assert "another program's database: it holds tables of its own (users)" in done.output


@pytest.mark.parametrize("command", ["delete", "delete --source", "query", "export", "plot"])
def test_a_zero_byte_file_is_left_empty_by_every_reader(tmp_path, command):
    empty = tmp_path / "g.db"
    empty.write_bytes(b"")
    done = runner.invoke(app, COMMANDS[command](empty, tmp_path))
    if command not in READERS:
        assert done.exit_code == 1, done.output
        assert "holds no games written by gtr import" in done.output
    assert empty.read_bytes() == b""
    assert [p for p in Path(tmp_path).iterdir() if p.name != "p.svg"] == [empty]


def test_import_writes_into_a_zero_byte_file_and_a_database_without_tables(tmp_path):
    for made in ("zero.db", "bare.db"):
        path = tmp_path / made
        if made == "zero.db":
            path.write_bytes(b"")
        else:
            sqlite3.connect(path).execute("PRAGMA user_version = 0").close()
        done = runner.invoke(app, ["import", "--db", str(path), str(EXAMPLE)])
        assert done.exit_code == 0, done.output
        assert "1 game added" in done.output


def test_delete_of_a_game_not_stored_says_one_thing(tmp_path):
    db = tmp_path / "g.db"
    assert runner.invoke(app, ["import", "--db", str(db), str(EXAMPLE)]).exit_code == 0
    done = runner.invoke(app, ["delete", "--db", str(db), "0000"])
    assert done.exit_code == 1
    assert done.output.strip().splitlines()[0].startswith("error: no game 0000")
    assert "deleted" not in done.output


@pytest.mark.parametrize("args", [["import", str(EXAMPLE)], ["query", "select 1"], ["delete", "0000"],
                                  ["view", str(EXAMPLE)], ["export", "--parquet", "pq"]])
def test_a_folder_given_as_the_database_is_said_to_be_one(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dbdir").mkdir()
    done = runner.invoke(app, [*args, "--db", "dbdir"])
    assert done.exit_code in (1, 2) and (done.exception is None or isinstance(done.exception, SystemExit))
    assert "dbdir is a folder, not a database file" in done.output, done.output


def test_a_database_in_a_folder_that_does_not_exist_is_said_so(tmp_path):
    done = runner.invoke(app, ["import", str(EXAMPLE), "--db", str(tmp_path / "nofolder" / "x.db")])
    assert done.exit_code == 1 and "the folder" in done.output and "does not exist" in done.output
    assert "read-only" not in done.output
