"""Core rules checked against the rulebooks' own sentences, on small position records a
player could dispute (tests/data/fidelity/). Each test quotes the text it rests on."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fidelity_helpers import FIDELITY, replay_file, replay_text

LEGIONARY = (FIDELITY / "legionary-3p.gtr").read_text("utf-8")


def refusal(text: str, line: str):
    """The one refusal of ``text``, which must be at the statement ``line``."""
    replayer, _ = replay_text(text)
    first = replayer.diagnostics[0]
    assert first.line == text.splitlines().index(line) + 1, replayer.diagnostics
    return first


def with_statements(text: str, *statements: str) -> str:
    return text + "".join(f"  {s}\n" for s in statements)


# -- R-LEG-1: the material said is the material demanded ------------------------------------

def test_a_demand_names_the_material_of_the_card_shown():
    """R-LEG-1, 000 §Demanding materials: "Turn over an Order card (not a Jack) in your hand
    ... so that this Material is showing. Say 'Rome demands {name of Material}.'" Bath is
    Brick: showing it demands Brick, and a record saying Stone is refused, naming both."""
    text = LEGIONARY.replace("Ann demands Brick showing Bath", "Ann demands Stone showing Bath")
    found = refusal(text, "  Ann demands Stone showing Bath")
    assert "Bath is Brick" in found.message and "Stone" in found.message
    assert found.rule_ids[0] == "R-LEG-1"
    assert any("demands Brick showing Bath" in legal for legal in found.legal)


def test_several_materials_may_be_written_in_any_order():
    """R-LEG-6: all demanded materials are revealed at once; their order is not a rule."""
    text = LEGIONARY.replace("Ann demands Brick showing Bath", "Ann demands Stone, Brick showing Bath, Villa")
    text = text.split("  Ann takes School")[0]
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics
    assert snaps[-1].events[0].kind == "demand"


# -- one-choice decisions written out -------------------------------------------------------

def test_glory_to_rome_written_out_by_a_neighbour_with_nothing_demanded():
    """R-LEG-3, 000 §Demanding materials: "If you do not have any cards of the demanded Material,
    say 'Glory to Rome!'" The engine answers for Cid (no Stone in hand); writing it out is
    the same decision."""
    text = LEGIONARY.replace("Ann demands Brick showing Bath", "Ann demands Stone showing Villa")
    text = text.split("  Ann takes School")[0]
    text = with_statements(text, "Ben: Glory to Rome", "Cid: Glory to Rome")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    assert [s.forced for s in snaps[-2:]] == [True, True]


def test_a_give_is_the_same_decision_in_any_card_order():
    """R-LEG-6: a neighbour gives one card per demanded card; the order the record lists
    them in is no part of the decision, forced or chosen."""
    text = LEGIONARY.replace("Ann demands Brick showing Bath", "Ann demands Brick, Brick showing Bath, Shrine")
    text = text.replace("hand Ann: Academy, Bath, Villa", "hand Ann: Academy, Bath, Shrine")
    text = text.replace("pool: School, Shrine", "pool: Road")
    text = text.replace("hand Ben: Gate, Archway, Road", "hand Ben: Gate, Archway, Road")
    text = text.split("  Ann takes School")[0]
    for answer in ("Ben gives Gate, Archway to Ann", "Ben gives Archway, Gate to Ann"):
        replayer, snaps = replay_text(with_statements(text, answer, "Cid gives Foundry to Ann"))
        assert not replayer.diagnostics, (answer, replayer.diagnostics)
        assert sorted(snaps[-1].state.player("Ann").stockpile) == ["Archway", "Foundry", "Gate"]


def test_the_forced_give_that_ends_the_game_may_be_written_out():
    """B-FORUMROMANUM-1 and R-END-2: Ben's one Brick completes Ann's win at once; the record
    may still write that give as the game's last statement (000 §Forum Romanum: "you win
    immediately")."""
    replayer, snaps = replay_file("forum-win-by-give.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    last = snaps[-1]
    assert last.forced and last.state.over and last.state.winner == "Ann"


def test_a_statement_after_the_end_is_still_refused():
    """R-END-2: nothing follows the end of the game but restatements of what ended it."""
    text = with_statements((FIDELITY / "forum-win-by-give.gtr").read_text("utf-8"), "Ben passes")
    found = refusal(text, "  Ben passes")
    assert "already over" in found.message and found.rule_ids == ("R-END-2",)


# -- R-LEG-3: the neighbours answer in either order -----------------------------------------

def test_the_right_neighbour_may_answer_before_the_left():
    """R-LEG-3, 000 §Demanding materials: "If your neighbors (the players sitting left and
    right of you) have one or more cards of the color you are demanding in their hand then
    they must give one to you." No order is set between the two."""
    text = LEGIONARY.replace("  Ben gives Gate to Ann\n  Cid gives Foundry to Ann\n",
                             "  Cid gives Foundry to Ann\n  Ben gives Gate to Ann\n")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    assert sorted(snaps[-1].state.player("Ann").stockpile) == ["Foundry", "Gate", "School"]


def test_a_forced_left_answer_may_be_written_after_the_right_ones_choice():
    """The left neighbour can only give his one Brick (the engine gives it); the record
    writes the right neighbour's chosen answer first (R-LEG-3)."""
    text = LEGIONARY.replace("hand Ben: Gate, Archway, Road", "hand Ben: Gate, Road")
    text = text.replace("hand Cid: Foundry, Insula", "hand Cid: Foundry, Archway, Insula")
    text = text.replace("  Ben gives Gate to Ann\n  Cid gives Foundry to Ann\n",
                        "  Cid gives Archway to Ann\n  Ben gives Gate to Ann\n")
    replayer, snaps = replay_text(text)
    assert not replayer.diagnostics, replayer.diagnostics
    assert snaps[-1].forced and not snaps[-2].forced


def test_a_neighbour_still_answers_only_once():
    """R-LEG-3: each neighbour gives one card per demanded card, once."""
    text = LEGIONARY.replace("  Cid gives Foundry to Ann\n", "  Ben gives Archway to Ann\n")
    found = refusal(text, "  Ben gives Archway to Ann")
    assert "already answered" in found.message and found.rule_ids[0] == "R-LEG-3"


# -- a position's deck as a count --------------------------------------------------------

def test_a_deck_given_as_a_count_may_hold_any_unplaced_card():
    """A position's ``deck: 3`` holds three of the cards the position leaves unplaced, which
    ones unknown until drawn (notation/README.md, position block). Road may be drawn even
    though it sorts late; the count still bounds the draws."""
    replayer, snaps = replay_file("deck-count.gtr")
    assert not replayer.diagnostics, replayer.diagnostics
    final = snaps[-1].state
    assert final.player("Ann").hand.count("Road") == 1 and final.player("Ben").hand.count("Road") == 2
    assert final.deck == [] and final.over  # three cards drawn: the deck is out (R-END-1a)


def test_a_deck_given_as_a_count_still_holds_only_unplaced_copies():
    """R-COMP-6: the card manifest. Six Roads exist; none is placed, so a seventh cannot be drawn."""
    text = (FIDELITY / "deck-count.gtr").read_text("utf-8").replace("deck: 3", "deck: 8")
    text = text.replace("hand Ben: Gate", "hand Ben: Gate\n  hand Cid: Road, Road, Road, Road, Road")
    text = text.replace('[Players "Ann, Ben"]', '[Players "Ann, Ben, Cid"]')
    text = text.replace("Ben thinks: refill [Road, Road]", "Ben thinks: draw [Road]")
    text = text.replace("hand Ben: Gate\n", "hand Ben: Gate, Bath, Villa, Shrine, Temple\n")
    text = text.replace("hand Ann: Academy, Bath, Villa, Temple, Shrine", "hand Ann: Academy, Atrium, Sewer, Tower, Wall")
    found = refusal(text, "  Ben thinks: draw [Road]")
    assert "cannot be drawn" in found.message and "R-COMP-6" in found.rule_ids


# -- the rule that ended a player's actions -------------------------------------------------

PATRON = """[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Start "position"]

position
  leader: Ann
  deck: Latrine, Crane, Sewer, Foundry, Amphitheatre, Dock
  pool: Statue, Villa, Gate, Bath
  hand Ann: Temple, Road, Insula, Academy, Tower
  hand Ben: Bridge

turn 1 Ann
"""


def cited(text: str, line: str) -> tuple[str, tuple[str, ...]]:
    found = refusal(text, line)
    return found.message, found.rule_ids


def test_a_client_hired_this_turn_does_not_act():
    """R-ACT-2, 000 §Clients: a client hired this turn does not act until a later turn, so Ann's
    one Patron action, spent on a Patron client, is her last."""
    text = with_statements(PATRON, "Ann leads Patron with Temple", "Ben thinks: jack", "Ann hires Statue",
                           "Ann hires Villa")
    message, rules = cited(text, "  Ann hires Villa")
    assert rules[0] == "R-ACT-2" and "R-TURN-1" in rules and "does not act" in message


def test_a_petition_gives_one_action():
    """R-PET-4: a petition is one lead, worth one action. 000 §Petitioning: two cards of one
    role "as if they were a Jack"."""
    text = with_statements(PATRON, "Ann leads Patron with Road, Insula", "Ben thinks: jack", "Ann hires Villa",
                           "Ann hires Gate")
    message, rules = cited(text, "  Ann hires Gate")
    assert rules[0] == "R-PET-4" and "petition" in message


def test_an_action_written_before_the_others_followed_is_refused_by_the_turn_order():
    """R-TURN-2: the followers decide before any action. An action of the petition's role
    written before Ben has decided is refused by the turn order alone: the petition's one
    action is still to come, so R-PET-4 explains nothing."""
    text = with_statements(PATRON, "Ann leads Patron with Road, Insula", "Ann hires Villa", "Ben thinks: jack")
    message, rules = cited(text, "  Ann hires Villa")
    assert rules == ("R-TURN-2",) and "petition" not in message and "waits for Ben" in message


def test_a_late_action_is_told_by_the_last_turn_s_petition_but_not_an_early_one():
    """Ann petitions as an Architect follower in turn 2. A second Architect action written in
    turn 3's lead is late, and R-PET-4 explains it; once Ann has led Architect in turn 3, the
    same action before Ben follows is early, not late: only the turn order is cited."""
    turns = PATRON + ("  Ann leads Patron with Temple\n  Ben thinks: jack\n  Ann hires Villa\n\nturn 2 Ben\n"
                      "  Ben leads Architect with Bridge\n  Ann follows with Road, Insula\n  Ben passes\n"
                      "  Ann passes\n\nturn 3 Ann\n")
    message, rules = cited(turns + "  Ann lays Academy\n", "  Ann lays Academy")
    assert rules[0] == "R-PET-4" and "petition" in message
    early = turns + "  Ann leads Architect with Tower\n  Ann lays Academy\n  Ben thinks: jack\n"
    message, rules = cited(early, "  Ann lays Academy")
    assert rules == ("R-TURN-2",) and "petition" not in message and "waits for Ben" in message
    # an action of another role than this turn's is late whoever has played: the note explains it
    other_role = turns + "  Ann leads Legionary with Academy\n  Ann lays Tower\n  Ben thinks: jack\n"
    message, rules = cited(other_role, "  Ann lays Tower")
    assert rules[0] == "R-PET-4" and "petition" in message


def test_an_action_of_the_follower_yet_to_decide_is_told_by_its_last_turn_s_petition():
    """Ben leads Architect with a petition in turn 2; in turn 3 Ann leads Architect, and an
    Architect action of Ben's, who has not followed yet, is read as late (it cannot be this
    turn's before his follow): R-PET-4 explains it."""
    hands = PATRON.replace("hand Ben: Bridge", "hand Ben: Bridge, Road, Insula")
    text = hands + ("  Ann leads Patron with Temple\n  Ben thinks: jack\n  Ann hires Villa\n\nturn 2 Ben\n"
                    "  Ben leads Architect with Road, Insula\n  Ann thinks: jack\n  Ben passes\n\nturn 3 Ann\n"
                    "  Ann leads Architect with Tower\n  Ben lays Bridge\n")
    message, rules = cited(text, "  Ben lays Bridge")
    assert rules[0] == "R-PET-4" and "petition" in message


def test_all_legionary_actions_are_one_demand():
    """R-LEG-6, 000 §Legionary clients: "If you perform more than one Legionary action in the
    same turn you must reveal all Materials you are demanding at once." """
    text = LEGIONARY + "  Ann demands Stone showing Villa\n"
    message, rules = cited(text, "  Ann demands Stone showing Villa")
    assert rules[0] == "R-LEG-6" and "one demand" in message


def test_a_second_pool_take_for_one_demanded_card():
    """AMB-09 (default per-demand), 000 §Demanding materials step 3: take one matching card
    from the Pool, one per demanded card."""
    text = LEGIONARY.replace("  Ben gives Gate to Ann\n", "  Ann takes Shrine from pool\n  Ben gives Gate to Ann\n")
    message, rules = cited(text, "  Ann takes Shrine from pool")
    assert rules[:2] == ("R-LEG-2", "AMB-09")


def test_a_two_player_victim_answers_once():
    """R-LEG-5, 000 §Demanding materials: in a two-player game the opponent is the only
    neighbour and gives one card per demanded card, not two."""
    text = (FIDELITY / "forum-win-by-give.gtr").read_text("utf-8")
    text = text.replace("stockpile Ann: Insula, Palisade, Wall, Villa, Statue", "stockpile Ann: Insula")
    text = text.replace("hand Ben: Gate, Road", "hand Ben: Gate, Shrine, Road")
    text = with_statements(text, "Ben gives Shrine to Ann")
    message, rules = cited(text, "  Ben gives Shrine to Ann")
    assert "R-LEG-5" in rules and "already answered" in message


def test_an_out_of_town_foundation_takes_two_actions():
    """R-BUILD-3 and AMB-05 (default two-adjacent), 000 §Out of town sites: laying out of town
    takes two consecutive Architect or Craftsman actions."""
    text = '''[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]
[Start "position"]

position
  leader: Ann
  deck: Latrine, Crane, Sewer, Foundry, Amphitheatre, Dock
  in town: Rubble 2, Wood 2, Brick 0, Concrete 2, Stone 2, Marble 2
  out of town: Brick 6
  hand Ann: Tower, Academy, Bath
  clientele Ann: Wall
  hand Ben: Bridge

turn 1 Ann
  Ann leads Architect with Tower
  Ben thinks: jack
  Ann lays Academy out of town
  Ann lays Bath out of town
'''
    message, rules = cited(text, "  Ann lays Bath out of town")
    assert rules[:2] == ("R-BUILD-3", "AMB-05") and "out-of-town" in message


def test_a_second_play_in_one_turn():
    """R-TURN-2: each player leads, follows or thinks once a turn."""
    text = with_statements(PATRON, "Ann leads Patron with Temple", "Ann thinks: jack")
    message, rules = cited(text, "  Ann thinks: jack")
    assert rules[0] == "R-TURN-2" and "already led" in message


# -- setup and position blocks: rule IDs as data --------------------------------------------

def test_setup_block_errors_carry_their_rule_ids_in_json(tmp_path: Path):
    """R-SETUP-2: the Republic deals five Order cards to each player; the `--json` report
    lists the rule IDs of a setup block's problem as data, not only in its text."""
    record = tmp_path / "setup.gtr"
    record.write_text("""[Game "Glory to Rome"]
[Ruleset "republic"]
[Players "Ann, Ben"]

setup
  pool: Ann Latrine, Ben Road
  hand Ann: Dock, Wall, Insula, Tower
  hand Ben: Bath, Villa, Temple, Statue, Gate
""", "utf-8")
    run = subprocess.run([sys.executable, "-m", "gtr_replay", "check", "--json", str(record)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    problems = report["problems"] if isinstance(report, dict) else report
    rule_ids = [r for p in problems for r in p["rule_ids"]]
    assert "R-SETUP-2" in rule_ids


@pytest.mark.parametrize("line, rule", [
    ("  building Ann: Temple on Marble stolen", "B-PRISON-1"),
    ("  jacks: 9", "R-COMP-1"),
])
def test_position_block_errors_carry_their_rule_ids(line, rule):
    text = PATRON.replace("  hand Ben: Bridge\n", f"  hand Ben: Bridge\n{line}\n")
    replayer, _ = replay_text(text)
    assert rule in replayer.diagnostics[0].rule_ids
