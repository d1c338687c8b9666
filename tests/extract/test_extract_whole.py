"""`gtr extract` leaves whole files or none: an output is written under a hidden name and named
when whole; a full disk is said in words, exit 1, and nothing of the file under way is left; a
killed extract leaves no file under the name asked for, and the next one is not hindered."""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.extract import output

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


class _FullAfter(io.StringIO):
    """A file that takes the writes left in ``room`` (shared by every file), then fails as a
    full disk does."""

    def __init__(self, room: list[int]) -> None:
        super().__init__()
        self.room = room

    def write(self, text: str) -> int:
        if self.room[0] <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room[0] -= 1
        return super().write(text)


@pytest.mark.parametrize("split", [False, True])
def test_a_full_disk_is_said_in_words_and_leaves_nothing_unfinished(corpus, tmp_path, monkeypatch, split):
    real_open, room = open, [5]

    def opened(path, mode="r", *args, **kwargs):
        handle = real_open(path, mode, *args, **kwargs)
        if "x" in mode and Path(path).name.endswith(".incomplete"):
            full = _FullAfter(room)
            full.fileno = handle.fileno
            full.close = handle.close
            return full
        return handle

    monkeypatch.setattr(output, "open", opened, raising=False)
    target = tmp_path / ("parts" if split else "out.gtr")
    given = ["--out", str(target)] + (["--split", "1"] if split else [])
    done = runner.invoke(app, ["extract", *map(str, corpus), *given])
    assert done.exit_code == 1, done.output
    assert "the disk is full" in done.output and "Traceback" not in done.output
    left = sorted(p.name for p in tmp_path.rglob("*"))
    assert not [name for name in left if name.endswith(".incomplete")]
    if split:
        assert left[0] == "000001.gtr"  # the files made whole before the disk was full stay
    else:
        assert "out.gtr" not in left


KILL_AT_WRITE = """
import os, signal, sys
from gtr_replay.extract import output
write = output.Stream.write
def write_then_die(self, text):
    write(self, text)
    if self.handle.tell() > 0 and len(self.outputs) == 1 and getattr(self, "_seen", 0) == 2:
        self.handle.flush()
        os.kill(os.getpid(), signal.SIGKILL)
    self._seen = getattr(self, "_seen", 0) + 1
output.Stream.write = write_then_die
from gtr_replay.cli import main
sys.argv = ["gtr", *sys.argv[1:]]
main()
"""


def test_a_killed_extract_leaves_no_file_under_the_name_asked_for(corpus, tmp_path):
    target = tmp_path / "out.gtr"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILL_AT_WRITE, "extract", *map(str, corpus), "--out", str(target)],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert not target.exists() and (tmp_path / ".out.gtr.incomplete").stat().st_size > 0
    again = runner.invoke(app, ["extract", *map(str, corpus), "--out", str(target)])
    assert again.exit_code in (0, 1), again.output  # the corpus holds refused records
    assert target.stat().st_size > 0 and not (tmp_path / ".out.gtr.incomplete").exists()


def _dropping_the_last_turn(record):
    """A writer that loses the record's last turn: what the check before writing must catch."""
    import dataclasses

    from notation.writer import write

    return write(dataclasses.replace(record, turns=record.turns[:-1]))


def test_extract_canonical_writes_no_record_that_would_not_read_back(corpus, tmp_path, monkeypatch):
    import notation.fmt

    monkeypatch.setattr(notation.fmt, "write", _dropping_the_last_turn)
    done = runner.invoke(app, ["extract", str(corpus[0]), "--canonical", "--tag", "Ruleset=classic",
                               "--out", str(tmp_path / "out.gtr")])
    assert done.exit_code == 1, done.output
    assert "would not read back as it is" in done.output and "left out" in done.output
    assert (tmp_path / "out.gtr").read_text() == ""


def test_record_keeps_a_file_it_could_not_rewrite_canonically(tmp_path, monkeypatch):
    import notation.fmt
    from gtr_replay.errors import UsageError
    from gtr_replay.replay.recorder import Recording

    text = (ROOT / "examples" / "games" / "classic-2p.gtr").read_text(encoding="utf-8")
    lines = text.split("\n")
    cut = next(n for n, line in enumerate(lines) if line.startswith("turn 3 "))
    unfinished = "\n".join(line for line in lines[:cut] if not line.startswith("[Result")) + "\n"
    path = tmp_path / "game.gtr"
    path.write_text(unfinished.replace("\n\n", "\n\n\n", 1), encoding="utf-8")  # not canonical
    before = path.read_bytes()
    monkeypatch.setattr(notation.fmt, "write", _dropping_the_last_turn)
    with pytest.raises(UsageError, match="would not read back as it is"):
        Recording.resume(path)
    assert path.read_bytes() == before
