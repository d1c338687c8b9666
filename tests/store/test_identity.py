"""A game's identity: what defines it (players, ruleset, rulings, start, moves) and not its
notes (comments, glyphs, variations, descriptive tags). Re-importing an edited record updates
the stored game; changed moves make a new game, which takes the old one's place (--keep-both
keeps both)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace as changed
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.store.rows import game_id

from store_helpers import selfplay_records

runner = CliRunner()


@pytest.fixture(scope="module")
def record():
    return selfplay_records()[2]  # a classic two-player game


def noted(record: notation.Record, remark: str) -> notation.Record:
    """The same game with a comment and a glyph on its first statement and another Event."""
    first_turn = record.turns[0]
    step = first_turn.steps[0]
    step = notation.Step(step.statement, ("!?",), step.notes + (notation.Comment(remark),))
    turn = changed(first_turn, items=(step,) + first_turn.items[1:])
    tags = tuple(notation.Tag(t.name, "edited" if t.name == "Event" else t.value) for t in record.tags)
    return changed(record, tags=tags, turns=(turn,) + record.turns[1:])


def shortened(record: notation.Record, statements: int) -> notation.Record:
    """The game without its last turns (and without the Result tag they led to)."""
    turns, count = [], 0
    for turn in record.turns:
        if count + len(turn.steps) > statements:
            break
        turns.append(turn)
        count += len(turn.steps)
    return changed(record, tags=tuple(t for t in record.tags if t.name != "Result"), turns=tuple(turns))


def import_(path, db, *more):
    result = runner.invoke(app, ["import", str(path), "--db", str(db), *more])
    assert result.exit_code == 0, result.output
    return result


def stored(db) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT id, record, source, record_number FROM games ORDER BY rowid").fetchall()
    finally:
        conn.close()


def test_the_key_follows_the_game_not_its_notes(record):
    key = game_id(record)
    assert game_id(noted(record, "a better move was Road")) == key
    variation = notation.Variation((notation.Step(record.turns[0].steps[0].statement),))
    first = record.turns[0].steps[0]
    with_variation = changed(first, notes=(variation,))
    turns = (changed(record.turns[0], items=(with_variation,) + record.turns[0].items[1:]),) + record.turns[1:]
    assert game_id(changed(record, turns=turns)) == key
    assert game_id(shortened(record, 20)) != key
    for name, value in (("Players", "Ann, Bob"), ("Deck", "seed:other:fy-1"), ("Rulings", "deck-end=empty-draw")):
        tags = tuple(t for t in record.tags if t.name != name) + (notation.Tag(name, value),)
        assert game_id(changed(record, tags=tags)) != key, name


def test_editing_a_comment_and_importing_again_leaves_one_game_with_the_new_comment(record, tmp_path):
    path, db = tmp_path / "game.gtr", tmp_path / "games.db"
    path.write_text(notation.write(record), encoding="utf-8")
    import_(path, db)
    path.write_text(notation.write(noted(record, "a better move was Road")), encoding="utf-8")
    again = import_(path, db)
    assert "0 games added, 1 updated, 0 already" in again.stdout
    assert f"updated game {game_id(record)}" in again.stdout
    games = stored(db)
    assert len(games) == 1 and "{a better move was Road}" in games[0][1]
    conn = sqlite3.connect(db)
    comment, glyphs = conn.execute("SELECT comment, glyphs FROM decisions WHERE seq = 1").fetchone()
    event = json.loads(conn.execute("SELECT tags FROM games").fetchone()[0])["Event"]
    counts = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("decisions", "snapshots")]
    conn.close()
    assert (comment, glyphs, event) == ("a better move was Road", "!?", "edited")
    assert counts[0] == counts[1] == len(record.steps)  # the old rows went with the old text
    assert "1 already" in import_(path, db).stdout  # and the same text again changes nothing


def test_changed_moves_replace_the_old_game_and_keep_both_keeps_it(record, tmp_path):
    path, db = tmp_path / "game.gtr", tmp_path / "games.db"
    path.write_text(notation.write(record), encoding="utf-8")
    import_(path, db)
    path.write_text(notation.write(shortened(record, 30)), encoding="utf-8")
    assert "1 game added, 1 replaced, 0 already" in import_(path, db).stdout
    (gid, _, source, number), = stored(db)
    assert (gid, source, number) == (game_id(shortened(record, 30)), str(path), 1)
    path.write_text(notation.write(shortened(record, 20)), encoding="utf-8")
    result = import_(path, db, "--keep-both", "--json")
    assert json.loads(result.stdout)["replaced"] == 0 and len(stored(db)) == 2


def test_delete_by_id_and_by_source(record, tmp_path):
    path, db = tmp_path / "game.gtr", tmp_path / "games.db"
    path.write_text(notation.write([record, shortened(record, 30)]), encoding="utf-8")
    import_(path, db)
    first, second = (g[0] for g in stored(db))
    result = runner.invoke(app, ["delete", first, "--db", str(db)])
    assert result.exit_code == 0 and f"1 game deleted from {db}: {first}" in result.stdout
    unknown = runner.invoke(app, ["delete", first, "--db", str(db)])
    assert unknown.exit_code == 1 and f"no game {first}" in unknown.stderr
    by_source = runner.invoke(app, ["delete", "--source", str(path), "--db", str(db), "--json"])
    assert by_source.exit_code == 0 and json.loads(by_source.stdout)["deleted"] == [second]
    conn = sqlite3.connect(db)
    assert [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("games", "players", "decisions", "events", "snapshots")] == [0] * 5
    conn.close()
    nothing = runner.invoke(app, ["delete", "--db", str(db)])
    assert nothing.exit_code == 2 and "nothing to delete" in nothing.stderr


@pytest.mark.parametrize("also", [["nope"], ["--source", "elsewhere.gtr"]])
def test_a_delete_naming_one_game_not_stored_deletes_none(record, tmp_path, also):
    """All the games named, or none: a mistyped id (or a file no game came from) beside a
    stored game leaves that game stored."""
    path, db = tmp_path / "game.gtr", tmp_path / "games.db"
    path.write_text(notation.write(record), encoding="utf-8")
    import_(path, db)
    (gid, *_), = stored(db)
    result = runner.invoke(app, ["delete", gid, *also, "--db", str(db)])
    assert result.exit_code == 1 and "nothing was deleted" in result.stderr and "deleted from" not in result.stdout
    assert [g[0] for g in stored(db)] == [gid]
    both = runner.invoke(app, ["delete", gid, "--source", str(path), "--db", str(db), "--json"])
    assert both.exit_code == 0 and json.loads(both.stdout)["deleted"] == [gid]


@pytest.mark.parametrize("spelled", ["./game.gtr", "{folder}/game.gtr", "sub/../game.gtr"])
def test_delete_by_source_finds_the_file_however_it_is_spelled(record, tmp_path, monkeypatch, spelled):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    Path("game.gtr").write_text(notation.write(record), encoding="utf-8")
    assert runner.invoke(app, ["import", "game.gtr", "--db", "games.db"]).exit_code == 0  # stored as typed
    result = runner.invoke(app, ["delete", "--source", spelled.format(folder=tmp_path), "--db", "games.db"])
    assert result.exit_code == 0, result.output
    assert stored(tmp_path / "games.db") == []
