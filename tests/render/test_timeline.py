"""The timeline: turns of statements, positions, and narrated lines."""

import notation

from gtr_replay.engine.scoring import scores
from gtr_replay.render.timeline import Timeline, narrate
from gtr_replay.vocabulary import card_vocabulary

SHORT = """\
[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben, Cid"]

setup
  pool: Ann Latrine, Ben Road, Cid Bath
  hand Ann: Dock, Wall, Insula, Tower, Road
  hand Ben: Academy, Gate, Villa, Bar, Market
  hand Cid: Temple, Statue, Sewer, Road, Shrine

turn 1 Cid
  Cid leads Laborer with Road
  Ann follows with Road
  Ben thinks: draw [Atrium]                   ; at refill size, so one card
  Cid gathers Latrine
  Ann gathers Bath !?  {she wants the Bath for later}

turn 2 Ann
  Ann leads Craftsman with Dock
  Ben follows with Market
  Cid thinks: jack
  Ann lays Insula
  Ben lays Academy
  ( Ben lays Gate  {a stronger start?} )
"""
"""The first two turns of the notation's normative example: glyphs, comments, a variation."""


def short_timeline() -> Timeline:
    record = notation.parse(SHORT, source="short.gtr", vocabulary=card_vocabulary())[0]
    return Timeline.replay(record, source="short.gtr")


def test_a_statement_that_ends_a_turn_belongs_to_that_turn():
    timeline = short_timeline()
    last_of_turn_1 = timeline.main[4]
    assert last_of_turn_1.snapshot.text == "Ann gathers Bath"
    assert last_of_turn_1.turn == 1 and last_of_turn_1.snapshot.turn == 1
    assert last_of_turn_1.snapshot.state_dict["turn"] == 2  # the state after it is turn 2's start
    assert narrate(last_of_turn_1).plain.startswith("turn 1   Ann gathers Bath !?")


def test_narration_carries_glyphs_comments_and_variations():
    lines = [line.plain for line in short_timeline().narrated()]
    assert lines[2] == ("turn 1   Ben thinks: draw [Atrium]  — Ben: Atrium deck → hand; Cid: 1 Laborer action "
                        "left  {at refill size, so one card}")
    assert lines[4].startswith("turn 1   Ann gathers Bath !?  — Ann: Bath pool → stockpile; ")
    assert lines[4].endswith("  {she wants the Bath for later}")
    assert lines[-1].startswith("turn 2     ( Ben lays Gate )  — Ben's Gate on a Brick in town site; ")
    assert lines[-1].endswith("  {a stronger start?}")
    assert len(lines) == 11


def test_positions_count_only_the_main_line():
    timeline = short_timeline()
    assert len(timeline) == 10
    assert timeline.turns == range(1, 4)  # Ben's Academy ends turn 2: the record reaches turn 3's start
    assert timeline.start_of_turn(3) == 10
    assert timeline.start_of_turn(1) == 0
    assert timeline.start_of_turn(2) == 5
    assert timeline.state(5).players[timeline.state(5).leader].name == "Ann"
    assert timeline.state(0).to_dict() == timeline.start.to_dict()


def test_narration_names_completions_and_forced_answers(timeline):
    lines = [line.plain for line in timeline.narrated()]
    assert any("— completes " in line for line in lines)
    final = timeline.state(len(timeline))
    assert lines[-1].endswith("points " + ", ".join(f"{s.player} {s.total}" for s in scores(final)))
    assert f"game ends: {final.end_reason}" in lines[-1]
    # an answer the engine made is a note on the demand, the take or the pass that led to it;
    # an answer with a choice is a statement of its own ('Ann gives Dock to Ben')
    noted = [line.split("  — ", 1) for line in lines if "  — " in line]
    forced = [said for said, notes in noted if "gives " in notes or "Glory to Rome" in notes]
    # (or the answer of an earlier neighbour who had a choice, when one was immune: R-LEG-11)
    assert forced and all(any(verb in said for verb in ("demands", "takes", "passes", "gives", "Glory to Rome"))
                          for said in forced)
