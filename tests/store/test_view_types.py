"""Every column of every view has the type it holds: a value given as text (as Datasette's
filters and a quoted ``'120'`` give it) finds the row that holds it. A database written by an
earlier gtr, whose views computed their columns untyped, gets the typed views when it is next
opened for writing."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from gtr_replay.store import Store
from gtr_replay.store.datasette import make_searchable
from gtr_replay.store.schema import VIEWS

IDENTIFYING = ("game", "seq", "turn", "n", "seat", "path", "name", "ruleset", "players", "end_reason")
"""The columns that pick out a row of a view (those of them it has): a row found by them is
asked for again by each of its other columns given as text."""


@pytest.fixture(scope="module")
def searchable_db(examples_db, tmp_path_factory):
    path = tmp_path_factory.mktemp("typed") / "games.db"
    shutil.copy(examples_db, path)
    with Store(path) as store:
        make_searchable(store.db)
    return path


def columns(conn, view: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({view})")]


@pytest.mark.parametrize("view", [*VIEWS, "comments"])
def test_every_column_of_every_view_is_found_by_its_value_as_text(searchable_db, view):
    conn = sqlite3.connect(searchable_db)
    names = columns(conn, view)
    keys = [c for c in IDENTIFYING if c in names]
    assert keys, f"{view}: no column picks out a row"
    untyped = []
    for column in names:
        row = conn.execute(f"SELECT {', '.join(keys)}, {column} FROM {view} WHERE {column} IS NOT NULL "
                           f"LIMIT 1").fetchone()
        assert row is not None, f"{view}.{column} is NULL in every row of the examples"
        *key_values, value = row
        where = " AND ".join(f"{k} IS ?" for k in keys)
        found = conn.execute(f"SELECT count(*) FROM {view} WHERE {where} AND {column} = ?",
                             [*key_values, str(value)]).fetchone()[0]
        if not found:
            untyped.append(f"{column} ({type(value).__name__} {value!r:.30})")
    assert not untyped, f"{view}: given as text, these columns find nothing: {', '.join(untyped)}"


def test_a_database_with_the_untyped_views_of_an_earlier_gtr_gets_the_typed_ones(examples_db, tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(examples_db, path)
    conn = sqlite3.connect(path)
    # snapshot_states and points_by_turn as schema version 6 first defined them
    conn.executescript("""
        DROP VIEW points_by_turn;
        CREATE VIEW points_by_turn AS SELECT g.id AS game, t.key & 1048575 AS turn, s.key AS seat,
            p.name AS player, s.value AS points FROM stored_points_by_turn t JOIN games g
            ON g.number = t.key >> 20 JOIN json_each(t.points) s JOIN players p ON p.game = g.id AND p.seat = s.key
            WHERE s.value IS NOT NULL;""")
    game = conn.execute("SELECT min(id) FROM games").fetchone()[0]
    asked = "SELECT count(*) FROM points_by_turn WHERE game = ? AND turn = '1'"
    assert conn.execute(asked, [game]).fetchone()[0] == 0
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    with Store(path):
        pass
    conn = sqlite3.connect(path)
    assert conn.execute(asked, [game]).fetchone()[0] > 0
    assert conn.execute("PRAGMA user_version").fetchone()[0] == version  # the stored rows are unchanged
