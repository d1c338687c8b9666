"""``--dask ADDRESS`` is checked when the command line is read: an address that names no
scheduler is a usage error giving the form (exit 2), at once, before any record is read or any
connection tried; and a scheduler that cannot be reached is one error in words."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gtr_replay.cli import app
from gtr_replay.errors import UsageError

pytest.importorskip("distributed")

from gtr_replay.distributed import checked_address  # noqa: E402

runner = CliRunner()
EXAMPLE = Path(__file__).parents[2] / "examples" / "games" / "classic-2p.gtr"


def _commands(tmp_path: Path, address: str) -> dict[str, list[str]]:
    return {"check": ["check", str(EXAMPLE), "--dask", address],
            "analyse": ["analyse", str(EXAMPLE), "--budget", "1", "--dask", address],
            "export": ["export", str(EXAMPLE), "--parquet", str(tmp_path / "out"), "--dask", address]}


@pytest.mark.parametrize("address, why", [
    ("bogus", "it names no port"),
    ("tcp://127.0.0.1", "it names no port"),
    ("tcp://:8786", "it names no host"),
    ("tcp://127.0.0.1:99999", "the port '99999' is not a number from 1 to 65535"),
    ("tcp://127.0.0.1:port", "the port 'port' is not a number from 1 to 65535"),
    ("http://127.0.0.1:8786", "not http://"),
    ("", "it is empty"),
])
@pytest.mark.parametrize("command", ["check", "analyse", "export"])
def test_an_address_that_names_no_scheduler_is_a_usage_error_at_once(tmp_path, command, address, why):
    started = time.monotonic()
    result = runner.invoke(app, _commands(tmp_path, address)[command])
    assert time.monotonic() - started < 10  # no connection tried, nothing judged
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    said = " ".join(result.stderr.split())
    assert said.startswith(f"error: --dask {address}: not a Dask scheduler's address: "), said
    assert why in said and "tcp://HOST:PORT" in said and "local:N" in said
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("address", ["local:0", "local:two"])
def test_a_local_cluster_needs_a_number_of_workers(tmp_path, address):
    result = runner.invoke(app, _commands(tmp_path, address)["check"])
    assert result.exit_code == 2 and "local:N takes a number of worker processes, 1 or more" in result.stderr


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786", "tls://scheduler.lan:8786",
                                     "tcp://[::1]:8786", "local", "local:3"])
def test_the_forms_a_scheduler_is_reached_by_are_taken(address):
    assert checked_address(address) == address


def test_a_scheduler_that_cannot_be_reached_is_one_error_in_words(tmp_path, monkeypatch):
    """Whatever the client raises while connecting (here what it raises for an address it
    cannot use), the command says it once, in words, and stops."""
    import distributed

    def fails(address, **options):
        raise ValueError(f"missing port number in address {address!r}")

    monkeypatch.setattr(distributed, "Client", fails)
    result = runner.invoke(app, _commands(tmp_path, "tcp://127.0.0.1:1")["check"])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    said = " ".join(result.stderr.split())
    assert said.startswith("error: cannot reach a Dask scheduler at tcp://127.0.0.1:1: missing port number"), said
    assert "Traceback" not in result.output


def test_checked_address_is_a_usage_error():
    with pytest.raises(UsageError):
        checked_address("bogus")
