"""Reviewing from the command line: lenient views, --rulings on every replaying command,
--json on show and replay, gtr legal, gtr plot, progress only on a terminal, --version."""

import io
import json
import sqlite3
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gtr_replay import __version__
from gtr_replay.cli import common as cli_common
from gtr_replay.cli import app
from gtr_replay.render.chart import points_by_turn
from gtr_replay.render.opening import open_record
from tests.render.test_timeline import SHORT

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "examples" / "games"
BAD = SHORT.replace("Ann lays Insula", "Ann lays Palace")


def run(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input, env={"COLUMNS": "100"})


@pytest.fixture
def bad_file(tmp_path):
    path = tmp_path / "bad.gtr"
    path.write_text(BAD, encoding="utf-8")
    return path


def test_show_of_a_refused_record_shows_the_state_before_the_problem(bad_file):
    result = run("show", bad_file)
    assert result.exit_code == 1
    assert "after statement 8 of 8 (turn 2: Cid thinks: jack)" in result.stdout
    assert "╭─ Ann" in result.stdout  # the panels are there
    assert "✗ replay stopped: " in result.stdout and ":22:3: Ann cannot lay: no Palace" in result.stdout
    assert "legal here: Ann lays Wall" in result.stderr


def test_replay_of_a_refused_record_narrates_up_to_it_and_marks_it(bad_file):
    result = run("replay", bad_file, "--no-step")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith("· 8 statements")
    assert "turn 2   Ann lays Palace  ✗ refused: Ann cannot lay: no Palace in Ann's hand" in lines
    assert not any("Ben lays Academy" in line for line in lines)  # it follows the refused one
    assert "were not replayed" in result.stderr


def test_a_statement_that_does_not_parse_cuts_the_record_there(tmp_path):
    path = tmp_path / "typo.gtr"
    path.write_text(SHORT.replace("Ann lays Insula", "Ann lays Insulaa"), encoding="utf-8")
    result = run("replay", path, "--no-step")
    assert result.exit_code == 1
    assert "· 8 statements" in result.stdout and "Cid thinks: jack" in result.stdout
    assert "unknown card 'Insulaa'" in result.stderr and "shown: the record up to line 21" in result.stderr


def test_json_views(bad_file):
    shown = json.loads(run("show", bad_file, "--json", "--as", "Ben").stdout)
    assert shown["position"] == shown["statements"] == 8
    camps = {c["name"]: c for c in shown["state"]["camps"]}
    assert camps["Ann"]["hand"] == {"hidden": 3, "known": []} and isinstance(camps["Ben"]["hand"], list)
    assert shown["problems"] and "no Palace" in shown["problems"][0]
    replayed = json.loads(run("replay", bad_file, "--json").stdout)
    assert [line["statement"] for line in replayed["lines"]][-1] == "Ann lays Palace"
    assert replayed["lines"][-1]["problem"] and replayed["lines"][0]["changes"] == ["Cid: Road hand → camp"]
    assert replayed["next"].startswith("next: Ann's Craftsman action")


@pytest.fixture(scope="module")
def deck_game(tmp_path_factory):
    """An example game whose end the deck-end reading changes (AMB-01)."""
    for path in sorted(EXAMPLES.glob("*.gtr")):
        if open_record(path, rulings="deck-end=empty-draw").problems:
            return path
    raise AssertionError("no example game ends differently under deck-end=empty-draw")


def test_rulings_reach_every_replaying_command(deck_game, tmp_path):
    assert run("check", deck_game).exit_code == 0
    checked = run("check", deck_game, "--rulings", "deck-end=empty-draw")
    assert checked.exit_code == 1 and "the record ends before the game does" in checked.stderr
    assert "game over" in run("show", deck_game).stdout
    shown = run("show", deck_game, "--rulings", "deck-end=empty-draw")
    assert shown.exit_code == 1 and "game over" not in shown.stdout and "next: " in shown.stdout
    replayed = run("replay", deck_game, "--no-step", "--rulings", "deck-end=empty-draw")
    assert replayed.exit_code == 1 and "game ends: deck" not in replayed.stdout
    legal = run("legal", deck_game, "--rulings", "deck-end=empty-draw", "--json")
    assert json.loads(legal.stdout)["legal"]  # the game goes on, so there are choices
    assert json.loads(run("legal", deck_game, "--json").stdout)["legal"] == []  # it is over
    page = tmp_path / "page.html"
    viewed = run("view", deck_game, "-o", page, "--rulings", "deck-end=empty-draw")
    assert viewed.exit_code == 1 and page.exists()
    db = tmp_path / "games.db"
    assert run("import", deck_game, "--db", db).exit_code == 0
    other = run("import", deck_game, "--db", db, "--rulings", "deck-end=empty-draw")
    assert other.exit_code == 1 and "not imported" in other.stderr  # its Result tag no longer holds
    for command, *more in (("check",), ("show",), ("replay",), ("legal",), ("view", "-o", page),
                           ("import", "--db", db)):
        wrong = run(command, deck_game, *more, "--rulings", "deck-end=sometimes")
        assert wrong.exit_code == 2 and "unknown reading 'sometimes'" in wrong.stderr, command


