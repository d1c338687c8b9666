"""Reading the store: saved queries against values computed from the replay itself, the
read-only connection, and the commands' output and exit statuses."""

from __future__ import annotations

import json

import notation
import pytest
from store_helpers import replays
from typer.testing import CliRunner

from gtr_replay.data.cards import cards_for
from gtr_replay.cli import app
from gtr_replay.engine.scoring import result, scores
from gtr_replay.game.state import GameState
from gtr_replay.errors import UsageError
from gtr_replay.store import SAVED, run_query, saved_query, streamed_query
from gtr_replay.store.rows import game_id

runner = CliRunner()


@pytest.fixture(scope="module")
def replayed(examples_source, big_lead_file):
    return replays([*examples_source, big_lead_file])


def saved(db, name) -> list[dict]:
    return run_query(db, saved_query(name)).dicts()


def key(replayer) -> str:
    return game_id(replayer.record)


def turns_of(replayer, snaps):
    """The turn each main-line statement was made in: the turn of the state before it."""
    turn = replayer.start.turn
    for snap in snaps:
        if snap.path:
            continue
        yield turn, snap
        turn = snap.state_dict["turn"]


def test_final_scores(examples_db, replayed):
    rows = {(r["game"], r["name"]): (r["score"], r["winner"]) for r in saved(examples_db, "final-scores")}
    expected = {}
    for _, _, replayer, _ in replayed:
        outcome = result(replayer.final)
        for s in outcome.scores:
            # a record that stops before the end (a rulebook position) has no winner yet
            expected[(key(replayer), s.player)] = (s.total, int(replayer.final.over and s.player in outcome.winners))
    assert rows == expected


def test_first_structures(examples_db, replayed):
    rows = {(r["game"], r["player"]): (r["structure"], r["turn"]) for r in saved(examples_db, "first-structures")}
    expected = {}
    for _, _, replayer, snaps in replayed:
        for turn, snap in turns_of(replayer, snaps):
            for e in snap.events:
                if e.kind == "complete":
                    expected.setdefault((key(replayer), e.player), (e.card, turn))
    assert expected and rows == expected


def test_points_by_turn(examples_db, replayed):
    rows = {(r["game"], r["turn"], r["player"]): r["points"] for r in saved(examples_db, "points-by-turn")}
    expected = {}
    for _, _, replayer, snaps in replayed[:3]:
        for turn, snap in turns_of(replayer, snaps):
            for s in scores(GameState.from_dict(snap.state_dict)):
                expected[(key(replayer), turn, s.player)] = s.total
    games = {k[0] for k in expected}
    assert {k: v for k, v in rows.items() if k[0] in games} == expected


def test_big_leads(examples_db, replayed):
    rows = {(r["game"], r["seq"]): (r["actor"], r["role"], r["clients"]) for r in saved(examples_db, "big-leads")}
    expected = {}
    for _, _, replayer, snaps in replayed:
        roles = {name: str(card.role) for name, card in cards_for(replayer.start.ruleset).cards.items()}
        for snap in snaps:
            if snap.kind != "lead":
                continue
            role = snap.state_dict["led_role"]
            leader = next(p for p in snap.state_dict["players"] if p["name"] == snap.player)
            clients = sum(roles[c] == role for c in leader["clientele"])
            if clients >= 3:
                expected[(key(replayer), snap.seq)] = (snap.player, role, clients)
    assert any(clients >= 3 for _, _, clients in expected.values())  # the self-play game chosen for it
    assert rows == expected


def test_query_refuses_writes(examples_db):
    for sql in ("DELETE FROM games", "UPDATE players SET score = 99", "DROP TABLE stored_decisions",
                "CREATE TABLE x (y)"):
        result = runner.invoke(app, ["query", sql, "--db", str(examples_db)])
        assert result.exit_code == 2, sql
        assert "read-only" in result.stderr and "Traceback" not in result.output
    assert run_query(examples_db, "SELECT count(*) FROM games").rows[0][0] > 0


