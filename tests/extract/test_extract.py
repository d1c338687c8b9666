"""``gtr extract`` selects, splits, merges and de-duplicates records as ``gtr import`` and SQL
would: each selection is compared with the same question asked of the imported database."""

from __future__ import annotations

import json
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.extract import Selection, TagTest, extract, output
from gtr_replay.store import run_query
from gtr_replay.store.rows import game_id
from gtr_replay.vocabulary import card_vocabulary

runner = CliRunner()


def keys(path: Path) -> list[str]:
    """The game key of every record of a file, in order (the store's own function)."""
    records = notation.parse(path.read_text(encoding="utf-8"), vocabulary=card_vocabulary())
    return [game_id(r) for r in records]


def ids(db: Path, sql: str) -> set[str]:
    return {row[0] for row in run_query(db, sql).rows}


def run(tmp_path: Path, corpus, *options: str) -> tuple[list[str], dict]:
    out = tmp_path / "out.gtr"
    done = runner.invoke(app, ["extract", *map(str, corpus), *options, "--out", str(out), "--json"])
    report = json.loads(done.output)
    return (keys(out) if out.exists() and out.read_text().strip() else []), report


@pytest.mark.parametrize("options, sql", [
    (["--tag", "Ruleset=classic"], "SELECT id FROM games WHERE ruleset = 'classic'"),
    (["--tag", "Ruleset!=classic", "--player", "Cid"],
     "SELECT game FROM players p JOIN games g ON g.id = p.game WHERE name = 'Cid' AND ruleset != 'classic'"),
    (["--since", "2026.03", "--until", "2026.08.31"],
     "SELECT id FROM games WHERE json_extract(tags, '$.Date') BETWEEN '2026.03.01' AND '2026.08.31'"),
    (["--tag", "Event~NIGHT 1"], "SELECT id FROM games WHERE json_extract(tags, '$.Event') LIKE '%night 1%'"),
    (["--end-reason", "deck"], "SELECT id FROM games WHERE end_reason = 'deck'"),
    (["--winner", "Ben"], "SELECT game FROM players WHERE name = 'Ben' AND winner"),
    (["--legal"], "SELECT id FROM games"),
])
def test_a_selection_keeps_the_games_sql_finds(tmp_path, corpus, corpus_db, options, sql):
    found, report = run(tmp_path, corpus, *options, "--dedupe")
    expected = ids(corpus_db, sql)
    assert expected, "the corpus must hold games of this selection"
    assert sorted(found) == sorted(expected)
    assert report["written"] == len(expected)


def test_completed_structures_are_those_of_the_completions_view(tmp_path, corpus, corpus_db):
    rows = run_query(corpus_db, "SELECT structure, count(DISTINCT game) FROM completions GROUP BY structure "
                                "ORDER BY 2 DESC, 1").rows
    games = len(ids(corpus_db, "SELECT id FROM games"))
    structure = next(s for s, n in rows if 1 < n < games)  # in some games, not all
    found, _ = run(tmp_path, corpus, "--completed", structure, "--dedupe")
    assert sorted(found) == sorted(ids(corpus_db, f"SELECT game FROM completions WHERE structure = '{structure}'"))


def test_refused_keeps_what_import_refuses(tmp_path, corpus, corpus_db):
    out = tmp_path / "out.gtr"
    done = runner.invoke(app, ["extract", *map(str, corpus), "--refused", "--out", str(out)])
    assert done.exit_code == 0, done.output
    text = out.read_text()
    assert text.count('[Game "Glory to Rome"]') == 2
    assert "disputed night" in text and "Ann flies away" in text  # written as they were, unreadable or not


def test_dedupe_writes_each_stored_game_once_the_first_record_of_it(tmp_path, corpus, corpus_db):
    everything = runner.invoke(app, ["extract", *map(str, corpus), "--out", str(tmp_path / "all.gtr"), "--json"])
    assert json.loads(everything.output)["written"] == 15
    found, report = run(tmp_path, corpus, "--legal", "--dedupe")
    assert sorted(found) == sorted(ids(corpus_db, "SELECT id FROM games"))
    assert report["duplicates"] == 2
    assert "club evening" not in (tmp_path / "out.gtr").read_text()  # the first record of the game is kept


def test_split_then_import_stores_the_same_games(tmp_path, corpus, corpus_db):
    folder = tmp_path / "parts"
    done = runner.invoke(app, ["extract", *map(str, corpus), "--legal", "--split", "3", "--out", str(folder)])
    assert done.exit_code == 0, done.output
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"{n:06d}.gtr" for n in range(1, 6)]
    counts = [len(keys(f)) for f in files]
    assert counts == [3, 3, 3, 3, 1]
    written = [k for f in files for k in keys(f)]
    assert set(written) == ids(corpus_db, "SELECT id FROM games") and len(written) == 13
    again = runner.invoke(app, ["import", str(folder), "--db", str(tmp_path / "again.db"), "--json"])
    assert json.loads(again.output)["added"] == 11
    assert ids(tmp_path / "again.db", "SELECT id FROM games") == ids(corpus_db, "SELECT id FROM games")


