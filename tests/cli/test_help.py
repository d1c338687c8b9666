"""Help that reads like sqlite-utils' (click's plain help): arguments named as values in
capitals (``PATH...``), options with the kind of value they take (``--rulings TEXT``) and
flags with none, whatever typer would draw; and ``gtr diff`` in the words of the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
COMMANDS = ["cards", "rulings", "selfplay", "fmt", "check", "record", "import", "delete", "query", "show",
            "replay", "legal", "view", "diff", "plot"]


def help_of(*command: str) -> str:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"}, terminal_width=100)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_help_names_values_as_click_does(command):
    text = help_of(command)
    assert not re.search(r"<\w[\w\[\] ]*>", text), text  # no <bool>, <str>, <list[Path]>
    assert "{" not in text and "╭" not in text
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: gtr {command} [OPTIONS]")
    assert re.fullmatch(r"Usage: gtr \w+ \[OPTIONS\]( \[?[A-Z]+(\.\.\.)?\]?)*", usage), usage
    assert "\nOptions:\n" in text and "  --help  " in text and "Example: gtr" in text


def test_check_help_reads_like_sqlite_utils():
    text = help_of("check")
    assert text.startswith("Usage: gtr check [OPTIONS] PATH...\n")
    assert re.search(r"^Arguments:\n  PATH\.\.\.  Record files", text, re.M)
    assert re.search(r"^  --lenient  +Go on after a refused statement", text, re.M)  # a flag takes no value
    assert re.search(r"^  --rulings TEXT  +Readings", text, re.M)
    assert re.search(r"^  --workers INTEGER  +Worker processes", text, re.M)


def test_the_app_s_help_lists_every_command():
    text = help_of()
    assert text.startswith("Usage: gtr [OPTIONS] COMMAND [ARGS]...")
    for command in COMMANDS:
        assert re.search(rf"^  {command} +\S", text, re.M), command


def test_gtr_diff_speaks_of_the_table_not_of_fields(tmp_path):
    example = Path(__file__).parents[2] / "examples" / "games" / "republic-4p.gtr"
    result = runner.invoke(app, ["diff", str(example), "--against", "deck-end=empty-draw"], terminal_width=200)
    assert result.exit_code == 1, result.output
    assert "the game: A over (deck) | B Ann's Laborer action 1 of 2 (gather or pass)" in result.stdout
    for internal in ("current:", "phase:", "ended_by", "end_reason", "spent:", "{'", "['"):
        assert internal not in result.stdout, internal
