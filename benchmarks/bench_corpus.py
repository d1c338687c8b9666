"""Corpora larger than one machine: extract, Parquet export and a Dask check, measured.

    python benchmarks/bench_corpus.py [--records 10000] [--dask-records 500] [--dir /tmp/gtr-corpus]
                                      [--verify] [--skip-replay]

Makes (once, kept in ``--dir``) a file of ``--records`` self-play records of every ruleset and
player count, with Date tags, of which one in twenty is a second record of a game written before
(half as written, half with its Event tag edited), and a file of every fourth of them. Then, each
command a process of its own, timed in wall seconds with its peak memory (``ru_maxrss``):

- ``gtr fmt --check`` on the large file: the speed ``gtr extract`` is held to (within 2x);
- ``gtr extract`` selecting by tags, de-duplicating, writing canonically, splitting, and
  selecting by what happened (a replay, in worker processes), on both files: records/s, and
  peak memory at the two sizes (flat: the same at four times the records);
- ``gtr export --parquet`` from the large file (records/s);
- ``--dask-records`` records checked one process (``gtr check --workers 1``) and on a
  ``LocalCluster`` of two worker processes, once as is and once with a worker killed during the
  run: every per-record result compared with the local check's.

``--verify`` also imports the large file (``gtr import``, minutes; the database is kept in
``--dir``) and compares the selections, the de-duplication and the split with the same
questions asked in SQL, and the Parquet export with ``gtr query``'s saved queries in DuckDB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import notation  # noqa: E402

from gtr_replay.play.selfplay import selfplay  # noqa: E402

TIME = shutil.which("time", path="/usr/bin:/bin") or "/usr/bin/time"
"""GNU time, for a command's peak memory (Debian: apt-get install time)."""

CONFIGS = [(r, n) for r in ("classic", "republic", "imperium") for n in (2, 3, 4, 5)]


