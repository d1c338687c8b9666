"""``gtr analyse -o``: the record with its marks and comments replays, is canonical, and can
be judged again; ``--db`` stores the evaluations beside the game."""

from __future__ import annotations

import json
import sqlite3

import notation
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.store.evaluations import COSTLIEST

from tests.play.positions import forum_romanum

runner = CliRunner()

MISSED = forum_romanum(action="You lays Basilica on Marble")


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def test_the_annotated_record_replays_is_canonical_and_names_the_better_decision(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    annotated = tmp_path / "annotated.gtr"
    done = run("analyse", source, "--budget", "12", "-o", annotated)
    assert done.exit_code == 0, done.output
    text = annotated.read_text(encoding="utf-8")
    assert "You lays Basilica on Marble ?? {analyse: You adds Basilica to Forum Romanum was better: 100% to win" in text
    judged = json.loads(run("analyse", source, "--budget", "12", "--json").stdout)["judgements"]
    searched = [j for j in judged if j["chance_played"] is not None]
    assert text.count("[%chance ") == len(searched) > 1  # every judged statement carries its chances
    assert any(j["mark"] is None for j in searched)
    for j in searched:
        if j["mark"] is None:
            assert f"{j['played']} {{[%chance {j['chance_played']:.2f} {j['chance_best']:.2f}]}}" in text
    assert run("check", annotated).exit_code == 0
    fmt = run("fmt", "--check", annotated)
    assert fmt.exit_code == 0, fmt.output
    again = tmp_path / "again.gtr"
    assert run("analyse", annotated, "--budget", "12", "-o", again).exit_code == 0
    assert again.read_text(encoding="utf-8") == text  # judged again: replaced, not doubled


def test_the_recorder_s_own_glyphs_stay_where_an_analysis_writes_its_marks(tmp_path):
    """Only an analysis's own mark is replaced: a recorder's ?! on a statement not judged
    (--at judges the third) stays, and so does a recorder's ? on the judged one, beside the ??
    the analysis gives it; judged again, the record is the same."""
    source = tmp_path / "game.gtr"
    source.write_text(MISSED.replace("Left follows with Dock", "Left follows with Dock ?!")
                      .replace("You lays Basilica on Marble", "You lays Basilica on Marble ?"), encoding="utf-8")
    annotated, again = tmp_path / "annotated.gtr", tmp_path / "again.gtr"
    assert run("analyse", source, "--budget", "12", "--at", "3", "-o", annotated).exit_code == 0
    text = annotated.read_text(encoding="utf-8")
    assert "Left follows with Dock ?!\n" in text
    assert "You lays Basilica on Marble ? ?? {analyse: You adds Basilica to Forum Romanum was better" in text
    assert run("analyse", annotated, "--budget", "12", "--at", "3", "-o", again).exit_code == 0
    assert again.read_text(encoding="utf-8") == text

def test_a_mark_the_recorder_gave_is_not_written_twice_nor_taken_for_an_analysis_s(tmp_path):
    """The recorder's ?? where the analysis marks ?? too is written once; a recorder's ? beside
    an earlier analysis's chances without a mark (no better decision named) is the recorder's,
    and stays when the record is judged again."""
    source = tmp_path / "game.gtr"
    source.write_text(MISSED.replace("Left follows with Dock", "Left follows with Dock ? {[%chance 0.50 0.52]}")
                      .replace("You lays Basilica on Marble", "You lays Basilica on Marble ??"), encoding="utf-8")
    annotated = tmp_path / "annotated.gtr"
    assert run("analyse", source, "--budget", "12", "-o", annotated).exit_code == 0
    text = annotated.read_text(encoding="utf-8")
    assert "You lays Basilica on Marble ?? {analyse:" in text and "?? ??" not in text
    assert "Left follows with Dock ? {" in text

def test_the_annotated_record_is_the_same_game(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    annotated = tmp_path / "annotated.gtr"
    assert run("analyse", source, "--budget", "8", "-o", annotated).exit_code == 0
    before, after = notation.parse(MISSED)[0], notation.parse(annotated.read_text(encoding="utf-8"))[0]
    assert [s.statement for s in before.steps] == [s.statement for s in after.steps]


def test_analyse_never_overwrites_a_file(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    done = run("analyse", source, "--budget", "4", "-o", source)
    assert done.exit_code == 2 and "already exists" in done.output


def test_bad_options_are_usage_errors_in_words(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    for args, words in ((("--at", "9"), "the main line has 3 statement(s)"),
                        (("--as", "Nobody"), "Nobody is not in the Players tag"),
                        (("--budget", "0"), "at least 1 playout"),
                        (("--at", "1", "--turn", "1"), "give one of them")):
        done = run("analyse", source, *args)
        assert done.exit_code == 2, done.output
        assert words in done.output


def test_the_evaluations_are_stored_beside_the_game(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    db = tmp_path / "games.db"
    done = run("analyse", source, "--budget", "12", "--db", db, "--json")
    assert done.exit_code == 0, done.output
    judged = [j for j in json.loads(done.stdout)["judgements"] if j["chance_played"] is not None]
    with sqlite3.connect(db) as conn:
        conn.row_factory = sqlite3.Row
        stored = [dict(r) for r in conn.execute("SELECT * FROM evaluations ORDER BY statement")]
        games = [r[0] for r in conn.execute("SELECT id FROM games")]
        costliest = [dict(r) for r in conn.execute(COSTLIEST)]
    assert [(r["game"], r["statement"], r["player"], r["chance_played"], r["best"], r["chance_best"])
            for r in stored] == [(games[0], j["index"], j["player"], j["chance_played"], j["best"], j["chance_best"])
                                 for j in judged]
    assert {r["budget"] for r in stored} == {12} and {r["seed"] for r in stored} == {"1"}
    yours = [r for r in costliest if r["player"] == "You"]
    assert yours[0]["played"] == "You lays Basilica on Marble" and yours[0]["mark"] == "??"
    assert [r["player"] for r in costliest] == sorted(r["player"] for r in costliest)
    assert run("analyse", source, "--budget", "12", "--db", db).exit_code == 0  # again: replaced
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM evaluations").fetchone()[0] == len(stored)


def test_import_analyse_stores_what_analyse_gives_and_judges_a_game_once_per_budget_and_seed(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    refused = tmp_path / "refused.gtr"
    refused.write_text(MISSED.replace("You lays Basilica on Marble", "You lays Basilica on Wood"), encoding="utf-8")
    db = tmp_path / "games.db"
    done = run("import", source, refused, "--db", db, "--analyse", "--budget", "12", "--json")
    assert done.exit_code == 1, done.output  # the refused record is reported, not stored, not judged
    assert json.loads(done.stdout)["analysed"] == {"games": 1, "evaluations": 3, "already": 0, "budget": 12,
                                                   "seed": "1", "not_judged": 0}
    expected = [j for j in json.loads(run("analyse", source, "--budget", "12", "--json").stdout)["judgements"]
                if j["chance_played"] is not None]

    def stored():
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT statement, player, played, chance_played, best, chance_best, mark, seed "
                                "FROM evaluations ORDER BY statement").fetchall()

    assert stored() == [(j["index"], j["player"], j["played"], j["chance_played"], j["best"], j["chance_best"],
                         j["mark"], "1") for j in expected]
    again = run("import", source, "--db", db, "--analyse", "--budget", "12")
    assert again.exit_code == 0 and "1 game judged before" in again.stdout, again.output
    other = run("import", source, "--db", db, "--analyse", "--budget", "12", "--seed", "2", "--json")
    assert json.loads(other.stdout)["analysed"]["games"] == 1
    assert {row[-1] for row in stored()} == {"2"}  # judged again: its rows replaced


def test_a_game_judged_in_part_is_judged_to_the_end_as_a_whole_one_is(tmp_path):
    """One turn judged into the database does not make the game judged: the corpus run judges
    the rest, and the rows are those of a game judged whole (each statement from its own seed)."""
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    part, whole = tmp_path / "part.db", tmp_path / "whole.db"
    assert run("analyse", source, "--budget", "12", "--at", "3", "--db", part).exit_code == 0
    done = run("import", source, "--db", part, "--analyse", "--budget", "12", "--json")
    assert json.loads(done.stdout)["analysed"]["games"] == 1, done.output
    assert run("import", source, "--db", whole, "--analyse", "--budget", "12").exit_code == 0

    def rows(db):
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT statement, played, chance_played, best, chance_best, mark FROM evaluations "
                                "ORDER BY statement").fetchall()

    assert len(rows(whole)) == 3 and rows(part) == rows(whole)
    again = run("import", source, "--db", part, "--analyse", "--budget", "12", "--json")
    assert json.loads(again.stdout)["analysed"]["already"] == 1

def test_import_budget_and_seed_need_analyse(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    done = run("import", source, "--db", tmp_path / "games.db", "--budget", "12")
    assert done.exit_code == 2 and "add --analyse" in done.output
    assert not (tmp_path / "games.db").exists()


def test_a_corpus_is_judged_game_by_game_into_a_database(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "missed.gtr").write_text(MISSED, encoding="utf-8")
    (folder / "won.gtr").write_text(forum_romanum(action="You adds Basilica to Forum Romanum"), encoding="utf-8")
    without = run("analyse", folder, "--budget", "6")
    assert without.exit_code == 2 and "add --db" in without.output
    chosen = run("analyse", folder, "--db", tmp_path / "games.db", "--at", "2")
    assert chosen.exit_code == 2 and "--at: only for one record" in chosen.output
    done = run("analyse", folder, "--db", tmp_path / "games.db", "--budget", "6", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["analysed"]["games"] == 2
    single = [j for j in json.loads(run("analyse", folder / "missed.gtr", "--budget", "6", "--json").stdout)[
        "judgements"] if j["chance_played"] is not None]
    with sqlite3.connect(tmp_path / "games.db") as conn:
        games = conn.execute("SELECT count(DISTINCT game) FROM evaluations").fetchone()[0]
        stored = conn.execute("SELECT e.statement, e.chance_played, e.best FROM evaluations e JOIN games g "
                              "ON g.id = e.game WHERE g.source LIKE '%missed.gtr' ORDER BY e.statement").fetchall()
    assert games == 2
    assert stored == [(j["index"], j["chance_played"], j["best"]) for j in single]


def test_a_decision_with_one_legal_choice_is_judged_without_a_search(tmp_path):
    """A think the rules leave one way to take (the engine does not take a think by itself: it
    draws cards the record shows) is judged as not searched: no chance, no mark."""
    from gtr_replay.engine import Game
    from gtr_replay.game.state import GameState
    from gtr_replay.play.analysis import positions
    from gtr_replay.play.selfplay import selfplay

    record = next(selfplay("republic", 3, "analyse-1", 1)).record(event="one legal choice")
    only = next(p for p in positions(record) if len(Game(GameState.from_dict(p.state)).legal()) == 1)
    source = tmp_path / "game.gtr"
    source.write_text(notation.write([record]), encoding="utf-8")
    done = run("analyse", source, "--at", str(only.index), "--budget", "4", "--json")
    assert done.exit_code == 0, done.output
    (judged,) = json.loads(done.stdout)["judgements"]
    assert (judged["choices"], judged["chance_played"], judged["best"], judged["mark"], judged["playouts"]) == (
        1, None, None, None, 0)


def test_the_page_shows_the_evaluations_the_database_holds_as_it_shows_an_annotated_record(tmp_path):
    from tests.render.test_hostile_pages import data_of

    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    db = tmp_path / "games.db"
    assert run("import", source, "--db", db, "--analyse", "--budget", "12").exit_code == 0
    from_db = tmp_path / "from-db.html"
    done = run("view", source, "--db", db, "-o", from_db)
    assert done.exit_code == 0, done.output
    annotated = tmp_path / "annotated.gtr"
    assert run("analyse", source, "--budget", "12", "-o", annotated).exit_code == 0
    from_record = tmp_path / "from-record.html"
    assert run("view", annotated, "-o", from_record).exit_code == 0

    def judged(page):
        return [line["judged"] for line in data_of(page)["views"][0]["lines"]]

    assert judged(from_db) == judged(from_record)
    assert any(j and j["mark"] == "??" for j in judged(from_db))
    plain = run("view", source, "--db", tmp_path / "missing.db", "-o", tmp_path / "x.html")
    assert plain.exit_code == 2 and "the file does not exist" in plain.output


def test_the_costliest_decisions_are_a_saved_query_where_games_were_judged(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED, encoding="utf-8")
    plain, judged = tmp_path / "plain.db", tmp_path / "judged.db"
    assert run("import", source, "--db", plain).exit_code == 0
    refused = run("query", "--saved", "costliest-decisions", "--db", plain)
    assert refused.exit_code == 2 and "holds none" in refused.output and "--analyse" in refused.output
    assert run("import", source, "--db", judged, "--analyse", "--budget", "12").exit_code == 0
    done = run("query", "--saved", "costliest-decisions", "--db", judged, "--json")
    assert done.exit_code == 0, done.output
    rows = json.loads(done.stdout)
    with sqlite3.connect(judged) as conn:
        conn.row_factory = sqlite3.Row
        assert rows == [dict(r) for r in conn.execute(COSTLIEST)] and rows[0]["mark"] == "??"
    listed = run("query", "--saved", "--db", plain)
    assert "costliest-decisions" in listed.stdout
    meta = tmp_path / "meta.json"
    assert run("import", source, "--db", judged, "--metadata", meta).exit_code == 0
    assert "costliest-decisions" in json.loads(meta.read_text())["databases"]["judged"]["queries"]


def test_a_record_that_does_not_replay_is_refused_where_it_stands_in_its_file(tmp_path):
    source = tmp_path / "game.gtr"
    source.write_text(MISSED.replace("You lays Basilica on Marble", "You lays Basilica on Wood"), encoding="utf-8")
    done = run("analyse", source, "--budget", "4")
    assert done.exit_code != 0 and f"cannot be judged: {source}:" in done.output and "<record>" not in done.output


def test_a_record_that_does_not_read_is_a_bad_record_as_check_says(tmp_path):
    """A notation error is the record's fault, exit status 1, as gtr check and gtr show give
    it; 2 is for options that cannot work."""
    path = tmp_path / "bad.gtr"
    path.write_text('[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann flies\n', encoding="utf-8")
    for command in (["analyse", str(path)], ["check", str(path)]):
        done = runner.invoke(app, command)
        assert done.exit_code == 1 and "unexpected 'flies'" in done.output, command
    assert runner.invoke(app, ["show", str(path)]).exit_code == 1
