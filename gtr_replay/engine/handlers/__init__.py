"""Decision handlers, one per decision kind, filed in ``base.HANDLERS`` on import."""

from gtr_replay.engine.handlers import keep, legionary, play, roles, spoils, steal, surrender  # noqa: F401
from gtr_replay.engine.handlers import structures  # noqa: F401
from gtr_replay.engine.handlers.base import HANDLERS, Handler, Problem

__all__ = ["HANDLERS", "Handler", "Problem"]
