"""Pickling and copying the engine's frozen values (decisions, scores, problems...)."""

from __future__ import annotations

from dataclasses import fields


def rebuilt(value) -> tuple:
    """The ``__reduce__`` of a frozen dataclass: made again from its fields, in order.
    Compiled (``setup.py``), a frozen class refuses to have its fields set one by one, which
    is how ``pickle`` and ``copy`` restore a slotted object otherwise."""
    return type(value), tuple(getattr(value, f.name) for f in fields(value))
