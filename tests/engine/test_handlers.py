"""The handlers' registry: every kind of decision a player makes has exactly one handler, filed
under it as the handler's class is defined (``handlers.base.Handler``)."""

import inspect

from gtr_replay.engine.handlers import HANDLERS, Handler
from gtr_replay.game import decisions


def _decision_kinds() -> set[type]:
    return {cls for _, cls in inspect.getmembers(decisions, inspect.isclass)
            if issubclass(cls, decisions.Decision) and cls is not decisions.Decision}


def test_every_decision_kind_has_its_own_handler():
    assert set(HANDLERS) == _decision_kinds()
    for kind, handler in HANDLERS.items():
        assert isinstance(handler, Handler)
        assert type(handler).decision is kind
    assert len({type(h) for h in HANDLERS.values()}) == len(HANDLERS)

