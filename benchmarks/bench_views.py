"""What the review tools cost: the HTML page of a record, and whole snapshots rebuilt in SQL.

    python benchmarks/bench_views.py [FILE.gtr ...]

For each record file: seconds to replay it and write its page, and the page's size. Then
the bundled examples are imported into a temporary database and the ``snapshot_states``
view is read whole: rows and seconds. Run from the project's root.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path,
                        default=[ROOT / "examples" / "games" / "republic-3p.gtr",
                                 ROOT / "examples" / "games" / "imperium-5p.gtr"])
    args = parser.parse_args()
    for path in args.files:
        started = time.perf_counter()
        opened = open_record(path)
        text = page(opened.timeline, title=path.name)
        seconds = time.perf_counter() - started
        print(f"{path.name}: {len(opened.timeline)} statements, page {len(text.encode()) / 1024:.0f} KiB "
              f"in {seconds:.2f} s")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.db"
        with Store(db) as store:
            import_files(store, [ROOT / "examples"], workers=1)
        conn = sqlite3.connect(db)
        started = time.perf_counter()
        rows = conn.execute("SELECT count(*), sum(length(state)) FROM snapshot_states").fetchone()
        seconds = time.perf_counter() - started
        print(f"snapshot_states: {rows[0]} whole states ({rows[1] / 1024:.0f} KiB of JSON) in {seconds:.2f} s")


if __name__ == "__main__":
    main()
