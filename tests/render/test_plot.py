"""`gtr plot`: a record's chart and its stored game's chart agree turn by turn, say whose game
and which file, and are written in the current folder (or to standard output)."""

from __future__ import annotations

import sqlite3
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine.scoring import scores
from gtr_replay.render.chart import points_by_turn, series_from_rows
from gtr_replay.render.opening import open_record

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "examples" / "games"
NS = {"s": "http://www.w3.org/2000/svg"}


def polylines(svg: str) -> dict[str, str]:
    root = ET.fromstring(svg)
    return {p.get("data-player"): p.get("d") for p in root.iterfind("s:path", NS) if p.get("class") == "series"}


def title(svg: str) -> str:
    return ET.fromstring(svg).find("s:title", NS).text


@pytest.mark.parametrize("name", ["imperium-4p.gtr", "republic-3p.gtr", "classic-2p.gtr"])
def test_a_record_and_its_stored_game_agree_to_the_turn(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    game = EXAMPLES / name
    assert runner.invoke(app, ["import", str(game), "--db", "games.db"]).exit_code == 0
    conn = sqlite3.connect("games.db")
    (gid,) = conn.execute("SELECT id FROM games").fetchone()
    rows = conn.execute("SELECT player, turn, points FROM turn_points ORDER BY turn, seat").fetchall()
    conn.close()
    timeline = open_record(game).timeline
    replayed = points_by_turn(timeline)
    assert replayed == series_from_rows(["player", "turn", "points"], rows)
    for player, points in replayed.items():  # each point: after the last statement made in its turn
        for turn, value in points:
            last = max(n for n, m in enumerate(timeline.main, 1) if m.turn == turn)
            assert value == next(s.total for s in scores(timeline.state(last)) if s.player == player)
    from_file = runner.invoke(app, ["plot", str(game), "-o", "-"])
    from_db = runner.invoke(app, ["plot", "--db", "games.db", "--game", gid, "-o", "-"])
    assert from_file.exit_code == from_db.exit_code == 0, from_file.output + from_db.output
    assert polylines(from_file.stdout) == polylines(from_db.stdout)
    players = ", ".join(p.name for p in timeline.start.players)
    assert title(from_file.stdout) == f"points by turn · {players} · {name}, record 1"
    assert title(from_db.stdout) == f"points by turn · {players} · {name}, record 1"


def test_the_chart_goes_to_the_current_folder_or_to_standard_output(tmp_path, monkeypatch):
    records = tmp_path / "records"
    records.mkdir()
    game = records / "game.gtr"
    game.write_text((EXAMPLES / "republic-2p.gtr").read_text(encoding="utf-8"), encoding="utf-8")
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    result = runner.invoke(app, ["plot", str(game)])
    assert result.exit_code == 0, result.output
    assert (here / "game.svg").exists() and not (records / "game.svg").exists()
    assert "wrote game.svg (2 players)" in result.stdout
    piped = runner.invoke(app, ["plot", str(game), "-o", "-"])
    assert piped.exit_code == 0 and piped.stdout.startswith("<svg") and "wrote" not in piped.stdout
    assert sorted(p.name for p in here.iterdir()) == ["game.svg"]
    page = runner.invoke(app, ["view", str(game)])  # the page follows the same rule
    assert page.exit_code == 0, page.output
    assert (here / "game.html").exists() and not (records / "game.html").exists()
    assert "wrote game.html" in page.stdout


def test_equal_lines_stay_apart_as_steps_with_labelled_axes():
    from gtr_replay.render.chart import svg

    chart = svg({"Ann": [(1, 2), (2, 2), (3, 5)], "Ben": [(1, 2), (2, 2), (3, 5)]})
    root = ET.fromstring(chart)
    ann, ben = (p.get("d") for p in root.iterfind("s:path", NS))
    assert ann != ben  # the same points, drawn apart
    assert ann.startswith("M") and " H" in ann and " V" in ann and "L" not in ann  # steps, no slopes
    labels = [t.text for t in root.iterfind("s:text", NS) if t.get("class") == "axis-label"]
    assert labels == ["turn", "victory points"]
    hits = [r.get("data-turn") for r in root.iterfind("s:rect", NS)]
    assert hits == ["1", "2", "3"]
