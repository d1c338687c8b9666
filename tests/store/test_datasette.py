"""``gtr import --metadata``: Datasette metadata describing every table, view and column users
read, the saved queries as canned queries, and a full-text index on the comments that later
imports and deletes keep current."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.play.selfplay import selfplay
from gtr_replay.store import SAVED, run_query
from gtr_replay.store.datasette import SEARCH

runner = CliRunner()


def commented(text: str, line_no: int, comment: str) -> str:
    lines = text.split("\n")
    statements = [n for n, line in enumerate(lines) if line.startswith("  ")]
    lines[statements[line_no]] += f" {{{comment}}}"
    return "\n".join(lines)


@pytest.fixture
def records(tmp_path) -> list[Path]:
    games = list(selfplay("classic", 2, "datasette", 2))
    first, second = (notation.write(g.record()) for g in games)
    a, b = tmp_path / "a.gtr", tmp_path / "b.gtr"
    a.write_text(commented(first, 5, "disputed: Ben says the Road was never in the pool"), encoding="utf-8")
    b.write_text(commented(second, 9, "Ann: I meant to lead Architect"), encoding="utf-8")
    return [a, b]


def search(db: Path, words: str) -> list[str]:
    return [row[5] for row in run_query(db, SEARCH, {"words": words}).rows]


def test_metadata_describes_what_users_read_and_runs_the_saved_queries(tmp_path, records):
    db, meta = tmp_path / "games.db", tmp_path / "metadata.json"
    done = runner.invoke(app, ["import", str(records[0]), "--db", str(db), "--metadata", str(meta)])
    assert done.exit_code == 0, done.output
    found = json.loads(meta.read_text())["databases"]["games"]
    tables = found["tables"]
    shown = [t for t, entry in tables.items() if not entry.get("hidden")]
    assert set(shown) >= {"games", "players", "decisions", "events", "player_states", "points_by_turn",
                          "final_scores", "comments"}
    for table in shown:
        assert tables[table].get("description"), f"{table} has no description"
    for table in ("games", "players", "decisions", "events", "player_states", "points_by_turn", "snapshots",
                  "snapshot_states", "words"):
        columns = run_query(db, f"SELECT * FROM {table} LIMIT 0").columns
        missing = [c for c in columns if c not in tables[table].get("columns", {})]
        assert not missing, f"{table}: no description for {missing}"
    assert tables["stored_decisions"] == {"hidden": True} and tables["words"]["hidden"]
    assert tables["comments"]["fts_table"] == "stored_decisions_fts" and tables["comments"]["fts_pk"] == "key"
    assert set(found["queries"]) == {*SAVED, "search-comments"}
    for name, query in found["queries"].items():
        if name != "search-comments":
            assert run_query(db, query["sql"]).rows == run_query(db, SAVED[name].sql).rows


def test_comments_are_searchable_and_later_imports_and_deletes_keep_the_index(tmp_path, records):
    db, meta = tmp_path / "games.db", tmp_path / "metadata.json"
    runner.invoke(app, ["import", str(records[0]), "--db", str(db), "--metadata", str(meta)])
    assert search(db, "disputed") == ["disputed: Ben says the Road was never in the pool"]
    assert search(db, '"never in the pool"') == search(db, "disputed")
    assert search(db, "meant") == []
    runner.invoke(app, ["import", str(records[1]), "--db", str(db)])  # without --metadata: the triggers index it
    assert search(db, "meant") == ["Ann: I meant to lead Architect"]
    runner.invoke(app, ["delete", "--source", str(records[0]), "--db", str(db)])
    assert search(db, "disputed") == []
    assert run_query(db, "SELECT count(*) FROM comments").rows == [(1,)]


KEYED = {"decisions": "seq", "events": "seq", "player_states": "seq", "snapshot_states": "seq", "snapshots": "seq",
         "completions": "seq", "first_structures": "seq", "leads": "seq", "comments": "seq",
         "points_by_turn": "turn", "turn_points": "turn"}
"""The views under a game, each with the column that numbers its rows within the game."""


def test_datasette_filters_every_view_by_its_key_columns(tmp_path, records):
    from datasette.app import Datasette

    db, meta = tmp_path / "games.db", tmp_path / "metadata.json"
    done = runner.invoke(app, ["import", *map(str, records), "--db", str(db), "--metadata", str(meta)])
    assert done.exit_code == 0, done.output
    views = [name for (name,) in run_query(db, "SELECT name FROM sqlite_master WHERE type = 'view'").rows]
    numbered = {v for v in views if {"game"} < set(run_query(db, f"SELECT * FROM {v} LIMIT 0").columns)
                and {"seq", "turn"} & set(run_query(db, f"SELECT * FROM {v} LIMIT 0").columns)}
    assert numbered == set(KEYED)
    picked = {}
    for view, key in KEYED.items():  # a row of each view, past the first of its game (not the default page's)
        game, number = run_query(db, f"SELECT game, max({key}) FROM {view} GROUP BY game LIMIT 1").rows[0]
        picked[view] = game, number

    async def ask() -> dict[str, list[dict]]:
        datasette = Datasette([str(db)], metadata=json.loads(meta.read_text()))
        found = {}
        for view, (game, number) in picked.items():
            key = KEYED[view]
            response = await datasette.client.get(f"/games/{view}.json?game={game}&{key}={number}&_shape=array")
            assert response.status_code == 200, (view, response.text[:300])
            found[view] = response.json()
        return found

    found = asyncio.run(ask())
    for view, rows in found.items():
        game, number = picked[view]
        key = KEYED[view]
        assert rows, f"Datasette finds no row of {view} with game={game}&{key}={number}"
        assert all(row["game"] == game and row[key] == number for row in rows), view
        expected = run_query(db, f"SELECT count(*) FROM {view} WHERE game = :game AND {key} = :number",
                             {"game": game, "number": number}).rows
        assert len(rows) == expected[0][0], view
