"""Whether the rules engine runs compiled, and the guard that keeps a stale build unused.

``setup.py`` compiles the modules listed in ``COMPILED`` to C with mypyc (the engine is the
hot path of every check, replay and import). The shared library it builds is named after a
digest of exactly those sources (``_engine_<digest>__mypyc``), so that the compiled code is
used only while it was built from the sources beside it. In a checkout installed with
``pip install -e .`` an edited source would otherwise hide behind its old compiled module;
here it is simply read from source until the next install builds it again.

``GTR_PURE_PYTHON=1`` in the environment reads every module from source (to debug or to
compare), and at install time builds nothing.

This module must stay importable without anything else of the package (``setup.py`` runs it).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
"""The folder of the ``gtr_replay`` package."""

COMPILED = (
    "engine/core.py", "engine/draws.py", "engine/endgame.py", "engine/flow.py", "engine/game.py", "engine/hidden.py",
    "engine/invariants.py", "engine/rules.py", "engine/scoring.py", "engine/setup.py", "engine/spent.py",
    "engine/unseen.py", "engine/handlers/base.py", "engine/handlers/keep.py", "engine/handlers/legionary.py",
    "engine/handlers/passing.py", "engine/handlers/play.py", "engine/handlers/roles.py", "engine/handlers/spoils.py",
    "engine/handlers/steal.py", "engine/handlers/structures.py", "engine/handlers/surrender.py",
    "replay/translate.py", "replay/replayer.py", "game/state.py", "game/events.py", "game/piles.py",
)
"""The compiled modules, as paths under the package: the engine but its package ``__init__``
files, the replay's translation of statements, and the game's state, events and card piles,
which the engine reads all the time. The other values of ``gtr_replay/game/`` (decisions,
steps, results, what a push hands back: pickled between processes, and a step class is filed
by a decorator) and the building powers stay Python."""

PURE_ENV = "GTR_PURE_PYTHON"


def module_name(path: str) -> str:
    return "gtr_replay." + path.removesuffix(".py").replace("/", ".")


def sources_digest() -> str:
    """A digest of the compiled modules' sources: it names the shared library built from them."""
    digest = hashlib.sha256()
    for path in COMPILED:
        digest.update(path.encode())
        digest.update((PACKAGE / path).read_bytes())
    return digest.hexdigest()[:16]


def library_name(digest: str) -> str:
    """The shared library's module name (``mypycify``'s ``group_name``, plus its suffix)."""
    return f"gtr_replay._engine_{digest}"


def built_libraries() -> list[Path]:
    return sorted(PACKAGE.glob("_engine_*__mypyc*"))


def built_modules() -> list[Path]:
    """Every compiled file in the package: the shared libraries and each module's stub that
    loads from one (a stub of a module no longer compiled would load a library gone)."""
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".so", ".pyd"))


class _FromSource:
    """A finder that reads the compiled modules from their sources (stale build, or asked)."""

    @staticmethod
    def find_spec(fullname, path=None, target=None):
        source = _SOURCES.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


_SOURCES: dict[str, str] = {}
"""The compiled modules' source files by module name, while they are read from source."""

STATE = "pure Python"
"""How the engine runs: 'compiled', or 'pure Python' with the reason in parentheses."""

NOT_BUILT = "not compiled: installed with GTR_PURE_PYTHON=1 or without a C compiler"
"""Why the engine runs from source when no build is there."""


def described() -> str:
    """How the engine runs, for a person (``gtr --version``): what running from source costs,
    and how to compile it where it was installed without."""
    if STATE == "compiled":
        return "rules engine: compiled"
    text = f"rules engine: from source, {STATE.removeprefix('pure Python (').removesuffix(')')}"
    if NOT_BUILT in STATE:
        text += ("; replays take about 1.8 times as long as compiled: with a C compiler and the Python headers, "
                 "pip install -e . compiles it")
    return text


def choose() -> str:
    """Decide once, before any engine module is imported, whether the compiled build is used."""
    global STATE
    built = built_libraries()
    if not built:
        STATE = f"pure Python ({NOT_BUILT})"
        return STATE
    reason = None
    if os.environ.get(PURE_ENV):
        reason = f"{PURE_ENV} is set"
    elif not any(p.name.startswith(f"_engine_{sources_digest()}__mypyc") for p in built):
        reason = "the sources changed since the build; pip install -e . compiles them again"
    if reason is None:
        STATE = "compiled"
    else:
        _SOURCES.update({module_name(p): str(PACKAGE / p) for p in COMPILED})
        if _FromSource not in sys.meta_path:
            sys.meta_path.insert(0, _FromSource)  # type: ignore[arg-type]
        STATE = f"pure Python ({reason})"
    return STATE
