"""Importing records: the schema, what each table receives, idempotence, bad records."""

from __future__ import annotations

import sqlite3

import notation
import pytest

from gtr_replay.engine.scoring import result
from gtr_replay.store import Store, import_files, load_state
from gtr_replay.store.rows import game_id, game_rows

from store_helpers import ORPHANS, replays, selfplay_records


def counts(path) -> dict[str, int]:
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("games", "players", "decisions", "events", "snapshots")}
    finally:
        conn.close()


def test_schema_has_tables_views_and_foreign_keys(fresh_db):
    Store(fresh_db).close()
    conn = sqlite3.connect(fresh_db)
    names = {r[0]: r[1] for r in conn.execute("SELECT name, type FROM sqlite_master WHERE name NOT LIKE 'sqlite%'")}
    assert names["games"] == names["players"] == "table"
    for table in ("decisions", "player_states", "points_by_turn"):
        assert (names[table], names[f"stored_{table}"]) == ("view", "table")  # the rows, keyed by games.number
    for view in ("events", "snapshots", "snapshot_states"):  # a statement's events and state are in its row
        assert names[view] == "view"
    for view in ("final_scores", "completions", "first_structures", "turn_points", "leads", "wins", "end_reasons"):
        assert names[view] == "view"
    referenced = {r[2] for t in ("players", "stored_player_states", "stored_points_by_turn")
                  for r in conn.execute(f"PRAGMA foreign_key_list({t})")}
    assert referenced == {"games"}
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one plain file at rest


def test_import_stores_every_statement_event_and_player(fresh_db, selfplay_file):
    with Store(fresh_db) as store:
        report = import_files(store, [selfplay_file])
    assert report.ok and len(report.added) == 3 and report.already == 0
    expected = replays([selfplay_file])
    conn = sqlite3.connect(fresh_db)
    for source, number, replayer, snaps in expected:
        gid, players, winners, decisions, end = conn.execute(
            "SELECT id, players, winners, decisions, end_reason FROM games WHERE record_number = ?",
            [number]).fetchone()
        outcome = result(replayer.final)
        assert gid == game_id(replayer.record)
        assert (players, winners, decisions, end) == (len(replayer.final.players), ", ".join(outcome.winners),
                                                      len(snaps), replayer.final.end_reason)
        stored = conn.execute("SELECT seq, verb, text, actor FROM decisions WHERE game = ? ORDER BY seq",
                              [gid]).fetchall()
        assert stored == [(s.seq, s.kind, s.text, s.player) for s in snaps]
        events = conn.execute("SELECT count(*) FROM events WHERE game = ?", [gid]).fetchone()[0]
        assert events == sum(len(s.events) for s in snaps)
        scores = conn.execute("SELECT name, score FROM players WHERE game = ? ORDER BY seat", [gid]).fetchall()
        assert scores == [(s.player, s.total) for s in outcome.scores]


def test_snapshots_load_back_into_the_same_state(examples_db, examples_source):
    conn = sqlite3.connect(examples_db)
    for source, number, replayer, snaps in replays(examples_source)[:4]:
        gid = game_id(replayer.record)
        for snap in snaps[::40] + snaps[-1:]:  # every state is compared in test_data_out
            assert load_state(conn, gid, snap.seq).to_dict() == snap.state_dict, (source, number, snap.seq)


def test_reimport_adds_nothing(fresh_db, selfplay_file):
    with Store(fresh_db) as store:
        first = import_files(store, [selfplay_file])
    before = counts(fresh_db)
    with Store(fresh_db) as store:
        again = import_files(store, [selfplay_file, selfplay_file.parent])  # the file, and its folder
    assert len(first.added) == 3
    assert (len(again.added), again.already) == (0, 6)
    assert counts(fresh_db) == before


ILLEGAL = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Deck "seed:bad-record:fy-1"]

turn 1 Ann
  Ben leads Patron with Jack
"""

BROKEN = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]

turn 1 Ann
  Ann juggles three Jacks
"""


def test_a_bad_record_is_reported_and_the_others_imported(fresh_db, tmp_path):
    good = selfplay_records()[:2]
    path = tmp_path / "mixed.gtr"
    path.write_text(notation.write(good[0]) + "\n" + ILLEGAL + "\n" + BROKEN + "\n" + notation.write(good[1]),
                    encoding="utf-8")
    with Store(fresh_db) as store:
        report = import_files(store, [path])
    assert len(report.added) == 2
    assert [p.record_number for p in report.problems] == [2, 3]
    illegal, broken = (str(p) for p in report.problems)
    assert f"record 2 of {path} not imported" in illegal and f"{path}:" in illegal
    assert "record 3 of" in broken
    assert counts(fresh_db)["games"] == 2


def test_a_record_of_its_start_alone_is_stored_with_the_games_after_it(fresh_db, tmp_path):
    """A legal record with no statement yet (its tags, a deck) is a game like any other."""
    path = tmp_path / "start.gtr"
    start = '[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n[Deck "seed:start-alone:fy-1"]\n'
    path.write_text(start + "\n" + notation.write(selfplay_records()[0]), encoding="utf-8")
    with Store(fresh_db) as store:
        report = import_files(store, [path])
    assert report.ok and [a.decisions for a in report.added][0] == 0 and len(report.added) == 2
    assert counts(fresh_db)["games"] == 2


