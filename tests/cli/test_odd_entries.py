"""Odd entries of a folder and odd file names: `extract` and `export` skip a folder's named
pipes, device links, dangling links and link loops with the warning `check`, `import` and `fmt`
give (a loop named as one), and a file name's undecodable bytes reach a page as U+FFFD."""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.render.html import script_json

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"
posix = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and links as POSIX makes them")


@pytest.fixture
def folder(tmp_path) -> Path:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(EXAMPLE, games / "good.gtr")
    os.mkfifo(games / "pipe.gtr")
    (games / "device.gtr").symlink_to("/dev/null")
    (games / "gone.gtr").symlink_to(games / "nowhere.gtr")
    (games / "loop.gtr").symlink_to(games / "loop.gtr")
    return games


WARNINGS = {
    "pipe.gtr": "a named pipe (FIFO), not a regular file",
    "device.gtr": "a character device, not a regular file",
    "gone.gtr": "a link to nothing, not a regular file",
    "loop.gtr": "a link that loops (to itself, or round other links), not a regular file",
}


@posix
@pytest.mark.parametrize("command", ["extract", "export", "check", "import"])
def test_every_command_warns_of_the_entries_it_skips_in_a_folder(folder, tmp_path, command):
    given = {"extract": ["extract", str(folder), "-o", str(tmp_path / "out.gtr")],
             "export": ["export", str(folder), "--parquet", str(tmp_path / "out"), "--workers", "1"],
             "check": ["check", str(folder)],
             "import": ["import", str(folder), "--db", str(tmp_path / "g.db")]}[command]
    done = runner.invoke(app, given)
    assert done.exit_code == 0, done.output
    for name, words in WARNINGS.items():
        assert f"warning: skipped {folder / name}: {words}" in done.stderr, (name, done.stderr)


def test_a_lone_surrogate_reaches_a_page_as_the_replacement_character():
    assert script_json({"source": "g\udcff.gtr"}) == '{"source":"g\\ufffd.gtr"}'


@posix
def test_a_file_name_with_an_undecodable_byte_is_shown_escaped_in_its_page(tmp_path):
    name = os.fsdecode(b"g\xff.gtr")
    shutil.copy(EXAMPLE, tmp_path / name)
    done = runner.invoke(app, ["view", str(tmp_path / name), "-o", str(tmp_path / "page.html")])
    assert done.exit_code == 0, done.output
    page = (tmp_path / "page.html").read_bytes()
    assert b"g\\\\xff.gtr" in page and b"\\udcff" not in page  # JSON writes the backslash doubled


@posix
def test_a_file_name_with_an_undecodable_byte_goes_through_every_command(tmp_path, monkeypatch):
    """Stored, exported, judged, plotted and deleted under its name with the byte written
    ``\\xff`` (ROBUSTNESS.md), never a traceback; a chart that fails leaves the file there as it
    was. A name differing in that byte alone is another file: its game is another game."""
    monkeypatch.chdir(tmp_path)
    name = os.fsdecode(b"g\xff.gtr")
    shutil.copy(EXAMPLE, tmp_path / name)
    for args in (["import", name, "--db", "g.db"], ["export", "--parquet", "pq", name],
                 ["analyse", "-b", "1", name, "--db", "g.db", "--json"], ["plot", name, "-o", "chart.svg"]):
        done = runner.invoke(app, args)
        assert done.exit_code == 0 and done.exception is None, (args, done.output)

    conn = sqlite3.connect("g.db")
    assert conn.execute("SELECT source FROM games").fetchone()[0] == "g\\xff.gtr"
    assert conn.execute("SELECT count(*) FROM evaluations").fetchone()[0] > 0
    conn.close()
    assert "g\\xff.gtr" in (tmp_path / "chart.svg").read_text(encoding="utf-8")
    other = os.fsdecode(b"g\xfe.gtr")  # another game under a name that differs in that byte alone
    (tmp_path / other).write_text(EXAMPLE.read_text(encoding="utf-8").replace("Ann", "Zoe"), encoding="utf-8")
    added = runner.invoke(app, ["import", other, "--db", "g.db"])
    assert added.exit_code == 0 and "1 game added" in added.output and "replace" not in added.output
    deleted = runner.invoke(app, ["delete", "--source", name, "--db", "g.db"])
    assert deleted.exit_code == 0 and "1 game deleted" in deleted.output  # its judgements with it, not the other
    conn = sqlite3.connect("g.db")
    assert conn.execute("SELECT source FROM games").fetchall() == [("g\\xfe.gtr",)]
    conn.close()
