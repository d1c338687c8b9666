"""Processes seen through /proc (Linux): children of a process, marked processes, and waiting
for them to end. Used to prove that no worker outlives its parent and that the suite leaves
nothing running."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

PROC = Path("/proc")
LINUX = sys.platform.startswith("linux") and PROC.is_dir()


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None when it is gone."""
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    """Running or sleeping; a zombie (dead, not yet reaped) counts as ended."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def _pids() -> list[int]:
    return [int(p.name) for p in PROC.iterdir() if p.name.isdigit()]


def children(parent: int) -> list[int]:
    return [pid for pid in _pids() if (stat := _stat(pid)) is not None and stat[1] == parent and alive(pid)]


def marked(token: str) -> list[int]:
    """Live processes (other than this one) whose environment holds ``token``."""
    found = []
    needle = token.encode()
    for pid in _pids():
        if pid == os.getpid():
            continue
        try:
            if needle in (PROC / str(pid) / "environ").read_bytes() and alive(pid):
                found.append(pid)
        except OSError:
            continue
    return found


def wait_gone(pids: list[int], seconds: float = 5.0) -> list[int]:
    """Wait until the processes end; those still alive after ``seconds``."""
    deadline = time.monotonic() + seconds
    while (left := [p for p in pids if alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
