"""Snapshot deltas built from the events hold the same states as whole-state diffs."""

from __future__ import annotations

import pytest

import notation
from notation import scan

from gtr_replay.engine.setup import new_game
from gtr_replay.game.events import Event
from gtr_replay.replay.files import parse_piece
from gtr_replay.selfplay import selfplay
from gtr_replay.store.deltas import Line, check_line, touched
from gtr_replay.store.rows import game_rows
from gtr_replay.store.snapshots import apply_delta, deck_of, deck_value, delta, list_change

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


def test_a_list_is_written_by_what_changed_in_it_where_shorter():
    hand = ["Bar", "Dock", "Wall", "Road"]
    before = {"deck": 3, "pool": ["Bar"], "players": [{"name": "Ann", "hand": hand}]}
    played = {"deck": 3, "pool": ["Bar", "Dock"], "players": [{"name": "Ann", "hand": ["Bar", "Wall", "Road"]}]}
    change = delta(before, played)
    assert change == {"pool": {"+": ["Dock"]}, "players": {"0": {"hand": {"-": [1]}}}}
    assert apply_delta(before, change) == played
    laid = {**before, "players": [{"name": "Ann", "hand": hand, "buildings": [{"foundation": "Wall"}]}]}
    gained = {**before, "players": [{"name": "Ann", "hand": hand,
                                     "buildings": [{"foundation": "Wall", "materials": ["Bar"]}]}]}
    assert delta(laid, gained)["players"]["0"]["buildings"] == [{"foundation": "Wall", "materials": ["Bar"]}]
    two = [{"foundation": "Wall"}, {"foundation": "Road"}]
    one_gained = [{"foundation": "Wall"}, {"foundation": "Road", "materials": ["Dock"]}]
    assert list_change(two, one_gained) == {"=": {"1": {"foundation": "Road", "materials": ["Dock"]}}}
    assert list_change(hand, hand[1:] + ["Jack", "Bath"]) == {"-": [0], "+": ["Jack", "Bath"]}
    assert list_change(hand, ["Jack"]) == ["Jack"]


def test_a_deck_drawn_by_name_is_written_as_counts_and_a_draw_changes_one():
    start = ["Bar", "Bar", "Dock", "Road", "Road", "Wall"]
    assert deck_value(start[2:], start) == 4  # what is left from the top: a count
    drawn = ["Bar", "Bar", "Road", "Road", "Wall"]
    assert deck_value(drawn, start) == {"Bar": 2, "Road": 2, "Wall": 1}
    assert deck_of({"Bar": 2, "Road": 2, "Wall": 1}, start) == drawn
    assert deck_value(["Wall", "Bar"], start) == ["Wall", "Bar"]  # not in the deck's order: the list
    before, after = {"deck": {"Bar": 2, "Road": 2, "Wall": 1}, "players": []}, {"deck": {"Bar": 2, "Road": 1},
                                                                                "players": []}
    change = delta(before, after)
    assert change == {"deck": {"Road": 1, "Wall": None}}
    assert apply_delta(before, change) == after
