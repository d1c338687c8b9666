"""``gtr import --metadata``: Datasette metadata describing every table, view and column users
read, the saved queries as canned queries, and a full-text index on the comments that later
imports and deletes keep current."""

from __future__ import annotations

import json
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.selfplay import selfplay
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
