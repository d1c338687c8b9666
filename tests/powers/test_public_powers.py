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
