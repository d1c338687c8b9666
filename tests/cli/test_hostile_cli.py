"""Small promises of the commands under careless or hostile use: an empty file is a problem,
nothing is overwritten, a read-only query creates no file, Ctrl-C says what was kept, a
comment between tags keeps the record whole."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.counted import counted
from gtr_replay.play.selfplay import selfplay

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"


@pytest.mark.parametrize("content", ["", "\n\n  \n", "; only a comment\n"])
def test_a_file_without_records_is_a_problem_for_check_and_import(tmp_path, content):
    path = tmp_path / "empty.gtr"
    path.write_text(content, encoding="utf-8")
    check = runner.invoke(app, ["check", str(path)])
    if content.strip():  # a comment without tags is a record that does not start with its tags
        assert check.exit_code == 1 and "a record starts with its tags" in check.stderr
        return
    assert check.exit_code == 1 and "all legal" not in check.stdout
    assert f"{path}: no record in the file" in check.stderr
    imported = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "g.db")])
    assert imported.exit_code == 1 and f"{path}: no record in the file" in imported.stderr


def test_a_file_that_is_not_utf8_is_reported_and_the_others_checked(tmp_path):
    bad = tmp_path / "latin1.gtr"
    bad.write_bytes(EXAMPLE.read_text(encoding="utf-8").replace("[Event", "; Andr\u00e9\n[Event").encode("latin-1"))
    result = runner.invoke(app, ["check", str(bad), str(EXAMPLE), "--json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [f["records"] for f in report["files"]] == [0, 1]
    assert report["problems"][0]["message"].startswith(f"{bad}:2: not UTF-8 text")


def test_selfplay_out_never_overwrites(tmp_path):
    path = tmp_path / "hand-recorded.gtr"
    path.write_text("a game written by hand\n", encoding="utf-8")
    result = runner.invoke(app, ["selfplay", "--games", "1", "--out", str(path)])
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert path.read_text(encoding="utf-8") == "a game written by hand\n"
    fresh = tmp_path / "new.gtr"
    assert runner.invoke(app, ["selfplay", "--games", "1", "--out", str(fresh)]).exit_code == 0
    assert len(notation.parse(fresh.read_text(encoding="utf-8"))) == 1


@pytest.mark.parametrize("sql,made", [("ATTACH DATABASE '{dir}/x.db' AS x", "x.db"),
                                      ("VACUUM INTO '{dir}/v.db'", "v.db")])
def test_read_only_query_creates_no_file(tmp_path, sql, made):
    db = tmp_path / "games.db"
    assert runner.invoke(app, ["import", str(EXAMPLE), "--db", str(db)]).exit_code == 0
    result = runner.invoke(app, ["query", sql.format(dir=tmp_path), "--db", str(db)])
    assert result.exit_code == 2 and "ATTACH and VACUUM INTO are refused" in result.stderr
    assert not (tmp_path / made).exists()
    assert "Traceback" not in result.output


def test_a_comment_line_between_tags_is_one_record(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace('[Ruleset "classic"]', '; played at the club\n[Ruleset "classic"]')
    path = tmp_path / "commented.gtr"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["files"][0]["records"] == 1
    assert "; played at the club" in notation.format_text(text)


def _interrupt_as_in_a_terminal() -> None:
    """Ctrl-C reaches the command as at a terminal, even where the suite runs with it ignored
    (in the background of a script, as CI may): a program keeps an ignored interrupt ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_an_import_says_what_was_kept(tmp_path):
    games = list(selfplay("classic", 2, "interrupt", 96))  # long enough for a compiled engine to be caught
    path = tmp_path / "many.gtr"
    path.write_text(notation.write([g.record(event=f"game {n}") for n, g in enumerate(games, 1)]),
                    encoding="utf-8")
    db = tmp_path / "games.db"
    process = subprocess.Popen([sys.executable, "-m", "gtr_replay", "import", str(path), "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=_interrupt_as_in_a_terminal)
    stored, deadline = 0, time.monotonic() + 60
    while stored < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.01)
        try:
            with sqlite3.connect(db, timeout=0.1) as conn:
                stored = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        except sqlite3.OperationalError:
            pass
    assert process.poll() is None, "the import finished before it could be interrupted"
    process.send_signal(signal.SIGINT)
    output, errors = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in errors
    conn = sqlite3.connect(db)
    kept = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    assert 2 <= kept < len(games)
    assert f"interrupted: the {counted(kept, 'game')} stored before Ctrl-C kept" in errors
