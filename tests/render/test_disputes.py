"""`gtr diff`: one record under two sets of readings, and the first statement where they part.

The records are self-play games made at test time (so they follow the rules as they are):
the first seeds whose game shows the case each test needs.
"""

import json
import re

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.render.disputes import compare, differences
from gtr_replay.play.selfplay import selfplay
from gtr_replay.vocabulary import card_vocabulary

runner = CliRunner()


def as_written(record) -> notation.Record:
    """The record read back from its text, so statements carry their lines."""
    return notation.parse(notation.write([record]), source="game.gtr", vocabulary=card_vocabulary())[0]


def first_game(rulings: str | None, wanted, seeds=range(1, 40)):
    for seed in seeds:
        for game in selfplay("republic", 2, seed, 3, rulings=rulings):
            if wanted(game):
                return as_written(game.record(event=f"self-play, seed {seed}"))
    raise AssertionError(f"no self-play game under {rulings} has what the test needs")


@pytest.fixture(scope="module")
def deck_ended():
    """A game that ends as the deck runs out under the default deck-end=last-card (AMB-01)."""
    return first_game(None, lambda g: g.result.reason == "deck")


@pytest.fixture(scope="module")
def played_on():
    """A game played under deck-end=empty-draw that goes on after the last card is drawn."""
    return first_game("deck-end=empty-draw", lambda g: g.result.reason == "deck"
                      and compare(as_written(g.record()), None, "deck-end=last-card").b.statements < len(g.decisions))


def test_same_moves_different_end(deck_ended):
    found = compare(deck_ended, None, "deck-end=empty-draw")
    d = found.divergence
    assert d is not None and d.kind == "state"
    assert found.a.statements == found.b.statements == d.index  # every move is accepted by both
    assert d.a.accepted and d.b.accepted
    assert any(c.startswith("game ends: ") for c in d.a.line.changes)
    assert not any(c.startswith("game ends: ") for c in d.b.line.changes)
    assert any(p == "phase" and a == "over" and b != "over" for p, a, b in d.differences)  # B plays on
    assert found.a.over and found.a.end == "deck" and not found.b.over
    assert "ends before the game does" in found.b.problem  # its Result tag cannot hold


def test_accept_then_refuse_when_one_reading_ends_the_game_first(played_on):
    found = compare(played_on, None, "deck-end=last-card")
    d = found.divergence
    assert d.kind == "state" and any(p == "phase" and x != "over" and y == "over" for p, x, y in d.differences)
    assert found.b.statements == d.index < found.a.statements  # B refuses the very next statement
    assert "the game is already over" in found.b.problem and d.line < int(found.b.problem.split(":")[1]) <= d.line + 3  # the next statement, maybe after a header
    assert found.a.over and found.b.over


def test_accept_refuse_is_the_first_divergence_when_a_reading_forbids_a_move():
    def refused_under_the_default(game):
        found = compare(as_written(game.record()), None, "out-of-town=after-in-town").divergence
        return found is not None and found.kind == "accept-refuse"
    record = first_game("out-of-town=any-time", refused_under_the_default)
    found = compare(record, None, "out-of-town=after-in-town")
    d = found.divergence
    assert d.a.accepted and not d.b.accepted
    assert d.statement.endswith("out of town") and d.b.line.problem
    assert "out of town" in d.b.line.problem  # why the default reading refuses it (AMB-*)
    assert d.a.line.changes and not d.b.line.changes
    assert found.b.statements == d.index - 1 < found.a.statements
    assert found.b.problem.startswith(f"<record>:{d.line}:")


def test_the_same_readings_agree(deck_ended):
    found = compare(deck_ended, "deck-end=last-card", None)
    assert found.divergence is None
    assert (found.a.statements, found.a.result, found.a.problem) == (found.b.statements, found.b.result, None)


def test_differences_name_the_player_and_leave_the_rulings_out():
    a = {"rulings": {"deck-end": "last-card"}, "turn": 3, "players": [{"name": "Ann", "hand": ["Road"]}]}
    b = {"rulings": {"deck-end": "empty-draw"}, "turn": 3, "players": [{"name": "Ann", "hand": []}]}
    assert differences(a, b) == [("players.Ann.hand", ["Road"], [])]


