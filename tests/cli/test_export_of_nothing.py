"""``gtr export`` of records none of which replays writes no dataset: no folder is left to
refuse the export run again once the records are fixed, and every record is said to be not
exported (not "not imported")."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gtr_replay.cli import app

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"


def _cut(tmp_path) -> Path:
    """The example cut mid-line: it does not read to its end, so it is not exported."""
    text = EXAMPLE.read_text(encoding="utf-8")
    path = tmp_path / "cut.gtr"
    path.write_text(text[:text.index("turn 2 Ben")] + "turn 2 Ben\n  Ben leads Laborer wit", encoding="utf-8")
    return path


def test_an_export_of_nothing_leaves_no_folder_and_the_next_one_writes_it(tmp_path):
    dataset = tmp_path / "pq5"
    failed = runner.invoke(app, ["export", str(_cut(tmp_path)), "--parquet", str(dataset), "--workers", "1"])
    assert failed.exit_code == 1, failed.output
    said = " ".join(failed.stderr.split())
    assert f"record 1 of {tmp_path / 'cut.gtr'} not exported: " in said and "not imported" not in said
    assert f"no game exported, so {dataset} was not written; 1 record not exported" in " ".join(failed.stdout.split())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cut.gtr"]  # no dataset, no hidden folder
    done = runner.invoke(app, ["export", str(EXAMPLE), "--parquet", str(dataset), "--workers", "1", "--json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["games"] == 1


def test_an_export_of_some_games_keeps_them_and_names_the_others(tmp_path):
    dataset = tmp_path / "pq6"
    done = runner.invoke(app, ["export", str(EXAMPLE), str(_cut(tmp_path)), "--parquet", str(dataset),
                               "--workers", "1"])
    assert done.exit_code == 1, done.output
    assert "1 game exported" in done.stdout and "not exported" in done.stderr
    assert (dataset / "_gtr_dataset.json").is_file()
