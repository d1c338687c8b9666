"""`gtr query` within bounds: a value longer than ``MAX_VALUE`` is refused in words (no query
grows one to gigabytes), a table on a terminal shows its first rows and says how to get the
rest, and ``--json`` stopped by its time limit still leaves a whole JSON array."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gtr_replay.cli import store as cli_store
from gtr_replay.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
DOUBLING = "WITH RECURSIVE s(x) AS (SELECT 'ab' UNION ALL SELECT x || x FROM s) SELECT length(x) AS n FROM s"


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("bounds") / "games.db"
    assert runner.invoke(app, ["import", str(EXAMPLE), "--db", str(path)]).exit_code == 0
    return path


@pytest.mark.parametrize("form", [[], ["--json"], ["--tsv"]])
def test_a_value_longer_than_the_bound_is_refused_in_words(db, form):
    result = runner.invoke(app, ["query", f"SELECT max(n) FROM ({DOUBLING})", *form, "--db", str(db)])
    assert result.exit_code == 2, result.output
    assert "the query made a value longer than 64 MB, the longest a value may be" in result.stderr
    assert "Traceback" not in result.output


def test_a_table_on_a_terminal_shows_its_first_rows_and_how_to_get_the_rest(db, monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(cli_store, "out", Console(file=screen, force_terminal=True, color_system=None, width=100))
    monkeypatch.setattr(cli_store, "TERMINAL_ROWS", 5)
    result = runner.invoke(app, ["query", ENDLESS, "--db", str(db)])  # an answer without end
    assert result.exit_code == 0, result.output
    shown = screen.getvalue()
    assert " 5 " in shown and " 6 " not in shown
    assert "the first 5 row(s) shown; the answer holds more: for every row, give --csv, --tsv or --json" in \
        " ".join(shown.split())


def test_a_long_cell_on_a_terminal_is_cut_and_says_so(db, monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(cli_store, "out", Console(file=screen, force_terminal=True, color_system=None, width=100))
    result = runner.invoke(app, ["query", "SELECT printf('%.5000c', 'x') AS long", "--db", str(db)])
    assert result.exit_code == 0, result.output
    letters = "".join(c for c in screen.getvalue() if c not in "│┃ \n")
    assert "(5,000characters;--csv,--tsvor--jsongivethemall)" in letters


def test_json_stopped_by_its_time_limit_is_still_a_whole_array(db):
    result = runner.invoke(app, ["query", ENDLESS, "--json", "--time-limit", "0.3", "--db", str(db)])
    assert result.exit_code == 2, result.output
    rows = json.loads(result.stdout)  # valid JSON: the rows read before the limit
    assert rows[:2] == [{"x": 1}, {"x": 2}]
    assert "the JSON array written holds only the rows read before" in result.stderr


def test_json_holds_every_value_sql_can_give(db):
    """A blob is written as its hexadecimal digits, an infinite or undefined number in words:
    the output is JSON a strict reader takes (json.loads refuses Infinity with parse_constant)."""
    done = runner.invoke(app, ["query", "SELECT x'ff00' AS b, 1e999 AS f, -1e999 AS g, zeroblob(2) AS z, 2.5 AS h",
                               "--json", "--db", str(db)])
    assert done.exit_code == 0 and done.exception is None, done.output

    def refuse(name):
        raise ValueError(name)

    assert json.loads(done.stdout, parse_constant=refuse) == [
        {"b": "FF00", "f": "Infinity", "g": "-Infinity", "z": "0000", "h": 2.5}]
