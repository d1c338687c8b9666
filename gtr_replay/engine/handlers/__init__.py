"""Decision handlers, one per decision kind, filed in ``base.HANDLERS`` on import."""

from gtr_replay.engine.handlers import (  # noqa: F401
    keep, legionary, passing, play, roles, spoils, steal, structures, surrender,
)
from gtr_replay.engine.handlers.base import HANDLERS, Handler, Problem

__all__ = ["HANDLERS", "Handler", "Problem"]
