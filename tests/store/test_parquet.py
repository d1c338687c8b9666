"""``gtr export --parquet``: the dataset of the bundled examples answers every saved query in
DuckDB exactly as ``gtr query`` does, holds the rows of the database's views, and is the same
whether written from the database or from the record files."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.store import SAVED, run_query
from gtr_replay.store.parquet_schema import COLUMNS, TABLES, duckdb_views, markdown

runner = CliRunner()
DOC = Path(__file__).resolve().parents[2] / "docs" / "PARQUET.md"


def export(*args: str) -> dict:
    done = runner.invoke(app, ["export", *args, "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


@pytest.fixture(scope="module")
def from_db(tmp_path_factory, examples_db) -> Path:
    root = tmp_path_factory.mktemp("parquet") / "from-db"
    export("--parquet", str(root), "--db", str(examples_db))
    return root


@pytest.fixture(scope="module")
def from_records(tmp_path_factory, examples_source, big_lead_file) -> Path:
    root = tmp_path_factory.mktemp("parquet") / "from-records"
    export(*map(str, examples_source), str(big_lead_file), "--parquet", str(root), "--workers", "1",
           "--per-part", "20")
    return root


def duck(root: Path) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    for sql in duckdb_views(root):
        con.execute(sql)
    return con


def dicts(con, sql: str) -> list[dict]:
    cursor = con.execute(sql)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row)) for row in cursor.fetchall()]


@pytest.mark.parametrize("name", list(SAVED))
def test_the_saved_queries_answer_in_duckdb_as_gtr_query_does(name, from_db, from_records, examples_db):
    done = runner.invoke(app, ["query", "--saved", name, "--db", str(examples_db), "--json"])
    expected = json.loads(done.output)
    assert expected, f"{name} has no rows on the examples: it would prove nothing"
    assert dicts(duck(from_db), SAVED[name].sql) == expected
    assert dicts(duck(from_records), SAVED[name].sql) == expected


@pytest.mark.parametrize("table", list(TABLES))
def test_each_table_holds_the_rows_of_the_view_of_its_name(table, from_db, examples_db):
    columns = ", ".join(COLUMNS[table])
    view = run_query(examples_db, f"SELECT {columns} FROM {table}").rows
    exported = duck(from_db).execute(f"SELECT {columns} FROM {table}").fetchall()
    assert sorted(map(tuple, exported), key=repr) == sorted(map(tuple, view), key=repr)
    rulesets = duck(from_db).execute(f"SELECT DISTINCT ruleset FROM {table} ORDER BY 1").fetchall()
    assert [r[0] for r in rulesets] == ["classic", "imperium", "republic"]


def test_records_and_database_give_the_same_dataset(from_db, from_records):
    for table in TABLES:
        a = duck(from_db).execute(f"SELECT * FROM {table}").fetchall()
        b = duck(from_records).execute(f"SELECT * FROM {table}").fetchall()
        assert sorted(a, key=repr) == sorted(b, key=repr), table
    assert len(list((from_records / "games").glob("*/*.parquet"))) > 3  # several parts per ruleset


def test_pyarrow_reads_the_partitions_with_the_documented_schema(from_db):
    dataset = ds.dataset(from_db / "players", format="parquet", partitioning="hive")
    assert dataset.schema.names == [*COLUMNS["players"], "ruleset"]
    table = dataset.to_table(filter=ds.field("ruleset") == "classic")
    assert table.num_rows == duck(from_db).execute("SELECT count(*) FROM players WHERE ruleset = 'classic'"
                                                   ).fetchone()[0]


def test_a_game_written_twice_is_exported_as_import_keeps_it(tmp_path, examples_source):
    source = examples_source[0]
    edited = tmp_path / "edited.gtr"
    edited.write_text(source.read_text().replace('[Game "Glory to Rome"]', '[Game "Glory to Rome"]\n[Round "7"]'))
    again = tmp_path / "again.gtr"
    again.write_text(source.read_text())
    report = export(str(source), str(again), str(edited), "--parquet", str(tmp_path / "out"))
    imported = json.loads(runner.invoke(app, ["import", str(source), str(again), str(edited), "--db",
                                              str(tmp_path / "games.db"), "--json"]).output)
    assert report["games"] == imported["added"] and report["already"] == 2 * imported["added"]
    stored = run_query(tmp_path / "games.db", "SELECT id, source, record FROM games ORDER BY id").rows
    exported = duck(tmp_path / "out").execute("SELECT id, source, record FROM games ORDER BY id").fetchall()
    assert exported == [tuple(r) for r in stored]  # the edited record, from its own file


def test_export_writes_a_new_dataset_only(tmp_path, examples_db):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    done = runner.invoke(app, ["export", "--parquet", str(tmp_path / "taken"), "--db", str(examples_db)])
    assert done.exit_code == 2 and "not an empty folder" in done.output


def test_the_documented_schema_is_current():
    assert DOC.read_text(encoding="utf-8") == markdown(), "run: python -m gtr_replay.store.parquet_schema > docs/PARQUET.md"
