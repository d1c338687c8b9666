"""`gtr plot --db --sql`: a turn or points that is not a whole number is a usage error naming
the row and the column, never a traceback."""

from __future__ import annotations

import sqlite3

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "g.db"
    sqlite3.connect(path).close()
    return path


@pytest.mark.parametrize("value, column, words", [
    ("'three'", "turn", "turn is 'three' (text)"),
    ("x'00ff'", "points", "points is b'\\x00\\xff' (a blob)"),
    ("1e999", "points", "points is inf (a number with a fraction or an infinite one)"),
    ("2.5", "turn", "turn is 2.5"),
])
def test_a_value_that_is_not_a_whole_number_names_its_row_and_column(tmp_path, db, value, column, words):
    other = "points" if column == "turn" else "turn"
    sql = (f"SELECT 'Ann' AS player, 1 AS {column}, 2 AS {other} UNION ALL "
           f"SELECT 'Ann', {value}, 3")
    done = runner.invoke(app, ["plot", "--db", str(db), "--sql", sql, "-o", str(tmp_path / "p.svg")])
    assert done.exit_code == 2, done.output
    assert f"row 2 of the query: {words}" in done.output
    assert "Traceback" not in done.output and not (tmp_path / "p.svg").exists()


def test_whole_floats_and_nulls_are_plotted(tmp_path, db):
    sql = "SELECT 'Ann' AS player, 1.0 AS turn, 2 AS points UNION ALL SELECT 'Ann', 2, NULL UNION ALL SELECT 'Ann', 3, 4.0"
    done = runner.invoke(app, ["plot", "--db", str(db), "--sql", sql, "-o", str(tmp_path / "p.svg")])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "p.svg").read_text().startswith("<svg")
