"""A completed building whose power is not written yet never passes silently: the replay
warns, naming it, in `gtr check`, `gtr import` and the games table, and the Result check says
the score may be wrong because of it. Every power of the rulesets may be written by now, so
the tests take the classic Circus Maximus's out of the power table while they run."""

import json

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine import rules
from gtr_replay.enums import Ruleset
from gtr_replay.powers import registry
from gtr_replay.replay.replayer import Replayer
from gtr_replay.store import Store
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import KeepStates, Refusal

RECORD = """\
[Game "Glory to Rome"]
[Event "a Circus Maximus, whose power is not written yet"]
[Ruleset "classic"]
[Players "You, Opp"]
[Start "position"]
[Result "{result}"]

position
  leader: You
  deck: Road
  jacks: 2
  hand You: Palisade, Villa
  building You: Circus Maximus on Stone with Sewer, Garden
  hand Opp: Road

turn 1 You
  You leads Craftsman with Palisade
  Opp thinks: jack
  You adds Villa to Circus Maximus

turn 2 Opp
  Opp thinks: refill
"""


@pytest.fixture(autouse=True)
def circus_maximus_unwritten(monkeypatch):
    """The classic Circus Maximus as if its power were not written yet."""
    table = {key: power for key, power in registry._TABLE.items() if key != (Ruleset.CLASSIC, "Circus Maximus")}
    monkeypatch.setattr(registry, "_TABLE", table)
    rules.forget_resolved()
    yield
    rules.forget_resolved()


def replayed(result="You 5, Opp 2", lenient=False):
    record = notation.parse_one(RECORD.format(result=result), source="domus-aurea.gtr", vocabulary=card_vocabulary())
    replayer = Replayer(record, KeepStates(Refusal.END_LINE if lenient else Refusal.STOP),
                        source="domus-aurea.gtr")
    list(replayer.run())
    return replayer


def test_completing_a_building_without_a_power_warns_and_names_it():
    replayer = replayed()
    assert not replayer.diagnostics
    first, result = replayer.warnings
    assert "Circus Maximus" in first.message and "not written yet" in first.message
    assert first.line == 19 and first.statement == "You adds Villa to Circus Maximus"
    assert "the score may be wrong: Circus Maximus has no power yet" in result.message


def test_a_wrong_result_says_the_score_may_be_wrong_because_of_it():
    replayer = replayed("You 6, Opp 2", lenient=True)
    [problem] = replayer.diagnostics
    assert "the replay gives 'You 5, Opp 2'; the score may be wrong: Circus Maximus has no power yet" in problem.message


def test_check_prints_the_warning_and_still_passes(tmp_path):
    path = tmp_path / "domus-aurea.gtr"
    path.write_text(RECORD.format(result="You 5, Opp 2"), "utf-8")
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 0
    assert "warning:" in result.output and "Circus Maximus is complete, but its power is not written yet" in result.output
    as_json = json.loads(CliRunner().invoke(app, ["check", str(path), "--json"]).output)
    assert as_json["ok"] and len(as_json["warnings"]) == 2 and as_json["files"][0]["warnings"] == 2


def test_import_warns_and_the_games_table_keeps_it(tmp_path):
    path = tmp_path / "domus-aurea.gtr"
    path.write_text(RECORD.format(result="You 5, Opp 2"), "utf-8")
    db = tmp_path / "games.db"
    result = CliRunner().invoke(app, ["import", str(path), "--db", str(db)])
    assert result.exit_code == 0
    assert "warning:" in result.output and "Circus Maximus" in result.output
    with Store(db) as store:
        [row] = store.db.execute("SELECT warnings FROM games").fetchall()
    assert "Circus Maximus is complete, but its power is not written yet" in row[0]
    assert "the score may be wrong: Circus Maximus has no power yet" in row[0]
