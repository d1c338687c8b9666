"""The install (setup.py): the engine compiled where a C compiler works, and from source,
saying so, where none does; the install never fails for want of one. (.ci/run installs both
ways; these are the quick checks.)"""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gtr_replay import __version__, _native

ROOT = Path(__file__).parents[1]


def _setup_version(**env: str) -> subprocess.CompletedProcess:
    pytest.importorskip("setuptools")
    environment = {k: v for k, v in os.environ.items() if k not in ("CC", _native.PURE_ENV)} | env
    return subprocess.run([sys.executable, "setup.py", "--version"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=300)


def _notices(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("gtr-replay: ")]


def test_without_a_compiler_the_install_goes_on_from_source_and_says_so_in_one_line():
    run = _setup_version(CC="/bin/false")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-1] == f"{__version__}+source"  # what pip's closing line shows
    [notice] = _notices(run.stderr)
    assert "no working C compiler" in notice and "/bin/false" in notice
    assert "installed from source" in notice and "1.4 times as long" in notice
    assert "apt-get install gcc python3-dev" in notice and "pip install again" in notice


def test_asked_to_install_from_source_it_says_how_to_compile_instead():
    run = _setup_version(**{_native.PURE_ENV: "1"})
    assert run.returncode == 0 and run.stdout.split()[-1] == f"{__version__}+source"
    [notice] = _notices(run.stderr)
    assert f"{_native.PURE_ENV} is set" in notice and f"unset {_native.PURE_ENV}" in notice


@pytest.mark.skipif(shutil.which("cc") is None and not os.environ.get("CC"), reason="no C compiler here")
def test_a_working_compiler_is_found_so_the_engine_is_compiled():
    pytest.importorskip("setuptools")
    setup = runpy.run_path(str(ROOT / "setup.py"), run_name="probe")
    assert setup["compiler_missing"]() is None
    assert setup["version"](False) == __version__
