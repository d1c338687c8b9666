"""`gtr export --parquet` leaves a whole dataset or one every reader can tell is incomplete: it
writes into a hidden folder beside the one asked for and names it only once its manifest is
written; a new export replaces what a killed one left; a full disk is said in words, exit 1,
and nothing is left behind."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.store.export import export_records, staging
from gtr_replay.store.parquet_schema import MANIFEST, IncompleteDataset, check_complete, duckdb_views

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]

KILL_AFTER_PARTS = """
import os, signal, sys
from gtr_replay.store import parquet
closed = [0]
close = parquet.Part.close
def close_then_die(self):
    close(self)
    closed[0] += 1
    if closed[0] == int(os.environ["GTR_KILL_AFTER"]):
        os.kill(os.getpid(), signal.SIGKILL)
parquet.Part.close = close_then_die
from gtr_replay.cli import main
sys.argv = ["gtr", *sys.argv[1:]]
main()
"""


def _leftovers(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.suffix == ".tmp")


def test_an_export_killed_after_some_parts_leaves_no_dataset_and_a_rerun_completes_it(tmp_path, examples_source):
    root = tmp_path / "games.parquet"
    env = {**os.environ, "GTR_KILL_AFTER": "3", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILL_AFTER_PARTS, "export", *map(str, examples_source),
                           "--parquet", str(root), "--per-part", "1", "--workers", "1"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == -signal.SIGKILL, done.stderr
    assert not root.exists()  # the name asked for is given to a whole dataset only
    stage = staging(root)
    assert len(list(stage.glob("*/*/part-*.parquet"))) >= 3  # parts were written before the kill
    for folder in (root, stage):
        with pytest.raises(IncompleteDataset):
            check_complete(folder)
        with pytest.raises(IncompleteDataset):
            duckdb_views(folder)
    with pytest.raises(IncompleteDataset, match="incomplete dataset"):
        check_complete(stage)

    again = runner.invoke(app, ["export", *map(str, examples_source), "--parquet", str(root), "--per-part", "1",
                                "--workers", "1", "--json"])
    assert again.exit_code == 0, again.output
    found = check_complete(root)
    assert found["games"] == json.loads(again.output)["games"] > 3
    assert not stage.exists() and not _leftovers(tmp_path)
    assert duckdb_views(root)


def test_a_dataset_an_earlier_export_left_without_a_manifest_is_replaced(tmp_path, examples_db):
    root = tmp_path / "out"
    (root / "games" / "ruleset=classic").mkdir(parents=True)
    (root / "games" / "ruleset=classic" / ".part-000000.abc.tmp").write_bytes(b"half")
    with pytest.raises(IncompleteDataset, match=f"no {MANIFEST}"):
        check_complete(root)
    done = runner.invoke(app, ["export", "--parquet", str(root), "--db", str(examples_db)])
    assert done.exit_code == 0, done.output
    assert check_complete(root)["games"] > 0 and not _leftovers(tmp_path)


def test_a_complete_dataset_is_not_written_over(tmp_path, examples_db):
    root = tmp_path / "out"
    assert runner.invoke(app, ["export", "--parquet", str(root), "--db", str(examples_db)]).exit_code == 0
    done = runner.invoke(app, ["export", "--parquet", str(root), "--db", str(examples_db)])
    assert done.exit_code == 2 and "not an empty folder" in done.output


def test_a_file_missing_or_added_makes_a_dataset_incomplete(tmp_path, examples_db):
    root = tmp_path / "out"
    assert runner.invoke(app, ["export", "--parquet", str(root), "--db", str(examples_db)]).exit_code == 0
    listed = check_complete(root)["files"]
    extra = root / "games" / "ruleset=classic" / "part-999999.parquet"
    extra.write_bytes((root / listed[0]).read_bytes())
    with pytest.raises(IncompleteDataset, match="not of the export"):
        duckdb_views(root)
    extra.unlink()
    (root / listed[0]).unlink()
    with pytest.raises(IncompleteDataset, match="missing"):
        duckdb_views(root)


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("source", ["records", "db"])
def test_a_full_disk_is_said_in_words_and_leaves_nothing(tmp_path, monkeypatch, examples_source, examples_db,
                                                         source):
    monkeypatch.setattr(pq.ParquetWriter, "write_table", _disk_full)
    root = tmp_path / "out"
    given = [*map(str, examples_source), "--workers", "1"] if source == "records" else ["--db", str(examples_db)]
    done = runner.invoke(app, ["export", "--parquet", str(root), *given])
    assert done.exit_code == 1, done.output
    assert f"cannot write {root}: the disk is full" in done.output
    assert "Traceback" not in done.output
    assert not root.exists() and not staging(root).exists() and not _leftovers(tmp_path)


def test_a_full_disk_when_the_manifest_is_written_leaves_nothing(tmp_path, monkeypatch, examples_source):
    from gtr_replay.store import export

    monkeypatch.setattr(export, "write_manifest", _disk_full)
    root = tmp_path / "out"
    with pytest.raises(export.CannotWrite, match="the disk is full"):
        export_records(examples_source, root, workers=1)
    assert not root.exists() and not staging(root).exists()


def test_an_export_writing_its_hidden_folder_is_not_disturbed_by_another(tmp_path, examples_source):
    from gtr_replay.errors import UsageError
    from gtr_replay.store import export

    root = tmp_path / "out"
    with export.new_dataset(root) as stage:
        with pytest.raises(UsageError, match="another export is writing"):
            with export.new_dataset(root):
                pass
        assert stage.is_dir()
        (stage / MANIFEST).write_text("{}")
    assert root.is_dir() and not stage.exists()