@pytest.mark.parametrize("table", list(ORPHANS))
def test_no_row_without_its_game(examples_db, table):
    conn = sqlite3.connect(examples_db)
    assert conn.execute(ORPHANS[table]).fetchone()[0] == 0
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_a_record_with_more_statements_than_a_key_holds_is_a_problem_not_a_crash(fresh_db, selfplay_file,
                                                                                   monkeypatch):
    import gtr_replay.store.rows as rows

    monkeypatch.setattr(rows, "MAX_SEQ", 3)  # the real limit, 1,048,575 statements a game, is out of reach
    with Store(fresh_db) as store:
        report = import_files(store, [selfplay_file], workers=1)
    assert len(report.added) == 0 and len(report.problems) == 3
    assert all("statements a game; split the record" in str(p) for p in report.problems)


def test_a_game_s_rows_read_as_the_views_show_them(examples_db, examples_source):
    """``GameRows.view_rows`` (what an export writes without a database) is what the views give."""
    conn = sqlite3.connect(examples_db)
    orders = {"decisions": "seq", "events": "seq, n", "player_states": "seq, seat", "points_by_turn": "turn, seat"}
    for source, number, replayer, _ in replays(examples_source)[:6]:
        rows = game_rows(replayer.record, source=source, number=number)
        for view, got in rows.view_rows().items():
            want = conn.execute(f"SELECT * FROM {view} WHERE game = ? ORDER BY {orders[view]}", [rows.id]).fetchall()
            assert got == want, (source, number, view)


def test_rows_made_without_states_show_the_same_views_and_are_never_stored(fresh_db, examples_source):
    source, number, replayer, _ = replays(examples_source)[0]
    full = game_rows(replayer.record, source=source, number=number)
    bare = game_rows(replayer.record, source=source, number=number, snapshots=False)
    assert bare.view_rows() == full.view_rows()
    assert all(row[-1] is None for row in bare.decisions) and any(row[-1] for row in full.decisions)
    with Store(fresh_db) as store:
        with pytest.raises(ValueError, match="cannot be stored"):
            store.add(bare)
        assert store.db.execute("SELECT count(*) FROM games").fetchone() == (0,)


def _ctrl_c_during_the_first_game(monkeypatch) -> None:
    import os
    import signal

    from gtr_replay.store import importer

    work = importer._work

    def pressed_during_the_first(task, known=True):
        if task[1] == 1:
            os.kill(os.getpid(), signal.SIGINT)
        return work(task, known)

    monkeypatch.setattr(importer, "_work", pressed_during_the_first)


def _import_with_sigint(handler, db, path):
    import signal

    outside = signal.signal(signal.SIGINT, handler)
    try:
        with Store(db) as store:
            report = import_files(store, [path], workers=1)
        assert signal.getsignal(signal.SIGINT) is handler  # the handler is put back
    finally:
        signal.signal(signal.SIGINT, outside)
    with sqlite3.connect(db) as conn:
        return report, conn.execute("SELECT count(*) FROM games").fetchone()[0]


def test_ctrl_c_while_a_game_is_replayed_stops_after_it_is_stored(fresh_db, selfplay_file, monkeypatch):
    """Ctrl-C is taken between two games: the game being replayed when it comes is still
    stored and counted, and the report says exactly what the database kept."""
    import signal

    _ctrl_c_during_the_first_game(monkeypatch)
    report, stored = _import_with_sigint(signal.default_int_handler, fresh_db, selfplay_file)  # as in a terminal
    assert report.interrupted and len(report.added) == 1 and stored == 1


def test_an_import_started_with_ctrl_c_ignored_keeps_ignoring_it(fresh_db, selfplay_file, monkeypatch):
    """A job in the background of a script starts with the interrupt ignored, and so it stays."""
    import signal

    _ctrl_c_during_the_first_game(monkeypatch)
    report, stored = _import_with_sigint(signal.SIG_IGN, fresh_db, selfplay_file)
    assert not report.interrupted and len(report.added) == stored == 3


def _events(db, game: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT * FROM events WHERE game = ? ORDER BY seq, n", [game]).fetchall()


def test_a_game_rolled_back_takes_the_words_it_numbered_with_it(fresh_db, tmp_path, examples_source, monkeypatch):
    """A game whose transaction rolls back (a full disk) leaves no word code behind, nor an event
    written with one: stored later, after another game has numbered its own words, its events
    read as they do in a database of its own."""
    from gtr_replay.errors import StoreError

    (a, na, ra, _), (b, nb, rb, _) = replays(examples_source)[:2]
    first, second = game_rows(ra.record, source=a, number=na), game_rows(rb.record, source=b, number=nb)
    insert = Store._insert

    def full_disk(self, rows):
        insert(self, rows)
        raise sqlite3.OperationalError("database or disk is full")

    with Store(fresh_db) as store:
        monkeypatch.setattr(Store, "_insert", full_disk)
        with pytest.raises(StoreError, match="disk is full"):
            store.add(first)
        monkeypatch.undo()
        store.add(second)
        store.add(first)
    alone = tmp_path / "alone.db"
    with Store(alone) as store:
        store.add(first)
    assert _events(fresh_db, first.id) == _events(alone, first.id) != []
