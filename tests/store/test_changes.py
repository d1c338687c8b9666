"""What a statement stores of its state: the card moves its events say, and the change from
there, which SQL lays over the state before it (``store.changes``, ``store.states``)."""

from __future__ import annotations

import json
import sqlite3

import pytest

import notation
from notation import scan

from gtr_replay.engine import Game
from gtr_replay.game import Event
from gtr_replay.game.events import EventKind
from gtr_replay.replay.files import parse_piece
from gtr_replay.play.selfplay import selfplay
from gtr_replay.store.changes import Line, check_line, entries, put, take, touched
from gtr_replay.store.rows import game_rows
from gtr_replay.store.snapshots import compact, deck_of, deck_value
from gtr_replay.store.states import half_move

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


def test_the_moves_and_the_change_build_every_whole_state():
    count = 0
    for source, number, record in _records():
        rows = game_rows(record, source=source, number=number, check=True)  # raises on a difference
        count += len(rows.decisions)
    assert count > 1000


def test_the_events_name_the_zones_to_compare():
    move = Event(EventKind.MOVE, "Ben", "Wall", "hand", "stockpile", text="to Ann")  # a Legionary demand
    assert touched([move]) == {"hand", "stockpile"}
    assert touched([Event(EventKind.TURN, "Ann", value=2), Event(EventKind.LEAD, "Ann", text="Patron")]) == set()
    assert touched([Event(EventKind.COMPLETE, "Ann", "Wall")]) == {"buildings", "influence"}
    assert touched([Event(EventKind.CLEANUP)]) == set()  # the played cards leave the camps by moves of their own
    assert touched([Event(EventKind.MOVE, "Ann", "Bar", "camp", "pool"), Event(EventKind.CLEANUP)]) == {"camp"}
    assert touched([Event(EventKind.POWER, "Ann", "Wall", text="...")]) is None


def test_a_change_no_event_names_is_caught_by_the_check():
    state = Game.new("republic", ["Ann", "Ben"], seed="deltas").state
    line = Line(state.deck, compact(state.to_dict(), state.deck))
    state.players[1].stockpile.append(state.players[1].hand.pop())
    events = [Event(EventKind.TURN, "Ann", value=1)]
    line.step(state, events, {"Ann": 0, "Ben": 1}, touched(events))
    with pytest.raises(AssertionError, match="missed something"):
        check_line(line, state)


def test_a_moved_card_leaves_its_first_copy_and_reaches_the_end_of_the_other_zone():
    state = {"players": [{"name": "Ann", "hand": ["Bar", "Dock", "Bar"], "camp": []}], "pool": ["Wall"],
             "deck": {"Road": 2, "Bar": 1}, "jack_pile": 3}
    for source, target, card in (("hand", "camp", "Bar"), ("pool", "hand", "Wall"), ("deck", "hand", "Road"),
                                 ("deck", "hand", "Bar"), ("jack pile", "hand", "Jack"), ("hand", "building", "Dock")):
        take(state, source, 0, card)
        put(state, target, 0, card)
    assert state == {"players": [{"name": "Ann", "hand": ["Bar", "Wall", "Road", "Bar", "Jack"], "camp": ["Bar"]}],
                     "pool": [], "deck": {"Road": 1}, "jack_pile": 2}


def test_sql_lays_a_move_over_the_state_as_the_writer_does():
    """The writer (``changes.take``/``put``) and the reader (``states.half_move``) of a move agree."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE words (code INTEGER PRIMARY KEY, word TEXT)")
    codes = {word: code for code, word in enumerate(("move", "hand", "pool", "deck", "camp", "jack pile", "Bar",
                                                      "Dock", "Wall", "Jack", "clientele", "stockpile", "vault"), 1)}
    conn.executemany("INSERT INTO words VALUES (?, ?)", [(c, w) for w, c in codes.items()])
    table, players = half_move(":table", ":players", ":event", ":half", codes)
    python = {"players": [{"name": "Ann", "hand": ["Bar", "Dock", "Bar"], "camp": []},
                          {"name": "Ben", "hand": [], "camp": ["Wall"]}], "pool": ["Wall"], "deck": 7, "jack_pile": 1}
    sql = {"table": '{"pool":["Wall"],"deck":7,"jack_pile":1}', "players": json.dumps(python["players"])}
    moves = ((0, "Bar", "hand", "camp"), (1, "Wall", "camp", "pool"), (0, "Jack", "deck", "hand"),
             (None, "Wall", "pool", "jack pile"), (1, "Dock", "hand", "camp"))
    for seat, card, source, target in moves:
        take(python, source, seat, card)
        put(python, target, seat, card)
        event = json.dumps([codes["move"], seat, 0, codes[card], codes[source], codes[target]])
        for half in (0, 1):
            sql["table"], sql["players"] = conn.execute(f"SELECT {table}, {players}", {**sql, "event": event,
                                                                                        "half": half}).fetchone()
    assert {**json.loads(sql["table"]), "players": json.loads(sql["players"])} == python


def test_a_list_is_written_by_what_changed_in_it_where_shorter():
    out = []
    entries("0.hand", ["Bar", "Dock", "Wall", "Road"], ["Bar", "Wall", "Road", "Jack"], out)
    assert out == [["0.hand[1]", None], ["0.hand[3]", "Jack"]]
    out = []
    entries("0.buildings", [{"foundation": "Wall"}, {"foundation": "Road"}],
            [{"foundation": "Wall"}, {"foundation": "Road", "materials": ["Dock"]}], out)
    assert out == [["0.buildings[1].materials", ["Dock"]]]
    out = []
    entries("legionary", {"victims": [1, 2], "pool_left": ["Stone"]}, {"victims": [2], "pool_left": []}, out)
    assert out == [["legionary.victims", [2]], ["legionary.pool_left", []]]
    out = []
    entries("0.hand", ["Bar", "Dock"], ["Jack"], out)
    assert out == [["0.hand", ["Jack"]]]
    out = []
    entries("0.acted", ["Laborer"], [], out, keep_empty=False)
    assert out == [["0.acted", None]]


def test_a_deck_drawn_by_name_is_written_as_counts_and_a_draw_changes_one():
    start = ["Bar", "Bar", "Dock", "Road", "Road", "Wall"]
    assert deck_value(start[2:], start) == 4  # what is left from the top: a count
    drawn = ["Bar", "Bar", "Road", "Road", "Wall"]
    assert deck_value(drawn, start) == {"Bar": 2, "Road": 2, "Wall": 1}
    assert deck_of({"Bar": 2, "Road": 2, "Wall": 1}, start) == drawn
    assert deck_value(["Wall", "Bar"], start) == ["Wall", "Bar"]  # not in the deck's order: the list


def test_every_value_of_the_state_is_stored_somewhere():
    """A value the engine adds to the state must be written by the store: laid over by the moves,
    compared for the change, or kept in a column (``changes``); else it would be lost unseen."""
    from dataclasses import fields

    from gtr_replay.game import GameState, PlayerState
    from gtr_replay.store.changes import EVERY_TIME, FLAGS, MOVED, SCALARS, TABLE, ZONES, _OBJECTS

    player = {f.name for f in fields(PlayerState)}
    assert player == {"name", *ZONES, *EVERY_TIME, *FLAGS}
    table = {f.name for f in fields(GameState) if f.compare}
    constants = {"ruleset", "rulings", "expansions", "players"}
    assert table == constants | set(SCALARS) | set(TABLE) | set(_OBJECTS) | (set(MOVED.values()) - set(ZONES))
