"""Every command reads a record file one way: the same fault gets the same words and the same
exit status from each, a folder scan opens regular files only and says what it skipped, a
file is refused by its size before it is read, a failed import leaves no file behind, and
an error shows a readable part of a line however long the line is."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gtr_replay
from gtr_replay.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"

COMMANDS = {
    "check": lambda path, tmp: ["check", path],
    "show": lambda path, tmp: ["show", path],
    "replay": lambda path, tmp: ["replay", path, "--no-step"],
    "legal": lambda path, tmp: ["legal", path],
    "view": lambda path, tmp: ["view", path, "-o", str(tmp / "page.html")],
    "plot": lambda path, tmp: ["plot", path, "-o", str(tmp / "points.svg")],
    "diff": lambda path, tmp: ["diff", path, "--against", "deck-end=empty-draw"],
    "fmt": lambda path, tmp: ["fmt", "--check", path],
    "import": lambda path, tmp: ["import", path, "--db", str(tmp / "games.db")],
    "record": lambda path, tmp: ["record", path],
}


@pytest.fixture(autouse=True)
def never_hang():
    """A command that would wait for ever (reading a pipe nobody writes to) fails instead."""
    def stop(number, frame):
        raise TimeoutError("the command did not finish in 30 s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def said(result, path: Path) -> str:
    """The line of standard error that speaks of ``path``, without the 'error: ' before it."""
    lines = [line.removeprefix("error: ") for line in result.stderr.splitlines() if str(path) in line]
    assert lines, result.output
    return lines[0]


def latin1(folder: Path) -> tuple[Path, str, int]:
    path = folder / "latin1.gtr"
    data = EXAMPLE.read_text(encoding="utf-8").replace("[Event", "; Andr\u00e9\n[Event").encode("latin-1")
    path.write_bytes(data)
    return path, f"{path}:2: not UTF-8 text: invalid continuation byte at byte {data.index(0xE9)}; save the file as UTF-8", 1


def empty(folder: Path) -> tuple[Path, str, int]:
    path = folder / "empty.gtr"
    path.write_text("", encoding="utf-8")
    return path, f'{path}: no record in the file (a record starts with its tags, such as [Game "Glory to Rome"])', 1


def fifo(folder: Path) -> tuple[Path, str, int]:
    path = folder / "pipe.gtr"
    os.mkfifo(path)
    return path, (f"{path} is a named pipe (FIFO), not a regular file (give a .gtr record file; save what the "
                  "pipe or device gives into one first)"), 2


def too_large(folder: Path) -> tuple[Path, str, int]:
    """A file over the limit (made 1,000 bytes here)."""
    path = folder / "large.gtr"
    path.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    size = path.stat().st_size
    return path, f"{path}: {size:,} bytes: a record file holds at most 1,000 bytes (split it into several files)", 1


@pytest.mark.parametrize("fault", [latin1, empty, fifo, too_large])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_the_same_fault_gets_the_same_words_and_status_from_every_command(tmp_path, monkeypatch, fault, command):
    if fault is too_large:
        monkeypatch.setattr("gtr_replay.replay.files.MAX_FILE_BYTES", 1000)
    path, words, status = fault(tmp_path)
    before = sorted(tmp_path.iterdir())
    result = runner.invoke(app, COMMANDS[command](str(path), tmp_path))
    assert result.exit_code == status, result.output
    assert said(result, path) == words
    assert "Traceback" not in result.output and "codec" not in result.output
    assert sorted(tmp_path.iterdir()) == before  # no page, chart or database was written


@pytest.mark.parametrize("command", [c for c in COMMANDS if c != "record"])
def test_a_missing_file_is_named_so_by_every_command(tmp_path, command):
    path = tmp_path / "nowhere.gtr"
    result = runner.invoke(app, COMMANDS[command](str(path), tmp_path))
    assert result.exit_code == 2, result.output
    assert said(result, path).startswith(f"{path}: no such file or folder")


@pytest.mark.parametrize("command", ["check", "show", "view", "import"])
def test_a_dash_is_said_not_to_be_read_from_standard_input(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [command, "-", *(["--db", "g.db"] if command == "import" else [])])
    assert result.exit_code == 2 and "not from standard input" in result.output, result.output


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """A command in its own process, stopped after 60 s: a hang fails instead of blocking."""
    env = {**os.environ, "PYTHONPATH": str(Path(gtr_replay.__file__).parents[1])}  # the code under test
    return subprocess.run([sys.executable, "-m", "gtr_replay", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, env=env, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("command", [["check"], ["fmt", "--check"], ["import", "--db", "games.db"]])
def test_a_folder_scan_reads_regular_files_only_and_says_what_it_skipped(tmp_path, command):
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "game.gtr").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    os.mkfifo(folder / "pipe.gtr")
    (folder / "zero.gtr").symlink_to("/dev/zero")
    result = _run(*command[:1], "records", *command[1:], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"skipped {Path('records') / 'pipe.gtr'}: a named pipe (FIFO), not a regular file" in result.stderr
    assert f"skipped {Path('records') / 'zero.gtr'}: a character device, not a regular file" in result.stderr
    assert "Traceback" not in result.stderr


def test_check_lists_what_it_skipped_in_its_json(tmp_path):
    os.mkfifo(tmp_path / "pipe.gtr")
    (tmp_path / "game.gtr").write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(app, ["check", str(tmp_path), "--json"])
    import json

    assert result.exit_code == 0
    assert json.loads(result.stdout)["skipped"] == [{"file": str(tmp_path / "pipe.gtr"),
                                                     "kind": "a named pipe (FIFO)"}]


@pytest.mark.parametrize("content", [None, b"", b"\x00\xff\x89PNG binary\n"])
def test_a_failed_import_leaves_no_database_behind(tmp_path, content):
    target = tmp_path / "in"
    target.mkdir()
    if content is not None:
        (target / "bad.gtr").write_bytes(content)
    db = tmp_path / "games.db"
    result = runner.invoke(app, ["import", str(target), "--db", str(db)])
    assert result.exit_code in (1, 2), result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


def test_an_import_into_a_database_that_was_there_keeps_it(tmp_path):
    db = tmp_path / "games.db"
    assert runner.invoke(app, ["import", str(EXAMPLE), "--db", str(db)]).exit_code == 0
    bad = tmp_path / "bad.gtr"
    bad.write_bytes(b"\xff\xfe")
    assert runner.invoke(app, ["import", str(bad), "--db", str(db)]).exit_code == 1
    assert db.exists()


def test_an_error_shows_a_readable_part_of_a_very_long_line(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("\n\nturn 1", "\n\n  ; " + "x" * 200_000 + "\nturn 1", 1)
    path = tmp_path / "long.gtr"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    assert "a line holds at most 10,000" in result.stderr
    assert len(result.stderr) < 1000 and max(map(len, result.stderr.splitlines()[1:])) <= 120
    shown, caret = [line for line in result.stderr.splitlines() if line.startswith("  ")][:2]
    assert shown.strip().startswith("…") and caret.strip() == "^"


def test_an_unexpected_very_long_word_is_cut_in_the_message(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace("Ann leads", "Ann led" + "z" * 9000 + " leads", 1)
    path = tmp_path / "word.gtr"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["show", str(path)])
    assert result.exit_code == 1
    assert len(result.stderr) < 2000 and "more characters)" in result.stderr


def test_a_record_that_does_not_read_is_listed_in_json_with_its_place(tmp_path):
    """`gtr check --json`: a notation error has the fields a rule's refusal has (file, line,
    column, message, hint), so a program need not read them out of the text."""
    import json

    path = tmp_path / "misspelt.gtr"
    path.write_text('[Game "x"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n\nAnn lays Vila\n', encoding="utf-8")
    done = runner.invoke(app, ["check", str(path), "--json"])
    [problem] = json.loads(done.stdout)["problems"]
    assert (problem["file"], problem["line"], problem["column"]) == (str(path), 5, 10)
    assert problem["message"] == "unknown card 'Vila'" and "Villa" in problem["hint"]
    assert problem["text"].startswith(f"{path}:5:10: unknown card 'Vila'")


def test_dash_as_the_output_is_standard_output(tmp_path, monkeypatch):
    """-o - writes to standard output, as gtr plot does (view, extract), or is refused in words
    where standard output holds something else (analyse): never a file called '-'."""
    monkeypatch.chdir(tmp_path)
    page = runner.invoke(app, ["view", str(EXAMPLE), "-o", "-"])
    assert page.exit_code == 0 and page.stdout.startswith("<!DOCTYPE html>") and page.stdout.rstrip().endswith("</html>")
    records = runner.invoke(app, ["extract", str(EXAMPLE), "-o", "-"])
    assert records.exit_code == 0 and records.stdout.startswith('[Game "Glory to Rome"]')
    judged = runner.invoke(app, ["analyse", str(EXAMPLE), "-o", "-", "-b", "1"])
    assert judged.exit_code == 2 and "the marked record goes to a file" in judged.stderr
    assert not (tmp_path / "-").exists()


def test_ctrl_c_while_the_command_line_loads_ends_quietly(monkeypatch, capsys):
    """An interrupt during the imports (the first half second of every command) ends with
    status 130 and one word, not a traceback from the module being loaded."""
    import types

    from gtr_replay.__main__ import main

    class Loading(types.ModuleType):
        def __getattr__(self, name):
            raise KeyboardInterrupt

    monkeypatch.setitem(sys.modules, "gtr_replay.cli", Loading("gtr_replay.cli"))
    with pytest.raises(SystemExit) as ended:
        main()
    assert ended.value.code == 130 and capsys.readouterr().err == "interrupted\n"


def test_the_script_and_python_m_run_the_command_line():
    for command in ([sys.executable, "-m", "gtr_replay", "--version"],):
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout.startswith("gtr "), done.stderr
