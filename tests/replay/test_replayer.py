"""The replayer: where a record starts, what it checks, variations and forced statements."""

import re
from pathlib import Path

import pytest

import notation
from gtr_replay.engine import Game
from gtr_replay.engine.invariants import problems
from gtr_replay.replay.replayer import IllegalStatement, Replayer
from gtr_replay.play.selfplay import play_one
from gtr_replay.vocabulary import card_vocabulary
from gtr_replay.replay.visitors import KeepStates, Refusal


def replay(text, *, lenient=False):
    record = notation.parse_one(text, source="t.gtr", vocabulary=card_vocabulary())
    replayer = Replayer(record, KeepStates(Refusal.END_LINE if lenient else Refusal.STOP), source="t.gtr")
    return replayer, list(replayer.run())


def first_problem(text):
    with pytest.raises(IllegalStatement) as caught:
        replay(text)
    return caught.value.diagnostic


@pytest.fixture(scope="module")
def game():
    return play_one("republic", ["Ann", "Ben", "Cid"], "replayer-tests")


def test_deck_tag_and_setup_block_records_give_the_same_game(game):
    """R-SETUP-*: the Deck tag deals the setup; a setup block deals what it lists and each
    draw is told by the record (deck of unknown order)."""
    finals = []
    for draws in (False, True):
        replayer, snapshots = replay(notation.write(game.record(draws=draws)))
        assert not replayer.diagnostics
        assert len(snapshots) == len(game.decisions)
        finals.append(replayer.final)
    assert finals[0].players == finals[1].players == game.state.players
    assert finals[1].deck_known is False and finals[0].deck_known is True


def test_snapshots_carry_state_annotations_comments_and_glyphs(game):
    record = game.record()
    turn = record.turns[1]
    step = turn.steps[0]
    marked = notation.Step(step.statement, ("!?",), (notation.Comment("a bold start"),))
    record = notation.Record(record.tags, record.start,
                             (record.turns[0], notation.Turn(turn.number, turn.leader, (marked, *turn.steps[1:])),
                              *record.turns[2:]))
    _, snapshots = replay(notation.write(record))
    first_of_turn_2 = snapshots[len(record.turns[0].steps)]
    assert first_of_turn_2.glyphs == ("!?",) and first_of_turn_2.comments == ("a bold start",)
    assert first_of_turn_2.turn == 2 and first_of_turn_2.index == len(record.turns[0].steps) + 1
    last = snapshots[-1]
    assert last.state.over and last.annotation.ended
    assert set(last.annotation.points) == {"Ann", "Ben", "Cid"}
    assert all(not problems(s.state) for s in snapshots[::25])


def test_result_tag_is_checked(game):
    text = notation.write(game.record()).replace('[Result "', '[Result "Zed 99, ')
    diagnostic = first_problem(text)
    assert "R-SCORE-2" in diagnostic.rule_ids and diagnostic.line == 5
    assert "the replay gives" in diagnostic.message


def test_a_result_tag_reads_the_same_in_any_order_and_case_R_SCORE_2(game):
    text = notation.write(game.record())
    written = re.search(r'\[Result "([^"]*)"\]', text)[1]
    scores = [part.strip() for part in written.split(",")]
    shuffled = ", ".join(reversed(scores)).lower()
    replay(text.replace(written, shuffled))  # accepted: raises nothing
    one_off = ", ".join(reversed([*scores[:-1], scores[-1].rsplit(" ", 1)[0] + " 999"]))
    assert "the replay gives" in first_problem(text.replace(written, one_off)).message


def test_turn_headers_are_checked():
    """The header and its first statement agree with each other (the notation checks that)
    but not with the game: Ann leads turn 7 (R-TURN-9)."""
    text = POSITION.replace("turn 7 Ann\n  Ann leads Patron with Temple", "turn 7 Ben\n  Ben leads Laborer with Bar")
    diagnostic = first_problem(text)
    assert "R-TURN-9" in diagnostic.rule_ids and "led by Ann" in diagnostic.message


