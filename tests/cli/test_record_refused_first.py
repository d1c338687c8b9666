"""``gtr record`` refuses a new record it could not write, or one without players, before its
first prompt: nothing typed at the table is asked for and then lost."""

from __future__ import annotations

from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
POOL, HAND = "Ann Latrine, Ben Prison", "Foundry, Storeroom, Market, Tribunal, Tower"


def _refused(result) -> str:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    return " ".join(result.stderr.split())


def test_a_record_in_a_folder_that_is_not_there_is_refused_before_the_leader_draw(tmp_path):
    path = tmp_path / "nodir" / "sub" / "r.gtr"
    result = runner.invoke(app, ["record", str(path), "--ruleset", "republic", "--players", "Ann, Ben", "--me", "Ann"],
                           input=f"{POOL}\n{HAND}\n")
    said = _refused(result)
    assert f"{path.parent}: no such folder" in said and "a folder that exists" in said
    assert "cannot write" not in said and "recording" not in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_a_record_without_players_says_so(tmp_path):
    path = tmp_path / "r.gtr"
    result = runner.invoke(app, ["record", str(path), "--ruleset", "republic", "--players", ", ", "--me", "Ann"],
                           input=f"{POOL}\n")
    said = _refused(result)
    assert "--players names no players" in said and "is not one of the players" not in said
    assert list(tmp_path.iterdir()) == []
