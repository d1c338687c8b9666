"""The whole suite leaves no process behind: every process started under it (commands run
as subprocesses and their workers) carries a mark in its environment, and at the end none
may still be running."""

from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from processes import LINUX, children, kill_all, marked, wait_gone  # noqa: E402

MARK = "GTR_TEST_RUN"

# The width of a terminal is each test's to choose (rich reads COLUMNS once, when the command
# line's consoles are made): a width the shell or a test runner's worker exports must not
# decide how a table is laid out.
for _name in ("COLUMNS", "LINES"):
    os.environ.pop(_name, None)


@pytest.fixture(scope="session", autouse=True)
def no_process_left_behind():
    token = f"{MARK}={uuid.uuid4().hex}"
    os.environ[MARK] = token.split("=", 1)[1]
    yield
    if not LINUX:
        return
    left = wait_gone(marked(token) + children(os.getpid()), seconds=5)
    kill_all(left)
    assert not left, f"processes still running after the tests (now killed): {left}"
