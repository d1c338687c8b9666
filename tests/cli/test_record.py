"""``gtr record``: a whole game from scripted input, undo, refusals, resuming, and one
session in a real pseudo-terminal with tab completion."""

import os
import sys
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.recorder import Recording, Refused

ROOT = Path(__file__).parents[2]
TABLE = ROOT / "examples" / "table" / "republic-2p-ann.gtr"
runner = CliRunner()


def _game():
    record = notation.parse_one(TABLE.read_text())
    pool = ", ".join(f"{d.player} {d.card}" for d in record.start.draws[0])
    return record, pool, ", ".join(record.start.hands["Ann"])


def _start(path):
    _, pool, hand = _game()
    return ["record", str(path), "--ruleset", "republic", "--players", "Ann, Ben", "--me", "Ann",
            "--pool", pool, "--hand", hand]


def test_a_whole_game_from_scripted_input_passes_check_and_fmt(tmp_path):
    record, _, _ = _game()
    lines = [str(s.statement) for s in record.steps]
    lines = [line.replace("Ben thinks: draw [?]", "ben thinks: draw") for line in lines]  # lenient, unseen
    script = [lines[0], "Ben follows with Palace", lines[1], "undo", lines[1], *lines[2:]]
    path = tmp_path / "game.gtr"
    result = runner.invoke(app, _start(path), input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert "Palace" in result.stderr and "legal here" in result.stderr  # refused with the legal choices
    assert "the game is over" in result.stdout
    written = notation.parse_one(path.read_text())
    assert [str(s.statement) for s in written.steps] == [str(s.statement) for s in record.steps]
    assert written.tag("Result") == record.tag("Result")
    assert runner.invoke(app, ["check", str(path)]).exit_code == 0
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_every_accepted_statement_is_on_disk_and_undo_rewrites(tmp_path):
    record, pool, hand = _game()
    path = tmp_path / "g.gtr"
    rec = Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=pool, hand=hand)
    first, second = (str(s.statement) for s in record.steps[:2])
    rec.add(first)
    assert path.read_text().endswith(f"  {first}\n")
    rec.add(second)
    with pytest.raises(Refused) as refused:
        rec.add("Ann hires Palace")
    assert refused.value.diagnostic is not None and refused.value.diagnostic.legal
    assert path.read_text().endswith(f"  {second}\n")
    assert rec.undo() == second
    assert not path.read_text().rstrip().endswith(second)
    resumed = Recording.resume(path)
    assert resumed.me == "Ann" and len(resumed.record.steps) == 1
    assert "Ben thinks: draw [?]" in resumed.suggestions()  # an unseen draw, filled in
    assert "Ben follows with Road" in resumed.suggestions()  # revealing one of the unseen cards


def test_bad_starts_are_usage_errors(tmp_path):
    assert runner.invoke(app, ["record", str(tmp_path / "x.gtr")]).exit_code == 2
    path = tmp_path / "y.gtr"
    args = _start(path)
    args[args.index("--me") + 1] = "Zed"
    assert runner.invoke(app, args).exit_code == 2
    assert not path.exists()


def test_a_real_terminal_session(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    record, pool, hand = _game()
    path = tmp_path / "tty.gtr"
    args = ["-m", "gtr_replay", *_start(path)]
    child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), env={**os.environ, "TERM": "xterm"},
                          encoding="utf-8", timeout=30, dimensions=(40, 120))
    try:
        child.expect("to lead")
        child.send("Ann leads Craftsman with Mar\t")  # Tab completes the only legal statement
        child.send("\r")
        child.expect("recorded: Ann leads Craftsman with Market")
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert not child.isalive()
    assert str(notation.parse_one(path.read_text()).steps[0].statement) == "Ann leads Craftsman with Market"


def test_a_statement_out_of_turn_and_bad_notation_are_refused_in_words(tmp_path):
    record, pool, hand = _game()
    rec = Recording.start(tmp_path / "t.gtr", ruleset="republic", players=["Ann", "Ben"], me="Ann",
                          pool=pool, hand=hand)
    with pytest.raises(Refused) as out_of_turn:
        rec.add("Ben leads Laborer with Road")
    assert "it is Ann's decision (lead)" in str(out_of_turn.value)
    with pytest.raises(Refused) as garbled:
        rec.add("Ann blorps")
    assert "expected a verb" in str(garbled.value)
    assert len(notation.parse_one((tmp_path / "t.gtr").read_text()).steps) == 0
    bad = runner.invoke(app, ["record", str(tmp_path / "u.gtr"), "-r", "nope", "--players", "Ann, Ben",
                              "--me", "Ann", "--pool", pool, "--hand", hand])
    assert bad.exit_code == 2 and "unknown ruleset" in bad.stderr
