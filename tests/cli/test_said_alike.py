"""Small refusals said as the other commands say them: ``extract`` of a file that is not UTF-8
(where, and what to do), ``extract --since`` of a day no calendar has, ``delete``'s hint with
the database the user gave, and ``rulings`` given two formats."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from tests.cli.test_options_checked import _usage_error

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"


def test_extract_says_a_file_is_not_utf8_as_check_does(tmp_path):
    bad = tmp_path / "latin1.gtr"
    bad.write_bytes(EXAMPLE.read_text(encoding="utf-8").replace("[Event", "; Andr\u00e9\n[Event").encode("latin-1"))
    checked = runner.invoke(app, ["check", str(bad), "--json"])
    words = json.loads(checked.stdout)["problems"][0]["message"]
    assert words.startswith(f"{bad}:2: not UTF-8 text") and "save the file as UTF-8" in words
    extracted = runner.invoke(app, ["extract", str(bad), "-o", str(tmp_path / "out.gtr")])
    assert extracted.exit_code == 1, extracted.output
    assert words in extracted.stderr and "codec" not in extracted.output


@pytest.mark.parametrize("option, date, why", [("--since", "2026.13.45", "month must be in 1..12"),
                                               ("--since", "2026.02.30", "day is out of range for month"),
                                               ("--until", "2026-13", "month must be in 1..12")])
def test_extract_of_a_day_no_calendar_has_is_refused_as_text_that_is_no_date(tmp_path, option, date, why):
    out = tmp_path / "picked.gtr"
    _usage_error(runner.invoke(app, ["extract", str(EXAMPLE), option, date, "-o", str(out)]),
                 f"{option} '{date}' is not a date: {why}")
    assert not out.exists()


def test_extract_of_a_day_the_calendar_has_selects(tmp_path):
    out = tmp_path / "picked.gtr"
    done = runner.invoke(app, ["extract", str(EXAMPLE), "--since", "2024.02.29", "--until", "2026.12", "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8") == EXAMPLE.read_text(encoding="utf-8")


def test_delete_of_no_such_game_hints_at_the_query_on_the_same_database(tmp_path):
    db = tmp_path / "my games.db"
    assert runner.invoke(app, ["import", str(EXAMPLE), "--db", str(db)]).exit_code == 0
    done = runner.invoke(app, ["delete", "nosuch", "--db", str(db)])
    assert done.exit_code == 1, done.output
    hint = f"gtr query 'SELECT id, source FROM games' --db {shlex.quote(str(db))}"
    assert hint in " ".join(done.stderr.split())
    listed = runner.invoke(app, ["query", "SELECT id, source FROM games", "--db", str(db), "--json"])
    assert listed.exit_code == 0 and len(json.loads(listed.stdout)) == 1  # the hint's query answers


def test_rulings_in_two_formats_is_refused_as_query_refuses_them():
    said = _usage_error(runner.invoke(app, ["rulings", "--json", "--markdown"]), "give one of --json and --markdown")
    assert "# Rulings" not in said
    assert runner.invoke(app, ["rulings", "--markdown"]).stdout.startswith("# Rulings")
