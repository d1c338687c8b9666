"""The rules engine: state, decisions, flow, powers hooks, scoring.

Public entry points: ``new_game``, ``legal_decisions``, ``apply``, ``GameState``.

The names below are loaded when first used, so that the value modules (``decisions``,
``steps``, ``piles``), which building powers import, never pull in the engine's flow: engine
and powers do not import each other in a circle.
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "apply": "core", "legal_decisions": "core", "pending": "core",
    "Add": "decisions", "Decision": "decisions", "Demand": "decisions", "Demolish": "decisions", "Discard": "decisions",
    "Follow": "decisions", "Gather": "decisions", "Give": "decisions", "Hire": "decisions", "Keep": "decisions",
    "Lay": "decisions", "Lead": "decisions", "Pass": "decisions", "Sell": "decisions", "Slay": "decisions",
    "Surrender": "decisions",
    "TakeFromDeck": "decisions", "TakeFromPool": "decisions", "TearDown": "decisions", "Think": "decisions",
    "Trigger": "decisions",
    "Event": "events", "new_game": "setup",
    "Building": "state", "GameState": "state", "Phase": "state", "PlayerState": "state",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
