"""Checking and exporting records on a Dask cluster (``gtr check --dask``, ``gtr export --dask``).

The records are read here and handed to the cluster's workers in batches, a few per worker at
a time (memory stays flat here and there); each batch is one Dask task running the same
function a local run runs (``replay.files.check_piece``, ``store.export.write_chunk``), and the
results come back in the order of the records, so a report is the one a local run gives.

A worker that dies takes its tasks with it; the scheduler runs them again on the other workers
(up to ``distributed.scheduler.allowed-failures`` deaths a task), and no record is lost. The
run reads the scheduler's events afterwards and says which workers were lost and which records
were run again (``Notes``). Nothing here is imported unless a cluster is asked for.

``ADDRESS`` is a scheduler's (``tcp://host:8786``), or ``local:N`` for a cluster of N worker
processes on this machine, started for the run and closed after it.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from gtr_replay.errors import GtrError, UsageError

try:
    import distributed
except ImportError as error:  # pragma: no cover - the message is the point
    raise UsageError(f"--dask needs dask.distributed, which is not installed ({error})",
                     hint='install it with: python -m pip install "gtr-replay[dask]"') from None

CONNECT_TIMEOUT = "20s"
RECORDS_PER_TASK = 8
"""Records checked in one Dask task: a task then takes a tenth of a second or more, against a
few milliseconds of the scheduler's own work per task."""
TASKS_PER_THREAD = 4
"""Tasks handed to the cluster ahead of the results, per worker thread: enough to keep every
worker busy while results come back, few enough that the records in flight stay few."""


class ClusterError(GtrError):
    """The cluster could not run a task (its workers kept dying on it)."""


@dataclass
class Notes:
    """What the cluster did beside the work: its workers, those lost, the records run again."""

    address: str = ""
    workers: int = 0
    tasks: int = 0
    lost: list[str] = field(default_factory=list)
    """Workers removed from the cluster during the run (killed, crashed, or retired)."""
    retried: list[str] = field(default_factory=list)
    """The records run again after a worker was lost (each says where it is)."""

    def to_dict(self) -> dict:
        return {"address": self.address, "workers": self.workers, "tasks": self.tasks, "workers_lost": self.lost,
                "records_run_again": self.retried}

    def lines(self) -> list[str]:
        said = [f"dask: {self.tasks} task(s) on {self.workers} worker(s) at {self.address}"]
        for worker in self.lost:
            said.append(f"dask: worker {worker} was lost during the run")
        if self.retried:
            said.append(f"dask: {len(self.retried)} record(s) were run again on other workers after a worker was "
                        f"lost, and none is missing: {', '.join(self.retried[:10])}"
                        + (" ..." if len(self.retried) > 10 else ""))
        elif self.lost:
            said.append("dask: no record was running on the lost worker(s); none is missing")
        return said


def _all(work: Callable, items: list) -> list:
    """One task: ``work`` over a batch of items, on a worker."""
    return [work(item) for item in items]


def _where(item) -> str:
    """Where a task's item is, for the notes: ``file:line`` of a record, or a chunk's first and
    last records."""
    if isinstance(item, tuple) and len(item) >= 2 and isinstance(item[0], str) and isinstance(item[1], int):
        return f"{item[0]}:{item[1]}"
    chunk = item[0] if isinstance(item, tuple) else item
    records = getattr(chunk, "records", None)
    if records:
        first, last = records[0], records[-1]
        return f"{first[0]}:{first[2]}" + (f" to {last[0]}:{last[2]}" if len(records) > 1 else "")
    return repr(item)[:60]


class Cluster:
    """A connection to a Dask cluster that maps work over tasks (``run``), in order."""

    def __init__(self, client: distributed.Client, address: str, batch: int = 1) -> None:
        self.client, self.batch = client, max(1, batch)
        self.notes = Notes(address)

    def run(self, work: Callable, tasks: Iterable) -> Iterator:
        """``work(task)`` for every task, on the cluster's workers, results in the order of the
        tasks; tasks are taken as results come back (a few per worker thread ahead)."""
        client = self.client
        threads = sum(client.nthreads().values()) or 1
        self.notes.workers = max(self.notes.workers, len(client.nthreads()))
        window = max(2, TASKS_PER_THREAD * threads)
        token = uuid.uuid4().hex[:12]
        seen_events = len(client.get_events("all"))
        where: dict[str, list[str]] = {}
        pending: deque = deque()
        try:
            for number, items in enumerate(_batches(tasks, self.batch)):
                key = f"gtr-{work.__name__}-{token}-{number}"
                where[key] = [_where(item) for item in items]
                pending.append(client.submit(_all, work, items, key=key, pure=False))
                self.notes.tasks += 1
                if len(pending) >= window:
                    yield from self._result(pending.popleft(), where)
            while pending:
                yield from self._result(pending.popleft(), where)
        finally:
            for future in pending:
                future.cancel()
            self._read_events(seen_events, where)

    def _result(self, future, where: dict[str, list[str]]) -> list:
        try:
            return future.result()
        except distributed.KilledWorker as error:
            raise ClusterError(f"the cluster gave up on records {', '.join(where.get(future.key, ()))}: "
                               f"{error}", hint="the records may need more memory than a worker has, or crash "
                               "it; check them on one machine with gtr check") from None

    def _read_events(self, seen: int, where: dict[str, list[str]]) -> None:
        """The workers lost since the run began, and the tasks of this run they held."""
        for _, event in list(self.client.get_events("all"))[seen:]:
            if not isinstance(event, dict) or event.get("action") != "remove-worker":
                continue
            if event.get("worker") not in self.notes.lost:
                self.notes.lost.append(event.get("worker"))
            again = set(event.get("processing-tasks", ())) | set(event.get("lost-computed-tasks", ()))
            for key in sorted(k for k in again if k in where):
                self.notes.retried += [w for w in where[key] if w not in self.notes.retried]


