"""Data that leaves cleanly: player_states, whole snapshots in plain SQL, and query output
as CSV, TSV and JSON that no cell is cut from."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from store_helpers import replays
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine import rules
from gtr_replay.errors import StoreError
from gtr_replay.game import GameState
from gtr_replay.store import Store, run_query
from gtr_replay.store.rows import game_id
from gtr_replay.store.snapshots import expand

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def replayed(examples_source):
    return replays(examples_source[:1])


def test_player_states_has_a_row_per_decision_and_player(examples_db, replayed):
    conn = sqlite3.connect(examples_db)
    source, number, replayer, snaps = replayed[0]
    (gid,) = conn.execute("SELECT id FROM games WHERE source = ? AND record_number = ?", [source, number]).fetchone()
    rows = conn.execute("SELECT seq, name, turn, hand, clientele, stockpile, vault, influence, points, completed, "
                        "foundations FROM player_states WHERE game = ? ORDER BY seq, seat", [gid]).fetchall()
    want = []
    for snap in snaps:
        state = snap.state
        for i, p in enumerate(state.players):
            done = sum(1 for b in p.buildings if b.complete)
            want.append((snap.seq, p.name, snap.turn, len(p.hand), len(p.clientele), len(p.stockpile), len(p.vault),
                         rules.influence(state, i), snap.annotation.points[p.name], done, len(p.buildings) - done))
    assert rows == want
    total = conn.execute("SELECT count(*) FROM player_states").fetchone()[0]
    assert total == conn.execute("SELECT sum(g.players) FROM decisions d JOIN games g ON g.id = d.game").fetchone()[0]


def test_the_common_questions_need_no_python(examples_db):
    # who had the biggest clientele at any point, and the largest hand at the end of each game
    biggest = run_query(examples_db, "SELECT max(clientele) AS most FROM player_states").rows[0][0]
    assert biggest >= 1
    last = run_query(examples_db, """SELECT s.game, s.name, s.hand FROM player_states s
        JOIN (SELECT game, max(seq) AS seq FROM decisions WHERE path = '' GROUP BY game) e
          ON e.game = s.game AND e.seq = s.seq""").rows
    assert len(last) == run_query(examples_db, "SELECT sum(players) FROM games").rows[0][0]


def test_snapshots_rebuild_every_state_in_sql(examples_db, examples_source, big_lead_file):
    conn = sqlite3.connect(examples_db)
    constants = {g: dict(zip(("ruleset", "rulings", "expansions", "deck"), row))
                 for g, *row in conn.execute("SELECT id, ruleset, rulings, expansions, deck FROM games")}
    rows = {(game, seq): text for game, seq, text in conn.execute("SELECT game, seq, state FROM snapshots")}
    assert len(rows) == conn.execute("SELECT count(*) FROM decisions").fetchone()[0]
    compared = 0
    for _, _, replayer, snaps in replays([*examples_source, big_lead_file]):
        gid = game_id(replayer.record)
        for snap in snaps:
            state = GameState.from_dict(expand(json.loads(rows[gid, snap.seq]), constants[gid]))
            assert state.to_dict() == snap.state_dict, (gid, snap.seq, snap.text)
            compared += 1
    assert compared == len(rows)
    # snapshot_states rebuilds each one on its own, the same; json_extract reads it
    some = conn.execute("SELECT game, seq, state FROM snapshot_states WHERE seq % 23 = 1 OR game IN "
                        "(SELECT id FROM games WHERE statements < 30)").fetchall()
    assert len(some) > 200 and all(json.loads(text) == json.loads(rows[game, seq]) for game, seq, text in some)
    turns = conn.execute("SELECT count(*) FROM snapshot_states WHERE seq % 23 = 1 AND json_extract(state, '$.turn') "
                         ">= 1").fetchone()[0]
    assert turns == conn.execute("SELECT count(*) FROM decisions WHERE seq % 23 = 1").fetchone()[0]


def test_one_state_costs_its_line_up_to_it(examples_db):
    conn = sqlite3.connect(examples_db)
    game, seq = conn.execute("SELECT game, max(seq) FROM decisions GROUP BY game ORDER BY count(*) DESC").fetchone()
    plan = " ".join(r[3] for r in conn.execute("EXPLAIN QUERY PLAN SELECT state FROM snapshot_states "
                                               "WHERE game = ? AND seq = ?", [game, seq]))
    assert "SEARCH g USING" in plan and "SCAN g" not in plan  # the game by its id, not every game
    (state,) = conn.execute("SELECT state FROM snapshot_states WHERE game = ? AND seq = ?", [game, seq]).fetchone()
    assert json.loads(state)["players"]
    # counting the rows rebuilds no state: what Datasette does before it shows a page of them
    counting = " ".join(r[3] for r in conn.execute("EXPLAIN QUERY PLAN SELECT count(*) FROM snapshot_states"))
    assert "fold" in plan and "fold" not in counting


def test_a_database_of_an_older_layout_is_refused_with_what_to_do(examples_db, tmp_path):
    copy = tmp_path / "old.db"
    shutil.copy(examples_db, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("PRAGMA user_version = 5")
    with pytest.raises(StoreError, match="schema version 5: this gtr writes version 6") as caught:
        Store(copy)
    assert caught.value.hint == "import into a new database file"


def _other_databases(examples_db, tmp_path) -> dict[str, object]:
    """Files that are no games database of this version, each made as a user might meet it."""
    made = {"text": tmp_path / "notes.db", "older": tmp_path / "old.db", "foreign": tmp_path / "foreign.db",
            "partial": tmp_path / "partial.db"}
    made["text"].write_text("not SQLite\n" * 200, encoding="utf-8")
    shutil.copy(examples_db, made["older"])
    with sqlite3.connect(made["older"]) as conn:
        conn.execute("PRAGMA user_version = 5")
    with sqlite3.connect(made["foreign"]) as conn:  # another program's games
        conn.execute("CREATE TABLE games (title TEXT, year INTEGER)")
    with sqlite3.connect(made["partial"]) as conn:
        conn.execute("CREATE TABLE games (id TEXT)")
        conn.execute("PRAGMA user_version = 6")
    return made


def test_a_file_that_is_no_games_database_is_refused_in_words_by_import_and_export(examples_db, tmp_path):
    """Never a traceback, and nothing written into another program's database."""
    expected = {"text": "file is not a database", "older": "schema version 5",
                "foreign": "another program's database: it holds tables of its own (games)",
                "partial": "tables of a games database are missing"}
    exported = {"text": "is not a games database", "older": "database schema version 5, not 6",
                "foreign": "holds no games written by gtr import", "partial": "tables of a games database are missing"}
    record = str(next(iter(sorted((ROOT / "examples" / "rulebook").glob("*.gtr")))))
    for kind, path in _other_databases(examples_db, tmp_path).items():
        before = path.read_bytes()
        result = runner.invoke(app, ["import", record, "--db", str(path)])
        assert result.exit_code != 0 and expected[kind] in result.output, (kind, result.output)
        assert "Traceback" not in result.output and path.read_bytes() == before
        result = runner.invoke(app, ["export", "--db", str(path), "--parquet", str(tmp_path / f"out-{kind}")])
        assert result.exit_code != 0 and exported[kind] in result.output, (kind, result.output)
        assert "Traceback" not in result.output


