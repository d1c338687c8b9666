"""``gtr table`` writes nothing until its server listens: a start that fails (a port in use, an
address that is not this machine's) leaves no ``FILE.table``, so the retry its hint suggests
begins the game, and a resumed game keeps the port it listened on; the hint names the cause."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
NEW = ["--ruleset", "republic", "--players", "Ann, Ben", "--no-codes"]


class _Served:
    """A server that stops at once, as at Ctrl-C: the start succeeded."""

    def run(self, sockets) -> None:
        raise KeyboardInterrupt


@pytest.fixture
def busy_port():
    """A port on 127.0.0.1 another program listens on, for the test's length."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        yield taken.getsockname()[1]


@pytest.fixture
def served(monkeypatch):
    monkeypatch.setattr("gtr_replay.table.serve.server", lambda sitting, host, port: _Served())


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


def test_a_port_in_use_writes_nothing_and_the_retry_begins_the_game(tmp_path, busy_port, served):
    record = tmp_path / "t3.gtr"
    failed = runner.invoke(app, ["table", str(record), *NEW, "--this-machine", "--port", str(busy_port)])
    assert failed.exit_code == 2, failed.output
    said = " ".join(failed.stderr.split())
    assert f"cannot listen on 127.0.0.1:{busy_port}" in said and "another program" in said and "--port" in said
    assert list(tmp_path.iterdir()) == []
    port = _free_port()
    begun = runner.invoke(app, ["table", str(record), *NEW, "--this-machine", "--port", str(port)])
    assert begun.exit_code == 0, begun.output
    assert json.loads(Path(f"{record}.table").read_text(encoding="utf-8"))["port"] == port


def test_a_resumed_game_keeps_its_port_when_another_is_in_use(tmp_path, busy_port, served):
    record = tmp_path / "t3.gtr"
    port = _free_port()
    assert runner.invoke(app, ["table", str(record), *NEW, "--this-machine", "--port", str(port)]).exit_code == 0
    kept = Path(f"{record}.table").read_bytes()
    failed = runner.invoke(app, ["table", str(record), "--port", str(busy_port), "--no-codes"])
    assert failed.exit_code == 2 and "another program" in failed.stderr
    assert Path(f"{record}.table").read_bytes() == kept


@pytest.mark.parametrize("host", ["999.1.1.1", "192.0.2.1"])
def test_an_address_not_this_machines_writes_nothing_and_says_so(tmp_path, host):
    failed = runner.invoke(app, ["table", str(tmp_path / "t3.gtr"), *NEW, "--host", host, "--port", str(_free_port())])
    assert failed.exit_code == 2, failed.output
    said = " ".join(failed.stderr.split())
    assert f"cannot listen on {host}" in said and "not one of this machine's" in said and "--host" in said
    assert "another program" not in said and "Traceback" not in failed.output
    assert list(tmp_path.iterdir()) == []