def test_gtr_diff_reports_the_first_divergence(deck_ended, tmp_path):
    path = tmp_path / "game.gtr"
    path.write_text(notation.write([deck_ended]), encoding="utf-8")
    result = runner.invoke(app, ["diff", str(path), "--against", "deck-end=empty-draw"], env={"COLUMNS": "100"})
    assert result.exit_code == 1, result.output
    assert "first divergence, at statement" in result.stdout
    assert "A accepts it: " in result.stdout and "B accepts it: " in result.stdout
    assert re.search(r"the game: A over \(deck\) \| B \w+", result.stdout)
    assert "under A, the state after it:" in result.stdout and "under B, the state after it:" in result.stdout
    as_json = runner.invoke(app, ["diff", str(path), "--against", "deck-end=empty-draw", "--json"])
    data = json.loads(as_json.stdout)
    assert data["divergence"]["kind"] == "state" and data["a"]["over"] and not data["b"]["over"]
    same = runner.invoke(app, ["diff", str(path), "--rulings", "deck-end=last-card", "--against", "AMB-01=last-card"])
    assert same.exit_code == 0 and "agree on every statement" in same.stdout
    bad = runner.invoke(app, ["diff", str(path), "--against", "deck-end=sometimes"])
    assert bad.exit_code == 2 and "unknown reading 'sometimes'" in bad.stderr


def test_a_reading_of_the_leader_draw_can_part_at_the_start():
    """Under one reading of AMB-06 a setup block may name a leader draw the other reading
    deals differently, so that side cannot even start; or both start with another leader."""
    from pathlib import Path

    from gtr_replay.render.opening import open_record

    seen = set()
    games = Path(__file__).parents[2] / "examples" / "games"
    for path in (games / "classic-2p.gtr", games / "classic-5p.gtr"):
        found = compare(open_record(path).record, None, "leader-draw=role-name", source=str(path))
        d = found.divergence
        if d is None or d.index:
            continue
        assert d.a is None and d.b is None
        if not found.b.started:
            assert d.kind == "accept-refuse" and found.timelines[1] is None and "leader draw" in found.b.problem
            seen.add("cannot start")
        else:
            assert d.kind == "state" and any(p == "leader" for p, _, _ in d.differences)
            seen.add("another leader")
    assert seen  # the examples show at least one of the two


def test_the_page_s_dispute_box_shows_where_the_readings_part_and_how_each_ends(deck_ended):
    """A dispute comment at the statement where the deck runs out: under the reading in force
    the game ends there; under the one named it goes on; each with its end and winners."""
    from gtr_replay.render.html import page_data
    from gtr_replay.render.timeline import Timeline

    found = compare(deck_ended, None, "deck-end=empty-draw")
    lines = notation.write([deck_ended]).split("\n")
    lines[found.divergence.line - 1] += " {[%ruling deck-end=empty-draw] [%source disputed]}"
    record = as_written(notation.parse("\n".join(lines), source="game.gtr", vocabulary=card_vocabulary())[0])
    data = page_data(Timeline.replay(record, lenient=True), record=record)
    (line,) = [line for line in data["views"][0]["lines"] if line["dispute"]]
    readings = {r["name"]: r for r in line["dispute"]["rulings"][0]["readings"]}
    ends, goes_on = readings["last-card"], readings["empty-draw"]
    assert ends["in_force"] and goes_on["named"]
    assert any(c.startswith("game ends: ") for c in ends["at"]["changes"])
    assert goes_on["at"]["accepted"] and not any(c.startswith("game ends: ") for c in goes_on["at"]["changes"])
    assert ends["end"]["over"] and ends["end"]["winners"] == list(found.a.winners) and ends["end"]["winners"]
    assert not goes_on["end"]["over"] and goes_on["end"]["winners"] == [] and "nobody has won" in goes_on["end"]["said"]


def test_gtr_diff_names_the_winners_of_a_reading_that_ends_and_says_the_other_goes_on(deck_ended, tmp_path):
    path = tmp_path / "game.gtr"
    path.write_text(notation.write([deck_ended]), encoding="utf-8")
    result = runner.invoke(app, ["diff", str(path), "--against", "deck-end=empty-draw"], env={"COLUMNS": "200"})
    found = compare(deck_ended, None, "deck-end=empty-draw")
    (a,) = [line for line in result.stdout.splitlines() if line.startswith("A: ")]
    (b,) = [line for line in result.stdout.splitlines() if line.startswith("B: ")]
    winners = " and ".join(found.a.winners)
    assert f"): {winners} win" in a and "nobody has won" in b
