"""Snapshot deltas built from the events hold the same states as whole-state diffs."""

from __future__ import annotations

import pytest

import notation
from notation import scan

from gtr_replay.engine import new_game
from gtr_replay.engine.events import Event
from gtr_replay.replay.files import parse_piece
from gtr_replay.selfplay import selfplay
from gtr_replay.store.deltas import Line, check_line, touched
from gtr_replay.store.rows import game_rows

from store_helpers import example_files


def _records():
    for path in example_files():
        for number, (line, piece) in enumerate(scan.file_pieces(path), 1):
            yield str(path), number, parse_piece(str(path), line, piece)[0]
    # a deck of unknown order (every draw listed) and the most players, in the other rulesets
    for ruleset, players in (("imperium", 4), ("classic", 5)):
        game = next(iter(selfplay(ruleset, players, "deltas", 1)))
        text = notation.write(game.record(draws=True))
        yield f"selfplay-{ruleset}", 1, notation.parse(text)[0]


def test_every_delta_equals_the_whole_state_diff():
    count = 0
    for source, number, record in _records():
        rows = game_rows(record, source=source, number=number, check=True)  # raises on a difference
        count += len(rows.snapshots)
    assert count > 1000


def test_the_events_name_the_zones_to_read_again():
    move = Event("move", "Ben", "Wall", "hand", "stockpile", text="to Ann")  # a Legionary demand
    assert touched([move]) == {"hand", "stockpile"}
    assert touched([Event("turn", "Ann", value=2), Event("lead", "Ann", text="Patron")]) == set()
    assert touched([Event("complete", "Ann", "Wall")]) == {"buildings", "influence"}
    assert touched([Event("cleanup")]) is None  # every zone
    assert touched([Event("power", "Ann", "Wall", text="...")]) is None


def test_a_change_no_event_names_is_caught_by_the_check():
    state, _ = new_game("republic", ["Ann", "Ben"], seed="deltas")
    line = Line(state.deck)
    line.key(state)
    state.players[1].stockpile.append(state.players[1].hand.pop())
    line.step(state, [Event("turn", "Ann", value=1)])
    with pytest.raises(AssertionError, match="missed a change"):
        check_line(line, state)
