"""Self-play games written as records read back equal, are already canonical, and replay
to the same final state (300 games, every ruleset, 2-5 players)."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

import notation
from gtr_replay.data.cards import cards_for
from gtr_replay.cli import app
from gtr_replay.enums import Ruleset
from gtr_replay.replay.replayer import Replayer
from gtr_replay.play.selfplay import selfplay
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import Statements

GAMES = 25  # x 3 rulesets x 4 player counts = 300


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("ruleset", ["classic", "republic", "imperium"])
def test_written_games_parse_back_equal(ruleset, players, tmp_path):
    games = list(selfplay(ruleset, players, seed="records", games=GAMES))
    records = [g.record(draws=(n % 2 == 1)) for n, g in enumerate(games)]
    text = notation.write(records)
    again = notation.parse(text, vocabulary=card_vocabulary(ruleset))
    assert again == records
    assert notation.write(again) == text
    for game, record in zip(games, again):
        assert sum(len(t.steps) for t in record.turns) == len(game.decisions)
        assert record.tag("Result")
        replayer = Replayer(record, Statements())
        for _ in replayer.run():
            pass
        assert not replayer.diagnostics, [str(d) for d in replayer.diagnostics]
        assert _seen(replayer.final) == _seen(game.state)
    path = tmp_path / "games.gtr"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["fmt", "--check", str(path)])
    assert result.exit_code == 0, result.stderr


def _seen(state) -> dict:
    """The state as the record shows it: with listed draws the undrawn deck's order is unknown."""
    data = state.to_dict()
    data["deck"] = sorted(data["deck"])
    del data["deck_known"]
    return data


def test_selfplay_out_writes_a_canonical_file(tmp_path: Path):
    path = tmp_path / "out.gtr"
    result = CliRunner().invoke(app, ["selfplay", "-r", "republic", "-n", "3", "-g", "2", "--out", str(path)])
    assert result.exit_code == 0 and "wrote 2 records" in result.stdout
    records = notation.parse(path.read_text("utf-8"))
    assert len(records) == 2
    assert all(r.tag("Deck").startswith("seed:selfplay-republic-3p-1-") for r in records)
    assert CliRunner().invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_draws_record_lists_every_card_drawn(tmp_path: Path):
    path = tmp_path / "draws.gtr"
    CliRunner().invoke(app, ["selfplay", "-r", "imperium", "-n", "2", "-g", "1", "--draws", "--out", str(path)])
    record = notation.parse_one(path.read_text("utf-8"))
    assert record.tag("Deck") is None
    assert record.start.leader and len(record.start.hands) == 2
    thinks = [s.statement for s in record.steps if isinstance(s.statement, notation.Think)]
    assert thinks and all(t.drawn is not None for t in thinks if str(t.how) != "jack")


def test_fmt_reports_a_bad_record_with_its_place(tmp_path: Path):
    path = tmp_path / "bad.gtr"
    path.write_text('[Game "Glory to Rome"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann leads Patron with Tempel\n')
    result = CliRunner().invoke(app, ["fmt", "--check", str(path)])
    assert result.exit_code == 1
    assert f"{path}:5:" in result.stderr and "did you mean 'Temple'" in result.stderr


def test_notation_knows_exactly_the_card_data():
    """The notation keeps its own list of card names (it imports nothing from gtr_replay):
    it must name the same cards as data/cards.toml."""
    for ruleset in Ruleset:
        card_set = cards_for(ruleset)
        expected = set(card_set.cards) | set(card_set.optional) | {"Jack"}
        assert notation.Vocabulary.for_ruleset(ruleset.value, geek=bool(card_set.optional)).cards == expected, ruleset