def test_listed_draws_are_checked_against_the_deck_tag(game):
    record = game.record()
    text = notation.write(record)
    think = next(s.statement for s in record.steps if isinstance(s.statement, notation.Think)
                 and str(s.statement.how) == "draw")
    wrong = str(think).replace("thinks: draw", "thinks: draw [Temple]")
    top_is_temple = False
    text = text.replace(f"  {think}\n", f"  {wrong}\n", 1)
    try:
        replay(text)
        top_is_temple = True
    except IllegalStatement as error:
        assert "R-THINK-1" in error.diagnostic.rule_ids and "not Temple" in error.diagnostic.message
    assert not top_is_temple or "Temple" in text


def test_unknown_deck_needs_the_drawn_cards(game):
    text = notation.write(game.record(draws=True))
    start = text.index("thinks: refill [")
    end = text.index("]", start)
    text = text[:start] + "thinks: refill" + text[end + 1:]
    diagnostic = first_problem(text)
    assert "must list" in diagnostic.message and "R-THINK-1" in diagnostic.rule_ids


def test_a_record_must_say_how_it_was_dealt():
    diagnostic = first_problem('[Game "Glory to Rome"]\n[Ruleset "republic"]\n[Players "Ann, Ben"]\n\n'
                               "turn 1 Ann\n  Ann thinks: jack\n")
    assert "how the cards were dealt" in diagnostic.message and "Deck tag" in diagnostic.hint


def test_setup_block_leader_is_checked_not_trusted(game):
    text = notation.write(game.record(draws=True))
    leader = game.record(draws=True).start.leader
    other = next(p for p in game.players if p != leader)
    diagnostic = first_problem(text.replace(f"leader: {leader}", f"leader: {other}"))
    assert f"makes {leader} the leader" in diagnostic.message


POSITION = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Start "position"]

position
  turn: 7
  leader: Ann
  pool: Bath, Road
  in town: Rubble 2, Wood 2, Brick 2, Concrete 2, Stone 2, Marble 2
  out of town: Rubble 4, Wood 4, Brick 3, Concrete 4, Stone 4, Marble 4
  hand Ann: Temple, Statue
  hand Ben: Dock, Wall, Villa, Bar, Insula
  clientele Ann: Palace
  building Ann: Shrine on Brick complete with Atrium, Bath

turn 7 Ann
  Ann leads Patron with Temple
  Ben thinks: draw [Atrium]
  Ann hires Bath
  Ann hires Road
