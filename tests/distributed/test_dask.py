"""Checking and exporting on a real Dask cluster (a ``LocalCluster`` of two worker processes):
the reports agree with a local run record for record, also when a worker is killed in the
middle of the run; nothing of Dask is imported without a cluster; no worker outlives the
cluster."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import notation
import pytest

from processes import alive

from gtr_replay.distributed import Cluster
from gtr_replay.extract import Selection, extract, output
from gtr_replay.replay.files import check_files
from gtr_replay.play.selfplay import selfplay
from gtr_replay.store.export import export_records
from gtr_replay.store.parquet_schema import TABLES, check_complete, duckdb_views

distributed = pytest.importorskip("distributed")  # in the test extra: never skipped in CI


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> Path:
    """One record per file (so that a check's per-file report is a per-record one): self-play
    games of each ruleset, one the rules refuse and one the notation refuses."""
    folder = tmp_path_factory.mktemp("dask")
    games = [*selfplay("classic", 2, "dask", 8), *selfplay("republic", 3, "dask", 6),
             *selfplay("imperium", 2, "dask", 6)]
    texts = [notation.write(g.record(event=f"dask {n}")) for n, g in enumerate(games)]
    texts[3] = texts[3].replace("[Result \"", "[Result \"Nobody 1, ", 1)
    texts.append('[Game "Glory to Rome"]\n[Ruleset "classic"]\n[Players "Ann, Ben"]\n\nturn 1 Ann\n  Ann naps\n')
    corpus = folder / "all.gtr"
    corpus.write_text("\n".join(texts), encoding="utf-8")
    extract([corpus], Selection(), output.Split(folder / "one-each", 1))
    return folder / "one-each"


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes of one thread each, closed whatever the tests do; afterwards no
    worker process is left."""
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(local, set_as_default=False)
    pids: set[int] = set()
    try:
        yield client, pids, local.scheduler_address
    finally:
        pids.update(client.run(os.getpid).values())
        client.close()
        local.close()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(p) for p in pids):
            time.sleep(0.1)
        assert not [p for p in pids if alive(p)], "a worker process outlived its cluster"
        # multiprocessing's resource tracker, started for the spawned workers, would end with
        # this process; stopped now, the suite's own check sees that nothing else is left
        from multiprocessing import resource_tracker
        getattr(resource_tracker._resource_tracker, "_stop", lambda: None)()


def test_a_cluster_check_agrees_with_a_local_check_record_for_record(records, cluster):
    client, pids, _ = cluster
    pids.update(client.run(os.getpid).values())
    local = check_files([records], workers=1)
    on = Cluster(client, "test", batch=3)
    remote = check_files([records], run=on.run)
    assert remote.to_dict() == local.to_dict()
    assert len(local.files) == 21 and len(local.problems) == 2  # the two refused records, reported alike
    assert on.notes.tasks == 7 and not on.notes.lost


class Killer(threading.Thread):
    """Kills one worker while it holds work: stops it (so what it holds cannot finish), waits
    for anything it already sent to arrive, and kills it if a task of the run is still on it."""

    def __init__(self, client) -> None:
        super().__init__(daemon=True)
        self.client, self.killed, self.stop = client, None, threading.Event()

    def run(self) -> None:
        while not self.stop.is_set() and self.killed is None:
            for worker, pid in self.client.run(os.getpid).items():
                os.kill(pid, signal.SIGSTOP)
                time.sleep(0.3)
                if any(k.startswith("gtr-") for k in self.client.processing().get(worker, ())):
                    os.kill(pid, signal.SIGKILL)
                    self.killed = worker
                    return
                os.kill(pid, signal.SIGCONT)
            time.sleep(0.05)


def test_a_worker_killed_during_a_check_loses_no_record_and_the_report_says_so(records, cluster):
    client, pids, _ = cluster
    pids.update(client.run(os.getpid).values())
    local = check_files([records], workers=1)
    on = Cluster(client, "test", batch=1)
    killer = Killer(client)
    killer.start()
    try:
        remote = check_files([records], run=on.run)
    finally:
        killer.stop.set()
        killer.join()
    pids.update(client.run(os.getpid).values())  # the worker started in place of the killed one
    assert killer.killed is not None, "the run ended before a worker could be killed"
    assert remote.to_dict() == local.to_dict()
    assert on.notes.lost == [killer.killed]
    assert on.notes.retried and all(str(records) in where for where in on.notes.retried)
    assert any("run again" in line for line in on.notes.lines())


