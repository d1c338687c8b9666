"""Records with one illegal decision each: the replayer stops there and says where, which
rule it breaks, and what was legal instead (tests/data/replay/invalid/expected.json)."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
from gtr_replay.cli import app
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import KeepStates, Refusal

INVALID = Path(__file__).parents[1] / "data" / "replay" / "invalid"
EXPECTED = json.loads((INVALID / "expected.json").read_text("utf-8"))


def test_every_invalid_record_has_an_expectation():
    assert sorted(p.name for p in INVALID.glob("*.gtr")) == sorted(EXPECTED)
    assert len(EXPECTED) >= 15


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_strict_replay_stops_at_the_illegal_decision(name):
    expected = EXPECTED[name]
    record = notation.parse_one((INVALID / name).read_text("utf-8"), source=name, vocabulary=card_vocabulary())
    replayer = Replayer(record, source=name)
    with pytest.raises(IllegalStatement) as caught:
        for _ in replayer.run():
            pass
    diagnostic = caught.value.diagnostic
    assert (diagnostic.line, diagnostic.column) == (expected["line"], expected["column"])
    assert expected["rule"] in diagnostic.rule_ids
    assert diagnostic.message == expected["message"]
    assert diagnostic.legal, "the legal choices are listed"
    assert diagnostic.summary and "pool:" in diagnostic.summary
    text = str(diagnostic)
    assert text.startswith(f"{name}:{expected['line']}:{expected['column']}: ")
    assert "legal here: " in text and expected["rule"] in text


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_lenient_replay_keeps_the_valid_prefix(name):
    record = notation.parse_one((INVALID / name).read_text("utf-8"), source=name, vocabulary=card_vocabulary())
    replayer = Replayer(record, KeepStates(Refusal.END_LINE), source=name)
    snapshots = list(replayer.run())
    assert [s.diagnostic is None for s in snapshots] == [True] * (len(snapshots) - 1) + [False]
    assert len(replayer.diagnostics) == 1


def test_legal_choices_come_closest_first():
    name = "lead-card-not-in-hand.gtr"
    record = notation.parse_one((INVALID / name).read_text("utf-8"), vocabulary=card_vocabulary())
    with pytest.raises(IllegalStatement) as caught:
        list(Replayer(record, source=name).run())
    first = caught.value.diagnostic.legal[0]
    assert first.startswith("Ann leads Patron with"), first


def test_check_command_reports_every_file_and_exits_1():
    result = CliRunner().invoke(app, ["check", str(INVALID), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert len(data["files"]) == len(EXPECTED) and not data["ok"]
    assert all(f["errors"] == 1 and f["records"] == 1 for f in data["files"])
    by_file = {Path(p["file"]).name: p for p in data["problems"]}
    for name, expected in EXPECTED.items():
        assert (by_file[name]["line"], by_file[name]["column"]) == (expected["line"], expected["column"])
        assert expected["rule"] in by_file[name]["rule_ids"] and by_file[name]["legal"]


def test_check_command_text_report():
    path = INVALID / "wrong-material.gtr"
    result = CliRunner().invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert f"{path}:{EXPECTED['wrong-material.gtr']['line']}:3: " in result.stderr
    assert "R-BUILD-5" in result.stderr and "legal here:" in result.stderr


def test_examples_check_clean():
    result = CliRunner().invoke(app, ["check", str(Path(__file__).parents[2] / "examples")])
    assert result.exit_code == 0, result.stderr
    assert "all legal" in result.stdout


def test_a_refusal_after_a_forced_pass_is_explained_in_a_variation_too():
    """The state before a pass the engine made is rebuilt for the explanation by replaying the
    record again up to the statement the pass followed: a variation's statement is found too."""
    text = (INVALID / "hire-full-clientele.gtr").read_text("utf-8")
    text = text.replace("hand Ann: Temple\n", "hand Ann: Temple, Statue\n").replace(
        "  Ann leads Patron with Temple\n", "  Ann leads Patron with Temple\n"
        "  (Ann leads Patron with Statue; Ben thinks: draw [Atrium]; Ann hires Bath)\n")
    record = notation.parse_one(text, source="variation.gtr", vocabulary=card_vocabulary())
    replayer = Replayer(record, KeepStates(Refusal.END_LINE), source="variation.gtr")
    snapshots = list(replayer.run())
    refused = [s for s in snapshots if s.diagnostic is not None]
    assert [(s.path, s.text) for s in refused] == [("1.1", "Ann hires Bath"), ("", "Ann hires Bath")]
    for snapshot in refused:
        assert snapshot.diagnostic.message == EXPECTED["hire-full-clientele.gtr"]["message"]
    assert "hand: Temple;" in refused[0].diagnostic.summary  # the variation led the Statue
    assert "hand: Statue;" in refused[1].diagnostic.summary