def make_corpus(records: int, large: Path, small: Path) -> None:
    """``records`` records, one in twenty a second record of a game written earlier."""
    distinct = records - records // 20
    per = -(-distinct // len(CONFIGS))
    texts: list[str] = []
    for ruleset, players in CONFIGS:
        for n, game in enumerate(selfplay(ruleset, players, "corpus", per)):
            if len(texts) == distinct:
                break
            text = notation.write(game.record(event=f"league night {len(texts)}"))
            texts.append(text.replace('[Ruleset "', f'[Date "2026.{1 + n % 12:02d}.{1 + n % 28:02d}"]\n[Ruleset "', 1))
    again = []
    for n in range(records - distinct):
        text = texts[n * 17 % distinct]
        again.append(text if n % 2 else text.replace("league night", "league evening"))
    texts[len(texts) // 2:len(texts) // 2] = again  # the copies in the middle of the file
    large.write_text("\n".join(texts), encoding="utf-8")


def quarter(large: Path, small: Path) -> None:
    """Every fourth record of ``large``: the same mix of rulesets and copies, a quarter the size."""
    from notation import scan

    pieces = [piece.rstrip() + "\n" for n, (_, piece) in enumerate(scan.file_pieces(large)) if n % 4 == 0]
    small.write_text("\n".join(pieces), encoding="utf-8")


def timed(args: list[str]) -> dict:
    """Run a gtr command in a process of its own: wall seconds, exit status, the end of what it
    said, its peak memory in MiB and CPU seconds (its workers' included: wait4 on its process)."""
    with tempfile.TemporaryFile() as said:
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "gtr_replay", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=said, env={**os.environ, "PYTHONPATH": str(ROOT)})
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - started
        said.seek(0)
        err = said.read().decode()[-2000:]
    return {"wall": wall, "status": os.waitstatus_to_exitcode(status), "err": err, "rss": usage.ru_maxrss / 1024,
            "cpu": usage.ru_utime + usage.ru_stime}


def line(label: str, records: int, result: dict, baseline: dict | None = None) -> None:
    """One measure: wall and CPU seconds (its workers' included), records per second of each, peak
    memory; beside ``baseline``, the CPU ratio (wall time moves with what else the machine runs)."""
    ratio = f"  {result['cpu'] / baseline['cpu']:5.2f}x fmt --check's CPU" if baseline else ""
    print(f"{label:<52} {result['wall']:7.2f} s {records / result['wall']:7,.0f}/s  CPU {result['cpu']:7.2f} s "
          f"{records / max(result['cpu'], 1e-9):7,.0f}/CPU-s  peak {result['rss']:6.1f} MiB  (exit {result['status']})"
          f"{ratio}", flush=True)


def extract_figures(large: Path, small: Path, records: int, work: Path, replay: bool) -> None:
    print(f"\n## extract on {records:,} records ({large.stat().st_size / 2**20:.0f} MB) and {records // 4:,}")
    base = timed(["fmt", "--check", str(large)])
    line("gtr fmt --check (baseline)", records, base)
    cases = [
        ("tags: --tag Ruleset=classic", ["--tag", "Ruleset=classic"]),
        ("tags: --player Dee --since 2026.03 --until 2026.06", ["--player", "Dee", "--since", "2026.03",
                                                                "--until", "2026.06"]),
        ("tags, canonical: --tag Ruleset=classic --canonical", ["--tag", "Ruleset=classic", "--canonical"]),
        ("--dedupe (parses every record)", ["--dedupe"]),
        ("--split 100 (one file per 100 records)", ["--split", "100"]),
    ]
    if replay:
        cases.append(("replay: --winner Ann (2 worker processes)", ["--winner", "Ann", "--workers", "2"]))
    for label, options in cases:
        for path, count in ((large, records), (small, records // 4)):
            out = work / f"out-{len(list(work.iterdir()))}"
            result = timed(["extract", str(path), *options, "--out", str(out) + ("" if "--split" in options else ".gtr")])
            line(f"{label} [{count:,}]", count, result, base if path == large else None)


def export_figures(large: Path, small: Path, records: int, work: Path) -> Path:
    print(f"\n## export --parquet on {records:,} records and {records // 4:,}")
    for path, count in ((small, records // 4), (large, records)):
        root = work / f"parquet-{count}"
        result = timed(["export", str(path), "--parquet", str(root)])
        line(f"gtr export FILE --parquet DIR (2 workers) [{count:,}]", count, result)
        size = sum(f.stat().st_size for f in root.rglob("*.parquet"))
        print(f"dataset: {size / 2**20:.1f} MiB in {len(list(root.rglob('*.parquet')))} files")
    return root


class Killer(threading.Thread):
    """Kills one worker while it holds a task of the run (stopped first, so it cannot finish it)."""

    def __init__(self, client) -> None:
        super().__init__(daemon=True)
        self.client, self.killed, self.stop = client, None, threading.Event()

    def run(self) -> None:
        time.sleep(1.0)  # well into the run
        while not self.stop.is_set() and self.killed is None:
            for worker, pid in self.client.run(os.getpid).items():
                os.kill(pid, signal.SIGSTOP)
                time.sleep(0.3)
                if any(k.startswith("gtr-") for k in self.client.processing().get(worker, ())):
                    os.kill(pid, signal.SIGKILL)
                    self.killed = worker
                    return
                os.kill(pid, signal.SIGCONT)


def _workers_cpu(client) -> float:
    """CPU seconds the cluster's worker processes have spent so far."""
    def spent() -> float:
        import psutil
        times = psutil.Process().cpu_times()
        return times.user + times.system
    return sum(client.run(spent).values())


def dask_figures(count: int, work: Path) -> None:
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")  # the kill is the point: no log of it
    import distributed

    from gtr_replay.distributed import RECORDS_PER_TASK, Cluster
    from gtr_replay.extract import Selection, extract, output
    from gtr_replay.replay.files import check_files

    print(f"\n## check of {count} self-play records: one process, and a two-worker LocalCluster")
    corpus = work / f"dask-{count}.gtr"
    if not corpus.exists():
        per = -(-count // len(CONFIGS))
        texts = [notation.write(g.record()) for r, n in CONFIGS for g in selfplay(r, n, "dask", per)][:count]
        corpus.write_text("\n".join(texts), encoding="utf-8")
    folder = work / f"dask-{count}-one-each"
    if not folder.exists():
        extract([corpus], Selection(), output.Split(folder, 1))  # one record per file: per-file = per-record
    started, cpu = time.perf_counter(), time.process_time()
    local = check_files([folder], workers=1)
    one, one_cpu = time.perf_counter() - started, time.process_time() - cpu
    decisions = sum(f.decisions for f in local.files)
    print(f"gtr check, one process: {one:.2f} s, {count / one:,.0f} records/s, {decisions / one:,.0f} decisions/s; "
          f"CPU {one_cpu:.2f} s, {count / one_cpu:,.0f} records/CPU-s")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster, set_as_default=False)
    try:
        for kill in (False, True):
            on = Cluster(client, cluster.scheduler_address, batch=RECORDS_PER_TASK)
            killer = Killer(client) if kill else None
            if killer:
                killer.start()
            started, cpu, workers_cpu = time.perf_counter(), time.process_time(), _workers_cpu(client)
            remote = check_files([folder], run=on.run)
            wall = time.perf_counter() - started
            spent = time.process_time() - cpu + _workers_cpu(client) - workers_cpu
            if killer:
                killer.stop.set()
                killer.join()
            same = remote.to_dict() == local.to_dict()
            agree = sum(a.to_dict() == b.to_dict() for a, b in zip(local.files, remote.files))
            label = "LocalCluster, 2 workers" + (", one killed during the run" if kill else "")
            cpu_said = "" if kill else f"; CPU {spent:.2f} s (here, scheduler included, and the workers)"
            print(f"{label}: {wall:.2f} s, {count / wall:,.0f} records/s{cpu_said}; {agree} of {len(local.files)} "
                  f"records agree with the local check; whole report equal: {same}")
            for said in on.notes.lines():
                print("   ", said[:300])
            if kill and killer.killed is None:
                print("    (the run ended before a worker could be killed)")
            client.wait_for_workers(2, timeout=60)
    finally:
        client.close()
        cluster.close()


def verify(large: Path, work: Path, parquet: Path) -> None:
    """The selections, de-duplication and split against ``gtr import`` + SQL; the dataset against
    the saved queries."""
    import duckdb

    from gtr_replay.store import SAVED, run_query
    from gtr_replay.store.parquet_schema import duckdb_views
    from gtr_replay.store.rows import game_id
    from gtr_replay.vocabulary import card_vocabulary

    print("\n## verified against gtr import + SQL")
    db = work.parent / f"{large.stem}.db"  # kept: an import takes minutes
    if not db.exists():
        result = timed(["import", str(large), "--db", str(db)])
        print(f"gtr import: {result['wall']:.0f} s (exit {result['status']})")

    def keys(path: Path) -> list[str]:
        paths = sorted(path.rglob("*.gtr")) if path.is_dir() else [path]
        return [game_id(r) for p in paths for r in notation.parse(p.read_text(), vocabulary=card_vocabulary())]

    def ids(sql: str) -> set[str]:
        return {r[0] for r in run_query(db, sql).rows}

    checks = [
        (["--tag", "Ruleset=classic", "--dedupe"], "SELECT id FROM games WHERE ruleset = 'classic'"),
        (["--player", "Dee", "--dedupe"], "SELECT game FROM players WHERE name = 'Dee'"),
        (["--since", "2026.03", "--until", "2026.06", "--dedupe"],
         "SELECT id FROM games WHERE json_extract(tags, '$.Date') BETWEEN '2026.03.01' AND '2026.06.31'"),
        (["--dedupe"], "SELECT id FROM games"),
        (["--winner", "Ann", "--dedupe"], "SELECT game FROM players WHERE name = 'Ann' AND winner"),
    ]
    legal = work / "verify-legal.gtr"
    timed(["extract", str(large), "--legal", "--out", str(legal)])
    for options, sql in checks:
        out = work / f"verify-{len(list(work.iterdir()))}.gtr"
        timed(["extract", str(large), *options, "--out", str(out)])
        found, expected = keys(out), ids(sql)
        print(f"extract {' '.join(options)}: {len(found):,} records, {len(set(found)):,} games; SQL: "
              f"{len(expected):,}; same games, each once: {sorted(found) == sorted(expected)}")
    parts = work / f"verify-split-{len(list(work.iterdir()))}"
    timed(["extract", str(large), "--legal", "--split", "250", "--out", str(parts)])
    split = keys(parts)
    files = sorted(parts.iterdir())
    print(f"extract --legal --split 250: {len(files)} files of {', '.join(sorted({str(len(keys(f))) for f in files}))} "
          f"records; {len(split):,} records, {len(set(split)):,} games, the games SQL stores: "
          f"{set(split) == ids('SELECT id FROM games')}; in the order of the file: {split == keys(legal)}")
    con = duckdb.connect()
    for sql in duckdb_views(parquet):
        con.execute(sql)
    for name, query in SAVED.items():
        want = [tuple(r) for r in run_query(db, query.sql).rows]
        got = con.execute(query.sql).fetchall()
        print(f"saved query {name}: {len(want):,} rows; DuckDB on the dataset gives the same: {want == got}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--dask-records", type=int, default=500)
    parser.add_argument("--dir", type=Path, default=Path("/tmp/gtr-corpus"))
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--skip-replay", action="store_true", help="leave out the extract that replays")
    parser.add_argument("--parquet", type=Path, help="with --only verify: a dataset exported before, to reuse")
    parser.add_argument("--only", choices=("extract", "export", "dask", "verify"), help="this part alone")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    large, small = args.dir / f"corpus-{args.records}.gtr", args.dir / f"corpus-{args.records}-quarter.gtr"
    if not large.exists():
        started = time.perf_counter()
        make_corpus(args.records, large, small)
        print(f"made {large} in {time.perf_counter() - started:.0f} s (self-play, not timed below)")
    if not small.exists():
        quarter(large, small)
    import gtr_replay._native as native
    print(f"engine: {native.STATE}; load average before: {os.getloadavg()[0]:.2f}")
    work = args.dir / f"run-{int(time.time())}"
    work.mkdir()
    parquet = work / f"parquet-{args.records}"
    if args.only in (None, "extract"):
        extract_figures(large, small, args.records, work, not args.skip_replay)
    if args.only in (None, "export"):
        parquet = export_figures(large, small, args.records, work)
    if args.dask_records and args.only in (None, "dask"):
        dask_figures(args.dask_records, args.dir)
    if args.verify or args.only == "verify":
        parquet = args.parquet or parquet
        if not parquet.exists():
            timed(["export", str(large), "--parquet", str(parquet)])
        verify(large, work, parquet)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
