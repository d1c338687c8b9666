"""A replay's visitors (replay.visitors): what each statement gives, and what a refused one
does to the rest of its line, over one walk of the record."""

import pytest

import notation
from gtr_replay.engine import Game
from gtr_replay.play.selfplay import NAMES, play_one
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.replay.snapshot import UNANNOTATED
from gtr_replay.replay.visitors import CheckOnly, KeepStates, LiveState, Refusal, Statements
from gtr_replay.vocabulary import card_vocabulary


@pytest.fixture(scope="module")
def game():
    return play_one("republic", ["Ann", "Ben"], "visitor-tests")


def read(record):
    return notation.parse_one(notation.write(record), vocabulary=card_vocabulary())


def with_a_statement_twice(record):
    """The record with the third turn's second statement (a follower's think) written twice:
    the copy is refused, the decision being another player's (R-TURN-2)."""
    turn = record.turns[2]
    doubled = notation.Turn(turn.number, turn.leader, (*turn.steps[:2], turn.steps[1], *turn.steps[2:]))
    return notation.Record(record.tags, record.start, (*record.turns[:2], doubled, *record.turns[3:]))


def test_every_visitor_walks_the_same_game_keeping_what_it_says(game):
    record = read(game.record())
    kept = list(Replayer(record, KeepStates()).run())
    assert len(kept) == len(game.decisions)
    assert kept[-1].state == game.state and kept[-1].annotation.points and kept[-1].live is None
    live = Replayer(record, LiveState())
    last = None
    for snapshot in live.run():
        assert snapshot.state_dict == {} and snapshot.live is live.game.state
        last = snapshot
    assert last.annotation.points == kept[-1].annotation.points
    bare = list(Replayer(record, Statements()).run())
    assert [s.decision for s in bare] == [s.decision for s in kept]
    assert all(s.annotation is UNANNOTATED and s.state_dict == {} and s.live is None for s in bare)
    checking = Replayer(record, CheckOnly())
    assert list(checking.run()) == [] and checking.decisions == len(game.decisions)
    assert checking.final == game.state


def test_a_refusal_stops_ends_the_line_or_is_passed_over_as_the_visitor_says(game):
    record = read(with_a_statement_twice(game.record()))
    with pytest.raises(IllegalStatement, match="Ann cannot think"):
        list(Replayer(record, KeepStates()).run())
    ended = Replayer(record, KeepStates(Refusal.END_LINE))
    snapshots = list(ended.run())
    assert snapshots[-1].diagnostic is not None and not ended.complete
    assert len(ended.diagnostics) == 2 and "were not replayed" in ended.diagnostics[1].message
    going_on = Replayer(record, CheckOnly(Refusal.GO_ON))
    refused = list(going_on.run())
    assert [s.diagnostic for s in refused] == going_on.diagnostics and len(refused) == 1
    assert going_on.decisions == len(game.decisions) and going_on.final == game.state


@pytest.mark.parametrize("ruleset, players", [("classic", 3), ("republic", 4), ("imperium", 2)])
def test_each_statement_s_points_are_the_points_counted_after_it_R_SCORE_2(ruleset, players):
    """An annotating visitor keeps a line's points while its statements move none: after every
    statement they are the points counted afresh from the state (vaults among them)."""
    game = play_one(ruleset, list(NAMES[:players]), f"points-{ruleset}")
    replayer = Replayer(read(game.record()), LiveState())
    into_a_vault = 0
    for snapshot in replayer.run():
        assert snapshot.annotation.points == {s.player: s.total for s in Game(snapshot.live).scores()}, snapshot.text
        into_a_vault += any(e.target == "vault" for e in snapshot.events)
    assert into_a_vault