def test_a_cluster_export_writes_the_dataset_a_local_export_writes(records, cluster, tmp_path):
    client, pids, _ = cluster
    pids.update(client.run(os.getpid).values())
    local = export_records([records], tmp_path / "local", workers=1, per_part=5)
    remote = export_records([records], tmp_path / "remote", per_part=5, run=Cluster(client, "test").run)
    assert remote.to_dict() == local.to_dict() and remote.games == 19
    for table in TABLES:
        rows = []
        for root in ("local", "remote"):
            con = duckdb.connect()
            for sql in duckdb_views(tmp_path / root):
                con.execute(sql)
            rows.append(sorted(con.execute(f"SELECT * FROM {table}").fetchall(), key=repr))
        assert rows[0] == rows[1], table
    assert not list((tmp_path / "remote").rglob("*.tmp"))  # every part whole, none half-written


def test_the_command_line_reports_the_cluster_beside_the_local_report(records, cluster):
    import json

    from typer.testing import CliRunner

    from gtr_replay.cli import app

    _, _, address = cluster
    runner = CliRunner()
    local = json.loads(runner.invoke(app, ["check", str(records), "--json", "--workers", "1"]).output)
    done = runner.invoke(app, ["check", str(records), "--json", "--dask", address])
    remote = json.loads(done.output)
    assert done.exit_code == 1  # the two refused records, as locally
    assert remote.pop("cluster") == {"address": address, "workers": 2, "tasks": 3, "workers_lost": [],
                                     "records_run_again": []}
    assert remote == local


PROBE = """
import sys
from typer.testing import CliRunner
from gtr_replay.cli import app
runner = CliRunner()
checked = runner.invoke(app, ["check", sys.argv[1]])
extracted = runner.invoke(app, ["extract", sys.argv[1], "--legal", "--out", sys.argv[2]])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("dask", "distributed", "pyarrow", "duckdb"))
print(checked.exit_code, extracted.exit_code, loaded)
"""


def test_without_an_address_nothing_of_dask_is_imported(records, tmp_path):
    done = subprocess.run([sys.executable, "-c", PROBE, str(records), str(tmp_path / "legal.gtr")],
                          capture_output=True, text=True, timeout=300)
    assert done.stdout.split(" ", 2) == ["1", "0", "[]\n"], done.stderr



def _fill_the_disk(full: bool) -> None:
    """Run in each worker: the Parquet writer fails as on a full disk (or works again)."""
    import errno

    import pyarrow.parquet as pq

    if full:
        pq.ParquetWriter._real_write_table = pq.ParquetWriter.write_table

        def no_room(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")

        pq.ParquetWriter.write_table = no_room
    elif hasattr(pq.ParquetWriter, "_real_write_table"):
        pq.ParquetWriter.write_table = pq.ParquetWriter._real_write_table


def test_a_full_disk_on_the_workers_is_said_in_words_and_leaves_nothing(records, cluster, tmp_path):
    from gtr_replay.store.export import CannotWrite, staging

    client, pids, _ = cluster
    pids.update(client.run(os.getpid).values())
    client.run(_fill_the_disk, True)
    try:
        with pytest.raises(CannotWrite, match="the disk is full"):
            export_records([records], tmp_path / "out", per_part=5, run=Cluster(client, "test").run)
    finally:
        client.run(_fill_the_disk, False)
    assert not (tmp_path / "out").exists() and not staging(tmp_path / "out").exists()
    assert not list(tmp_path.rglob("*.tmp"))
    remote = export_records([records], tmp_path / "out", per_part=5, run=Cluster(client, "test").run)
    assert check_complete(tmp_path / "out")["games"] == remote.games == 19


def test_a_corpus_judged_on_the_cluster_stores_what_a_local_analysis_stores(cluster, tmp_path):
    """``gtr analyse FOLDER --db --dask``: each position is a task; the same seed and budget
    give the same evaluations on the cluster as in this process."""
    import json
    import shutil
    import sqlite3

    from typer.testing import CliRunner

    from gtr_replay.cli import app

    _, _, address = cluster
    folder = tmp_path / "games"
    folder.mkdir()
    rulebook = Path(__file__).parents[2] / "examples" / "rulebook"
    for name in ("ex-bb-forumromanum-1.gtr", "ex-bb-latrine-1.gtr"):
        shutil.copy(rulebook / name, folder / name)
    runner = CliRunner()

    def evaluations(db: Path) -> list[tuple]:
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT game, statement, played, chance_played, best, chance_best "
                                "FROM evaluations ORDER BY game, statement").fetchall()

    here = runner.invoke(app, ["analyse", str(folder), "--db", str(tmp_path / "here.db"), "--budget", "10", "--json"])
    there = runner.invoke(app, ["analyse", str(folder), "--db", str(tmp_path / "there.db"), "--budget", "10",
                                "--json", "--dask", address])
    assert here.exit_code == there.exit_code == 0, (here.output, there.output)
    assert json.loads(here.stdout)["analysed"] == json.loads(there.stdout)["analysed"]
    assert evaluations(tmp_path / "here.db") == evaluations(tmp_path / "there.db") != []
