"""`gtr plot --db --sql`: a turn or points that is not a whole number, or a turn past any game
(0 to 1000), is a usage error naming the row and the column, never a traceback; rows that are
all NULL are said to be so, not "no rows"."""

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


@pytest.mark.parametrize("turn", [10_000_000, 1001, -1, "-1e12"])
def test_a_turn_past_any_game_is_refused_before_anything_is_drawn(tmp_path, db, turn):
    sql = f"SELECT 'Ann' AS player, 1 AS turn, 2 AS points UNION ALL SELECT 'Ann', {turn}, 3"
    done = runner.invoke(app, ["plot", "--db", str(db), "--sql", sql, "-o", str(tmp_path / "p.svg")])
    assert done.exit_code == 2, done.output
    said = " ".join(done.stderr.split())
    assert f"row 2 of the query: turn {int(float(turn))} is out of range: a chart draws turns 0 to 1000" in said
    assert "Traceback" not in done.output and not (tmp_path / "p.svg").exists()


def test_the_last_turn_a_chart_draws_is_drawn(tmp_path, db):
    sql = "SELECT 'Ann' AS player, 0 AS turn, 2 AS points UNION ALL SELECT 'Ann', 1000, 3"
    done = runner.invoke(app, ["plot", "--db", str(db), "--sql", sql, "-o", str(tmp_path / "p.svg")])
    assert done.exit_code == 0, done.output
    assert 'data-turn="1000"' in (tmp_path / "p.svg").read_text(encoding="utf-8")


def test_rows_without_a_turn_or_points_are_not_no_rows(tmp_path, db):
    sql = "SELECT NULL AS player, NULL AS turn, NULL AS points"
    done = runner.invoke(app, ["plot", "--db", str(db), "--sql", sql, "-o", str(tmp_path / "p.svg")])
    assert done.exit_code == 2, done.output
    said = " ".join(done.stderr.split())
    assert "the query gave 1 row, none with a turn and points" in said and "no rows" not in said
    empty = runner.invoke(app, ["plot", "--db", str(db), "--sql", sql + " WHERE 0", "-o", str(tmp_path / "p.svg")])
    assert "nothing to plot: the query gave no rows" in empty.stderr