def test_rows_streamed_as_read_are_the_rows_of_the_whole_answer(examples_db):
    sql = saved_query("points-by-turn")
    whole = run_query(examples_db, sql)
    with streamed_query(examples_db, sql) as streamed:
        assert streamed.columns == whole.columns
        assert not isinstance(streamed.rows, list)  # read as they come, a batch at a time
        assert list(streamed.rows) == whole.rows and len(whole.rows) > 1000
    piped = runner.invoke(app, ["query", "--saved", "points-by-turn", "--db", str(examples_db), "--csv"])
    assert piped.exit_code == 0 and len(piped.output.splitlines()) == len(whole.rows) + 1
    with pytest.raises(UsageError, match="no such table: nosuch"):
        with streamed_query(examples_db, "SELECT * FROM nosuch"):
            pass


def test_query_json(examples_db):
    result = runner.invoke(app, ["query", "SELECT name, score FROM players ORDER BY game, seat LIMIT 2",
                                 "--db", str(examples_db), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert len(data) == 2 and set(data[0]) == {"name", "score"}


def test_saved_query_by_name_and_listing(examples_db):
    result = runner.invoke(app, ["query", "--saved", "final-scores", "--db", str(examples_db), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)
    listed = runner.invoke(app, ["query", "--saved", "--db", str(examples_db)])
    assert listed.exit_code == 0 and all(name in listed.stdout for name in SAVED)
    unknown = runner.invoke(app, ["query", "--saved", "nope", "--db", str(examples_db)])
    assert unknown.exit_code == 2 and "unknown saved query 'nope'" in unknown.stderr
    assert all(name in unknown.stdout for name in SAVED)


def test_usage_errors_exit_2(tmp_path):
    missing = runner.invoke(app, ["query", "SELECT 1", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 2 and "no database" in missing.stderr
    nothing = runner.invoke(app, ["import", str(tmp_path / "nowhere"), "--db", str(tmp_path / "g.db")])
    assert nothing.exit_code == 2 and "no such file or folder" in nothing.stderr


def test_import_command_reports_added_and_already(tmp_path, selfplay_file):
    db = str(tmp_path / "g.db")
    first = runner.invoke(app, ["import", str(selfplay_file), "--db", db])
    assert first.exit_code == 0
    assert "republic" in first.stdout and "3 games added, 0 already" in first.stdout
    again = runner.invoke(app, ["import", str(selfplay_file), "--db", db, "--json"])
    assert json.loads(again.stdout)["added"] == 0 and json.loads(again.stdout)["already"] == 3


def test_import_of_a_bad_record_exits_1(tmp_path):
    path = tmp_path / "bad.gtr"
    path.write_text('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n'
                    '[Deck "seed:x:fy-1"]\n\nturn 1 Ann\n  Ben leads Patron with Jack\n', encoding="utf-8")
    result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "g.db")])
    assert result.exit_code == 1
    assert f"record 1 of {path} not imported" in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("command", ["import", "query"])
def test_help_ends_with_an_example(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Example: gtr " + command in result.stdout


def test_a_failed_query_names_the_views_a_first_question_reads(examples_db):
    from gtr_replay.store.schema import FIRST_READ, VIEWS

    result = runner.invoke(app, ["query", "SELECT score FROM scores", "--db", str(examples_db)])
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.split())
    for view in ("final_scores", "player_states", "points_by_turn", "snapshot_states"):
        assert view in said
    assert set(FIRST_READ) <= set(VIEWS)  # each one named is there to read


def test_the_import_summary_counts_the_games_with_no_winner_in_words(tmp_path):
    from store_helpers import EXAMPLES

    position = EXAMPLES / "rulebook" / "ex-bb-academy-1.gtr"  # a rulebook position: no end, no winner
    result = runner.invoke(app, ["import", str(position), "--db", str(tmp_path / "g.db")], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "no winner 1" in result.stdout
    assert "1 game added, 0 already" in result.stdout
