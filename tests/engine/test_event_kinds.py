"""Event kinds are one closed set (``game.events.EventKind``), each described once in ``KINDS``:
every event a game makes carries a member of it, never a bare word."""

from gtr_replay.game.events import KINDS, EventKind
from gtr_replay.play.selfplay import selfplay


def test_every_kind_is_described_once():
    assert set(KINDS) == set(EventKind)


def test_every_event_of_a_game_carries_a_kind_of_the_closed_set():
    from gtr_replay.replay.replayer import Replayer

    for ruleset in ("classic", "republic", "imperium"):
        game = next(selfplay(ruleset, 3, "kinds", 1, expansion=None if ruleset == "classic" else "geek"))
        snapshots = list(Replayer(game.record()).run())
        kinds = [e.kind for s in snapshots for e in s.events]
        assert kinds and all(type(kind) is EventKind for kind in kinds), \
            sorted({repr(k) for k in kinds if type(k) is not EventKind})
