"""bench_revisions times two checkouts on the same playouts, paired: a checkout against itself
runs, and a folder that is no checkout is refused with a line, not a traceback."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_revisions.py"


def test_a_checkout_against_itself_gives_paired_rounds_and_a_median():
    done = subprocess.run([sys.executable, str(SCRIPT), str(ROOT), "--rounds", "2", "--games", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("round ") == 2
    assert "republic, drawn: the head is" in done.stdout and "median of 2 rounds" in done.stdout


def test_a_folder_that_is_no_checkout_is_refused(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 1
    assert "is not a gtr-replay checkout" in done.stderr and "Traceback" not in done.stderr


def test_counting_instructions_without_valgrind_is_refused_with_what_to_install(tmp_path):
    """``--instructions`` runs each checkout under callgrind; without valgrind on the PATH it says so."""
    python = tmp_path / "bin"
    python.mkdir()
    (python / "python").symlink_to(sys.executable)
    done = subprocess.run([sys.executable, str(SCRIPT), str(ROOT), "--instructions"], capture_output=True, text=True,
                          env={"PATH": str(python)})
    assert done.returncode == 1
    assert "--instructions needs valgrind" in done.stderr and "Traceback" not in done.stderr


def test_counting_an_import_asks_for_instructions_and_valgrind(tmp_path):
    """``--import`` counts an import's replay and store under callgrind: without ``--instructions``
    it says what to add; without valgrind, what to install."""
    done = subprocess.run([sys.executable, str(SCRIPT), str(ROOT), "--import"], capture_output=True, text=True)
    assert done.returncode == 1
    assert "--import counts instructions: give --instructions too" in done.stderr and "Traceback" not in done.stderr
    python = tmp_path / "bin"
    python.mkdir()
    (python / "python").symlink_to(sys.executable)
    done = subprocess.run([sys.executable, str(SCRIPT), str(ROOT), "--instructions", "--import"], capture_output=True,
                          text=True, env={"PATH": str(python)})
    assert done.returncode == 1
    assert "--import needs valgrind" in done.stderr and "Traceback" not in done.stderr
