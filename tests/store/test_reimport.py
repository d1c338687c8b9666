"""Importing a corrected file again: the game stored from the same file, record number and
readings gives its place to the corrected one, and the import says which line changed first;
--keep-both keeps both; a record imported under other readings is a game of its own."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
from gtr_replay.cli import app
from gtr_replay.replay.legal import legal_at
from gtr_replay.vocabulary import card_vocabulary

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "examples" / "games"


def import_(path, db, *more):
    result = runner.invoke(app, ["import", str(path), "--db", str(db), *more], terminal_width=300)
    assert result.exit_code == 0, result.output
    return result


def games(db) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT id, source, record_number, rulings FROM games ORDER BY rowid").fetchall()
    finally:
        conn.close()


def corrected(text: str, at: int = 40) -> tuple[str, int, str, str]:
    """The record as a recorder corrects it: statement ``at`` (from 0) made another legal way,
    and the record ending there. Returns the text, the line changed, the statement before and
    after."""
    record = notation.parse_one(text, vocabulary=card_vocabulary())
    step = record.steps[at]
    before = str(step.statement)
    point = legal_at(record, at=at)
    after = next(c for group in point.choices.values() for c in group if c != before)
    lines = text.split("\n")[:step.span.line]
    lines[-1] = f"  {after}"
    lines = [line for line in lines if not line.startswith("[Result ")]
    return "\n".join(lines) + "\n", step.span.line - 1, before, after


@pytest.fixture
def game(tmp_path) -> tuple[Path, Path, str]:
    path, db = tmp_path / "game.gtr", tmp_path / "games.db"
    text = (EXAMPLES / "republic-2p.gtr").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    import_(path, db)
    return path, db, text


def test_a_corrected_move_replaces_the_game_and_names_the_line(game):
    path, db, text = game
    (old, *_), = games(db)
    fixed, line, before, after = corrected(text)
    path.write_text(fixed, encoding="utf-8")
    result = import_(path, db)
    (new, source, number, _), = games(db)
    assert new != old and (source, number) == (str(path), 1)
    assert (f"game {new} replaces game {old} (record 1 of {path}): the moves differ from line {line} on: "
            f"'{after}', stored before as '{before}'") in result.stdout
    assert "1 game added, 1 replaced, 0 already" in result.stdout
    again = import_(path, db, "--json")
    assert json.loads(again.stdout)["already"] == 1 and len(games(db)) == 1


def test_keep_both_keeps_the_old_game_until_the_record_changes_again(game):
    """--keep-both keeps the old game; importing the same file again changes nothing (the old
    game stays, as asked), and a record changed once more takes the place of both."""
    path, db, text = game
    fixed, *_ = corrected(text)
    path.write_text(fixed, encoding="utf-8")
    result = import_(path, db, "--keep-both", "--json")
    assert json.loads(result.stdout)["replaced"] == 0 and len(games(db)) == 2
    again = json.loads(import_(path, db, "--json").stdout)  # the corrected game is there already
    assert again["already"] == 1 and again["replaced"] == 0 and len(games(db)) == 2
    path.write_text(corrected(text, at=30)[0], encoding="utf-8")
    settled = json.loads(import_(path, db, "--json").stdout)
    assert settled["added"] == 1 and settled["replaced"] == 2 and len(games(db)) == 1
    assert settled["replaced_games"][0]["change"].startswith("the moves differ from line ")


def test_records_moved_in_their_file_keep_their_games_and_their_judgements(tmp_path):
    """A record inserted above the others, then two records swapped: every game stays stored
    (now under its record number), nothing is replaced, and no judgement is lost."""
    path, db = tmp_path / "games.gtr", tmp_path / "games.db"
    first, second, third = ((EXAMPLES / name).read_text(encoding="utf-8")
                            for name in ("republic-2p.gtr", "classic-2p.gtr", "imperium-2p.gtr"))
    path.write_text(first + "\n" + second, encoding="utf-8")
    assert runner.invoke(app, ["import", str(path), "--db", str(db), "--analyse", "--budget", "2"]).exit_code == 0
    judged = sqlite3.connect(db).execute("SELECT count(*) FROM evaluations").fetchone()[0]
    stored = {gid: number for gid, _, number, _ in games(db)}
    path.write_text(third + "\n" + second + "\n" + first, encoding="utf-8")
    done = json.loads(import_(path, db, "--json").stdout)
    assert (done["added"], done["replaced"], done["already"]) == (1, 0, 2)
    now = {gid: number for gid, _, number, _ in games(db)}
    assert sorted(now.values()) == [1, 2, 3] and [now[gid] for gid in stored] == [3, 2]  # first, second: moved
    assert sqlite3.connect(db).execute("SELECT count(*) FROM evaluations").fetchone()[0] == judged > 0


def test_each_file_of_an_import_settles_its_own_replaced_games(game, tmp_path):
    """Two files in one import: the first one's changed record replaces its old game too, not
    only the last file's."""
    path, db, text = game
    other = tmp_path / "other.gtr"
    other.write_text((EXAMPLES / "classic-2p.gtr").read_text(encoding="utf-8"), encoding="utf-8")
    path.write_text(corrected(text)[0], encoding="utf-8")
    done = json.loads(runner.invoke(app, ["import", str(path), str(other), "--db", str(db), "--json"]).stdout)
    assert done["replaced"] == 1 and len(games(db)) == 2