"""


def test_position_block_start():
    """A described position: what it places is placed, the rest is in the deck."""
    replayer, snapshots = replay(POSITION)
    assert not replayer.diagnostics
    start = replayer.start
    ann = start.players[0]
    assert start.turn == 7 and ann.influence == ["Brick"] and ann.buildings[0].complete
    assert len(start.deck) == 144 - 2 - 2 - 5 - 1 - 3
    assert not problems(start)
    final = snapshots[-1].state
    assert final.players[0].clientele == ["Palace", "Bath", "Road"]
    assert final.players[1].hand[-1] == "Atrium"


@pytest.mark.parametrize("line, where", [
    ("clientele Ann: Palace, Jack", "Ann's clientele"), ("stockpile Ben: Jack", "Ben's stockpile"),
    ("vault Ann: Jack", "Ann's vault"), ("pool: Bath, Road, Jack", "the pool"),
    ("building Ann: Shrine on Brick complete with Atrium, Jack", "Ann's Shrine"),
])
def test_a_position_with_a_jack_as_a_client_or_material_is_refused(line, where):
    """"Jacks cannot be taken or played as Materials or Clients" (R-JACK-3): a position that
    puts one there is refused at its line, not replayed into a crash."""
    anchor = "pool: Bath, Road" if line.startswith("pool") else (
        "building Ann: Shrine on Brick complete with Atrium, Bath" if line.startswith("building") else
        "clientele Ann: Palace")
    text = POSITION.replace(anchor, line if line.startswith(("pool", "building", "clientele")) else
                            f"{anchor}\n  {line}")
    diagnostic = first_problem(text)
    assert diagnostic.message.startswith(f"position: {where} holds a Jack"), diagnostic.message
    assert "R-JACK-3" in diagnostic.rule_ids and diagnostic.line == text.split("\n").index(f"  {line}") + 1


def test_forced_statements_are_checked_not_applied_twice():
    """After Ann's second hire the pool is empty and Ann's third action is passed by the
    engine; a record may still write it."""
    text = POSITION.replace("  Ann hires Road\n", "  Ann hires Road\n  Ann passes\n")
    text = text.replace("clientele Ann: Palace", "clientele Ann: Palace, Forum Romanum")
    text = text.replace("building Ann: Shrine", "building Ann: Insula on Rubble complete with Bar\n"
                        "  building Ann: Shrine").replace("out of town: Rubble 4", "out of town: Rubble 3")
    replayer, snapshots = replay(text)
    assert not replayer.diagnostics
    assert snapshots[-1].forced and snapshots[-1].events == []


def test_variations_branch_from_the_state_before_their_statement():
    text = POSITION.replace("  Ann hires Bath\n",
                            "  Ann hires Bath\n  ( Ann hires Road ( Ann passes ); Ann hires Bath )\n")
    replayer, snapshots = replay(text)
    assert not replayer.diagnostics
    paths = [(s.path, s.text) for s in snapshots]
    assert paths[2] == ("", "Ann hires Bath")
    assert paths[3] == ("3.1", "Ann hires Road")
    assert paths[4] == ("3.1/4.1", "Ann passes")
    assert paths[5] == ("3.1", "Ann hires Bath")
    assert paths[6] == ("", "Ann hires Road")
    assert snapshots[5].state.players[0].clientele == ["Palace", "Road", "Bath"]
    assert snapshots[6].state.players[0].clientele == ["Palace", "Bath", "Road"]


def test_illegal_variation_does_not_stop_the_main_line():
    text = POSITION.replace("  Ann hires Bath\n", "  Ann hires Bath\n  ( Ann hires Temple )\n")
    replayer, snapshots = replay(text, lenient=True)
    assert len(replayer.diagnostics) == 1 and replayer.diagnostics[0].path == "3.1"
    assert snapshots[-1].text == "Ann hires Road" and snapshots[-1].diagnostic is None


def test_a_power_s_thinks_that_end_the_game_stay_in_their_written_turn():
    """A School completed in the last turn gives its owner, the next leader, thinks; the
    last draws the deck dry (B-SCHOOL-1, R-END-1b). With the turn's header written, those
    thinks are not the next turn's lead (notation/README.md, Turns), so the game replays."""
    path = Path(__file__).parents[1] / "data" / "replay" / "valid" / "school-thinks-end-the-game.gtr"
    record = notation.parse(path.read_text(), vocabulary=card_vocabulary())[0]
    last = record.turns[-1]
    assert (last.number, last.leader) == (129, "Ann")
    assert [s.statement.actor for s in last.steps][-3:] == ["Ben"] * 3
    replayer = Replayer(record)
    snapshots = list(replayer.run())
    assert not replayer.diagnostics and snapshots[-1].state.end_reason == "deck"


def test_every_line_s_snapshots_carry_the_points_of_their_own_state():
    """A side line's game is a copy that ends with the line: the points a statement that moves
    none keeps from the one before are its own line's, however many lines came and went."""
    path = Path(__file__).parents[1] / "data" / "replay" / "valid" / "side-lines-points.gtr"
    record = notation.parse_one(path.read_text(), vocabulary=card_vocabulary())
    snapshots = list(Replayer(record).run())
    assert sum(1 for s in snapshots if s.path) > 300
    wrong = [(s.path, s.seq) for s in snapshots
             if s.annotation.points != {score.player: score.total for score in Game(s.state).scores()}]
    assert not wrong


