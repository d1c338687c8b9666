"""A ``gtr table`` server for one test: uvicorn in a thread on 127.0.0.1, a port the test
picks, stopped when the test ends; and a small seat client over HTTP and WebSocket."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest

from gtr_replay.table.links import Links
from gtr_replay.table.serve import server
from gtr_replay.table.sitting import Sitting

TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Client:
    """The seats' and the table's requests to a server on 127.0.0.1:``port``."""

    def __init__(self, links: Links, port: int) -> None:
        self.links = links
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.base, timeout=TIMEOUT)

    def token(self, seat: str | None) -> str:
        links = self.links
        return links.table if seat is None else links.seats[seat]

    def url(self, seat: str | None) -> str:
        return f"{self.base}/{'table' if seat is None else 'seat'}/{self.token(seat)}"

    def data(self, seat: str | None) -> dict:
        response = self.http.get(f"/api/{self.token(seat)}")
        response.raise_for_status()
        return response.json()

    def act(self, seat: str | None, action: dict, version: int | None = None) -> dict:
        if version is None:
            version = self.data(seat)["version"]
        response = self.http.post(f"/api/{self.token(seat)}/act", content=json.dumps({"version": version, **action}))
        response.raise_for_status()
        return response.json()


class Running(Client):
    """One server in a thread: its sitting, and a client bound to it."""

    def __init__(self, sitting: Sitting, port: int) -> None:
        super().__init__(sitting.links, port)
        self.sitting = sitting
        self._server = server(sitting, "127.0.0.1", port)
        self._thread = threading.Thread(target=self._server.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the table's server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(TIMEOUT)
        self.http.close()
        assert not self._thread.is_alive(), "the table's server did not stop"


@pytest.fixture
def table_server():
    """``start(path, **Sitting.open arguments)`` serves a game; every server stops at the test's end."""
    started: list[Running] = []

    def start(path: Path, **kwargs) -> Running:
        running = Running(Sitting.open(path, **kwargs), free_port())
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()