def query(db, *args):
    return runner.invoke(app, ["query", *args, "--db", str(db)])


def test_a_query_of_a_file_that_is_no_games_database_is_refused_as_import_and_export_refuse_it(examples_db, tmp_path):
    """A bad database is bad input, exit 1 (README: a usage error is 2), whether the file is
    no SQLite at all or another program's; said in the words the other commands use."""
    made = _other_databases(examples_db, tmp_path)
    for kind, words in (("text", "is not a games database: file is not a database (give a database written by gtr"),
                        ("foreign", "no such table: statements, because")):
        result = query(made[kind], "SELECT * FROM statements")
        assert result.exit_code == 1 and words in result.output, (kind, result.exit_code, result.output)
        assert runner.invoke(app, ["export", "--db", str(made[kind]), "--parquet", str(tmp_path / kind)]).exit_code == 1


def test_csv_round_trips_with_no_cell_cut(examples_db):
    result = query(examples_db, "--saved", "final-scores", "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout, newline="")))
    expected = run_query(examples_db, "SELECT game, source, record_number, seat, name, score, influence, vault, "
                                      "bonuses, powers, winner FROM final_scores ORDER BY source, record_number, "
                                      "seat")
    assert rows[0] == expected.columns
    assert rows[1:] == [["" if v is None else str(v) for v in row] for row in expected.rows]
    assert any(len(row[0]) == 16 for row in rows[1:])  # whole game ids


def test_csv_quotes_commas_and_line_breaks(examples_db):
    result = query(examples_db, "SELECT 'a, b' AS x, 'one\ntwo' AS y, NULL AS z", "--csv")
    assert list(csv.reader(io.StringIO(result.stdout, newline=""))) == [["x", "y", "z"], ["a, b", "one\ntwo", ""]]


def test_piped_output_is_tab_separated_and_whole(examples_db):
    result = query(examples_db, "SELECT id, record, source FROM games ORDER BY id LIMIT 1")
    header, row = result.stdout.rstrip("\n").split("\n")[:2]
    assert header == "id\trecord\tsource"
    cells = row.split("\t")
    full = run_query(examples_db, "SELECT id, record, source FROM games ORDER BY id LIMIT 1").rows[0]
    assert cells[0] == full[0] and cells[2] == full[2]
    assert cells[1] == " ".join(full[1].replace("\t", " ").split("\n"))  # line breaks become spaces
    tsv = query(examples_db, "SELECT 1 AS n", "--tsv")
    assert tsv.stdout == "n\n1\n"


def test_json_and_one_format_at_a_time(examples_db):
    result = query(examples_db, "SELECT 1 AS n, 'Ann' AS name", "--json")
    assert json.loads(result.stdout) == [{"n": 1, "name": "Ann"}]
    both = query(examples_db, "SELECT 1", "--csv", "--json")
    assert both.exit_code == 2 and "one of --json, --csv and --tsv" in both.stderr


def test_a_query_on_a_database_of_an_older_layout_names_its_version(examples_db, tmp_path):
    """A saved query whose view an older database lacks: the answer is the version to re-import
    from, not an SQL error to puzzle over."""
    old = tmp_path / "old.db"
    shutil.copy(examples_db, old)
    with sqlite3.connect(old) as conn:
        conn.execute("DROP VIEW final_scores")
        conn.execute("PRAGMA user_version = 5")
    result = query(old, "--saved", "final-scores")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "no such table: final_scores" in result.output and "schema version 5, not 6" in result.output
    assert "import the records into a new database file" in result.output
    # the same mistake in a database of this version is the SQL's
    result = query(examples_db, "SELECT * FROM final_score")
    assert result.exit_code != 0 and "no such table: final_score" in result.output
    assert "schema version" not in result.output and "check the SQL" in result.output
