"""Worker processes end with their parent: the watchdog on its own (the kernel's
parent-death signal is covered by the fault tests in tests/store/test_faults.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from processes import LINUX, kill_all, wait_gone

from gtr_replay.replay import workers

ROOT = Path(__file__).resolve().parents[2]

ORPHAN = """
import os, sys, threading, time
sys.path.insert(0, {root!r})
from gtr_replay.replay import workers
parent = os.getpid()
child = os.fork()
if child == 0:  # a worker with the watchdog only, no prctl
    threading.Thread(target=workers._watch, args=(parent,), daemon=True).start()
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not LINUX, reason="watches processes through /proc")
def test_the_watchdog_ends_a_worker_whose_parent_was_killed():
    parent = subprocess.Popen([sys.executable, "-c", ORPHAN.format(root=str(ROOT))], stdout=subprocess.PIPE,
                              text=True)
    child = int(parent.stdout.readline())
    os.kill(parent.pid, signal.SIGKILL)
    parent.communicate()
    left = wait_gone([child], seconds=10 * workers.WATCH_EVERY)
    kill_all(left)
    assert not left


def test_a_pool_runs_work_with_its_initializer():
    with workers.pool(2, _remember, ("ready",)) as executor:
        assert list(executor.map(_recall, range(3))) == ["ready 0", "ready 1", "ready 2"]


_STATE = {}


def _remember(value: str) -> None:
    _STATE["value"] = value


def _recall(n: int) -> str:
    return f"{_STATE['value']} {n}"


def test_workers_only_where_they_pay(monkeypatch):
    from gtr_replay.replay import workers

    def holding(records):
        return lambda n: records >= n

    monkeypatch.setattr(workers, "cores", lambda: 2)
    assert workers.worker_count(None, holding(100)) == 1  # two cores: a large input only
    assert workers.worker_count(None, holding(workers.LARGE_INPUT)) == 2
    monkeypatch.setattr(workers, "cores", lambda: 8)
    assert workers.worker_count(None, holding(100)) == 8
    assert workers.worker_count(None, holding(workers.PARALLEL_FROM - 1)) == 1
    monkeypatch.setattr(workers, "cores", lambda: 1)
    assert workers.worker_count(None, holding(10_000)) == 1
    assert workers.worker_count(3, holding(1)) == 3  # asked for
    assert workers.worker_count(99_999, holding(1)) == workers.most_workers() == 4  # never thousands of processes
    monkeypatch.setattr(workers, "cores", lambda: 8)
    assert workers.worker_count(99_999, holding(1)) == 16
