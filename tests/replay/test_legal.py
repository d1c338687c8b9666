"""``gtr legal`` and ``legal_at``: the decisions legal at a point, grouped, and whose they are."""

import json
import re
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.engine import Game
from gtr_replay.replay.legal import legal_at
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.translate import decision_for
from gtr_replay.vocabulary import card_vocabulary

GAME = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"
runner = CliRunner()


def record():
    return notation.parse_one(GAME.read_text(), vocabulary=card_vocabulary())


def test_every_statement_of_the_main_line_was_listed_as_legal_before_it():
    rec = record()
    replayer = Replayer(rec)
    snaps = [s for s in replayer.run() if not s.path]
    for n in (0, 1, 2, 5, 13, 40):
        point = legal_at(rec, at=n)
        if snaps[n].forced:
            continue
        listed = [t for texts in point.choices.values() for t in texts]
        text = snaps[n].text.split(" [")[0]  # a draw's list is the record's, not a choice
        assert text in listed, (n, text, listed)
        assert point.player == snaps[n].player


def test_choices_are_grouped_by_kind_and_applying_each_is_legal():
    rec = record()
    snaps = list(Replayer(rec).run())
    n, point = next((n, p) for n in range(1, len(snaps)) if "pass" in (p := legal_at(rec, at=n)).choices)
    before = snaps[n - 1].state
    assert point.player == before.players[before.current].name and point.prompt == str(before.led_role).lower()
    assert point.choices["pass"] == [f"{point.player} passes"]
    texts = [t for group in point.choices.values() for t in group]
    assert len(Game(before).legal()) == len(texts)
    for text in texts:
        statement = notation.parse_one(f'[Ruleset "classic"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  {text}\n')
        game = Game(before.copy())
        decision = decision_for(statement.steps[0].statement, before)
        assert game.check(decision, passing_over=False) is None, text  # legal as it stands, no step declined
        game.push(decision)


def test_turn_and_end_of_game():
    rec = record()
    assert legal_at(rec, turn=5).turn == 5
    assert legal_at(rec, turn=5).player == "Ann" and "lead" in legal_at(rec, turn=5).choices
    end = legal_at(rec)
    assert end.player is None and end.over and end.result == rec.tag("Result")


def test_out_of_range_points_are_usage_errors():
    result = runner.invoke(app, ["legal", str(GAME), "--at", "9999"])
    assert result.exit_code == 2 and "out of range" in result.stderr
    result = runner.invoke(app, ["legal", str(GAME), "--turn", "999"])
    assert result.exit_code == 2 and "out of range" in result.stderr
    result = runner.invoke(app, ["legal", str(GAME), "--at", "1", "--turn", "2"])
    assert result.exit_code == 2


def test_json_and_rulings(tmp_path):
    result = runner.invoke(app, ["legal", str(GAME), "--at", "3", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["player"] == "Ben" and data["choices"]["pass"] == ["Ben passes"]
    bad = runner.invoke(app, ["legal", str(GAME), "--rulings", "nonsense=yes"])
    assert bad.exit_code == 2 and "ruling" in bad.stderr
    good = runner.invoke(app, ["legal", str(GAME), "--at", "3", "--rulings", "deck-end=last-card"])
    assert good.exit_code == 0 and "Ben passes" in good.stdout


def test_an_illegal_record_reports_the_refused_statement(tmp_path):
    bad = tmp_path / "bad.gtr"
    # four cards played together: never legal in classic, which has no petition (R-PET-3)
    bad.write_text(re.sub(r"(?m)^(  \w+ leads \w+ with ).*$", r"\1Market, Market, Market, Market",
                          GAME.read_text(), count=1))
    result = runner.invoke(app, ["legal", str(bad)])
    assert result.exit_code == 1 and "Market" in result.stderr
    with pytest.raises(IllegalStatement):
        legal_at(notation.parse_one(bad.read_text(), vocabulary=card_vocabulary()))


def test_a_think_from_a_deck_of_unknown_order_is_listed_as_the_record_must_write_it():
    """R-THINK-1: with the deck's order unknown (a setup block) a think lists the cards it
    draws; gtr legal lists it with one '?' a card, and each statement listed, written after the
    record's first statements, is accepted as it is."""
    path = GAME.parent / "republic-2p.gtr"
    rec = notation.parse_one(path.read_text(), vocabulary=card_vocabulary())
    opening = "\n".join(line for line in path.read_text().split("\nturn ")[0].split("\n")
                        if not line.startswith("[Result"))
    points = [(n, point) for n in range(12) if "think" in (point := legal_at(rec, at=n)).choices]
    assert len(points) >= 3
    for n, point in points[:3]:
        thinks = point.choices["think"]
        assert any(t.endswith(" [?]") or t.endswith(", ?]") for t in thinks), thinks
        before = [f"  {s.statement}" for s in rec.steps[:n]]
        for text in (t for group in point.choices.values() for t in group):
            pasted = notation.parse_one(opening + "\n" + "\n".join([*before, f"  {text}"]) + "\n",
                                        vocabulary=card_vocabulary())
            replayer = Replayer(pasted)
            replayer.check()
            assert not replayer.diagnostics, (n, text, replayer.diagnostics)
