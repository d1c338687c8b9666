"""Points a replay keeps between statements, and the store writes: after a statement that
moves no vault, stockpile or influence card, a structure taken or made public still moves its
power's points (R-SCORE-2), and what is annotated and stored is what a fresh count gives."""

from __future__ import annotations

import sqlite3

import pytest

import notation
from gtr_replay.engine import Game, rules
from gtr_replay.replay.replayer import Replayer
from gtr_replay.replay.visitors import LiveState
from gtr_replay.store import Store, import_files
from gtr_replay.vocabulary import card_vocabulary

A_STATUE_TAKEN = """\
[Event "A completed Statue taken by a Prison"]
[Ruleset "classic"]
[Players "You, Opp"]
[Rulings "prison-theft=may-decline"]
[Start "position"]

position
  leader: You
  deck: Insula, Insula, Insula, Insula
  jacks: 0
  hand You: Dock, Villa, Road
  building You: Prison on Stone with Sewer, Garden
  hand Opp: Palisade, Statue, Bar
  building Opp: Statue on Marble complete with Temple, Palace, Forum

turn 1 You
  You leads Craftsman with Dock
  Opp follows with Palisade
  You adds Villa to Prison
  You steals Opp's Statue
"""
"""BC-PRISON-1: the Prison takes Opp's completed Statue, and its 3 points with it
(BC-STATUE-1); nobody's influence changes. The theft is a statement of its own where the
Prison may decline it (as printed, the only structure to take is taken by the completion)."""

A_WALL_MADE_PUBLIC = """\
[Event "A Wall made public with a material from the Pool"]
[Ruleset "republic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: Latrine, Latrine, Latrine, Latrine, Latrine, Latrine
  pool: Tower
  hand You: Bridge
  clientele You: Aqueduct
  stockpile You: Statue, Atrium, Road, Insula
  building You: Stairway on Marble with Temple, Palace
  hand Opp: Amphitheatre
  building Opp: Archway on Brick complete with Bath, School
  building Opp: Wall on Concrete complete with Vomitorium, Tribunal

turn 1 You
  You leads Architect with Bridge
  Opp follows with Amphitheatre
  You adds Statue to Stairway
  You adds Atrium to Opp's Archway
  You adds Tower from pool to Opp's Wall
"""
"""B-STAIRWAY-1: the completed Stairway makes Opp's Archway public, whose power lets the
Pool's Tower go into Opp's Wall (B-ARCHWAY-1, AMB-21); the Wall, public, counts You's
stockpile too (B-WALL-1): one more point, with no card of the stockpile moved."""

POSITIONS = pytest.mark.parametrize("text", [A_STATUE_TAKEN, A_WALL_MADE_PUBLIC],
                                    ids=["a-statue-taken", "a-wall-made-public"])


def fresh(state) -> dict[str, int]:
    return {s.player: s.total for s in Game(state).scores()}


@POSITIONS
def test_the_points_kept_after_each_statement_are_counted_afresh_R_SCORE_2(text):
    record = notation.parse_one(text, vocabulary=card_vocabulary())
    kept = []
    for snapshot in Replayer(record, LiveState()).run():
        assert snapshot.diagnostic is None
        assert snapshot.annotation.points == fresh(snapshot.live), snapshot.text
        kept.append(snapshot.annotation.points)
    assert kept[-1] != kept[-2]  # the last statement moved points


@POSITIONS
def test_the_seats_stored_after_each_statement_are_counted_afresh_R_SCORE_2(text, tmp_path):
    """Every stored value of every seat, points and completed buildings among them (the Statue
    changes owner), as the state after the statement counts it."""
    path, db = tmp_path / "position.gtr", tmp_path / "games.db"
    path.write_text(text, encoding="utf-8")
    with Store(db) as store:
        assert import_files(store, [path], workers=1).ok
    record = notation.parse_one(text, vocabulary=card_vocabulary())
    want = []
    for snapshot in Replayer(record, LiveState()).run():
        state, points = snapshot.live, fresh(snapshot.live)
        for i, p in enumerate(state.players):
            done = sum(1 for b in p.buildings if b.complete)
            want.append((snapshot.seq, p.name, len(p.hand), len(p.clientele), len(p.stockpile), len(p.vault),
                         rules.influence(state, i), points[p.name], done, len(p.buildings) - done))
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT seq, name, hand, clientele, stockpile, vault, influence, points, completed, "
                              "foundations FROM player_states ORDER BY seq, seat").fetchall()
    assert stored == want
