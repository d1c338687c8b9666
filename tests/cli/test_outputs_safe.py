"""No command writes its output over a file it reads: ``view -o``, ``plot -o`` (and their default
names) and ``import --metadata`` naming the record or the database are refused before anything
is written (exit 2), both files named, and every file is left byte for byte."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.store import Store, import_files

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def record(tmp_path) -> Path:
    path = tmp_path / "game.gtr"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.fixture
def games_db(tmp_path, record) -> tuple[Path, str]:
    """A games database holding the record's game, and the game's id."""
    path = tmp_path / "games.db"
    with Store(path) as store:
        report = import_files(store, [record])
    assert report.ok
    return path, report.added[0].id


def _refused(result, *names: Path) -> str:
    """The error of a refused command (exit 2, in words), which names every file of ``names``."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    said = " ".join(result.stderr.split())
    for name in names:
        assert str(name) in said, said
    return said


def test_view_and_plot_never_write_over_the_record_they_read(tmp_path, record):
    before = _sha(record)
    for command, given in (("view", record), ("plot", record), ("view", Path(f"{tmp_path}/./game.gtr"))):
        said = _refused(runner.invoke(app, [command, str(record), "-o", str(given)]), record)
        assert "would write over the record" in said and "another name with -o" in said
    assert _sha(record) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.gtr"]


def test_a_link_to_the_record_is_the_record(tmp_path, record):
    """Another name for the same file (a symbolic or a hard link) is refused the same way."""
    before = _sha(record)
    soft, hard = tmp_path / "soft.svg", tmp_path / "hard.html"
    soft.symlink_to(record)
    os.link(record, hard)
    said = _refused(runner.invoke(app, ["plot", str(record), "-o", str(soft)]), soft, record)
    assert f"{soft} is the same file" in said
    _refused(runner.invoke(app, ["view", str(record), "-o", str(hard)]), hard, record)
    assert _sha(record) == before


def test_the_default_name_that_is_the_record_is_refused(tmp_path, monkeypatch):
    """A record named game.html: the page's default name (the record's name with .html, in the
    current folder) is the record itself; so is game.svg for plot's chart."""
    monkeypatch.chdir(tmp_path)
    for name, command in (("game.html", "view"), ("game.svg", "plot")):
        path = tmp_path / name
        path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
        before = _sha(path)
        said = _refused(runner.invoke(app, [command, name]), name)
        assert "default name" in said and "-o" in said
        assert _sha(path) == before


def test_view_and_plot_never_write_over_the_database_they_read(tmp_path, record, games_db):
    db, game = games_db
    before = _sha(db)
    said = _refused(runner.invoke(app, ["view", str(record), "--db", str(db), "-o", str(db)]), db)
    assert "would write over the database" in said
    _refused(runner.invoke(app, ["plot", "--db", str(db), "--game", game, "-o", str(db)]), db)
    _refused(runner.invoke(app, ["plot", "--db", str(db), "--sql",
                                 "SELECT 'Ann' AS player, 1 AS turn, 2 AS points", "-o", str(db)]), db)
    assert _sha(db) == before


def test_other_outputs_are_still_written(tmp_path, record, games_db):
    db, game = games_db
    assert runner.invoke(app, ["view", str(record), "-o", str(tmp_path / "page.html")]).exit_code == 0
    assert runner.invoke(app, ["plot", "--db", str(db), "--game", game, "-o", str(tmp_path / "p.svg")]).exit_code == 0
    page = tmp_path / "page.html"
    assert runner.invoke(app, ["view", str(record), "-o", str(page)]).exit_code == 0  # a page it wrote: again
    assert (tmp_path / "p.svg").read_text(encoding="utf-8").startswith("<svg")


@pytest.mark.parametrize("target", ["database", "record", "new database", "journal"])
def test_import_metadata_never_writes_over_the_database_or_a_record(tmp_path, record, games_db, target):
    db, _ = games_db
    if target == "new database":
        db = tmp_path / "new.db"
    metadata = {"database": db, "new database": db, "record": record, "journal": Path(f"{db}-wal")}[target]
    before = {p.name: _sha(p) for p in tmp_path.iterdir()}
    said = _refused(runner.invoke(app, ["import", str(record), "--db", str(db), "--metadata", str(metadata)]),
                    metadata)
    assert "--metadata" in said and "JSON file of its own" in said
    assert {p.name: _sha(p) for p in tmp_path.iterdir()} == before  # nothing written, no database made


def test_import_metadata_to_a_file_of_its_own_is_written(tmp_path, record, games_db):
    db, _ = games_db
    metadata = tmp_path / "meta.json"
    done = runner.invoke(app, ["import", str(record), "--db", str(db), "--metadata", str(metadata)])
    assert done.exit_code == 0, done.output
    assert metadata.read_text(encoding="utf-8").startswith("{")


@pytest.mark.parametrize("name, words", [("other.gtr", "holds no Datasette metadata"),
                                         ("notes.json", "holds no Datasette metadata"),
                                         ("nowhere/meta.json", "the folder")])
def test_import_metadata_is_refused_before_anything_is_stored(tmp_path, record, name, words):
    """A file there that is not metadata an import wrote (another record, notes) is never
    replaced, and a folder that does not exist is said before a game is stored."""
    (tmp_path / "other.gtr").write_text(record.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.json").write_text('{"mine": 1}\n', encoding="utf-8")
    before = {p.name: _sha(p) for p in tmp_path.iterdir() if p.is_file()}
    db = tmp_path / "fresh.db"
    done = runner.invoke(app, ["import", str(record), "--db", str(db), "--metadata", str(tmp_path / name)])
    assert done.exit_code == 2 and words in done.stderr
    assert {p.name: _sha(p) for p in tmp_path.iterdir() if p.is_file()} == before and not db.exists()
    again = tmp_path / "meta.json"  # metadata an import wrote is replaced by the next
    for _ in range(2):
        assert runner.invoke(app, ["import", str(record), "--db", str(db), "--metadata", str(again)]).exit_code == 0