def test_a_file_named_another_way_is_the_same_file(game):
    """x.gtr, ./x.gtr and its absolute path name one file: a changed record imported under
    its absolute path replaces the game stored under its relative name."""
    path, db, text = game
    relative = Path(path.name)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(path.parent)
        other_db = Path("other.db")
        import_(relative, other_db)
        path.write_text(corrected(text)[0], encoding="utf-8")
        done = json.loads(import_(path.resolve(), other_db, "--json").stdout)
        assert done["replaced"] == 1 and len(games(other_db)) == 1


def test_a_record_corrected_in_its_notes_keeps_its_judgements(game):
    """An Event tag corrected: the game is updated in place, and its judgements stay."""
    path, db, text = game
    assert runner.invoke(app, ["import", str(path), "--db", str(db), "--analyse", "--budget", "2"]).exit_code == 0
    count = sqlite3.connect(db).execute("SELECT count(*) FROM evaluations").fetchone()[0]
    path.write_text(text.replace('[Event "', '[Event "corrected: ', 1), encoding="utf-8")
    assert json.loads(import_(path, db, "--json").stdout)["updated"] == 1
    assert sqlite3.connect(db).execute("SELECT count(*) FROM evaluations").fetchone()[0] == count > 0


def test_a_record_under_other_readings_is_a_game_of_its_own(game):
    path, db, text = game
    import_(path, db, "--rulings", "deck-end=empty-draw")
    assert len(games(db)) == 2 and len({g[3] for g in games(db)}) == 2
    fixed, *_ = corrected(text)
    path.write_text(fixed, encoding="utf-8")
    result = json.loads(import_(path, db, "--json").stdout)
    assert result["replaced"] == 1 and len(games(db)) == 2  # the other readings' game is kept


def test_a_record_inserted_before_the_others_moves_them_without_losing_one(tmp_path):
    first = (EXAMPLES / "republic-2p.gtr").read_text(encoding="utf-8")
    second = (EXAMPLES / "classic-2p.gtr").read_text(encoding="utf-8")
    new = (EXAMPLES / "imperium-2p.gtr").read_text(encoding="utf-8")
    path, db = tmp_path / "games.gtr", tmp_path / "games.db"
    path.write_text(first + "\n" + second, encoding="utf-8")
    import_(path, db)
    kept = {g[0] for g in games(db)}
    path.write_text(new + "\n" + first + "\n" + second, encoding="utf-8")
    import_(path, db)
    stored = games(db)
    assert len(stored) == 3 and kept < {g[0] for g in stored}
    assert sorted(g[2] for g in stored) == [1, 2, 3]
