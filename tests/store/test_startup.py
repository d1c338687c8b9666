"""``gtr query`` answers without building the notation's parser (a second of CPU saved)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
from typer.testing import CliRunner
from gtr_replay.cli import app
from notation import grammar
result = CliRunner().invoke(app, ["query", "SELECT count(*) AS n FROM games", "--db", sys.argv[1], "--json"])
print(result.exit_code, grammar._PARSER is None, result.output.replace(chr(10), " "))
"""


def test_query_starts_without_building_the_parser(examples_db):
    done = subprocess.run([sys.executable, "-c", PROBE, str(examples_db)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    code, unbuilt, output = done.stdout.split(" ", 2)
    assert (code, unbuilt) == ("0", "True"), done.stderr
    assert '"n":' in output
