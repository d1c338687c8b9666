"""Build: the rules engine's modules compiled to C with mypyc (``gtr_replay/_native.py`` lists
them and explains the guard against a stale build). Everything else is in pyproject.toml.

``GTR_PURE_PYTHON=1 pip install -e .`` installs without compiling; the package then runs
from its sources alone, with the same results, about half as fast.
"""

import os
import runpy
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
native = runpy.run_path(str(ROOT / "gtr_replay" / "_native.py"))


def engine_extensions():
    if os.environ.get(native["PURE_ENV"]):
        return []
    from mypyc.build import mypycify

    for old in native["built_libraries"]():  # the libraries of earlier sources, now unused
        old.unlink()
    sources = [f"gtr_replay/{path}" for path in native["COMPILED"]]
    return mypycify(
        ["--config-file", str(ROOT / "pyproject.toml"), *sources],
        group_name=native["library_name"](native["sources_digest"]()),
    )


setup(ext_modules=engine_extensions())
