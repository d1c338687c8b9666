"""Structures shared or taken: several players winning at once through a public Forum
Romanum (C-FORUM-STAIRWAY-1, R-SCORE-4)."""

import notation

from gtr_replay.engine.scoring import scores
from gtr_replay.replay.replayer import Replayer
from gtr_replay.vocabulary import card_vocabulary

RECORD = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben, Cid"]
[Start "position"]

position
  leader: Ann
  deck: Latrine, Latrine, Latrine, Latrine, Latrine, Latrine
  hand Ann: Bridge
  clientele Ann: Palace, Bar, Tower, Market, Atrium, Garden
  stockpile Ann: Insula, Palisade, Bath, Wall, Villa, Statue, Temple
  building Ann: Stairway on Marble complete with Temple, Palace, Statue
  building Ben: Forum Romanum on Marble complete with Basilica, Basilica, Basilica
  clientele Cid: Palace, Bar, Tower, Market, Atrium, Garden
  stockpile Cid: Insula, Palisade, Bath, Wall, Villa, Statue
  vault Cid: Fountain, Fountain, Fountain, Ludus Magna
  hand Ben: Insula
  hand Cid: Insula

turn 1 Ann
  Ann leads Architect with Bridge
  Ben thinks: jack
  Cid thinks: jack
  Ann adds Temple to Ben's Forum Romanum
"""


def test_a_public_forum_romanum_won_by_two_goes_to_the_higher_score():
    """Ann makes Ben's Forum Romanum public; Ann and Cid both meet it at once, and Cid, with
    the higher normal score, wins (C-FORUM-STAIRWAY-1, R-SCORE-4, B-FORUMROMANUM-1)."""
    [record] = notation.parse(RECORD, vocabulary=card_vocabulary())
    replayer = Replayer(record)
    snapshots = list(replayer.run())
    assert not replayer.diagnostics
    final = snapshots[-1].state
    points = {s.player: s.total for s in scores(final)}
    assert points["Cid"] > points["Ann"]
    assert final.over and final.end_reason == "win:Forum Romanum" and final.winner == "Cid"


PASS_AFTER_STEP = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "You, Opp"]
[Start "position"]

position
  leader: You
  deck: Palisade, Palisade, Palisade, Palisade, Palisade
  hand You: Bridge
  clientele You: Wall
  stockpile You: Road, Bar
  building You: Stairway on Marble complete with Temple, Palace, Statue
  building You: Insula on Rubble
  building You: Latrine on Rubble
  hand Opp: Dock

turn 1 You
  You leads Architect with Bridge
  Opp thinks: jack
  You adds Road to Insula
  You passes
"""


def test_a_pass_after_a_steps_forced_pass_is_a_decision_of_its_own():
    """The Stairway's placement has nowhere to go, so the engine passes it; the written
    'You passes' then declines You's second action (the Bar could still go into the Latrine):
    it is legal now, so it is not read as a restatement of the forced pass (B-STAIRWAY-1, R-TURN-7)."""
    [record] = notation.parse(PASS_AFTER_STEP, vocabulary=card_vocabulary())
    replayer = Replayer(record)
    snapshots = list(replayer.run())
    assert not replayer.diagnostics
    added, passed = snapshots[-2], snapshots[-1]
    assert any(e.kind == "auto" for e in added.events)
    assert not passed.forced
    assert passed.state.turn == 2  # You's actions ended, Opp had none: the turn is over
