"""What the review tools cost: the HTML page of a record, and states read in SQL.

    python benchmarks/bench_views.py [FILE.gtr ...] [--db games.db]

For each record file: seconds to replay it and write its page, and the page's size. Then, in
a games database (``--db``; else the bundled examples imported into a temporary one), CPU
milliseconds to read one state with ``snapshot_states`` (the last state of the longest game,
the worst there is, and ``LIMIT 1``) and every state of that game with ``snapshots``. When
Datasette is installed (``python -m pip install datasette``; not a dependency of gtr-replay),
the same reads are asked of it at its default settings (a one-second limit on each query), and
the page it shows of ``snapshot_states``: status and milliseconds. Every read timed must give
the rows asked for (else the script stops: a figure measures the answer, not its absence).
Run from the project's root.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gtr_replay.render.html import page  # noqa: E402
from gtr_replay.render.opening import open_record  # noqa: E402
from gtr_replay.store import Store, import_files  # noqa: E402


def cpu_ms(conn: sqlite3.Connection, sql: str, args=()) -> tuple[float, list]:
    """The best of five runs of a query, in CPU milliseconds, and its rows."""
    best, rows = float("inf"), []
    for _ in range(5):
        started = time.process_time()
        rows = conn.execute(sql, args).fetchall()
        best = min(best, time.process_time() - started)
    return best * 1000, rows


def found(rows: list, what: str, count: int = 1) -> list:
    """``rows``, which must be ``count`` rows: a time measured on an empty answer measures nothing."""
    if len(rows) != count:
        raise SystemExit(f"bench_views: {what} gave {len(rows)} row(s), not {count}: the figure would not "
                         f"measure the answer")
    return rows


def reads(db: Path) -> None:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    games = conn.execute("SELECT count(*), sum(statements) FROM games").fetchone()
    game, statements = conn.execute("SELECT id, statements FROM games ORDER BY statements DESC").fetchone()
    print(f"{db.name}: {games[0]:,} games, {games[1]:,} statements; the longest game: {game}, {statements} statements")
    ms, rows = cpu_ms(conn, "SELECT state FROM snapshot_states WHERE game = ? AND seq = ?", (game, statements))
    found(rows, "snapshot_states, the last state")
    print(f"  snapshot_states, its last state: {ms:.1f} ms ({len(rows[0][0]):,} bytes of JSON)")
    ms, rows = cpu_ms(conn, "SELECT state FROM snapshot_states WHERE game = ? AND seq = ?", (game, str(statements)))
    found(rows, "snapshot_states, the last state asked with seq as text (as a filter sends it)")
    print(f"  the same, seq given as text: {ms:.1f} ms")
    ms, rows = cpu_ms(conn, "SELECT game, seq, state FROM snapshot_states LIMIT 1")
    found(rows, "snapshot_states LIMIT 1")
    print(f"  snapshot_states LIMIT 1: {ms:.1f} ms")
    ms, rows = cpu_ms(conn, "SELECT seq, json_extract(state, '$.pool') FROM snapshots WHERE game = ?", (game,))
    found(rows, "snapshots, every state of the game", statements)
    print(f"  snapshots, every state of the game: {ms:.1f} ms ({len(rows)} states)")
    try:
        from datasette.app import Datasette
    except ImportError:
        print("  (Datasette is not installed: python -m pip install datasette)")
        return
    name = db.stem
    # (what a user opens, the rows it must show: None for a page of the view, as many as it shows)
    urls = [(f"/{name}/snapshot_states", None),
            (f"/{name}/snapshot_states.json?game={game}&seq={statements}&_shape=array", 1),
            (f"/{name}.json?sql=select+state+from+snapshot_states+where+game=%27{game}%27+and+seq={statements}"
             f"&_shape=array", 1),
            (f"/{name}.json?sql=select+*+from+snapshot_states+limit+1&_shape=array", 1)]

    async def ask() -> list[str]:
        datasette = Datasette([str(db)])
        out = [f"  Datasette (sql_time_limit_ms={datasette.setting('sql_time_limit_ms')}):"]
        for url, count in urls:
            started = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                response = await datasette.client.get(url)
            ms = (time.perf_counter() - started) * 1000
            given_up = "interrupted" in response.text.lower() or "took too long" in response.text.lower()
            if count is not None and not given_up:
                if response.status_code != 200:
                    raise SystemExit(f"bench_views: {url} answered {response.status_code}: {response.text[:200]}")
                found(response.json(), url, count)
            out.append(f"    {response.status_code} {'gave up' if given_up else 'ok'} {ms:.0f} ms {url}")
        return out

    print("\n".join(asyncio.run(ask())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path,
                        default=[ROOT / "examples" / "games" / "republic-3p.gtr",
                                 ROOT / "examples" / "games" / "imperium-5p.gtr"])
    parser.add_argument("--db", type=Path, help="a games database to read (else the examples, imported)")
    args = parser.parse_args()
    for path in args.files:
        started = time.perf_counter()
        opened = open_record(path)
        text = page(opened.timeline, title=path.name)
        seconds = time.perf_counter() - started
        print(f"{path.name}: {len(opened.timeline)} statements, page {len(text.encode()) / 1024:.0f} KiB "
              f"in {seconds:.2f} s")
    if args.db:
        reads(args.db)
        return
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "examples.db"
        with Store(db) as store:
            import_files(store, [ROOT / "examples"], workers=1)
        reads(db)


if __name__ == "__main__":
    main()