_SETUP = """[Game "Glory to Rome"]
[Ruleset "classic"]
[Players "Ann, Ben"]

setup
  pool: Ann Coliseum, Ben Fountain
  hand Ann: Market, Palisade, Catacomb, Gate, Jack
  hand Ben: Vomitorium, Bridge, Temple, School, Jack
  leader: Ann

  Ann leads Patron with Jack
"""


@pytest.mark.parametrize("wrong, right, line, words", [
    ("hand Ann: Market, Palisade, Catacomb, Gate, Jack", "hand Ann: Market, Palisade, Catacomb, Gate", 7,
     "Ann's starting hand holds 0 Jack(s)"),
    ("hand Ben: Vomitorium, Bridge, Temple, School, Jack", "hand Ben: Vomitorium, Bridge, Jack", 8,
     "Ben's starting hand holds 2 Order cards"),
    ("leader: Ann", "leader: Ben", 9, "the leader draw makes Ann the leader, not Ben"),
])
def test_a_setup_problem_is_reported_at_the_line_that_holds_it(wrong, right, line, words):
    """R-SETUP-2, R-SETUP-5: a hand dealt wrong, or the wrong leader, is reported at its own line
    of the setup block, not at the block's first line."""
    text = _SETUP.replace(wrong, right)
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    problem = replayer.diagnostics[0]
    assert (problem.line, problem.column) == (line, 3) and words in problem.message and problem.hint


@pytest.mark.parametrize("reading, leader, hint", [
    ("", "Ann", "the building name first in the alphabet leads"),
    ('[Rulings "leader-draw=role-name"]\n', "Ben", "the role name first in the alphabet leads (leader-draw=role-name)"),
])
def test_a_wrong_leader_s_hint_names_what_the_reading_compares(reading, leader, hint):
    """R-SETUP-5, AMB-06: Bath before Road by name (Ann), but Laborer (Road, Rubble) before
    Legionary (Bath, Brick) by role (Ben): the hint says what decides under the reading in
    force."""
    other = "Ben" if leader == "Ann" else "Ann"
    text = _SETUP.replace("leader: Ann", f"leader: {other}").replace("[Players", reading + "[Players")
    text = text.replace("pool: Ann Coliseum, Ben Fountain", "pool: Ann Bath, Ben Road")
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    problem = replayer.diagnostics[0]
    assert f"makes {leader} the leader, not {other}" in problem.message and problem.hint == hint


def test_a_first_header_naming_another_leader_than_the_draw_cites_the_draw():
    """R-SETUP-5: the first leader is the leader draw's, not a Leader card passed on (R-TURN-9)."""
    text = _SETUP.replace("  leader: Ann\n", "").replace("  Ann leads Patron with Jack", "turn 1 Ben\n  Ben thinks: jack")
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    problem = replayer.diagnostics[0]
    assert problem.message == "this is turn 1, led by Ann, whom the leader draw made the first leader"
    assert problem.rule_ids == ("R-SETUP-5",) and problem.hint == "write 'turn 1 Ann'"


def test_a_jack_in_a_republic_starting_hand_is_refused_in_the_republic_rules_words():
    """R-SETUP-2: the republic rules deal no Jack (the classic ones deal one, R-SETUP-9): the
    hint names the record's own ruleset, not another's."""
    text = _SETUP.replace('"classic"', '"republic"').replace("Coliseum", "Latrine")
    replayer = Replayer(notation.parse_one(text, vocabulary=card_vocabulary()), KeepStates(Refusal.END_LINE))
    replayer.check()
    problem = replayer.diagnostics[0]
    assert "holds 1 Jack(s); the republic rules deal 0" in problem.message
    assert problem.rule_ids == ("R-SETUP-2",)  # the republic deal; R-SETUP-3 is imperium's, R-SETUP-9 classic's
    assert problem.hint == "the republic rules deal no Jack: take it out of the hand"
