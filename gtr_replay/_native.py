"""Whether the rules engine runs compiled (the guard against a stale build: ``notation._native``).

``setup.py`` compiles the modules listed in ``COMPILED`` to C with mypyc: the engine is the hot
path of every check, replay and import. Its shared library is ``gtr_replay._engine_<digest>``,
used only while built from the sources beside it; ``GTR_PURE_PYTHON=1`` reads them from source.
"""

from __future__ import annotations

from pathlib import Path

from notation._native import NOT_BUILT, PURE_ENV, Compiled
from notation._native import READER as NOTATION

__all__ = ["COMPILED", "ENGINE", "NOTATION", "NOT_BUILT", "PURE_ENV", "STATE", "choose", "described"]

PACKAGE = Path(__file__).resolve().parent
"""The folder of the ``gtr_replay`` package."""

COMPILED = (
    "engine/allowance.py", "engine/core.py", "engine/draws.py", "engine/endgame.py", "engine/flow.py",
    "engine/game.py", "engine/hidden.py", "engine/invariants.py", "engine/rules.py", "engine/scoring.py", "engine/setup.py", "engine/spent.py",
    "engine/unseen.py", "engine/handlers/base.py", "engine/handlers/keep.py", "engine/handlers/legionary.py",
    "engine/handlers/passing.py", "engine/handlers/play.py", "engine/handlers/roles.py", "engine/handlers/spoils.py",
    "engine/handlers/steal.py", "engine/handlers/structures.py", "engine/handlers/surrender.py",
    "replay/translate.py", "replay/replayer.py", "game/state.py", "game/events.py", "game/piles.py",
)
"""The compiled modules, as paths under the package: the engine but its package ``__init__``
files, the replay's translation of statements, and the game's state, events and card piles,
which the engine reads all the time. The other values of ``gtr_replay/game/`` (decisions,
steps, results, what a push hands back: pickled between processes, and a step class is filed
by a decorator), the closed sets (``enums.py``: compiled, every ``Role``, ``Material`` or
``Zone`` in an annotation would become a check at run time) and the building powers stay
Python.

These modules' constants are typed ``Final``: mypy refuses to bind such a name again, and
compiled, it is read where it was stored rather than looked up by name in the module's
dictionary at every use."""

ENGINE = Compiled("gtr_replay", PACKAGE, COMPILED, "_engine")

STATE = "pure Python"
"""How the engine runs: 'compiled', or 'pure Python' with the reason in parentheses."""


def described() -> str:
    """How the engine runs, for a person (``gtr --version``): what running from source costs,
    and how to compile it where it was installed without."""
    if STATE == "compiled":
        return "rules engine: compiled"
    text = f"rules engine: from source, {STATE.removeprefix('pure Python (').removesuffix(')')}"
    if NOT_BUILT in STATE:
        text += ("; a check takes about 1.4 times as long as compiled: with a C compiler and the "
                 "Python headers, pip install -e . compiles it")
    return text


def choose() -> str:
    """Decide once, before any engine module is imported, whether the compiled build is used."""
    global STATE
    STATE = ENGINE.choose()
    return STATE
