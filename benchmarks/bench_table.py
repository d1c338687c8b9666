"""How fast ``gtr table`` answers a decision: a whole three-player game (``gtr selfplay``'s
random legal choices, every draw listed) played through the seat API of a server on
127.0.0.1, with the three seats' pages connected by WebSocket and sent every change. Each
decision is timed from the POST to its answer (applied, written to the file, every page
sent its view); the median, 90th percentile and worst are printed, over the whole game and
by thirds of it (the recorder replays the record to check each statement, so late
decisions cost more).

    python benchmarks/bench_table.py [--ruleset republic] [--seed bench-0]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: use the code of this checkout
    sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from gtr_replay.play.selfplay import play_one  # noqa: E402
from gtr_replay.table.serve import server  # noqa: E402
from gtr_replay.table.sitting import Sitting  # noqa: E402

PLAYERS = ["Ann", "Ben", "Cid"]
TIMEOUT = 10.0


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"median {1000 * statistics.median(ordered):.1f} ms, 90% {1000 * p90:.1f} ms, "
            f"worst {1000 * ordered[-1]:.1f} ms ({len(ordered)} decisions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="republic")
    parser.add_argument("--seed", default="bench-0", help="the selfplay game's name")
    args = parser.parse_args()
    record = play_one(args.ruleset, PLAYERS, args.seed).record(draws=True)
    with tempfile.TemporaryDirectory() as folder:
        sitting = Sitting.open(Path(folder) / "bench.gtr", ruleset=args.ruleset, players=PLAYERS)
        port = _port()
        uvicorn = server(sitting, "127.0.0.1", port)
        thread = threading.Thread(target=uvicorn.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not uvicorn.started and time.monotonic() < deadline:
            time.sleep(0.02)
        tokens = sitting.links.seats
        http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=TIMEOUT)
        pages = [connect(f"ws://127.0.0.1:{port}/live/{tokens[p]}", open_timeout=TIMEOUT, legacy=True) for p in PLAYERS]
        received = [0] * len(pages)

        def drain(n: int) -> None:
            try:
                while True:
                    pages[n].recv()
                    received[n] += 1
            except Exception:
                pass

        readers = [threading.Thread(target=drain, args=(n,), daemon=True) for n in range(len(pages))]
        for reader in readers:
            reader.start()
        version = sitting.version

        def post(seat: str, action: dict) -> float:
            nonlocal version
            started = time.perf_counter()
            answer = http.post(f"/api/{tokens[seat]}/act", content=json.dumps({"version": version, **action})).json()
            took = time.perf_counter() - started
            if "ok" not in answer:
                raise SystemExit(f"refused: {answer.get('refused')}")
            version = answer["data"]["version"]
            return took

        try:
            for round_ in record.start.draws:
                for draw in round_:
                    post(draw.player, {"do": "draw", "card": draw.card})
            for player, hand in record.start.hands.items():
                post(player, {"do": "hand", "cards": list(hand)})
            times = [post(s.statement.actor, {"do": "say", "text": str(s.statement)}) for s in record.steps]
        finally:
            for page in pages:
                page.close()
            http.close()
            uvicorn.should_exit = True
            thread.join(TIMEOUT)
    third = len(times) // 3
    print(f"gtr table, {args.ruleset} {len(PLAYERS)} players, three pages live ({sum(received)} messages sent):")
    print(f"  whole game: {_figures(times)}")
    for name, part in (("first third", times[:third]), ("middle third", times[third:2 * third]),
                       ("last third", times[2 * third:])):
        print(f"  {name}: {_figures(part)}")


if __name__ == "__main__":
    main()