def test_an_import_under_other_readings_is_a_game_of_its_own(tmp_path):
    game = EXAMPLES / "classic-2p.gtr"
    db = tmp_path / "games.db"
    run("import", game, "--db", db)
    again = run("import", game, "--db", db, "--rulings", "think-hand=all-cards")  # the default: the same game
    assert again.exit_code == 0 and "0 games added, 1 already" in again.stdout
    other = run("import", game, "--db", db, "--rulings", "final-tie=orders-then-shared")
    assert other.exit_code == 0 and "1 game added" in other.stdout
    tags = sorted(json.loads(t).get("Rulings", "") for (t,) in sqlite3.connect(db).execute("SELECT tags FROM games"))
    assert tags == ["", "final-tie=orders-then-shared"]


def test_legal_lists_the_choices_at_a_point(tmp_path):
    path = tmp_path / "short.gtr"
    path.write_text(SHORT, encoding="utf-8")
    result = run("legal", path, "--at", 0)
    assert result.exit_code == 0
    assert "next: Cid to lead or think" in result.stdout
    assert "  Cid leads Laborer with Road" in result.stdout and "  Cid thinks: jack" in result.stdout


def steps(path) -> int:
    """How many points a player's step line goes through: its start and one per step."""
    return 1 + path.get("d").count(" H")


def test_plot_of_a_record_and_of_a_stored_game(tmp_path):
    game = EXAMPLES / "republic-3p.gtr"
    target = tmp_path / "points.svg"
    assert run("plot", game, "-o", target).exit_code == 0
    tree = ET.parse(target)
    ns = {"s": "http://www.w3.org/2000/svg"}
    lines = {p.get("data-player"): steps(p) for p in tree.getroot().iterfind("s:path", ns)}
    series = points_by_turn(open_record(game).timeline)
    assert set(lines) == set(series) and all(lines[p] == len(series[p]) for p in series)
    db = tmp_path / "games.db"
    run("import", game, "--db", db)
    (gid,) = sqlite3.connect(db).execute("SELECT id FROM games").fetchone()
    stored = tmp_path / "stored.svg"
    assert run("plot", "--db", db, "--game", gid, "-o", stored).exit_code == 0
    turns = sqlite3.connect(db).execute("SELECT count(DISTINCT turn) FROM turn_points").fetchone()[0]
    root = ET.parse(stored).getroot()
    assert all(steps(p) == turns for p in root.iterfind("s:path", ns))
    queried = tmp_path / "q.svg"
    sql = f"SELECT name AS player, turn, points FROM player_states WHERE game = '{gid}'"
    assert run("plot", "--db", db, "--sql", sql, "-o", queried).exit_code == 0
    wrong = run("plot", "--db", db, "--sql", "SELECT 1 AS x")
    assert wrong.exit_code == 2 and "a plot needs player, turn and points" in wrong.stderr
    assert run("plot").exit_code == 2


def test_progress_shows_on_a_terminal_only(monkeypatch):
    seen = []
    with cli_common.progress_bar("checking", 3) as advance:
        seen.append(advance)
    assert seen == [None]  # the test's standard error is not a terminal
    screen = io.StringIO()
    monkeypatch.setattr(cli_common, "err", Console(file=screen, force_terminal=True, width=80))
    assert list(cli_common.with_progress(iter("abc"), "checking", 3)) == ["a", "b", "c"]
    assert "checking" in screen.getvalue() and "3/3" in screen.getvalue()
    with cli_common.progress_bar("checking", 3, quiet=True) as advance:
        assert advance is None


def test_version_says_how_the_engine_runs():
    from gtr_replay import _native

    result = run("--version")
    assert result.exit_code == 0 and result.stdout.splitlines() == [f"gtr {__version__}", _native.described()]


def test_an_engine_installed_without_a_compiler_says_what_it_costs_and_how_to_compile(monkeypatch):
    from gtr_replay import _native

    monkeypatch.setattr(_native, "STATE", "compiled")
    assert _native.described() == "rules engine: compiled"
    monkeypatch.setattr(_native, "STATE", f"pure Python ({_native.NOT_BUILT})")
    said = _native.described()
    assert "1.4 times as long" in said and "pip install -e . compiles it" in said
    monkeypatch.setattr(_native, "STATE", f"pure Python ({_native.PURE_ENV} is set)")
    assert _native.described() == f"rules engine: from source, {_native.PURE_ENV} is set"


def test_check_reports_progress_per_record():
    from gtr_replay.replay.files import check_files

    done = []
    report = check_files([EXAMPLES], progress=done.append, workers=1)
    assert report.ok and sum(done) == sum(f.records for f in report.files) == len(done)
