"""Commands in a pipeline: a reader that goes away (``| head -1``) ends a command quietly with
the status a shell gives a closed pipe, not the bad-record status; ``query --json`` streams its
rows; ``query --time-limit`` stops a runaway query with a clear message."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gtr_replay
from gtr_replay.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).parents[2] / "examples" / "games"
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
"""A query whose answer never ends."""


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pipes") / "games.db"
    result = runner.invoke(app, ["import", str(EXAMPLES / "classic-2p.gtr"), "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path


def gtr(*args: str, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(Path(gtr_replay.__file__).parents[1])}  # the code under test
    return subprocess.Popen([sys.executable, "-P", "-m", "gtr_replay", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, **kwargs)


@pytest.mark.parametrize("command", [
    ["query", "SELECT * FROM events", "--db", "{db}"],
    ["query", "SELECT * FROM decisions", "--json", "--db", "{db}"],
    ["replay", "--no-step", str(EXAMPLES / "classic-2p.gtr")],
    ["show", str(EXAMPLES / "classic-2p.gtr")],
    ["cards", "--json"],
])
def test_a_closed_pipe_ends_the_command_quietly(db, command):
    process = gtr(*(a.format(db=db) for a in command))
    process.stdout.close()  # the reader is gone before the first line (as head -1 is soon after)
    errors = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141, errors  # 128 + SIGPIPE, as `yes | head -1` ends
    assert errors == ""


def test_query_json_streams_its_rows(db):
    """An answer that never ends still gives its first rows at once: nothing waits for the end."""
    process = gtr("query", ENDLESS, "--json", "--db", str(db))
    try:
        lines, deadline = b"", time.monotonic() + 30
        while lines.count(b"\n") < 4 and time.monotonic() < deadline:
            ready, _, _ = select.select([process.stdout], [], [], 1)
            if ready:
                lines += os.read(process.stdout.fileno(), 4096)
        first = lines.split(b"\n")
        assert first[0] == b"[" and json.loads(first[1].rstrip(b",")) == {"x": 1}, lines[:200]
        assert json.loads(first[2].rstrip(b",")) == {"x": 2}
    finally:
        process.kill()
        process.wait(timeout=30)
        process.stdout.close()
        process.stderr.close()


def test_query_json_is_one_json_array(db):
    result = runner.invoke(app, ["query", "SELECT seq, text FROM decisions ORDER BY seq LIMIT 3", "--json",
                                 "--db", str(db)])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert [r["seq"] for r in rows] == [1, 2, 3]
    empty = runner.invoke(app, ["query", "SELECT seq FROM decisions WHERE 0", "--json", "--db", str(db)])
    assert json.loads(empty.stdout) == []


@pytest.mark.parametrize("form", [[], ["--json"], ["--csv"]])
def test_a_runaway_query_is_stopped_at_its_time_limit(db, form):
    started = time.monotonic()
    result = runner.invoke(app, ["query", f"SELECT count(*) FROM ({ENDLESS})", *form, "--time-limit", "0.5",
                                 "--db", str(db)])
    assert result.exit_code == 2, result.output
    assert "the query was stopped after 0.5 s, its time limit (--time-limit)" in result.stderr
    assert "Traceback" not in result.output
    assert time.monotonic() - started < 20


def test_a_quick_query_is_not_stopped(db):
    result = runner.invoke(app, ["query", "SELECT count(*) AS n FROM games", "--json", "--time-limit", "5",
                                 "--db", str(db)])
    assert result.exit_code == 0 and json.loads(result.stdout) == [{"n": 1}]