def _batches(tasks: Iterable, size: int) -> Iterator[list]:
    batch = []
    for task in tasks:
        batch.append(task)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
"""The ways a Dask client connects to a scheduler (``tcp`` when an address names none)."""
ADDRESS_FORM = ("tcp://HOST:PORT as 'dask scheduler' prints it, e.g. tcp://127.0.0.1:8786; or local:N for N worker "
                "processes on this machine")


def checked_address(address: str) -> str:
    """``address`` as ``cluster`` takes it: a scheduler's ``[SCHEME://]HOST:PORT``, or
    ``local:N`` (``local`` alone: two workers). A ``UsageError`` giving the form otherwise,
    before anything is run or connected to (Dask's own would be a traceback about a missing
    port, then a wait of 40 s)."""
    text = address.strip()
    if text == "local" or text.startswith("local:"):
        workers = text.partition(":")[2] or "2"
        if workers.isdigit() and int(workers) >= 1:
            return text
        raise UsageError(f"--dask {address}: local:N takes a number of worker processes, 1 or more",
                         hint="e.g. --dask local:2")
    scheme, given, rest = text.rpartition("://")
    scheme = scheme if given else "tcp"
    host, colon, port = rest.rpartition(":")
    if not text:
        why = "it is empty"
    elif scheme not in SCHEMES:
        why = f"Dask connects by {', '.join(s + '://' for s in SCHEMES[:-1])} or {SCHEMES[-1]}://, not {scheme}://"
    elif not colon:
        why = "it names no port"
    elif not host.strip("[]") or any(c in host for c in "/ "):
        why = "it names no host"
    elif not (port.isdigit() and 1 <= int(port) <= 65535):
        why = f"the port {port!r} is not a number from 1 to 65535"
    else:
        return text
    raise UsageError(f"--dask {address}: not a Dask scheduler's address: {why}", hint=f"give {ADDRESS_FORM}")


@contextmanager
def cluster(address: str, *, batch: int = 1) -> Iterator[Cluster]:
    """A ``Cluster`` connected to the scheduler at ``address`` (or a ``local:N`` cluster started
    now), closed when the block ends, however it ends."""
    local = None
    address = checked_address(address)
    if address.startswith("local"):
        workers = address.partition(":")[2] or "2"
        # a cluster started for one run says nothing of its own closing (workers inherit this)
        os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        local = distributed.LocalCluster(n_workers=int(workers), threads_per_worker=1, processes=True,
                                         dashboard_address=None)
        address = local.scheduler_address
    try:
        try:
            client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except Exception as error:  # refused, unreachable, timed out, or not a scheduler: one error, in words
            raise UsageError(f"cannot reach a Dask scheduler at {address}: {error or type(error).__name__}",
                             hint="start one with 'dask scheduler' and workers with 'dask worker ADDRESS', or "
                                  "give --dask local:2") from None
        try:
            yield Cluster(client, address, batch)
        finally:
            client.close()
    finally:
        if local is not None:
            local.close()


def check_files_on(address: str, paths, **options):
    """``replay.files.check_files`` on the cluster at ``address``: (the report, the ``Notes``)."""
    from gtr_replay.replay.files import check_files

    with cluster(address, batch=RECORDS_PER_TASK) as on:
        report = check_files(paths, run=on.run, **options)
    return report, on.notes


def export_records_on(address: str, paths, root, **options):
    """``store.export.export_records`` on the cluster at ``address``, each chunk of records a
    task that writes its own part: (the report, the ``Notes``)."""
    from gtr_replay.store.export import export_records

    with cluster(address) as on:
        report = export_records(paths, root, run=on.run, **options)
    return report, on.notes