def test_merge_keeps_the_order_of_the_files_and_canonical_text_is_formatted(tmp_path, corpus):
    out = tmp_path / "merged.gtr"
    done = runner.invoke(app, ["extract", str(corpus[1]), str(corpus[0]), "--tag", "Result", "--canonical",
                               "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert keys(out) == [k for f in (corpus[1], corpus[0]) for k in keys_of_readable(f)]
    assert runner.invoke(app, ["fmt", "--check", str(out)]).exit_code == 0


def keys_of_readable(path: Path) -> list[str]:
    from notation import scan
    found = []
    for line, piece in scan.file_pieces(path):
        try:
            record = notation.parse_one(piece, vocabulary=card_vocabulary())
        except notation.NotationError:
            continue
        if record.tag("Result") is not None:
            found.append(game_id(record))
    return found


def test_records_are_copied_byte_for_byte_without_canonical(tmp_path, corpus):
    out = tmp_path / "copy.gtr"
    assert runner.invoke(app, ["extract", str(corpus[1]), "--out", str(out)]).exit_code == 0
    assert out.read_text() == corpus[1].read_text().rstrip() + "\n"


def test_a_record_that_cannot_be_keyed_is_reported_and_left_out(tmp_path, corpus):
    out = tmp_path / "out.gtr"
    done = runner.invoke(app, ["extract", str(corpus[1]), "--dedupe", "--out", str(out)])
    assert done.exit_code == 1
    assert "Ann flies away" not in out.read_text()
    assert f"{corpus[1]}:" in done.output and "could not be keyed" in done.output


def test_extract_never_writes_over_a_file(tmp_path, corpus):
    out = tmp_path / "taken.gtr"
    out.write_text("mine\n")
    done = runner.invoke(app, ["extract", str(corpus[0]), "--out", str(out)])
    assert done.exit_code == 2 and "already exists" in done.output
    assert out.read_text() == "mine\n"


@pytest.mark.parametrize("text, tags, expected", [
    ("Ruleset=classic", {"ruleset": "classic"}, True),
    ("Ruleset=classic", {}, False),
    ("Ruleset!=classic", {}, True),
    ("Elo>=1500", {"elo": "1600"}, True),
    ("Elo>=1500", {"elo": "900"}, False),  # numbers compare as numbers
    ("Date<2026.02", {"date": "2026.01.31"}, True),
    ("Round", {"round": "3"}, True),
])
def test_tag_tests(text, tags, expected):
    assert TagTest.parse(text).matches(tags) is expected


def test_a_partial_date_is_kept_when_it_may_fall_within_the_range():
    selection = Selection.make(since="2026.11.01", until="2026.11.30")
    assert selection.header_matches([("Date", "2026.11.??")])
    assert selection.header_matches([("Date", "2026.??.??")])
    assert not selection.header_matches([("Date", "2025.??.??")])
    assert not selection.header_matches([])


def test_the_library_call(tmp_path, corpus):
    sink = output.Split(tmp_path / "one-each", 1)
    report = extract(corpus, Selection.make(players=["Eve"]), sink)
    assert report.written == 1 and len(report.outputs) == 1


PROBE = """
import sys
from typer.testing import CliRunner
from gtr_replay.cli import app
from notation import reader
result = CliRunner().invoke(app, ["extract", sys.argv[1], "--tag", "Ruleset=classic", "--player", "Ann",
                                  "--out", sys.argv[2]])
print(result.exit_code, reader._caches == {})  # no record's body read: no line cache made
"""


def test_a_selection_by_tags_parses_no_statement(tmp_path, corpus):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", PROBE, str(corpus[0]), str(tmp_path / "out.gtr")],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["0", "True"], done.stderr
    assert (tmp_path / "out.gtr").read_text().count("[Game ") == 3


def test_worker_processes_select_what_one_process_selects(tmp_path, corpus):
    found = {}
    for workers in ("1", "2"):
        (tmp_path / workers).mkdir()
        found[workers] = run(tmp_path / workers, corpus, "--winner", "Ben", "--workers", workers)
    assert found["1"][0] == found["2"][0] and found["2"][1]["replayed"] == 15


@pytest.mark.parametrize("text, args", [("hello world\nthis is not a record\n", []),
                                        ("<html><body>a page</body></html>\n", ["--legal"])])
def test_text_without_tags_is_no_record_and_is_not_copied(tmp_path, text, args):
    """A record starts with its tags (notation/README.md): a file of other text is said to hold
    none, and nothing of it is written, whether or not the records are replayed."""
    path = tmp_path / "notes.gtr"
    path.write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["extract", str(path), *args])
    assert done.exit_code == 1 and "a record starts with its tags" in done.stderr
    assert text.split()[0] not in done.stdout
