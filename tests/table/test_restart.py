"""The server killed mid-game (SIGKILL: no chance to save anything) and started again with
``gtr table FILE``: the record is whole and ``gtr check`` accepts it, the phone's page
reconnects by itself on the same link, and the game goes on from it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import notation
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.table.links import Links, side_file
from tests.table.browsers import Phone
from tests.table.conftest import TIMEOUT, Client, free_port
from tests.table.play import say, set_up
from tests.table.test_browsers import GAME, _tap_statement

ROOT = Path(__file__).parents[2]


@pytest.fixture
def gtr_table():
    """``start(*args)`` runs ``gtr table ARGS --this-machine --no-codes`` until it answers;
    every process is killed at the test's end."""
    started: list[subprocess.Popen] = []

    def start(*args: str) -> subprocess.Popen:
        process = subprocess.Popen([sys.executable, "-m", "gtr_replay", "table", *args, "--this-machine", "--no-codes"],
                                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=os.environ.copy())
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait(TIMEOUT)
        if process.stderr:
            process.stderr.close()


def _answering(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 3 * TIMEOUT
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read().decode()
        try:
            if httpx.get(f"http://127.0.0.1:{port}/static/table.css", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("gtr table did not answer")


def test_killed_and_restarted_the_record_is_whole_and_the_phone_reconnects(gtr_table, tmp_path):
    expected = notation.parse_one(GAME.read_text(encoding="utf-8"))
    path = tmp_path / "thursday.gtr"
    port = free_port()
    server = gtr_table(str(path), "--ruleset", "republic", "--players", "Ann, Ben, Cid", "--port", str(port))
    _answering(port, server)
    client = Client(Links.load(side_file(path)), port)
    set_up(client, expected)
    for step in expected.steps[:10]:
        say(client, step.statement)
    after = expected.steps[10].statement
    phone = Phone(client.url(after.actor))
    try:
        phone.live()
        phone.at(client.data(None)["version"])

        server.send_signal(signal.SIGKILL)
        server.wait(TIMEOUT)
        written = notation.parse_one(path.read_text(encoding="utf-8"))
        assert [str(s.statement) for s in written.steps] == [str(s.statement) for s in expected.steps[:10]]
        assert CliRunner().invoke(app, ["check", str(path)]).exit_code == 0
        phone.offline()

        again = gtr_table(str(path))  # resumed: the same links, the same port
        _answering(port, again)
        phone.live()  # the page reconnected by itself
        version = client.data(None)["version"]
        phone.at(version)
        _tap_statement(phone, after)
        phone.at(version + 1)
        written = notation.parse_one(path.read_text(encoding="utf-8"))
        assert [str(s.statement) for s in written.steps] == [str(s.statement) for s in expected.steps[:11]]
    finally:
        phone.quit()
        client.http.close()
