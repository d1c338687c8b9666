"""One session at a time writes a record file: a ``gtr record`` or ``gtr table`` session holds
an exclusive lock on it for its life, and a second session on the same file (either command,
this process or another) is refused in words, naming the file, before it reads or writes
anything. The lock goes with the session however it ends, a kill too."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import notation
import pytest
from typer.testing import CliRunner

import gtr_replay
from gtr_replay.cli import app
from gtr_replay.replay.recorder import InUse, Recording, hold, lock_file

runner = CliRunner()
TABLE = Path(__file__).parents[2] / "examples" / "table" / "republic-2p-ann.gtr"


@pytest.fixture
def unfinished(tmp_path) -> Path:
    """A record begun at the table: its setup and one statement, the game going on."""
    record = notation.parse_one(TABLE.read_text(encoding="utf-8"))
    pool = ", ".join(f"{d.player} {d.card}" for d in record.start.draws[0])
    path = tmp_path / "game.gtr"
    recording = Recording.start(path, ruleset="republic", players=["Ann", "Ben"], me="Ann", pool=pool,
                                hand=", ".join(record.start.hands["Ann"]))
    recording.add(str(record.steps[0].statement))
    return path


@pytest.fixture
def no_server(monkeypatch):
    """``gtr table`` without a network: the server's run returns at once (as after Ctrl-C),
    calling ``during`` first, while the session holds its file."""
    calls: list = []

    class Socket:
        def close(self):
            pass

    class Server:
        def run(self, sockets):
            for call in calls:
                call()

    monkeypatch.setattr("gtr_replay.table.serve.listening", lambda host, port: Socket())
    monkeypatch.setattr("gtr_replay.table.serve.server", lambda sitting, host, port: Server())
    return calls


def _in_use(result, path: Path) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    said = " ".join(result.stderr.split())
    assert f"error: {path} is being recorded by another session now (process {os.getpid()})" in said, said


def test_a_second_session_on_a_held_file_is_refused_and_changes_nothing(unfinished, tmp_path, no_server):
    before = unfinished.read_bytes()
    with hold(unfinished):
        _in_use(runner.invoke(app, ["record", str(unfinished)], input="quit\n"), unfinished)
        _in_use(runner.invoke(app, ["table", str(unfinished), "--this-machine", "--no-codes"]), unfinished)
        new = tmp_path / "new.gtr"
        with hold(new):  # a new file too: two sessions beginning it would both write it
            _in_use(runner.invoke(app, ["table", str(new), "-r", "republic", "--players", "Ann, Ben",
                                        "--this-machine", "--no-codes"]), new)
            assert not new.exists()
        with pytest.raises(InUse):
            hold(unfinished)
    assert unfinished.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.gtr"]  # the lock files gone with their sessions


def test_a_record_session_holds_its_file_until_it_ends(unfinished, tmp_path, monkeypatch):
    tried: list = []

    def lines():
        def read(message: str) -> str:
            try:
                hold(unfinished)
            except InUse as error:  # another session, while this one records: refused
                tried.append(str(error))
            raise EOFError
        return read

    monkeypatch.setattr("gtr_replay.cli.record._piped_lines", lines)
    result = runner.invoke(app, ["record", str(unfinished)])
    assert result.exit_code == 0, result.output
    assert tried and tried[0].startswith(f"{unfinished} is being recorded by another session now")
    with hold(unfinished):  # ended: free again
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.gtr"]


def test_a_table_session_holds_its_file_while_it_serves(unfinished, tmp_path, no_server):
    tried: list = []

    def during():
        try:
            hold(unfinished)
        except InUse as error:
            tried.append(str(error))

    no_server.append(during)
    result = runner.invoke(app, ["table", str(tmp_path / "t.gtr"), "-r", "republic", "--players", "Ann, Ben",
                                 "--this-machine", "--no-codes"])
    assert result.exit_code == 0, result.output
    no_server[:] = [lambda: tried.append(lock_file(tmp_path / "t.gtr").exists())]
    result = runner.invoke(app, ["table", str(tmp_path / "t.gtr"), "--this-machine", "--no-codes"])
    assert result.exit_code == 0, result.output
    assert tried == [True]  # held while served
    assert not lock_file(tmp_path / "t.gtr").exists()


def test_the_lock_of_a_killed_session_is_released(unfinished):
    """A session killed (SIGKILL: nothing of it runs after) leaves its lock file, which holds
    nothing: the system released the lock, and the next session takes the file."""
    env = {**os.environ, "PYTHONPATH": str(Path(gtr_replay.__file__).parents[1])}  # the code under test
    script = ("import sys, time\nfrom gtr_replay.replay.recorder import hold\nheld = hold(sys.argv[1])\n"
              "print('held', flush=True)\ntime.sleep(60)\n")
    holder = subprocess.Popen([sys.executable, "-c", script, str(unfinished)], stdout=subprocess.PIPE, text=True,
                              env=env)
    try:
        assert holder.stdout.readline().strip() == "held"
        result = runner.invoke(app, ["record", str(unfinished)], input="quit\n")
        assert result.exit_code == 2 and f"(process {holder.pid})" in result.stderr, result.output
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
        holder.stdout.close()
    assert lock_file(unfinished).exists()  # left by the kill
    result = runner.invoke(app, ["record", str(unfinished)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert not lock_file(unfinished).exists()
